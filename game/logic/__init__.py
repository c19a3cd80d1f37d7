"""The Canasta rules engine: pure Python, deterministic from a seed, replayable from its log."""

from .actions import (Action, Discard, Draw, Meld, NextHand, Pass, TakePile, Undo, UndoTurn,
                      action_from_dict)
from .engine import DRAW, GAME_OVER, HAND_OVER, PLAY, Game
from .errors import IllegalAction
from .events import Event
from .legal import legal_actions
from .rules import Rules, RulesError
from .view import PlayerView, determinize, player_view

__all__ = ["Action", "Discard", "Draw", "Meld", "NextHand", "Pass", "TakePile", "Undo",
           "UndoTurn", "action_from_dict", "DRAW", "GAME_OVER", "HAND_OVER", "PLAY", "Game",
           "IllegalAction", "Event", "legal_actions", "Rules", "RulesError", "PlayerView",
           "determinize", "player_view"]
