"""Determinized search over whole turns for the Expert and Master levels.

A decision is made from the player's view only. At the draw the candidates are the ways to draw
(the stock, each way of taking the pile); once the player has drawn they are whole turn plans: the
set of melds and the discard, as the heuristic would play them in its two modes, as the brisk
play-out policy would, with the heuristic's melds but another discard, and for Master (once opened)
with no meld at all. Each candidate is tried in the same sampled games (`determinize`, biased by
the opponent model so the opponent's hidden cards agree with how it has played), followed by a
play-out of a few turns in which the other players follow the quick play-out policy
(`playout.choose`: brisk melding, going out at once) and the searching player follows it too, or
plays its own turns in its own style (`SearchConfig.own_turns_by_heuristic`: Master), and the
position is scored by the fitted evaluation (`evaluation.value`), which is exact once the hand is
over; Master also counts winning the hand over and above its margin (`utility`), and in the last
hand of a game, its chance of winning the game instead (`game_stakes`). At the draw the
play-outs may go on longer (`SearchConfig.draw_horizon`: Master), and once the opponent is down to
a few cards they go on to the end of the hand. Samples go where they can change the choice: after a
few, a candidate clearly worse than the heuristic's own plan leaves the race. The candidate with
the best average wins if it beats the heuristic's own choice by enough on the same samples (common
random numbers). The search stops after its sample budget, when `now` passes the time budget, or
when `should_stop` says so; it always has an answer, the heuristic's plan.
"""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, NamedTuple

from ..actions import Action, Discard, Meld, Pass, UndoTurn
from ..engine import Game
from ..errors import IllegalAction
from ..legal import legal_actions
from ..phases import DRAW, PLAY
from ..view import PlayerView
from . import evaluation, heuristic, playout
from .heuristic import Style
from .opponent import OpponentModel

MAX_TURN_ACTIONS: Final = 24
# After this many time budgets the search gives up even a round of samples it has begun.
HARD_LIMIT: Final = 3.0
# After this many samples, a candidate behind the heuristic's own plan by more than DROP_AT
# standard errors gets no more samples.
RACE_AFTER: Final = 4
DROP_AT: Final = 1.0


@dataclass(frozen=True)
class SearchConfig:
    """How hard a level searches."""

    samples: int  # sampled games per decision (each candidate is tried in every one)
    horizon: int  # turns played out after the candidate before scoring
    candidates: int  # most candidates compared in one decision
    seconds: float  # time budget per decision when a clock is given
    confidence: float = 0.0  # standard errors by which an alternative must beat the heuristic
    # Once the opponent holds this many cards or fewer, the race to go out is on: play-outs go
    # on for `endgame_horizon` turns instead (to the end of the hand, in practice).
    endgame_cards: int = 0
    endgame_horizon: int = 0
    # At the draw, play-outs go on for at least this many turns: what a pile taken (or left to
    # the opponent) is worth shows only as its cards are melded, over more turns than a plan's.
    draw_horizon: int = 0
    # Play-outs play the searching player's own turns as the heuristic does (as it will really
    # play them: holding back, judging the pile and going out) rather than briskly: slower, but
    # a candidate is judged by what the player would make of it.
    own_turns_by_heuristic: bool = False
    # Once opened, a turn that melds nothing is a candidate too (`turn_plans`).
    hold_back: bool = False
    # What a candidate is worth: the margin of the hand, plus up to `win_weight` points for
    # winning it (`utility`), so that a likely small win beats a gamble on a slightly larger
    # average margin.
    win_weight: float = 0.0
    win_scale: float = 150.0
    # In the last hand of a game between two sides, what a candidate is worth is its chance of
    # winning the game, not the hand's margin (`game_stakes`).
    game_aware: bool = False


# The last hand of a game: the leading total is within this share of the target score of it (a
# hand added 1,750 of 5,000 to the leading total on average in Master's whole games against
# rusher, 642 hands). LAST_HAND_DOUBT, as a share of the target, is how far the margin a play-out
# ends with may be from the hand's final margin.
LAST_HAND: Final = 0.35
LAST_HAND_DOUBT: Final = 0.05
SQRT_2: Final = math.sqrt(2.0)
SQRT_2PI: Final = math.sqrt(2.0 * math.pi)


