"""`main.py --lobby-host`, `--lobby-list` and `--lobby-join` as processes against the test's own
Mosquitto on loopback: a lobby host is listed within seconds, a lobby guest plays it the whole
hand to the same state hash, the host is then no longer listed, a subscriber to every topic never
sees the join code or the port, and a declined request, a host that is not there and a broker
that is down each end the command with a sentence and a non-zero exit. A host that sends an
invite code instead (as a screen may) is followed through the invite servers."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import msgpack
import pytest

from game.netplay.lobby import Announcement, InviteDetails, LobbyError
from game.netplay.tools.invite_bench import final_line
from game.netplay.tools.lobby_commands import host_until_accepted
from tests.helpers.mosquitto import Broker, Sniffer, free_port
from tests.helpers.paths import MAIN as MAIN_PATH
from tests.helpers.wormhole_servers import LocalServers

# a real broker (and game connections) on loopback
pytestmark = pytest.mark.net

MAIN = str(MAIN_PATH)
GAME_TIMEOUT = 180.0
LIST_WITHIN = 20.0  # the host's announcement reaches the broker within this
PLAY = ["--autopilot", "carefree", "--hands", "1"]


def _start(args: list[str], log: Path) -> subprocess.Popen[str]:
    with log.open("a", encoding="utf-8") as errors:
        return subprocess.Popen(
            [sys.executable, MAIN, *args], stdout=subprocess.PIPE, stderr=errors, text=True
        )


def _run(args: list[str], timeout: float = 60.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, MAIN, *args], capture_output=True, text=True, timeout=timeout
    )


def _lobby_host(broker: Broker, log: Path, *extra: str) -> tuple[subprocess.Popen, dict]:
    host = _start(["--lobby-host", "--broker", broker.url, "--name", "Hosty", *PLAY, *extra], log)
    assert host.stdout is not None
    hosting = json.loads(host.stdout.readline())
    assert hosting["event"] == "hosting" and hosting["port"] > 0, hosting
    return host, hosting


def _listed(broker: Broker, *extra: str) -> list[dict[str, Any]]:
    """The hosts `--lobby-list` prints."""
    done = _run(["--lobby-list", "--broker", broker.url, *extra])
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def _listed_soon(broker: Broker, name: str) -> list[dict[str, Any]]:
    give_up = time.monotonic() + LIST_WITHIN
    while True:
        hosts = _listed(broker)
        if any(host["name"] == name for host in hosts) or time.monotonic() > give_up:
            return hosts


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.kill()
    process.communicate()


@pytest.mark.slow
def test_a_lobby_host_is_listed_within_seconds_with_what_it_plays(
    mosquitto: Broker, tmp_path: Path
) -> None:
    host, _ = _lobby_host(
        mosquitto, tmp_path / "host.log", "--rules", "modern_american", "--lobby-level", "expert"
    )
    try:
        hosts = _listed_soon(mosquitto, "Hosty")
        [listed] = hosts
        assert listed["name"] == "Hosty" and listed["rules"] == "modern_american"
        assert listed["level"] == "expert" and listed["differences"] == ["a game of 1 hand"]
        assert listed["version"] and abs(listed["since"] - time.time()) < 60
        assert len(listed["id"]) == 16
        assert _listed(mosquitto, "--rules", "modern_american") == hosts
        assert _listed(mosquitto, "--rules", "classic") == []
        assert host.poll() is None, "the host keeps waiting while it is listed"
    finally:
        _stop(host)


@pytest.mark.slow
@pytest.mark.usefixtures("ctrl_c_reaches_games")
def test_a_lobby_host_stopped_with_ctrl_c_leaves_the_list_and_says_so(
    mosquitto: Broker, tmp_path: Path
) -> None:
    log = tmp_path / "host.log"
    host, _ = _lobby_host(mosquitto, log)
    try:
        assert _listed_soon(mosquitto, "Hosty"), log.read_text()
        host.send_signal(signal.SIGINT)
        out, _ = host.communicate(timeout=15)
    finally:
        _stop(host)
    assert host.returncode == 1
    final = json.loads(out.splitlines()[-1])
    assert final["outcome"] == "left" and final["role"] == "host"
    told = log.read_text()
    assert "Stopped waiting in the lobby: this game is no longer listed." in told
    assert "Traceback" not in told
    assert _listed(mosquitto) == []


@pytest.mark.slow
def test_a_lobby_guest_plays_the_lobby_host_and_the_broker_sees_no_code_or_port(
    mosquitto: Broker, tmp_path: Path
) -> None:
    sniffer = Sniffer(mosquitto)
    log = tmp_path / "game.log"
    host, hosting = _lobby_host(mosquitto, log)
    try:
        assert _listed_soon(mosquitto, "Hosty"), log.read_text()
        guest = _start(
            ["--lobby-join", "Hosty", "--broker", mosquitto.url, "--name", "Guesty", *PLAY], log
        )
        results = [final_line(guest, GAME_TIMEOUT), final_line(host, GAME_TIMEOUT)]
    finally:
        _stop(host)
        sniffer.stop()
    assert [r.get("outcome") for r in results] == ["finished", "finished"], log.read_text()
    assert results[0]["state_hash"] == results[1]["state_hash"] is not None
    assert (results[0]["peer"], results[1]["peer"]) == ("Hosty", "Guesty")
    assert guest.returncode == host.returncode == 0
    assert "Hosty said yes: joining directly at 127.0.0.1:" in log.read_text()
    # the announcement went with the accepted guest
    assert _listed(mosquitto) == []
    # nobody on the broker could read where the game was or its join code
    code, port = hosting["code"], str(hosting["port"])
    secrets = [code, code.replace("-", ""), *code.split("-"), port]
    assert {topic.split("/")[3] for topic, _ in sniffer.payloads} == {
        "hosts",
        "requests",
        "answers",
    }
    for topic, payload in sniffer.payloads:
        readable = topic + repr(payload) + repr(_decoded(payload))
        for secret in secrets:
            assert secret.encode() not in payload and secret not in readable, (topic, secret)


def _decoded(payload: bytes) -> Any:
    try:
        return msgpack.unpackb(payload, raw=False)
    except (ValueError, msgpack.UnpackException, msgpack.ExtraData):
        return None


def _hosting_in_background(url: str, name: str, details: Any, **options: Any) -> dict[str, Any]:
    """A lobby host of the test's own, answering with `details` (or declining)."""
    result: dict[str, Any] = {}

    def run() -> None:
        announcement = Announcement(name, "classic", since=int(time.time()))
        try:
            result["hosted"] = host_until_accepted(url, announcement, lambda g: details, **options)
        except LobbyError as error:
            result["error"] = str(error)

    result["thread"] = thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return result


