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
    ShuffleMessage,
    UnmaskMessage,
    decode,
)
from game.netplay.fair.group import CARD_POINTS, Scalar

P = CARD_POINTS[0]
PROOF = bytes(range(48))
MESSAGES: list[Message] = [
    KeyMessage(1, P, PROOF),
    ShuffleMessage(1, CARD_POINTS),
    ShuffleMessage(1, CARD_POINTS[:3], 40),  # a stretch of the last seat's deck
    UnmaskMessage(1, (31, 0), P + b"\x05", PROOF),
    SecretMessage(1, Scalar(bytes(range(32)))),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: type(m).__name__)
def test_every_message_survives_msgpack(message: Message) -> None:
    wire = msgpack.unpackb(msgpack.packb(message.encode()))
    assert decode(wire, 1) == message


def test_an_unmask_costs_a_proof_and_a_few_bytes_a_card() -> None:
    shown = UnmaskMessage(1, (31,), b"\x05", PROOF)  # a card shown: its index
    assert len(msgpack.packb(shown.encode())) <= 56
    drawn = UnmaskMessage(1, (31, 32), b"ab" + b"cd", PROOF)  # two cards drawn: two hints
    assert len(msgpack.packb(drawn.encode())) <= 60


def unmask(count: int, positions: bytes, rest: bytes) -> bytes:
    return bytes([count]) + positions + rest


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
        ([0, 1, P, PROOF[:47]], "the key proof is not 48 bytes"),
        ([1, 1, 0, b"x" * 33], "the deck is not a whole number of 32-byte points"),
        ([1, 1, 108, b""], "108 is no deck position"),
        ([1, 1, "0", P], "'0' is no deck position"),
        ([2, 1, [31], P, PROOF], "2 is no message kind"),
        (b"", "it is empty"),
        (unmask(0, b"", PROOF), "it must name 1 to 108 positions"),
        (unmask(109, bytes(109), PROOF), "it must name 1 to 108 positions"),
        (unmask(2, b"\x01", PROOF[:40]), "its 42 bytes cannot hold 2 positions and a proof"),
        (unmask(1, b"\x6c", PROOF), "108 is no deck position"),
        (unmask(2, b"\x03\x03", b"ab" + PROOF), "it names a position twice"),
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
        decode([1, 2, 100, b"".join(CARD_POINTS[:9])], 2)
    assert caught.value.code is Code.WRONG_DECK_SIZE
    assert caught.value.sentence == "seat 2's shuffle has 109 cards, not 108"


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
