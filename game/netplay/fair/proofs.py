"""Zero-knowledge proofs that a seat used its own secret: Schnorr for a key, Chaum-Pedersen for an
unmask, both made non-interactive by Fiat-Shamir.

A seat's key is `Y = x·B`. **Key proof** (Schnorr; RFC 8235's NIZK form): the seat shows it knows
`x`, bound to the hand and the seat, so nobody can publish a copy of another seat's key or carry
a key over from another hand. **Unmask proof** (Chaum-Pedersen 1992, discrete-log equality): the
seat turned `before` into `after = x⁻¹·before`, i.e. `log_B Y = log_after before`, with the same
secret as its key, without showing `x`.

Both are `(c, s)`, 64 bytes. Proving: nonce `k`, commitments `A1 = k·B` (and `A2 = k·after`),
`c = H(statement, A1[, A2])`, `s = k + c·x`. Verifying recomputes `A1 = s·B − c·Y`,
`A2 = s·after − c·before` and compares `c`. `H` is SHA-512 reduced modulo L over length-prefixed
fields: a label, the hand id, the seat, the step, the deck position, the recipient, then every
point of the statement and the commitments, so a proof made for one hand, seat, position, step
or recipient is worthless for any other. The nonce is hedged: SHA-512 of the secret, the whole
statement and 32 fresh random bytes, so even a broken random source cannot repeat a nonce for two
different statements (which would give the secret away). All group work is libsodium's (`group`).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .group import (
    SCALAR_BYTES,
    GroupError,
    Point,
    RandomBytes,
    Scalar,
    base_mul,
    is_point,
    mask,
    reduce_wide,
    scalar_add,
    scalar_mul,
    sub,
)
from .misconduct import Step

PROOF_BYTES: Final = 2 * SCALAR_BYTES
NO_POSITION: Final = -1
PUBLIC: Final = -1  # the recipient of a card opened to every seat
_CHALLENGE_LABEL: Final = b"canasta-netplay fair proof 1"
_NONCE_LABEL: Final = b"canasta-netplay fair nonce 1"
_ZERO: Final = bytes(SCALAR_BYTES)


@dataclass(frozen=True)
class Context:
    """Everything public a proof is bound to besides its points."""

    hand_id: bytes
    seat: int
    step: Step
    position: int = NO_POSITION
    recipient: int = PUBLIC

    def fields(self) -> tuple[bytes, ...]:
        numbers = (self.seat, int(self.step), self.position, self.recipient)
        return (self.hand_id, *(str(n).encode("ascii") for n in numbers))


def _digest(label: bytes, context: Context, parts: Sequence[bytes]) -> bytes:
    digest = hashlib.sha512()
    for part in (label, *context.fields(), *parts):
        digest.update(len(part).to_bytes(2, "big"))
        digest.update(part)
    return digest.digest()


def _challenge(context: Context, points: Sequence[bytes]) -> Scalar:
    return reduce_wide(_digest(_CHALLENGE_LABEL, context, points))


def _nonce(
    secret: Scalar, context: Context, points: Sequence[bytes], random: RandomBytes
) -> Scalar:
    while True:
        nonce = reduce_wide(_digest(_NONCE_LABEL, context, (secret, *points, random(32))))
        if nonce != _ZERO:
            return nonce


def _split(proof: object) -> tuple[Scalar, Scalar] | None:
    """The proof's `c` and `s`, or None unless both are canonical scalars."""
    if not isinstance(proof, bytes) or len(proof) != PROOF_BYTES:
        return None
    c, s = Scalar(proof[:SCALAR_BYTES]), Scalar(proof[SCALAR_BYTES:])
    for scalar in (c, s):
        if reduce_wide(scalar + _ZERO) != scalar:
            return None
    return c, s


def prove_key(secret: Scalar, context: Context, random: RandomBytes) -> bytes:
    """Proof that the prover knows the secret of `base_mul(secret)`."""
    key = base_mul(secret)
    nonce = _nonce(secret, context, (key,), random)
    commitment = base_mul(nonce)
    c = _challenge(context, (key, commitment))
    return c + scalar_add(nonce, scalar_mul(c, secret))


def verify_key(key: Point, proof: object, context: Context) -> bool:
    split = _split(proof)
    if split is None or not is_point(key):
        return False
    c, s = split
    try:
        commitment = sub(base_mul(s), mask(c, key))
    except GroupError:
        return False
    return hmac.compare_digest(c, _challenge(context, (key, commitment)))


def prove_unmask(
    secret: Scalar, key: Point, before: Point, after: Point, context: Context, random: RandomBytes
) -> bytes:
    """Proof that `before = secret·after` with the secret of `key`."""
    statement = (key, after, before)
    nonce = _nonce(secret, context, statement, random)
    c = _challenge(context, (*statement, base_mul(nonce), mask(nonce, after)))
    return c + scalar_add(nonce, scalar_mul(c, secret))


def verify_unmask(key: Point, before: Point, after: Point, proof: object, context: Context) -> bool:
    split = _split(proof)
    if split is None or not (is_point(key) and is_point(before) and is_point(after)):
        return False
    c, s = split
    try:
        first = sub(base_mul(s), mask(c, key))
        second = sub(mask(s, after), mask(c, before))
    except GroupError:
        return False
    return hmac.compare_digest(c, _challenge(context, (key, after, before, first, second)))
