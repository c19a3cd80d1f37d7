"""The game-layer messages that travel inside `game` payloads, with their schemas.

Every message is a compact array `[tag, field, ...]`, its tag a number (`TAGS`), actions indexed
arrays, so that a move costs few bytes on the wire. `parse_from_guest` and `parse_from_host`
check the tag, the direction and every field (type, length, range, hex digests, actions through
the engine's own `action_from_dict`) and return a frozen record, or raise `Unreadable` (a
`ProtocolError`): a malformed message never reaches the game, and the peer sets it aside. What a
`deal` message or the cards of a `move` hold is checked by the peek-proof dealing itself
(`fair.decode`), which names a seat that breaks it (`Misconduct`).

Host to guest: `start`, `toss`, `deal`, `move`, `next`, `rejoined`, `halt`.
Guest to host: `toss`, `deal`, `move`, `next`, `done`, `rejoin`, `halt`.
At a table of three or four the host starts each guest with `table` instead of `start` (its
seat, every seat's name, which seats are guests) and passes on every other seat's `toss`, `deal`,
`move`, `next` and `halt` inside `from` (`[from, seat, message]`): the channel says who sent a
message, and only the host is at the other end of a guest's channel."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from game.logic.actions import MAX_CARDS_IN_ACTION, Action, action_from_dict
from game.logic.cards import N_CARDS
from game.logic.errors import IllegalAction
from game.logic.phrase import Phrase

from ..errors import ProtocolError
from ..fair.halt_words import from_wire
from ..wire import schema as s
from ..wire.text import clean_text

MAX_STATE = s.MAX_SAFE_INT
MAX_HANDS = 10_000
MAX_TEXT = 300
GAME_ID_HEX = 32  # the game id and the rejoin token: 16 random bytes each
DIGEST_HEX = 64  # SHA-256
COIN_HEX = 32  # each side's half of the toss for the first player: 16 random bytes

_STATE = s.integer(0, MAX_STATE)
_COUNT = s.integer(0, MAX_STATE)
_HAND = s.integer(1, MAX_HANDS)
_CODE = s.text(40, 1)
_TEXT = s.text(MAX_TEXT)
_HEX = re.compile(r"[0-9a-f]*")


def is_hex(value: Any, length: int) -> bool:
    return isinstance(value, str) and len(value) == length and _HEX.fullmatch(value) is not None


def _hex(length: int, what: str) -> s.Check:
    def check(value: Any, path: str) -> str:
        if not is_hex(value, length):
            raise s.fail(path, f"{what} ({length} lowercase hex digits)", value)
        return str(value)

    return check


def _hash_or_empty(value: Any, path: str) -> str:
    """A halt names the hashes it compared, or none."""
    if value == "":
        return ""
    return str(_DIGEST(value, path))


_DIGEST = _hex(DIGEST_HEX, "a hash")
_GAME_ID = _hex(GAME_ID_HEX, "a game id")
_TOKEN = _hex(GAME_ID_HEX, "a resume token")
_COIN = _hex(COIN_HEX, "a half of the toss")

_ACTION_VALUE = s.one_of(s.text(16), s.list_of(s.text(8), MAX_CARDS_IN_ACTION), s.boolean())
_ACTION_MAP = s.map_of(s.text(8, 1), _ACTION_VALUE, 4)
_CARD_CODES = s.list_of(s.text(8), MAX_CARDS_IN_ACTION)

# An action travels as `[type, argument...]` with its type as an index here: a draw is one byte,
# a meld of three cards a dozen, where the engine's own record spelled out every key.
# (the two of "May I go out?", four players only, come last so that earlier indices keep theirs)
ACTION_TYPES = (
    "draw",
    "take_pile",
    "meld",
    "discard",
    "pass",
    "undo",
    "undo_turn",
    "next_hand",
    "ask_go_out",
    "answer_go_out",
)
_ACTION_TYPE = s.integer(0, len(ACTION_TYPES) - 1)
# the one argument each type carries on the wire, under its name in the engine's record
_ACTION_ARGUMENT = {"take_pile": "with", "meld": "cards", "discard": "card", "answer_go_out": "yes"}
_ARGUMENT_CHECK = {"discard": s.text(8), "answer_go_out": s.boolean()}


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


def check_wire_action(value: Any, path: str) -> Action:
    """An action as it travels, turned back into the engine's record and checked by the engine."""
    if not isinstance(value, list) or not 1 <= len(value) <= 3:
        raise s.fail(path, "[action type, argument, rank]", value)
    kind = ACTION_TYPES[_ACTION_TYPE(value[0], f"{path}[0]")]
    record: dict[str, Any] = {"type": kind}
    argument = _ACTION_ARGUMENT.get(kind)
    if len(value) > (1 if argument is None else 2) + (1 if kind == "meld" else 0):
        raise s.fail(path, f"at most the argument and rank of a {kind!r}", value)
    if argument is not None and len(value) > 1:
        check = _ARGUMENT_CHECK.get(kind, _CARD_CODES)
        record[argument] = check(value[1], f"{path}[1]")
    if len(value) > 2:
        record["rank"] = s.text(16)(value[2], f"{path}[2]")
    return check_action(record, path)


