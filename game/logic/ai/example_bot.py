"""The example bot of docs/bots.md: a complete bot in a few lines, using only the public toolkit.

`python -m game.logic.arena --a advanced --b game.logic.ai.example_bot:GreedyBot` plays it. Once it
has opened it takes the pile whenever it may and lays down the biggest meld it can; before that it
opens only when a run of biggest melds, tried on a `determinize`d copy of its view, reaches the
minimum. Otherwise it discards its highest-scoring card that is not wild. If its melds ever leave
it no way to end the turn, it takes them back and then only discards (or passes) that turn. Every
choice comes from `legal_actions_for(view)`, so it can never break a rule.
"""

from __future__ import annotations

import random

from game.logic.ai.bots import (
    Action,
    Discard,
    Draw,
    Meld,
    Pass,
    PlayerView,
    TakePile,
    UndoTurn,
    determinize,
    legal_actions,
    legal_actions_for,
)
from game.logic.cards import CARD_POINTS, IDS_OF_CODE, IS_WILD


class GreedyBot:
    """Take the pile, meld the most cards, discard the most points."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # a greedy bot has no use for chance, but bots are given a seed
        self.undone: tuple[int, int] | None = None  # the turn whose melds it took back

    def decide(self, view: PlayerView) -> Action:
        actions = legal_actions_for(view)
        turn = (view.hand_no, view.turn_no)
        if all(isinstance(a, UndoTurn) for a in actions):
            self.undone = turn  # its melds left no way to end the turn: take them back
            return actions[0]
        opened = view.opened[view.seat]
        takes = [a for a in actions if isinstance(a, TakePile)]
        if takes and opened:
            return takes[0]
        if any(isinstance(a, Draw) for a in actions):
            return Draw()
        melds = [a for a in actions if isinstance(a, Meld) and a.rank != "special"]
        if melds and self.undone != turn and (opened or self._opens(view)):
            return max(melds, key=lambda a: len(a.cards))
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            return max(discards, key=_discard_value)
        return next((a for a in actions if isinstance(a, Pass)), actions[0])

    def _opens(self, view: PlayerView) -> bool:
        """Whether laying down the biggest meld again and again opens (on a copy)."""
        world = determinize(view, random.Random(self.seed))
        for _ in range(10):
            melds = [a for a in legal_actions(world) if isinstance(a, Meld) and a.rank != "special"]
            if not melds:
                return False
            world.apply(max(melds, key=lambda a: len(a.cards)))
            if world.players[view.seat].opened:
                return True
        return False


def _discard_value(action: Discard) -> int:
    card = IDS_OF_CODE[action.card][0]
    return -1000 if IS_WILD[card] else CARD_POINTS[card]
