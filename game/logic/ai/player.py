"""The computer opponent: six skill levels from Carefree to Master, one decision at a time.

`ComputerPlayer.decide(view)` returns the next action for the seat whose view it is given (the
bot interface of bots.py): during its turn it is asked again after each action (draw, each meld,
the discard). It receives only the player's views, and its randomness comes from its own seed and
the view, so the same views always get the same decisions, whatever the hidden cards are. Carefree
to Advanced are the heuristic; Expert and Master search: at the draw they compare the ways to
draw, after it they plan the whole rest of the turn once and then play that plan action by action.
They remember what the others discarded and refused this hand (`OpponentModel`). With a partner
(four players) the levels that judge going out ask "May I go out?" when their partner's hidden
cards could decide it, go out after "Yes", and answer their partner's question from their own view
(`partner.answer_go_out`). Aggressiveness
is, for each hand, the chance that the computer plays fast: melding early and going out as soon as
it can (for the search levels, the fast plan is the one their search starts from, and they go out
when the going-out evaluation says it pays).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import replace

from ..actions import Action, AskGoOut, Discard, UndoTurn
from ..hand.turn import YES
from ..legal import legal_actions
from ..phases import PLAY
from ..view import PlayerView, determinize
from . import heuristic, search
from .opponent import OpponentModel
from .partner import answer_go_out
from .search import SearchConfig

LEVELS = ("carefree", "beginner", "intermediate", "advanced", "expert", "master")
STYLES = {
    "carefree": heuristic.CAREFREE,
    "beginner": heuristic.BEGINNER,
    "intermediate": heuristic.INTERMEDIATE,
    "advanced": heuristic.ADVANCED,
    "expert": heuristic.ADVANCED,
    "master": heuristic.MASTER,
}
SEARCH = {
    # An alternative to the heuristic's own plan must beat it by a standard error on the same
    # samples: with a dozen samples a smaller lead is mostly the luck of the deal.
    "expert": SearchConfig(samples=6, horizon=4, candidates=4, seconds=0.03, confidence=1.0),
    # Master: once the opponent is down to six cards, play-outs go to the end of the hand; with
    # its eighty samples half a standard error of lead is enough to leave the heuristic's plan.
    # (Eighty rather than forty: +75 ± 44 a hand against rusher, careful and by_the_book, 400
    # hands each on the same deals, and +118 ± 58 over 800 more against careful; 160 did no
    # better.) Its play-outs play its own turns as its heuristic would, not briskly: fewer
    # samples fit in its time, but +131 ± 65 a hand against careful and rusher (400 hands
    # each on the same deals, with its clock). Its seventh candidate melds nothing (once opened,
    # `hold_back`): +89 ± 66 a hand against rusher without the clock (400 hands on the same
    # deals, 80.0% of them won instead of 77.8%). At the draw its play-outs go on for twelve
    # turns: +164 ± 77 a hand against rusher without the clock (400 hands on the same deals).
    # Winning the hand counts 200 points over its margin: +2.75 ± 2.7 points of hands won
    # against rusher (1,200 hands on three seeds, the same deals, with the clock; +6 ± 56 a
    # hand), where 400 points did worse than 200 on both seeds tried. In the last hand of a game
    # only winning the game counts (`search.game_stakes`): without the clock, whole games against
    # rusher on the same deals went from 96.3% to 97.7% won (+1.3 ± 1.9 points, 300 games on
    # three seeds; the margin a game -263 ± 96, no longer piled on once the game is won), where
    # counting the game from the second hand on did worse (95% against 97%, 100 games).
    "master": SearchConfig(
        samples=80,
        horizon=6,
        candidates=7,
        seconds=0.08,
        confidence=0.5,
        endgame_cards=6,
        endgame_horizon=30,
        draw_horizon=12,
        own_turns_by_heuristic=True,
        hold_back=True,
        win_weight=200.0,
        game_aware=True,
    ),
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
        # The rest of the turn the search planned: (hand, turn number) and the actions left.
        self._plan: tuple[tuple[int, int], list[Action]] | None = None
        self.model = OpponentModel()

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
        if view.must_answer:
            return answer_go_out(view)
        self.model.observe(view)
        action = self._decide(view, should_stop, now)
        if isinstance(action, Discard):
            self.model.note_discard(view, action.card)
        return action

    def _decide(
        self,
        view: PlayerView,
        should_stop: Callable[[], bool] | None,
        now: Callable[[], float] | None,
    ) -> Action:
        rng = random.Random(f"{self.seed}:{view_digest(view)}")
        world = determinize(view, random.Random(rng.random()))
        world.record_undo = True
        turn = (view.hand_no, view.turn_no)
        legal = legal_actions(world)
        if not legal and view.undo_depth:
            # Melds short of the opening minimum with no way to complete it: take them back.
            # (A determinized world has no undo history; the real game has.)
            self._gave_up_opening = turn
            self._plan = None
            return UndoTurn()
        if self._gave_up_opening == turn and not view.opened[view.seat]:
            # Never try the same failed opening again after undoing it: that could loop.
            discards = [a for a in legal if isinstance(a, Discard)]
            if discards:
                return heuristic.choose_discard(world, discards, self.style, rng)
        aggressive = self.aggressive_in_hand(view.hand_no)
        if view.phase == PLAY and heuristic.should_ask(world, self.style, aggressive):
            self._plan = None
            return AskGoOut()
        if self.search is None or view.turn_ask == YES:
            # After "Yes" there is nothing to weigh: the heuristic takes the hand out.
            return heuristic.choose(world, self.style, rng, aggressive)
        if self._plan is not None and self._plan[0] == turn and view.phase == PLAY:
            planned = self._plan[1]
            if planned and planned[0] in legal:
                return planned.pop(0)
        self._plan = None
        plan = search.decide(
            view, self.search, self.style, rng, should_stop, now, self.model, aggressive
        )
        if view.phase == PLAY and len(plan) > 1:
            self._plan = (turn, list(plan[1:]))
        return plan[0]
