"""Zero-knowledge proofs that a seat used its own secret: Schnorr for a key, a batched
Chaum-Pedersen proof for an unmask, both made non-interactive by Fiat-Shamir.

A seat's key is `Y = x·B`. **Key proof** (Schnorr; RFC 8235's NIZK form): the seat shows it knows
`x`, bound to the hand and the seat, so nobody can publish a copy of another seat's key or carry
a key over from another hand. **Unmask proof** (Chaum-Pedersen 1992, discrete-log equality): the
seat turned each `before_i` into `after_i = x⁻¹·before_i` with the same secret as its key,
without showing `x`. One proof covers every card of a message, as Privacy Pass batches its DLEQ
proofs (Davidson, Goldberg, Sullivan, Tankersley, Valverde, *Privacy Pass*, PoPETs 2018 (3),
section 5 and appendix): coefficients `z_i` taken from a hash of the whole statement combine the
cards into `M = Σ z_i·before_i` and `Z = Σ z_i·after_i`, and the seat proves `log_B Y = log_Z M`.
A false card among them makes the combination false except with probability 2^-128 over the
coefficients, which the prover cannot choose (they hash every point it sent). A single card is
proven as it is (`M, Z = before, after`).

Both proofs are `(c, s)`, 48 bytes: the challenge `c` is 128 bits (a Schnorr-style proof with
short challenges keeps 128-bit soundness; the response `s` is a full scalar). Proving: nonce `k`,
commitments `A1 = k·B` (and `A2 = k·Z`), `c = H(statement, A1[, A2])`, `s = k + c·x`. Verifying
recomputes `A1 = s·B − c·Y`, `A2 = s·Z − c·M` and compares `c`. `H` is SHA-512 over length-prefixed
fields: a label, the hand id, the seat, the step, the deck position and recipient of every card,
then every point of the statement and the commitments, so a proof made for one hand, seat,
position, step or recipient is worthless for any other. The nonce is hedged: SHA-512 of the
secret, the whole statement and 32 fresh random bytes, so even a broken random source cannot
repeat a nonce for two different statements (which would give the secret away). All group work
is libsodium's (`group`)."""

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
    add,
    base_mul,
    is_point,
    mask,
    reduce_wide,
    scalar_add,
    scalar_mul,
    sub,
)
from .misconduct import Step

CHALLENGE_BYTES: Final = 16
PROOF_BYTES: Final = CHALLENGE_BYTES + SCALAR_BYTES
PUBLIC: Final = -1  # the recipient of a card opened to every seat
_CHALLENGE_LABEL: Final = b"canasta-netplay fair proof 2"
_COEFFICIENT_LABEL: Final = b"canasta-netplay fair batch 2"
_NONCE_LABEL: Final = b"canasta-netplay fair nonce 2"
_ZERO: Final = bytes(SCALAR_BYTES)
_PAD: Final = bytes(SCALAR_BYTES - CHALLENGE_BYTES)


@dataclass(frozen=True)
class Context:
    """Everything public a proof is bound to besides its points: for an unmask, the deck
    position and the recipient of each card (`cards`), in the order of the message."""

    hand_id: bytes
    seat: int
    step: Step
    cards: tuple[tuple[int, int], ...] = ()

    def fields(self) -> tuple[bytes, ...]:
        numbers = (self.seat, int(self.step), *(n for card in self.cards for n in card))
        return (self.hand_id, *(str(n).encode("ascii") for n in numbers))


def _digest(label: bytes, context: Context, parts: Sequence[bytes]) -> bytes:
    digest = hashlib.sha512()
    for part in (label, *context.fields(), *parts):
        digest.update(len(part).to_bytes(2, "big"))
        digest.update(part)
    return digest.digest()


def _short(data: bytes) -> Scalar:
    """A 128-bit scalar from the first 16 bytes of `data` (little-endian, so below L)."""
    return Scalar(data[:CHALLENGE_BYTES] + _PAD)


def _challenge(context: Context, points: Sequence[bytes]) -> Scalar:
    return _short(_digest(_CHALLENGE_LABEL, context, points))


def _nonce(
    secret: Scalar, context: Context, points: Sequence[bytes], random: RandomBytes
) -> Scalar:
    while True:
        nonce = reduce_wide(_digest(_NONCE_LABEL, context, (secret, *points, random(32))))
        if nonce != _ZERO:
            return nonce


def _split(proof: object) -> tuple[Scalar, Scalar] | None:
    """The proof's `c` and `s`, or None unless `s` is a canonical scalar."""
    if not isinstance(proof, bytes) or len(proof) != PROOF_BYTES:
        return None
    c, s = _short(proof), Scalar(proof[CHALLENGE_BYTES:])
    if reduce_wide(s + _ZERO) != s:
        return None
    return c, s


def prove_key(secret: Scalar, context: Context, random: RandomBytes) -> bytes:
    """Proof that the prover knows the secret of `base_mul(secret)`."""
    key = base_mul(secret)
    nonce = _nonce(secret, context, (key,), random)
    c = _challenge(context, (key, base_mul(nonce)))
    return c[:CHALLENGE_BYTES] + scalar_add(nonce, scalar_mul(c, secret))


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


def _combined(
    key: Point, befores: Sequence[Point], afters: Sequence[Point], context: Context
) -> tuple[Point, Point]:
    """`(M, Z)`: the cards combined with coefficients hashed from the whole statement (a single
    card as it is). GroupError if a sum is the identity."""
    if len(befores) == 1:
        return befores[0], afters[0]
    seed = _digest(_COEFFICIENT_LABEL, context, (key, *befores, *afters))
    m: Point | None = None
    z: Point | None = None
    for i, (before, after) in enumerate(zip(befores, afters, strict=True)):
        coefficient = _short(hashlib.sha512(seed + i.to_bytes(2, "big")).digest())
        m_i, z_i = mask(coefficient, before), mask(coefficient, after)
        m = m_i if m is None else add(m, m_i)
        z = z_i if z is None else add(z, z_i)
    assert m is not None and z is not None
    if not (is_point(m) and is_point(z)):
        raise GroupError("a combination is the identity")
    return m, z


def prove_unmask(
    secret: Scalar,
    key: Point,
    befores: Sequence[Point],
    afters: Sequence[Point],
    context: Context,
    random: RandomBytes,
) -> bytes:
    """One proof that `before_i = secret·after_i` for every i, with the secret of `key`."""
    statement = (key, *befores, *afters)
    _, z = _combined(key, befores, afters, context)
    nonce = _nonce(secret, context, statement, random)
    c = _challenge(context, (*statement, base_mul(nonce), mask(nonce, z)))
    return c[:CHALLENGE_BYTES] + scalar_add(nonce, scalar_mul(c, secret))


def verify_unmask(
    key: Point,
    befores: Sequence[Point],
    afters: Sequence[Point],
    proof: object,
    context: Context,
) -> bool:
    split = _split(proof)
    points = (key, *befores, *afters)
    if split is None or not befores or len(befores) != len(afters):
        return False
    if not all(is_point(p) for p in points):
        return False
    c, s = split
    try:
        m, z = _combined(key, befores, afters, context)
        first = sub(base_mul(s), mask(c, key))
        second = sub(mask(s, z), mask(c, m))
    except GroupError:
        return False
    return hmac.compare_digest(c, _challenge(context, (*points, first, second)))
