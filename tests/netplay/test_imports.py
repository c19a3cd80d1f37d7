"""The netplay package never pulls in pygame: the game layer and tools can use it headless."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_netplay_modules_do_not_import_pygame():
    code = (
        "import sys, importlib\n"
        "for name in ('game.netplay', 'game.netplay.session', 'game.netplay.tcp', 'game.netplay.proxy',"
        " 'game.netplay.link', 'game.netplay.chat', 'game.netplay.addresses', 'game.netplay.agreement',"
        " 'game.netplay.play', 'game.netplay.peer', 'game.netplay.deciders', 'game.netplay.cli',"
        " 'game.netplay.soak', 'game.netplay.savefile', 'game.netplay.dealing', 'game.netplay.viewcodec'):\n"
        "    importlib.import_module(name)\n"
        "assert 'pygame' not in sys.modules, 'pygame was imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
