"""A network table of three or four on screen, over loopback: the Host screen's players and
seats, the waiting list filling as guests join (or emptying again when one declines), the game
starting once every guest accepted; a guest joining from the Join screen, seeing who sits where,
and the table of three or four with the player's seat at the bottom."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.app import App
from game.logic.phases import DRAW
from game.match import ME
from game.netplay import Role
from game.netplay.play.agreement import Stage
from game.records import history_page
from game.scenes.dialog import DialogScene
from game.scenes.net.agreement import AgreementScene, seating_lines
from game.scenes.net.host import HostScene
from game.scenes.net.table import NetTableScene
from game.scenes.table.table import TableScene
from tests.helpers.net_screens import HeadlessPeer, join_by_typing, open_host_screen, run_until
from tests.helpers.paths import MAIN
from tests.helpers.table import centre
from tests.helpers.ui_events import click, step

# real sockets on loopback
pytestmark = pytest.mark.net


def guest(scene: HostScene, peers: list[HeadlessPeer], name: str, **options) -> HeadlessPeer:
    peer = HeadlessPeer(
        Role.GUEST,
        address=("127.0.0.1", scene.listening_port),
        code=scene.code,
        name=name,
        max_players=4,
        **options,
    )
    peers.append(peer)
    return peer


def rows(scene: HostScene) -> list[tuple[int, str, str, str]]:
    assert scene.table is not None
    return [(r.seat, r.kind, r.name, r.state) for r in scene.table.seat_rows()]


def test_the_host_chooses_four_players_and_who_sits_where(app: App) -> None:
    scene = open_host_screen(app)
    code = scene.code
    click(app, centre(scene.buttons["players"].rect))
    assert scene.players == 3 and scene.table is not None and scene.net is None
    click(app, centre(scene.buttons["players"].rect))
    assert scene.players == 4 and scene.buttons["players"].label == "Players: 4"
    assert scene.code == code  # the code already told stays
    click(app, centre(scene.buttons["seat2"].rect))  # North: a guest's, then the computer's
    assert scene.seat_kinds == {1: "guest", 2: "carefree", 3: "guest"}
    for _ in range(3):
        click(app, centre(scene.buttons["seat2"].rect))
    assert scene.seat_kinds[2] == "advanced"
    assert scene.buttons["seat2"].label == "Computer, Advanced"
    assert rows(scene) == [
        (0, "host", app.prefs.player_name, ""),
        (1, "guest", "", "free"),
        (2, "computer", "", ""),
        (3, "guest", "", "free"),
    ]
    assert scene.table.kinds == {1: None, 2: "advanced", 3: None}
    assert "invite" not in scene.buttons and scene.buttons["lobby"].label == "Wait for partners"


def test_the_last_guest_seat_cannot_become_a_computers(app: App) -> None:
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["players"].rect))  # three: two guest seats
    click(app, centre(scene.buttons["seat1"].rect))
    click(app, centre(scene.buttons["seat2"].rect))
    assert scene.seat_kinds == {1: "carefree", 2: "guest"}
    assert "at least one guest" in scene.error


def test_guests_fill_the_waiting_list_a_decline_frees_a_seat_and_the_game_starts(
    app: App, peers: list[HeadlessPeer]
) -> None:
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["players"].rect))
    click(app, centre(scene.buttons["players"].rect))  # four, every other seat a guest's
    click(app, centre(scene.buttons["seat2"].rect))  # North: the computer
    ana = guest(scene, peers, "Ana")
    ana.paused.set()  # Ana reads the rules for a while
    assert run_until(app, lambda: rows(scene)[1][1:] == ("guest", "Ana", "reading"))
    assert not scene.buttons["players"].enabled and "seat3" not in scene.buttons
    no = guest(scene, peers, "Bo", answer=lambda negotiation: "decline")
    assert run_until(app, lambda: no.peer.declined is not None)
    assert run_until(app, lambda: rows(scene)[3] == (3, "guest", "", "free"))
    assert "Bo left the table" in scene.note
    assert isinstance(app.stack.top, HostScene)  # still waiting: the table is not over
    ana.paused.clear()
    assert run_until(app, lambda: rows(scene)[1][3] == "accepted")
    cy = guest(scene, peers, "Cy")
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=40)
    table = app.stack.top
    assert table.message == "Playing at a table of 4 over the network. Good luck!"
    assert table.match.other_names == ("Ana", "Computer", "Cy")
    assert table.match.seat_line(2) == "Carefree"
    assert table.state.seat_count == 4
    for peer in (ana, cy):
        assert peer.peer.play is not None and peer.peer.play.names[1:] == [
            "Ana",
            "Computer (carefree)",
            "Cy",
        ]


def cli_host(players: int, seats: str, *extra: str) -> tuple[subprocess.Popen, dict]:
    """`main.py --host` seating a table without a window; its first line says the code."""
    host = subprocess.Popen(
        [
            sys.executable,
            str(MAIN),
            "--host",
            "0",
            "--players",
            str(players),
            "--seats",
            seats,
            "--autopilot",
            "beginner",
            "--bind",
            "127.0.0.1",
            "--name",
            "Hana",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    return host, json.loads(host.stdout.readline())


def cli_guest(port: int, code: str, name: str, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [
            sys.executable,
            str(MAIN),
            "--join",
            f"127.0.0.1:{port}",
            "--code",
            code,
            "--autopilot",
            "beginner",
            "--name",
            name,
            *extra,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.mark.slow
def test_a_guest_joins_a_table_of_four_sees_who_sits_where_and_plays_it_to_the_records(
    app: App, processes: list[subprocess.Popen]
) -> None:
    app.prefs.animation_speed = "off"
    app.prefs.player_name = "Gus"
    host, hosting = cli_host(4, "guest,computer:expert,guest", "--hands", "1")
    processes.append(host)
    join_by_typing(app, f"127.0.0.1:{hosting['port']}", hosting["code"])
    assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), seconds=30)
    agreement = app.stack.top
    assert run_until(app, lambda: agreement.stage is Stage.GUEST_DECIDING)
    # the first guest takes West, the host's left: Hana is on Gus's right
    assert seating_lines(agreement.seating) == [
        ("South, you", "Gus (you)"),
        ("West, on your left", "Computer, Expert"),
        ("North, your partner", "waiting for a guest\u2026"),
        ("East, on your right", "Hana (the host)"),
    ]
    assert set(agreement.buttons) == {"accept", "decline"}  # the host's rules stand
    click(app, centre(agreement.buttons["accept"].rect))
    assert run_until(app, lambda: agreement.net.peer.play is not None)
    assert agreement.headline()[0] == "Rules accepted"
    processes.append(cli_guest(hosting["port"], hosting["code"], "Nora"))
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=40)
    table = app.stack.top
    assert table.match.net.seat == 1 and table.state.seat_count == 4
    assert table.match.other_names == ("Computer", "Nora", "Hana")
    assert [table.match.seat_line(s) for s in (1, 2, 3)] == ["Expert", "Guest", "Host"]
    assert table.state.view.seat == 0  # the player's own seat is drawn at the bottom
    click(app, centre(table.buttons["autoplay"].rect))
    assert run_until(app, lambda: table.match.finished, seconds=240)
    assert run_until(app, lambda: bool(history_page(app.players.records).rows), seconds=20)
    [game] = history_page(app.players.records).rows
    assert game.opponent_kind == "four" and game.online and game.players == 4
    assert game.opponent == "expert, Hana" and game.partner == "Nora" and game.seat == 1
    assert game.result in ("won", "lost") and len(game.side_totals) == 2
    assert host.wait(30) == 0


def test_may_i_go_out_is_asked_of_a_partner_across_the_network_and_answered(
    app: App, peers: list[HeadlessPeer]
) -> None:
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["players"].rect))
    click(app, centre(scene.buttons["players"].rect))  # four
    click(app, centre(scene.buttons["seat1"].rect))  # West and East: the computer
    click(app, centre(scene.buttons["seat3"].rect))
    guest(scene, peers, "Nora")  # North, the partner, on another machine
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=40)
    table = app.stack.top
    assert table.names[2] == "Nora"

    def my_turn_to_draw() -> bool:
        state = table.state
        return state.to_move == ME and state.phase == DRAW and not table.match.changes

    assert run_until(app, my_turn_to_draw, seconds=60)
    click(app, centre(table.geometry.stock_rect))
    assert run_until(app, lambda: table.buttons["ask"].visible, seconds=20)
    click(app, centre(table.buttons["ask"].rect))  # "You asked Nora", then her answer comes
    assert run_until(app, lambda: table.state.view.turn_ask in (2, 3), seconds=30)
    yes = table.state.view.turn_ask == 2
    assert run_until(app, lambda: table.message.startswith("Nora says"))
    assert ("says yes" in table.message) == yes
    assert table.partners.words().get(2) == ("Yes" if yes else "No")  # Nora's bubble


def test_a_host_playing_solo_while_waiting_is_asked_once_the_table_is_ready(
    app: App, peers: list[HeadlessPeer]
) -> None:
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["players"].rect))  # three
    click(app, centre(scene.buttons["seat2"].rect))  # East: the computer
    click(app, centre(scene.buttons["solo"].rect))
    solo = app.stack.top
    assert isinstance(solo, TableScene) and not isinstance(solo, NetTableScene)
    guest(scene, peers, "Ana")
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene), seconds=40)
    dialog = app.stack.top
    assert dialog.title == "Your table is ready"
    click(app, centre(dialog.buttons[0].rect))  # Start
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    assert app.stack.top.state.seat_count == 3 and app.stack.top.names[1] == "Ana"


@pytest.mark.slow
def test_a_guest_whose_game_broke_off_continues_its_seat_from_the_title(
    app: App, processes: list[subprocess.Popen], tmp_path: Path
) -> None:
    from game.scenes.title import TitleScene

    app.prefs.animation_speed = "off"
    app.prefs.player_name = "Gus"
    log = tmp_path / "host.log"
    host = subprocess.Popen(
        [
            sys.executable,
            str(MAIN),
            "--host",
            "0",
            "--players",
            "3",
            "--seats",
            "guest,guest",
            "--autopilot",
            "beginner",
            "--bind",
            "127.0.0.1",
            "--hands",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
    )
    processes.append(host)
    hosting = json.loads(host.stdout.readline())
    processes.append(cli_guest(hosting["port"], hosting["code"], "Nora"))
    # Nora takes the first seat, so a guest coming back without naming its seat is sent there
    assert run_until(app, lambda: "seat 1: connected" in log.read_text(), seconds=30)
    join_by_typing(app, f"127.0.0.1:{hosting['port']}", hosting["code"])
    assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), seconds=30)
    agreement = app.stack.top
    assert run_until(app, lambda: agreement.stage is Stage.GUEST_DECIDING)
    click(app, centre(agreement.buttons["accept"].rect))
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=40)
    table = app.stack.top
    assert table.match.net.seat == 2
    click(app, centre(table.buttons["autoplay"].rect))
    assert run_until(app, lambda: table.match.net.peer.play.state_no >= 12, seconds=120)
    table.match.net.endpoint.stop()  # the guest's process is gone: no goodbye is said
    app.autosave_exists = lambda: False
    title = TitleScene(app)
    app.stack.push(title)
    step(app)
    click(app, centre(title.buttons["Continue"].rect))
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    click(app, centre(dialog.buttons[0].rect))  # Join it again
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=60)
    back = app.stack.top
    assert back is not table and back.match.net.seat == 2
    click(app, centre(back.buttons["autoplay"].rect))
    assert run_until(app, lambda: back.match.finished, seconds=240)
    out, _ = host.communicate(timeout=60)
    ended = json.loads(out.strip().splitlines()[-1])
    assert ended["outcome"] == "finished"
    assert back.match.net.peer.play.finished.state_hash == ended["state_hash"]
