"""The four messages of the dealing protocol, as plain msgpack-able values, and their decoding.

    [0, seat, key (32 bytes), key proof (48 bytes)]                       KEY
    [1, seat, start, deck values (32 bytes each) from position `start`]   SHUFFLE
    n ‖ n positions (a byte each) ‖ the new values ‖ proof (48 bytes)      UNMASK
    [3, seat, secret (32 bytes)]                                          SECRET

An unmask, the message sent most, is a bare byte string: its kind is that it is one, and its
sender is the channel's (as for every message: the seat a list names must be that one).

An unmask's new values travel in the shortest form its receivers can rebuild, which the state
of each position says (`deck.PublicDeck.form`): a card opened to every seat by its last unmask
is one of the 108 card points, so it travels as that point's index (1 byte); at two seats, any
other value is the card under the other seat's mask alone, so it travels as its first
`HINT_BYTES` bytes, which that seat finds among its own masks of the 108 card points; at more
seats, any other value travels whole (32 bytes), as every seat checks it. One proof covers every
card of the message (`proofs`).

Every seat but the last sends its whole deck (108 values from position 0). The last seat's deck
is the one the cards are opened from, and it sends its values in stretches, as the openings come
to them (`deck.PublicDeck.stretch`): its first message holds none, each next one the values from
where the last one stopped; the stock's bottom, which a hand seldom reaches, is never sent.

Decoding checks the shape, the types and every size it can know, and that the seat named is the
seat the (authenticated) channel says sent it; the new values' sizes, whether they are points of
the group, and whether the step was owed, are for the deck to judge, which knows the position
each value belongs to."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from game.logic.cards import N_CARDS
from game.logic.phrase import phrase

from .group import POINT_BYTES, SCALAR_BYTES, Point, Scalar
from .misconduct import Code, Misconduct, Step, who, whose
from .proofs import PROOF_BYTES


class Kind(IntEnum):
    """The kinds of the messages that travel as lists (an unmask is a bare byte string)."""

    KEY = 0
    SHUFFLE = 1
    SECRET = 3  # 2 was the unmask's, before it travelled bare


_STEP_OF_KIND: Final = {Kind.KEY: Step.KEY, Kind.SHUFFLE: Step.SHUFFLE, Kind.SECRET: Step.SECRET}
_FIELDS: Final = {Kind.KEY: 4, Kind.SHUFFLE: 4, Kind.SECRET: 3}
HINT_BYTES: Final = 2


@dataclass(frozen=True)
class KeyMessage:
    seat: int
    key: Point
    proof: bytes

    def encode(self) -> list[object]:
        return [int(Kind.KEY), self.seat, self.key, self.proof]


@dataclass(frozen=True)
class ShuffleMessage:
    """A seat's masked and permuted deck, or a stretch of it from position `start` (the last
    seat's)."""

    seat: int
    deck: tuple[Point, ...]
    start: int = 0

    def encode(self) -> list[object]:
        return [int(Kind.SHUFFLE), self.seat, self.start, b"".join(self.deck)]


@dataclass(frozen=True)
class UnmaskMessage:
    """One seat's unmask of `positions`: their new values as they travel (`values`, each in its
    form) and one proof that covers them all."""

    seat: int
    positions: tuple[int, ...]
    values: bytes
    proof: bytes

    def encode(self) -> bytes:
        head = bytes([len(self.positions), *self.positions])
        return head + self.values + self.proof


@dataclass(frozen=True)
class SecretMessage:
    seat: int
    secret: Scalar

    def encode(self) -> list[object]:
        return [int(Kind.SECRET), self.seat, self.secret]


Message = KeyMessage | ShuffleMessage | UnmaskMessage | SecretMessage


class _Malformed(Exception):
    pass


def _bytes(value: object, size: int, what: str) -> bytes:
    if not isinstance(value, bytes) or len(value) != size:
        raise _Malformed(f"the {what} is not {size} bytes")
    return value


def _chunks(blob: bytes, size: int) -> list[bytes]:
    return [blob[i : i + size] for i in range(0, len(blob), size)]


def _unmask(sender: int, blob: bytes) -> UnmaskMessage:
    if not blob:
        raise _Malformed("it is empty")
    count = blob[0]
    if not 1 <= count <= N_CARDS:
        raise _Malformed(f"it must name 1 to {N_CARDS} positions")
    if len(blob) < 1 + count + PROOF_BYTES:
        raise _Malformed(f"its {len(blob)} bytes cannot hold {count} positions and a proof")
    positions = tuple(blob[1 : 1 + count])
    for position in positions:
        if position >= N_CARDS:
            raise _Malformed(f"{position} is no deck position")
    if len(set(positions)) != count:
        raise _Malformed("it names a position twice")
    return UnmaskMessage(sender, positions, blob[1 + count : -PROOF_BYTES], blob[-PROOF_BYTES:])


def _shuffle(sender: int, start: object, blob: object) -> ShuffleMessage:
    if type(start) is not int or not 0 <= start < N_CARDS:
        raise _Malformed(f"{start!r} is no deck position")
    if not isinstance(blob, bytes) or len(blob) % POINT_BYTES:
        raise _Malformed(f"the deck is not a whole number of {POINT_BYTES}-byte points")
    if start + len(blob) // POINT_BYTES > N_CARDS:
        count = start + len(blob) // POINT_BYTES
        raise Misconduct(
            Code.WRONG_DECK_SIZE,
            phrase(
                "{whose} shuffle has {count} cards, not {size}",
                whose=whose(sender),
                count=count,
                size=N_CARDS,
            ),
            seat=sender,
            step=Step.SHUFFLE,
        )
    return ShuffleMessage(sender, tuple(Point(p) for p in _chunks(blob, POINT_BYTES)), start)


def decode(value: object, sender: int) -> Message:
    """The message `sender` sent, or `Misconduct` (malformed, or a deck of the wrong size)."""
    step: Step | None = None
    try:
        if isinstance(value, bytes):
            step = Step.UNMASK
            return _unmask(sender, value)
        if not isinstance(value, (list, tuple)) or not value or type(value[0]) is not int:
            raise _Malformed("it is not a list starting with a message kind")
        if value[0] not in _STEP_OF_KIND:
            raise _Malformed(f"{value[0]} is no message kind")
        kind = Kind(value[0])
        step = _STEP_OF_KIND[kind]
        if len(value) != _FIELDS[kind]:
            raise _Malformed(f"it has {len(value)} fields, not {_FIELDS[kind]}")
        if value[1] != sender or type(value[1]) is not int:
            raise _Malformed(f"it claims to come from seat {value[1]!r}")
        fields = list(value)
        if kind is Kind.KEY:
            key = _bytes(fields[2], POINT_BYTES, "key")
            return KeyMessage(sender, Point(key), _bytes(fields[3], PROOF_BYTES, "key proof"))
        if kind is Kind.SHUFFLE:
            return _shuffle(sender, fields[2], fields[3])
        return SecretMessage(sender, Scalar(_bytes(fields[2], SCALAR_BYTES, "secret")))
    except _Malformed as error:
        what = f"{step.name.lower()} message" if step else "message"
        raise Misconduct(
            Code.MALFORMED,
            phrase(
                "{who} sent a malformed {what}: {error}",
                who=who(sender),
                what=what,
                error=str(error),
            ),
            seat=sender,
            step=step,
        ) from None
