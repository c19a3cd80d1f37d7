"""Test-wide setup: headless SDL before anything imports pygame; private user folders."""

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Private config and data folders, so no test reads or writes the player's own."""
    config = tmp_path / "config"
    data = tmp_path / "data"
    monkeypatch.setenv("CANASTA_CONFIG_DIR", str(config))
    monkeypatch.setenv("CANASTA_DATA_DIR", str(data))
    return config, data
