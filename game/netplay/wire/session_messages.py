"""The wire messages of the netplay protocol. Each travels as a compact msgpack array
`[kind, field, ...]` with a small integer kind; `parse_message` checks the kind and every field
against its schema and returns a frozen dataclass, and `pack_message` turns a dataclass back into
the array; a sealed frame has a form of its own (`framing.SealedBody`), which `Sealed` stands
for. The application payloads inside DATA are checked separately by a `PayloadRegistry` (see
payloads.py here). HELLO, WELCOME and REJECT accept extra trailing fields so that a later protocol
version can add to them and still be understood well enough to say which versions differ."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar

from ..errors import ProtocolError
from . import schema as s
from .framing import SealedBody

MAGIC = "canasta-netplay"
# 8: a halt carries its sentence as template and fields beside the English, the seats as seat
# numbers, for the receiver to say in its player's language (a version-7 copy refuses the field);
# 7: the last seat's deck travels in stretches as openings reach it, an unmask as a bare string;
# 6: the peek-proof deal's unmask carries one 48-byte proof for all its cards and each new value
# in its shortest form (a card's index, or at two seats a hint of a value opened to the other);
# 5: peek-proof dealing, each side its own rules engine (game messages `toss`, `deal`, `move`);
# 4: one sealed frame per flush holding every message of it, a 2-byte length and a 1-byte
# counter on the wire, payload kinds and view fields in compact forms (see PROTOCOL.md);
# 3: compact game messages (hashes as integers, actions and events as indexed arrays);
# 2: the key exchange and sealed frames (see session/secure.py); 1 sent everything in the clear.
# A copy on 2 is told which versions met and who must update (handshake.version_mismatch_message).
PROTOCOL_MIN = 8
PROTOCOL_MAX = 8

TOKEN_BYTES = 16
MAX_TABLE_SEAT = 3  # seats 1-3 are guests at a table of four
# The most messages either side may have sent but not yet seen acknowledged. Both peers must
# agree on it, since the receiver refuses anything further ahead of what it has delivered.
WINDOW = 256
MAX_SACK = 32
MAX_NAME_CHARS = 32
MAX_REASON_CHARS = 300
MAX_VERSION_CHARS = 32

_SEQ = s.integer(1, s.MAX_SAFE_INT)
_ACK = s.integer(0, s.MAX_SAFE_INT)
_PROTO = s.integer(0, 65535)
_SEAT = s.integer(0, MAX_TABLE_SEAT)
_VERSION = s.text(MAX_VERSION_CHARS)
_NAME = s.text(MAX_NAME_CHARS)
_CODE = s.text(40, 1)
_REASON = s.text(MAX_REASON_CHARS)
_TIMESTAMP = s.integer(-(2**62), 2**62)
_TOKEN = s.binary(TOKEN_BYTES, TOKEN_BYTES)
_PAKE = s.binary(33, 33)
CONFIRM_TAG_BYTES = 16
_TAG = s.binary(CONFIRM_TAG_BYTES, CONFIRM_TAG_BYTES)


class Kind(IntEnum):
    HELLO = 1
    WELCOME = 2
    RESUME_OK = 3
    REJECT = 4
    DATA = 5
    ACK = 6
    PING = 7
    PONG = 8
    BYE = 9
    KEY_HELLO = 10
    KEY_REPLY = 11
    KEY_CONFIRM = 12
    KEY_ACCEPT = 13
    SEALED = 14


@dataclass(frozen=True)
class Hello:
    """Guest to host, first on every connection: who I am, and which session I resume (if any)."""

    KIND: ClassVar[Kind] = Kind.HELLO
    magic: str
    proto_min: int
    proto_max: int
    app_version: str
    name: str
    token: bytes | None
    last_received: int


@dataclass(frozen=True)
class Welcome:
    """Host to guest: a new session starts, with the protocol chosen and the session token."""

    KIND: ClassVar[Kind] = Kind.WELCOME
    magic: str
    protocol: int
    proto_min: int
    proto_max: int
    app_version: str
    name: str
    token: bytes
    seat: int = 0  # at a table of three or four: the guest's seat (1-3); 0 for two players


@dataclass(frozen=True)
class ResumeOk:
    """Host to guest: the session continues; `proof` shows the host holds the token too."""

    KIND: ClassVar[Kind] = Kind.RESUME_OK
    last_received: int
    proof: bytes


@dataclass(frozen=True)
class Reject:
    """Host to guest: the connection is refused; the host's versions help explain why."""

    KIND: ClassVar[Kind] = Kind.REJECT
    code: str
    text: str
    proto_min: int
    proto_max: int
    app_version: str


