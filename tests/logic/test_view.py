"""RULES.md section 7: what each player may see, and games consistent with a view."""

import dataclasses
import random

from game.logic import Draw, Rules, TakePile, determinize, legal_actions, player_view
from game.logic.cards import N_CARDS
from tests.helpers.scenario import all_cards, hidden_from, position


def test_view_shows_own_hand_and_only_the_size_of_the_opponents():
    from game.logic import Game

    game = Game(Rules(), seed=9)
    view = player_view(game, 0)
    assert view.hand == tuple(game.players[0].hand)
    assert view.hand_sizes == (15, 15)
    assert not (view.visible_cards() & hidden_from(game, 0))


def test_cards_taken_from_the_pile_stay_known_to_the_opponent():
    game = position(hands=("7S 7D 4D", "5D 6D"), melds=({"K": "KS KD KH"}, {}), pile="9S QH 7H")
    game.apply(TakePile(("7S", "7D")))
    view = player_view(game, 1)
    assert set(view.known[0]) == set(game.players[0].hand) - {game.players[0].hand[0]}
    assert not (view.visible_cards() & hidden_from(game, 1))


def test_view_has_no_reference_back_to_the_game():
    from game.logic import Game

    game = Game(Rules(), seed=4)
    view = player_view(game, 1)
    for field in dataclasses.fields(view):
        assert not isinstance(getattr(view, field.name), (Game, list, set))


def test_determinize_agrees_with_the_view_and_accounts_for_every_card():
    from game.logic import Game

    game = Game(Rules.modern_american(), seed=11)
    game.apply(Draw())
    view = player_view(game, 0)
    for seed in range(5):
        sample = determinize(view, random.Random(seed))
        assert all_cards(sample) == list(range(N_CARDS))
        assert player_view(sample, 0) == view
        assert {type(a) for a in legal_actions(sample)} == {type(a) for a in legal_actions(game)}


def test_determinize_keeps_the_opponents_known_cards():
    game = position(hands=("7S 7D 4D", "5D 6D"), melds=({"K": "KS KD KH"}, {}), pile="9S QH 7H")
    game.apply(TakePile(("7S", "7D")))
    view = player_view(game, 1)
    sample = determinize(view, random.Random(1))
    assert set(view.known[0]) <= set(sample.players[0].hand)
