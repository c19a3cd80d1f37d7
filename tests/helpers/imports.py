"""What a fresh Python has loaded after importing some of the game's modules: the checks that a
layer pulls in no library it must not (pygame, sockets, the invite or lobby libraries)."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers.paths import ROOT


def loaded_after_importing(modules: list[str], watched: tuple[str, ...]) -> str:
    """The `watched` modules (comma-separated) in `sys.modules` after importing `modules`."""
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"print(','.join(m for m in {watched!r} if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()
