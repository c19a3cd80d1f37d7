"""The bot interface: how any computer player, built in or written elsewhere, plugs into the game.

A bot is any object with a method `decide(view) -> Action`: given the `PlayerView` of its seat
(never the game itself), it returns one action that the rules allow now. It is asked again after
each of its actions (the draw, each meld, the discard), so a turn is a series of decisions. The
public toolkit a bot may use is what this module exports: `legal_actions_for(view)` (the actions
allowed now), `determinize(view, rng)` (a full game consistent with the view, to look ahead in),
`legal_actions(game)` and `Game.apply`/`Game.clone` on such a game, the action types, and the
scoring functions. The built-in levels (`ComputerPlayer`), the sparring partners and the arena use
exactly this interface; `load_bot("package.module:Class", seed)` builds a bot from outside the
project (docs/bots.md).
"""

from __future__ import annotations

import importlib
import inspect
import random
from typing import Protocol, runtime_checkable

from ..actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
    Undo,
    UndoTurn,
)
from ..legal import legal_actions
from ..view import PlayerView, determinize, player_view
from .partner import answer_go_out

__all__ = [
    "Action",
    "AnswerGoOut",
    "AskGoOut",
    "Bot",
    "Discard",
    "Draw",
    "Meld",
    "NextHand",
    "Pass",
    "PlayerView",
    "TakePile",
    "Undo",
    "UndoTurn",
    "answer_go_out",
    "determinize",
    "legal_actions",
    "legal_actions_for",
    "load_bot",
    "player_view",
]


@runtime_checkable
class Bot(Protocol):
    """A computer player: one decision at a time, from its own view only."""

    def decide(self, view: PlayerView) -> Action:
        """The next action for the view's seat (one the rules allow now)."""
        ...


def legal_actions_for(view: PlayerView) -> list[Action]:
    """The actions the view's seat may take now (empty when it is not its turn).

    Which actions are legal depends only on what the player sees (its own hand, the table, the
    pile), so any determinization of the view gives the same list. When melds made this turn fall
    short of the opening minimum and cannot be completed, the only action is `UndoTurn`. While
    its partner's "May I go out?" waits (four players), they are the two answers."""
    if view.must_answer:
        return [AnswerGoOut(True), AnswerGoOut(False)]
    if not view.my_turn or view.to_act != view.seat:
        return []
    world = determinize(view, random.Random(0))
    actions = legal_actions(world)
    if not actions and view.undo_depth:
        return [UndoTurn()]
    return actions


def load_bot(spec: str, seed: int = 0) -> Bot:
    """A bot from `package.module:Class` (or `package.module:function`).

    The class is called with `seed=seed` if it accepts a `seed` argument, else with no arguments.
    Raises ValueError with a readable sentence when the spec does not name a bot."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"{spec!r} is not a bot: write it as package.module:Class.")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ValueError(f"Cannot import {module_name!r} for bot {spec!r}: {exc}.") from exc
    factory = getattr(module, attr, None)
    if factory is None or not callable(factory):
        raise ValueError(f"{module_name!r} has no class or function {attr!r}.")
    try:
        accepts_seed = "seed" in inspect.signature(factory).parameters
    except (TypeError, ValueError):
        accepts_seed = False
    bot = factory(seed=seed) if accepts_seed else factory()
    if not isinstance(bot, Bot):
        raise ValueError(f"{spec!r} made a {type(bot).__name__}, which has no decide(view) method.")
    return bot
