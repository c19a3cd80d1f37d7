"""After the handshake nothing from the peer ends the game unless it is authenticated and means
to (a BYE): an authenticated frame that is malformed, oversized, nested too deep or out of range
is refused with a notice and the game goes on; a peer that keeps sending them loses the
connection, not the game, and the session resumes on the next one. During a reconnection an
unauthenticated REJECT, KEY_REPLY or KEY_ACCEPT only costs that connection: the guest dials again."""

from __future__ import annotations

import msgpack
import pytest

from game.netplay.session.channel import MAX_BAD_INPUT
from game.netplay.session.config import SessionConfig
from game.netplay.session.delivery import MAX_REFUSED
from game.netplay.session.events import PayloadRefused, Status
from game.netplay.session.secure import HostExchange, join_password
from game.netplay.wire.framing import encode_body, encode_frame
from game.netplay.wire.payloads import game_payload
from game.netplay.wire.session_messages import (
    Data,
    KeyAccept,
    Reject,
    pack_message,
)
from tests.helpers.netplay import Shuttle, numbers, sealed_by


def _sealed_raw(sender, body: bytes) -> bytes:
    """A frame sealed with the sender's real key around any bytes at all."""
    return encode_frame(pack_message(sender._channel._sealer.seal(body)))


def _data_body(seq: int, payload_bytes: bytes) -> bytes:
    """A DATA message whose payload is given already packed (so it can be anything)."""
    marker = "\x00payload-here\x00"
    packed = encode_body(pack_message(Data(seq, 0, marker)))
    return packed.replace(msgpack.packb(marker), payload_bytes)


def _nested(depth: int) -> bytes:
    return b"\x91" * depth + b"\xc0"  # [[[...[nil]...]]]


HOSTILE = {
    "invalid UTF-8 in chat": _data_body(1, b"\x92\xa4chat\xa2\xff\xfe"),
    "a 10 kB chat line": _data_body(1, msgpack.packb(["chat", "x" * 10_000])),
    "msgpack nested 25 deep": _data_body(1, b"\x92\xa4chat" + _nested(25)),
    "an ext type": _data_body(1, b"\x92\xa4chat" + msgpack.packb(msgpack.ExtType(5, b"x"))),
    "a garbage body": b"\xc1 not msgpack at all",
    "sequence number 10^6": encode_body(pack_message(Data(10**6, 0, game_payload("far")))),
}


@pytest.mark.parametrize("frame", HOSTILE.values(), ids=list(HOSTILE))
def test_a_broken_frame_from_the_guest_is_refused_and_the_game_goes_on(frame):
    sh = Shuttle().handshake()
    sh.host.receive_bytes(_sealed_raw(sh.guest, frame), 0.0)
    assert not sh.host.finished and sh.host.status is Status.CONNECTED
    refused = [e for e in sh.host.pop_events() if isinstance(e, PayloadRefused)]
    assert refused and refused[0].text.startswith("A message from Bob was refused:")
    assert not sh.host.wants_reset
    sh.guest.send(game_payload("still playing"))
    sh.settle()
    assert numbers(sh.host.pop_events()) == ["still playing"]
    assert not sh.guest.finished


def test_a_peer_that_keeps_sending_broken_frames_loses_the_connection_and_resumes():
    sh = Shuttle().handshake()
    for _ in range(MAX_BAD_INPUT):
        sh.host.receive_bytes(_sealed_raw(sh.guest, b"\xc1"), 0.0)
    assert sh.host.wants_reset and not sh.host.finished
    assert any(e.code == "dropped" for e in sh.host.pop_events() if isinstance(e, PayloadRefused))
    sh.host.send(game_payload("after the drop"))
    for side in (sh.host, sh.guest):  # the shell closes it; the guest dials again
        side.connection_lost(sh.now)
        side.connection_made(sh.now)
    sh.settle()
    assert sh.host.stats.resumes == 1 and sh.guest.status is Status.CONNECTED
    assert numbers(sh.guest.pop_events()) == ["after the drop"]


def test_a_flood_of_broken_payloads_drops_the_connection_not_the_game():
    sh = Shuttle().handshake()
    for seq in range(1, MAX_REFUSED + 2):
        sh.host.receive_bytes(sealed_by(sh.guest, Data(seq, 0, ["teleport", 1])), 0.0)
    assert not sh.host.finished and sh.host.wants_reset
    events = [e for e in sh.host.pop_events() if isinstance(e, PayloadRefused)]
    assert any("more than 20 of its messages" in e.text for e in events)


def _reconnecting() -> Shuttle:
    """An established game whose connection dropped; the guest has sent its KEY_HELLO."""
    sh = Shuttle(SessionConfig()).handshake()
    for side in (sh.host, sh.guest):
        side.connection_lost(0.0)
    sh.guest.connection_made(0.0)
    sh.host.connection_made(0.0)
    sh.guest.poll(0.0)
    return sh


def _clear(message) -> bytes:
    return encode_frame(pack_message(message))


def test_a_forged_reject_in_the_clear_during_a_reconnect_only_makes_the_guest_redial():
    sh = _reconnecting()
    for code in ("wrong_code", "busy", "version", "not_canasta"):
        sh.guest.receive_bytes(_clear(Reject(code, "go away", 1, 99, "9.9")), 0.0)
        assert not sh.guest.finished and sh.guest.wants_reset
        sh.guest.connection_lost(0.0)
        sh.guest.connection_made(0.0)
    sh.host.connection_lost(0.0)
    sh.host.connection_made(0.0)
    sh.settle()
    assert sh.guest.status is Status.CONNECTED and sh.host.stats.resumes == 1


def test_a_fake_key_reply_and_bogus_accept_only_make_the_guest_redial():
    sh = _reconnecting()
    kx = sh.guest._kx
    assert kx is not None
    impostor = HostExchange(kx.hello, join_password("2222-2222"))
    sh.guest.receive_bytes(_clear(impostor.reply), 0.0)
    sh.guest.poll(0.0)  # the guest answers the impostor with its confirmation
    sh.guest.receive_bytes(_clear(KeyAccept(bytes(16))), 0.0)
    assert not sh.guest.finished and sh.guest.wants_reset
    for side in (sh.guest, sh.host):
        side.connection_lost(0.0)
        side.connection_made(0.0)
    sh.settle()
    assert sh.guest.status is Status.CONNECTED and sh.host.stats.resumes == 1
