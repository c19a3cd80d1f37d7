"""The four messages of the dealing protocol, as plain msgpack-able values, and their decoding.

    [0, seat, key (32 bytes), key proof (64 bytes)]                       KEY
    [1, seat, deck (108 × 32 bytes, position 0 first)]                    SHUFFLE
    [2, seat, [position, ...], points (32 bytes each), proofs (64 each)]  UNMASK
    [3, seat, secret (32 bytes)]                                          SECRET

Decoding checks the shape, the types and every size, and that the seat named is the seat the
(authenticated) channel says sent it; whether the points are points of the group, and whether
the step was owed, is for the deck to judge, which knows the position each point belongs to."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from game.logic.cards import N_CARDS

from .group import POINT_BYTES, SCALAR_BYTES, Point, Scalar
from .misconduct import Code, Misconduct, Step
from .proofs import PROOF_BYTES


class Kind(IntEnum):
    KEY = 0
    SHUFFLE = 1
    UNMASK = 2
    SECRET = 3


_STEP_OF_KIND: Final = {
    Kind.KEY: Step.KEY,
    Kind.SHUFFLE: Step.SHUFFLE,
    Kind.UNMASK: Step.UNMASK,
    Kind.SECRET: Step.SECRET,
}
_FIELDS: Final = {Kind.KEY: 4, Kind.SHUFFLE: 3, Kind.UNMASK: 5, Kind.SECRET: 3}


@dataclass(frozen=True)
class KeyMessage:
    seat: int
    key: Point
    proof: bytes

    def encode(self) -> list[object]:
        return [int(Kind.KEY), self.seat, self.key, self.proof]


@dataclass(frozen=True)
class ShuffleMessage:
    seat: int
    deck: tuple[Point, ...]

    def encode(self) -> list[object]:
        return [int(Kind.SHUFFLE), self.seat, b"".join(self.deck)]


@dataclass(frozen=True)
class Share:
    """One seat's unmask of one position: the new value and the proof it is honest."""

    position: int
    point: Point
    proof: bytes


@dataclass(frozen=True)
class UnmaskMessage:
    seat: int
    shares: tuple[Share, ...]

    def encode(self) -> list[object]:
        return [
            int(Kind.UNMASK),
            self.seat,
            [share.position for share in self.shares],
            b"".join(share.point for share in self.shares),
            b"".join(share.proof for share in self.shares),
        ]


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


def _unmask(sender: int, fields: list[object]) -> UnmaskMessage:
    positions, points, proofs = fields[2:]
    if not isinstance(positions, list) or not 1 <= len(positions) <= N_CARDS:
        raise _Malformed(f"it must list 1 to {N_CARDS} positions")
    for position in positions:
        if type(position) is not int or not 0 <= position < N_CARDS:
            raise _Malformed(f"{position!r} is no deck position")
    if len(set(positions)) != len(positions):
        raise _Malformed("it names a position twice")
    count = len(positions)
    points = _bytes(points, count * POINT_BYTES, "points field")
    proofs = _bytes(proofs, count * PROOF_BYTES, "proofs field")
    shares = zip(positions, _chunks(points, POINT_BYTES), _chunks(proofs, PROOF_BYTES), strict=True)
    return UnmaskMessage(sender, tuple(Share(p, Point(pt), pr) for p, pt, pr in shares))


def _shuffle(sender: int, blob: object) -> ShuffleMessage:
    if not isinstance(blob, bytes) or len(blob) % POINT_BYTES:
        raise _Malformed(f"the deck is not a whole number of {POINT_BYTES}-byte points")
    if len(blob) != N_CARDS * POINT_BYTES:
        count = len(blob) // POINT_BYTES
        raise Misconduct(
            Code.WRONG_DECK_SIZE,
            f"seat {sender}'s shuffle has {count} cards, not {N_CARDS}",
            seat=sender,
            step=Step.SHUFFLE,
        )
    return ShuffleMessage(sender, tuple(Point(p) for p in _chunks(blob, POINT_BYTES)))


def decode(value: object, sender: int) -> Message:
    """The message `sender` sent, or `Misconduct` (malformed, or a deck of the wrong size)."""
    step: Step | None = None
    try:
        if not isinstance(value, (list, tuple)) or not value or type(value[0]) is not int:
            raise _Malformed("it is not a list starting with a message kind")
        if value[0] not in _FIELDS:
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
            return _shuffle(sender, fields[2])
        if kind is Kind.UNMASK:
            return _unmask(sender, fields)
        return SecretMessage(sender, Scalar(_bytes(fields[2], SCALAR_BYTES, "secret")))
    except _Malformed as error:
        what = f"{step.name.lower()} message" if step else "message"
        raise Misconduct(
            Code.MALFORMED,
            f"seat {sender} sent a malformed {what}: {error}",
            seat=sender,
            step=step,
        ) from None
