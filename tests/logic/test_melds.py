"""RULES.md sections 4.1-4.4 and 4.6: meld form, canastas, wild melds, pure melds, special melds,
Black Threes."""

from game.logic import Discard, Meld, Rules, legal_actions
from game.logic.cards import CARD_CODE
from tests.helpers.scenario import all_cards, codes, position, refused

OPEN = {"K": "KS KD KH"}


def meld(game, text, rank=None):
    return game.apply(Meld(tuple(text.split()), rank))


def test_meld_of_three_naturals():
    game = position(hands=("8S 8D 8H 4C 5C", "4D"), phase="play", melds=(OPEN, {}))
    meld(game, "8S 8D 8H")
    assert codes(game.players[0].melds[8]) == ["8D", "8H", "8S"]


def test_new_meld_needs_three_cards():
    game = position(hands=("8S 8D 4C 5C", "4D"), phase="play", melds=(OPEN, {}))
    refused(game, Meld(("8S", "8D")), "too_few_cards")


def test_meld_holds_one_rank():
    game = position(hands=("8S 8D 9H 4C 5C", "4D"), phase="play", melds=(OPEN, {}))
    refused(game, Meld(("8S", "8D", "9H")), "mixed_ranks")


def test_wild_cards_may_not_outnumber_naturals():
    game = position(hands=("8S 2D JK 4C 5C", "4D"), phase="play", melds=(OPEN, {}))
    refused(game, Meld(("8S", "2D", "JK")), "too_many_wild")


def test_at_most_three_wild_cards_classic_two_modern():
    game = position(hands=("8S 8D 8H 8C 2D JK 2S JK 4C", "4D"), phase="play", melds=(OPEN, {}))
    refused(game, Meld(("8S", "8D", "8H", "8C", "2D", "JK", "2S", "JK")), "too_many_wild")
    meld(game, "8S 8D 8H 8C 2D JK 2S")
    rules = Rules(max_wild_per_meld=2)
    game = position(rules, hands=("8S 8D 8H 2D JK 2S 4C 5C", "4D"), phase="play", melds=(OPEN, {}))
    refused(game, Meld(("8S", "8D", "8H", "2D", "JK", "2S")), "too_many_wild")


def test_cards_of_a_melded_rank_are_added_to_the_existing_meld():
    game = position(hands=("8S 2D 4C 5C", "4D"), phase="play", melds=({"8": "8C 8D 8H"}, {}))
    meld(game, "8S")
    meld(game, "2D", "8")
    assert codes(game.players[0].melds[8]) == ["2D", "8C", "8D", "8H", "8S"]
    assert len(game.players[0].melds) == 1


def test_wild_card_needs_a_named_meld():
    game = position(hands=("2D 4C 5C", "4D"), phase="play", melds=({"8": "8C 8D 8H"}, {}))
    refused(game, Meld(("2D",)), "name_rank")
    refused(game, Meld(("2D",), "9"), "too_few_cards")


def test_seven_cards_make_a_natural_canasta_and_a_wild_makes_it_mixed():
    game = position(
        hands=("8S 8D 8H 2C 4C 5C", "4D"), phase="play", melds=({"8": "8C 8D 8H 8C"}, {})
    )
    events = meld(game, "8S 8D 8H")
    canasta = [e for e in events if e.kind == "canasta"]
    assert canasta and canasta[0].info["kind"] == "natural"
    meld(game, "2C", "8")
    assert len(game.players[0].melds[8]) == 8


def test_mixed_canasta_event():
    game = position(
        hands=("8S 8D JK 4C 5C 6C", "4D"), phase="play", melds=({"8": "8C 8D 8H 8C"}, {})
    )
    events = meld(game, "8S 8D JK")
    assert [e.info["kind"] for e in events if e.kind == "canasta"] == ["mixed"]


def test_extended_canastas_off_caps_melds_at_seven():
    game = position(
        Rules(extended_canastas=False),
        hands=("8S 4C 5C 6C", "4D"),
        phase="play",
        melds=({"8": "8C 8D 8H 8C 8D 8H 2S"}, {}),
    )
    refused(game, Meld(("8S",)), "canasta_full")


