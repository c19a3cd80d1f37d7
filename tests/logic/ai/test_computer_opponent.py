"""The computer opponent: legal play at every level, no cheating, hints, cancellation, the arena."""

import collections
import json
import random
import subprocess
import sys

import pytest

from game.logic import Game, Meld, Rules, legal_actions, player_view
from game.logic.ai import LEVELS, ComputerPlayer, heuristic, hint, opponent, search
from game.logic.arena import run as arena_run
from game.logic.arena import wilson
from game.logic.cards import ACE, CARD_RANK, IS_WILD, SEVEN
from game.logic.hand.card_lookup import take_codes
from tests.helpers.paths import ROOT
from tests.helpers.scenario import random_position


def reshuffle_hidden(game, seat, rng):
    """The same game with every card `seat` cannot see dealt differently."""
    other = game.clone()
    opponent = other.players[1 - seat]
    unknown = [c for c in opponent.hand if c not in opponent.known]
    pool = unknown + other.stock + [c for t in other.talons for c in t]
    rng.shuffle(pool)
    opponent.hand = [c for c in opponent.hand if c in opponent.known] + pool[: len(unknown)]
    rest = pool[len(unknown) :]
    talons = []
    for t in other.talons:
        talons.append(rest[: len(t)])
        rest = rest[len(t) :]
    other.talons = talons
    other.stock = rest
    return other


def quick(level, seed=0):
    # Search levels with a small, fixed sample budget keep the tests fast and deterministic.
    return ComputerPlayer(level, seed=seed, samples=2)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["classic", "modern_american"])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_only_plays_legal_actions(level, preset):
    rules = Rules.preset(preset)
    count = 60 if level in ("expert", "master") else 300
    for i in range(count):
        game = random_position(rules, 100 + i, steps=i % 90)
        if game.phase not in ("draw", "play"):
            continue
        view = player_view(game, game.to_move)
        action = quick(level, seed=i).decide(view)
        assert game.check(action) is None, (level, preset, i, action)


def test_only_a_style_with_noise_draws_random_numbers():
    # The search's play-outs ask the noise-free styles millions of times: they must not pay for
    # random numbers they add nothing with, and a noisy style must still vary its choices.
    noisy_drew = 0
    for seed in range(40):
        game = random_position(Rules.preset("classic"), 300 + seed, steps=seed % 30)
        if game.phase not in ("draw", "play"):
            continue
        for style in (heuristic.MASTER, heuristic.ADVANCED):
            rng = random.Random(seed)
            before = rng.getstate()
            heuristic.choose(game, style, rng)
            assert rng.getstate() == before, (style.name, seed)
        rng = random.Random(seed)
        before = rng.getstate()
        heuristic.choose(game, heuristic.BEGINNER, rng)
        noisy_drew += rng.getstate() != before
    assert noisy_drew >= 10


