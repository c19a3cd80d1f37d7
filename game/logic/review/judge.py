"""How much each decision cost, judged from the player's view by a deeper Master search.

A decision is compared with the moves the Master search would consider in the same place (the ways
to draw; the heuristic's turn plans, their other discards and melding nothing) and with the move
played, all tried in the same sampled deals: deals of the unseen cards consistent with the player's
view, biased by what Master would remember of the opponent, never the cards the player could not
see. Each is played on for `ReviewConfig.horizon` turns (as far as Master looks at the draw, and
twice as far as it looks after drawing), to the end of the hand once an opponent is down to a few
cards, and scored by the evaluation (exact once the hand is over). The points a decision lost are
the best move's average lead over the move played on the same deals, counted only when that lead is
at least `SURE` standard errors: a move as good as the best within the luck of the samples lost
nothing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from ..ai import heuristic, search
from ..ai.player import SEARCH, view_digest
from ..phases import DRAW
from .decisions import Decision, Plan


@dataclass(frozen=True)
class ReviewConfig:
    """How deep the review looks (deeper than Master in play: more deals, longer play-outs)."""

    samples: int = 160
    horizon: int = 12
    candidates: int = 8
    endgame_cards: int = 6
    endgame_horizon: int = 30


DEFAULT: Final = ReviewConfig()
# Standard errors of the paired difference by which the best move must beat the move played.
SURE: Final = 2.0


@dataclass(frozen=True)
class Judgement:
    """One decision weighed: the moves compared, their averages, and what the one played lost."""

    decision: Decision
    options: tuple[Plan, ...]
    means: tuple[float, ...]
    played: int  # index of the move played in `options`
    best: int  # index of the best move
    loss: float  # expected points lost (0 when the best's lead is within the samples' luck)
    error: float  # standard error of the best's lead over the move played

    @property
    def better(self) -> Plan:
        return self.options[self.best]


def judge(decision: Decision, config: ReviewConfig = DEFAULT) -> Judgement:
    """Weigh one decision against the moves Master would consider in its place."""
    view = decision.view
    rng = random.Random(f"review:{view_digest(view)}")
    model = decision.model
    root = model.determinize(view, random.Random(rng.random()))
    if view.phase == DRAW:
        options = search.draw_options(root, heuristic.MASTER, rng, config.candidates)
    else:
        options = search.turn_plans(
            root, heuristic.MASTER, rng, config.candidates, hold_back=SEARCH["master"].hold_back
        )
    if decision.played not in options:
        options.append(decision.played)
    played = options.index(decision.played)
    if len(options) == 1:
        return Judgement(decision, tuple(options), (0.0,), 0, 0, 0.0, 0.0)
    horizon = search.play_out_horizon(
        view, config.horizon, config.endgame_cards, config.endgame_horizon
    )
    results: list[list[float]] = [[] for _ in options]
    for _ in range(config.samples):
        world = model.determinize(view, random.Random(rng.random()))
        play_rng = random.Random(rng.random())
        for index, plan in enumerate(options):
            results[index].append(search.try_plan(world, plan, view, horizon, play_rng))
    means = tuple(sum(row) / len(row) for row in results)
    best = max(range(len(options)), key=lambda i: (means[i], i == played))
    lead, error = _paired(results[best], results[played])
    loss = lead if best != played and lead >= SURE * error else 0.0
    return Judgement(decision, tuple(options), means, played, best, loss, error)


def judge_all(
    found: list[Decision],
    config: ReviewConfig = DEFAULT,
    progress: Callable[[int, int], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[Judgement] | None:
    """Every judged decision weighed in order; None if `should_stop` said so on the way.
    `progress(done, total)` is told after each one."""
    todo = [d for d in found if d.judged]
    out: list[Judgement] = []
    for done, decision in enumerate(todo, start=1):
        if should_stop is not None and should_stop():
            return None
        out.append(judge(decision, config))
        if progress is not None:
            progress(done, len(todo))
    return out


def _paired(row: list[float], base: list[float]) -> tuple[float, float]:
    """The mean of `row - base` on the same samples, and its standard error."""
    diffs = [a - b for a, b in zip(row, base, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)
