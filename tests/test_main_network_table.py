"""`python main.py --host PORT --players 4 --seats guest,computer:advanced,guest --autopilot
advanced` hosts a table of four without a window: it prints one join code for the table, two
`--join ... --code C` guests take the two guest seats (the computer seat is the host's), and all
three processes end the whole game with the same state hash; the same at three. A guest killed
with kill -9 mid-game comes back with `--resume` into its own seat and the table finishes."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

from game.netplay.tools.local_servers import steady_port
from tests.helpers.paths import MAIN as MAIN_PATH

# real processes on loopback
pytestmark = [pytest.mark.net, pytest.mark.slow]

MAIN = str(MAIN_PATH)
GAME_LIMIT = 300  # seconds any process of a game may take before the test gives up


def _log(logs: Path, name: str) -> IO[str]:
    """A file in `logs` for one process's stderr: kept, not discarded, so that a game that
    ends otherwise than the test expects says why (see `_said`)."""
    logs.mkdir(exist_ok=True)
    return (logs / f"{name}.log").open("w")


def _said(logs: Path) -> str:
    """The end of every process's stderr, for an assertion's message."""
    return "\n".join(
        f"--- {log.name}:\n{log.read_text()[-3000:]}" for log in sorted(logs.glob("*.log"))
    )


def _start(args: list[str], stdout: int, stderr: IO[str] | int, text: bool) -> subprocess.Popen:
    """A process of the game, its stderr written where asked (the log file is the child's now:
    this side's copy is closed)."""
    process = subprocess.Popen(args, stdout=stdout, stderr=stderr, text=text)
    if not isinstance(stderr, int):
        stderr.close()
    return process


def _host(
    players: int, seats: str, *extra: str, stderr: IO[str] | int
) -> tuple[subprocess.Popen, dict]:
    host = _start(
        [
            sys.executable,
            MAIN,
            "--host",
            str(steady_port()),  # a killed host listens again on it when it resumes
            "--players",
            str(players),
            "--seats",
            seats,
            "--autopilot",
            "advanced",
            "--bind",
            "127.0.0.1",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )
    return host, json.loads(host.stdout.readline())


def _guest(port: int, code: str, *extra: str, stderr: IO[str] | int) -> subprocess.Popen:
    return _start(
        [
            sys.executable,
            MAIN,
            "--join",
            f"127.0.0.1:{port}",
            "--code",
            code,
            "--autopilot",
            "advanced",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )


def _last_line(process: subprocess.Popen) -> dict:
    return _outputs(process)[0]


def _outputs(process: subprocess.Popen) -> tuple[dict, str]:
    """The final JSON line and whatever the process wrote on stderr."""
    out, err = process.communicate(timeout=GAME_LIMIT)
    return json.loads(out.strip().splitlines()[-1]), err or ""


@pytest.mark.parametrize(
    ("players", "seats", "guest_seats"),
    [(4, "guest,computer:advanced,guest", {1, 3}), (3, "guest,guest", {1, 2})],
)
def test_a_host_and_two_guests_play_a_whole_game_to_the_same_state_hash(
    players: int, seats: str, guest_seats: set[int], tmp_path: Path
):
    host, hosting = _host(players, seats, stderr=_log(tmp_path, "host"))
    guests = []
    try:
        assert hosting["event"] == "hosting" and hosting["players"] == players
        assert hosting["seats"] == ["host", *seats.split(",")]
        guests = [
            _guest(hosting["port"], hosting["code"], stderr=_log(tmp_path, f"guest-{n}"))
            for n in range(len(guest_seats))
        ]
        results = [_last_line(guest) for guest in guests] + [_last_line(host)]
    finally:
        for process in (host, *guests):
            process.kill()
    assert [r["outcome"] for r in results] == ["finished"] * 3, _said(tmp_path)
    assert {r["seat"] for r in results} == guest_seats | {0}
    assert len({r["state_hash"] for r in results}) == 1
    sides = 2 if players == 4 else 3
    totals = results[0]["totals"]
    assert len(totals) == sides and all(r["totals"] == totals for r in results)
    assert max(totals) >= 5000, "a whole game plays to the target score"
    assert host.returncode == 0 and all(guest.returncode == 0 for guest in guests)


def test_chat_reaches_every_player_of_the_table():
    pipe = subprocess.PIPE
    host, hosting = _host(3, "guest,guest", "--hands", "1", "--say", "host here", stderr=pipe)
    port, code = hosting["port"], hosting["code"]
    first = _guest(port, code, "--hands", "1", "--say", "first guest here", stderr=pipe)
    try:
        second = _guest(port, code, "--hands", "1", stderr=pipe)
        outputs = [_outputs(process) for process in (first, second, host)]
    finally:
        for process in (host, first):
            process.kill()
    assert [result["outcome"] for result, _ in outputs] == ["finished"] * 3
    (_, first_err), (_, second_err), (_, host_err) = outputs
    assert "host here" in first_err and "host here" in second_err
    assert "first guest here" in second_err, "a guest's line is passed on to the others"
    assert "first guest here" in host_err


def test_a_guest_killed_mid_game_resumes_its_own_seat_and_the_table_finishes(tmp_path: Path):
    logs = tmp_path / "logs"
    host, hosting = _host(
        4,
        "guest,computer:beginner,guest",
        "--hands",
        "2",
        "--save",
        str(tmp_path / "host.json"),
        stderr=_log(logs, "host"),
    )
    saves = [tmp_path / "seat-a.json", tmp_path / "seat-b.json"]
    guests = [
        _guest(hosting["port"], hosting["code"], "--save", str(save), stderr=_log(logs, save.stem))
        for save in saves
    ]
    try:
        victim = _wait_for_moves(saves[0], 40)
        seat = victim["seat"]
        os.kill(guests[0].pid, signal.SIGKILL)
        guests[0].wait(timeout=10)
        back = _start(
            [sys.executable, MAIN, "--resume", str(saves[0]), "--autopilot", "advanced"],
            stdout=subprocess.PIPE,
            stderr=_log(logs, "resumed"),
            text=True,
        )
        results = [_last_line(back), _last_line(guests[1]), _last_line(host)]
    finally:
        for process in (host, *guests):
            process.kill()
    assert [r["outcome"] for r in results] == ["finished"] * 3, _said(logs)
    assert results[0]["seat"] == seat, "the resumed guest sits where it sat"
    assert len({r["state_hash"] for r in results}) == 1
    assert results[0]["hands"] == 2


def test_a_host_killed_mid_game_resumes_and_every_guest_rejoins_its_seat(tmp_path: Path):
    save, logs = tmp_path / "host.json", tmp_path / "logs"
    host, hosting = _host(
        3, "guest,guest", "--hands", "2", "--save", str(save), stderr=_log(logs, "host")
    )
    guests = [
        _guest(hosting["port"], hosting["code"], stderr=_log(logs, f"guest-{n}")) for n in range(2)
    ]
    back = None
    try:
        _wait_for_moves(save, 40, inside="table")
        os.kill(host.pid, signal.SIGKILL)
        host.wait(timeout=10)
        back = _start(
            [sys.executable, MAIN, "--resume", str(save), "--autopilot", "advanced"],
            stdout=subprocess.PIPE,
            stderr=_log(logs, "resumed"),
            text=True,
        )
        results = [_last_line(back), *(_last_line(guest) for guest in guests)]
    finally:
        for process in (host, *guests, *([back] if back else [])):
            process.kill()
    assert [r["outcome"] for r in results] == ["finished"] * 3, _said(logs)
    assert {r["seat"] for r in results} == {0, 1, 2}
    assert len({r["state_hash"] for r in results}) == 1


def _wait_for_moves(save: Path, moves: int, inside: str = "") -> dict:
    """The guest's save once its game has `moves` actions (polled: the guest writes it)."""
    deadline = time.monotonic() + GAME_LIMIT
    while time.monotonic() < deadline:
        try:
            doc = json.loads(save.read_text())
        except (OSError, ValueError):
            doc = {}
        seat = (doc.get(inside) or {}).get("seats", {}).get("0", {}) if inside else doc
        hand = seat.get("hand") or {}
        if len(seat.get("log", [])) + len(hand.get("actions", [])) >= moves:
            return doc
        time.sleep(0.05)
    raise AssertionError(f"{save} never reached {moves} moves")
