"""The game-layer messages that travel inside `game` payloads, with their schemas.

Every message is a compact array `[tag, field, ...]`, its tag a number (`TAGS`), actions and
events indexed arrays and hashes integers, so that a move costs few bytes on the wire.
`parse_from_guest` and `parse_from_host` check the tag, the direction and every field (type,
length, range, hex digests, actions through the engine's own `action_from_dict`) and return a
frozen record, or raise `Unreadable` (a `ProtocolError`): a malformed message never reaches the
game, and the peer sets it aside. An action that is well formed but illegal is not a protocol
error; the host refuses it with a sentence (see `play.HostPlay`).

Host to guest: `start`, `commit`, `update`, `refused`, `reveal`, `rejoined`, `halt`.
Guest to host: `seed`, `act`, `done`, `rejoin`, `halt`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.logic.actions import MAX_CARDS_IN_ACTION, Action, action_from_dict
from game.logic.errors import IllegalAction
from game.logic.events import Event, EventKind

from ..errors import ProtocolError
from ..wire import schema as s
from ..wire.text import clean_text
from .dealing import DIGEST_HEX, GAME_ID_HEX, SALT_HEX, SEED_HEX, is_hex
from .viewcodec import PUBLIC_HASH_HEX, decode_cards

MAX_STATE = s.MAX_SAFE_INT
# Every update and move carries only the first 16 bits of the public hash (3 bytes): a desync
# is a bug, not an attack (the channel is authenticated), and a table that differs keeps
# differing, so each later state is another 1-in-65536 chance to miss it; `done` carries the
# whole hash and the reveal replays every view in full.
SHORT_HASH_HEX = 4
MAX_HANDS = 10_000
MAX_EVENTS = 64
MAX_TEXT = 300

_STATE = s.integer(0, MAX_STATE)
_COUNT = s.integer(0, MAX_STATE)
_HAND = s.integer(1, MAX_HANDS)
_ACTOR = s.integer(-1, 1)
_CODE = s.text(40, 1)
_TEXT = s.text(MAX_TEXT)


def _hex(length: int, what: str) -> s.Check:
    def check(value: Any, path: str) -> str:
        if not is_hex(value, length):
            raise s.fail(path, f"{what} ({length} lowercase hex digits)", value)
        return str(value)

    return check


def _hash_or_empty(value: Any, path: str) -> str:
    """A halt names hashes as they were compared: whole, the short part an update or move
    carries, or none."""
    if value == "":
        return ""
    if is_hex(value, SHORT_HASH_HEX):
        return str(value)
    return str(_PUBLIC_HASH(value, path))


_DIGEST = _hex(DIGEST_HEX, "a hash")
_PUBLIC_HASH = _hex(PUBLIC_HASH_HEX, "a public state hash")
_HASH_BITS = 4 * PUBLIC_HASH_HEX
_GAME_ID = _hex(GAME_ID_HEX, "a game id")
_TOKEN = _hex(GAME_ID_HEX, "a resume token")
_SEED = _hex(SEED_HEX, "a seed")
_SALT = _hex(SALT_HEX, "a salt")

_ACTION_VALUE = s.one_of(s.text(16), s.list_of(s.text(8), MAX_CARDS_IN_ACTION))
_ACTION_MAP = s.map_of(s.text(8, 1), _ACTION_VALUE, 4)
_CARD_CODES = s.list_of(s.text(8), MAX_CARDS_IN_ACTION)

# An action travels as `[type, argument...]` with its type as an index here: a draw is one byte,
# a meld of three cards a dozen, where the engine's own record spelled out every key.
ACTION_TYPES = ("draw", "take_pile", "meld", "discard", "pass", "undo", "undo_turn", "next_hand")
_ACTION_TYPE = s.integer(0, len(ACTION_TYPES) - 1)
# the one argument each type carries on the wire, under its name in the engine's record
_ACTION_ARGUMENT = {"take_pile": "with", "meld": "cards", "discard": "card"}
# Events travel as `[code, cards, hidden count, rank]`, the code the kind (an index here) and
# the player together, trailing fields left out while they hold their defaults (no cards, none
# hidden, no rank) and an event left with its code alone sent as that number.
EVENT_KINDS = tuple(kind.value for kind in EventKind)
_EVENT_DEFAULTS: tuple[Any, ...] = (b"", 0, None)


def check_action(value: Any, path: str) -> Action:
    """An action dict as the engine reads it; malformed ones are protocol errors."""
    _ACTION_MAP(value, path)
    try:
        return action_from_dict(value)
    except IllegalAction as error:
        raise ProtocolError("bad_action", f"{path}: {error.message}") from None


def wire_action(action: dict[str, Any]) -> list[Any]:
    """The engine's action record as it travels: `[type index, argument...]`."""
    kind = action["type"]
    out: list[Any] = [ACTION_TYPES.index(kind)]
    argument = _ACTION_ARGUMENT.get(kind)
    if argument is not None:
        out.append(action.get(argument, []))
    if action.get("rank") is not None:
        out.append(action["rank"])
    return out