class GameStakes(NamedTuple):
    """What the last hand's margin is worth to a side (`game_stakes`)."""

    lead: float  # the side's lead in the game before the hand
    doubt: float  # how far a play-out's margin may be from the hand's final margin


Plan = tuple[Action, ...]


def play_turn(game: Game, policy: Callable[[Game], Action], may_go_out: bool = True) -> Plan | None:
    """The rest of the mover's turn as `policy` plays it on a copy of `game`, or None if the
    policy strands the turn (melds it would have to take back) or goes out when it may not."""
    trial = game.clone(recording=False)
    trial.record_undo = False
    mover = trial.to_move
    plan: list[Action] = []
    while trial.phase == PLAY and trial.to_move == mover and len(plan) < MAX_TURN_ACTIONS:
        try:
            action = policy(trial)
            trial.apply(action)
        except IllegalAction:
            return None
        plan.append(action)
    if trial.phase == PLAY and trial.to_move == mover:
        return None
    if trial.went_out == mover and not may_go_out:
        return None
    return tuple(plan)


def turn_plans(
    game: Game,
    style: Style,
    rng: random.Random,
    limit: int,
    aggressive: bool = False,
    hold_back: bool = False,
) -> list[Plan]:
    """Whole-turn candidates after the draw, the heuristic's own plan first (its fast plan
    first in a hand played fast); with `hold_back`, once opened, melding nothing too."""
    seed = rng.random()
    plans: list[Plan] = []
    # Whether to go out is the going-out evaluation's call, in a hand played fast too: the
    # play-outs are too short to see the canastas that waiting builds, and going out behind
    # only seals a lost hand.
    may_go_out = heuristic.going_out_gain(game) > 0

    def add(plan: Plan | None) -> None:
        if plan and plan not in plans:
            plans.append(plan)

    for fast in (aggressive, not aggressive):

        def policy(g: Game, fast: bool = fast) -> Action:
            return heuristic.choose(g, style, random.Random(seed), fast)

        add(play_turn(game, policy, may_go_out))
    if not plans:
        return []
    # The play-out policy's brisk turn: every natural down, wild cards only where they finish.
    add(play_turn(game, lambda g: playout.choose(g, random.Random(seed)), may_go_out))
    # The heuristic's melds with each of its next-best discards.
    melds = tuple(a for a in plans[0] if isinstance(a, Meld))
    trial = game.clone(recording=False)
    trial.record_undo = False
    try:
        for action in melds:
            trial.apply(action)
    except IllegalAction:
        return plans[:limit]
    if trial.phase == PLAY and (may_go_out or len(trial.mover.hand) > 1):
        discards = heuristic.discards_by_preference(
            trial, [a for a in legal_actions(trial) if isinstance(a, Discard)], style
        )
        for discard in discards[:3]:
            add((*melds, discard))
        if not discards and any(isinstance(a, Pass) for a in legal_actions(trial)):
            add((*melds, Pass()))
        # Once opened, nothing melded at all: the cards kept back for the pile or the canasta
        # to come, and the heuristic's own discard from the hand as it is.
        if hold_back and melds and game.mover.opened:
            held = heuristic.discards_by_preference(
                game, [a for a in legal_actions(game) if isinstance(a, Discard)], style
            )
            if held:
                add((held[0],))
    return plans[:limit]


def draw_options(
    game: Game, style: Style, rng: random.Random, limit: int, aggressive: bool = False
) -> list[Plan]:
    """The ways to draw, the heuristic's choice first."""
    first = heuristic.choose(game, style, random.Random(rng.random()), aggressive)
    options = [first] + [a for a in legal_actions(game) if a != first]
    return [(a,) for a in options[:limit]]


