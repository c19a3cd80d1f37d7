"""The lobby's cores are sans-I/O like the rest of the protocol: importing them loads neither
paho-mqtt, nor sockets, nor pygame; the shell and the commands load paho only when a connection
starts, so the game pays nothing for the lobby until it is opened."""

from __future__ import annotations

import subprocess
import sys

from tests.helpers.paths import ROOT

CORE = [
    "game.netplay.lobby",
    "game.netplay.lobby.wire",
    "game.netplay.lobby.events",
    "game.netplay.lobby.host",
    "game.netplay.lobby.guest",
    "game.netplay.lobby.sealing",
    "game.netplay.lobby.broker",
]


def _loaded_after_importing(modules: list[str], watched: tuple[str, ...]) -> str:
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


def test_the_lobby_cores_load_no_network_library() -> None:
    watched = ("paho", "socket", "ssl", "selectors", "pygame", "game.storage")
    assert _loaded_after_importing(CORE, watched) == ""


def test_the_shell_and_commands_load_paho_only_when_connecting() -> None:
    modules = ["game.netplay.shell.lobby_mqtt", "game.netplay.tools.lobby_commands"]
    assert _loaded_after_importing(modules, ("paho", "pygame")) == ""
