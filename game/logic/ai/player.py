"""The computer opponent: six skill levels from Carefree to Master, one decision at a time.

`ComputerPlayer.decide(view)` returns the next action for the seat whose view it is given: during
its turn it is asked again after each action (draw, each meld, the discard). It receives only the
player's view, and its randomness comes from its own seed and the view, so the same view always
gets the same decision, whatever the hidden cards are. Aggressiveness is, for each hand, the chance
that the computer plays fast: melding early and going out as soon as it can.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import replace

from ..actions import Action, Discard, UndoTurn
from ..legal import legal_actions
from ..view import PlayerView, determinize
from . import heuristic, search
from .search import SearchConfig

LEVELS = ("carefree", "beginner", "intermediate", "advanced", "expert", "master")
STYLES = {
    "carefree": heuristic.CAREFREE,
    "beginner": heuristic.BEGINNER,
    "intermediate": heuristic.INTERMEDIATE,
    "advanced": heuristic.ADVANCED,
    "expert": heuristic.ADVANCED,
    "master": heuristic.ADVANCED,
}
SEARCH = {
    "expert": SearchConfig(samples=8, horizon=10, candidates=4, seconds=0.1),
    "master": SearchConfig(samples=16, horizon=10, candidates=6, seconds=0.25),
}
DEFAULT_LEVEL = "advanced"


def view_digest(view: PlayerView) -> str:
    """A digest of the decision point as this player sees it (never of hidden cards)."""
    key = (
        view.seat,
        view.hand_no,
        view.turn_no,
        view.phase,
        view.undo_depth,
        view.hand,
        view.pile,
        view.melds,
        view.threes,
        view.hand_sizes,
        view.totals,
        view.known,
    )
    return hashlib.sha256(repr(key).encode()).hexdigest()


class ComputerPlayer:
    """A computer player of one skill level."""

    def __init__(
        self,
        level: str = DEFAULT_LEVEL,
        seed: int = 0,
        aggressiveness: int = 50,
        samples: int | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"Unknown skill level {level!r}: choose one of {', '.join(LEVELS)}.")
        if not 0 <= aggressiveness <= 100:
            raise ValueError("Aggressiveness goes from 0 to 100.")
        self.level = level
        self.seed = seed
        self.aggressiveness = aggressiveness
        self.style = STYLES[level]
        config = SEARCH.get(level)
        if config is not None and samples is not None:
            config = replace(config, samples=samples)
        self.search = config
        # The clock the search keeps its time budget by when `decide` is given none (the
        # engine never reads a clock itself: whoever runs the player injects one).
        self.clock = clock
        # The turn (hand, turn number) in which this player had to take back its opening melds.
        self._gave_up_opening: tuple[int, int] | None = None

    def aggressive_in_hand(self, hand_no: int) -> bool:
        """Whether this hand is played fast (decided once per hand, as the 1996 product did)."""
        rng = random.Random(f"{self.seed}:aggression:{hand_no}")
        return rng.random() * 100 < self.aggressiveness

    def decide(
        self,
        view: PlayerView,
        should_stop: Callable[[], bool] | None = None,
        now: Callable[[], float] | None = None,
    ) -> Action:
        """The next action for the view's seat (the bot interface of bots.py, with an optional
        cancellation test and clock for the search levels)."""
        now = now if now is not None else self.clock
        rng = random.Random(f"{self.seed}:{view_digest(view)}")
        world = determinize(view, random.Random(rng.random()))
        world.record_undo = True
        turn = (view.hand_no, view.turn_no)
        if not legal_actions(world) and view.undo_depth:
            # Melds short of the opening minimum with no way to complete it: take them back.
            # (A determinized world has no undo history; the real game has.)
            self._gave_up_opening = turn
            return UndoTurn()
        if self._gave_up_opening == turn and not view.opened[view.seat]:
            # Never try the same failed opening again after undoing it: that could loop.
            discards = [a for a in legal_actions(world) if isinstance(a, Discard)]
            if discards:
                return heuristic.choose_discard(world, discards, self.style, rng)
        if self.search is not None:
            return search.decide(view, self.search, self.style, rng, should_stop, now)
        return heuristic.choose(world, self.style, rng, self.aggressive_in_hand(view.hand_no))
