"""The lobby's cores are sans-I/O like the rest of the protocol: importing them loads neither
paho-mqtt, nor sockets, nor pygame; the shell and the commands load paho only when a connection
starts, so the game pays nothing for the lobby until it is opened."""

from __future__ import annotations

from tests.helpers.imports import loaded_after_importing

CORE = [
    "game.netplay.lobby",
    "game.netplay.lobby.wire",
    "game.netplay.lobby.events",
    "game.netplay.lobby.host",
    "game.netplay.lobby.guest",
    "game.netplay.lobby.sealing",
    "game.netplay.lobby.broker",
]


def test_the_lobby_cores_load_no_network_library() -> None:
    watched = ("paho", "socket", "ssl", "selectors", "pygame", "game.storage")
    assert loaded_after_importing(CORE, watched) == ""


def test_the_shell_and_commands_load_paho_only_when_connecting() -> None:
    modules = ["game.netplay.shell.lobby_mqtt", "game.netplay.tools.lobby_commands"]
    assert loaded_after_importing(modules, ("paho", "pygame")) == ""
