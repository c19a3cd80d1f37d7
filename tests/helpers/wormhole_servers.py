"""The local magic-wormhole mailbox and transit relay for the invite-code tests (see
`game.netplay.tools.local_servers`), skipped with the way to install them where the server
packages of the test extra are missing. `local_servers` is what the `wormhole_servers` fixtures
(tests/netplay/conftest.py, the invite screen tests) yield."""

from __future__ import annotations

import contextlib
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.netplay.tools import local_servers as servers_tool
from game.netplay.tools.local_servers import LocalServers, free_port

__all__ = ["LocalServers", "free_port", "local_servers"]


@contextlib.contextmanager
def local_servers(folder: Path) -> Iterator[LocalServers]:
    """A local mailbox and transit relay on free loopback ports, their logs in `folder`."""
    for module in ("wormhole_mailbox_server", "wormhole_transit_relay"):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{module} is not installed: pip install -r requirements.txt")
    with servers_tool.local_servers(folder) as servers:
        yield servers