# -- the messages ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Start:
    """A new game: its id, the token that lets the guest rejoin it later, the agreed rules, and
    the host's commitment to its half of the toss for the first player."""

    game_id: str
    token: str
    rules_hash: str
    commitment: str


@dataclass(frozen=True)
class Toss:
    """A half of the toss: the guest's, then the host's, opening its commitment."""

    coin: str


@dataclass(frozen=True)
class Deal:
    """A message of the peek-proof dealing (key, shuffle, unmask, secret), checked by `fair`."""

    body: Any


@dataclass(frozen=True)
class MoveMessage:
    """A move of the sender's seat: its action (None for cards shown outside a move, or a bare
    acknowledgement), its unmask of the cards it shows, and how many cards were opened to it."""

    action: Action | None
    unmask: Any
    opened: int


@dataclass(frozen=True)
class Next:
    """The sender's player asks for hand `hand_no`."""

    hand_no: int


@dataclass(frozen=True)
class Done:
    """The guest audited the last hand and agrees on the final state."""

    state_no: int
    state_hash: str


@dataclass(frozen=True)
class Rejoin:
    game_id: str
    token: str
    received: int


@dataclass(frozen=True)
class Rejoined:
    """The host accepted a rejoin: it had received this many of the guest's game messages."""

    received: int


@dataclass(frozen=True)
class Halt:
    """Play stops: a desync, a seat's misconduct, a game that cannot be rejoined. `said` is the
    sentence in templates this copy knows (its seats still numbers), None when the sender sent
    none or one this copy does not know: then only the English `text` is shown."""

    code: str
    state_no: int
    sender_hash: str
    receiver_hash: str
    text: str
    said: Phrase | None = None


@dataclass(frozen=True)
class TableStart:
    """A new game at a table of three or four: what `Start` says, and the guest's seat, every
    seat's name (the host's first) and which seats are guests (the others are computer
    players, played by the host's copy)."""

    game_id: str
    token: str
    rules_hash: str
    commitment: str
    seat: int
    names: list[str]
    guests: list[int]


@dataclass(frozen=True)
class Relayed:
    """Another seat's message, passed on by the host at a table of three or four."""

    sender: int
    message: Toss | Deal | MoveMessage | Next | Halt


HostMessage = Start | Toss | Deal | MoveMessage | Next | Rejoined | Halt
GuestMessage = Toss | Deal | MoveMessage | Next | Done | Rejoin | Halt

_HALT_FIELDS = [
    ("code", _CODE),
    ("state_no", _STATE),
    ("sender_hash", _hash_or_empty),
    ("receiver_hash", _hash_or_empty),
    ("text", _TEXT),
]
_BOTH: dict[str, s.Check] = {
    "toss": s.record("toss", [("coin", _COIN)]),
    "deal": s.record("deal", [("body", s.anything())]),
    "move": s.record(
        "move",
        [
            ("action", s.anything()),
            ("unmask", s.anything()),
            ("opened", s.integer(0, N_CARDS)),
        ],
    ),
    "next": s.record("next", [("hand_no", _HAND)]),
    # a sixth field and any after it are optional: the sentence's template and fields
    "halt": s.record("halt", _HALT_FIELDS, extra_allowed=True),
}
_FROM_HOST: dict[str, s.Check] = {
    "start": s.record(
        "start",
        [
            ("game_id", _GAME_ID),
            ("token", _TOKEN),
            ("rules_hash", _DIGEST),
            ("commitment", _DIGEST),
        ],
    ),
    "rejoined": s.record("rejoined", [("received", _COUNT)]),
    **_BOTH,
}
_FROM_GUEST: dict[str, s.Check] = {
    "done": s.record("done", [("state_no", _STATE), ("state_hash", _DIGEST)]),
    "rejoin": s.record("rejoin", [("game_id", _GAME_ID), ("token", _TOKEN), ("received", _COUNT)]),
    **_BOTH,
}


MAX_SEATS = 4
_SEAT = s.integer(0, MAX_SEATS - 1)
_NAMES = s.list_of(s.text(32), MAX_SEATS, 3)
_TABLE_START = s.record(
    "table",
    [
        ("game_id", _GAME_ID),
        ("token", _TOKEN),
        ("rules_hash", _DIGEST),
        ("commitment", _DIGEST),
        ("seat", s.integer(1, MAX_SEATS - 1)),
        ("names", _NAMES),
        ("guests", s.list_of(s.integer(1, MAX_SEATS - 1), MAX_SEATS - 1, 1)),
    ],
)
_RELAYED = s.record("from", [("seat", _SEAT), ("message", s.anything())])


class Unreadable(ProtocolError):
    """A game message that breaks its schema. It is set aside and its sender told, as the
    session does with any payload: the game goes on; only a flood of them ends it."""


