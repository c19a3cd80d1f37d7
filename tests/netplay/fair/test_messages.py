"""The wire form: every message survives msgpack as plain bytes, ints and lists, and decoding
refuses anything of the wrong shape or size as `malformed`, naming the sender."""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.netplay.fair import (
    Code,
    KeyMessage,
    Message,
    Misconduct,
    SecretMessage,
    Share,
    ShuffleMessage,
    UnmaskMessage,
    decode,
)
from game.netplay.fair.group import CARD_POINTS, Point, Scalar

P = CARD_POINTS[0]
PROOF = bytes(range(64))
MESSAGES: list[Message] = [
    KeyMessage(1, P, PROOF),
    ShuffleMessage(1, CARD_POINTS),
    UnmaskMessage(1, (Share(31, Point(P), PROOF), Share(0, CARD_POINTS[5], PROOF))),
    SecretMessage(1, Scalar(bytes(range(32)))),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_survives_msgpack(message: Message) -> None:
    wire = msgpack.unpackb(msgpack.packb(message.encode()))
    assert decode(wire, 1) == message


def test_an_unmask_of_one_card_costs_about_a_hundred_bytes() -> None:
    one = UnmaskMessage(1, (Share(31, Point(P), PROOF),))
    assert len(msgpack.packb(one.encode())) <= 110


GOOD_UNMASK = [2, 1, [31], P, PROOF]


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("text", "it is not a list starting with a message kind"),
        ([], "it is not a list starting with a message kind"),
        ([9, 1], "9 is no message kind"),
        ([True, 1, P, PROOF], "it is not a list starting with a message kind"),
        ([0, 1, P], "it has 3 fields, not 4"),
        ([0, 2, P, PROOF], "it claims to come from seat 2"),
        ([0, True, P, PROOF], "it claims to come from seat True"),
        ([0, 1, P[:31], PROOF], "the key is not 32 bytes"),
        ([0, 1, P, PROOF[:63]], "the key proof is not 64 bytes"),
        ([1, 1, b"x" * 33], "the deck is not a whole number of 32-byte points"),
        ([2, 1, [], b"", b""], "it must list 1 to 108 positions"),
        ([2, 1, list(range(109)), b"", b""], "it must list 1 to 108 positions"),
        ([2, 1, [108], P, PROOF], "108 is no deck position"),
        ([2, 1, [-1], P, PROOF], "-1 is no deck position"),
        ([2, 1, [True], P, PROOF], "True is no deck position"),
        ([2, 1, [3, 3], P + P, PROOF + PROOF], "it names a position twice"),
        ([2, 1, [31], P + P, PROOF], "the points field is not 32 bytes"),
        ([2, 1, [31], P, PROOF + b"\0"], "the proofs field is not 64 bytes"),
        ([3, 1, b"short"], "the secret is not 32 bytes"),
    ],
)
def test_a_malformed_message_is_refused_naming_the_sender(value: Any, reason: str) -> None:
    with pytest.raises(Misconduct) as caught:
        decode(value, 1)
    assert caught.value.code is Code.MALFORMED and caught.value.seat == 1
    assert caught.value.sentence.startswith("seat 1 sent a malformed ")
    assert caught.value.sentence.endswith(": " + reason)


def test_a_deck_of_the_wrong_size_is_named_as_such() -> None:
    with pytest.raises(Misconduct) as caught:
        decode([1, 2, b"".join(CARD_POINTS[:107])], 2)
    assert caught.value.code is Code.WRONG_DECK_SIZE
    assert caught.value.sentence == "seat 2's shuffle has 107 cards, not 108"


wire_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 200)
    | st.binary(max_size=100)
    | st.text(max_size=5),
    lambda children: st.lists(children, max_size=6),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(value=wire_values)
def test_decoding_any_value_gives_a_message_or_misconduct_never_a_crash(value: object) -> None:
    try:
        decode(value, 1)
    except Misconduct as refused:
        assert refused.seat == 1
