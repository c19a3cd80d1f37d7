"""`main.py --invite` and `--accept CODE` as two processes through a local mailbox and relay:
the host prints its invite code first, a mistyped code ends the guest with a sentence while the
host offers a new code, a whole game ends with the same state hash on both sides (directly, and
through the relay while the relay goes down and comes back), and a side killed with SIGKILL
comes back with `--resume PATH` alone and finishes the same game."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.netplay.tools.invite_bench import final_line
from tests.helpers.paths import MAIN as MAIN_PATH
from tests.helpers.wormhole_servers import LocalServers

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net

MAIN = str(MAIN_PATH)
GAME_TIMEOUT = 240.0


def _start(args: list[str], log: Path) -> subprocess.Popen[str]:
    with log.open("a", encoding="utf-8") as errors:
        return subprocess.Popen(
            [sys.executable, MAIN, *args],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
            start_new_session=True,
        )


def _servers(servers: LocalServers) -> list[str]:
    return ["--mailbox", servers.mailbox, "--relay", servers.relay]


def _invite(servers: LocalServers, log: Path, *extra: str) -> tuple[subprocess.Popen[str], str]:
    host = _start(
        ["--invite", *_servers(servers), "--autopilot", "beginner", "--hands", "1", *extra], log
    )
    assert host.stdout is not None
    line = json.loads(host.stdout.readline())
    assert line["event"] == "invite"
    return host, line["code"]


def _accept(servers: LocalServers, code: str, log: Path, *extra: str) -> subprocess.Popen[str]:
    return _start(
        ["--accept", code, *_servers(servers), "--autopilot", "beginner", "--hands", "1", *extra],
        log,
    )


def _wait_for(path: Path, process: subprocess.Popen[str], seconds: float = 60.0) -> None:
    give_up = time.monotonic() + seconds
    while not path.exists() and process.poll() is None and time.monotonic() < give_up:
        time.sleep(0.02)
    assert path.exists(), f"{path.name} was never written"


@pytest.mark.slow
def test_a_whole_game_by_invite_code_ends_identical_on_both_sides(
    wormhole_servers: LocalServers, tmp_path: Path
) -> None:
    log = tmp_path / "game.log"
    host, code = _invite(wormhole_servers, log, "--direct", "127.0.0.1", "--bind", "127.0.0.1")
    guest = _accept(wormhole_servers, code, log)
    results = [final_line(guest, GAME_TIMEOUT), final_line(host, GAME_TIMEOUT)]
    assert [r.get("outcome") for r in results] == ["finished", "finished"], log.read_text()
    assert results[0]["state_hash"] == results[1]["state_hash"] is not None
    assert "directly" in log.read_text()


@pytest.mark.slow
def test_a_mistyped_code_ends_the_guest_with_a_sentence_and_the_host_gets_a_new_one(
    wormhole_servers: LocalServers, tmp_path: Path
) -> None:
    log = tmp_path / "game.log"
    host, code = _invite(wormhole_servers, log, "--direct", "none", "--wait", "30")
    try:
        wrong = code.split("-")[0] + "-mistyped-words"
        stranger = subprocess.run(
            [
                sys.executable,
                MAIN,
                "--accept",
                wrong,
                *_servers(wormhole_servers),
                "--autopilot",
                "beginner",
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert stranger.returncode == 1
        final = json.loads(stranger.stdout.strip().splitlines()[-1])
        assert final["outcome"] == "failed" and final["reason"] == "wrong_code"
        assert "ask for a new code" in stranger.stderr
        assert host.stdout is not None
        again = json.loads(host.stdout.readline())
        assert again["event"] == "invite" and again["code"] != code
    finally:
        os.killpg(host.pid, signal.SIGKILL)
        host.wait()


@pytest.mark.slow
def test_a_relayed_game_survives_the_relay_going_down_and_ends_identical(
    wormhole_servers: LocalServers, tmp_path: Path
) -> None:
    log = tmp_path / "game.log"
    saves = tmp_path / "guest.json"
    host, code = _invite(wormhole_servers, log, "--direct", "none")
    guest = _accept(wormhole_servers, code, log, "--save", str(saves))
    _wait_for(saves, guest)
    wormhole_servers.stop_relay()
    time.sleep(0.5)
    wormhole_servers.start_relay()
    results = [final_line(guest, GAME_TIMEOUT), final_line(host, GAME_TIMEOUT)]
    assert [r.get("outcome") for r in results] == ["finished", "finished"], log.read_text()
    assert results[0]["state_hash"] == results[1]["state_hash"] is not None
    assert "through the relay" in log.read_text()
    assert results[0]["resumes"] >= 1 and results[1]["resumes"] >= 1


@pytest.mark.slow
@pytest.mark.parametrize("victim", ["host", "guest"])
def test_a_side_killed_mid_game_comes_back_with_resume_alone(
    wormhole_servers: LocalServers, tmp_path: Path, victim: str
) -> None:
    log = tmp_path / "game.log"
    saves = {"host": tmp_path / "host.json", "guest": tmp_path / "guest.json"}
    host, code = _invite(
        wormhole_servers,
        log,
        "--direct",
        "127.0.0.1",
        "--bind",
        "127.0.0.1",
        "--save",
        str(saves["host"]),
    )
    guest = _accept(wormhole_servers, code, log, "--save", str(saves["guest"]))
    processes = {"host": host, "guest": guest}
    _wait_for(saves[victim], processes[victim])
    time.sleep(0.3)
    assert processes[victim].poll() is None, "the game ended before the kill"
    os.killpg(processes[victim].pid, signal.SIGKILL)
    processes[victim].wait()
    saved = json.loads(saves[victim].read_text())
    assert code not in json.dumps(saved), "the invite code is never kept"
    processes[victim] = _start(["--resume", str(saves[victim]), "--autopilot", "beginner"], log)
    results = {name: final_line(process, GAME_TIMEOUT) for name, process in processes.items()}
    outcomes = [r.get("outcome") for r in results.values()]
    assert outcomes == ["finished", "finished"], log.read_text()[-3000:]
    assert results["host"]["state_hash"] == results["guest"]["state_hash"] is not None


@pytest.mark.slow
def test_the_bench_measures_connect_and_round_trips_on_both_paths(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("wormhole_mailbox_server")  # the bench starts its own servers
    pytest.importorskip("wormhole_transit_relay")
    from game.netplay.tools import invite_bench

    assert invite_bench.main(["--connects", "1", "--round-trips", "5", "--games", "0"]) == 0
    figures = json.loads(capsys.readouterr().out)
    for path in ("direct", "relay"):
        assert figures["links"][path]["round_trips"] == 5
        assert figures["links"][path]["connect_ms_median"] > 0
    assert figures["import_seconds"] > 0 and figures["games"] == []


HEADLESS_ACCEPT = [sys.executable, MAIN, "--autopilot", "beginner", "--accept"]


def test_a_malformed_code_is_refused_before_any_server_is_asked() -> None:
    # Port 1 on loopback: if anything were dialled, the failure would be a different one.
    done = subprocess.run(
        [*HEADLESS_ACCEPT, "zz", "--mailbox", "ws://127.0.0.1:1/v1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "cannot accept the invite: An invite code starts with a number" in done.stderr
    assert "cannot be reached" not in done.stderr + done.stdout
