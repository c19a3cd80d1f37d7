"""The Canasta rules engine: pure Python, deterministic from a seed, replayable from its log."""

from .actions import (
    Action,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
    Undo,
    UndoTurn,
    action_from_dict,
)
from .engine import DRAW, GAME_OVER, HAND_OVER, PLAY, Game
from .errors import IllegalAction
from .events import Event
from .legal import legal_actions
from .rules import Rules, RulesError
from .view import PlayerView, determinize, player_view

__all__ = [
    "DRAW",
    "GAME_OVER",
    "HAND_OVER",
    "PLAY",
    "Action",
    "Discard",
    "Draw",
    "Event",
    "Game",
    "IllegalAction",
    "Meld",
    "NextHand",
    "Pass",
    "PlayerView",
    "Rules",
    "RulesError",
    "TakePile",
    "Undo",
    "UndoTurn",
    "action_from_dict",
    "determinize",
    "legal_actions",
    "player_view",
]
