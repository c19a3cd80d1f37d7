"""RULES.md section 3.1-3.5: drawing, the blocked, frozen and unfrozen pile, taking it."""

import pytest

from game.logic import Draw, Rules, TakePile
from game.logic.cards import CARD_CODE
from tests.helpers.scenario import codes, position, refused


# ---- 3.1 drawing
def test_classic_draw_takes_two_cards_from_the_stock_front():
    game = position(hands=("4S 5S", "4D 5D"), stock="9H 10H JH")
    game.apply(Draw())
    assert codes(game.players[0].hand) == ["10H", "4S", "5S", "9H"]
    assert game.phase == "play"


def test_one_card_draw_rule():
    game = position(Rules(stock_draw=1), hands=("4S 5S", "4D 5D"), stock="9H 10H")
    game.apply(Draw())
    assert codes(game.players[0].hand) == ["4S", "5S", "9H"]


def test_red_three_drawn_is_laid_down_and_replaced():
    game = position(hands=("4S 5S", "4D 5D"), stock="3H 9H 10H")
    game.apply(Draw())
    assert codes(game.players[0].threes) == ["3H"]
    assert codes(game.players[0].hand) == ["10H", "4S", "5S", "9H"]


def test_red_three_without_replacement_option_draws_fewer_cards():
    game = position(Rules(red_three_replacement=False), hands=("4S 5S", "4D 5D"), stock="3H 9H 10H")
    game.apply(Draw())
    assert codes(game.players[0].threes) == ["3H"]
    assert codes(game.players[0].hand) == ["4S", "5S", "9H"]


# ---- 3.2 blocked
@pytest.mark.parametrize("top", ["3S", "2C", "JK"])
def test_black_three_or_wild_on_top_blocks_the_pile(top):
    game = position(hands=("3C 3C 2D JK 4S", "4D"), melds=({"9": "9S 9D 9H"}, {}), pile=f"9C {top}")
    refused(game, TakePile(("3C", "3C")), "pile_blocked")


def test_black_three_top_blocks_then_a_natural_discard_unblocks():
    game = position(
        hands=("6S 6D 5C", "6H 6C 3S 4S"),
        melds=({"K": "KS KD KH"}, {"Q": "QS QD QH"}),
        pile="9C",
        to_move=1,
        phase="play",
    )
    game.apply({"type": "discard", "card": "3S"})
    assert game.pile_is_blocked()
    refused(game, TakePile(()), "pile_blocked")
    game.apply(Draw())
    game.apply({"type": "discard", "card": "5C"})
    assert not game.pile_is_blocked()


# ---- 3.3 frozen
def test_frozen_pile_needs_natural_pair_not_one_natural_and_a_wild():
    game = position(hands=("7S 2C 4D 4H", "5D"), melds=({"K": "KS KD KH"}, {}), pile="JK 9D 7H")
    assert game.pile_is_frozen_for(0)
    error = refused(game, TakePile(("7S", "2C")), "pile_frozen")
    assert "two natural Sevens" in error.message


def test_frozen_pile_cannot_be_taken_with_a_meld_on_the_table():
    game = position(hands=("7S 4D", "5D"), melds=({"7": "7C 7D 7H"}, {}), pile="2S 9D 7H")
    refused(game, TakePile(()), "pile_frozen")


def test_frozen_pile_taken_with_natural_pair_melds_three_cards():
    game = position(hands=("7S 7D 4D 4H", "5D"), melds=({"K": "KS KD KH"}, {}), pile="JK 9D 7H")
    game.apply(TakePile(("7S", "7D")))
    me = game.players[0]
    assert codes(me.melds[7]) == ["7D", "7H", "7S"]
    assert codes(me.hand) == ["4D", "4H", "9D", "JK"]  # a wild card in the pile joins the hand
    assert codes(me.threes) == []
    assert game.pile == [] and game.pile_freezers == 0


def test_pile_is_frozen_for_a_player_who_has_not_opened():
    game = position(hands=("7S 2C 4D", "5D"), pile="9D 7H", opened=(False, True))
    assert game.pile_is_frozen_for(0) and not game.pile_is_frozen_for(1)
    refused(game, TakePile(("7S", "2C")), "pile_frozen")


def test_frozen_until_initial_meld_can_be_switched_off():
    game = position(
        Rules(frozen_until_initial_meld=False),
        hands=("7S 2C 4D 8S 8D", "5D"),
        pile="9D 7H",
        opened=(False, False),
    )
    assert not game.pile_is_frozen_for(0)


