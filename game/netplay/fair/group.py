"""Cards as points of Ed25519's prime-order group, and the few group operations the deck needs.

Every operation here is one libsodium call through `nacl.bindings`: no group arithmetic is written
in Python. The group is the prime-order subgroup of edwards25519 (order L = 2^252 + ...), so a
masked card carries no residue or cofactor information (the weakness of SRA over the integers).

Each of the 108 physical cards (the ids of `game.logic.cards`) is its own fixed point,
`from_uniform(SHA-512("canasta-netplay fair card 1|" id)[:32])`: the two Eights of Hearts are two
different points, so no masked deck ever shows two equal values. A secret is a scalar reduced from
64 random bytes and never zero. Masking multiplies a point by a secret, unmasking by its inverse
modulo L, which commute: that is what lets every seat mask the deck in turn and unmask in any
order. A point received from a peer is used only after `is_point` accepted it: canonical, on the
curve, in the prime-order subgroup, not of small order (so not the identity)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Final, NewType

from nacl import bindings as sodium
from nacl.exceptions import CryptoError

from game.logic.cards import N_CARDS, CardId

Point = NewType("Point", bytes)
Scalar = NewType("Scalar", bytes)
# Where every random byte comes from: a callable such as `nacl.utils.random`, injected so that
# tests are deterministic. Only the outermost constructor picks the system's generator.
RandomBytes = Callable[[int], bytes]

POINT_BYTES: Final = sodium.crypto_core_ed25519_BYTES
SCALAR_BYTES: Final = sodium.crypto_core_ed25519_SCALARBYTES
WIDE_BYTES: Final = sodium.crypto_core_ed25519_NONREDUCEDSCALARBYTES
_ZERO: Final = bytes(SCALAR_BYTES)
# The identity's encoding (y = 1); `is_valid_point` refuses it already, this says so twice.
_IDENTITY: Final = b"\x01" + bytes(POINT_BYTES - 1)
_CARD_LABEL: Final = b"canasta-netplay fair card 1|"


class GroupError(ValueError):
    """A group operation had no valid answer (a zero scalar, the identity as a result)."""


def is_point(data: object) -> bool:
    """Whether `data` is a point this protocol accepts from a peer."""
    return (
        isinstance(data, bytes)
        and len(data) == POINT_BYTES
        and data != _IDENTITY
        and sodium.crypto_core_ed25519_is_valid_point(data)
    )


def reduce_wide(data: bytes) -> Scalar:
    """A scalar modulo L from 64 bytes (a hash output or random bytes), possibly zero."""
    return Scalar(sodium.crypto_core_ed25519_scalar_reduce(data))


def is_scalar(data: object) -> bool:
    """Whether `data` is a canonical (fully reduced), non-zero scalar."""
    if not isinstance(data, bytes) or len(data) != SCALAR_BYTES or data == _ZERO:
        return False
    return reduce_wide(data + _ZERO) == data


def random_scalar(random: RandomBytes) -> Scalar:
    """A uniformly random non-zero scalar: 64 random bytes reduced modulo L (bias < 2^-250)."""
    while True:
        scalar = reduce_wide(random(WIDE_BYTES))
        if scalar != _ZERO:
            return scalar


def invert(scalar: Scalar) -> Scalar:
    return Scalar(sodium.crypto_core_ed25519_scalar_invert(scalar))


def scalar_mul(a: Scalar, b: Scalar) -> Scalar:
    return Scalar(sodium.crypto_core_ed25519_scalar_mul(a, b))


def scalar_add(a: Scalar, b: Scalar) -> Scalar:
    return Scalar(sodium.crypto_core_ed25519_scalar_add(a, b))


def mask(scalar: Scalar, point: Point) -> Point:
    """`scalar · point` (no clamping: the scalar is used exactly as given)."""
    try:
        return Point(sodium.crypto_scalarmult_ed25519_noclamp(scalar, point))
    except CryptoError as error:
        raise GroupError("no valid product") from error


def unmask(scalar: Scalar, point: Point) -> Point:
    """Undo `mask(scalar, ·)`: multiply by the scalar's inverse modulo L."""
    return mask(invert(scalar), point)


def base_mul(scalar: Scalar) -> Point:
    """`scalar · B`, B the Ed25519 base point: a public key from a secret."""
    try:
        return Point(sodium.crypto_scalarmult_ed25519_base_noclamp(scalar))
    except CryptoError as error:
        raise GroupError("no valid product") from error


def sub(p: Point, q: Point) -> Point:
    return Point(sodium.crypto_core_ed25519_sub(p, q))


def add(p: Point, q: Point) -> Point:
    return Point(sodium.crypto_core_ed25519_add(p, q))


def card_point(card: int) -> Point:
    """The fixed point of one physical card (an id of `game.logic.cards`)."""
    digest = hashlib.sha512(_CARD_LABEL + str(card).encode("ascii")).digest()
    return Point(sodium.crypto_core_ed25519_from_uniform(digest[:POINT_BYTES]))


CARD_POINTS: Final[tuple[Point, ...]] = tuple(card_point(card) for card in range(N_CARDS))
CARD_OF_POINT: Final[dict[Point, CardId]] = {
    point: CardId(card) for card, point in enumerate(CARD_POINTS)
}
