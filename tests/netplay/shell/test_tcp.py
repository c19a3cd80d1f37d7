"""The TCP shell on loopback, through the fault-injecting proxy: resume after killed connections,
single-byte slicing, black holes, a host gone for good, strangers and second guests."""

from __future__ import annotations

import dataclasses
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest

from game.netplay.session.config import SessionConfig
from game.netplay.session.events import (
    Closed,
    Connected,
    Failed,
    GuestTurnedAway,
    Interrupted,
    Resumed,
    Status,
)
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.reliable import ReliableSession
from game.netplay.shell.tcp import NetplayGuest, NetplayHost, TransportNotice
from game.netplay.tools.proxy import FaultProxy
from game.netplay.wire.payloads import game_payload
from tests.helpers.netplay import numbers
from tests.helpers.paths import ROOT

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net

FAST = SessionConfig(
    heartbeat_interval=0.1,
    interrupt_after=0.4,
    reconnect_after=0.6,
    give_up_after=3.0,
    initial_rto=0.2,
    min_rto=0.05,
    max_rto=0.5,
    ack_delay=0.01,
)


@dataclass
class Watch:
    endpoint: NetplayHost | NetplayGuest
    events: list = field(default_factory=list)

    def pump(self) -> None:
        self.events.extend(self.endpoint.poll_events())

    def has(self, kind: type) -> bool:
        return any(isinstance(e, kind) for e in self.events)

    def first(self, kind: type):
        return next(e for e in self.events if isinstance(e, kind))


def wait_until(done: Callable[[], bool], timeout: float, *watches: Watch) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        for watch in watches:
            watch.pump()
        if done():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)


def make_host(config: SessionConfig = FAST, **peer) -> NetplayHost:
    info = PeerInfo(**{"name": "Alice", "app_version": "1.0.0", **peer})
    return NetplayHost(ReliableSession(Role.HOST, info, config), bind_host="127.0.0.1").start()


def make_guest(address: str, config: SessionConfig = FAST, **peer) -> NetplayGuest:
    info = PeerInfo(**{"name": "Bob", "app_version": "1.0.0", **peer})
    return NetplayGuest(ReliableSession(Role.GUEST, info, config), address).start()


@dataclass
class Game:
    host: NetplayHost
    guest: NetplayGuest
    proxy: FaultProxy
    h: Watch
    g: Watch


# For the tests of what arrives, not of when: a loaded machine delivering single bytes slowly
# must not look like a silent peer.
PATIENT = dataclasses.replace(FAST, interrupt_after=20.0, reconnect_after=25.0, give_up_after=60.0)


@pytest.fixture
def game(request: pytest.FixtureRequest) -> Iterator[Game]:
    config = getattr(request, "param", FAST)
    host = make_host(config)
    proxy = FaultProxy(("127.0.0.1", host.port)).start()
    guest = make_guest(f"127.0.0.1:{proxy.port}", config)
    g = Game(host, guest, proxy, Watch(host), Watch(guest))
    try:
        assert wait_until(lambda: g.h.has(Connected) and g.g.has(Connected), 5, g.h, g.g)
        yield g
    finally:
        guest.stop()
        host.stop()
        proxy.close()
        assert not guest.running and not host.running


@pytest.mark.slow
def test_everything_is_delivered_once_across_killed_connections(game):
    total, window, sent = 200, 20, [0, 0]
    kills = {40, 90, 150}

    def progress() -> bool:
        for i, endpoint in enumerate((game.host, game.guest)):
            with endpoint.lock:
                room = window - endpoint.session.unacked_count
            for _ in range(max(0, min(room, total - sent[i]))):
                endpoint.send(game_payload(sent[i]))
                sent[i] += 1
        received = len(numbers(game.g.events))
        for point in sorted(kills):
            if received >= point:
                kills.discard(point)
                game.proxy.kill_all()
        return len(numbers(game.h.events)) == total and len(numbers(game.g.events)) == total

    assert wait_until(progress, 20, game.h, game.g)
    assert numbers(game.h.events) == list(range(total))
    assert numbers(game.g.events) == list(range(total))
    assert game.proxy.stats.killed >= 3
    with game.guest.lock:
        assert game.guest.session.stats.resumes >= 3
    assert game.host.session.status is Status.CONNECTED


@pytest.mark.slow
@pytest.mark.parametrize("game", [PATIENT], indirect=True)
def test_frames_sliced_into_single_bytes_are_reassembled(game):
    game.proxy.slice_bytes = True
    for i in range(10):
        game.host.send(game_payload({"move": i, "cards": list(range(i))}))
        game.guest.send(["chat", f"line {i}"])
    assert wait_until(
        lambda: len(numbers(game.g.events)) == 10 and len(numbers(game.h.events)) == 10,
        10,
        game.h,
        game.g,
    )
    assert [n["move"] for n in numbers(game.g.events)] == list(range(10))
    # the key exchange went through before slicing began
    assert game.proxy.stats.sends >= game.proxy.stats.bytes_forwarded - 400, (
        "nearly every byte went alone"
    )


