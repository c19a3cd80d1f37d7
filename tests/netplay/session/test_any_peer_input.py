"""Randomised tests: whatever bytes or frames arrive, the decoder raises nothing but
ProtocolError, a session raises nothing at all (it fails cleanly instead), and every buffer stays
within its bound."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.netplay.errors import ProtocolError
from game.netplay.session.events import Status
from game.netplay.session.reliable import ReliableSession
from game.netplay.wire.framing import HEADER_SIZE, MAX_FRAME, FrameDecoder, encode_frame
from game.netplay.wire.payloads import game_payload
from game.netplay.wire.session_messages import MAGIC, WINDOW, Kind
from tests.helpers.netplay import Shuttle, guest_session, host_session

FUZZ = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.binary(max_size=20)
)
values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=6) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=25,
)
# shaped like messages, so that many get past framing and exercise the schema and the session
field = st.one_of(
    st.integers(-3, 300),
    st.just(MAGIC),
    st.binary(min_size=16, max_size=16),
    st.sampled_from(["chat", "game", "quit", "rules_accept"]),
    st.lists(st.integers(0, 300), max_size=4),
    values,
)
message_like = st.builds(
    lambda kind, rest: [kind, *rest], st.integers(0, 12), st.lists(field, max_size=8)
)
payload_like = st.builds(
    lambda seq, ack, payload: [int(Kind.DATA), seq, ack, payload],
    st.integers(1, 400),
    st.integers(0, 10),
    st.one_of(st.builds(game_payload, values), st.lists(field, max_size=3)),
)
frames = st.lists(st.one_of(message_like, payload_like, values), max_size=25)
small = st.integers(0, 4) | st.integers(-(2**63), 2**64 - 1)
token = st.none() | st.binary(min_size=16, max_size=16) | st.binary(max_size=20)
name = st.text(max_size=40)
handshakes = st.one_of(
    st.tuples(
        st.just(int(Kind.HELLO)), st.just(MAGIC) | name, small, small, name, name, token, small
    ),
    st.tuples(
        st.just(int(Kind.WELCOME)), st.just(MAGIC) | name, small, small, small, name, name, token
    ),
    st.tuples(st.just(int(Kind.RESUME_OK)), small, token),
    st.tuples(st.just(int(Kind.REJECT)), name, name, small, small, name),
).map(list)


def assert_bounded(session: ReliableSession) -> None:
    assert session.unacked_count <= session.config.max_unacked
    assert session.out_of_order_count < WINDOW
    assert session.buffered_bytes <= HEADER_SIZE + MAX_FRAME
    assert isinstance(session.status, Status)


def _chunks(data: bytes, rng: random.Random) -> list[bytes]:
    out, i = [], 0
    while i < len(data):
        size = rng.choice([1, 1, 2, 3, 7, 64, 4096])
        out.append(data[i : i + size])
        i += size
    return out


@FUZZ
@given(st.binary(max_size=3000), st.integers(0, 2**32))
def test_decoder_raises_only_protocol_error_on_random_bytes(data, seed):
    decoder = FrameDecoder()
    try:
        for chunk in _chunks(data, random.Random(seed)):
            for _ in decoder.feed(chunk):
                pass
            assert decoder.buffered <= HEADER_SIZE + MAX_FRAME
    except ProtocolError:
        pass


@pytest.mark.slow
@FUZZ
@given(st.lists(values, max_size=10), st.integers(0, 2**32))
def test_decoder_returns_exactly_what_was_framed(items, seed):
    stream = b"".join(encode_frame(item) for item in items)
    decoder = FrameDecoder()
    out = []
    for chunk in _chunks(stream, random.Random(seed)):
        out.extend(decoder.feed(chunk))
    assert out == items


@pytest.mark.slow
@FUZZ
@given(frames, st.booleans(), st.integers(0, 2**32))
def test_a_session_survives_any_frames_from_its_peer(messages, to_host, seed):
    sh = Shuttle().handshake()
    sh.host.send(game_payload("pending"))
    sh.to_guest()
    target = sh.host if to_host else sh.guest
    stream = b"".join(encode_frame(m) for m in messages)
    for chunk in _chunks(stream, random.Random(seed)):
        target.receive_bytes(chunk, 1.0)
        target.poll(1.0)
        assert_bounded(target)
    target.pop_events()


@pytest.mark.slow
@FUZZ
@given(frames)
def test_a_datagram_session_survives_any_frames(messages):
    host, guest = host_session(), guest_session()
    for session in (host, guest):
        session.connection_made(0.0, datagram=True)
    for hello in guest.poll(0.0):
        host.receive_frame(hello, 0.0)
    for now, message in enumerate(messages):
        for session in (host, guest):
            session.receive_frame(encode_frame(message), float(now))
            session.poll(float(now))
            assert_bounded(session)


def _transcript() -> list[bytes]:
    """Every frame the host sends in a short real exchange, handshake included."""
    sh = Shuttle()
    sent: list[bytes] = []
    sent_to_host = sh.guest.poll(0.0)
    for f in sent_to_host:
        sh.host.receive_bytes(f, 0.0)
    for i in range(6):
        sh.host.send(game_payload({"move": i, "cards": [i, i + 1]}))
        sh.host.send(["chat", f"line {i}"])
        sh.now = i * 0.3
        sent += sh.to_guest()
        sh.to_host()
    return sent


TRANSCRIPT = _transcript()


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_a_guest_survives_a_mutated_transcript(data):
    frames = list(TRANSCRIPT)
    for _ in range(data.draw(st.integers(1, 6))):
        op = data.draw(st.sampled_from(["flip", "truncate", "insert", "duplicate", "drop", "swap"]))
        i = data.draw(st.integers(0, len(frames) - 1))
        f = bytearray(frames[i])
        if op == "flip" and f:
            j = data.draw(st.integers(0, len(f) - 1))
            f[j] ^= data.draw(st.integers(1, 255))
            frames[i] = bytes(f)
        elif op == "truncate":
            frames[i] = bytes(f[: data.draw(st.integers(0, len(f)))])
        elif op == "insert":
            j = data.draw(st.integers(0, len(f)))
            frames[i] = bytes(f[:j]) + data.draw(st.binary(min_size=1, max_size=8)) + bytes(f[j:])
        elif op == "duplicate":
            frames.insert(i, frames[i])
        elif op == "drop" and len(frames) > 1:
            frames.pop(i)
        elif op == "swap":
            j = data.draw(st.integers(0, len(frames) - 1))
            frames[i], frames[j] = frames[j], frames[i]
    guest = guest_session()
    guest.connection_made(0.0)
    guest.poll(0.0)
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    for now, chunk in enumerate(_chunks(b"".join(frames), rng)):
        guest.receive_bytes(chunk, now * 0.01)
        guest.poll(now * 0.01)
        assert_bounded(guest)
    delivered = [e for e in guest.pop_events() if type(e).__name__ == "Delivered"]
    seqs = [e.seq for e in delivered]
    assert seqs == list(range(1, len(seqs) + 1)), "whatever got through is in order, once"


@pytest.mark.slow
@FUZZ
@given(st.lists(handshakes, min_size=1, max_size=6), st.booleans())
def test_handshake_fields_of_any_value_never_crash_either_side(messages, fresh):
    if fresh:
        host, guest = host_session(), guest_session()
        host.connection_made(0.0)
        guest.connection_made(0.0)
        guest.poll(0.0)
    else:
        sh = Shuttle().handshake()
        host, guest = sh.host, sh.guest
    for message in messages:
        for session in (host, guest):
            session.receive_bytes(encode_frame(message), 1.0)
            session.poll(1.0)
            assert_bounded(session)
    gate = host.open_gate()
    with contextlib.suppress(ProtocolError):  # the shell refuses that connection
        gate.receive(messages[0], 0.0)
    assert all(isinstance(frame, bytes) for frame in gate.take_output())
