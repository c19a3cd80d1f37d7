"""At a table of three or four the host's session for a guest seat says the seat in its WELCOME,
and the guest names it in every later KEY_HELLO, bound into the key exchange, so the host's
listener can hand a returning guest's connection to its own seat. With two players neither
message carries the field: the wire is as every earlier version wrote it."""

from __future__ import annotations

import random

import pytest

from game.netplay.errors import ProtocolError
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.reliable import ReliableSession
from game.netplay.session.secure import GuestExchange, HostExchange, Mode, join_password
from game.netplay.tools.link import LinkedSessions, LinkProfile, LossyLink
from game.netplay.wire.session_messages import (
    MAGIC,
    KeyHello,
    Kind,
    Welcome,
    pack_message,
    parse_message,
)

CODE = "K7QM-3WXA"
TOKEN = bytes(range(16))


def test_the_seat_travels_only_at_a_table_and_is_read_back():
    two = pack_message(Welcome(MAGIC, 5, 5, 5, "1.0", "Alice", TOKEN))
    assert len(two) == 8, "two players: the fields every earlier version wrote"
    table = pack_message(Welcome(MAGIC, 5, 5, 5, "1.0", "Alice", TOKEN, 3))
    assert table[-1] == 3 and parse_message(table) == Welcome(
        MAGIC, 5, 5, 5, "1.0", "Alice", TOKEN, 3
    )
    hello = KeyHello(MAGIC, 5, 5, "1.0", 0, bytes(33), 2)
    assert parse_message(pack_message(hello)).seat == 2
    assert parse_message(pack_message(KeyHello(MAGIC, 5, 5, "1.0", 0, bytes(33)))).seat == 0


@pytest.mark.parametrize("seat", [-1, 4, "1", True])
def test_a_seat_out_of_range_is_refused(seat: object):
    with pytest.raises(ProtocolError):
        parse_message([Kind.KEY_HELLO, MAGIC, 5, 5, "1.0", 0, bytes(33), seat])


def test_the_seat_named_is_bound_into_the_key_exchange():
    """A seat changed on the way makes the two sides derive different keys."""
    guest = GuestExchange(Mode.JOIN, join_password(CODE), MAGIC, 5, 5, "1.0", seat=1)
    moved = KeyHello(*[*pack_message(guest.hello)[1:-1], 3])
    host = HostExchange(moved, join_password(CODE))
    guest.on_reply(host.reply)
    assert guest.confirm is not None and not host.check(guest.confirm)


def test_a_guest_learns_its_seat_from_the_welcome_and_names_it_when_it_redials():
    host = ReliableSession(Role.HOST, PeerInfo("Alice", "1.0"), join_code=CODE)
    host.table_seat = 3
    guest = ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0"), join_code=CODE)
    pair = LinkedSessions(host, guest, LossyLink(random.Random(1), LinkProfile(latency=0.01)))
    pair.connect()
    assert pair.run_until(lambda: host.established and guest.established, 10)
    assert guest.table_seat == 3
    exchange = guest._admission.new_exchange()
    assert exchange.hello.seat == 3 and exchange.mode is Mode.RESUME
