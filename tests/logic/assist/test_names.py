"""Cards and ranks in words, never codes."""

from game.logic.assist import card_name, cards_text, code_name, codes_text, rank_plural
from game.logic.assist.names import article, count_text, join_words
from game.logic.cards import IDS_OF_CODE, N_CARDS


def test_cards_are_named_with_suit_symbols_and_jokers_in_words():
    assert code_name("8H") == "8♥"
    assert code_name("10D") == "10♦"
    assert code_name("AS") == "A♠"
    assert code_name("KC") == "K♣"
    assert code_name("JK") == "Joker"
    assert card_name(IDS_OF_CODE["7S"][1]) == "7♠"


def test_no_card_name_is_a_code():
    for card in range(N_CARDS):
        name = card_name(card)
        assert name[-1] in "♠♥♦♣" or name == "Joker"


def test_cards_text_sorts_for_display_and_codes_text_keeps_order():
    cards = [IDS_OF_CODE[c][0] for c in ("JK", "8D", "8S")]
    assert cards_text(cards) == "8♠ 8♦ Joker"
    assert codes_text(["JK", "8D"]) == "Joker 8♦"


def test_small_words():
    assert rank_plural(9) == "Nines" and rank_plural(2) == "wild cards"
    assert article("Eight") == "an Eight" and article("Nine") == "a Nine"
    assert count_text(2, "card") == "two cards" and count_text(12, "card") == "12 cards"
    assert count_text(2, "Six", "Sixes") == "two Sixes"
    assert join_words(["a", "b", "c"]) == "a, b and c"