@dataclass(frozen=True)
class Data:
    """Application payloads numbered session-wide from `seq` on (`payload`, then each of
    `more`: consecutive messages of one flush share the header), with the sender's cumulative
    ack."""

    KIND: ClassVar[Kind] = Kind.DATA
    seq: int
    ack: int
    payload: Any
    more: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Ack:
    """Cumulative ack plus a few sequence numbers received beyond it (selective ack)."""

    KIND: ClassVar[Kind] = Kind.ACK
    ack: int
    sack: tuple[int, ...]


@dataclass(frozen=True)
class Ping:
    KIND: ClassVar[Kind] = Kind.PING
    timestamp: int


@dataclass(frozen=True)
class Pong:
    KIND: ClassVar[Kind] = Kind.PONG
    timestamp: int


@dataclass(frozen=True)
class Bye:
    """The sender ends the session: `code` "quit" for leaving, anything else names an error."""

    KIND: ClassVar[Kind] = Kind.BYE
    code: str
    text: str


@dataclass(frozen=True)
class KeyHello:
    """Guest to host, in the clear, first on every connection: the versions it speaks and its
    half of the key exchange, for a join (mode 0, the join code) or a resume (mode 1)."""

    KIND: ClassVar[Kind] = Kind.KEY_HELLO
    magic: str
    proto_min: int
    proto_max: int
    app_version: str
    mode: int
    pake: bytes
    seat: int = 0  # at a table of three or four: the seat it holds (1-3), 0 for none yet


@dataclass(frozen=True)
class KeyReply:
    """Host to guest, in the clear: the host's half of the key exchange."""

    KIND: ClassVar[Kind] = Kind.KEY_REPLY
    pake: bytes


@dataclass(frozen=True)
class KeyConfirm:
    """Guest to host, in the clear: the tag proving the guest derived the same key."""

    KIND: ClassVar[Kind] = Kind.KEY_CONFIRM
    tag: bytes


@dataclass(frozen=True)
class KeyAccept:
    """Host to guest, in the clear: the host's own proof, sent once the guest's tag checked."""

    KIND: ClassVar[Kind] = Kind.KEY_ACCEPT
    tag: bytes


@dataclass(frozen=True)
class Sealed:
    """Any other messages, sealed: the low byte of its counter (the nonce; the receiver rebuilds
    the rest) and the ciphertext with its tag."""

    KIND: ClassVar[Kind] = Kind.SEALED
    counter: int
    box: bytes


Message = (
    Hello
    | Welcome
    | ResumeOk
    | Reject
    | Data
    | Ack
    | Ping
    | Pong
    | Bye
    | KeyHello
    | KeyReply
    | KeyConfirm
    | KeyAccept
    | Sealed
)
# the only kinds that travel in the clear; everything else must come sealed
PLAIN_KINDS = frozenset(
    {Kind.KEY_HELLO, Kind.KEY_REPLY, Kind.KEY_CONFIRM, Kind.KEY_ACCEPT, Kind.SEALED, Kind.REJECT}
)