def test_pile_always_frozen_option():
    game = position(
        Rules(pile_always_frozen=True),
        hands=("7S 2C 4D", "5D"),
        melds=({"7": "7C 7D 7S"}, {}),
        pile="9D 7H",
    )
    assert game.pile_is_frozen_for(0)
    refused(game, TakePile(()), "pile_frozen")


# ---- 3.4 unfrozen
def test_unfrozen_pile_taken_with_one_natural_and_a_wild():
    game = position(hands=("7S 2C 4D 4H", "5D"), melds=({"K": "KS KD KH"}, {}), pile="9D 7H")
    game.apply(TakePile(("7S", "2C")))
    assert codes(game.players[0].melds[7]) == ["2C", "7H", "7S"]


def test_taking_a_pile_onto_an_existing_meld():
    game = position(hands=("4D 4H", "5D"), melds=({"7": "7C 7D 7S"}, {}), pile="9D 5C 7H")
    game.apply(TakePile(()))
    me = game.players[0]
    assert codes(me.melds[7]) == ["7C", "7D", "7H", "7S"]
    assert codes(me.hand) == ["4D", "4H", "5C", "9D"]
    assert [e.kind for e in game.last_events][:2] == ["pile_taken", "meld"]


def test_pile_needs_a_match():
    game = position(hands=("4D 4H", "5D"), melds=({"K": "KC KD KS"}, {}), pile="9D 7H")
    refused(game, TakePile(()), "pile_needs_match")


def test_take_pile_to_canasta_off_refuses_the_top_card_alone_but_allows_a_pair():
    rules = Rules(take_pile_to_canasta=False)
    game = position(
        rules, hands=("4D 4H 7S 7D", "5D"), melds=({"7": "7C 7D 7S 7H 7C 2S 2D"}, {}), pile="9D 7H"
    )
    refused(game, TakePile(()), "pile_to_canasta")
    game.apply(TakePile(("7S", "7D")))
    assert len(game.players[0].melds[7]) == 10


def test_take_pile_to_canasta_on_by_default():
    game = position(hands=("4D 4H", "5D"), melds=({"7": "7C 7D 7S 7H 7C 2S 2D"}, {}), pile="9D 7H")
    game.apply(TakePile(()))
    assert len(game.players[0].melds[7]) == 8


def test_natural_pair_required_option():
    game = position(
        Rules(natural_pair_required=True),
        hands=("7S 2C 4D 4H", "5D"),
        melds=({"7": "7C 7D 7H"}, {}),
        pile="9D 7H",
    )
    refused(game, TakePile(()), "pile_frozen")
    refused(game, TakePile(("7S", "2C")), "pile_frozen")


def test_one_card_pile_rule():
    two_canastas = {"7": "7C 7D 7H", "K": "KS KD KH KC KS KD KH", "Q": "QS QD QH QC QS QD QH"}
    game = position(hands=("7S", "5D"), melds=(two_canastas, {}), pile="7H")
    refused(game, TakePile(()), "one_card_pile")
    game = position(
        Rules(one_card_pile_rule=False), hands=("7S", "5D"), melds=(two_canastas, {}), pile="7H"
    )
    game.apply(TakePile(()))
    assert len(game.players[0].melds[7]) == 4


# ---- 3.5 taking the pile
def test_red_threes_inside_a_taken_pile_are_laid_down_not_replaced():
    game = position(
        hands=("7S 7D 4D", "5D"), melds=({"K": "KS KD KH"}, {}), pile="3H 9D 7H", stock="QH QS"
    )
    game.apply(TakePile(("7S", "7D")))
    me = game.players[0]
    assert codes(me.threes) == ["3H"]
    assert codes(me.hand) == ["4D", "9D"]
    assert CARD_CODE[game.stock[-1]] == "QH"


def test_pile_cards_are_locked_until_the_opening_minimum_is_met():
    game = position(hands=("7S 7D 4D 5S 6H", "5D"), pile="KD KH KS 7H", opened=(False, False))
    game.apply(TakePile(("7S", "7D")))  # 15 points: short of 50
    assert game.turn.locked
    refused(game, {"type": "meld", "cards": ["KD", "KH", "KS"]}, "cards_locked")
    refused(game, {"type": "discard", "card": "KD"}, "cards_locked")
    refused(game, {"type": "discard", "card": "4D"}, "initial_meld_short")


def test_locked_pile_cards_are_free_once_the_minimum_is_met():
    game = position(hands=("AS AD 4D 5S 6H", "5D"), pile="KD KH KS AH", opened=(False, False))
    game.apply(TakePile(("AS", "AD")))  # 60 points: opened
    assert game.players[0].opened and not game.turn.locked
    game.apply({"type": "meld", "cards": ["KD", "KH", "KS"]})
    game.apply({"type": "discard", "card": "4D"})
    assert game.to_move == 1
