"""A hint's reason agrees with itself, with the move and with the position: a pile that cannot be
taken is not "not worth taking", and a discard the opponent can use is never "the card that helps
your opponent least"."""

from __future__ import annotations

import pytest

from game.logic import Rules, legal_actions, player_view
from game.logic.actions import Discard, TakePile
from game.logic.ai.hint import _discard_words, hint
from game.logic.assist import explain_action
from game.logic.cards import IDS_OF_CODE, IS_BLACK_THREE, IS_WILD
from tests.helpers.scenario import position, random_position


def test_a_frozen_pile_without_a_pair_is_said_to_be_untakeable_with_the_rule():
    # a wild card in the pile freezes it; one Nine in hand cannot take a Nine
    game = position(hands=("9S 4C 5D 6H 7S KD QC", "5C 6C"), pile="2C 8D 9H")
    reason = hint(player_view(game, 0)).reason
    assert reason.startswith("Draw from the stock: the pile cannot be taken now. The pile is")
    assert "would not pay" not in reason


@pytest.mark.parametrize("pile", ["9H", "5D 9H"])
def test_a_pile_the_player_could_take_with_a_pair_is_never_said_to_be_untakeable(pile):
    # The Nines in hand take the pile (it is not frozen, the player has opened); if the hint
    # draws instead, it is because taking does not pay, not because the rules forbid it.
    game = position(
        hands=("9S 9D 4H 6H 7S KD QC JC", "5C 6C 8S 8H 10D"),
        melds=({"A": "AS AH AD"}, {"K": "KS KH KC"}),
        pile=pile,
        opened=(True, True),
    )
    assert TakePile(with_=("9S", "9D")) in legal_actions(game)
    result = hint(player_view(game, 0))
    if isinstance(result.actions[0], TakePile):
        assert result.reason.startswith("Take the pile")
    else:
        assert result.reason == "Draw from the stock: the pile is not worth taking now."


def test_a_wild_card_onto_a_pile_a_wild_card_froze_already_does_not_freeze_it():
    game = position(hands=("2S 9C 4D", "5C 7C"), pile="4C JK 8D", phase="play")
    assert _discard_words(player_view(game, 0), "2S") == "discard the 2S, the card you need least"
    open_pile = position(hands=("2S 9C 4D", "5C 7C"), pile="4C 8D", phase="play")
    words = _discard_words(player_view(open_pile, 0), "2S")
    assert words == "discard the 2S to freeze the pile against your opponent"


def test_a_discard_that_fits_the_opponent_s_meld_is_not_called_harmless():
    game = position(hands=("6S 9C 4D", "5C 7C"), melds=({}, {"6": "6H 6D 6C"}), phase="play")
    words = _discard_words(player_view(game, 0), "6S")
    assert words == "discard the 6S, the card you need least"


@pytest.mark.parametrize("seed", range(12))
def test_the_hint_s_discard_words_agree_with_the_discard_s_explanation(seed: int) -> None:
    game = random_position(Rules(), seed, 40)
    if game.phase != "play":
        return
    view = player_view(game, game.to_move)
    if len(view.hand) < 2:
        return
    for action in legal_actions(game):
        if not isinstance(action, Discard):
            continue
        card = IDS_OF_CODE[action.card][0]
        if IS_WILD[card] or IS_BLACK_THREE[card]:
            continue
        harmless = "helps your opponent least" in _discard_words(view, action.card)
        explained = explain_action(view, action)
        assert harmless == ("is not known to hold one" in explained), (action, explained)
