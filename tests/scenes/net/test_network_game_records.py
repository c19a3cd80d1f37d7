"""A network game on screen goes into the records under the other player's name: the record is
opened when the table opens, and leaving the game writes it as abandoned."""

from __future__ import annotations

from game.app import App
from game.netplay import Role
from game.records import history_page
from game.scenes.dialog import DialogScene
from game.scenes.net.table import NetTableScene
from tests.helpers.net_screens import HeadlessPeer, open_host_screen, run_until
from tests.helpers.netplay_play import FalseUnmaskGuest
from tests.helpers.table import centre
from tests.helpers.ui_events import click


def test_a_network_game_is_recorded_with_the_peer_s_name_and_leaving_abandons_it(
    app: App, peers
) -> None:
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    guest = HeadlessPeer(
        Role.GUEST, address=f"127.0.0.1:{scene.net.endpoint.port}", code=scene.code
    )
    peers.append(guest)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    table = app.stack.top
    recording = table.match.recording
    assert recording is not None and recording.game_id is not None
    row = app.players.records.conn.execute(
        "SELECT opponent_kind, opponent, seat FROM games WHERE id = ?", (recording.game_id,)
    ).fetchone()
    assert row == ("network", "Robot", 0)
    table.match.disconnect()
    [game] = history_page(app.players.records).rows
    assert game.result == "abandoned" and game.opponent == "Robot"


def test_a_cheating_guest_stops_play_in_words_and_the_record_marks_the_game(
    app: App, peers
) -> None:
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    guest = HeadlessPeer(
        Role.GUEST,
        address=f"127.0.0.1:{scene.net.endpoint.port}",
        code=scene.code,
        play_factory=FalseUnmaskGuest,
    )
    peers.append(guest)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    table = app.stack.top
    click(app, centre(table.buttons["autoplay"].rect))  # the host plays on until it is caught
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene), 60)
    dialog = app.stack.top
    assert dialog.title == "Play has stopped"
    assert dialog.message.startswith("Robot") and "stock card" in dialog.message
    [game] = history_page(app.players.records).rows
    assert game.result == "misconduct" and game.opponent == "Robot"
