"""A replayed game cut into one player's decisions, each with what that player could know then.

A decision is what the Master search weighs at once: the draw (one action), or the rest of the
turn after it (the melds and the discard, or going out). Walking the replay's actions in order,
each decision of the reviewed seat is kept with the seat's view at that moment, the actions the
player took, and the memory of the opponent Master would have had in the seat's place
(`OpponentModel`, fed the seat's own views only). Melds taken back one by one (Undo) leave the
plan; a turn that goes back to its draw, or asks a partner "May I go out?", is kept but not
judged: its result depends on more than the seat's choice.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass

from ..actions import Action, AskGoOut, Discard, Undo, UndoTurn, action_from_dict
from ..ai.opponent import OpponentModel
from ..engine import Game
from ..errors import IllegalAction
from ..hand.turn import ASKED
from ..phases import DRAW, PLAY
from ..view import PlayerView, player_view

Plan = tuple[Action, ...]


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat."""

    index: int  # the replay action at which the decision was made (its first action)
    view: PlayerView  # what the seat saw then
    played: Plan  # what it did (for a turn: with melds taken back by Undo left out)
    model: OpponentModel  # what Master would remember of the opponent in the seat's place
    judged: bool  # False for a turn taken back to its draw or one that asked the partner


def decisions(game: Game, actions: list[object], seat: int) -> Iterator[Decision]:
    """The seat's decisions in a dealt game whose replay actions are `actions`, applied to
    `game` as the walk goes (it stops at an action the rules refuse)."""
    model = OpponentModel()
    index = 0
    while index < len(actions):
        if game.to_act != seat or game.phase not in (DRAW, PLAY) or game.turn.ask == ASKED:
            if not _apply(game, actions[index]):
                return
            index += 1
            continue
        view = player_view(game, seat)
        model.observe(view)
        start = index
        taken: list[Action] = []
        judged = True
        turn = game.turn.no
        while index < len(actions) and game.to_act == seat and game.turn.no == turn:
            action = action_from_dict(actions[index])
            if not _apply(game, action):
                return
            index += 1
            taken.append(action)
            if view.phase == DRAW or game.phase != PLAY:
                break
            if isinstance(action, (AskGoOut, UndoTurn)):
                judged = False
                break
        played = _net(taken)
        discard = next((a for a in played if isinstance(a, Discard)), None)
        yield Decision(start, view, played, copy.deepcopy(model), judged and bool(played))
        if discard is not None:
            model.note_discard(view, discard.card)


def _apply(game: Game, raw: object) -> bool:
    try:
        game.apply(raw)
    except IllegalAction:
        return False
    return True


def _net(taken: list[Action]) -> Plan:
    """The actions that stood: each Undo takes back the action before it."""
    kept: list[Action] = []
    for action in taken:
        if isinstance(action, Undo):
            if kept:
                kept.pop()
        else:
            kept.append(action)
    return tuple(kept)
