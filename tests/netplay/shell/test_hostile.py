"""A hostile peer against the real TCP shell on loopback: wrong codes, an eavesdropper replaying
a captured handshake and frames, a stranger taking the guest's name, junk after the opening,
200 idle connections, a slowloris, altered ciphertext and a message breaking its schema. In
every case the honest game goes on (or the host keeps waiting for its guest), nothing is lost
and each side reads a clear sentence."""

from __future__ import annotations

import contextlib
import logging
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import pytest

from game.netplay.errors import SessionError
from game.netplay.play.peer import restore_seat
from game.netplay.session.config import SessionConfig
from game.netplay.session.events import (
    Connected,
    Failed,
    GuestTurnedAway,
    Interrupted,
    PayloadRefused,
    RefusedByPeer,
    Status,
)
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.reliable import ReliableSession
from game.netplay.session.secure import GuestExchange, Mode, join_password
from game.netplay.shell.tcp import NetplayGuest, NetplayHost
from game.netplay.tools.proxy import FaultProxy
from game.netplay.wire.framing import encode_frame
from game.netplay.wire.payloads import game_payload
from game.netplay.wire.session_messages import MAGIC, PROTOCOL_MAX, PROTOCOL_MIN, pack_message
from tests.helpers.netplay import numbers

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net

CODE = "K7QM-3WXA"
FAST = SessionConfig(
    heartbeat_interval=0.1,
    interrupt_after=0.4,
    reconnect_after=0.6,
    give_up_after=5.0,
    initial_rto=0.2,
    min_rto=0.05,
    max_rto=0.5,
    ack_delay=0.01,
)
WAIT = 10.0


@dataclass
class Watch:
    endpoint: NetplayHost | NetplayGuest
    events: list = field(default_factory=list)

    def pump(self) -> None:
        self.events.extend(self.endpoint.poll_events())

    def of(self, kind: type) -> list:
        return [e for e in self.events if isinstance(e, kind)]


def wait_until(done: Callable[[], bool], *watches: Watch, timeout: float = WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while True:
        for watch in watches:
            watch.pump()
        if done():
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)


def host(**options) -> NetplayHost:
    session = ReliableSession(Role.HOST, PeerInfo("Alice", "1.0"), FAST, join_code=CODE)
    return NetplayHost(session, bind_host="127.0.0.1", **options).start()


def guest(address: str, code: str = CODE, name: str = "Bob") -> NetplayGuest:
    session = ReliableSession(Role.GUEST, PeerInfo(name, "1.0"), FAST, join_code=code)
    return NetplayGuest(session, address).start()


@dataclass
class Game:
    host: NetplayHost
    guest: NetplayGuest
    proxy: FaultProxy
    h: Watch
    g: Watch
    to_host: bytearray  # every byte the guest sent, as an eavesdropper on the line saw it

    def still_playing(self, text: str) -> bool:
        self.host.send(game_payload(text))
        return wait_until(lambda: text in numbers(self.g.events), self.h, self.g)


@pytest.fixture
def game() -> Iterator[Game]:
    h = host()
    proxy = FaultProxy(("127.0.0.1", h.port)).start()
    captured = bytearray()

    def record(upstream: bool, chunk: bytes) -> bytes:
        if upstream:
            captured.extend(chunk)
        return chunk

    proxy.tap = record
    g = guest(proxy.address)
    table = Game(h, g, proxy, Watch(h), Watch(g), captured)
    try:
        assert wait_until(lambda: table.h.of(Connected) and table.g.of(Connected), table.h, table.g)
        yield table
    finally:
        g.stop()
        h.stop()
        proxy.close()


