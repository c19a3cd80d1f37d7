"""The session's wire messages are checked field by field before use, and tolerate fields a
later version adds."""

from __future__ import annotations

import pytest

from game.netplay.errors import ProtocolError
from game.netplay.wire.framing import decode_frame, encode_frame
from game.netplay.wire.session_messages import (
    MAGIC,
    MAX_SACK,
    Ack,
    Bye,
    Data,
    Hello,
    Kind,
    Ping,
    Pong,
    Reject,
    ResumeOk,
    Welcome,
    pack_message,
    parse_message,
)

TOKEN = bytes(range(16))

EXAMPLES = [
    Hello(MAGIC, 1, 2, "1.0.0", "Bob", None, 0),
    Hello(MAGIC, 1, 1, "1.0.0", "Bob", TOKEN, 42),
    Welcome(MAGIC, 1, 1, 2, "1.4.0", "Alice", TOKEN),
    ResumeOk(17, TOKEN),
    Reject("version", "update to play", 2, 3, "1.4.0"),
    Data(1, 0, ["chat", "hi"]),
    Data(7, 3, [0, "x"], ([1, "hi"], [7, 9, 12])),
    Ack(5, (7, 9)),
    Ping(123456),
    Pong(-5),
    Bye("quit", "Bob left the game."),
]


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: type(m).__name__)
def test_every_message_kind_round_trips_as_a_compact_array(message):
    packed = pack_message(message)
    assert packed[0] == int(message.KIND)
    assert parse_message(decode_frame(encode_frame(packed))) == message


def test_unknown_message_kind_is_rejected():
    with pytest.raises(ProtocolError) as info:
        parse_message([99, 1, 2])
    assert info.value.code == "unknown_kind"


@pytest.mark.parametrize(
    "value",
    [
        [],
        "hello",
        {"kind": 5},
        ["5", 1, 0, ["chat", "x"]],
        [True, 1, 0, ["chat", "x"]],
        [Kind.DATA, 0, 0, ["chat", "x"]],  # sequence numbers start at 1
        [Kind.DATA, True, 0, ["chat", "x"]],  # a bool is not a number on the wire
        [Kind.DATA, 1.0, 0, ["chat", "x"]],
        [Kind.DATA, 2**60, 0, ["chat", "x"]],
        [Kind.DATA, 1, -1, ["chat", "x"]],
        [Kind.DATA, 1, 0],
        [Kind.DATA, 1, 0, ["chat", "x"], "extra"],
        [Kind.ACK, 1, list(range(2, 3 + MAX_SACK))],
        [Kind.ACK, 1, "2,3"],
        [Kind.HELLO, MAGIC, 1, 1, "1.0", "B" * 100, None, 0],
        [Kind.HELLO, MAGIC, 1, 1, "1.0", "Bob", b"short", 0],
        [Kind.WELCOME, MAGIC, 1, 1, 1, "1.0", "Alice", None],
        [Kind.RESUME_OK, 3, "not bytes"],
        [Kind.PING, "now"],
        [Kind.BYE, "", "no code"],
    ],
)
def test_messages_with_wrong_types_lengths_or_ranges_are_rejected(value):
    with pytest.raises(ProtocolError):
        parse_message(value)


def test_handshake_messages_tolerate_fields_added_by_later_versions():
    hello = parse_message([Kind.HELLO, MAGIC, 1, 9, "9.0", "Bob", None, 0, {"future": True}])
    assert isinstance(hello, Hello) and hello.proto_max == 9
