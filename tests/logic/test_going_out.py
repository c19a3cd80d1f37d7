"""RULES.md section 5: going out, canastas needed, concealed, pass the discard, stock end."""

from game.logic import Discard, Draw, Meld, Pass, Rules, TakePile
from tests.helpers.scenario import codes, position, refused

TWO = {"K": "KS KD KH KC KS KD KH", "Q": "QS QD QH QC QS QD QH"}
ONE = {"K": "KS KD KH KC KS KD KH", "8": "8S 8D 8H"}


def test_going_out_by_discarding_the_last_card():
    game = position(hands=("9S 9D 9H 5C", "4D 6D"), melds=(TWO, {}), phase="play")
    game.apply(Meld(("9S", "9D", "9H")))
    game.apply(Discard("5C"))
    assert game.phase == "hand_over" and game.went_out == 0
    assert game.hand_scores[0]["going_out"] == 100


def test_going_out_by_melding_every_card_without_discard():
    game = position(hands=("9S 9D 9H", "4D 6D"), melds=(TWO, {}), phase="play")
    game.apply(Meld(("9S", "9D", "9H")))
    assert game.went_out == 0 and game.phase == "hand_over"


def test_must_discard_option_forbids_melding_the_last_card():
    game = position(
        Rules(must_discard=True), hands=("9S 9D 9H", "4D 6D"), melds=(TWO, {}), phase="play"
    )
    refused(game, Meld(("9S", "9D", "9H")), "must_discard")


def test_melding_down_too_far_without_canastas_is_refused():
    game = position(hands=("9S 9D 9H 5C", "4D 6D"), melds=(ONE, {}), phase="play")
    error = refused(game, Meld(("9S", "9D", "9H")), "need_canastas")
    assert "two cards" in error.message
    game = position(hands=("9S 9D 9H 5C 6C", "4D 6D"), melds=(ONE, {}), phase="play")
    game.apply(Meld(("9S", "9D", "9H")))  # two cards left: fine


def test_one_canasta_option():
    game = position(
        Rules(canastas_to_go_out=1), hands=("9S 9D 9H 5C", "4D 6D"), melds=(ONE, {}), phase="play"
    )
    game.apply(Meld(("9S", "9D", "9H")))
    game.apply(Discard("5C"))
    assert game.went_out == 0


def test_canastas_completed_this_turn_count_for_going_out():
    melds = {"K": "KS KD KH KC KS KD KH", "9": "9S 9D 9H 9C"}
    game = position(hands=("9S 9D 9H 5C", "4D 6D"), melds=(melds, {}), phase="play")
    game.apply(Meld(("9S", "9D", "9H")))
    game.apply(Discard("5C"))
    assert game.went_out == 0 and game.hand_scores[0]["canasta_bonus"] == 1000


def test_pass_the_discard():
    rules = Rules(pass_the_discard=True)
    game = position(rules, hands=("9S 9D 9H 5C", "4D 6D"), melds=(ONE, {}), phase="play")
    game.apply(Meld(("9S", "9D", "9H")))  # down to one card
    refused(game, Discard("5C"), "need_canastas")
    game.apply(Pass())
    assert game.to_move == 1 and codes(game.players[0].hand) == ["5C"]


def test_pass_is_refused_without_the_option():
    game = position(hands=("9S 9D 9H 5C 6C", "4D 6D"), melds=(ONE, {}), phase="play")
    refused(game, Pass(), "must_discard")


def test_concealed_going_out_doubles_the_bonus_and_waives_the_minimum():
    hand = "5S 5D 5H 5C 5S 5D 5H 4S 4D 4H 4C 4S 4D 4H 6C"
    game = position(hands=(hand, "4C 6D"), opened=(False, False), phase="play", totals=(3000, 0))
    game.apply(Meld(("5S", "5D", "5H", "5C", "5S", "5D", "5H")))
    game.apply(Meld(("4S", "4D", "4H", "4C", "4S", "4D", "4H")))
    game.apply(Discard("6C"))
    assert game.went_out == 0 and game.concealed
    assert game.hand_scores[0]["going_out"] == 200


def test_concealed_after_taking_the_pile_in_that_turn():
    hand = "5S 5D 5H 5C 5S 5D 4S 4D 4H 4C 4S 4D 4H"
    game = position(hands=(hand, "JC 6D"), pile="9C 5H", opened=(False, False))
    game.apply(TakePile(("5S", "5D")))
    game.apply(Meld(("5H", "5C", "5S", "5D")))
    game.apply(Meld(("4S", "4D", "4H", "4C", "4S", "4D", "4H")))
    game.apply(Discard("9C"))
    assert game.concealed and game.hand_scores[0]["going_out"] == 200


def test_not_concealed_when_melds_were_made_on_an_earlier_turn():
    game = position(hands=("9S 9D 9H 5C", "4D 6D"), melds=(TWO, {}), phase="play")
    game.apply(Meld(("9S", "9D", "9H")))
    game.apply(Discard("5C"))
    assert not game.concealed


# ---- 5.3 stock end
def stock_end(
    rules=None,
    hands=("6S 6D 5C", "4D 6D 7C"),
    melds=({"9": "9S 9D 9H"}, {}),
    pile="8C 9C",
    stock="",
):
    return position(rules, hands=hands, melds=melds, pile=pile, stock=stock, stock_rest=False)


