"""Fixtures for the sprite tests: a folder of generated card pictures."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.card_pictures import write_card_pictures


@pytest.fixture
def card_dir(tmp_path: Path) -> Path:
    return write_card_pictures(tmp_path)