def rollout(
    game: Game, seat: int, horizon: int, rng: random.Random, own_style: Style | None = None
) -> float:
    """Play on for `horizon` turns with the play-out policy (`seat`'s own turns by the heuristic
    in `own_style`, if given), then score."""
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
            if own_style is not None and game.to_move == seat:
                game.apply(heuristic.choose(game, own_style, rng))
            else:
                game.apply(playout.choose(game, rng))
        except IllegalAction:
            break
        steps += 1
    return evaluation.value(game, seat)


def _finish_turn(game: Game, seat: int, rng: random.Random) -> None:
    """After a draw candidate, the rest of the turn as the heuristic plays it. A pile taken for
    an opening that cannot be completed goes back as the player gives it back (`player.py`): the
    turn undone, the pile returned with its penalty paid, and a card drawn from the stock."""
    steps = 0
    while game.phase in (DRAW, PLAY) and game.to_move == seat and steps < MAX_TURN_ACTIONS:
        try:
            game.apply(heuristic.choose(game, heuristic.MASTER, rng))
        except IllegalAction:
            if legal_actions(game) or not game.turn.undo:
                return
            game.apply(UndoTurn())
        steps += 1


def decide(
    view: PlayerView,
    config: SearchConfig,
    style: Style,
    rng: random.Random,
    should_stop: Callable[[], bool] | None = None,
    now: Callable[[], float] | None = None,
    model: OpponentModel | None = None,
    aggressive: bool = False,
) -> Plan:
    """The best candidate for the view's seat: one draw action, or the rest of the turn."""
    # The play-outs make and drop a great many small objects, which reference counting frees:
    # the cyclic garbage collector, which would otherwise stop every few hundred of them to
    # walk the young objects (and now and then the whole heap), waits until the decision is
    # made.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _decide(view, config, style, rng, should_stop, now, model, aggressive)
    finally:
        if collecting:
            gc.enable()


def _decide(
    view: PlayerView,
    config: SearchConfig,
    style: Style,
    rng: random.Random,
    should_stop: Callable[[], bool] | None,
    now: Callable[[], float] | None,
    model: OpponentModel | None,
    aggressive: bool,
) -> Plan:
    start = now() if now else 0.0
    model = model or OpponentModel()
    own_style = style if config.own_turns_by_heuristic else None
    root = model.determinize(view, random.Random(rng.random()))
    if view.phase == DRAW:
        options = draw_options(root, style, rng, config.candidates, aggressive)
    else:
        options = turn_plans(root, style, rng, config.candidates, aggressive, config.hold_back)
    if not options:
        return (heuristic.choose(root, style, rng),)
    if len(options) == 1:
        return options[0]
    # results[i][k]: candidate i's value in sample k (the same samples for every candidate
    # still in the race; a candidate dropped from it keeps the samples it had).
    results: list[list[float]] = [[] for _ in options]
    racing = list(range(len(options)))
    horizon = play_out_horizon(
        view, config.horizon, config.endgame_cards, config.endgame_horizon, config.draw_horizon
    )
    stakes = game_stakes(view) if config.game_aware else None
    for done in range(config.samples):
        if should_stop is not None and should_stop():
            break
        if now is not None and done and now() - start > config.seconds:
            break
        world = model.determinize(view, random.Random(rng.random()))
        play_rng = random.Random(rng.random())
        for index in racing:
            if now is not None and done and now() - start > HARD_LIMIT * config.seconds:
                # A slow machine: drop this unfinished round rather than overrun.
                for row in results:
                    del row[done:]
                return options[_pick(results, config.confidence)]
            value = try_plan(world, options[index], view, horizon, play_rng, own_style)
            results[index].append(utility(value, config.win_weight, config.win_scale, stakes))
        if done + 1 >= RACE_AFTER and len(racing) > 2:
            # Samples go where they can still change the choice: a candidate clearly worse than
            # the heuristic's own plan leaves the race.
            racing = [i for i in racing if i == 0 or _edge(results[i], results[0]) > -DROP_AT]
    return options[_pick(results, config.confidence)]


