"""Application payloads are checked against their registered kinds before use, and the known
kinds travel as numbers."""

from __future__ import annotations

import pytest

from game.netplay.errors import ProtocolError
from game.netplay.wire import payloads as p
from game.netplay.wire import schema as s
from game.netplay.wire.session_messages import Kind, parse_message


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
