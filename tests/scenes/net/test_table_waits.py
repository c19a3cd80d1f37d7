"""A network table of three waiting for a guest whose connection dropped, on screen over
loopback: the host's table and a guest's both cover the game with a countdown naming who they
wait for, go back to the game when that guest resumes its seat, and Save and stop leaves a saved
game on every side."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.match.net_connection import save_path
from game.netplay import Role, read_json
from game.scenes.dialog import DialogScene
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.table import NetTableScene
from game.scenes.net.table_wait import TableWait
from tests.helpers.net_screens import (
    HeadlessPeer,
    HeadlessTable,
    join_by_typing,
    open_host_screen,
    run_until,
)
from tests.helpers.table import centre
from tests.helpers.ui_events import click

# real sockets on loopback
pytestmark = [pytest.mark.net, pytest.mark.slow]


def guest(address: str, code: str, peers: list[HeadlessPeer], name: str, **options) -> HeadlessPeer:
    peer = HeadlessPeer(Role.GUEST, address=address, code=code, name=name, max_players=4, **options)
    peers.append(peer)
    return peer


def moves(peer: HeadlessPeer) -> int:
    play = peer.peer.play
    return play.state_no if play is not None and play.game_id else 0


def test_the_hosts_table_waits_for_a_dropped_guest_and_plays_on_when_it_resumes(
    app: App, peers: list[HeadlessPeer], tmp_path: Path
) -> None:
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["players"].rect))  # three: two guest seats
    address, code = f"127.0.0.1:{scene.listening_port}", scene.code
    ana_save = tmp_path / "ana.json"
    ana = guest(address, code, peers, "Ana", save_to=str(ana_save))
    bo = guest(address, code, peers, "Bo")
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=40)
    table = app.stack.top
    click(app, centre(table.buttons["autoplay"].rect))
    assert run_until(app, lambda: moves(ana) >= 10, seconds=60)
    seat = ana.peer.play.seat
    ana.stop()  # Ana's computer is gone: no goodbye is said
    assert run_until(app, lambda: isinstance(app.stack.top, TableWait), seconds=30)
    wait = app.stack.top
    assert wait.title == "Waiting for Ana"
    assert "cannot go on without Ana" in wait.message
    assert 0 < wait.seconds <= 120 and f"{wait.seconds} seconds left" in wait.message
    # Bo waits too, told by the host who is missing, and gives nobody up meanwhile
    assert run_until(app, lambda: bo.peer.away is not None and bo.peer.away.seats == (seat,))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    run_until(app, lambda: False, seconds=0.2)
    assert app.stack.top is wait, "only Save and stop leaves: the game cannot go on meanwhile"
    stopped_at = table.match.net.peer.play.state_no
    guest(address, code, peers, "Ana", resume=read_json(ana_save), save_to=str(ana_save))
    assert run_until(app, lambda: app.stack.top is table, seconds=40)
    assert wait.closed
    assert run_until(app, lambda: bo.peer.away is not None and not bo.peer.away.seats)
    assert run_until(app, lambda: table.match.net.peer.play.state_no > stopped_at + 4, seconds=60)


def test_a_guests_table_waits_for_another_guest_and_saves_and_stops(
    app: App, peers: list[HeadlessPeer]
) -> None:
    app.prefs.animation_speed = "off"
    app.prefs.player_name = "Gus"
    host = HeadlessTable(3, {1: None, 2: None})
    try:
        nora = guest(host.address, host.code, peers, "Nora")
        assert run_until(app, lambda: 1 in host.table.peer.joined, seconds=30)
        join_by_typing(app, host.address, host.code)
        assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), seconds=30)
        agreement = app.stack.top
        assert run_until(app, lambda: "accept" in agreement.buttons)
        click(app, centre(agreement.buttons["accept"].rect))
        assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=40)
        table = app.stack.top
        click(app, centre(table.buttons["autoplay"].rect))
        assert run_until(app, lambda: moves(nora) >= 10, seconds=60)
        nora.stop()
        assert run_until(app, lambda: isinstance(app.stack.top, TableWait), seconds=30)
        wait = app.stack.top
        assert wait.title == "Waiting for Nora" and "seconds left" in wait.message
        click(app, centre(wait.buttons[0].rect))  # Save and stop
        assert run_until(app, lambda: not any(isinstance(s, NetTableScene) for s in app.stack))
        saved = read_json(save_path(Role.GUEST))
        assert saved["seat"] == 2 and saved["role"] == "guest"
        # the host's table ends for everyone, saved, when a guest leaves
        assert run_until(app, lambda: host.table.peer.closed is not None, seconds=20)
        assert host.table.over
    finally:
        host.stop()


def test_a_guest_who_says_goodbye_is_named_at_the_hosts_table_and_the_game_is_saved(
    app: App, peers: list[HeadlessPeer]
) -> None:
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["players"].rect))  # three: two guest seats
    address, code = f"127.0.0.1:{scene.listening_port}", scene.code
    ana = guest(address, code, peers, "Ana")
    guest(address, code, peers, "Bo")
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=40)
    table = app.stack.top
    click(app, centre(table.buttons["autoplay"].rect))
    assert run_until(app, lambda: moves(ana) >= 10, seconds=60)
    ana.paused.set()
    ana.peer.leave()
    ana.paused.clear()
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene), seconds=20)
    dialog = app.stack.top
    assert dialog.message == "Ana left the game; the game is saved."
    assert table.match.net.peer.closed is not None and table.match.net.over
