"""Where the checkout is, named once: tests that start `python -m game…` or `main.py` in a
subprocess run it from the checkout's root, so that `game` imports without any install; and the
environment such a run gets."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "main.py"
TOOLS = ROOT / "tools"
GAME = ROOT / "game"


def headless_environment(tmp_path: Path, **more: str) -> dict[str, str]:
    """This process's environment for a `main.py` run with no window and no sound, its
    preferences and saves in `tmp_path` (and `more` on top)."""
    return dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        CANASTA_CONFIG_DIR=str(tmp_path / "config"),
        CANASTA_DATA_DIR=str(tmp_path / "data"),
        **more,
    )
