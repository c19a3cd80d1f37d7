"""The match layer: a game seen from the seat of the person at the keyboard, whoever the
opponent is. The table talks only to a `Match`: `LocalMatch` (the engine and the computer on this
machine) or `NetMatch` (the other player's peer over the network). The computer thinks in one
worker process (`AIWorker`) for the opponent, hints and AutoPilot alike. Nothing here draws."""

from .autosaved_game import (
    COMPUTER,
    HUMAN,
    AutosaveWriter,
    LocalGame,
    SavedGameError,
    autosave_exists,
    load_autosave,
)
from .local_match import SEAT_NAMES, SKILL_TITLES, LocalMatch, local_match
from .match import Alert, Change, ChatArrived, HintReady, Match, Note, Refused, TurnMark
from .net_connection import NetGame, saved_game
from .net_match import NetMatch
from .state import ME, OPPONENT, TableState
from .worker import AIWorker

__all__ = [
    "COMPUTER",
    "HUMAN",
    "ME",
    "OPPONENT",
    "SEAT_NAMES",
    "SKILL_TITLES",
    "AIWorker",
    "Alert",
    "AutosaveWriter",
    "Change",
    "ChatArrived",
    "HintReady",
    "LocalGame",
    "LocalMatch",
    "Match",
    "NetGame",
    "NetMatch",
    "Note",
    "Refused",
    "SavedGameError",
    "TableState",
    "TurnMark",
    "autosave_exists",
    "load_autosave",
    "local_match",
    "saved_game",
]
