"""Doctor hand and Swap cards: only before the first meld, on a copy, marked as practice."""

import pytest

from game.help import anchor_for
from game.logic import IllegalAction, Rules
from game.logic.actions import Draw, Meld
from game.logic.assist.practice import doctor_hand, practice_refusal, swap_hands
from game.logic.cards import CARD_CODE, IDS_OF_CODE, IS_WILD
from tests.helpers.scenario import all_cards, position


def card(game, code, place):
    return next(c for c in place if CARD_CODE[c] == code)


def test_doctor_exchanges_a_hand_card_with_a_stock_card_on_a_copy():
    game = position(hands=("4S 4D 8C", "QS QD 6C"), pile="5D 9H", opened=(False, False))
    before = game.state_hash()
    give = card(game, "8C", game.players[0].hand)
    take = game.stock[0]
    doctored, change = doctor_hand(game, 0, give, take)
    assert game.state_hash() == before
    assert take in doctored.players[0].hand and give not in doctored.players[0].hand
    assert doctored.stock[0] == give
    assert all_cards(doctored) == list(range(108))
    assert (change.kind, change.gave, change.took) == ("doctor", (give,), (take,))
    assert change.describe().endswith("(practice).")


def test_doctor_takes_from_the_opponents_hand_and_the_pile():
    game = position(hands=("4S 4D 8C", "QS QD 6C"), pile="5D 9H", opened=(False, False))
    queen = card(game, "QS", game.players[1].hand)
    doctored, _ = doctor_hand(game, 0, card(game, "8C", game.players[0].hand), queen)
    assert CARD_CODE[doctored.players[1].hand[0]] == "8C"
    two = IDS_OF_CODE["2C"][0]
    game.stock.remove(two)
    game.pile.insert(0, two)
    game.pile_freezers = 1
    unfrozen, _ = doctor_hand(game, 0, card(game, "4S", game.players[0].hand), two)
    assert unfrozen.pile_freezers == 0 and not any(IS_WILD[c] for c in unfrozen.pile)


def test_red_threes_and_cards_on_the_table_cannot_be_taken():
    game = position(
        hands=("4S 4D 8C", "QS QD 6C"), threes=("3H", ""), pile="5D 9H", opened=(False, False)
    )
    give = card(game, "8C", game.players[0].hand)
    red = next(c for c in game.stock if CARD_CODE[c] == "3D")
    with pytest.raises(IllegalAction) as info:
        doctor_hand(game, 0, give, red)
    assert info.value.code == "practice_card"
    with pytest.raises(IllegalAction):
        doctor_hand(game, 0, give, game.players[0].threes[0])


def test_nothing_may_be_changed_after_the_first_meld():
    game = position(hands=("4S 4D 4C 8C KS", "QS QD 6C"), phase="play", opened=(False, False))
    assert practice_refusal(game) is None
    game.apply(Meld(("4S", "4D", "4C")))
    refusal = practice_refusal(game)
    assert refusal is not None and refusal.code == "practice_after_meld"
    assert anchor_for(refusal.code) == "practice"
    with pytest.raises(IllegalAction):
        swap_hands(game, 0)


def test_swap_exchanges_the_hands_and_play_goes_on():
    game = position(Rules(), hands=("4S 4D 8C", "QS QD 6C 7C"), opened=(False, False))
    swapped, change = swap_hands(game, 0)
    assert [CARD_CODE[c] for c in swapped.players[0].hand] == ["QS", "QD", "6C", "7C"]
    assert [CARD_CODE[c] for c in swapped.players[1].hand] == ["4S", "4D", "8C"]
    assert change.kind == "swap" and "swapped" in change.describe()
    swapped.apply(Draw())
    assert len(swapped.players[0].hand) == 6