_SCHEMAS: dict[Kind, tuple[type, s.Check]] = {
    Kind.HELLO: (
        Hello,
        s.record(
            "HELLO",
            [
                ("magic", s.text(64)),
                ("proto_min", _PROTO),
                ("proto_max", _PROTO),
                ("app_version", _VERSION),
                ("name", _NAME),
                ("token", s.optional(_TOKEN)),
                ("last_received", _ACK),
            ],
            extra_allowed=True,
        ),
    ),
    Kind.WELCOME: (
        Welcome,
        s.record(
            "WELCOME",
            [
                ("magic", s.text(64)),
                ("protocol", _PROTO),
                ("proto_min", _PROTO),
                ("proto_max", _PROTO),
                ("app_version", _VERSION),
                ("name", _NAME),
                ("token", _TOKEN),
            ],
            extra_allowed=True,
        ),
    ),
    Kind.RESUME_OK: (ResumeOk, s.record("RESUME_OK", [("last_received", _ACK), ("proof", _TOKEN)])),
    Kind.REJECT: (
        Reject,
        s.record(
            "REJECT",
            [
                ("code", _CODE),
                ("text", _REASON),
                ("proto_min", _PROTO),
                ("proto_max", _PROTO),
                ("app_version", _VERSION),
            ],
            extra_allowed=True,
        ),
    ),
    Kind.DATA: (
        Data,
        s.record(
            "DATA", [("seq", _SEQ), ("ack", _ACK), ("payload", s.anything())], extra_allowed=True
        ),
    ),
    Kind.ACK: (Ack, s.record("ACK", [("ack", _ACK), ("sack", s.list_of(_SEQ, MAX_SACK))])),
    Kind.PING: (Ping, s.record("PING", [("timestamp", _TIMESTAMP)])),
    Kind.PONG: (Pong, s.record("PONG", [("timestamp", _TIMESTAMP)])),
    Kind.BYE: (Bye, s.record("BYE", [("code", _CODE), ("text", _REASON)])),
    Kind.KEY_HELLO: (
        KeyHello,
        s.record(
            "KEY_HELLO",
            [
                ("magic", s.text(64)),
                ("proto_min", _PROTO),
                ("proto_max", _PROTO),
                ("app_version", _VERSION),
                ("mode", s.integer(0, 1)),
                ("pake", _PAKE),
            ],
            extra_allowed=True,
        ),
    ),
    Kind.KEY_REPLY: (KeyReply, s.record("KEY_REPLY", [("pake", _PAKE)])),
    Kind.KEY_CONFIRM: (KeyConfirm, s.record("KEY_CONFIRM", [("tag", _TAG)])),
    Kind.KEY_ACCEPT: (KeyAccept, s.record("KEY_ACCEPT", [("tag", _TAG)])),
}


def parse_message(value: Any) -> Message:
    """Check a decoded frame body and return it as a message record."""
    if isinstance(value, SealedBody):
        return Sealed(value.counter, value.box)
    if not isinstance(value, list) or not value:
        raise s.fail("message", "a non-empty list", value)
    kind_value = value[0]
    if isinstance(kind_value, bool) or not isinstance(kind_value, int):
        raise s.fail("message kind", "an integer", kind_value)
    try:
        kind = Kind(kind_value)
    except ValueError:
        raise ProtocolError("unknown_kind", f"unknown message kind {kind_value}") from None
    if kind not in _SCHEMAS:  # a sealed frame has a form of its own (framing.SealedBody)
        raise ProtocolError("unexpected", f"{kind.name} cannot travel as a plain message")
    cls, check = _SCHEMAS[kind]
    fields = check(value[1:], "")
    count = len(dataclasses.fields(cls))
    values = list(fields[:count])
    if cls is Ack:
        values[1] = tuple(values[1])
    if cls is Data:
        more = value[4:]  # the payloads after the first
        if not all(isinstance(payload, list) for payload in more):
            raise ProtocolError("schema", "DATA: the payloads after the first must be lists")
        values = [*values[:3], tuple(more)]
    if cls in (KeyHello, Welcome) and len(values) == count:
        values[-1] = _SEAT(values[-1], f"{kind.name}.seat")
    message: Message = cls(*values)
    if (
        isinstance(message, (Hello, Welcome, Reject, KeyHello))
        and message.proto_min > message.proto_max
    ):
        raise ProtocolError(
            "schema",
            f"{kind.name}: protocol range {message.proto_min}-{message.proto_max} is empty",
        )
    return message


def pack_message(message: Message) -> list[Any] | SealedBody:
    """The compact array for a message record (a sealed one: its body as it travels)."""
    if isinstance(message, Sealed):
        return SealedBody(message.counter, message.box)
    values: list[Any] = [int(message.KIND)]
    for field in dataclasses.fields(message):
        value = getattr(message, field.name)
        if field.name == "seat" and not value:
            continue  # two players: the fields as every earlier version wrote them
        if isinstance(message, Data) and field.name == "more":
            values.extend(value)  # trailing payloads, not a list of them
        else:
            values.append(list(value) if isinstance(value, tuple) else value)
    return values
