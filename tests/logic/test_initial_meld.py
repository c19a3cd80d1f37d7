"""RULES.md section 4.5: the initial-meld minimum and the options that change what counts."""

import pytest

from game.logic import Discard, Meld, Rules, TakePile
from tests.helpers.scenario import position, refused


@pytest.mark.parametrize(
    "score, classic, modern",
    [
        (-5, 15, 125),
        (0, 50, 125),
        (1495, 50, 125),
        (1500, 90, 125),
        (2995, 90, 125),
        (3000, 120, 155),
        (4995, 120, 155),
        (5000, 120, 180),
        (9000, 120, 180),
    ],
)
def test_initial_meld_minimum_table(score, classic, modern):
    assert Rules().initial_meld_minimum(score) == classic
    assert Rules.modern_american().initial_meld_minimum(score) == modern


def opening(score, hand, rules=None):
    return position(
        rules, hands=(hand, "JC QC"), opened=(False, False), phase="play", totals=(score, 0)
    )


@pytest.mark.parametrize(
    "score, meld_cards, ok",
    [
        (-5, "4S 4D 4H", True),  # 15 points meets 15
        (0, "4S 4D 4H", False),  # 15 < 50
        (0, "KS KD KH 4S 4D 4H JK", True),  # two melds: 30 + 50 and 15
        (1495, "AS AD 2S", True),  # 60 >= 50
        (1500, "AS AD 2S", False),  # 60 < 90
        (2995, "AS AD AH 2S JK", True),  # 130 >= 90
        (3000, "AS AD AH 2S", False),  # 80 < 120
        (3000, "AS AD AH 2S JK", True),  # 130 >= 120
    ],
)
def test_initial_meld_boundaries(score, meld_cards, ok):
    cards = meld_cards.split()
    game = opening(score, " ".join(cards) + " 9C 10C")
    ranks = {}
    for c in cards:
        ranks.setdefault(c[:-1] if c not in ("JK",) and not c.startswith("2") else "w", []).append(
            c
        )
    wild = ranks.pop("w", [])
    for i, (_rank, group) in enumerate(ranks.items()):
        extra = wild if i == 0 else []
        game.apply(Meld(tuple(group + extra)))
    if ok:
        game.apply(Discard("9C"))
        assert game.players[0].opened
    else:
        error = refused(game, Discard("9C"), "initial_meld_short")
        assert "opening minimum" in error.message


def test_several_melds_add_up_in_the_opening_turn():
    game = opening(0, "KS KD KH 8S 8D 8H 4C 5C")  # 30 + 30 = 60
    game.apply(Meld(("KS", "KD", "KH")))
    assert not game.players[0].opened
    game.apply(Meld(("8S", "8D", "8H")))
    assert game.players[0].opened
    game.apply(Discard("4C"))


def test_top_card_counts_by_default():
    game = position(hands=("AS AD 4C 5C", "4D"), pile="9H AH", opened=(False, False))
    game.apply(TakePile(("AS", "AD")))  # 60 with the top card
    assert game.players[0].opened


def test_top_card_does_not_count_when_the_option_is_off():
    rules = Rules(top_card_counts_for_initial_meld=False)
    game = position(rules, hands=("AS AD 4C 5C", "4D"), pile="9H AH", opened=(False, False))
    game.apply(TakePile(("AS", "AD")))  # a three-card meld on the top card counts 0
    assert game.opening_points(0) == 0 and not game.players[0].opened
    refused(game, Discard("4C"), "initial_meld_short")


def test_top_card_off_counts_three_hand_cards_melded_with_it():
    rules = Rules(top_card_counts_for_initial_meld=False)
    game = position(rules, hands=("AS AD AC 4C 5C", "4D"), pile="9H AH", opened=(False, False))
    game.apply(TakePile(("AS", "AD")))
    game.apply(Meld(("AC",)))  # now three hand Aces: 60 points
    assert game.opening_points(0) == 60 and game.players[0].opened


def test_modern_minimum_with_top_card_excluded():
    rules = Rules.modern_american()
    game = position(
        rules, hands=("KS KD KC KH 2S 8S 8D 8H 4C 5C", "4D"), pile="9H KH", opened=(False, False)
    )
    game.apply(TakePile(("KS", "KD")))
    game.apply(Meld(("KC", "KH", "2S")))  # K meld now: top + 4 hand cards → 60
    game.apply(Meld(("8S", "8D", "8H")))  # + 30 = 90 < 125
    assert game.opening_points(0) == 90
    refused(game, Discard("4C"), "initial_meld_short")


def test_canasta_bonus_counts_for_initial_option():
    hand = "4S 4D 4H 4C 4S 4D 2C 9C 10C"
    game = opening(0, hand)
    game.apply(Meld(("4S", "4D", "4H", "4C", "4S", "4D", "2C")))  # 50 points: enough anyway
    assert game.players[0].opened
    game = opening(1500, hand)
    game.apply(Meld(("4S", "4D", "4H", "4C", "4S", "4D", "2C")))
    refused(game, Discard("9C"), "initial_meld_short")
    game = opening(1500, hand, Rules(canasta_bonus_counts_for_initial=True))
    game.apply(Meld(("4S", "4D", "4H", "4C", "4S", "4D", "2C")))
    assert game.players[0].opened


def test_splash_a_natural_canasta_from_hand_meets_any_minimum():
    rules = Rules.modern_american()
    game = position(
        rules,
        hands=("4S 4D 4H 4C 4S 4D 4H 9C 10C", "JC"),
        opened=(False, False),
        phase="play",
        totals=(6000, 0),
    )
    game.apply(Meld(("4S", "4D", "4H", "4C", "4S", "4D", "4H")))  # 35 points, but a canasta
    assert game.players[0].opened
    game.apply(Discard("9C"))


def test_no_splash_in_classic():
    game = position(
        hands=("4S 4D 4H 4C 4S 4D 4H 9C 10C", "JC"),
        opened=(False, False),
        phase="play",
        totals=(1500, 0),
    )
    game.apply(Meld(("4S", "4D", "4H", "4C", "4S", "4D", "4H")))
    assert not game.players[0].opened


def test_opening_melds_can_be_undone_to_give_up_the_opening():
    game = opening(0, "4S 4D 4H 9C 10C")
    game.apply(Meld(("4S", "4D", "4H")))
    refused(game, Discard("9C"), "initial_meld_short")
    game.apply({"type": "undo"})
    game.apply(Discard("9C"))
    assert not game.players[0].opened and game.players[0].melds == {}