def check_wire_action(value: Any, path: str) -> tuple[dict[str, Any], Action]:
    """An action as it travels, turned back into the engine's record and checked by the engine."""
    if not isinstance(value, list) or not 1 <= len(value) <= 3:
        raise s.fail(path, "[action type, argument, rank]", value)
    kind = ACTION_TYPES[_ACTION_TYPE(value[0], f"{path}[0]")]
    record: dict[str, Any] = {"type": kind}
    argument = _ACTION_ARGUMENT.get(kind)
    if len(value) > (1 if argument is None else 2) + (1 if kind == "meld" else 0):
        raise s.fail(path, f"at most the argument and rank of a {kind!r}", value)
    if argument is not None and len(value) > 1:
        check = s.text(8) if kind == "discard" else _CARD_CODES
        record[argument] = check(value[1], f"{path}[1]")
    if len(value) > 2:
        record["rank"] = s.text(16)(value[2], f"{path}[2]")
    return record, check_action(record, path)


def wire_event(event: list[Any]) -> int | list[Any]:
    """`[code, cards, hidden, rank]` with the kind and player in one code (`_event_code`) and
    trailing defaults dropped; an event with nothing but its code is the bare code."""
    out = [_event_code(EVENT_KINDS.index(str(event[0])), event[1]), *event[2:]]
    while len(out) > 1 and out[-1] == _EVENT_DEFAULTS[len(out) - 2]:
        out.pop()
    return out[0] if len(out) == 1 else out


def _event_code(kind: int, player: int) -> int:
    # the player is -1 (nobody), 0 or 1: four codes per kind keep every code below 128
    return kind * 4 + player + 1


