"""The search levels plan whole turns: one search after the draw, then the plan is played."""

import random

import pytest

from game.logic import Rules, player_view
from game.logic.actions import Discard, Meld
from game.logic.ai import ComputerPlayer, evaluation, heuristic, playout, search
from game.logic.ai.player import SEARCH
from game.logic.legal import legal_actions
from game.logic.phases import DRAW, PLAY
from game.logic.view import determinize
from tests.helpers.scenario import position, random_position


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
    assert len(chosen) >= 2 and isinstance(chosen[-1], Discard)
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


@pytest.mark.python_engine
def test_a_candidate_clearly_worse_than_the_heuristics_plan_leaves_the_race(monkeypatch):
    # Candidate 0 (the heuristic's plan) scores about 0, candidate 1 far worse, the others
    # about level with it: after RACE_AFTER samples the bad one gets no more play-outs.
    game = _turn_position()
    view = player_view(game, 0)
    plans = search.turn_plans(
        determinize(view, random.Random(1)), heuristic.ADVANCED, random.Random(2), 4
    )
    assert len(plans) >= 3
    tried: dict[int, int] = {}
    luck: dict[int, tuple[random.Random, float]] = {}

    def scripted(world, plan, view, horizon, play_rng, own_style):
        # The luck of each sampled deal is shared by every candidate (common random numbers):
        # they all play on with the sample's one generator.
        index = plans.index(plan)
        tried[index] = tried.get(index, 0) + 1
        shared = luck.setdefault(
            id(play_rng), (play_rng, random.Random(len(luck)).uniform(-10, 10))
        )
        return (-500.0 if index == 1 else 0.0) + shared[1]

    monkeypatch.setattr(search, "try_plan", scripted)
    monkeypatch.setattr(search, "turn_plans", lambda *args, **kwargs: plans)
    config = search.SearchConfig(samples=12, horizon=2, candidates=4, seconds=1.0)
    search.decide(view, config, heuristic.ADVANCED, random.Random(1))
    assert tried[1] == search.RACE_AFTER
    assert tried[0] == 12 and all(tried[i] == 12 for i in range(2, len(plans)))


@pytest.mark.python_engine
@pytest.mark.parametrize(("win_weight", "chosen"), [(0.0, 0), (200.0, 1)])
def test_counting_the_win_prefers_a_sure_small_win_to_a_gamble(monkeypatch, win_weight, chosen):
    # The heuristic's plan (candidate 0) wins 300 or loses 150 on alternate deals, +75 on
    # average; candidate 1 wins 50 on every deal. On margins alone the gamble stays; counting
    # the win, the sure small win is worth more.
    game = _turn_position()
    view = player_view(game, 0)
    plans = search.turn_plans(
        determinize(view, random.Random(1)), heuristic.ADVANCED, random.Random(2), 2
    )
    assert len(plans) == 2
    deals: dict[int, int] = {}

    def scripted(world, plan, view, horizon, play_rng, own_style):
        deal = deals.setdefault(id(play_rng), len(deals))
        if plans.index(plan) == 1:
            return 50.0
        return 300.0 if deal % 2 else -150.0

    monkeypatch.setattr(search, "try_plan", scripted)
    monkeypatch.setattr(search, "turn_plans", lambda *args, **kwargs: plans)
    config = search.SearchConfig(
        samples=20, horizon=2, candidates=2, seconds=1.0, win_weight=win_weight
    )
    played = search.decide(view, config, heuristic.ADVANCED, random.Random(1))
    assert played == plans[chosen]


def test_the_utility_counts_a_win_and_a_loss_alike_and_keeps_the_order():
    assert search.utility(120.0, 0.0, 150.0) == 120.0
    assert search.utility(0.0, 200.0, 150.0) == 0.0
    assert search.utility(1000.0, 200.0, 150.0) == pytest.approx(1200.0, abs=0.01)
    assert search.utility(-80.0, 200.0, 150.0) == -search.utility(80.0, 200.0, 150.0)
    values = [-900.0, -150.0, -10.0, 5.0, 150.0, 900.0]
    worth = [search.utility(v, 200.0, 150.0) for v in values]
    assert worth == sorted(worth) and len(set(worth)) == len(worth)


