"""Whether this installation can use the lobby at all. The lobby needs two libraries the rest of
the game does without: paho-mqtt (the connection to the broker) and PyNaCl (the sealed boxes).
They are looked up, not imported, so a screen can say in words what is missing before it
imports anything of the lobby's."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

from .errors import LOBBY_PROBLEMS, LobbyError

PAHO_MISSING = LOBBY_PROBLEMS["no_paho"]
NACL_MISSING = LOBBY_PROBLEMS["no_nacl"]
# import name -> the kind of problem when it is missing
_NEEDED = (("paho.mqtt", "no_paho"), ("nacl", "no_nacl"))


class LobbyUnavailable(LobbyError):
    """This Python lacks a library the lobby needs; the rest of the game plays on."""


def _found(name: str, find: Callable[[str], object | None]) -> bool:
    try:
        return find(name) is not None
    except (ImportError, ValueError):
        return False


def lobby_problem(find: Callable[[str], object | None] = importlib.util.find_spec) -> str:
    """Why the lobby cannot be used here, in words, or "" when it can."""
    kind = _missing(find)
    return LOBBY_PROBLEMS[kind] if kind else ""


def _missing(find: Callable[[str], object | None]) -> str:
    """The kind of problem of the first library the lobby needs that is missing, or ""."""
    for name, kind in _NEEDED:
        if not _found(name.partition(".")[0], find) or not _found(name, find):
            return kind
    return ""


def require_lobby(find: Callable[[str], object | None] = importlib.util.find_spec) -> None:
    """Raise `LobbyUnavailable` with the sentence when a library the lobby needs is missing."""
    kind = _missing(find)
    if kind:
        raise LobbyUnavailable(kind)
