"""The invite-code shell against a local mailbox and transit relay (see `conftest.py`): the
guest with the code meets the host and the session runs directly or through the relay; a wrong
code, a code nobody holds and an unreachable mailbox each end with a sentence saying what to
try; a relay that goes down mid-game cuts the connection and the session resumes with every
payload delivered once and in order."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest

from game.netplay.session.config import SessionConfig
from game.netplay.session.events import Connected, Delivered, Resumed
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.joincode import normalize_code
from game.netplay.session.reliable import ReliableSession
from game.netplay.shell.tcp import TransportNotice
from game.netplay.shell.wormhole import (
    DEFAULT_MAILBOX,
    DEFAULT_RELAY,
    InviteCode,
    InviteError,
    InviteFailed,
    Link,
    Linked,
    Rendezvous,
    Servers,
    WormholeGuest,
    WormholeHost,
    direct_hints,
    link_endpoint,
    normalize_invite,
    open_listener,
    parse_relay,
)
from tests.helpers.wormhole_servers import LocalServers, free_port

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net

WAIT = 20.0
FAST = SessionConfig(
    heartbeat_interval=0.2,
    interrupt_after=0.6,
    reconnect_after=0.8,
    give_up_after=30.0,
    initial_rto=0.2,
)


def _next(source: Any, kind: type, timeout: float = WAIT) -> Any:
    """The next event of `kind` from a rendezvous or an endpoint (others are skipped)."""
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        event = source.next_event(0.1)
        if isinstance(event, kind):
            return event
        if isinstance(event, InviteFailed) and kind is not InviteFailed:
            raise AssertionError(event.text)
    raise AssertionError(f"no {kind.__name__} within {timeout} s")


def _meet(servers: LocalServers, hints: tuple[str, ...]) -> tuple[Link, Link]:
    where = Servers(servers.mailbox, servers.relay)
    host = Rendezvous(Role.HOST, where, hints=hints, wait=WAIT).start()
    code = _next(host, InviteCode).code
    guest = Rendezvous(Role.GUEST, where, code=code, wait=WAIT).start()
    return _next(host, Linked).link, _next(guest, Linked).link


def _sessions(host_link: Link, guest_link: Link) -> tuple[ReliableSession, ReliableSession]:
    return (
        ReliableSession(Role.HOST, PeerInfo("Ann", "1.0"), FAST, join_code=host_link.join_code),
        ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0"), FAST, join_code=guest_link.join_code),
    )


def _delivered(endpoint: Any, count: int) -> list[Any]:
    values = []
    give_up = time.monotonic() + WAIT
    while len(values) < count and time.monotonic() < give_up:
        event = endpoint.next_event(0.1)
        if isinstance(event, Delivered):
            values.append(event.payload[1])
    return values


@pytest.mark.slow
def test_the_guest_with_the_code_joins_directly_and_both_derive_the_same_game_code(
    wormhole_servers: LocalServers,
) -> None:
    listener = open_listener(0, "127.0.0.1")
    hints = direct_hints(["127.0.0.1"], listener.getsockname()[1])
    host_link, guest_link = _meet(wormhole_servers, hints)
    assert host_link.secret == guest_link.secret and len(host_link.secret) == 32
    assert normalize_code(host_link.join_code) == normalize_code(guest_link.join_code)
    assert guest_link.hints == hints and wormhole_servers.relay in guest_link.relays
    host_session, guest_session = _sessions(host_link, guest_link)
    with (
        WormholeHost(host_session, host_link, listener).start() as host,
        WormholeGuest(guest_session, guest_link).start() as guest,
    ):
        dialled = _next(guest, TransportNotice)
        assert dialled.code == "dialled" and "directly" in dialled.text
        assert _next(guest, Connected).peer.name == "Ann"
        guest.send(["chat", "hello"])
        host.send(["game", 7])
        assert _delivered(host, 1) == ["hello"]
        assert _delivered(guest, 1) == [7]


@pytest.mark.slow
def test_with_no_direct_address_the_relay_carries_the_game(
    wormhole_servers: LocalServers,
) -> None:
    host_link, guest_link = _meet(wormhole_servers, ())
    assert guest_link.hints == ()
    host_session, guest_session = _sessions(host_link, guest_link)
    with (
        link_endpoint(host_session, host_link) as host,
        link_endpoint(guest_session, guest_link) as guest,
    ):
        dialled = _next(guest, TransportNotice)
        assert "through the relay" in dialled.text
        assert _next(host, Connected).peer.name == "Bob"
        for value in range(20):
            guest.send(["game", value])
        assert _delivered(host, 20) == list(range(20))


@pytest.mark.slow
def test_a_relay_going_down_mid_game_cuts_the_link_and_the_session_resumes(
    wormhole_servers: LocalServers,
) -> None:
    host_link, guest_link = _meet(wormhole_servers, ())
    host_session, guest_session = _sessions(host_link, guest_link)
    with (
        link_endpoint(host_session, host_link) as host,
        link_endpoint(guest_session, guest_link) as guest,
    ):
        _next(guest, Connected)
        guest.send(["game", 0])
        assert _delivered(host, 1) == [0]
        wormhole_servers.stop_relay()
        for value in range(1, 11):
            guest.send(["game", value])
        time.sleep(0.3)
        wormhole_servers.start_relay()
        _next(guest, Resumed)
        assert _delivered(host, 10) == list(range(1, 11))
        with host.lock:
            assert host.session.stats.resumes >= 1


@pytest.mark.slow
def test_a_wrong_code_is_refused_with_a_sentence_and_the_host_gets_a_new_code(
    wormhole_servers: LocalServers,
) -> None:
    where = Servers(wormhole_servers.mailbox, wormhole_servers.relay)
    host = Rendezvous(Role.HOST, where, wait=WAIT).start()
    first = _next(host, InviteCode).code
    nameplate = first.split("-")[0]
    wrong = f"{nameplate}-wrong-words"
    guest = Rendezvous(Role.GUEST, where, code=wrong, wait=WAIT).start()
    refused = _next(guest, InviteFailed)
    assert refused.code == "wrong_code" and "ask for a new code" in refused.text
    again = _next(host, InviteCode)
    assert again.code != first and "used up" in again.text
    right = Rendezvous(Role.GUEST, where, code=again.code, wait=WAIT).start()
    assert _next(right, Linked).link.secret == _next(host, Linked).link.secret


@pytest.mark.slow
def test_burnt_codes_never_end_the_invite_the_host_gets_a_new_one_each_time(
    wormhole_servers: LocalServers,
) -> None:
    where = Servers(wormhole_servers.mailbox, wormhole_servers.relay)
    host = Rendezvous(Role.HOST, where, wait=WAIT).start()
    code = _next(host, InviteCode).code
    for burnt in range(1, 5):  # a stranger on the mailbox claims each open nameplate
        stranger = Rendezvous(
            Role.GUEST, where, code=f"{code.split('-')[0]}-wrong-words", wait=WAIT
        ).start()
        assert _next(stranger, InviteFailed).code == "wrong_code"
        again = _next(host, InviteCode)  # told at once, with the fresh code to pass on
        assert again.code != code and f"({burnt} burnt so far)" in again.text
        code = again.code
    friend = Rendezvous(Role.GUEST, where, code=code, wait=WAIT).start()
    assert _next(friend, Linked).link.secret == _next(host, Linked).link.secret


@pytest.mark.slow
def test_burnt_codes_do_not_stretch_the_hosts_wait(wormhole_servers: LocalServers) -> None:
    where = Servers(wormhole_servers.mailbox, wormhole_servers.relay)
    started = time.monotonic()
    host = Rendezvous(Role.HOST, where, wait=4.0).start()
    code = _next(host, InviteCode).code
    stranger = Rendezvous(Role.GUEST, where, code=f"{code.split('-')[0]}-wrong-words").start()
    assert _next(stranger, InviteFailed).code == "wrong_code"
    assert _next(host, InviteFailed).code == "no_one_came"
    assert time.monotonic() - started < 4.0 + 2 * WAIT / 4


class _NamingItsRelay(Rendezvous):
    """A guest whose copy names a relay of its choosing: here a port on the host's machine."""

    trap = ""

    def _offer(self) -> dict[str, Any]:
        return {"canasta": 1, "relays": [self.trap]}