@pytest.mark.python_engine
@pytest.mark.parametrize(
    ("totals", "game_aware", "chosen"),
    [
        # 400 behind in the last hand: the heuristic's sure +300 loses the game; the gamble
        # (+1000 or -500, +250 on average) wins it half the time.
        ((4000, 4400), False, 0),
        ((4000, 4400), True, 1),
        # 400 ahead: the heuristic's sure -100 wins the game; the gamble (+1000 or -600, +200
        # on average) loses it half the time.
        ((4400, 4000), False, 1),
        ((4400, 4000), True, 0),
        # Before the last hand the margin counts, game or no game.
        ((1400, 1000), True, 1),
    ],
)
def test_near_the_end_of_the_game_the_search_plays_to_win_the_game(
    monkeypatch, totals, game_aware, chosen
):
    game = position(
        hands=("5S 5H 5D 9C 9D 9H KS 4C 7D JC", "5C 6H 7S"),
        melds=({"K": "KC KD KH"}, {"Q": "QS QH QD"}),
        phase=PLAY,
        totals=totals,
    )
    view = player_view(game, 0)
    plans = search.turn_plans(
        determinize(view, random.Random(1)), heuristic.ADVANCED, random.Random(2), 2
    )
    assert len(plans) == 2
    ahead = totals[0] > totals[1]
    sure, high, low = (-100.0, 1000.0, -600.0) if ahead else (300.0, 1000.0, -500.0)
    deals: dict[int, int] = {}

    def scripted(world, plan, view, horizon, play_rng, own_style):
        deal = deals.setdefault(id(play_rng), len(deals))
        if plans.index(plan) == 0:
            return sure
        return high if deal % 2 else low

    monkeypatch.setattr(search, "try_plan", scripted)
    monkeypatch.setattr(search, "turn_plans", lambda *args, **kwargs: plans)
    config = search.SearchConfig(
        samples=20, horizon=2, candidates=2, seconds=1.0, win_weight=200.0, game_aware=game_aware
    )
    assert search.decide(view, config, heuristic.ADVANCED, random.Random(1)) == plans[chosen]


def test_only_the_game_counts_in_its_last_hand():
    def stakes(totals, players=2):
        rules = Rules.from_dict(Rules().to_dict() | {"players": players})
        hands = ("4C", "5C", "6C", "7C")[:players]
        return search.game_stakes(player_view(position(rules, hands=hands, totals=totals), 0))

    assert stakes((0, 0)) is None and stakes((3200, 900)) is None
    assert stakes((1200, 900, 3400), players=3) is None  # three sides: margins as before
    assert stakes((4000, 4300)) == (-300.0, 250.0)
    assert stakes((900, 3300)) == (-2400.0, 250.0)
    # With four players the partnerships' totals count.
    assert stakes((4000, 4300), players=4) == (-300.0, 250.0)


def test_the_game_utility_counts_point_for_point_only_while_the_game_is_close():
    level = search.GameStakes(lead=0.0, doubt=250.0)

    def worth(value, stakes):
        return search.utility(value, 200.0, 150.0, stakes)

    # Level in the last hand: a point of margin near a draw counts about a point.
    assert worth(10.0, level) - worth(-10.0, level) == pytest.approx(20.0, rel=0.01)
    # Far ahead or far behind, the margin hardly counts: the game is decided.
    far_ahead = level._replace(lead=3000.0)
    assert worth(1000.0, far_ahead) - worth(0.0, far_ahead) < 1.0
    far_behind = level._replace(lead=-3000.0)
    assert worth(1000.0, far_behind) - worth(0.0, far_behind) < 1.0
    # A margin that turns the game counts for the game.
    behind = level._replace(lead=-400.0)
    assert worth(600.0, behind) - worth(200.0, behind) > 300.0
    values = [-2000.0, -300.0, -10.0, 5.0, 300.0, 2000.0]
    for stakes in (level, behind, far_ahead):
        ranked = [worth(v, stakes) for v in values]
        assert ranked == sorted(ranked)


