"""Where the checkout is, named once: tests that start `python -m game…` or `main.py` in a
subprocess run it from the checkout's root, so that `game` imports without any install."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "main.py"
TOOLS = ROOT / "tools"
GAME = ROOT / "game"
