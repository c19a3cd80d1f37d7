"""Decision sources: a human's submitted moves, and the computer thinking on a worker thread
while the caller's loop keeps running."""

from __future__ import annotations

from game.logic.actions import Draw, NextHand
from game.logic.engine import Game
from game.logic.rules import Rules
from game.logic.view import player_view
from game.netplay.play.deciders import Autopilot, Manual


def _view(seat: int = 0):
    return player_view(Game(Rules(), seed=4), seat)


def test_a_human_move_is_picked_up_once_submitted():
    human = Manual()
    view = _view()
    assert human.choose(view, 0.0) is None
    human.submit(Draw())
    assert human.choose(view, 0.0) == Draw()
    assert human.choose(view, 0.0) is None
    human.refused(Draw(), "draw_first", "Draw first.")
    assert human.last_refusal == (Draw(), "draw_first", "Draw first.")


def test_the_autopilot_asks_for_the_next_hand_between_hands():
    game = Game(Rules(), seed=4)
    pilot = Autopilot("beginner", seed=1)
    while game.phase != "hand_over":
        game.apply(pilot.choose(player_view(game, game.to_move), 0.0))
    assert pilot.choose(player_view(game, 1), 0.0) == NextHand()
