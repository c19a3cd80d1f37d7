"""The key exchange and the sealed channel: only the holder of the join code gets in, both
players read why when the code is wrong, wrong tries never change the code, and an altered or replayed frame is dropped without harming the game."""

from __future__ import annotations

import random

from game.netplay.session.events import Failed, GuestTurnedAway, Status
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.reliable import ReliableSession
from game.netplay.session.secure import Opener, Sealer
from game.netplay.tools.link import LinkedSessions, LinkProfile, LossyLink
from game.netplay.wire.framing import encode_frame
from game.netplay.wire.payloads import game_payload
from game.netplay.wire.session_messages import Sealed, pack_message
from tests.helpers.netplay import Shuttle, numbers

CODE = "K7QM-3WXA"


def _pair(host_code: str | None, guest_code: str | None, seed: int = 1) -> LinkedSessions:
    host = ReliableSession(Role.HOST, PeerInfo("Alice", "1.0"), join_code=host_code)
    guest = ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0"), join_code=guest_code)
    pair = LinkedSessions(host, guest, LossyLink(random.Random(seed), LinkProfile(latency=0.01)))
    pair.connect()
    return pair


def test_the_right_code_connects_and_payloads_flow_sealed():
    pair = _pair(CODE, "k7qm 3wxa")
    assert pair.run_until(lambda: pair.host.established and pair.guest.established, 10)
    assert pair.host.channel_up and pair.guest.channel_up
    pair.guest.send(game_payload("hello"))
    assert pair.run_until(lambda: numbers(pair.host_events) == ["hello"], 10)


def test_a_wrong_code_is_told_to_both_players_and_the_host_keeps_waiting():
    pair = _pair(CODE, "K7QM-3WXB")
    assert pair.run_until(lambda: pair.guest.finished, 10)
    assert pair.guest.failure == Failed(
        "wrong_code",
        "The host did not accept this join code: check the code (and the address) with the "
        "host and try again.",
    )
    turned = [e for e in pair.host_events if isinstance(e, GuestTurnedAway)]
    assert turned == [
        GuestTurnedAway(
            "wrong_code", "Someone tried to join with a wrong code (1 wrong code from there)."
        )
    ]
    assert pair.host.status is Status.CONNECTING and not pair.host.finished


def test_wrong_codes_never_change_the_code_the_guest_holds():
    host = ReliableSession(Role.HOST, PeerInfo("Alice", "1.0"), join_code=CODE)
    for attempt in range(5):
        guest = ReliableSession(Role.GUEST, PeerInfo("Mallory", "1.0"), join_code="2222-2222")
        pair = LinkedSessions(host, guest, LossyLink(random.Random(attempt)))
        pair.connect()
        assert pair.run_until(lambda guest=guest: guest.finished, 600)
        host.connection_lost(pair.clock.now)
    assert host.join_code == CODE
    guest = ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0"), join_code=CODE)
    pair = LinkedSessions(host, guest, LossyLink(random.Random(9)))
    pair.connect()
    assert pair.run_until(lambda: guest.established, 600), "the first code still lets it in"


def test_an_altered_or_replayed_frame_is_dropped_and_the_game_goes_on():
    sh = Shuttle().handshake()
    sh.host.send(game_payload("real"))
    (frame,) = sh.host.poll(0.0)
    tampered = bytearray(frame)
    tampered[-1] ^= 0x01
    sh.guest.receive_bytes(bytes(tampered), 0.0)
    assert sh.guest.stats.bad_frames == 1 and sh.guest.status is Status.CONNECTED
    sh.guest.receive_bytes(frame, 0.0)
    sh.guest.receive_bytes(frame, 0.0)  # replayed by an eavesdropper
    assert numbers(sh.guest.pop_events()) == ["real"]
    assert sh.guest.stats.replays_dropped == 1


def test_a_frame_sealed_with_another_key_never_opens():
    sh = Shuttle().handshake()
    # the counter the guest expects next, a box nobody sealed
    forged = Sealed(sh.guest._channel._opener._highest + 1, bytes(40))  # type: ignore[union-attr]
    sh.guest.receive_bytes(encode_frame(pack_message(forged)), 0.0)
    assert sh.guest.stats.bad_frames == 1 and sh.guest.failure is None
    sh.host.send(game_payload("still here"))
    sh.to_guest()
    assert numbers(sh.guest.pop_events()) == ["still here"]


def test_on_a_datagram_link_late_frames_open_once_each():
    key = bytes(range(32))
    sealer, opener = Sealer(key), Opener(key, ordered=False)
    frames = [sealer.seal(bytes([i])) for i in range(5)]
    assert [opener.open(f) for f in (frames[3], frames[1], frames[3], frames[0])] == [
        b"\x03",
        b"\x01",
        None,
        b"\x00",
    ]
    assert opener.replays == 1 and isinstance(frames[0], Sealed)


def test_the_session_token_and_resume_secret_come_from_the_key_exchange():
    sh = Shuttle().handshake()
    keys = sh.host._gate.exchange.keys
    assert sh.host._admission.token == sh.guest._admission.token == keys.token
    host, guest = sh.host._admission, sh.guest._admission
    assert host.resume_secret == guest.resume_secret == keys.resume_secret


def test_only_the_low_byte_of_the_counter_travels_and_the_receiver_rebuilds_the_rest():
    key = bytes(range(32))
    sealer = Sealer(key)
    frames = [sealer.seal(bytes([i % 256])) for i in range(300)]
    assert {f.counter for f in frames} == set(range(256)), "one byte on the wire"
    stream, datagram = Opener(key, ordered=True), Opener(key, ordered=False)
    assert [stream.open(f) for f in frames] == [bytes([i % 256]) for i in range(300)]
    assert stream.open(frames[299]) is None and stream.replays == 1, "a replay on a stream"
    late = Opener(key, ordered=False)
    assert all(late.open(f) for f in frames[1:100])
    assert late.open(frames[150]) == bytes([150]), "a jump ahead within half the byte"
    assert late.open(frames[120]) == bytes([120]), "a late frame within the window still opens"
    assert late.open(frames[120]) is None and late.replays == 1
    assert late.open(frames[20]) is None, "one older than the window does not"
    assert [datagram.open(f) for f in frames[:3]] == [b"\x00", b"\x01", b"\x02"]


def test_on_a_stream_a_missing_frame_is_skipped_and_the_next_one_opens():
    key = bytes(range(32))
    sealer, opener = Sealer(key), Opener(key, ordered=True)
    first, _, third = (sealer.seal(bytes([i])) for i in range(3))
    assert opener.open(first) == b"\x00" and opener.open(third) == b"\x02"
    assert opener.open(first) is None and opener.forgeries == 0, "behind: a replay, not opened"
