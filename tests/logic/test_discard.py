"""RULES.md section 3.6: discarding, and the Modern discard restrictions."""

import pytest

from game.logic import Discard, Rules, TakePile
from tests.helpers.scenario import codes, position, refused

OPEN = {"K": "KS KD KH"}


def test_discarding_ends_the_turn():
    game = position(hands=("4S 5S 6S", "4D 5D"), melds=(OPEN, {}), phase="play")
    game.apply(Discard("6S"))
    assert game.to_move == 1 and game.phase == "draw"
    assert codes(game.pile) == ["6S"]


def test_discarding_a_wild_card_freezes_the_pile():
    game = position(hands=("4S 5S 2S", "4D 5D"), melds=(OPEN, {}), pile="9H", phase="play")
    game.apply(Discard("2S"))
    assert game.pile_is_frozen_for(0) and game.pile_is_frozen_for(1)
    assert game.pile_is_blocked()


def test_discarding_a_black_three_blocks_but_does_not_freeze():
    game = position(hands=("4S 5S 3S", "4D 5D"), melds=(OPEN, OPEN), pile="9H", phase="play")
    game.apply(Discard("3S"))
    assert game.pile_is_blocked()
    assert not game.pile_is_frozen_for(1)


def test_prohibit_wild_discard():
    rules = Rules(prohibit_wild_discard=True)
    game = position(rules, hands=("4S 5S 2S", "4D 5D"), melds=(OPEN, {}), phase="play")
    refused(game, Discard("2S"), "no_wild_discard")
    game.apply(Discard("4S"))


def test_prohibit_wild_discard_allows_a_hand_of_only_wild_cards():
    game = position(
        Rules(prohibit_wild_discard=True), hands=("2S JK", "4D 5D"), melds=(OPEN, {}), phase="play"
    )
    game.apply(Discard("JK"))


def test_prohibit_wild_discard_allows_the_final_discard_of_going_out():
    two = {"K": "KS KD KH KC KS KD KH", "Q": "QS QD QH QC QS QD QH"}
    game = position(
        Rules(prohibit_wild_discard=True), hands=("2S", "4D 5D"), melds=(two, {}), phase="play"
    )
    game.apply(Discard("2S"))
    assert game.went_out == 0


def test_prohibit_ace_seven_to_empty_pile():
    rules = Rules.modern_american()
    game = position(rules, hands=("AS 7S 5D", "4D 5D"), melds=({"K": "KS KD KH"}, {}), phase="play")
    refused(game, Discard("AS"), "no_ace_seven_discard")
    refused(game, Discard("7S"), "no_ace_seven_discard")
    game.apply(Discard("5D"))


def test_ace_seven_may_go_onto_a_pile_that_has_cards():
    game = position(
        Rules.modern_american(),
        hands=("AS 7S 5D", "4D 5D"),
        melds=({"K": "KS KD KH"}, {}),
        pile="9C",
        phase="play",
    )
    game.apply(Discard("AS"))


def test_discard_red_three_to_freeze():
    rules = Rules(discard_red_three_to_freeze=True)
    game = position(
        rules,
        hands=("4S 5S", "4D 5D"),
        melds=(OPEN, {}),
        threes=("3H", ""),
        pile="9H",
        phase="play",
    )
    game.apply(Discard("3H"))
    assert game.players[0].threes == [] and codes(game.players[0].hand) == ["4S", "5S"]
    assert game.pile_is_blocked() and game.pile_is_frozen_for(1)


def test_red_three_may_not_be_discarded_without_the_option():
    game = position(hands=("4S 5S", "4D 5D"), melds=(OPEN, {}), threes=("3H", ""), phase="play")
    refused(game, Discard("3H"), "card_not_in_hand")


def test_discard_needs_the_draw_first():
    game = position(hands=("4S 5S", "4D 5D"), melds=(OPEN, {}))
    refused(game, Discard("4S"), "draw_first")


def test_wrong_player_cannot_discard_a_card_they_do_not_hold():
    game = position(hands=("4S 5S", "4D 5D"), melds=(OPEN, {}), phase="play")
    refused(game, Discard("4D"), "card_not_in_hand")


@pytest.mark.parametrize(
    "raw",
    [
        {"type": "discard"},
        {"type": "discard", "card": "ZZ"},
        {"type": "discard", "card": "4S", "extra": 1},
        {"type": "fly"},
        "discard",
        {"type": "meld", "cards": "4S"},
    ],
)
def test_malformed_actions_are_refused_and_change_nothing(raw):
    game = position(hands=("4S 5S", "4D 5D"), melds=(OPEN, {}), phase="play")
    before = game.state_hash()
    with pytest.raises(Exception) as info:
        game.apply(raw)
    assert getattr(info.value, "code", None) in ("bad_action", "bad_card")
    assert game.state_hash() == before


def test_take_pile_then_discard_the_rest():
    game = position(hands=("9S 9D 5C", "4D"), melds=(OPEN, {}), pile="4H 9H")
    game.apply(TakePile(("9S", "9D")))
    game.apply(Discard("4H"))
    assert codes(game.pile) == ["4H"]
