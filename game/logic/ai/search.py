"""Determinized Monte Carlo search for the Expert and Master levels.

A decision is made from the player's view only: the unseen cards (the opponent's unknown cards,
the stock, the talons) are dealt at random into full games consistent with the view
(`determinize`), each candidate action is tried in every sampled game, and play continues with the
Advanced heuristic for both players for a few turns (or to the end of the hand) before the
position is scored by the fitted evaluation (`evaluation.value`). The candidate with the best average wins. The same samples serve every
candidate (common random numbers), so differences between candidates are not noise from the deal.
The search stops after its sample budget, when `now` passes the deadline, or when `should_stop`
says so; it always has an answer, because the heuristic's choice is ranked first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..actions import Action, Discard, Meld
from ..engine import DRAW, PLAY, Game
from ..errors import IllegalAction
from ..legal import legal_actions
from ..view import PlayerView, determinize
from . import evaluation, heuristic
from .heuristic import Style


@dataclass(frozen=True)
class SearchConfig:
    """How hard a level searches."""

    samples: int  # determinizations per decision (rounds over all candidates)
    horizon: int  # turns played out after the candidate before scoring
    candidates: int  # most actions compared in one decision
    seconds: float  # time budget per decision when a clock is given
    confidence: float = 0.0  # standard errors by which an alternative must beat the heuristic


def candidates(game: Game, style: Style, rng: random.Random, limit: int) -> list[Action]:
    """The actions worth comparing: the heuristic's choice first, then the best of each kind."""
    actions = legal_actions(game)
    if len(actions) <= 1:
        return actions
    first = heuristic.choose(game, style, random.Random(rng.random()))
    ranked: list[Action] = [first]
    if game.phase == DRAW:
        ranked += [a for a in actions if a != first]
        return ranked[:limit]
    discards = [a for a in actions if isinstance(a, Discard)]
    melds = [a for a in actions if isinstance(a, Meld)]
    scored_discards = sorted(
        discards, key=lambda a: -heuristic._discard_score(game, a, style, False)
    )
    if not game.mover.opened:
        # Before the opening, a meld that leaves the minimum out of reach is a dead end: the
        # turn could then only be undone, and the same decision would come round again.
        melds = [a for a in melds if _keeps_opening_possible(game, a)]
    scored_melds = sorted(melds, key=lambda a: -heuristic._meld_score(game, a, style, True))
    for pool in (scored_discards[:3], scored_melds[:3]):
        for action in pool:
            if action not in ranked:
                ranked.append(action)
    return ranked[:limit]


def _keeps_opening_possible(game: Game, action: Meld) -> bool:
    trial = game.clone()
    trial.record_undo = False
    try:
        trial.apply(action)
    except IllegalAction:
        return False
    return trial.phase != PLAY or trial.mover.opened or heuristic._opening_plan(trial) is not None


def rollout(game: Game, seat: int, horizon: int, rng: random.Random) -> float:
    """Play on with the Advanced heuristic for `horizon` turns, then score for `seat`."""
    turns_left = horizon
    turn = game.turn.no
    steps = 0
    while game.phase in (DRAW, PLAY) and steps < 400:
        if game.turn.no != turn:
            turn = game.turn.no
            turns_left -= 1
            if turns_left <= 0:
                break
        try:
            action = heuristic.choose(game, heuristic.ADVANCED, rng)
            game.apply(action)
        except IllegalAction:
            break
        steps += 1
    return evaluation.value(game, seat)


def decide(
    view: PlayerView,
    config: SearchConfig,
    style: Style,
    rng: random.Random,
    should_stop: Callable[[], bool] | None = None,
    now: Callable[[], float] | None = None,
) -> Action:
    """The best action for the view's seat by determinized Monte Carlo."""
    start = now() if now else 0.0
    root = determinize(view, random.Random(rng.random()))
    options = candidates(root, style, rng, config.candidates)
    if len(options) <= 1:
        return options[0]
    # results[i][k]: candidate i's value on sample k (the same samples for every candidate).
    results: list[list[float]] = [[] for _ in options]
    for _ in range(config.samples):
        if should_stop is not None and should_stop():
            break
        if now is not None and results[0] and now() - start > config.seconds:
            break
        world = determinize(view, random.Random(rng.random()))
        world.record_undo = True
        roll_seed = rng.random()
        for index, action in enumerate(options):
            trial = world.clone()
            try:
                trial.apply(action)
            except IllegalAction:
                results[index].append(-1e6)
                continue
            results[index].append(
                rollout(trial, view.seat, config.horizon, random.Random(roll_seed))
            )
    return options[_pick(results, config.confidence)]


def _pick(results: list[list[float]], confidence: float) -> int:
    """The candidate to play: the heuristic's own choice (index 0) unless another one is better
    on the same samples by more than `confidence` standard errors of the paired difference."""
    if not results[0]:
        return 0
    best, best_score = 0, 0.0
    base = results[0]
    n = len(base)
    for index in range(1, len(results)):
        diffs = [a - b for a, b in zip(results[index], base)]
        mean = sum(diffs) / n
        if n > 1:
            var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
            score = mean / max(math.sqrt(var / n), 1e-9)
        else:
            score = 0.0
        if mean > 0 and score > confidence and score > best_score:
            best, best_score = index, score
    return best