def test_stock_end_play_on_a_player_who_cannot_take_ends_the_hand():
    game = stock_end(pile="8C 7H")
    refused(game, Draw(), "stock_empty")
    game.apply(Pass())
    assert game.phase == "hand_over" and game.went_out is None
    assert game.hand_scores[0]["going_out"] == 0 and game.hand_scores[1]["going_out"] == 0


def test_stock_end_play_on_must_take_a_fitting_unfrozen_pile():
    game = stock_end()
    refused(game, Pass(), "must_take_pile")
    game.apply(TakePile(()))
    game.apply(Discard("5C"))
    assert game.to_move == 1 and game.phase == "draw"


def test_stock_end_play_on_may_take_with_a_pair():
    game = stock_end(pile="8C 6H", melds=({}, {}), hands=("6S 6D 5C 7S", "4D 6D 7C"))
    game.players[0].opened = True
    game.apply(TakePile(("6S", "6D")))
    assert game.phase == "play"


def test_stock_end_frozen_pile_is_not_forced():
    game = stock_end(pile="2C 8C 9C")
    game.apply(Pass())
    assert game.phase == "hand_over"


def test_last_stock_card_red_three_allows_melds_but_no_discard():
    game = stock_end(stock="3H", hands=("6S 6D 6H 5C 5D", "4D 6D 7C"))
    game.apply(Draw())
    assert game.turn.no_discard
    refused(game, Discard("5C"), "no_discard")
    game.apply(Meld(("6S", "6D", "6H")))
    game.apply(Pass())
    assert game.phase == "hand_over" and game.went_out is None


def test_drawing_two_when_one_is_left_draws_that_one():
    game = stock_end(stock="JH")
    game.apply(Draw())
    assert codes(game.players[0].hand) == ["5C", "6D", "6S", "JH"] and not game.stock


def test_reuse_pile_turns_the_pile_below_the_top_into_a_new_stock():
    rules = Rules(stock_end="reuse_pile")
    game = stock_end(rules, pile="4C 5H 7S 8C 10C")
    game.apply(Draw())
    assert game.stock_reused and codes(game.pile) == ["10C"]
    assert len(game.stock) == 2 and len(game.players[0].hand) == 5


def test_reuse_pile_only_once_then_the_hand_ends():
    rules = Rules(stock_end="reuse_pile")
    game = stock_end(rules, pile="4C 5H 8C 10C")
    game.apply(Draw())  # reuse: 3 cards, draw 2 → 1 left
    game.apply(Discard("5C"))
    game.apply(Draw())  # draws the last one
    game.apply(Discard("7C"))
    assert game.phase == "hand_over" and game.end_reason == "stock_exhausted"


def test_red_threes_not_replaced_never_leave_a_lone_card_to_discard():
    rules = Rules(red_three_replacement=False)
    game = position(rules, hands=("5C", "4D 6D"), melds=(ONE, {}), stock="3H 3D 9C 8D")
    game.apply(Draw())
    assert codes(game.players[0].threes) == ["3D", "3H"]
    assert codes(game.players[0].hand) == ["5C", "9C"]  # one card more, not the two drawn
    game.apply(Discard("5C"))
    assert game.phase == "draw" and game.to_move == 1


def test_the_extra_draw_skips_red_threes_too():
    rules = Rules(red_three_replacement=False, stock_draw=1)
    game = position(rules, hands=("5C", "4D 6D"), melds=(ONE, {}), stock="3H 3D 9C")
    game.apply(Draw())
    assert codes(game.players[0].hand) == ["5C", "9C"] and len(game.players[0].threes) == 2


def test_a_player_who_may_go_out_is_not_given_the_extra_draw():
    two = {"K": "KS KD KH KC KS KD KH", "Q": "QS QD QH QC QS QD QH"}
    rules = Rules(red_three_replacement=False)
    game = position(rules, hands=("5C", "4D 6D"), melds=(two, {}), stock="3H 3D 9C")
    game.apply(Draw())
    assert codes(game.players[0].hand) == ["5C"]
    game.apply(Discard("5C"))
    assert game.went_out == 0 and game.hand_scores[0]["going_out"] == 100


def test_red_threes_emptying_the_stock_leave_the_lone_card_and_end_the_hand():
    rules = Rules(red_three_replacement=False)
    game = position(rules, hands=("5C", "4D 6D"), melds=(ONE, {}), stock="3H 3D", stock_rest=False)
    game.apply(Draw())
    assert codes(game.players[0].hand) == ["5C"] and not game.stock
    refused(game, Discard("5C"), "no_discard")
    game.apply(Pass())
    assert game.phase == "hand_over" and game.end_reason == "stock_exhausted"
    assert game.hand_scores[0]["going_out"] == 0


def test_reuse_pile_shuffle_depends_on_this_hands_deck_only():
    import random

    rules = Rules(stock_end="reuse_pile")
    stocks = []
    for generator_seed in (1, 2):  # same deal, different game-long generators
        game = stock_end(rules, pile="4C 5H 7S 8C 9D 10C JH QS KC")
        game.rng = random.Random(generator_seed)
        game.apply(Draw())
        stocks.append(list(game.stock))
    assert stocks[0] == stocks[1] and len(stocks[0]) == 6