# Each tag travels as its number here, one byte where its name took up to nine.
_TAG_ORDER = (
    "start",
    "toss",
    "deal",
    "move",
    "next",
    "rejoined",
    "halt",
    "done",
    "rejoin",
    "table",
    "from",
)
TAGS = {name: number for number, name in enumerate(_TAG_ORDER, start=1)}
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
        tag, f = _split(body, _FROM_HOST, "host")
        if tag == "start":
            return Start(*f)
        if tag == "rejoined":
            return Rejoined(*f)
        return _either(tag, f)
    except ProtocolError as error:
        raise Unreadable(error.code, error.message) from None


def parse_from_guest(body: Any) -> GuestMessage:
    """The guest's message, checked; a schema break raises `Unreadable`."""
    try:
        tag, f = _split(body, _FROM_GUEST, "guest")
        if tag == "done":
            return Done(*f)
        if tag == "rejoin":
            return Rejoin(*f)
        return _either(tag, f)
    except ProtocolError as error:
        raise Unreadable(error.code, error.message) from None


def parse_at_table(body: Any) -> HostMessage | TableStart | Relayed:
    """What a guest at a table of three or four reads from the host: its own messages, `table`,
    or another seat's message inside `from`; a schema break raises `Unreadable`."""
    try:
        if isinstance(body, list) and body and body[0] == TAGS["table"]:
            game_id, token, rules_hash, commitment, seat, names, guests = _TABLE_START(
                body[1:], "table"
            )
            names = [clean_text(name, 32) for name in names]
            if seat not in guests or len(set(guests)) != len(guests) or max(guests) >= len(names):
                raise ProtocolError("schema", "table: the seats do not fit the table")
            return TableStart(game_id, token, rules_hash, commitment, seat, names, guests)
        if isinstance(body, list) and body and body[0] == TAGS["from"]:
            sender, inner = _RELAYED(body[1:], "from")
            return Relayed(sender, parse_relayed(inner))
    except ProtocolError as error:
        raise Unreadable(error.code, error.message) from None
    return parse_from_host(body)


def parse_relayed(body: Any) -> Toss | Deal | MoveMessage | Next | Halt:
    """A seat's message as the host passes it on (or a computer seat's, inside the host's
    copy): `toss`, `deal`, `move`, `next` or `halt`; a schema break raises `Unreadable`."""
    try:
        tag, f = _split(body, _BOTH, "seat")
        return _either(tag, f)
    except ProtocolError as error:
        raise Unreadable(error.code, error.message) from None


def _either(tag: str, f: list[Any]) -> Toss | Deal | MoveMessage | Next | Halt:
    if tag == "toss":
        return Toss(*f)
    if tag == "deal":
        return Deal(*f)
    if tag == "move":
        action, unmask, opened = f
        parsed = None if action is None else check_wire_action(action, "move.action")
        return MoveMessage(parsed, unmask, opened)
    if tag == "next":
        return Next(*f)
    return _halt(f)


def _peer_code(code: str) -> str:
    return clean_text(code, 40) or "unknown"


def _halt(f: list[Any]) -> Halt:
    """A halt with its code and sentence cleaned: they are shown to the player and saved."""
    code, state_no, sender_hash, receiver_hash, text = f[:5]
    said = from_wire(f[5]) if len(f) > 5 else None
    cleaned = clean_text(text, MAX_TEXT)
    return Halt(_peer_code(code), state_no, sender_hash, receiver_hash, cleaned, said)


# -- building messages (the sender's side) ---------------------------------------------------


def start(game_id: str, token: str, rules_hash: str, commitment: str) -> list[Any]:
    return [TAGS["start"], game_id, token, rules_hash, commitment]


def toss(coin: str) -> list[Any]:
    return [TAGS["toss"], coin]


def deal(body: Any) -> list[Any]:
    return [TAGS["deal"], body]


def move(action: Action | None, unmask: Any, opened: int) -> list[Any]:
    wire = None if action is None else wire_action(action.to_dict())
    return [TAGS["move"], wire, unmask, opened]


def next_hand(hand_no: int) -> list[Any]:
    return [TAGS["next"], hand_no]


def rejoined(received: int) -> list[Any]:
    return [TAGS["rejoined"], received]


def halt(
    code: str, state_no: int, sender_hash: str, receiver_hash: str, text: str, said: Any
) -> list[Any]:
    """`said`: the sentence as `halt_words.halt_to_wire` writes it (None: the English only)."""
    return [
        TAGS["halt"],
        code[:40] or "halt",
        state_no,
        sender_hash,
        receiver_hash,
        text[:MAX_TEXT],
        said,
    ]


def done(state_no: int, state_hash: str) -> list[Any]:
    return [TAGS["done"], state_no, state_hash]


def rejoin(game_id: str, token: str, received: int) -> list[Any]:
    return [TAGS["rejoin"], game_id, token, received]


def table_start(
    game_id: str,
    token: str,
    rules_hash: str,
    commitment: str,
    seat: int,
    names: list[str],
    guests: list[int],
) -> list[Any]:
    return [TAGS["table"], game_id, token, rules_hash, commitment, seat, names, guests]


def relayed(sender: int, body: list[Any]) -> list[Any]:
    return [TAGS["from"], sender, body]
