"""A recorded game stepped through on the table: forward applies the recorded actions, back
rebuilds the game one action earlier, and the player's own seat is always drawn at the bottom."""

from __future__ import annotations

from game.logic import Game
from game.logic.actions import Draw
from game.logic.replay import replay_document
from game.match import ME, OPPONENT
from game.match.replay_view import ReplayMatch
from tests.helpers.records_history import play


def recorded(seed: int = 4) -> tuple[Game, dict]:
    game = play(Game(seed=seed), seed, hands=1)
    return game, replay_document(game)


def test_forward_and_back_walk_the_recorded_actions() -> None:
    game, doc = recorded()
    match = ReplayMatch(doc, "Expert")
    start = match.state
    assert match.forward() and match.forward()
    assert match.index == 2 and len(match.changes) == 2
    assert match.back() and match.back()
    assert match.index == 0 and match.state.hand(ME) == start.hand(ME)
    assert not match.back()
    while match.forward():
        pass
    assert match.finished and match.state.view.totals == tuple(game.totals)


def test_nothing_at_the_table_is_a_move_in_a_replay() -> None:
    _game, doc = recorded()
    match = ReplayMatch(doc, "Expert")
    assert match.play(Draw()) and match.check(Draw()) and not match.changes


def test_the_seat_the_player_sat_in_is_drawn_at_the_bottom() -> None:
    _game, doc = recorded()
    dealt = Game(seed=4)
    from_seat_1 = ReplayMatch(doc, "Alice", seat=1)
    assert from_seat_1.state.hand(ME) == tuple(dealt.players[1].hand)
    assert from_seat_1.forward()
    [change] = list(from_seat_1.changes)
    assert change.events[0].player == OPPONENT  # seat 0 moved first: the top of the table
