"""Fixtures for the netplay tests: a local magic-wormhole mailbox and transit relay, and a
Mosquitto broker of their own on loopback (see tests/helpers/mosquitto.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.helpers.mosquitto import mosquitto
from tests.helpers.wormhole_servers import LocalServers, local_servers


@pytest.fixture
def wormhole_servers(tmp_path: Path) -> Iterator[LocalServers]:
    """A local mailbox and transit relay on free loopback ports, torn down after the test."""
    with local_servers(tmp_path / "servers") as servers:
        yield servers


__all__ = ["mosquitto", "wormhole_servers"]
