"""A hint's reason agrees with itself, with the move and with the position: a pile that cannot be
taken is not "not worth taking", and a discard the opponent can use is never "the card that helps
your opponent least"."""

from __future__ import annotations

import pytest

from game.logic import Rules, legal_actions, player_view
from game.logic.actions import Discard
from game.logic.ai.hint import _discard_words, hint
from game.logic.assist import explain_action
from game.logic.cards import IDS_OF_CODE, IS_BLACK_THREE, IS_WILD
from tests.helpers.scenario import position, random_position


def test_a_frozen_pile_without_a_pair_is_said_to_be_untakeable_with_the_rule():
    # a wild card in the pile freezes it; one Nine in hand cannot take a Nine
    game = position(hands=("9S 4C 5D 6H 7S KD QC", "5C 6C"), pile="2C 8D 9H")
    reason = hint(player_view(game, 0)).reason
    assert reason.startswith("Draw from the stock: the pile cannot be taken now (the pile is")
    assert "would not pay" not in reason


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
