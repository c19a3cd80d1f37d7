"""Application payloads carried inside DATA messages, and the registry that validates them. A
payload is a compact array `[kind, field, ...]` whose kind is a short string (on the wire, the
kinds every copy knows travel as small numbers: `to_wire`, `from_wire`). The netplay layer
registers its own kinds (rules negotiation and chat) plus `game`, an opaque msgpack value the game
layer checks with its own schema; the game layer may register further kinds of its own. A session
validates every incoming payload against its registry before delivering it, so an unknown kind or
a malformed field is set aside (and its sender told) instead of reaching the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ProtocolError
from . import schema as s

RULES_PROPOSE = "rules_propose"
RULES_COUNTER = "rules_counter"
RULES_ACCEPT = "rules_accept"
RULES_DECLINE = "rules_decline"
CHAT = "chat"
GAME = "game"
# the session's own answer to a payload it could not accept: [kind, code, sentence]
REFUSAL = "refusal"
# who sits where at a table of three or four, from its host before the game (`play/seating.py`)
SEATING = "seating"
# the guest seats a table waits for during play, and the seconds before it gives up on them,
# from its host to the other guests (`play/seating.py`)
AWAY = "away"

MAX_CHAT_CHARS = 300
MAX_RULES = 64
MAX_RULE_NAME_CHARS = 48
RULES_HASH_CHARS = 64  # sha256 in hex

_RULE_SCALAR = s.one_of(
    s.boolean(),
    s.integer(-s.MAX_SAFE_INT, s.MAX_SAFE_INT),
    s.finite_float(),
    s.text(64),
    # None means "not set"; the game's rules may use it for optional limits
    s.null(),
)
check_rules: s.Check = s.map_of(
    s.text(MAX_RULE_NAME_CHARS, 1),
    s.one_of(_RULE_SCALAR, s.list_of(_RULE_SCALAR, 16)),
    MAX_RULES,
)
_HASH = s.text(RULES_HASH_CHARS, RULES_HASH_CHARS)


class PayloadRegistry:
    """Payload kinds this session understands, each with a check for its fields."""

    def __init__(self) -> None:
        self._checks: dict[str, s.Check] = {}

    def register(self, kind: str, check: s.Check) -> None:
        """Add a kind; `check(fields, path)` gets the list after the kind tag and raises
        `ProtocolError` if it is unacceptable (the `schema.record` helper builds one)."""
        if not isinstance(kind, str) or not 1 <= len(kind) <= 32:
            raise ValueError("payload kinds are strings of 1 to 32 characters")
        if kind in self._checks:
            raise ValueError(f"payload kind {kind!r} is already registered")
        self._checks[kind] = check

    @property
    def kinds(self) -> Mapping[str, s.Check]:
        return dict(self._checks)

    def copy(self) -> PayloadRegistry:
        clone = PayloadRegistry()
        clone._checks = dict(self._checks)
        return clone

    def validate(self, payload: Any) -> list[Any]:
        """Return the payload if it is a known kind with valid fields; raise otherwise."""
        if not isinstance(payload, list) or not payload or not isinstance(payload[0], str):
            raise s.fail("payload", "a list starting with a kind name", payload)
        check = self._checks.get(payload[0])
        if check is None:
            raise ProtocolError("unknown_payload", f"unknown payload kind {payload[0][:32]!r}")
        check(payload[1:], payload[0])
        return payload


def default_registry() -> PayloadRegistry:
    """A registry holding the kinds every netplay session speaks."""
    registry = PayloadRegistry()
    registry.register(RULES_PROPOSE, s.record(RULES_PROPOSE, [("rules", check_rules)]))
    registry.register(RULES_COUNTER, s.record(RULES_COUNTER, [("rules", check_rules)]))
    registry.register(RULES_ACCEPT, s.record(RULES_ACCEPT, [("rules_hash", _HASH)]))
    registry.register(RULES_DECLINE, s.record(RULES_DECLINE, [("reason", s.text(300))]))
    registry.register(CHAT, s.record(CHAT, [("text", s.text(MAX_CHAT_CHARS, 1))]))
    registry.register(GAME, s.record(GAME, [("value", s.anything())]))
    registry.register(REFUSAL, s.record(REFUSAL, [("code", s.text(40, 1)), ("text", s.text(300))]))
    seat = s.integer(0, 3)
    registry.register(
        SEATING,
        s.record(
            SEATING,
            [
                ("seat", seat),
                ("names", s.list_of(s.text(32), 4, 3)),
                ("guests", s.list_of(seat, 3)),
                ("joined", s.list_of(seat, 3)),
                ("levels", s.list_of(s.text(16), 4, 3)),
            ],
        ),
    )
    registry.register(
        AWAY,
        s.record(AWAY, [("seats", s.list_of(seat, 3)), ("seconds", s.integer(0, 3600))]),
    )
    return registry


# Kinds every copy knows travel as their number here, one byte where a name took up to 14;
# only append. A kind registered on top travels as its name.
WIRE_KINDS = (GAME, CHAT, RULES_PROPOSE, RULES_COUNTER, RULES_ACCEPT, RULES_DECLINE, REFUSAL)
_KIND_NUMBERS = {kind: number for number, kind in enumerate(WIRE_KINDS)}


# a game payload whose value is a list travels as that list's items after this number, one
# array header fewer than `[GAME number, [...]]`
GAME_INLINE = len(WIRE_KINDS)


def to_wire(payload: list[Any]) -> list[Any]:
    """The payload as it travels: a known kind as its number."""
    if payload[0] == GAME and len(payload) == 2 and isinstance(payload[1], list):
        return [GAME_INLINE, *payload[1]]
    number = _KIND_NUMBERS.get(payload[0])
    return payload if number is None else [number, *payload[1:]]


def from_wire(value: Any) -> Any:
    """A payload as it arrived with its kind number turned back into the name; anything else
    is left for the registry to refuse."""
    if isinstance(value, list) and value and type(value[0]) is int:
        if value[0] == GAME_INLINE:
            return [GAME, value[1:]]
        if not 0 <= value[0] < len(WIRE_KINDS):
            raise ProtocolError("unknown_payload", f"unknown payload kind number {value[0]}")
        return [WIRE_KINDS[value[0]], *value[1:]]
    return value


def payload_kind(payload: list[Any]) -> str:
    """The kind of a payload that has already been validated."""
    return str(payload[0])


def game_payload(value: Any) -> list[Any]:
    return [GAME, value]
