"""What the engine keeps as the game goes, so that listing and applying moves need not work it out
again, always equals what working it out afresh gives: the hand's rank groups (also after the
hand is assigned or edited from outside), the melds' points, the listing itself, the cards a meld
names, the turn record reset in place, and the shuffle's numbers read in bulk."""

import dataclasses
import hashlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.logic import Game, IllegalAction, Meld, Rules, Undo, legal_actions
from game.logic import legal as listing
from game.logic.cards import ALL_CARDS, CARD_CODE, CARD_POINTS, CARD_RANK, N_CARDS
from game.logic.events import Event
from game.logic.hand.card_lookup import first_cards, take_codes
from game.logic.phases import DRAW, PLAY
from game.logic.shuffle import HashStream, deck_order, shuffled
from tests.logic.test_play_outs import assert_counts_match_a_recount, meld_loving_choice
from tests.logic.test_properties import rule_sets


def recount_groups(hand):
    groups = [[] for _rank in range(15)]
    for card in hand:
        groups[CARD_RANK[card]].append(card)
    return groups


def assert_kept_state_matches_a_recount(game):
    assert_counts_match_a_recount(game)
    for player in game.players:
        assert player.rank_groups() == recount_groups(player.hand)
        points = sum(CARD_POINTS[card] for cards in player.melds.values() for card in cards)
        assert player.meld_points() == points


def clear_worked_out_listings():
    listing._RANK_MELDS.clear()
    listing._WILD_MELDS.clear()
    listing._PATTERNS.clear()


def edit_hand_from_outside(game, rng):
    """Reorder a hand the ways outside code does: assign a new list, swap two cards in place, or
    take a card out and put it back at the end."""
    player = game.players[rng.randrange(2)]
    hand = player.hand
    if len(hand) < 2:
        return
    way = rng.randrange(3)
    if way == 0:
        player.hand = rng.sample(hand, len(hand))
    elif way == 1:
        i, j = rng.sample(range(len(hand)), 2)
        hand[i], hand[j] = hand[j], hand[i]
    else:
        hand.append(hand.pop(rng.randrange(len(hand))))


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 2**31))
def test_kept_groups_and_listings_equal_a_recount_after_play_undo_and_outside_edits(rules, seed):
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for step in range(400):
        if step % 7 == 3:
            edit_hand_from_outside(game, rng)
        actions = legal_actions(game, include_undo=True)
        if not actions:
            break
        # A copy indexes its hands afresh: the listing must not depend on what was kept.
        assert legal_actions(game.clone(), include_undo=True) == actions
        game.apply(meld_loving_choice(rng, actions))
        assert_kept_state_matches_a_recount(game)


def test_listings_from_emptied_tables_equal_the_kept_ones():
    for preset in ("classic", "modern_american"):
        game = Game(Rules.preset(preset), seed=33)
        rng = random.Random(33)
        for _ in range(300):
            if game.phase not in (DRAW, PLAY):
                break
            kept = legal_actions(game, include_undo=True)
            clear_worked_out_listings()
            assert legal_actions(game.clone(), include_undo=True) == kept
            game.apply(meld_loving_choice(rng, kept))


@settings(max_examples=200, deadline=None)
@given(
    hand=st.lists(st.sampled_from(ALL_CARDS), max_size=20, unique=True),
    picks=st.lists(st.sampled_from(sorted(set(CARD_CODE[:N_CARDS]))), min_size=1, max_size=5),
)
def test_finding_a_meld_s_cards_by_rank_group_agrees_with_the_hand_walk(hand, picks):
    try:
        expected = take_codes(picks, hand)
    except IllegalAction:
        expected = None
    assert first_cards(picks, recount_groups(hand)) == expected


def test_a_copy_keeps_its_turn_when_the_source_begins_the_next():
    game = Game(Rules(), seed=8)
    game.apply(legal_actions(game)[0])  # draw
    copy = game.clone()
    before = (copy.turn.no, copy.turn.drew, list(copy.turn.drawn))
    rng = random.Random(8)
    while game.turn.no == copy.turn.no:
        game.apply(rng.choice(legal_actions(game)))
    assert (copy.turn.no, copy.turn.drew, list(copy.turn.drawn)) == before
    assert game.turn.drew is None and game.turn.drawn == [] and not game.turn.undo


