"""The key proof and the batched unmask (discrete-log equality) proof: they hold when honest, and
refuse anything else: another hand, seat, step, position or recipient, another secret, swapped
points, one false card among many, a flipped bit, a malformed proof."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.netplay.fair.group import (
    CARD_POINTS,
    Scalar,
    base_mul,
    mask,
    random_scalar,
    sub,
    unmask,
)
from game.netplay.fair.misconduct import Step
from game.netplay.fair.proofs import (
    CHALLENGE_BYTES,
    PROOF_BYTES,
    PUBLIC,
    Context,
    prove_key,
    prove_unmask,
    verify_key,
    verify_unmask,
)
from tests.netplay.fair.streams import seeded

HAND = b"h" * 32
OTHER_HAND = b"g" * 32
RANDOM = seeded(b"proofs")
SECRET = random_scalar(RANDOM)
KEY = base_mul(SECRET)
BEFORE = [mask(random_scalar(RANDOM), CARD_POINTS[9])]
AFTER = [unmask(SECRET, BEFORE[0])]
UNMASK_CONTEXT = Context(HAND, 1, Step.UNMASK, ((31, 0),))
UNMASK_PROOF = prove_unmask(SECRET, KEY, BEFORE, AFTER, UNMASK_CONTEXT, RANDOM)
KEY_CONTEXT = Context(HAND, 1, Step.KEY)
KEY_PROOF = prove_key(SECRET, KEY_CONTEXT, RANDOM)
# A batch: five cards opened to seat 0 with one proof.
BATCH_BEFORE = [mask(random_scalar(RANDOM), CARD_POINTS[c]) for c in (3, 17, 40, 41, 99)]
BATCH_AFTER = [unmask(SECRET, before) for before in BATCH_BEFORE]
BATCH_CONTEXT = Context(HAND, 1, Step.UNMASK, tuple((p, 0) for p in (30, 31, 32, 33, 34)))
BATCH_PROOF = prove_unmask(SECRET, KEY, BATCH_BEFORE, BATCH_AFTER, BATCH_CONTEXT, RANDOM)


def test_an_honest_key_proof_holds_for_its_hand_and_seat_only() -> None:
    assert len(KEY_PROOF) == PROOF_BYTES
    assert verify_key(KEY, KEY_PROOF, KEY_CONTEXT)
    assert not verify_key(KEY, KEY_PROOF, Context(OTHER_HAND, 1, Step.KEY))
    assert not verify_key(KEY, KEY_PROOF, Context(HAND, 2, Step.KEY))
    assert not verify_key(KEY, KEY_PROOF, Context(HAND, 1, Step.UNMASK))
    assert not verify_key(base_mul(random_scalar(RANDOM)), KEY_PROOF, KEY_CONTEXT)


def test_an_honest_unmask_proof_holds() -> None:
    assert verify_unmask(KEY, BEFORE, AFTER, UNMASK_PROOF, UNMASK_CONTEXT)


@pytest.mark.parametrize(
    "context",
    [
        Context(OTHER_HAND, 1, Step.UNMASK, ((31, 0),)),
        Context(HAND, 2, Step.UNMASK, ((31, 0),)),
        Context(HAND, 1, Step.KEY, ((31, 0),)),
        Context(HAND, 1, Step.UNMASK, ((30, 0),)),
        Context(HAND, 1, Step.UNMASK, ((31, PUBLIC),)),
    ],
    ids=["hand", "seat", "step", "position", "recipient"],
)
def test_an_unmask_proof_is_bound_to_every_public_input(context: Context) -> None:
    assert not verify_unmask(KEY, BEFORE, AFTER, UNMASK_PROOF, context)


def test_an_unmask_proof_is_bound_to_its_points_and_key() -> None:
    other = base_mul(random_scalar(RANDOM))
    assert not verify_unmask(KEY, AFTER, BEFORE, UNMASK_PROOF, UNMASK_CONTEXT)
    assert not verify_unmask(KEY, BEFORE, [CARD_POINTS[3]], UNMASK_PROOF, UNMASK_CONTEXT)
    assert not verify_unmask(other, BEFORE, AFTER, UNMASK_PROOF, UNMASK_CONTEXT)


def test_an_unmask_made_with_another_secret_fails_even_with_a_proof_for_that_secret() -> None:
    cheat = random_scalar(RANDOM)
    wrong = [unmask(cheat, BEFORE[0])]
    proof = prove_unmask(cheat, KEY, BEFORE, wrong, UNMASK_CONTEXT, RANDOM)
    assert not verify_unmask(KEY, BEFORE, wrong, proof, UNMASK_CONTEXT)


@pytest.mark.parametrize(
    "proof",
    [
        b"",
        UNMASK_PROOF[:47],
        UNMASK_PROOF + b"\0",
        bytearray(UNMASK_PROOF),
        "proof",
        None,
        UNMASK_PROOF[:CHALLENGE_BYTES] + b"\xff" * 32,  # s not reduced
        bytes(PROOF_BYTES),
    ],
)
def test_a_malformed_proof_is_refused(proof: object) -> None:
    assert not verify_unmask(KEY, BEFORE, AFTER, proof, UNMASK_CONTEXT)
    assert not verify_key(KEY, proof, KEY_CONTEXT)


def test_proofs_about_invalid_points_are_refused() -> None:
    identity = b"\x01" + bytes(31)
    assert not verify_unmask(KEY, [identity], AFTER, UNMASK_PROOF, UNMASK_CONTEXT)
    assert not verify_unmask(KEY, BEFORE, [identity], UNMASK_PROOF, UNMASK_CONTEXT)
    assert not verify_unmask(KEY, [], [], UNMASK_PROOF, UNMASK_CONTEXT)
    assert not verify_key(identity, KEY_PROOF, KEY_CONTEXT)


@settings(max_examples=60, deadline=None)
@given(bit=st.integers(min_value=0, max_value=8 * PROOF_BYTES - 1))
def test_no_flipped_bit_of_a_proof_verifies(bit: int) -> None:
    flipped = bytearray(UNMASK_PROOF)
    flipped[bit // 8] ^= 1 << (bit % 8)
    assert not verify_unmask(KEY, BEFORE, AFTER, bytes(flipped), UNMASK_CONTEXT)


def test_the_same_statement_with_fresh_randomness_gives_a_fresh_valid_proof() -> None:
    again = prove_unmask(SECRET, KEY, BEFORE, AFTER, UNMASK_CONTEXT, seeded(b"other"))
    assert again != UNMASK_PROOF
    assert verify_unmask(KEY, BEFORE, AFTER, again, UNMASK_CONTEXT)


def test_a_repeating_random_source_still_never_repeats_a_nonce_across_statements() -> None:
    def stuck(size: int) -> bytes:
        return bytes(size)

    first = prove_unmask(SECRET, KEY, BEFORE, AFTER, UNMASK_CONTEXT, stuck)
    other_context = Context(HAND, 1, Step.UNMASK, ((32, 0),))
    second = prove_unmask(SECRET, KEY, BEFORE, AFTER, other_context, stuck)
    # Equal nonces would give equal commitments k·B, and then s1 - s2 = (c1 - c2)·x: the secret.
    pad = bytes(32 - CHALLENGE_BYTES)
    commitments = {
        sub(base_mul(Scalar(p[CHALLENGE_BYTES:])), mask(Scalar(p[:CHALLENGE_BYTES] + pad), KEY))
        for p in (first, second)
    }
    assert len(commitments) == 2
    assert verify_unmask(KEY, BEFORE, AFTER, second, other_context)


def test_a_proof_is_48_bytes_with_a_128_bit_challenge() -> None:
    assert PROOF_BYTES == 48 and CHALLENGE_BYTES == 16
    assert len(UNMASK_PROOF) == len(BATCH_PROOF) == len(KEY_PROOF) == PROOF_BYTES


def test_one_proof_covers_every_card_of_a_batch() -> None:
    assert verify_unmask(KEY, BATCH_BEFORE, BATCH_AFTER, BATCH_PROOF, BATCH_CONTEXT)


@pytest.mark.parametrize("wrong", range(5))
def test_one_false_card_makes_the_batch_fail(wrong: int) -> None:
    afters = list(BATCH_AFTER)
    afters[wrong] = unmask(random_scalar(seeded(b"cheat")), BATCH_BEFORE[wrong])
    assert not verify_unmask(KEY, BATCH_BEFORE, afters, BATCH_PROOF, BATCH_CONTEXT)
    # nor can the cheat prove the false batch with its key's secret
    forged = prove_unmask(SECRET, KEY, BATCH_BEFORE, afters, BATCH_CONTEXT, RANDOM)
    assert not verify_unmask(KEY, BATCH_BEFORE, afters, forged, BATCH_CONTEXT)


def test_a_batch_is_bound_to_its_order_its_cards_and_their_positions() -> None:
    swapped = [BATCH_AFTER[1], BATCH_AFTER[0], *BATCH_AFTER[2:]]
    assert not verify_unmask(KEY, BATCH_BEFORE, swapped, BATCH_PROOF, BATCH_CONTEXT)
    assert not verify_unmask(KEY, BATCH_BEFORE[:4], BATCH_AFTER[:4], BATCH_PROOF, BATCH_CONTEXT)
    moved = Context(HAND, 1, Step.UNMASK, tuple((p, 0) for p in (30, 31, 32, 33, 35)))
    assert not verify_unmask(KEY, BATCH_BEFORE, BATCH_AFTER, BATCH_PROOF, moved)
    assert not verify_unmask(KEY, BATCH_BEFORE, BATCH_AFTER[:4], BATCH_PROOF, BATCH_CONTEXT)