@pytest.mark.slow
def test_a_black_hole_gives_the_interrupted_notice_then_the_game_resumes(game):
    game.proxy.black_hole = True
    assert wait_until(
        lambda: game.h.has(Interrupted) and game.g.has(Interrupted), 10, game.h, game.g
    )
    for side in (game.h, game.g):
        # the notice comes once the silence reaches the limit, by the session's own clock (how
        # much later depends on when a busy machine wakes the session's thread)
        assert side.first(Interrupted).silent_for >= FAST.interrupt_after
        assert not side.has(Failed)
    game.host.send(game_payload("sent into the void"))
    time.sleep(0.3)
    game.proxy.black_hole = False
    assert wait_until(lambda: game.h.has(Resumed) and game.g.has(Resumed), 5, game.h, game.g)
    assert wait_until(lambda: numbers(game.g.events) == ["sent into the void"], 5, game.g)
    assert (
        game.g.first(Interrupted).text
        == "The connection to Alice is interrupted; trying to reconnect."
    )


@pytest.mark.slow
def test_a_host_gone_for_good_is_reported_within_the_limit(game):
    game.host.stop()
    game.proxy.kill_all()
    assert wait_until(lambda: game.g.has(Failed), FAST.give_up_after + 10, game.g)
    # interrupted first, and given up only once the silence reached the configured limit
    kinds = [type(event) for event in game.g.events]
    assert kinds.index(Interrupted) < kinds.index(Failed)
    assert game.g.first(Interrupted).silent_for < FAST.give_up_after
    failure = game.g.first(Failed)
    assert failure.code == "timeout"
    assert failure.text == "No word from Alice for 3 seconds: the connection is lost."
    assert game.g.has(Interrupted)
    assert wait_until(lambda: not game.guest.running, 3)


def test_leaving_ends_both_sides_cleanly(game):
    game.guest.close()
    assert wait_until(lambda: game.h.has(Closed) and game.g.has(Closed), 5, game.h, game.g)
    assert game.h.first(Closed) == Closed(True, "Bob left the game.")
    assert wait_until(lambda: not game.guest.running and not game.host.running, 5)


def test_a_stranger_sending_garbage_is_refused_and_the_game_goes_on(game):
    with socket.create_connection(("127.0.0.1", game.host.port), timeout=2) as stranger:
        stranger.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        stranger.settimeout(2)
        assert stranger.recv(100) == b""  # closed on us
    assert wait_until(
        lambda: any(isinstance(e, TransportNotice) and e.code == "refused" for e in game.h.events),
        2,
        game.h,
    )
    game.host.send(game_payload("unbothered"))
    assert wait_until(lambda: numbers(game.g.events) == ["unbothered"], 5, game.g)


def test_a_version_mismatch_is_explained_on_both_sides_over_tcp():
    host = make_host(app_version="1.4.0", proto_min=9, proto_max=10)
    guest = make_guest(f"127.0.0.1:{host.port}")
    h, g = Watch(host), Watch(guest)
    try:
        assert wait_until(lambda: g.has(Failed) and h.has(GuestTurnedAway), 5, h, g)
        assert g.first(Failed).text == (
            "The host runs protocol 9-10 (app 1.4.0); this copy speaks 8 (app 1.0.0): update to play."
        )
        assert "the guest needs to update to play" in h.first(GuestTurnedAway).text
        assert host.session.status is Status.CONNECTING and host.running
    finally:
        guest.stop()
        host.stop()


def test_the_guest_can_dial_an_ipv6_address_in_brackets():
    try:
        with socket.create_server(("::1", 0), family=socket.AF_INET6):
            pass
    except OSError:
        pytest.skip("no IPv6 loopback here")
    host = NetplayHost(
        ReliableSession(Role.HOST, PeerInfo("Alice", "1.0.0"), FAST), bind_host="::1"
    ).start()
    guest = make_guest(f"[::1]:{host.port}")
    h, g = Watch(host), Watch(guest)
    try:
        assert wait_until(lambda: h.has(Connected) and g.has(Connected), 5, h, g)
    finally:
        guest.stop()
        host.stop()


def test_the_guest_keeps_redialling_until_the_host_appears():
    with socket.create_server(("127.0.0.1", 0)) as placeholder:
        port = placeholder.getsockname()[1]
    guest = make_guest(f"127.0.0.1:{port}")
    g = Watch(guest)
    try:
        assert wait_until(
            lambda: any(
                isinstance(e, TransportNotice) and e.code == "dial_failed" for e in g.events
            ),
            3,
            g,
        )
        host = NetplayHost(
            ReliableSession(Role.HOST, PeerInfo("Alice", "1.0.0"), FAST), port, "127.0.0.1"
        ).start()
        try:
            assert wait_until(lambda: g.has(Connected), 5, g)
        finally:
            host.stop()
    finally:
        guest.stop()


def test_the_proxy_runs_from_the_command_line():
    with socket.create_server(("127.0.0.1", 0)) as target:
        port = target.getsockname()[1]
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "game.netplay.tools.proxy",
                "--listen",
                "0",
                "--target",
                f"127.0.0.1:{port}",
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            line = proc.stdout.readline()
            match = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
            assert match, line
            with socket.create_connection(("127.0.0.1", int(match.group(1))), timeout=2) as client:
                server, _ = target.accept()
                with server:
                    client.sendall(b"ping")
                    server.settimeout(2)
                    assert server.recv(10) == b"ping"
            proc.stdin.write("quit\n")
            proc.stdin.flush()
            assert proc.wait(timeout=5) == 0
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(timeout=5)
