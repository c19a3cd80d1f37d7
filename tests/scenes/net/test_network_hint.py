"""A hint at a network table is Master's move in the player's seat, remembering what Master would
have remembered of the opponent (its discards, the piles it left), as at the solo table: the app
against a headless peer over loopback TCP, the player's turns played by Master, a hint asked with
the Hint button before each of them."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.app import App
from game.logic.actions import Discard
from game.logic.ai import ComputerPlayer
from game.logic.ai.hint import HINT_AGGRESSIVENESS
from game.logic.phases import DRAW, PLAY
from game.logic.view import PlayerView
from game.match import ME
from game.netplay import Role
from game.scenes.net.table import NetTableScene
from tests.helpers.net_screens import HeadlessPeer, run_until
from tests.helpers.ui_events import click
from tests.scenes.net.test_network_table import join

pytestmark = [pytest.mark.net, pytest.mark.slow]

# seconds for a move to cross the network and be answered: a few tenths alone, but the test
# once waited out 30 s on a machine running three full suites at once
STEP_WAIT = 90


@pytest.fixture
def host() -> Iterator[HeadlessPeer]:
    peer = HeadlessPeer(Role.HOST)
    yield peer
    peer.stop()


def settled(table: NetTableScene) -> bool:
    return not table.match.changes and not table.animator.busy and not table.match.opponent_pending


def moment(view: PlayerView) -> tuple[int, int, str, int]:
    return view.hand_no, view.turn_no, view.phase, len(view.hand)


def test_the_network_hint_plays_master_s_move_with_master_s_memory(
    app: App, host: HeadlessPeer
) -> None:
    join(app, host.address, host.code)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    table = app.stack.top
    play = table.match.net.peer.play
    # The hint's seed is 0: the same Master, seeded alike, plays the player's seat.
    master = ComputerPlayer("master", seed=0, aggressiveness=HINT_AGGRESSIVENESS)
    compared = remembered = 0
    started: tuple[int, int] | None = None
    while compared < 16:
        assert run_until(
            app,
            lambda: (
                settled(table) and table.state.to_move == ME and table.state.phase in (DRAW, PLAY)
            ),
            60,
        )
        view = play.view
        action = master.decide(view)
        if view.phase == DRAW or started != (view.hand_no, view.turn_no):
            table.hints.actions = []
            click(app, table.buttons["hint"].rect.center)
            assert run_until(app, lambda: bool(table.hints.actions), 60)
            assert table.hints.actions[0] == action, (view.turn_no, view.phase)
            compared += 1
            remembered += bool(master.model.discarded or master.model.refused)
        if view.phase == PLAY:
            started = (view.hand_no, view.turn_no)
        table.hints.close()
        acted = moment(view)
        assert table.act(action)
        # a draw opens its card over the network: wait for the view it brings, not the one acted on
        assert run_until(
            app, lambda at=acted: moment(play.view) != at or table.state.hand_over, STEP_WAIT
        )
        if isinstance(action, Discard):
            # the turn has passed once the view's turn is another (the opponent's whole turn
            # may come in one frame, so "someone else to move" could never be seen)
            turn = (view.hand_no, view.turn_no)
            assert run_until(
                app,
                lambda at=turn: (
                    (play.view.hand_no, play.view.turn_no) != at or table.state.hand_over
                ),
                STEP_WAIT,
            )
        if table.state.hand_over:
            break
    # Most of the hints were asked with something of the opponent remembered.
    assert compared >= 10 and remembered >= compared // 2