@pytest.mark.slow
def test_a_declined_request_ends_the_guest_with_the_hosts_sentence(mosquitto: Broker) -> None:
    result = _hosting_in_background(
        mosquitto.url, "Grumpy", None, wait=10.0, choose=lambda guest: False
    )
    give_up = time.monotonic() + LIST_WITHIN
    while not _listed(mosquitto) and time.monotonic() < give_up:
        time.sleep(0.1)
    done = _run(["--lobby-join", "Grumpy", "--broker", mosquitto.url, "--name", "Guesty", *PLAY])
    assert done.returncode == 1
    assert "Grumpy would rather not play now." in done.stderr
    final = json.loads(done.stdout.splitlines()[-1])
    assert final["outcome"] == "declined" and final["state_hash"] is None
    result["thread"].join(30)
    assert "hosted" not in result


@pytest.mark.slow
@pytest.mark.usefixtures("ctrl_c_reaches_games")
def test_a_lobby_guest_stopped_with_ctrl_c_while_it_waits_says_so(
    mosquitto: Broker, tmp_path: Path
) -> None:
    asked = threading.Event()

    def ponder(guest: object) -> bool:  # a host slow to answer
        asked.set()
        time.sleep(8)
        return False

    _hosting_in_background(mosquitto.url, "Slowpoke", None, wait=20.0, choose=ponder)
    _listed_soon(mosquitto, "Slowpoke")
    log = tmp_path / "guest.log"
    guest = _start(["--lobby-join", "Slowpoke", "--broker", mosquitto.url, *PLAY], log)
    try:
        assert asked.wait(LIST_WITHIN), log.read_text()
        guest.send_signal(signal.SIGINT)
        out, _ = guest.communicate(timeout=15)
    finally:
        _stop(guest)
    assert guest.returncode == 1
    assert json.loads(out.splitlines()[-1])["outcome"] == "left"
    told = log.read_text()
    assert "Stopped asking: you left the lobby before the host answered." in told
    assert "Traceback" not in told


