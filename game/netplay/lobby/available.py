"""Whether this installation can use the lobby at all. The lobby needs two libraries the rest of
the game does without: paho-mqtt (the connection to the broker) and PyNaCl (the sealed boxes).
They are looked up, not imported, so a screen can say in words what is missing before it
imports anything of the lobby's."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

from .errors import LobbyError

PAHO_MISSING = (
    "Finding a partner needs the paho-mqtt library, which this installation lacks: install the "
    "game's requirements again (pip install -r requirements.txt). Direct, same-network and "
    "invite-code games work without it."
)
NACL_MISSING = (
    "Finding a partner needs the PyNaCl library, which this installation lacks: install the "
    "game's requirements again (pip install -r requirements.txt). Direct, same-network and "
    "invite-code games work without it."
)
# import name -> the sentence when it is missing
_NEEDED = (("paho.mqtt", PAHO_MISSING), ("nacl", NACL_MISSING))


class LobbyUnavailable(LobbyError):
    """This Python lacks a library the lobby needs; the rest of the game plays on."""


def _found(name: str, find: Callable[[str], object | None]) -> bool:
    try:
        return find(name) is not None
    except (ImportError, ValueError):
        return False


def lobby_problem(find: Callable[[str], object | None] = importlib.util.find_spec) -> str:
    """Why the lobby cannot be used here, in words, or "" when it can."""
    for name, sentence in _NEEDED:
        if not _found(name.partition(".")[0], find) or not _found(name, find):
            return sentence
    return ""


def require_lobby(find: Callable[[str], object | None] = importlib.util.find_spec) -> None:
    """Raise `LobbyUnavailable` with the sentence when a library the lobby needs is missing."""
    problem = lobby_problem(find)
    if problem:
        raise LobbyUnavailable(problem)
