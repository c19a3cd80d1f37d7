"""A network table of three hosted from the screens, stopped and taken up again: the host's
Disconnect leaves the table saved where `main.py --resume` reads it, the title's Continue hosts
it again on the same port and code, and the guests (`main.py --resume`, over loopback) rejoin
their own seats; the game plays on to the same state hash on every side."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.app import App
from game.match.net_connection import save_path
from game.netplay import Role, read_json
from game.scenes.dialog import DialogScene
from game.scenes.menu import MenuScene
from game.scenes.net.host import HostScene
from game.scenes.net.table import NetTableScene
from game.scenes.title import TitleScene
from tests.helpers.net_screens import open_host_screen, run_until
from tests.helpers.paths import MAIN
from tests.helpers.table import centre
from tests.helpers.ui_events import click, step

# real sockets on loopback, a whole game
pytestmark = [pytest.mark.net, pytest.mark.slow]


def cli_guest(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(MAIN), *args, "--autopilot", "beginner"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def last_line(process: subprocess.Popen) -> dict:
    out, _ = process.communicate(timeout=240)
    return json.loads(out.strip().splitlines()[-1])


def test_a_table_stopped_by_its_host_continues_from_the_title_to_the_same_state_hash(
    app: App, processes: list[subprocess.Popen], tmp_path: Path
) -> None:
    app.prefs.animation_speed = "off"
    app.prefs.rules = {"preset": "classic", "target_score": 500}  # a game of a hand or two
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["players"].rect))  # three: two guest seats
    port, code = scene.listening_port, scene.code
    saves = [tmp_path / "ana.json", tmp_path / "bo.json"]
    for name, save in zip(("Ana", "Bo"), saves, strict=True):
        processes.append(
            cli_guest(
                "--join", f"127.0.0.1:{port}", "--code", code, "--name", name, "--save", str(save)
            )
        )
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=60)
    table = app.stack.top
    click(app, centre(table.buttons["autoplay"].rect))
    assert run_until(app, lambda: table.match.net.peer.play.state_no >= 12, seconds=90)
    click(app, centre(table.buttons["autoplay"].rect))  # AutoPilot off: the game stands still
    click(app, centre(table.buttons["menu"].rect))
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, centre(menu.buttons["Disconnect"].rect))
    confirm = app.stack.top
    assert isinstance(confirm, DialogScene) and "saved" in confirm.message
    click(app, centre(confirm.buttons[0].rect))  # Disconnect
    assert run_until(app, lambda: not any(isinstance(s, NetTableScene) for s in app.stack))
    saved = read_json(save_path(Role.HOST))
    assert "table" in saved and saved["connection"]["port"] == port
    assert saved["connection"]["code"] == code
    stopped = [last_line(process) for process in processes]
    assert [r["outcome"] for r in stopped] == ["left", "left"]

    title = app.stack.top
    assert isinstance(title, TitleScene)
    app.autosave_exists = lambda: False
    step(app)
    click(app, centre(title.buttons["Continue"].rect))
    offer = app.stack.top
    assert isinstance(offer, DialogScene)
    assert "Ana" in offer.message and "Bo" in offer.message
    assert "You hosted this table with" in offer.message and "Your friends have" in offer.message
    click(app, centre(offer.buttons[0].rect))  # Host it again
    host = app.stack.top
    assert isinstance(host, HostScene) and host.table is not None
    assert (host.listening_port, host.code, host.players) == (port, code, 3)
    rows = host.table.seat_rows()[1:]  # the guests sit in the order they joined
    assert sorted((r.name, r.state) for r in rows) == [("Ana", "rejoining"), ("Bo", "rejoining")]
    back = [cli_guest("--resume", str(save)) for save in saves]
    processes.extend(back)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), seconds=60)
    again = app.stack.top
    assert again is not table and again.match.net.peer.play.state_no >= 12
    click(app, centre(again.buttons["autoplay"].rect))
    assert run_until(app, lambda: again.match.net.peer.result is not None, seconds=240)
    mine = again.match.net.peer.result.state_hash
    results = [last_line(process) for process in back]
    assert [r["outcome"] for r in results] == ["finished", "finished"]
    assert {r["state_hash"] for r in results} == {mine}
    assert run_until(app, lambda: not save_path(Role.HOST).exists())