def _raw(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    sock.settimeout(WAIT)
    return sock


def _closed_by_host(sock: socket.socket) -> bool:
    """Read until the host closes the connection (True) or the wait runs out (False)."""
    with contextlib.suppress(ConnectionResetError):
        while sock.recv(4096):
            pass
        return True
    return True


def _stranger_hello(code: str = "2222-2222") -> bytes:
    exchange = GuestExchange(
        Mode.JOIN, join_password(code), MAGIC, PROTOCOL_MIN, PROTOCOL_MAX, "1.0"
    )
    return encode_frame(pack_message(exchange.hello))


def test_a_wrong_code_is_told_on_both_sides_and_the_host_waits_for_its_guest():
    h = host()
    hw = Watch(h)
    stranger = guest(f"127.0.0.1:{h.port}", code="2222-2222")
    sw = Watch(stranger)
    try:
        assert wait_until(lambda: sw.of(Failed), sw, hw)
        assert sw.of(Failed)[0].code == "wrong_code"
        assert "did not accept this join code" in sw.of(Failed)[0].text
        assert wait_until(lambda: hw.of(GuestTurnedAway), hw)
        assert "from 127.0.0.1 tried to join with a wrong code (1 wrong code from there)" in (
            hw.of(GuestTurnedAway)[0].text
        )
        friend = guest(f"127.0.0.1:{h.port}")
        fw = Watch(friend)
        try:
            assert wait_until(lambda: fw.of(Connected), fw, hw)
        finally:
            friend.stop()
    finally:
        stranger.stop()
        h.stop()


def test_an_eavesdropper_replaying_the_captured_conversation_gets_nowhere(game):
    assert game.still_playing("before")
    with _raw(game.host.port) as eavesdropper:
        eavesdropper.sendall(bytes(game.to_host))
        assert _closed_by_host(eavesdropper)
    assert wait_until(
        lambda: any(e.code == "wrong_code" for e in game.h.of(GuestTurnedAway)), game.h
    )
    assert game.host.session.status is Status.CONNECTED
    assert game.still_playing("after")


def test_a_stranger_taking_the_guests_name_cannot_take_the_seat(game):
    assert game.still_playing("before")
    # the guest's acknowledgement shows it has the host's welcome
    assert wait_until(lambda: game.host.session.unacked_count == 0)
    impostor = guest(f"127.0.0.1:{game.host.port}", code="2222-2222", name="Bob")
    iw = Watch(impostor)
    try:
        assert wait_until(lambda: iw.of(Failed), iw, game.h)
        assert iw.of(Failed)[0].code == "wrong_code"
        assert "did not accept this join code" in iw.of(Failed)[0].text
    finally:
        impostor.stop()
    assert game.still_playing("after")
    assert game.host.session.peer.name == "Bob" and game.host.session.stats.resumes == 0


def test_junk_after_the_opening_loses_only_that_connection():
    h = host()
    hw = Watch(h)
    try:
        with _raw(h.port) as stranger:
            stranger.sendall(_stranger_hello() + b"\x00\x00\x00\x03junk")
            assert _closed_by_host(stranger)
        friend = guest(f"127.0.0.1:{h.port}")
        try:
            assert wait_until(lambda: Watch(friend).endpoint.session.established, hw)
        finally:
            friend.stop()
        assert h.session.established
    finally:
        h.stop()


def test_two_hundred_idle_connections_do_not_lock_the_guest_out():
    h = host()
    idle: list[socket.socket] = []
    try:
        for _ in range(200):
            idle.append(socket.create_connection(("127.0.0.1", h.port), timeout=WAIT))
        friend = guest(f"127.0.0.1:{h.port}")
        try:
            assert wait_until(lambda: friend.session.established and h.session.established)
        finally:
            friend.stop()
    finally:
        for sock in idle:
            sock.close()
        h.stop()


@pytest.mark.slow
def test_a_slowloris_is_cut_off_at_the_handshake_deadline(game):
    slow_host = host(handshake_deadline=0.5)
    try:
        with _raw(slow_host.port) as slow:
            hello = _stranger_hello()
            closed = False
            for byte in hello:
                try:
                    slow.sendall(bytes([byte]))
                except OSError:
                    closed = True
                    break
                time.sleep(0.1)
            assert closed or _closed_by_host(slow)
        assert slow_host.session.status is Status.CONNECTING and not slow_host.session.finished
    finally:
        slow_host.stop()


def test_altered_ciphertext_is_dropped_and_the_message_still_arrives_once(game):
    altered = []

    def flip(upstream: bool, chunk: bytes) -> bytes:
        if upstream or altered or len(chunk) < 60:
            return chunk
        altered.append(chunk)
        return chunk[:-1] + bytes([chunk[-1] ^ 0x40])

    game.proxy.tap = flip
    game.host.send(game_payload({"move": 1, "cards": list(range(30))}))
    assert wait_until(lambda: numbers(game.g.events), game.g, game.h)
    assert altered and game.guest.session.stats.bad_frames >= 1
    assert numbers(game.g.events) == [{"move": 1, "cards": list(range(30))}]
    assert game.still_playing("after")


def test_a_message_breaking_its_schema_is_refused_and_the_game_goes_on(game):
    game.guest.session.registry.validate = lambda payload: payload  # a careless guest
    game.guest.send(["chat", "x" * 301])
    assert wait_until(
        lambda: game.h.of(PayloadRefused) and game.g.of(RefusedByPeer), game.h, game.g
    )
    assert "chat.text" in game.g.of(RefusedByPeer)[0].text
    assert game.still_playing("after")


def _wrong_guesses(port: int, count: int, watch: Watch) -> None:
    for _ in range(count):
        stranger = guest(f"127.0.0.1:{port}", code="2222-2222", name="Mallory")
        sw = Watch(stranger)
        try:
            assert wait_until(lambda sw=sw: sw.of(Failed), sw, watch)
            assert sw.of(Failed)[0].code == "wrong_code"
        finally:
            stranger.stop()


def test_three_wrong_guesses_never_lock_out_the_friend_holding_the_code(caplog):
    caplog.set_level(logging.WARNING, logger="game.netplay.session.admission")
    h = host()
    hw = Watch(h)
    try:
        _wrong_guesses(h.port, 3, hw)
        assert h.session.join_code == CODE  # the code the friend was told still holds
        texts = [e.text for e in hw.of(GuestTurnedAway)]
        assert "(3 wrong codes from there)" in texts[-1] and "must wait 2 s" in texts[-1]
        assert "Wrong codes by address: 127.0.0.1: 3." in caplog.text  # the host's log
        # from the strangers' very address, the friend is let in once the pause is over
        friend = guest(f"127.0.0.1:{h.port}")
        fw = Watch(friend)
        try:
            assert wait_until(lambda: fw.of(Connected), fw, hw)
        finally:
            friend.stop()
    finally:
        h.stop()


def test_an_address_that_keeps_guessing_is_refused_without_an_exchange():
    h = host()
    hw = Watch(h)
    try:
        _wrong_guesses(h.port, 3, hw)
        with _raw(h.port) as stranger:
            stranger.sendall(_stranger_hello())
            assert _closed_by_host(stranger)
        assert wait_until(lambda: any(e.code == "slow_down" for e in hw.of(GuestTurnedAway)), hw)
        refused = [e for e in hw.of(GuestTurnedAway) if e.code == "slow_down"]
        assert "3 wrong codes came from there" in refused[0].text
        assert h.session._admission.guesses.misses("127.0.0.1") == 3  # not counted as a guess
    finally:
        h.stop()


@pytest.mark.slow
def test_after_a_host_crash_a_strangers_guesses_do_not_stop_the_guest_coming_back():
    first = host()
    port = first.port
    friend = guest(f"127.0.0.1:{port}")
    fw = Watch(friend)
    try:
        assert wait_until(lambda: friend.session.established and first.session.established)
        first.stop()  # the host crashed; it is started again from its save, same code and port
        session = ReliableSession(Role.HOST, PeerInfo("Alice", "1.0"), FAST, join_code=CODE)
        again = NetplayHost(session, port=port, bind_host="127.0.0.1").start()
        aw = Watch(again)
        try:
            _wrong_guesses(port, 3, aw)
            assert wait_until(lambda: aw.of(Connected), aw, fw)
            assert aw.of(Connected)[0].peer.name == "Bob" and not friend.session.finished
        finally:
            again.stop()
    finally:
        friend.stop()


SEAT = b"0123456789abcdef0123456789abcdef"  # the game's rejoin token, as the game layer binds it


def _bind(*endpoints: NetplayHost | NetplayGuest) -> None:
    for endpoint in endpoints:
        with endpoint.lock:
            endpoint.session.bind_seat(SEAT)


def test_the_join_code_alone_cannot_take_the_seat_kick_the_guest_or_chat(game):
    _bind(game.host, game.guest)
    assert game.still_playing("before")
    transports = game.host.session.stats.transports
    stranger = guest(f"127.0.0.1:{game.host.port}", name="Bob")  # the code, not the token
    sw = Watch(stranger)
    try:
        assert wait_until(lambda: sw.of(Failed), sw, game.h, game.g)
        assert sw.of(Failed)[0].code == "busy" and not stranger.session.established
        with pytest.raises(SessionError):
            stranger.send(["chat", "I am the guest"])  # it never had a session to chat on
    finally:
        stranger.stop()
    assert game.still_playing("after")
    assert game.host.session.stats.transports == transports, "the guest was never kicked"
    assert not game.g.of(Interrupted) and game.host.session.stats.restarts == 0
    turned = [e for e in game.h.of(GuestTurnedAway) if e.code == "busy"]
    assert turned and "only its guest can take the seat" in turned[0].text


def test_the_guest_started_again_with_its_token_takes_its_seat_back(game):
    _bind(game.host, game.guest)
    assert game.still_playing("before")
    game.guest.stop()  # the guest crashed; it comes back from its save: the code and the token
    session = ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0"), FAST, join_code=CODE)
    # the seat comes from the save before the endpoint dials, not when its game is built later
    restore_seat(session, {"role": "guest", "token": SEAT.decode()})
    again = NetplayGuest(session, f"127.0.0.1:{game.host.port}").start()
    aw = Watch(again)
    try:
        assert wait_until(lambda: aw.of(Connected), aw, game.h)
        assert wait_until(lambda: game.host.session.stats.restarts == 1, aw, game.h)
    finally:
        again.stop()


def test_wrong_guesses_mid_game_count_against_the_address(game):
    assert game.still_playing("before")
    _wrong_guesses(game.host.port, 3, game.h)
    with _raw(game.host.port) as stranger:
        stranger.sendall(_stranger_hello())
        assert _closed_by_host(stranger)
    assert wait_until(
        lambda: any(e.code == "slow_down" for e in game.h.of(GuestTurnedAway)), game.h
    )
    assert game.still_playing("after")