def test_wild_melds_only_with_wild_canastas():
    game = position(hands=("2S 2D JK 4C 5C", "4D"), phase="play", melds=(OPEN, {}))
    refused(game, Meld(("2S", "2D", "JK"), "wild"), "no_wild_melds")
    game = position(
        Rules(wild_canastas=True), hands=("2S 2D JK 4C 5C", "4D"), phase="play", melds=(OPEN, {})
    )
    meld(game, "2S 2D JK", "wild")
    assert codes(game.players[0].melds[2]) == ["2D", "2S", "JK"]


def test_prohibit_interim_mixed_melds():
    rules = Rules(wild_canastas=True, prohibit_interim_mixed_melds=True)
    game = position(
        rules, hands=("2S 8S 8D 8H 2H 4C 5C", "4D"), phase="play", melds=({"wild": "2C 2D JK"}, {})
    )
    refused(game, Meld(("8S", "8D", "8H", "2S")), "wild_meld_open")
    meld(game, "8S 8D 8H")
    meld(game, "2S")  # onto the wild meld, the only open wild meld
    assert len(game.players[0].melds[2]) == 4


def test_pure_sevens_take_no_wild_cards():
    rules = Rules.modern_american()
    game = position(rules, hands=("7S 7D 7H 2C 4C 5C", "4D"), phase="play", melds=(OPEN, {}))
    refused(game, Meld(("7S", "7D", "7H", "2C")), "pure_sevens")


def test_pure_aces_take_a_wild_card_only_in_the_initial_meld():
    rules = Rules.modern_american()
    game = position(
        rules,
        hands=("AS AD AH JK KS KD KH QS QD QH 4C 5C 6C", "4D"),
        phase="play",
        opened=(False, False),
    )
    meld(game, "AS AD AH JK")
    meld(game, "KS KD KH")
    assert game.players[0].opened
    game = position(
        rules,
        hands=("JK 4C 5C", "4D"),
        phase="play",
        melds=({"A": "AS AD AH", "K": "KS KD KH"}, {}),
    )
    refused(game, Meld(("JK",), "A"), "pure_aces")


def test_pure_aces_take_no_wild_card_later_in_the_opening_turn():
    rules = Rules.modern_american()
    game = position(
        rules,
        hands=("AS AD AH JK KS KD KH QS QD QH 4C 5C 6C", "4D"),
        phase="play",
        opened=(False, False),
    )
    meld(game, "AS AD AH")
    refused(game, Meld(("JK",), "A"), "pure_aces")
    meld(game, "KS KD KH JK")  # the Joker may still go to another meld


def test_pure_aces_laid_down_after_the_opening_turn_take_no_wild_card():
    rules = Rules.modern_american()
    game = position(
        rules, hands=("AS AD AH JK 4C 5C", "4D"), phase="play", melds=({"K": "KS KD KH"}, {})
    )
    refused(game, Meld(("AS", "AD", "AH", "JK")), "pure_aces")


def test_black_threes_only_when_going_out():
    two = {"K": "KS KD KH KC KS KD KH", "Q": "QS QD QH QC QS QD QH"}
    game = position(hands=("3S 3C 3S 4D 5D", "4D"), phase="play", melds=(two, {}))
    refused(game, Meld(("3S", "3C", "3S")), "black_threes_last")
    game = position(hands=("3S 3C 3S 4D", "4D"), phase="play", melds=(OPEN, {}))
    refused(game, Meld(("3S", "3C", "3S")), "need_canastas")
    game = position(hands=("3S 3C 3S 4D", "4D"), phase="play", melds=(two, {}))
    meld(game, "3S 3C 3S")
    refused(game, Meld(("4D",)), "black_threes_last")
    game.apply(Discard("4D"))
    assert game.went_out == 0 and game.phase == "hand_over"


def test_black_threes_with_a_wild_only_with_the_option():
    two = {"K": "KS KD KH KC KS KD KH", "Q": "QS QD QH QC QS QD QH"}
    game = position(hands=("3S 3C 2D", "4D"), phase="play", melds=(two, {}))
    refused(game, Meld(("3S", "3C", "2D")), "black_threes")
    game = position(
        Rules(black_three_out_with_wild=True),
        hands=("3S 3C 2D", "4D"),
        phase="play",
        melds=(two, {}),
    )
    meld(game, "3S 3C 2D")
    assert game.went_out == 0


def special_game(hand, threes=""):
    rules = Rules.modern_american()
    game = position(
        rules, hands=(hand, "4D 5D"), threes=(threes, ""), opened=(False, False), phase="play"
    )
    return game


