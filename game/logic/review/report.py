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
from ..phrase import Phrase, phrase
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
    habit_counts: dict[str, int] = field(default_factory=dict)

    @property
    def habits(self) -> list[str]:
        return [str(habit) for habit in habits_said(self.habit_counts)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "accuracy": self.accuracy,
            "points_lost": self.points_lost,
            "moments": [m.to_dict() for m in self.moments],
            "habits": self.habits,
            "habit_counts": dict(self.habit_counts),
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
        habit_counts=habit_counts(judged),
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
        played_words=action_words(played),
        better_words=action_words(better),
        points_lost=points,
        sentence=sentence(view, played, better, points),
    )


def habit_counts(judged: list[Judgement]) -> dict[str, int]:
    """What the seat did often, counted over the whole game: the turns it could take the
    pile (`could_take`) and took it (`took`), and its discards that fed the next player's melds
    (`feeding`), of wild cards (`wild`) and of Black Threes (`threes`)."""
    counts = dict.fromkeys(("could_take", "took", "feeding", "wild", "threes"), 0)
    for judgement in judged:
        view = judgement.decision.view
        played = judgement.decision.played
        if isinstance(played[0], (Draw, TakePile)):
            if any(isinstance(o[0], TakePile) for o in judgement.options):
                counts["could_take"] += 1
                counts["took"] += isinstance(played[0], TakePile)
            continue
        discard = discard_of(played)
        if discard is None:
            continue
        counts["wild"] += is_wild_code(discard)
        counts["threes"] += IS_BLACK_THREE[IDS_OF_CODE[discard][0]]
        counts["feeding"] += fits_opponent(view, discard)
    return counts


def habits_said(counts: dict[str, int]) -> list[Phrase]:
    """The habits `habit_counts` found, in sentences (none for a habit not seen)."""
    out = []
    if counts.get("could_take"):
        out.append(
            phrase(
                "You took the pile in {took} of the {turns} turns you could have.",
                took=counts.get("took", 0),
                turns=counts["could_take"],
            )
        )
    if counts.get("feeding"):
        out.append(
            phrase(
                "You discarded a card that fitted your opponent's melds, on a pile open to it, "
                "{times}.",
                times=_times(counts["feeding"]),
            )
        )
    if counts.get("wild"):
        out.append(phrase("You discarded wild cards {times}.", times=_times(counts["wild"])))
    if counts.get("threes"):
        out.append(phrase("You discarded Black Threes {times}.", times=_times(counts["threes"])))
    return out


def _times(n: int) -> Phrase:
    if n == 1:
        return phrase("once")
    if n == 2:
        return phrase("twice")
    return phrase("{count} times", count=n)
