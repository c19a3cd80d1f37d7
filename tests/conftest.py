"""Test-wide setup: headless SDL before anything imports pygame; the engine's Python modules
unless a run asks for the compiled ones; private user folders."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from game.records import Records

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The suite measures coverage of, and may stand in for parts of, the Python modules; the suite
# runs again on the compiled engine with CANASTA_ENGINE=compiled, all but the tests on real
# sockets, of the network and language layers and those that never load the engine (see .ci/run).
os.environ.setdefault("CANASTA_ENGINE", "python")


def pytest_configure(config: pytest.Config) -> None:
    if os.environ["CANASTA_ENGINE"] == "compiled":
        from game import native

        if not native.in_use():
            pytest.exit(f"CANASTA_ENGINE=compiled, but the compiled engine is {native.status()}")


@pytest.fixture
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Private config and data folders, so no test reads or writes the player's own."""
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("CANASTA_CONFIG_DIR", str(config))
    monkeypatch.setenv("CANASTA_DATA_DIR", str(data))
    return config, data


@pytest.fixture
def ctrl_c_reaches_games() -> Iterator[None]:
    """Ctrl-C reaches the games the test starts, as it does from a terminal: a run started in
    the background (nohup, or `&` in a script) has it ignored, and a game started with it
    ignored keeps ignoring it. A handler of the test's own is reset to the default in them."""
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


@pytest.fixture
def memory_records() -> Iterator[Records]:
    """A records database in memory, closed after the test."""
    from game.records.session import in_memory

    db = in_memory().records
    yield db
    db.close()
