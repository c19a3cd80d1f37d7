"""What every test of the language layer shares: English again after each test (a test that
installs a language leaves no other test reading it), and the pseudo-language that accents every
letter of every text the game marks, so a text that bypasses the layer shows plain letters."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.language import Catalog, install
from tests.language.test_language_screens import _pseudo_catalog, _template


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    install(Catalog())


@pytest.fixture(scope="session")
def pseudo() -> Catalog:
    return _pseudo_catalog(_template())
