"""Network games over real loopback TCP: through the fault-injecting proxy (killed connections,
frames sliced into single bytes, delays), with the network path going dead for good (both sides
save, then continue the game from their files), and as two separate headless processes."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable

import pytest

from game.logic.rules import Rules
from game.netplay.play.deciders import Autopilot
from game.netplay.play.peer import PlayPeer, Saved, restore_seat
from game.netplay.play.play_protocol import proposal
from game.netplay.session.config import SessionConfig
from game.netplay.session.events import Failed, Interrupted
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.reliable import ReliableSession
from game.netplay.shell.endpoint_port import EndpointPort
from game.netplay.shell.savefile import JsonFileStore, read_json
from game.netplay.shell.tcp import NetplayGuest, NetplayHost, TransportNotice
from game.netplay.tools.proxy import FaultProxy
from tests.helpers.paths import ROOT

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net

CONFIG = SessionConfig(
    heartbeat_interval=0.1,
    interrupt_after=0.5,
    reconnect_after=0.8,
    give_up_after=2.5,
    initial_rto=0.2,
    min_rto=0.05,
    max_rto=0.5,
    ack_delay=0.01,
)


class Side:
    """A peer on a TCP endpoint, with every notice it reported, in order."""

    def __init__(
        self, role: Role, endpoint: NetplayHost | NetplayGuest, seed: int, **kwargs
    ) -> None:
        self.endpoint = endpoint
        self.port = EndpointPort(endpoint)
        terms = proposal(Rules(), kwargs.pop("hands", 1))
        name = "Alice" if role is Role.HOST else "Bob"
        self.peer = PlayPeer(
            role, self.port, Autopilot("beginner", seed=seed), terms=terms, name=name, **kwargs
        )
        self.seen: list[object] = []

    def pump(self) -> None:
        self.peer.pump()
        self.seen.extend(self.peer.pop_notices())

    def state(self) -> int:
        play = self.peer.play
        return play.state_no if play is not None else -1


def host_side(seed: int = 1, **kwargs) -> Side:
    session = ReliableSession(Role.HOST, PeerInfo("Alice", "1.0"), CONFIG)
    restore_seat(session, kwargs.get("resume"))  # as the game does, before the endpoint opens
    return Side(Role.HOST, NetplayHost(session, bind_host="127.0.0.1").start(), seed, **kwargs)


def guest_side(address: str, seed: int = 2, **kwargs) -> Side:
    session = ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0"), CONFIG)
    restore_seat(session, kwargs.get("resume"))
    return Side(
        Role.GUEST,
        NetplayGuest(session, address, redial_delays=(0.05, 0.1, 0.2)).start(),
        seed,
        **kwargs,
    )


def pump_until(done: Callable[[], bool], timeout: float, *sides: Side) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for side in sides:
            side.pump()
        if done():
            return True
        time.sleep(0.001)
    return False


def stop(*sides: Side) -> None:
    for side in sides:
        side.endpoint.stop()


@pytest.mark.slow
def test_a_game_resumes_after_killed_connections_sliced_and_delayed_frames():
    host = host_side(hands=2)
    with FaultProxy(("127.0.0.1", host.endpoint.port)) as proxy:
        guest = guest_side(proxy.address)
        try:
            steps = [
                (12, lambda: proxy.kill_all()),
                (20, lambda: setattr(proxy, "slice_bytes", True)),
                (21, lambda: setattr(proxy, "slice_bytes", False)),  # a byte a millisecond
                (30, lambda: setattr(proxy, "delay", 0.05)),
                (40, lambda: setattr(proxy, "delay", 0.0)),
                (48, lambda: proxy.kill_all()),
            ]

            def progress() -> bool:
                while steps and guest.state() >= steps[0][0]:
                    steps.pop(0)[1]()
                return host.peer.done and guest.peer.done

            assert pump_until(progress, 45, host, guest), (host.state(), guest.state(), steps)
        finally:
            stop(guest, host)
        assert not steps
        assert proxy.stats.killed >= 2
    assert host.peer.result is not None and host.peer.result == guest.peer.result
    assert guest.port.resumes() >= 2 and host.port.resumes() >= 2
    assert host.peer.play.hand_no == 2


@pytest.mark.slow
def test_a_dead_network_is_noticed_both_sides_save_and_the_game_continues_later(tmp_path):
    saves = {"host": tmp_path / "host.json", "guest": tmp_path / "guest.json"}
    host = host_side(store=JsonFileStore(saves["host"]), hands=1)
    with FaultProxy(("127.0.0.1", host.endpoint.port)) as proxy:
        guest = guest_side(proxy.address, store=JsonFileStore(saves["guest"]), hands=1)
        try:
            assert pump_until(lambda: guest.state() >= 15, 20, host, guest)
            proxy.black_hole = True  # nothing gets through any more, redials included
            proxy.kill_all()
            gone = len(guest.seen)
            assert pump_until(
                lambda: host.peer.failure and guest.peer.failure,
                CONFIG.give_up_after + 10,
                host,
                guest,
            )
        finally:
            stop(guest, host)
    for side in (host, guest):
        notices = side.seen
        interrupted = next(n for n in notices if isinstance(n, Interrupted))
        assert CONFIG.interrupt_after <= interrupted.silent_for < CONFIG.give_up_after
        kinds = [type(n) for n in notices]
        assert (
            kinds.index(Interrupted) < kinds.index(Failed) < len(kinds) - kinds[::-1].index(Saved)
        )
        assert side.peer.failure.code == "timeout"
    assert any(isinstance(n, TransportNotice) and n.code == "dialled" for n in guest.seen[gone:]), (
        "the guest tried to resume"
    )

    host2 = host_side(resume=read_json(saves["host"]))
    guest2 = guest_side(f"127.0.0.1:{host2.endpoint.port}", resume=read_json(saves["guest"]))
    try:
        assert pump_until(lambda: host2.peer.done and guest2.peer.done, 90, host2, guest2)
    finally:
        stop(guest2, host2)
    assert host2.peer.result is not None and host2.peer.result == guest2.peer.result


def _final(line_source: str) -> dict:
    lines = [json.loads(line) for line in line_source.splitlines() if line.startswith("{")]
    return lines[-1]


@pytest.mark.slow
def test_two_processes_play_a_game_over_loopback():
    cli = [sys.executable, "-m", "game.netplay.tools.cli"]
    command = [*cli, "--autopilot", "beginner", "--hands", "1"]
    host = subprocess.Popen(
        [*command, "--host", "0", "--bind", "127.0.0.1", "--name", "Alice"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = json.loads(host.stdout.readline())
        assert first["event"] == "hosting" and len(first["code"]) == 9
        guest = subprocess.run(
            [
                *command,
                "--join",
                f"127.0.0.1:{first['port']}",
                "--code",
                first["code"],
                "--name",
                "Bob",
                "--say",
                "good luck",
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        host_out, host_err = host.communicate(timeout=30)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
    assert guest.returncode == 0, guest.stderr
    assert host.returncode == 0, host_err
    host_result, guest_result = _final(host_out), _final(guest.stdout)
    assert host_result["outcome"] == guest_result["outcome"] == "finished"
    assert host_result["state_hash"] == guest_result["state_hash"]
    assert host_result["totals"] == guest_result["totals"] and host_result["resumes"] == 0
    assert host_result["peer"] == "Bob" and guest_result["peer"] == "Alice"
    assert "Bob: good luck" in host_err
