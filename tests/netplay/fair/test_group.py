"""Cards as group points: one fixed, valid, distinct point per physical card; points from peers
accepted only when libsodium says they are in the prime-order group; secrets never zero."""

from __future__ import annotations

import pytest
from nacl import bindings as sodium

from game.logic.cards import IDS_OF_CODE, N_CARDS
from game.netplay.fair.group import (
    CARD_OF_POINT,
    CARD_POINTS,
    GroupError,
    Point,
    Scalar,
    base_mul,
    card_point,
    invert,
    is_point,
    is_scalar,
    mask,
    random_scalar,
    unmask,
)
from tests.netplay.fair.streams import seeded

IDENTITY = b"\x01" + bytes(31)
# A point of order 8 (small order), and the encoding of y = p (not canonical).
SMALL_ORDER = bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
NON_CANONICAL = bytes.fromhex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")


def test_every_physical_card_has_its_own_valid_point() -> None:
    assert len(CARD_POINTS) == N_CARDS
    assert len(set(CARD_POINTS)) == N_CARDS
    assert all(is_point(point) for point in CARD_POINTS)
    assert all(CARD_OF_POINT[point] == card for card, point in enumerate(CARD_POINTS))


def test_the_two_copies_of_a_card_are_different_points() -> None:
    for ids in IDS_OF_CODE.values():
        assert len({CARD_POINTS[card] for card in ids}) == len(ids)


def test_card_points_are_derived_by_hashing_to_the_curve_with_a_label() -> None:
    assert card_point(7) == CARD_POINTS[7]
    assert card_point(7) != sodium.crypto_core_ed25519_from_uniform(bytes(32))


def test_points_from_peers_must_be_in_the_prime_order_group() -> None:
    assert not is_point(IDENTITY)
    assert not is_point(SMALL_ORDER)
    assert not is_point(NON_CANONICAL)
    assert not is_point(CARD_POINTS[0][:31])
    assert not is_point(bytearray(CARD_POINTS[0]))
    assert not is_point("a point")
    assert not is_point(bytes(32))


def test_a_secret_is_never_zero_even_when_the_random_bytes_reduce_to_zero() -> None:
    stream = seeded(b"s")
    answers = [bytes(64)]

    def random(size: int) -> bytes:
        return answers.pop() if answers else stream(size)

    secret = random_scalar(random)
    assert secret != bytes(32) and is_scalar(secret)


def test_masks_commute_and_unmask_in_any_order() -> None:
    random = seeded(b"m")
    a, b = random_scalar(random), random_scalar(random)
    card = CARD_POINTS[42]
    both = mask(b, mask(a, card))
    assert both == mask(a, mask(b, card))
    assert unmask(a, unmask(b, both)) == card == unmask(b, unmask(a, both))


def test_scalars_must_be_canonical_and_non_zero() -> None:
    secret = random_scalar(seeded(b"c"))
    assert is_scalar(secret) and is_scalar(invert(secret))
    assert not is_scalar(bytes(32))
    assert not is_scalar(b"\xff" * 32)
    assert not is_scalar(secret[:31])


def test_a_product_with_no_valid_answer_raises() -> None:
    with pytest.raises(GroupError):
        mask(Scalar(bytes(32)), Point(CARD_POINTS[0]))
    with pytest.raises(GroupError):
        base_mul(Scalar(bytes(32)))
    assert base_mul(random_scalar(seeded(b"b"))) != base_mul(random_scalar(seeded(b"c")))