def test_a_meld_is_a_frozen_value_however_it_is_made():
    made = Meld(("8H", "8S", "JK"), "8")
    assert made == Meld(cards=("8H", "8S", "JK"), rank="8")
    assert hash(made) == hash(Meld(("8H", "8S", "JK"), "8"))
    assert Meld(("5C",)).rank is None
    assert dataclasses.replace(made, rank=None) == Meld(("8H", "8S", "JK"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.rank = "9"  # type: ignore[misc]


def reference_numbers(key):
    """The stream as docs/replay-format.md defines it, one number at a time."""
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        counter += 1
        for i in range(0, 32, 4):
            yield int.from_bytes(block[i : i + 4], "big")


def reference_below(numbers, bound):
    limit = (1 << 32) - (1 << 32) % bound
    value = next(numbers)
    while value >= limit:
        value = next(numbers)
    return value % bound


def reference_shuffle(items, key):
    out = list(items)
    numbers = reference_numbers(key)
    for i in range(len(out) - 1, 0, -1):
        j = reference_below(numbers, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("length", [0, 1, 2, 8, 9, 17, 50, N_CARDS, 300])
def test_the_bulk_shuffle_equals_the_shuffle_as_specified(length):
    for label in (b"a", b"canasta", bytes(range(32))):
        assert shuffled(range(length), label) == reference_shuffle(range(length), label)


def test_a_stream_reads_the_numbers_as_specified():
    stream = HashStream(b"key")
    numbers = reference_numbers(b"key")
    assert [stream.next32() for _ in range(40)] == [next(numbers) for _ in range(40)]
    bounded = HashStream(b"other")
    numbers = reference_numbers(b"other")
    assert [bounded.below(7) for _ in range(20)] == [reference_below(numbers, 7) for _ in range(20)]


def test_a_deck_still_holds_each_card_once_with_twins_in_deal_order():
    deck = deck_order(12345, 3)
    assert sorted(deck) == list(range(N_CARDS))
    seen = {}
    for card in deck:
        code = CARD_CODE[card]
        assert all(card > other for other in seen.get(code, []))
        seen.setdefault(code, []).append(card)


def play_until_a_meld_is_undone(preset, seed):
    """A game just after an Undo took back a meld made from a listing; None if none came."""
    game = Game(Rules.preset(preset), seed=seed)
    rng = random.Random(seed)
    for _ in range(600):
        actions = legal_actions(game, include_undo=True)
        if not actions:
            return None
        melds = [a for a in actions if isinstance(a, Meld)]
        if game.phase == PLAY and melds:
            game.apply(rng.choice(melds))
            undo = [a for a in legal_actions(game, include_undo=True) if isinstance(a, Undo)]
            game.apply(undo[0])
            return game
        game.apply(rng.choice(actions))
    return None


@pytest.mark.parametrize("preset", ["classic", "modern_american"])
def test_the_listing_offered_again_after_an_undo_is_the_listing_of_that_state(preset):
    for seed in range(5):
        game = play_until_a_meld_is_undone(preset, seed)
        assert game is not None
        again = legal_actions(game, include_undo=True)
        assert again == legal_actions(game.clone(), include_undo=True)
        assert legal_actions(game) == legal_actions(game.clone())


def test_a_hand_edited_after_an_undo_is_listed_afresh():
    game = play_until_a_meld_is_undone("classic", 3)
    assert game is not None
    hand = game.mover.hand
    hand.append(hand.pop(0))  # the first card to the end: other discards come first
    assert legal_actions(game, include_undo=True) == legal_actions(game.clone(), include_undo=True)


def test_an_event_is_a_frozen_value_however_it_is_made():
    made = Event("discard", 1, (5,), None, {"from_threes": False})
    assert made == Event(kind="discard", player=1, cards=(5,), info={"from_threes": False})
    assert dataclasses.replace(made, player=0).player == 0 and made.player == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.player = 0  # type: ignore[misc]