def test_special_meld_seven_pairs_goes_out_at_once():
    game = special_game("4S 4D 5S 5D 6S 6D 8S 8D 9S 9D 10S 10D JS JD")
    meld(game, "4S 4D 5S 5D 6S 6D 8S 8D 9S 9D 10S 10D JS JD", "special")
    assert game.phase == "hand_over" and game.special == (0, "seven_pairs", 2500)
    assert game.hand_scores[0] == {
        "melded": 0,
        "canasta_bonus": 0,
        "going_out": 2500,
        "threes": 0,
        "in_hand": 0,
        "penalties": 0,
        "total": 2500,
    }


def test_special_meld_pairs_with_twos_need_sevens_and_aces():
    game = special_game("2S 2D 7S 7D AS AD 6S 6D 8S 8D 9S 9D JS JD")
    meld(game, "2S 2D 7S 7D AS AD 6S 6D 8S 8D 9S 9D JS JD", "special")
    assert game.special[1:] == ("seven_pairs_wild", 2000)
    game = special_game("2S 2D 5S 5D AS AD 6S 6D 8S 8D 9S 9D JS JD")
    refused(
        game,
        Meld(
            ("2S", "2D", "5S", "5D", "AS", "AD", "6S", "6D", "8S", "8D", "9S", "9D", "JS", "JD"),
            "special",
        ),
        "not_special",
    )


def test_special_meld_garbage_and_straight():
    game = special_game("4S 4D 4H 4C 5S 5D 5H 5C 6S 6D 6H 8S 8D 8H")
    meld(game, "4S 4D 4H 4C 5S 5D 5H 5C 6S 6D 6H 8S 8D 8H", "special")
    assert game.special[1:] == ("garbage", 2000)
    straight = "JK 2S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    game = special_game(straight + " 9D", threes="3H")
    meld(game, straight + " 9D", "special")  # the fourteenth card is uncounted
    assert game.special[1:] == ("straight", 3000)
    game = special_game(straight + " 9D")
    refused(game, Meld((*straight.split(), "9D"), "special"), "not_special")


def test_a_special_meld_takes_the_whole_hand_or_is_refused():
    straight = "JK 2S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    game = special_game(straight + " 9D", threes="3H")
    refused(game, Meld(tuple(straight.split()), "special"), "special_whole_hand")
    pairs = "4S 4D 5S 5D 6S 6D 8S 8D 9S 9D 10S 10D JS JD"
    game = special_game(pairs + " QH")
    refused(game, Meld(tuple(pairs.split()), "special"), "special_whole_hand")
    assert not [a for a in legal_actions(game) if isinstance(a, Meld) and a.rank == "special"]


def test_every_card_is_accounted_for_after_a_special_meld():
    straight = "JK 2S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 9D"
    game = special_game(straight, threes="3H")
    meld(game, straight, "special")
    assert codes(game.players[0].special_cards) == sorted(straight.split())
    assert all_cards(game) == list(range(108))


def test_special_meld_not_after_melding():
    game = special_game("4S 4D 5S 5D 6S 6D 8S 8D 9S 9D 10S 10D JS JD")
    game.players[0].melds = {13: [CARD_CODE.index("KS")]}
    refused(
        game,
        Meld(
            (
                "4S",
                "4D",
                "5S",
                "5D",
                "6S",
                "6D",
                "8S",
                "8D",
                "9S",
                "9D",
                "10S",
                "10D",
                "JS",
                "JD",
            ),
            "special",
        ),
        "special_after_meld",
    )


def test_special_meld_is_offered_as_a_legal_action():

    game = special_game("4S 4D 5S 5D 6S 6D 8S 8D 9S 9D 10S 10D JS JD")
    specials = [a for a in legal_actions(game) if isinstance(a, Meld) and a.rank == "special"]
    assert len(specials) == 1


def test_special_meld_needs_a_stock_draw():
    game = special_game("4S 4D 5S 5D 6S 6D 8S 8D 9S 9D 10S 10D JS JD")
    game.turn.drew = "pile"
    refused(
        game,
        Meld(
            (
                "4S",
                "4D",
                "5S",
                "5D",
                "6S",
                "6D",
                "8S",
                "8D",
                "9S",
                "9D",
                "10S",
                "10D",
                "JS",
                "JD",
            ),
            "special",
        ),
        "special_needs_stock",
    )