def positions_to_play(hands):
    """Every position of `hands` hands of Advanced against itself (the presets in turn) in which
    the player to move has drawn, with the hand's number and random generator (which the
    caller may draw from too)."""
    for seed in range(hands):
        game = Game(Rules.preset(("classic", "modern_american")[seed % 2]), seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.phase not in ("draw", "play"):
                break
            if game.phase == "play":
                yield seed, game, rng
            game.apply(heuristic.choose(game, heuristic.ADVANCED, rng))


def test_a_decisions_card_lookup_picks_the_cards_the_engine_would():
    # Scoring every meld on offer looks its cards up in the hand sorted by code once a decision
    # (the play-outs score melds millions of times); it must pick exactly the cards a scan of
    # the usable hand picks: the k-th copy of a code is the k-th such card, locked cards never.
    pairs = locked = checked = 0
    for seed, game, _rng in positions_to_play(30):
        seen = heuristic._Seen(game)
        locked += bool(game.turn.locked)
        for action in legal_actions(game):
            if isinstance(action, Meld):
                cards = seen.cards_of(action.cards)
                expected = take_codes(action.cards, heuristic.usable_hand(game))
                assert cards == expected, (seed, action)
                pairs += len(set(action.cards)) < len(action.cards)
                checked += 1
    assert checked > 1000 and pairs > 100 and locked > 5, (checked, pairs, locked)


def test_whether_a_card_is_left_to_discard_is_read_without_copying_the_hand():
    # The heuristic asks of every meld it weighs whether the cards it leaves include one that
    # may be discarded; asked with the meld's cards left out in one pass, it must answer as the
    # rule reads on the cards that are left.
    def by_the_rule(game, left):
        rules = game.rules
        empty_pile_bars = (
            rules.prohibit_ace_seven_to_empty_pile and rules.pure_aces_sevens and not game.pile
        )
        only_wild = all(IS_WILD[c] for c in left)
        return any(
            not (IS_WILD[c] and rules.prohibit_wild_discard and not only_wild)
            and not (empty_pile_bars and CARD_RANK[c] in (ACE, SEVEN))
            for c in left
        )

    answers = collections.Counter()
    for seed, game, rng in positions_to_play(24):
        hand = game.mover.hand
        for _ in range(12):
            but = rng.sample(hand, rng.randint(0, len(hand)))
            left = [c for c in hand if c not in but]
            expected = by_the_rule(game, left)
            assert heuristic._can_discard_one(game, hand, but) == expected, (seed, left)
            only_barred = left and all(IS_WILD[c] or CARD_RANK[c] in (ACE, SEVEN) for c in left)
            answers[(expected, game.rules.prohibit_wild_discard, bool(only_barred))] += 1
    # Under Modern rules a hand left with only wild cards, Aces and Sevens was found both
    # able and unable to end the turn; under Classic it always can, and a hand melded bare
    # never can.
    assert answers[(False, True, True)] and answers[(True, True, True)], answers
    assert answers[(True, False, True)] and not answers[(False, False, True)], answers
    assert answers[(False, False, False)], answers


@pytest.mark.parametrize("level", ["carefree", "intermediate", "advanced"])
def test_heuristic_levels_finish_whole_hands(level):
    for seed in range(6):
        game = Game(Rules.preset(("classic", "modern_american")[seed % 2]), seed=seed)
        players = [ComputerPlayer(level, seed=seed), ComputerPlayer("beginner", seed=seed + 1)]
        for _ in range(3000):
            if game.phase not in ("draw", "play"):
                break
            game.apply(players[game.to_move].decide(player_view(game, game.to_move)))
        assert game.phase in ("hand_over", "game_over")


@pytest.mark.parametrize("level", LEVELS)
def test_decision_is_identical_whatever_the_hidden_cards_are(level):
    for i in range(8):
        game = random_position(
            Rules.preset(("classic", "modern_american")[i % 2]), 300 + i, steps=5 + 7 * i
        )
        if game.phase not in ("draw", "play"):
            continue
        view = player_view(game, game.to_move)
        other_world = reshuffle_hidden(game, game.to_move, random.Random(999 + i))
        assert other_world.stock != game.stock or len(game.stock) < 2
        same_view = player_view(other_world, game.to_move)
        assert same_view == view
        assert quick(level, seed=5).decide(view) == quick(level, seed=5).decide(same_view)


def test_carefree_always_draws_from_the_stock():
    player = ComputerPlayer("carefree", seed=1)
    for i in range(200):
        game = random_position(Rules(), 500 + i, steps=i % 60)
        if game.phase != "draw" or not game.stock:
            continue
        assert player.decide(player_view(game, game.to_move)).type == "draw"


def test_aggressiveness_is_the_chance_of_a_fast_hand():
    never = ComputerPlayer("advanced", seed=3, aggressiveness=0)
    always = ComputerPlayer("advanced", seed=3, aggressiveness=100)
    half = ComputerPlayer("advanced", seed=3, aggressiveness=50)
    assert not any(never.aggressive_in_hand(h) for h in range(100))
    assert all(always.aggressive_in_hand(h) for h in range(100))
    assert 25 < sum(half.aggressive_in_hand(h) for h in range(100)) < 75
    assert half.aggressive_in_hand(7) == half.aggressive_in_hand(7)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="Unknown skill level"):
        ComputerPlayer("grandmaster")


@pytest.mark.slow
def test_hint_is_legal_and_deterministic_for_a_seed():
    for i in range(6):
        game = random_position(Rules(), 700 + i, steps=3 + 5 * i)
        if game.phase not in ("draw", "play"):
            continue
        view = player_view(game, game.to_move)
        first = hint(view, seed=4)
        again = hint(view, seed=4)
        assert first == again and first.actions and first.reason.endswith(".")
        trial = game.clone()
        for action in first.actions:
            assert trial.check(action) is None
            trial.apply(action)
        if view.phase == "draw":
            assert len(first.actions) == 1