@pytest.mark.slow
def test_a_guest_cannot_make_the_host_dial_a_relay_the_host_did_not_choose(
    wormhole_servers: LocalServers,
) -> None:
    trap = socket.create_server(("127.0.0.1", 0))
    trap.settimeout(1.5)
    where = Servers(wormhole_servers.mailbox, wormhole_servers.relay)
    host = Rendezvous(Role.HOST, where, wait=WAIT).start()
    code = _next(host, InviteCode).code
    guest = _NamingItsRelay(Role.GUEST, where, code=code, wait=WAIT)
    guest.trap = f"tcp:127.0.0.1:{trap.getsockname()[1]}"
    guest.start()
    host_link = _next(host, Linked).link
    _next(guest, Linked)
    assert host_link.relays == (wormhole_servers.relay,)
    session = ReliableSession(
        Role.HOST, PeerInfo("Ann", "1.0"), FAST, join_code=host_link.join_code
    )
    try:
        with WormholeHost(session, host_link).start(), pytest.raises(socket.timeout):
            trap.accept()  # nothing dials it, so nothing reads the relay token there
    finally:
        trap.close()


@pytest.mark.slow
def test_a_code_nobody_holds_ends_with_a_sentence(wormhole_servers: LocalServers) -> None:
    where = Servers(wormhole_servers.mailbox, wormhole_servers.relay)
    guest = Rendezvous(Role.GUEST, where, code="987-nobody-here", wait=1.0).start()
    failed = _next(guest, InviteFailed)
    assert failed.code == "no_host" and "Ask for a new code" in failed.text


