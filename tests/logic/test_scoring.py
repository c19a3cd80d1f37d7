"""RULES.md section 6: scoring a hand item by item, and the end of the game."""

import pytest

from game.logic import Discard, Meld, NextHand, Pass, Rules
from game.logic.cards import CARD_CODE
from game.logic.melds import canasta_bonus
from game.logic.scoring import score_player, threes_score
from tests.helpers.scenario import position, refused

TWO = {"K": "KS KD KH KC KS KD KH", "Q": "QS QD QH QC QS QD 2H"}


def ids(text):
    used, out = set(), []
    for code in text.split():
        card = next(i for i, c in enumerate(CARD_CODE) if c == code and i not in used)
        used.add(card)
        out.append(card)
    return out


def test_going_out_breakdown_classic():
    game = position(
        hands=("9S 9D 9H 5C", "AD JK 4D"),
        melds=(TWO, {"8": "8S 8D 8H"}),
        threes=("3H", "3D"),
        phase="play",
    )
    game.apply(Meld(("9S", "9D", "9H")))
    game.apply(Discard("5C"))
    me, other = game.hand_scores
    # K canasta 70 + Q canasta 60+20 + nines 30 = 180; natural 500 + mixed 300.
    assert me == {
        "melded": 180,
        "canasta_bonus": 800,
        "going_out": 100,
        "threes": 100,
        "in_hand": 0,
        "penalties": 0,
        "total": 1180,
    }
    assert other == {
        "melded": 30,
        "canasta_bonus": 0,
        "going_out": 0,
        "threes": 100,
        "in_hand": -75,
        "penalties": 0,
        "total": 55,
    }
    assert game.totals == [1180, 55]


def test_red_threes_count_against_a_player_who_has_not_melded():
    rules = Rules()
    assert threes_score(rules, ids("3H 3D"), {}) == -200
    assert threes_score(rules, ids("3H 3D"), {8: ids("8S 8D 8H")}) == 200


def test_four_red_threes_score_800_either_way():
    rules = Rules()
    assert threes_score(rules, ids("3H 3D 3H 3D"), {8: ids("8S 8D 8H")}) == 800
    assert threes_score(rules, ids("3H 3D 3H 3D"), {}) == -800


def test_red_three_penalty_option_off_scores_an_unmelded_players_threes_zero():
    rules = Rules(red_three_penalty=False)
    assert threes_score(rules, ids("3H"), {}) == 0
    assert threes_score(rules, ids("3H 3D 3H 3D"), {}) == 0
    assert threes_score(rules, ids("3H"), {8: ids("8S 8D 8H")}) == 100
    assert threes_score(Rules(), ids("3H"), {}) == -100


@pytest.mark.parametrize(
    "threes, canastas, expected",
    [
        ("3H 3D 3S 3C 3S", 2, 800),
        ("3H 3D 3S 3C", 2, 600),
        ("3H 3D 3S 3C", 1, 0),
        ("3H 3D 3S 3C", 0, -600),
        ("3H 3H 3D 3D", 2, 1000),
        ("3S", 3, 100),
    ],
)
def test_all_threes_equal_scoring(threes, canastas, expected):
    melds = {}
    for i, rank in enumerate(("K", "Q", "J")[:canastas]):
        melds[(13, 12, 11)[i]] = ids(" ".join([rank + s for s in "SDHCSDH"]))
    assert threes_score(Rules(all_threes_equal=True), ids(threes), melds) == expected


def test_cards_left_in_hand_are_deducted():
    score = score_player(Rules(), ids("JK 2S AS KS 7S 3S"), {8: ids("8S 8D 8H")}, [], 0, 0)
    assert score["in_hand"] == -(50 + 20 + 20 + 10 + 5 + 5)


def test_discard_return_penalty_per_returned_pile():
    score = score_player(Rules(), [], {8: ids("8S 8D 8H")}, [], 2, 0)
    assert score["penalties"] == -100
    assert score_player(Rules(discard_return_penalty=0), [], {}, [], 2, 0)["penalties"] == 0


def test_canasta_required_for_positive_score():
    rules = Rules(canasta_required_for_positive_score=True)
    melds = {13: ids("KS KD KH KC KS KD KH"), 8: ids("8S 8D 8H")}
    score = score_player(rules, ids("4S"), melds, [], 0, 0)
    assert score["melded"] == -100 and score["canasta_bonus"] == 0 and score["in_hand"] == -5
    assert score["total"] == -105


def test_uncompleted_canasta_penalties():
    rules = Rules.modern_american()
    melds = {
        14: ids("AS AD AH"),
        2: ids("2S 2D JK"),
        7: ids("7S 7D 7H 7C 7S 7D 7H"),
        13: ids("KS KD KH KC KS KD KH"),
    }
    score = score_player(rules, ids("AC AC 4S"), melds, [], 0, 0)
    assert score["penalties"] == -2500 - 2000
    score = score_player(rules, ids("7C 7C 7S 4S"), {}, [], 0, 0)
    assert score["penalties"] == -1500


@pytest.mark.parametrize(
    "key, cards, rules, bonus",
    [
        (8, "8S 8D 8H 8C 8S 8D 8H", Rules(), 500),
        (8, "8S 8D 8H 8C 8S 8D 2H", Rules(), 300),
        (14, "AS AD AH AC AS AD AH", Rules.modern_american(), 2500),
        (7, "7S 7D 7H 7C 7S 7D 7H", Rules.modern_american(), 2500),
        (2, "2S 2D 2H 2C 2S 2D 2H", Rules.modern_american(), 3000),
        (2, "JK JK JK JK 2S 2D 2H", Rules.modern_american(), 2500),
        (2, "JK JK 2S 2D 2H 2C 2S", Rules(wild_canastas=True), 2000),
        (2, "JK JK 2S 2D 2H 2C 2S", Rules(wild_canastas=True, wild_canasta_bonus=1000), 1000),
        (8, "8S 8D 8H 8C 8S 8D", Rules(), 0),
    ],
)
def test_canasta_bonuses(key, cards, rules, bonus):
    assert canasta_bonus(rules, key, ids(cards)) == bonus


def test_no_going_out_bonus_in_modern():
    rules = Rules.modern_american()
    melds = {"K": "KS KD KH KC KS KD KH", "Q": "QS QD QH QC QS QD QH"}
    game = position(
        rules, hands=("9S 9D 9H 5C", "4D 6D"), melds=(melds, {}), pile="8C", phase="play"
    )
    game.apply(Meld(("9S", "9D", "9H")))
    game.apply(Discard("5C"))
    assert game.hand_scores[0]["going_out"] == 0


def test_game_ends_when_a_player_reaches_the_target():
    game = position(
        hands=("9S 9D 9H 5C", "4D 6D"), melds=(TWO, {}), phase="play", totals=(4000, 100)
    )
    game.apply(Meld(("9S", "9D", "9H")))
    game.apply(Discard("5C"))
    assert game.phase == "game_over" and game.winner == 0
    refused(game, NextHand(), "game_over")


def test_equal_totals_over_the_target_play_another_hand():
    game = position(
        hands=("6S 6D 5C", "4D 6D"),
        melds=({"9": "9S 9D 9H"}, {"8": "8S 8D 8H"}),
        pile="7C",
        totals=(5000, 5000),
        stock_rest=False,
    )
    game.players[0].melds = {}
    game.players[1].melds = {}
    game.players[0].hand = ids("4S")
    game.players[1].hand = ids("4H")
    game.apply(Pass())  # stock empty and the pile cannot be taken: the hand ends
    assert game.totals[0] == game.totals[1]
    assert game.phase == "hand_over" and game.winner is None
