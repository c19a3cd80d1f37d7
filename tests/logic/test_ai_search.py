"""The search levels plan whole turns: one search after the draw, then the plan is played."""

import random

from game.logic import player_view
from game.logic.actions import Discard, Meld
from game.logic.ai import ComputerPlayer, heuristic, search
from game.logic.engine import PLAY
from game.logic.view import determinize
from tests.helpers.scenario import position


def _turn_position():
    return position(
        hands=("5S 5H 5D 9C 9D 9H KS 4C 7D JC", "5C 6H 7S"),
        melds=({"K": "KC KD KH"}, {"Q": "QS QH QD"}),
        phase=PLAY,
    )


def test_a_turn_is_searched_once_and_then_played_as_planned(monkeypatch):
    calls = []
    original = search.decide

    def counting(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(search, "decide", counting)
    game = _turn_position()
    player = ComputerPlayer("master", seed=3, samples=2, aggressiveness=0)
    chosen = []
    while game.phase == PLAY and game.to_move == 0:
        action = player.decide(player_view(game, 0))
        chosen.append(action)
        game.apply(action)
    assert len(chosen) >= 3 and isinstance(chosen[-1], Discard)
    assert any(isinstance(a, Meld) for a in chosen)
    assert len(calls) == 1


def test_turn_plans_start_with_the_heuristics_own_plan():
    game = _turn_position()
    root = determinize(player_view(game, 0), random.Random(1))
    for aggressive in (False, True):
        plans = search.turn_plans(root, heuristic.ADVANCED, random.Random(2), 6, aggressive)
        expected = search.play_turn(
            root,
            lambda g, a=aggressive: heuristic.choose(g, heuristic.ADVANCED, random.Random(0), a),
        )
        assert plans[0] == expected
        assert len(set(plans)) == len(plans) >= 2
        for plan in plans:
            trial = game.clone()
            for action in plan:
                trial.apply(action)
            assert trial.to_move == 1 or trial.phase != PLAY


def test_a_stranded_plan_is_not_a_candidate():
    # Melding the Fives alone before the opening would have to be taken back.
    game = position(hands=("5S 5H 5D 9C KD", "5C 6H 7S"), opened=(False, False), phase=PLAY)
    stranded = search.play_turn(game, lambda g: Meld(("5S", "5H", "5D")))
    assert stranded is None


def test_a_round_of_samples_that_overruns_the_hard_limit_is_dropped(monkeypatch):
    rollouts = []
    original = search.rollout

    def counting(*args, **kwargs):
        rollouts.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(search, "rollout", counting)
    # Start, then the second round begins in time, its first candidate too, and then the
    # machine stalls for a second.
    readings = iter([0.0, 0.05, 0.05] + [1.0] * 100)
    game = _turn_position()
    view = player_view(game, 0)
    config = search.SearchConfig(samples=5, horizon=2, candidates=4, seconds=0.07)
    plan = search.decide(
        view, config, heuristic.ADVANCED, random.Random(1), now=lambda: next(readings)
    )
    candidates = len(
        search.turn_plans(
            determinize(view, random.Random(1)), heuristic.ADVANCED, random.Random(2), 4
        )
    )
    assert candidates >= 2
    assert len(rollouts) <= candidates + 1
    trial = game.clone()
    for action in plan:
        trial.apply(action)