def _event(value: Any, path: str) -> Event:
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not 1 <= len(value) <= 4:
        raise s.fail(path, "[code, cards, hidden count, rank]", value)
    value = value + list(_EVENT_DEFAULTS[len(value) - 1 :])
    code = s.integer(0, 4 * len(EVENT_KINDS) - 1)(value[0], path)
    kind = EVENT_KINDS[code // 4]
    player = _ACTOR(code % 4 - 1, path)
    try:
        cards = decode_cards(value[1], path)
    except ProtocolError as error:
        raise ProtocolError("schema", error.message) from None
    hidden = s.integer(0, 108)(value[2], path)
    rank = s.optional(s.integer(0, 14))(value[3], path)
    return Event(kind, player, cards, rank, {"hidden": hidden} if hidden else {})


def _wire_hash(value: Any, path: str) -> str:
    """A public hash travels as the integer its hex digits spell (9 bytes instead of 34)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << _HASH_BITS:
        raise s.fail(path, "a public state hash (a 64-bit integer)", value)
    return f"{value:0{PUBLIC_HASH_HEX}x}"


def _hash_int(public_hash: str) -> int:
    return int(public_hash, 16)


def short_hash(public_hash: str) -> str:
    """The part of a public hash that travels in `update` and `act`."""
    return public_hash[:SHORT_HASH_HEX]


def _wire_short_hash(value: Any, path: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 16:
        raise s.fail(path, "a short public state hash (a 16-bit integer)", value)
    return f"{value:0{SHORT_HASH_HEX}x}"


def _short_int(public_hash: str) -> int:
    return int(short_hash(public_hash), 16)


_EVENTS = s.list_of(s.anything(), MAX_EVENTS)
GUEST = 1  # the guest's seat


# -- host to guest ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """A new game: its id, the token that lets the guest rejoin it later, the agreed rules."""

    game_id: str
    token: str
    rules_hash: str


@dataclass(frozen=True)
class Commit:
    hand_no: int
    commitment: str


@dataclass(frozen=True)
class Update:
    """State `state_no` exists now: `actor` (-1 for a deal) did `action` (None for the guest's
    own move, which it knows); `delta` brings the guest's view up to date; `public_hash` is the start of the host's hash of the public
    state (`short_hash`)."""

    state_no: int
    actor: int
    action: dict[str, Any] | None
    parsed: Action | None
    events: tuple[Event, ...]
    delta: list[Any]
    public_hash: str


@dataclass(frozen=True)
class Refused:
    state_no: int
    code: str
    text: str


@dataclass(frozen=True)
class Reveal:
    hand_no: int
    seed: str
    salt: str


@dataclass(frozen=True)
class Rejoined:
    """The host accepted a rejoin: it had received this many of the guest's game messages."""

    received: int


@dataclass(frozen=True)
class Halt:
    """Play stops: a desync, a tampered deal, a game that cannot be rejoined."""

    code: str
    state_no: int
    sender_hash: str
    receiver_hash: str
    text: str


# -- guest to host ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Seed:
    hand_no: int
    seed: str


@dataclass(frozen=True)
class Act:
    """The guest's action for state `state_no`, with the start of its hash of that state."""

    state_no: int
    public_hash: str
    action: dict[str, Any]
    parsed: Action


@dataclass(frozen=True)
class Done:
    """The guest checked the last deal and agrees on the final state."""

    state_no: int
    public_hash: str


@dataclass(frozen=True)
class Rejoin:
    game_id: str
    token: str
    received: int


HostMessage = Start | Commit | Update | Refused | Reveal | Rejoined | Halt
GuestMessage = Seed | Act | Done | Rejoin | Halt

_HALT_FIELDS = [
    ("code", _CODE),
    ("state_no", _STATE),
    ("sender_hash", _hash_or_empty),
    ("receiver_hash", _hash_or_empty),
    ("text", _TEXT),
]

_FROM_HOST: dict[str, s.Check] = {
    "start": s.record("start", [("game_id", _GAME_ID), ("token", _TOKEN), ("rules_hash", _DIGEST)]),
    "commit": s.record("commit", [("hand_no", _HAND), ("commitment", _DIGEST)]),
    "update": s.record(
        "update",
        [
            ("state_no", _STATE),
            ("actor", _ACTOR),
            ("action", s.anything()),
            ("events", _EVENTS),
            ("delta", s.list_of(s.anything(), 2 * 64)),
            ("public_hash", _wire_short_hash),
        ],
    ),
    "refused": s.record("refused", [("state_no", _STATE), ("code", _CODE), ("text", _TEXT)]),
    "reveal": s.record("reveal", [("hand_no", _HAND), ("seed", _SEED), ("salt", _SALT)]),
    "rejoined": s.record("rejoined", [("received", _COUNT)]),
    "halt": s.record("halt", _HALT_FIELDS),
}

_FROM_GUEST: dict[str, s.Check] = {
    "seed": s.record("seed", [("hand_no", _HAND), ("seed", _SEED)]),
    "act": s.record(
        "act", [("state_no", _STATE), ("public_hash", _wire_short_hash), ("action", s.anything())]
    ),
    "done": s.record("done", [("state_no", _STATE), ("public_hash", _wire_hash)]),
    "rejoin": s.record("rejoin", [("game_id", _GAME_ID), ("token", _TOKEN), ("received", _COUNT)]),
    "halt": s.record("halt", _HALT_FIELDS),
}


class Unreadable(ProtocolError):
    """A game message that breaks its schema. It is set aside and its sender told, as the
    session does with any payload: the game goes on; only a flood of them ends it."""


# Each tag travels as its number here, one byte where its name took up to nine.
_TAG_ORDER = ("start", "commit", "update", "refused", "reveal", "rejoined", "halt", "seed", "act")
TAGS = {name: number for number, name in enumerate((*_TAG_ORDER, "done", "rejoin"), start=1)}
_TAG_NAMES = {number: name for name, number in TAGS.items()}


def _split(body: Any, table: dict[str, s.Check], sender: str) -> tuple[str, list[Any]]:
    if (
        not isinstance(body, list)
        or not body
        or type(body[0]) is not int
        or body[0] not in _TAG_NAMES
    ):
        raise s.fail("game message", "a list starting with a tag number", body)
    tag = _TAG_NAMES[body[0]]
    check = table.get(tag)
    if check is None:
        raise ProtocolError("unexpected", f"the {sender} cannot send a {tag[:24]!r} game message")
    fields = check(body[1:], tag)
    return tag, fields


def parse_from_host(body: Any) -> HostMessage:
    """The host's message, checked; a schema break raises `Unreadable`."""
    try:
        return _parse_from_host(body)
    except ProtocolError as error:
        raise Unreadable(error.code, error.message) from None


def parse_from_guest(body: Any) -> GuestMessage:
    """The guest's message, checked; a schema break raises `Unreadable`."""
    try:
        return _parse_from_guest(body)
    except ProtocolError as error:
        raise Unreadable(error.code, error.message) from None


def _parse_from_host(body: Any) -> HostMessage:
    tag, f = _split(body, _FROM_HOST, "host")
    if tag == "start":
        return Start(*f)
    if tag == "commit":
        return Commit(*f)
    if tag == "update":
        state_no, actor, action, events, delta, public_hash = f
        record, parsed = (
            (None, None) if action is None else check_wire_action(action, "update.action")
        )
        if (actor == -1) != (parsed is None or parsed.type == "next_hand") and not (
            actor == GUEST and parsed is None
        ):
            # the guest's own move comes without its action: the guest sent it
            raise ProtocolError("schema", "update: only a deal or a new hand has no player")
        checked = tuple(_event(item, f"update.events[{i}]") for i, item in enumerate(events))
        return Update(state_no, actor, record, parsed, checked, delta, public_hash)
    if tag == "refused":
        state_no, code, text = f
        return Refused(state_no, _peer_code(code), clean_text(text, MAX_TEXT))
    if tag == "reveal":
        return Reveal(*f)
    if tag == "rejoined":
        return Rejoined(*f)
    return _halt(f)


def _parse_from_guest(body: Any) -> GuestMessage:
    tag, f = _split(body, _FROM_GUEST, "guest")
    if tag == "seed":
        return Seed(*f)
    if tag == "act":
        state_no, public_hash, action = f
        record, parsed = check_wire_action(action, "act.action")
        return Act(state_no, public_hash, record, parsed)
    if tag == "done":
        return Done(*f)
    if tag == "rejoin":
        return Rejoin(*f)
    return _halt(f)


def _peer_code(code: str) -> str:
    return clean_text(code, 40) or "unknown"


def _halt(f: list[Any]) -> Halt:
    """A halt with its code and sentence cleaned: they are shown to the player and saved."""
    code, state_no, sender_hash, receiver_hash, text = f
    return Halt(_peer_code(code), state_no, sender_hash, receiver_hash, clean_text(text, MAX_TEXT))


# -- building messages (the sender's side) ---------------------------------------------------


def start(game_id: str, token: str, rules_hash: str) -> list[Any]:
    return [TAGS["start"], game_id, token, rules_hash]


def commit(hand_no: int, commitment: str) -> list[Any]:
    return [TAGS["commit"], hand_no, commitment]


def update(
    state_no: int,
    actor: int,
    action: dict[str, Any] | None,
    events: list[Any],
    delta: list[Any],
    public_hash: str,
) -> list[Any]:
    return [
        TAGS["update"],
        state_no,
        actor,
        # the guest's own move is not echoed: it knows what it sent
        None if action is None or actor == GUEST else wire_action(action),
        [wire_event(event) for event in events],
        delta,
        _short_int(public_hash),
    ]


def refused(state_no: int, code: str, text: str) -> list[Any]:
    return [TAGS["refused"], state_no, code[:40] or "refused", text[:MAX_TEXT]]


def reveal(hand_no: int, seed: str, salt: str) -> list[Any]:
    return [TAGS["reveal"], hand_no, seed, salt]


def rejoined(received: int) -> list[Any]:
    return [TAGS["rejoined"], received]


def halt(code: str, state_no: int, sender_hash: str, receiver_hash: str, text: str) -> list[Any]:
    return [
        TAGS["halt"],
        code[:40] or "halt",
        state_no,
        sender_hash,
        receiver_hash,
        text[:MAX_TEXT],
    ]


def seed(hand_no: int, value: str) -> list[Any]:
    return [TAGS["seed"], hand_no, value]


def act(state_no: int, public_hash: str, action: dict[str, Any]) -> list[Any]:
    return [TAGS["act"], state_no, _short_int(public_hash), wire_action(action)]


def done(state_no: int, public_hash: str) -> list[Any]:
    return [TAGS["done"], state_no, _hash_int(public_hash)]


def rejoin(game_id: str, token: str, received: int) -> list[Any]:
    return [TAGS["rejoin"], game_id, token, received]