@pytest.mark.slow
def test_asking_for_a_host_that_is_not_there_ends_with_a_sentence(mosquitto: Broker) -> None:
    done = _run(["--lobby-join", "Ghost", "--broker", mosquitto.url, *PLAY])
    assert done.returncode == 1
    assert "No host called 'Ghost' is waiting in the lobby." in done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["outcome"] == "failed"


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [["--lobby-list"], ["--lobby-join", "Hosty", *PLAY], ["--lobby-host", *PLAY]],
    ids=["list", "join", "host"],
)
def test_a_broker_that_is_down_is_said_in_words_at_once(command: list[str]) -> None:
    port = free_port()
    started = time.monotonic()
    done = _run([*command, "--broker", f"mqtt://127.0.0.1:{port}"], timeout=30)
    assert time.monotonic() - started < 10.0
    assert done.returncode == 1
    sentence = f"The lobby server at 127.0.0.1:{port} did not answer"
    assert done.stderr.count(sentence) == 1, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_a_guest_sent_an_invite_code_meets_the_host_through_the_invite_servers(
    mosquitto: Broker, wormhole_servers: LocalServers, tmp_path: Path
) -> None:
    log = tmp_path / "game.log"
    servers = ["--mailbox", wormhole_servers.mailbox, "--relay", wormhole_servers.relay]
    inviter = _start(
        ["--invite", *servers, "--direct", "127.0.0.1", "--bind", "127.0.0.1", *PLAY], log
    )
    try:
        assert inviter.stdout is not None
        invite = json.loads(inviter.stdout.readline())
        assert invite["event"] == "invite"
        details = InviteDetails(invite["code"], wormhole_servers.mailbox, wormhole_servers.relay)
        lobby = _hosting_in_background(mosquitto.url, "Inviter", details, wait=60.0)
        give_up = time.monotonic() + LIST_WITHIN
        while not _listed(mosquitto) and time.monotonic() < give_up:
            time.sleep(0.1)
        guest = _start(["--lobby-join", "Inviter", "--broker", mosquitto.url, *PLAY], log)
        results = [final_line(guest, GAME_TIMEOUT), final_line(inviter, GAME_TIMEOUT)]
    finally:
        _stop(inviter)
    assert [r.get("outcome") for r in results] == ["finished", "finished"], log.read_text()
    assert results[0]["state_hash"] == results[1]["state_hash"] is not None
    assert "meeting through the invite code it sent" in log.read_text()
    lobby["thread"].join(10)
    assert lobby["hosted"].details == details


def _free_seats_soon(broker: Broker, name: str, free: int) -> int | None:
    """The free seats the lobby lists for host `name`, once they are `free` (or the wait is over)."""
    give_up = time.monotonic() + LIST_WITHIN
    while True:
        listed = next((host["free"] for host in _listed(broker) if host["name"] == name), None)
        if listed == free or time.monotonic() > give_up:
            return listed
        time.sleep(0.2)


@pytest.mark.slow
def test_a_table_waits_in_the_lobby_with_its_free_seats_and_fills_from_it(
    mosquitto: Broker, tmp_path: Path
) -> None:
    log = tmp_path / "game.log"
    host, _ = _lobby_host(mosquitto, log, "--players", "3", "--seats", "guest,guest")
    guests: list[subprocess.Popen[str]] = []
    try:
        listed = _listed_soon(mosquitto, "Hosty")
        assert [(h["players"], h["free"]) for h in listed] == [(3, 2)], log.read_text()
        join = ["--lobby-join", "Hosty", "--broker", mosquitto.url, *PLAY]
        guests.append(_start([*join, "--name", "Ana"], log))
        # one seat fewer is offered once the first guest has its details
        assert _free_seats_soon(mosquitto, "Hosty", 1) == 1, log.read_text()
        guests.append(_start([*join, "--name", "Ben"], log))
        results = [final_line(p, GAME_TIMEOUT) for p in (*guests, host)]
    finally:
        for process in (host, *guests):
            _stop(process)
    told = log.read_text()
    assert [r.get("outcome") for r in results] == ["finished"] * 3, told
    assert {r["seat"] for r in results} == {0, 1, 2}
    assert len({r["state_hash"] for r in results}) == 1
    assert "Ana was sent the address and join code." in told
    assert "Ben was sent the address and join code." in told
    assert "Every seat is given: this table is no longer listed in the lobby." in told
    assert _listed(mosquitto) == []


@pytest.mark.slow
def test_a_table_whose_broker_is_down_says_so_and_still_waits_for_guests(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "host.log"
    host = _start(
        ["--lobby-host", "--broker", f"mqtt://127.0.0.1:{port}", "--players", "3", *PLAY], log
    )
    try:
        assert host.stdout is not None
        assert json.loads(host.stdout.readline())["event"] == "hosting"
        sentence = f"The lobby server at 127.0.0.1:{port} did not answer"
        give_up = time.monotonic() + LIST_WITHIN
        while sentence not in log.read_text() and time.monotonic() < give_up:
            time.sleep(0.2)
        time.sleep(1.0)
        assert host.poll() is None, log.read_text()  # still waiting for guests by address
    finally:
        _stop(host)
    told = log.read_text()
    assert told.count(sentence) == 1, told
    assert "Traceback" not in told
