"""Invariants over random legal play (hypothesis), under both presets and random rule options:
every card accounted for, every meld legal, no view with a hidden card, every enumerated action
legal, every refused action harmless, and replay reproducing the state hash."""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.logic import (
    Discard,
    Game,
    IllegalAction,
    Meld,
    Rules,
    RulesError,
    TakePile,
    legal_actions,
    player_view,
)
from game.logic.cards import CARD_CODE, CARD_RANK, IS_BLACK_THREE, IS_WILD, N_CARDS, WILD
from game.logic.melds import CANASTA_SIZE
from game.logic.replay import load_replay, replay_document
from game.logic.rules import OPTION_SPECS
from tests.helpers.scenario import all_cards, hidden_from


@st.composite
def rule_sets(draw):
    preset = draw(st.sampled_from(["classic", "modern_american"]))
    data = {"preset": preset}
    for key in draw(st.lists(st.sampled_from(sorted(OPTION_SPECS)), max_size=6, unique=True)):
        spec = OPTION_SPECS[key]
        if spec.kind == "bool":
            data[key] = draw(st.booleans())
        elif spec.kind == "choice" or spec.choices:
            data[key] = draw(st.sampled_from(spec.choices))
        elif key in ("max_wild_per_meld", "canastas_to_go_out"):
            data[key] = draw(st.integers(spec.low, spec.high))
    try:
        return Rules.from_dict(data)
    except RulesError:
        assume(False)


def check_melds_legal(game):
    rules = game.rules
    # One set of melds (one meld per rank) and one row of Threes per side: partners share them.
    for seat in range(game.n_sides, game.n_players):
        partner = game.players[seat - game.n_sides]
        assert game.players[seat].melds is partner.melds
        assert game.players[seat].threes is partner.threes
        assert game.players[seat].canastas() == partner.canastas()
        assert game.players[seat].opened == partner.opened
    for player in game.players:
        for key, cards in player.melds.items():
            wilds = sum(IS_WILD[c] for c in cards)
            if not rules.extended_canastas:
                assert len(cards) <= CANASTA_SIZE
            if key == WILD:
                assert rules.wild_canastas and wilds == len(cards) and len(cards) >= 3
            elif key == 3:
                assert sum(IS_BLACK_THREE[c] for c in cards) + wilds == len(cards)
                assert 3 <= len(cards) <= 4
            else:
                assert all(IS_WILD[c] or CARD_RANK[c] == key for c in cards)
                assert len(cards) >= 3 and wilds <= len(cards) - wilds
                assert wilds <= rules.max_wild_per_meld
                if rules.pure_aces_sevens and key == 7:
                    assert wilds == 0


def bogus_actions(game, rng):
    """Random, mostly illegal, actions of every kind."""
    codes = [rng.choice(CARD_CODE[:N_CARDS]) for _ in range(4)]
    hand = [CARD_CODE[c] for c in game.players[game.to_move].hand]
    picks = rng.sample(hand, min(len(hand), rng.randint(1, 4))) if hand else codes
    return [
        Discard(codes[0]),
        Meld(tuple(codes[:3])),
        Meld(tuple(picks)),
        TakePile(tuple(picks[:2])),
        Discard(rng.choice(hand) if hand else "AS"),
        {"type": "pass"},
        {"type": "undo"},
        {"type": "draw"},
        {"type": "next_hand"},
        {"type": "ask_go_out"},
        {"type": "answer_go_out", "yes": rng.random() < 0.5},
    ]


def play_and_check(rules, seed, steps):
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        assert all_cards(game) == list(range(N_CARDS))
        check_melds_legal(game)
        for seat in range(game.n_players):
            view = player_view(game, seat)
            assert not (view.visible_cards() & hidden_from(game, seat))
        actions = legal_actions(game, include_undo=True)
        if not actions:
            assert game.phase == "game_over"
            break
        for action in rng.sample(actions, min(len(actions), 6)):
            probe = game.clone()
            probe.apply(action)  # every enumerated action is legal
        for bogus in bogus_actions(game, rng):
            before = game.state_hash()
            probe = game.clone()
            try:
                probe.apply(bogus)
            except IllegalAction:
                assert probe.state_hash() == before  # refused: nothing changed
        game.apply(rng.choice(actions))
    return game


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2**31))
def test_random_play_keeps_every_invariant(rules, seed):
    game = play_and_check(rules, seed, steps=150)
    rebuilt = load_replay(replay_document(game))
    assert rebuilt.error is None
    assert rebuilt.game.state_hash() == game.state_hash()


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4]),
    preset=st.sampled_from(["classic", "modern_american"]),
    seed=st.integers(0, 2**31),
)
def test_random_play_keeps_every_invariant_at_every_count(players, preset, seed):
    game = play_and_check(Rules.preset(preset, players), seed, steps=120)
    rebuilt = load_replay(replay_document(game))
    assert rebuilt.error is None
    assert rebuilt.game.state_hash() == game.state_hash()


@settings(max_examples=6, deadline=None)
@given(preset=st.sampled_from(["classic", "modern_american"]), seed=st.integers(0, 2**31))
def test_complete_hands_under_both_presets(preset, seed):
    game = Game(Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    while game.hand_no <= 3 and game.phase != "game_over":
        actions = legal_actions(game)
        # A meld-loving random player, so hands end by going out as well as by stock end.
        building = [a for a in actions if isinstance(a, (Meld, TakePile))]
        game.apply(rng.choice(building if building and rng.random() < 0.8 else actions))
        if game.phase == "hand_over":
            scores = game.hand_scores
            assert all(s["total"] == sum(v for k, v in s.items() if k != "total") for s in scores)
    assert game.hand_no == 4 or game.phase == "game_over"
    assert sum(len(h["scores"]) for h in game.history) == 2 * len(game.history)
    assert game.totals == [sum(h["scores"][p]["total"] for h in game.history) for p in (0, 1)]
    rebuilt = load_replay(replay_document(game))
    assert rebuilt.game.state_hash() == game.state_hash()