def test_the_edge_is_the_paired_difference_in_standard_errors():
    assert search._edge([10.0, 12.0, 14.0], [0.0, 2.0, 4.0]) > 1e6  # always 10 ahead
    assert search._edge([1.0, -1.0], [0.0, 0.0]) == 0.0
    # Only the samples both have are compared: a row dropped from the race is shorter.
    # Differences 2 and 3: mean 2.5, standard error sqrt(0.5 / 2) = 0.5.
    assert search._edge([3.0, 5.0], [1.0, 2.0, 100.0]) == 5.0
    assert search._edge([5.0], [1.0]) == 0.0


def test_the_brisk_play_out_turn_is_a_candidate():
    game = _turn_position()
    root = determinize(player_view(game, 0), random.Random(1))
    plans = search.turn_plans(root, heuristic.ADVANCED, random.Random(2), 6)
    brisk = search.play_turn(root, lambda g: playout.choose(g, random.Random(0)))
    assert brisk is not None and brisk in plans


@pytest.mark.parametrize("own_style", [None, heuristic.MASTER, heuristic.ADVANCED])
def test_a_play_out_draws_no_random_number(own_style):
    # The candidates of one sample share its generator (`try_plan`): that is only the same
    # play-out for each of them while the play-out policies draw nothing from it.
    for seed in range(6):
        game = random_position(Rules.preset("classic"), seed, steps=seed * 6)
        rng = random.Random(seed)
        state = rng.getstate()
        search.rollout(game.clone(recording=False), game.to_move, 30, rng, own_style)
        assert rng.getstate() == state


def _horizons_tried(monkeypatch):
    """The set that gathers the play-out horizons `search.try_plan` is called with."""
    seen = set()
    original = search.try_plan

    def recording(world, plan, view, horizon, play_rng, own_style):
        seen.add(horizon)
        return original(world, plan, view, horizon, play_rng, own_style)

    monkeypatch.setattr(search, "try_plan", recording)
    return seen


@pytest.mark.python_engine
@pytest.mark.parametrize(("opponent", "horizon"), [("5C 6H 7S", 30), ("5C 6H 7S 8S 9S JD QD", 6)])
def test_play_outs_go_to_the_end_of_the_hand_once_the_opponent_is_down_to_a_few_cards(
    monkeypatch, opponent, horizon
):
    seen = _horizons_tried(monkeypatch)
    game = position(
        hands=("5S 5H 5D 9C 9D 9H KS 4C 7D JC", opponent),
        melds=({"K": "KC KD KH"}, {"Q": "QS QH QC"}),
        phase=PLAY,
    )
    config = search.SearchConfig(
        samples=3, horizon=6, candidates=4, seconds=1.0, endgame_cards=6, endgame_horizon=30
    )
    search.decide(player_view(game, 0), config, heuristic.ADVANCED, random.Random(1))
    assert seen == {horizon}


@pytest.mark.python_engine
@pytest.mark.parametrize(("phase", "horizon"), [(DRAW, 12), (PLAY, 6)])
def test_play_outs_go_on_longer_at_the_draw(monkeypatch, phase, horizon):
    # Whether to take the pile shows only as its cards are melded: at the draw the play-outs
    # go on for `draw_horizon` turns, after it for the plan's `horizon`.
    seen = _horizons_tried(monkeypatch)
    game = position(
        hands=("5S 5H 9C 9D 9H KS 4C 7D JC", "5C 6H 7S 8S 9S JD QD"),
        melds=({"K": "KC KD KH"}, {"Q": "QS QH QC"}),
        pile="4D 6S 5D",
        phase=phase,
    )
    config = search.SearchConfig(samples=3, horizon=6, candidates=4, seconds=1.0, draw_horizon=12)
    search.decide(player_view(game, 0), config, heuristic.ADVANCED, random.Random(1))
    assert seen == {horizon}


