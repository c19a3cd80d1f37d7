"""The coach explains the hint's choice when the learner's move differs."""

from game.logic import player_view
from game.logic.actions import Discard, Draw, Meld, TakePile
from game.logic.assist.coach import coach
from tests.helpers.scenario import position


def test_the_hints_own_move_needs_no_comment():
    game = position(hands=("9C 9S KS KD KH 4D 5D", "5C 6C"), pile="5D 9H", opened=(False, False))
    view = player_view(game, 0)
    assert coach(view, TakePile(("9S", "9C")), [TakePile(("9C", "9S"))]) is None
    assert coach(view, Draw(), []) is None


def test_a_different_move_is_answered_with_the_hints_reason():
    game = position(hands=("9C 9S KS KD KH 4D 5D", "5C 6C"), pile="5D 9H", opened=(False, False))
    view = player_view(game, 0)
    assert coach(view, Draw(), [TakePile(("9C", "9S")), Meld(("KS", "KD", "KH"))]) == (
        "The hint would rather: Take the pile: meld the top card 9♥ with 9♠ 9♣ from your hand "
        "and gain one more card: 30 points towards the 50 you need; with 20 more you open."
    )


def test_melds_in_another_order_are_fine():
    game = position(hands=("8H 8S 8D KS KD KH 4C 9C", "5C 6C"), phase="play", opened=(False, False))
    view = player_view(game, 0)
    plan = [Meld(("8H", "8S", "8D")), Meld(("KS", "KD", "KH")), Discard("4C")]
    assert coach(view, Meld(("KH", "KD", "KS")), plan) is None
    assert coach(view, Discard("9C"), plan).startswith("The hint would rather: Meld 8♠ 8♥ 8♦")
