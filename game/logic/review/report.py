"""A whole game reviewed from one seat: its accuracy, the moments that cost most, its habits.

`review(doc, seat)` replays a replay document (docs/replay-format.md), weighs every decision the
seat made (`judge`) and returns a `Review`, whose `to_dict()` is what `python -m
game.logic.review` prints and what the records keep with the game. Accuracy is the average over
the seat's decisions of 100 × 100 / (100 + points lost): a decision as good as the best scores
100, one that lost 100 expected points scores 50, one that lost 300 scores 25.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from ..actions import Draw, TakePile, action_to_dict
from ..cards import IDS_OF_CODE, IS_BLACK_THREE, sorted_codes
from ..replay import game_from_replay
from .decisions import decisions
from .judge import DEFAULT, Judgement, ReviewConfig, judge_all
from .words import action_words, discard_of, fits_opponent, is_wild_code, sentence

# The costliest moments a review shows.
MAX_MOMENTS: Final = 10
# Expected points are rounded to this.
ROUNDING: Final = 5


@dataclass(frozen=True)
class Moment:
    """A decision that cost points, with the better move."""

    hand: int
    turn: int
    index: int  # the replay action at which it was made
    cards: tuple[str, ...]  # the player's hand then, by code
    played: tuple[dict[str, Any], ...]
    better: tuple[dict[str, Any], ...]
    played_words: str
    better_words: str
    points_lost: int
    sentence: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "turn": self.turn,
            "index": self.index,
            "cards": list(self.cards),
            "played": list(self.played),
            "better": list(self.better),
            "played_words": self.played_words,
            "better_words": self.better_words,
            "points_lost": self.points_lost,
            "sentence": self.sentence,
        }


@dataclass(frozen=True)
class Review:
    """One seat's game reviewed."""

    seat: int
    decisions: int
    accuracy: float
    points_lost: int
    moments: tuple[Moment, ...]
    habits: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "accuracy": self.accuracy,
            "points_lost": self.points_lost,
            "moments": [m.to_dict() for m in self.moments],
            "habits": list(self.habits),
        }


def review(
    doc: object,
    seat: int,
    config: ReviewConfig = DEFAULT,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Review | None:
    """Review the replay `doc` from `seat`'s view; None if `should_stop` stopped it. A bad
    document raises `ReplayError`, a seat not at the table `ValueError`."""
    game, actions = game_from_replay(doc)
    if not 0 <= seat < game.n_players:
        raise ValueError(f"There is no seat {seat}: the seats go from 0 to {game.n_players - 1}.")
    judged = judge_all(list(decisions(game, actions, seat)), config, progress, should_stop)
    if judged is None:
        return None
    losses = [j.loss for j in judged]
    accuracy = sum(100 * 100 / (100 + loss) for loss in losses) / len(losses) if losses else 100.0
    costly = sorted((j for j in judged if j.loss > 0), key=lambda j: -j.loss)[:MAX_MOMENTS]
    costly.sort(key=lambda j: j.decision.index)
    return Review(
        seat=seat,
        decisions=len(judged),
        accuracy=round(accuracy, 1),
        points_lost=_rounded(sum(losses)),
        moments=tuple(moment(j) for j in costly),
        habits=tuple(habits(judged)),
    )


def _rounded(points: float) -> int:
    return int(ROUNDING * round(points / ROUNDING))


def moment(judgement: Judgement) -> Moment:
    """A costly decision as the review shows it."""
    view = judgement.decision.view
    played = judgement.decision.played
    better = judgement.better
    points = max(ROUNDING, _rounded(judgement.loss))
    return Moment(
        hand=view.hand_no,
        turn=view.turn_no,
        index=judgement.decision.index,
        cards=tuple(sorted_codes(view.hand)),
        played=tuple(action_to_dict(a) for a in played),
        better=tuple(action_to_dict(a) for a in better),
        played_words=action_words(view, played),
        better_words=action_words(view, better),
        points_lost=points,
        sentence=sentence(view, played, better, points),
    )


def habits(judged: list[Judgement]) -> list[str]:
    """What the seat did often, in words, each counted over the whole game."""
    wild = feeding = threes = 0
    could_take = took = 0
    for judgement in judged:
        view = judgement.decision.view
        played = judgement.decision.played
        if isinstance(played[0], (Draw, TakePile)):
            if any(isinstance(o[0], TakePile) for o in judgement.options):
                could_take += 1
                took += isinstance(played[0], TakePile)
            continue
        discard = discard_of(played)
        if discard is None:
            continue
        wild += is_wild_code(discard)
        threes += IS_BLACK_THREE[IDS_OF_CODE[discard][0]]
        feeding += fits_opponent(view, discard)
    out = []
    if could_take:
        out.append(f"You took the pile in {took} of the {could_take} turns you could have.")
    if feeding:
        out.append(
            f"You discarded a card that fitted your opponent's melds, on a pile open to it, "
            f"{_times(feeding)}."
        )
    if wild:
        out.append(f"You discarded wild cards {_times(wild)}.")
    if threes:
        out.append(f"You discarded Black Threes {_times(threes)}.")
    return out


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")