def test_a_lead_on_fewer_samples_than_a_race_needs_keeps_the_heuristics_plan():
    few = search.RACE_AFTER - 1
    base = [float(k) for k in range(search.RACE_AFTER)]
    ahead = [value + 100.0 + k for k, value in enumerate(base)]
    assert search._pick([base[:few], ahead[:few]], 0.5) == 0
    assert search._pick([base, ahead], 0.5) == 1


def _play_on_by_hand(world, horizon, seed, own_by_heuristic):
    """`world` after `horizon` turns with seat 0's turns by Master's heuristic (or by the
    play-out policy) and seat 1's by the play-out policy, one action at a time."""
    game = world.clone(recording=False)
    rng = random.Random(seed)
    turn, turns_left = game.turn.no, horizon
    while game.phase in (DRAW, PLAY):
        if game.turn.no != turn:
            turn, turns_left = game.turn.no, turns_left - 1
            if turns_left <= 0:
                break
        if own_by_heuristic and game.to_move == 0:
            game.apply(heuristic.choose(game, heuristic.MASTER, rng))
        else:
            game.apply(playout.choose(game, rng))
    return game


def test_master_s_play_outs_play_its_own_turns_as_the_heuristic_does():
    differs = 0
    for seed in range(8):
        world = determinize(player_view(_turn_position(), 0), random.Random(seed))
        for own in (True, False):
            played = world.clone(recording=False)
            value = search.rollout(
                played, 0, 4, random.Random(seed), heuristic.MASTER if own else None
            )
            expected = _play_on_by_hand(world, 4, seed, own)
            assert played.canonical() == expected.canonical()
            assert value == evaluation.value(expected, 0)
        brisk = _play_on_by_hand(world, 4, seed, False)
        differs += brisk.canonical() != _play_on_by_hand(world, 4, seed, True).canonical()
    assert differs  # the heuristic's own turns are not the brisk play-out's
    assert SEARCH["master"].own_turns_by_heuristic
    assert not SEARCH["expert"].own_turns_by_heuristic


def test_once_opened_a_turn_that_melds_nothing_is_a_candidate():
    # The heuristic lays the Fives and the Nines down; melding nothing and throwing its own
    # discard from the whole hand is a candidate of its own (the seventh of Master's).
    game = _turn_position()
    root = determinize(player_view(game, 0), random.Random(1))
    plans = search.turn_plans(root, heuristic.MASTER, random.Random(2), 7, hold_back=True)
    assert any(isinstance(a, Meld) for a in plans[0])
    discards = [a for a in legal_actions(root) if isinstance(a, Discard)]
    held = heuristic.discards_by_preference(root, discards, heuristic.MASTER)[0]
    assert plans[-1] == (held,)
    # Expert does not weigh it, however few its other plans.
    assert (held,) not in search.turn_plans(root, heuristic.MASTER, random.Random(2), 7)
    assert {level for level, config in SEARCH.items() if config.hold_back} == {"master"}
    # Before the opening there is no such candidate: a hand held back there only waits.
    unopened = position(
        hands=("5S 5H 5D 9C 9D 9H KS KH KD 4C", "5C 6H 7S"), opened=(False, False), phase=PLAY
    )
    root = determinize(player_view(unopened, 0), random.Random(1))
    plans = search.turn_plans(root, heuristic.MASTER, random.Random(2), 7, hold_back=True)
    assert plans and all(any(isinstance(a, Meld) for a in plan) for plan in plans)