@pytest.mark.slow
def test_a_host_whose_friend_never_comes_is_told_so(wormhole_servers: LocalServers) -> None:
    where = Servers(wormhole_servers.mailbox, wormhole_servers.relay)
    host = Rendezvous(Role.HOST, where, wait=1.0).start()
    _next(host, InviteCode)
    failed = _next(host, InviteFailed)
    assert failed.code == "no_one_came" and "invite again" in failed.text


@pytest.mark.slow
def test_an_unreachable_mailbox_is_reported_with_what_to_try() -> None:
    where = Servers(f"ws://127.0.0.1:{free_port()}/v1", "tcp:127.0.0.1:9")
    host = Rendezvous(Role.HOST, where, connect_wait=3.0).start()
    failed = _next(host, InviteFailed)
    assert failed.code == "mailbox_unreachable"
    assert "cannot be reached" in failed.text and "Options" in failed.text


@pytest.mark.slow
def test_a_cancelled_invite_reports_nothing_more(wormhole_servers: LocalServers) -> None:
    where = Servers(wormhole_servers.mailbox, wormhole_servers.relay)
    host = Rendezvous(Role.HOST, where, wait=WAIT).start()
    _next(host, InviteCode)
    host.cancel()
    give_up = time.monotonic() + WAIT
    while not host.done and time.monotonic() < give_up:
        time.sleep(0.05)
    assert host.done and host.poll_events() == []


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("7-crossover-clockwork", "7-crossover-clockwork"),
        ("  7 Crossover CLOCKWORK ", "7-crossover-clockwork"),
    ],
)
def test_an_invite_code_is_tidied_as_typed(typed: str, expected: str) -> None:
    assert normalize_invite(typed) == expected


@pytest.mark.parametrize(
    "typed, words",
    [
        ("", "Type the invite code"),
        ("crossover-7", "starts with a number"),
        ("7-cross0ver", "words"),
    ],
)
def test_a_malformed_invite_code_gets_a_sentence(typed: str, words: str) -> None:
    with pytest.raises(InviteError, match=words):
        normalize_invite(typed)


def test_relay_hints_and_bad_servers_are_checked_before_anything_is_dialled() -> None:
    assert parse_relay("tcp:transit.example:4001") == ("transit.example", 4001)
    with pytest.raises(InviteError):
        parse_relay("tcp:nowhere")
    with pytest.raises(InviteError, match="invite server"):
        Rendezvous(Role.HOST, Servers("http://x", "tcp:127.0.0.1:1"))


def test_a_link_survives_the_save_and_its_secrets_depend_on_the_key() -> None:
    link = Link(Role.GUEST, bytes(range(32)), ("127.0.0.1:5000",), ("tcp:127.0.0.1:4001",))
    assert Link.from_json(link.to_json()) == link
    other = Link(Role.GUEST, bytes(32), link.hints, link.relays)
    relay = link.relays[0]
    assert other.join_code != link.join_code
    assert other.relay_token(relay) != link.relay_token(relay)
    assert len(link.relay_token(relay)) == 64 and link.side(Role.HOST) != link.side(Role.GUEST)
    # the token travels in the clear to its relay: one seen there is no use at another
    assert link.relay_token("tcp:other.example:4001") != link.relay_token(relay)
    with pytest.raises(ValueError):
        Link.from_json({"role": "guest", "secret": "00"})


def test_the_options_default_to_the_public_servers_the_shell_names() -> None:
    from game.settings import Preferences

    prefs = Preferences()
    assert (prefs.invite_mailbox, prefs.invite_relay) == (DEFAULT_MAILBOX, DEFAULT_RELAY)
    assert Servers() == Servers(DEFAULT_MAILBOX, DEFAULT_RELAY)


def _notice(endpoint: Any, code: str) -> TransportNotice:
    give_up = time.monotonic() + WAIT
    while time.monotonic() < give_up:
        event = endpoint.next_event(0.1)
        if isinstance(event, TransportNotice) and event.code == code:
            return event
    raise AssertionError(f"no {code} notice within {WAIT} s")


def test_a_relay_that_cannot_be_reached_is_reported_and_tried_again() -> None:
    link = Link(Role.HOST, bytes(32), (), (f"tcp:127.0.0.1:{free_port()}",))
    session = ReliableSession(Role.HOST, PeerInfo("Ann", "1.0"), FAST, join_code=link.join_code)
    with WormholeHost(session, link, relay_retry=(0.05,)).start() as host:
        text = _notice(host, "relay_down").text
    assert "cannot be reached" in text and "Options" in text


def test_a_guest_with_no_way_through_says_so_and_keeps_trying() -> None:
    link = Link(
        Role.GUEST,
        bytes(32),
        (f"127.0.0.1:{free_port()}",),
        (f"tcp:127.0.0.1:{free_port()}",),
    )
    session = ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0"), FAST, join_code=link.join_code)
    with WormholeGuest(session, link, redial_delays=(0.05,)).start() as guest:
        first = _notice(guest, "dial_failed").text
        second = _notice(guest, "dial_failed").text  # a second round: it keeps trying
    assert "directly or through a relay" in first and "forwarded port" in first
    assert second.count("127.0.0.1") == 2  # each round names only its own two failures
