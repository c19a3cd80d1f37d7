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
from .cards import CardCode, CardId
from .engine import Game
from .errors import IllegalAction
from .events import Event, EventKind
from .hand.turn import TurnState
from .legal import legal_actions
from .phases import DRAW, GAME_OVER, HAND_OVER, PLAY, Phase
from .rules import Rules, RulesError
from .shuffle import deck_order
from .view import PlayerView, determinize, player_view

__all__ = [
    "DRAW",
    "GAME_OVER",
    "HAND_OVER",
    "PLAY",
    "Action",
    "CardCode",
    "CardId",
    "Discard",
    "Draw",
    "Event",
    "EventKind",
    "Game",
    "IllegalAction",
    "Meld",
    "NextHand",
    "Pass",
    "Phase",
    "PlayerView",
    "Rules",
    "RulesError",
    "TakePile",
    "TurnState",
    "Undo",
    "UndoTurn",
    "action_from_dict",
    "deck_order",
    "determinize",
    "legal_actions",
    "player_view",
]
