"""Cutting for the deal: the same cut from the same seed, the highest card plays first (Aces
high), Jokers and ties cut again, and the cut never changes the deal."""

from __future__ import annotations

from game.logic import Game
from game.logic.cards import CARD_RANK, JOKER
from game.logic.cut import cut_for_deal, cut_value
from game.logic.shuffle import deck_order


def test_the_cut_is_the_same_from_the_same_seed_and_differs_between_seeds() -> None:
    assert cut_for_deal(11, 2) == cut_for_deal(11, 2)
    assert len({cut_for_deal(seed, 2).cards for seed in range(1, 40)}) > 30


def test_the_highest_card_plays_first_and_jokers_and_ties_are_cut_again() -> None:
    firsts = set()
    again = 0
    for seed in range(1, 400):
        for players in (2, 3, 4):
            cut = cut_for_deal(seed, players)
            values = [cut_value(cut.last(seat)) for seat in range(players)]
            if players == 2:
                # Both cut again after a tie: the last cards decide.
                assert values[cut.first_player] > values[1 - cut.first_player]
            for cards in cut.cards:
                if len(cards) > 1:
                    again += 1
                assert CARD_RANK[cards[-1]] != JOKER
            firsts.add((players, cut.first_player))
    assert again > 0  # some seeds cut a Joker or tie
    assert {(4, seat) for seat in range(4)} <= firsts


def test_an_ace_cuts_highest_and_a_two_lowest() -> None:
    cards = {CARD_RANK[c]: c for c in range(108)}
    assert cut_value(cards[14]) == 14 and cut_value(cards[2]) == 2 and cut_value(cards[JOKER]) == 0


def test_the_cut_does_not_change_the_deal() -> None:
    cut = cut_for_deal(5, 2)
    game = Game(seed=5, first_player=cut.first_player)
    assert game.deck == deck_order(5, 0)
    assert game.to_move == cut.first_player
