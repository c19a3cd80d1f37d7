"""A table of three or four in the lobby, against the test's own Mosquitto on loopback, with real
mouse events: the Host screen's "Wait for partners" hands its listening table to the lobby's
screen, which announces its players and free seats, accepts a command-line guest for each free
seat (the announcement following until the table is full, then gone; a guest who comes by the
code fills a seat too, and one who leaves before the game has its seat offered again) and opens
the table once every guest has accepted the rules; the guest's list shows a table with its free seats, and a
guest it accepts takes the table's next free seat."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest

from game.app import App
from game.netplay import Role
from game.netplay.lobby import Announcement, DirectDetails, RequestArrived
from game.netplay.lobby.host import HostLobby
from game.netplay.shell.lobby_mqtt import LobbyConnection
from game.netplay.tools.lobby_commands import list_hosts
from game.scenes.dialog import DialogScene
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.host import HostScene
from game.scenes.net.join import JoinScene
from game.scenes.net.lobby import FindPartnerScene
from game.scenes.net.lobby_host import WaitForPartnerScene
from game.scenes.net.table import NetTableScene
from game.scenes.title import TitleScene
from tests.helpers.lobby_players import WAIT, start_cli
from tests.helpers.mosquitto import Broker, events_until
from tests.helpers.net_screens import HeadlessPeer, HeadlessTable, run_until
from tests.helpers.table import centre
from tests.helpers.ui_events import click, step

# a real broker and real game connections on loopback
pytestmark = [pytest.mark.net, pytest.mark.slow]


def lobby_guest(
    processes: list[subprocess.Popen[str]], broker: Broker, name: str
) -> subprocess.Popen[str]:
    """A command-line guest asking Hosty in the lobby, then joining what it is sent."""
    return start_cli(processes, broker, "--lobby-join", "Hosty", "--name", name)


def listed(broker: Broker) -> list[dict[str, Any]]:
    """The hosts `--lobby-list` would print."""
    return list_hosts(broker.url, wait=1.0)


def wait_for_partners(app: App, players: int, computer_seats: tuple[int, ...] = ()) -> Any:
    """Title → Host → Players → the seats → Wait for partners, by clicks; returns the lobby's
    screen once the table is listed."""
    app.stack.push(TitleScene(app))
    step(app)
    click(app, centre(app.stack.top.buttons["Host"].rect))
    host = app.stack.top
    assert isinstance(host, HostScene)
    for _ in range(players - 2):
        click(app, centre(host.buttons["players"].rect))
    for seat in computer_seats:
        click(app, centre(host.buttons[f"seat{seat}"].rect))
    table = host.table
    assert host.buttons["lobby"].label == "Wait for partners"
    click(app, centre(host.buttons["lobby"].rect))
    scene = app.stack.top
    assert isinstance(scene, WaitForPartnerScene) and scene.net_table is table
    assert run_until(app, lambda: scene.status.startswith("Listed in the lobby"), WAIT)
    return scene


def app_top_is(app: App, scene: object) -> bool:
    step(app)
    return app.stack.top is scene


def test_a_table_is_announced_accepts_a_guest_for_each_seat_and_starts_when_full(
    lobby_app: App, mosquitto: Broker, processes: list[subprocess.Popen[str]]
) -> None:
    scene = wait_for_partners(lobby_app, 4, computer_seats=(2,))  # North: the computer
    [announced] = listed(mosquitto)
    assert (announced["name"], announced["players"], announced["free"]) == ("Hosty", 4, 2)
    assert scene.auto is not None
    click(lobby_app, (scene.auto.rect.left + 5, scene.auto.rect.centery))  # accept by itself
    lobby_guest(processes, mosquitto, "Ana")
    assert run_until(lobby_app, lambda: scene.lobby is not None and scene.lobby.free == 1, WAIT)
    assert "1 more seat is offered in the lobby" in scene.note
    [still] = listed(mosquitto)
    assert still["free"] == 1
    lobby_guest(processes, mosquitto, "Bo")
    assert run_until(lobby_app, lambda: scene.filled, WAIT)
    assert scene.lobby is None and listed(mosquitto) == []
    assert run_until(lobby_app, lambda: isinstance(lobby_app.stack.top, NetTableScene), 60.0)
    table = lobby_app.stack.top
    assert table.state.seat_count == 4
    assert sorted(table.match.other_names) == sorted(("Ana", "Computer", "Bo"))


def test_the_host_is_asked_about_each_guest_of_its_table(
    lobby_app: App, mosquitto: Broker, processes: list[subprocess.Popen[str]]
) -> None:
    scene = wait_for_partners(lobby_app, 3)  # two guest seats
    lobby_guest(processes, mosquitto, "Ana")
    assert run_until(lobby_app, lambda: isinstance(lobby_app.stack.top, DialogScene), WAIT)
    dialog = lobby_app.stack.top
    assert dialog.title == "Ana asks to play"
    click(lobby_app, centre(next(b for b in dialog.buttons if b.label == "Accept").rect))
    assert app_top_is(lobby_app, scene)  # one seat left: still waiting here
    assert run_until(lobby_app, lambda: "Ana (" in scene._guests(scene.net_table), WAIT)
    assert [h["free"] for h in listed(mosquitto)] == [1]
    click(lobby_app, centre(scene.buttons["stop"].rect))  # Stop waiting: the table goes too
    assert isinstance(lobby_app.stack.top, TitleScene) and listed(mosquitto) == []


def test_a_guest_by_the_code_fills_the_table_and_its_seat_is_offered_again_when_it_leaves(
    lobby_app: App, mosquitto: Broker
) -> None:
    scene = wait_for_partners(lobby_app, 3, computer_seats=(1,))  # East alone is a guest's
    assert [h["free"] for h in listed(mosquitto)] == [1]
    table = scene.net_table
    decliner = HeadlessPeer(
        Role.GUEST,
        address=f"127.0.0.1:{table.port}",
        code=table.join_code,
        name="Nope",
        max_players=4,
        answer=lambda negotiation: "decline",
    )
    try:
        assert run_until(lobby_app, lambda: scene.filled, WAIT)  # the last seat taken
        assert scene.status == "Your table is full: you are no longer listed in the lobby."
        assert run_until(lobby_app, lambda: "offered in the lobby again" in scene.note, WAIT)
        assert run_until(lobby_app, lambda: scene.status.startswith("Listed in the lobby"), WAIT)
        assert [h["free"] for h in listed(mosquitto)] == [1]
    finally:
        decliner.stop()


def test_the_guests_list_shows_a_table_and_joins_its_next_free_seat(
    lobby_app: App, mosquitto: Broker
) -> None:
    lobby_app.prefs.player_name = "Guesty"
    table = HeadlessTable(3, {1: "carefree", 2: None}, name="Tabby")
    host = LobbyConnection(
        mosquitto.url,
        HostLobby(Announcement("Tabby", "classic", since=1, players=3, free=1)),
    )
    try:
        lobby_app.stack.push(TitleScene(lobby_app))
        step(lobby_app)
        click(lobby_app, centre(lobby_app.stack.top.buttons["Join"].rect))
        click(lobby_app, centre(lobby_app.stack.top.buttons["lobby"].rect))
        scene = lobby_app.stack.top
        assert isinstance(scene, FindPartnerScene)
        assert run_until(lobby_app, lambda: [h.name for h in scene.listed] == ["Tabby"], WAIT)
        facts = scene.rows[0].lines[1][0]
        assert facts.startswith("Table of 3 \u00b7 1 seat free \u00b7 Classic rules")
        click(lobby_app, centre(scene.asks[0].rect))
        arrived = events_until(host, RequestArrived)
        request = next(e for e in arrived if isinstance(e, RequestArrived)).request
        details = DirectDetails(table.address, table.code)
        host.do(lambda core, now: core.accept(request.request_id, details, now))
        assert run_until(lobby_app, lambda: isinstance(lobby_app.stack.top, JoinScene), WAIT)
        assert run_until(lobby_app, lambda: isinstance(lobby_app.stack.top, AgreementScene), WAIT)
        assert run_until(lobby_app, lambda: table.table.peer.joined == {2}, WAIT)
    finally:
        host.close()
        table.stop()
