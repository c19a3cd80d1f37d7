"""Wire messages and application payloads are checked field by field before use."""

from __future__ import annotations

import pytest

from game.netplay import payloads as p
from game.netplay import schema as s
from game.netplay.errors import ProtocolError
from game.netplay.framing import decode_frame, encode_frame
from game.netplay.messages import (
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


def test_unknown_payload_kind_is_rejected():
    with pytest.raises(ProtocolError) as info:
        p.default_registry().validate(["teleport", 1])
    assert info.value.code == "unknown_payload"


@pytest.mark.parametrize(
    "payload",
    [
        [],
        [7, "x"],
        ["chat"],
        ["chat", ""],
        ["chat", "x" * (p.MAX_CHAT_CHARS + 1)],
        ["chat", "hi", "extra"],
        ["rules_propose", {"a": float("nan")}],
        ["rules_propose", {"a": {"nested": 1}}],
        ["rules_propose", {"": 1}],
        ["rules_propose", {f"k{i}": i for i in range(p.MAX_RULES + 1)}],
        ["rules_accept", "abc"],
        ["game"],
    ],
)
def test_malformed_payloads_are_rejected(payload):
    with pytest.raises(ProtocolError):
        p.default_registry().validate(payload)


def test_builtin_payloads_are_accepted():
    registry = p.default_registry()
    for payload in (
        ["chat", "hello"],
        [
            "rules_propose",
            {
                "jokers": 4,
                "open_pile": True,
                "target": 5000,
                "ratio": 0.5,
                "names": ["a"],
                "x": None,
            },
        ],
        ["rules_accept", "0" * 64],
        ["rules_decline", ""],
        ["game", {"anything": [1, 2, {"the game layer": "checks it"}]}],
    ):
        assert registry.validate(payload) is payload


def test_game_layer_can_register_its_own_payload_kinds():
    registry = p.default_registry()
    registry.register(
        "move",
        s.record("move", [("action", s.text(16, 1)), ("cards", s.list_of(s.integer(0, 107), 20))]),
    )
    assert registry.validate(["move", "meld", [1, 2, 3]])
    with pytest.raises(ProtocolError):
        registry.validate(["move", "meld", [108]])
    with pytest.raises(ValueError):
        registry.register("move", s.anything())
    assert "move" not in p.default_registry().kinds


def test_known_payload_kinds_travel_as_numbers_and_come_back_as_names():
    assert p.to_wire(["chat", "hi"]) == [1, "hi"]
    assert p.to_wire(["game", [3, 1]]) == [p.GAME_INLINE, 3, 1], "a game list loses a header"
    assert p.to_wire(["game", "far"]) == [0, "far"]
    assert p.to_wire(["custom", 1]) == ["custom", 1], "a kind registered on top keeps its name"
    for payload in (["chat", "hi"], ["game", [3, 1]], ["game", "far"], ["refusal", "x", "y"]):
        assert p.from_wire(p.to_wire(payload)) == payload
    with pytest.raises(ProtocolError, match="unknown payload kind number"):
        p.from_wire([99, "x"])


def test_data_after_its_first_payload_takes_only_lists():
    with pytest.raises(ProtocolError, match="must be lists"):
        parse_message([Kind.DATA, 1, 0, ["chat", "x"], ["chat", "y"], 5])
