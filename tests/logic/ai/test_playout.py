"""The search's play-out policy on scripted positions: it plays legal, brisk, sensible moves."""

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.logic import Game, IllegalAction, Rules, legal_actions
from game.logic.actions import Discard, Draw, Meld, TakePile
from game.logic.ai import evaluation, playout, search
from game.logic.phases import PLAY
from tests.helpers.scenario import position

CANASTA_Q = "QS QH QD QC QS QH QD"
CANASTA_J = "JS JH JD JC JS JH JD"


def test_goes_out_at_the_first_chance():
    game = position(
        hands=("KS KH KD 5C", "4S 4H 6D"),
        melds=({"Q": CANASTA_Q, "J": CANASTA_J}, {"9": "9S 9H 9D"}),
        phase=PLAY,
    )
    rng = random.Random(1)
    while game.phase == PLAY and game.to_move == 0:
        game.apply(playout.choose(game, rng))
    assert game.went_out == 0


def test_takes_a_pile_its_own_meld_takes_but_not_a_two_card_one():
    melds = ({"K": "KS KH KD"}, {"9": "9S 9H 9D"})
    big = position(hands=("5C 6D 8H", "4S 4H"), melds=melds, pile="7C 4D 10S KC")
    assert isinstance(playout.choose(big, random.Random(1)), TakePile)
    small = position(hands=("5C 6D 8H", "4S 4H"), melds=melds, pile="10S KC")
    assert isinstance(playout.choose(small, random.Random(1)), Draw)


def test_spends_wild_cards_only_to_finish_a_canasta():
    # Two Jokers: onto the six Kings they finish a canasta; onto the three Fives they do not.
    game = position(
        hands=("JK JK 8C 9D 10H 4S 4D", "4H 6D 7C"),
        melds=({"K": "KS KH KD KC KS KH", "5": "5S 5H 5D"}, {"9": "9S 9H 9D"}),
        phase=PLAY,
    )
    action = playout.choose(game, random.Random(1))
    assert isinstance(action, Meld)
    assert "JK" in action.cards and not ({"5S", "5H", "5D"} & set(action.cards))
    game.apply(action)
    assert game.players[0].canastas() == 1


def test_does_not_discard_a_card_the_opponent_can_lay_off():
    # Nine fits the opponent's meld of Nines (the pile is not frozen): the Four goes instead.
    game = position(
        hands=("9C 4D", "5H 6D 7C"),
        melds=({"K": "KS KH KD"}, {"9": "9S 9H 9D"}),
        pile="8S",
        phase=PLAY,
    )
    action = playout.choose(game, random.Random(1))
    assert action == Discard("4D")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), preset=st.sampled_from(["classic", "modern_american"]))
# A meld that would leave only cards that may not be discarded (one card; Aces, Sevens and wild
# cards on an empty pile), melded and taken back for ever.
@example(seed=596, preset="modern_american")
@example(seed=1848, preset="modern_american")
@example(seed=1852, preset="modern_american")
@example(seed=1890, preset="modern_american")
def test_plays_whole_hands_with_legal_actions_only(seed, preset):
    game = Game(Rules.preset(preset), seed=seed).clone(recording=False)
    rng = random.Random(seed)
    steps = 0
    while game.phase in ("draw", "play") and steps < 2000:
        game.apply(playout.choose(game, rng))  # raises IllegalAction if it is not legal
        steps += 1
    assert game.phase in ("hand_over", "game_over")


def test_a_corner_with_no_legal_action_ends_the_play_out_with_a_refusal():
    # Modern American: two Aces onto an empty pile, no canasta to go out with, and a play-out
    # copy keeps no undo to take the melds back.
    game = position(
        rules=Rules.preset("modern_american"),
        hands=("AH AS", "5C 6H 7S"),
        melds=({"Q": "QS QH QD QC"}, {}),
        phase=PLAY,
    ).clone(recording=False)
    game.record_undo = False
    assert legal_actions(game) == []
    with pytest.raises(IllegalAction):
        playout.choose(game, random.Random(1))
    world = game.clone(recording=False)
    assert search.rollout(world, 0, 30, random.Random(2)) == evaluation.value(game, 0)