def play_out_horizon(
    view: PlayerView, horizon: int, endgame_cards: int, endgame_horizon: int, draw_horizon: int = 0
) -> int:
    """The turns a play-out goes on for from `view`: `horizon`, at least `draw_horizon` at the
    draw, and `endgame_horizon` once an opponent is down to `endgame_cards` cards or fewer (the
    end of the hand, whose result is exact where the evaluation of a position a few turns on
    would guess)."""
    if view.phase == DRAW:
        horizon = max(horizon, draw_horizon)
    fewest = min(view.hand_sizes[q] for q in range(view.players) if q % view.sides != view.side)
    if fewest <= endgame_cards:
        horizon = max(horizon, endgame_horizon)
    return horizon


def try_plan(
    world: Game,
    plan: Plan,
    view: PlayerView,
    horizon: int,
    play_rng: random.Random,
    own_style: Style | None = None,
) -> float:
    """The value for the view's seat of playing `plan` in `world`, then playing on (its own
    turns by the heuristic in `own_style`, if given). The candidates of one sample share
    `play_rng`: the play-outs' policies add no noise (`playout.choose`, and the styles of the
    levels that search), so each candidate meets the same play-out without seeding a generator
    of its own."""
    trial = world.clone(recording=False)
    # A draw keeps its undo until the turn ends: taking the pile is only worth what the turn
    # can make of it, and a failed opening gives it back (a sampled world keeps no undo).
    trial.record_undo = view.phase == DRAW
    try:
        for action in plan:
            trial.apply(action)
    except IllegalAction:
        return -1e6
    if view.phase == DRAW:
        _finish_turn(trial, view.seat, play_rng)
        trial.record_undo = False
    return rollout(trial, view.seat, horizon, play_rng, own_style)


def game_stakes(view: PlayerView) -> GameStakes | None:
    """In what is likely the last hand of a game between two sides (the leading total within
    `LAST_HAND` of the target score), the view's side's lead in the game; None before then,
    when each point of the hand's margin counts, and with three sides."""
    if view.sides != 2:
        return None
    target = view.rules.target_score
    if max(view.totals) < target * (1.0 - LAST_HAND):
        return None
    lead = view.totals[view.side] - view.totals[1 - view.side]
    return GameStakes(float(lead), LAST_HAND_DOUBT * target)


def utility(
    value: float, win_weight: float, win_scale: float, stakes: GameStakes | None = None
) -> float:
    """What a play-out's `value` (the hand's margin, or its expected margin) is worth to the
    search. Counting the win of the hand, it gains `win_weight` points for a win, as many fewer
    for a loss, eased in over margins within about `win_scale` of a draw (the value of an
    unfinished hand is a guess). In the last hand of a game (`stakes`), only the game counts:
    the margin is worth the chance it gives of winning the game, eased in over margins within
    about the stakes' doubt of turning it, and scaled to count point for point where it turns."""
    if stakes is not None:
        lead, doubt = stakes
        chance = 0.5 * (1.0 + math.erf((lead + value) / (doubt * SQRT_2)))
        return doubt * SQRT_2PI * chance
    if not win_weight:
        return value
    return value + win_weight * math.tanh(value / win_scale)


def _edge(row: list[float], base: list[float]) -> float:
    """How many standard errors of the paired difference `row` beats `base` by, on the samples
    both have (0 with fewer than two)."""
    n = len(row)
    if n < 2:
        return 0.0
    diffs = [a - b for a, b in zip(row, base[:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if var <= 0.0:
        return math.copysign(1e9, mean) if mean else 0.0
    return mean / math.sqrt(var / n)


def _pick(results: list[list[float]], confidence: float) -> int:
    """The candidate to play: the heuristic's own choice (index 0) unless another one is better
    on the same samples (at least RACE_AFTER of them) by more than `confidence` standard errors
    of the paired difference."""
    if len(results[0]) < RACE_AFTER:
        return 0  # a lead on fewer samples than a race needs is the luck of the deals
    best, best_score = 0, 0.0
    for index in range(1, len(results)):
        score = _edge(results[index], results[0])
        if score > confidence and score > best_score:
            best, best_score = index, score
    return best
