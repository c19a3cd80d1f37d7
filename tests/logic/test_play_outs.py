"""The engine's fast paths change nothing the rules decide: the counts a player keeps as melds
change always equal a full recount, a copy that does not record (the search's play-outs) reaches
the same states as a recording game, and the melds the listing keeps once worked out are the ones
it would work out afresh."""

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.bench import engine as bench
from game.logic import Game, Meld, Rules, TakePile, legal_actions
from game.logic import legal as listing
from game.logic.cards import IS_WILD
from game.logic.events import Event
from game.logic.melds import CANASTA_SIZE
from tests.logic.test_properties import rule_sets


def meld_loving_choice(rng, actions):
    # Melds and pile takes most of the time, so that canastas are made and counted.
    building = [a for a in actions if isinstance(a, (Meld, TakePile))]
    return rng.choice(building if building and rng.random() < 0.8 else actions)


def assert_counts_match_a_recount(game):
    for player in game.players:
        canastas = sum(len(cards) >= CANASTA_SIZE for cards in player.melds.values())
        assert player.canastas() == canastas
        for key, cards in player.melds.items():
            assert player.meld_wilds(key) == sum(IS_WILD[c] for c in cards)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2**31))
def test_kept_counts_equal_a_full_recount_after_random_play_undo_and_new_hands(rules, seed):
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        actions = legal_actions(game, include_undo=True)
        if not actions:
            break
        game.apply(meld_loving_choice(rng, actions))
        assert_counts_match_a_recount(game)


@pytest.mark.slow
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2**31))
def test_a_copy_that_does_not_record_reaches_the_same_states_as_a_recording_game(rules, seed):
    game = Game(rules, seed=seed)
    play = game.clone(recording=False)
    rng = random.Random(seed)
    for _ in range(300):
        actions = legal_actions(game, include_undo=True)
        if not actions:
            break
        # Both list the same actions, undo included: undo snapshots are still taken, only the
        # records are not.
        assert legal_actions(play, include_undo=True) == actions
        action = meld_loving_choice(rng, actions)
        game.apply(action)
        assert play.apply(action) == []
        assert play.state_hash() == game.state_hash()
        assert_counts_match_a_recount(play)
    assert play.state_hash() == game.state_hash()
    assert play.log == [] and play.last_events == []
    assert play.totals == game.totals and play.history == game.history


def test_a_copy_keeps_its_source_way_of_recording_unless_told():
    game = Game(Rules(), seed=3)
    quiet = game.clone(recording=False)
    assert game.recording and not quiet.recording
    assert not quiet.clone().recording
    loud = quiet.clone(recording=True)
    assert loud.recording
    loud.apply(legal_actions(loud)[0])
    assert len(loud.log) == 1


def test_a_copy_shares_meld_lists_yet_playing_on_it_leaves_the_source_as_it_was():
    game = Game(Rules(), seed=11)
    rng = random.Random(11)
    while not any(p.melds for p in game.players):
        game.apply(meld_loving_choice(rng, legal_actions(game)))
    before = game.state_hash()
    melds_before = {p: dict(pl.melds) for p, pl in enumerate(game.players)}
    copy = game.clone(recording=False)
    for _ in range(200):
        actions = legal_actions(copy, include_undo=True)
        if not actions:
            break
        copy.apply(meld_loving_choice(rng, actions))
    assert game.state_hash() == before
    for p, pl in enumerate(game.players):
        assert pl.melds == melds_before[p]


def test_assigning_melds_whole_counts_them_afresh():
    game = Game(Rules(), seed=5)
    player = game.players[0]
    # Six Kings with a Joker (a canasta), and three Fives with a Two.
    player.melds = {13: [12, 25, 38, 51, 64, 77, 104], 5: [4, 17, 30, 1]}
    assert player.canastas() == 1
    assert player.meld_wilds(13) == 1 and player.meld_wilds(5) == 1
    assert player.meld_wilds(9) == 0
    assert player.add_to_meld(5, [43, 56, 69, 105]) == [4, 17, 30, 1, 43, 56, 69, 105]
    assert player.canastas() == 2 and player.meld_wilds(5) == 2
    player.add_to_meld(9, [8, 21, 34])
    assert player.canastas() == 2 and player.meld_wilds(9) == 0 and len(player.melds) == 3


def test_listings_worked_out_afresh_equal_the_kept_ones():
    for preset in ("classic", "modern_american"):
        game = Game(Rules.preset(preset), seed=21)
        rng = random.Random(21)
        for _ in range(300):
            if game.phase not in ("draw", "play"):
                break
            kept = legal_actions(game)
            listing._RANK_MELDS.clear()
            assert legal_actions(game) == kept
            game.apply(meld_loving_choice(rng, kept))


def test_an_event_made_without_info_has_an_empty_record_of_its_own():
    first, second = Event("turn", 0), Event("turn", 1, info=None)
    assert first.info == {} and second.info == {}
    assert first.info is not second.info


def test_the_bench_plays_out_hands_of_the_same_kind_on_copies_that_do_not_record():
    result = bench.run(hands=2, seed=4)
    assert result["hands"] == 4
    for figures in result["presets"].values():
        assert figures["actions_per_hand"] > 0 and figures["playout_actions_per_hand"] > 0
    text = bench.describe(result)
    assert "play-outs" in text and "legal-move enumeration" in text
    # The suite runs the Python modules unless asked for the compiled ones; the bench says which.
    compiled = os.environ["CANASTA_ENGINE"] == "compiled"
    assert text.splitlines()[0] == (
        "engine: compiled" if compiled else "engine: python (turned off)"
    )