def test_hint_when_it_is_not_your_turn():
    game = Game(Rules(), seed=1)
    assert hint(player_view(game, 1 - game.to_move)).actions == ()


def test_cancelled_search_returns_promptly_with_the_heuristic_choice(monkeypatch):
    calls = []
    monkeypatch.setattr(search, "rollout", lambda *a, **k: calls.append(1) or 0.0)
    game = random_position(Rules(), 42, steps=20)
    while game.phase != "play":
        game.apply(legal_actions(game)[0])
    view = player_view(game, game.to_move)
    action = ComputerPlayer("master", seed=2).decide(view, should_stop=lambda: True)
    assert calls == []
    assert game.check(action) is None


def test_time_budget_stops_the_search():
    ticks = iter(range(0, 10_000, 10))  # a clock that jumps 10 s per reading
    game = random_position(Rules(), 43, steps=10)
    view = player_view(game, game.to_move)
    samples = []
    original = opponent.determinize

    def counting(view, rng):
        samples.append(1)
        return original(view, rng)

    opponent.determinize = counting
    try:
        ComputerPlayer("master", seed=1, aggressiveness=0).decide(view, now=lambda: next(ticks))
    finally:
        opponent.determinize = original
    assert len(samples) <= 3  # the root, then one round before the budget is spent


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low < 0.5 < high and high - low < 0.2
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_plays_seat_swapped_pairs_on_the_same_deals():
    result = arena_run("beginner", "carefree", games=4, seed=3, rules=Rules())
    assert result["games"] == 4
    assert result["wins_a"] + result["wins_b"] + result["ties"] == 4
    assert 0 <= result["ci95_a"][0] <= result["win_rate_a"] <= result["ci95_a"][1] <= 1
    assert set(result["decision_ms_a"]) == {"p50", "p95", "max"}


def test_arena_command_prints_json():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "game.logic.arena",
            "--a",
            "beginner",
            "--b",
            "carefree",
            "--games",
            "2",
            "--json",
            "--rules",
            "modern_american",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    data = json.loads(out.stdout)
    for key in (
        "games",
        "wins_a",
        "wins_b",
        "win_rate_a",
        "ci95_a",
        "margin_a",
        "decision_ms_a",
        "decision_ms_b",
    ):
        assert key in data


@pytest.mark.parametrize("level", ["advanced", "expert", "master"])
def test_search_never_starts_an_opening_it_cannot_finish(level):
    from tests.helpers.scenario import position

    # Found by the arena: Fives (20) and Fours (15) can never reach the minimum of 50, so
    # melding them only leads to undoing the turn, after which the same view came round again.
    hand = "4S 4H 4D 5S 5S 5C 5C 7H 7D 9S 9C 10S 10H QD QC KS KC"
    game = position(hands=(hand, "6D 7C"), opened=(False, False), phase="play")
    for seed in (6, 7):
        trial = game.clone()
        player = ComputerPlayer(level, seed=seed)
        for _ in range(6):
            action = player.decide(player_view(trial, 0))
            assert action.type != "undo_turn"
            trial.apply(action)
            if action.type == "discard":
                break
        assert trial.to_move == 1 and trial.players[0].melds == {}


def test_after_taking_back_an_opening_the_computer_discards_instead_of_retrying():
    from tests.helpers.scenario import position

    hand = "4S 4H 4D 5S 5S 5C 5C 7H 7D 9S 9C 10S 10H QD QC KS KC"
    game = position(hands=(hand, "6D 7C"), opened=(False, False), phase="play")
    game.apply({"type": "meld", "cards": ["5C", "5S", "5C", "5S"]})
    game.apply({"type": "meld", "cards": ["4D", "4H", "4S"]})
    player = ComputerPlayer("intermediate", seed=1)
    assert player.decide(player_view(game, 0)).type == "undo_turn"
    game.apply({"type": "undo_turn"})
    assert player.decide(player_view(game, 0)).type == "discard"


@pytest.mark.parametrize("level", ["advanced", "expert", "master"])
def test_a_special_meld_in_hand_is_played(level):
    from tests.helpers.scenario import position

    game = position(
        Rules.modern_american(),
        hands=("4S 4D 5S 5D 6S 6D 8S 8D 9S 9D 10S 10D JS JD", "KD KC"),
        opened=(False, False),
        phase="play",
    )
    action = ComputerPlayer(level, seed=1, samples=2).decide(player_view(game, 0))
    assert action.type == "meld" and action.rank == "special"
