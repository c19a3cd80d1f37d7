"""The shuffle every deal is made from, specified here and in docs/replay-format.md bit for bit.

A deck must come out the same from a seed on every Python version and in any other implementation
of the replay format, so it never depends on a library's random generator. A SHA-256 counter
stream supplies 32-bit numbers, rejection sampling turns them into unbiased indices, and a
Fisher-Yates pass shuffles the cards. `deck_order(seed, hand_index)` is the deck of one hand of a
seeded game; `reuse_pile_order` is the new stock of the `reuse_pile` rule. The `legacy_*` functions
keep the shuffle of the first replay format (CPython's `random.Random`) for old files only.
"""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Iterator, Sequence
from itertools import chain, count
from typing import Final, TypeVar

from .cards import CARD_CODE, IDS_OF_CODE, N_CARDS, CardId

# The replay format version whose deals this module defines, and the one before it.
DEAL_VERSION: Final = 2
LEGACY_DEAL_VERSION: Final = 1

_DECK_LABEL: Final = b"canasta deck 2"
_REUSE_LABEL: Final = b"canasta reuse pile 2"

T = TypeVar("T")


class HashStream:
    """An endless stream of 32-bit numbers: block k is SHA-256(key || k as 8 bytes big-endian),
    read as eight 32-bit big-endian numbers in order."""

    def __init__(self, key: bytes) -> None:
        self._numbers = _numbers(key)

    def next32(self) -> int:
        return next(self._numbers)

    def below(self, bound: int) -> int:
        """Uniform in [0, bound): numbers at or above the largest multiple of `bound` below 2**32
        are skipped, since a plain modulo would favour low values."""
        limit = (1 << 32) - (1 << 32) % bound
        numbers = self._numbers
        while True:
            value = next(numbers)
            if value < limit:
                return value % bound


def _numbers(key: bytes, first_block: int = 0) -> Iterator[int]:
    """The numbers of the stream of `key` from block `first_block` on, eight at a time."""
    for counter in count(first_block):
        yield from _block(key, counter)


def _block(key: bytes, counter: int) -> tuple[int, ...]:
    return _EIGHT_WORDS.unpack(hashlib.sha256(key + counter.to_bytes(8, "big")).digest())


_EIGHT_WORDS: Final = struct.Struct(">8I")


def shuffled(items: Sequence[T], key: bytes) -> list[T]:
    """`items` shuffled by Fisher-Yates driven by the stream of `key`: for i from the last index
    down to 1, swap item i with item `below(i + 1)`."""
    out = list(items)
    # HashStream.below written out: a deal draws a hundred numbers, and the calls cost more
    # than the hashing. The blocks a shuffle needs when nothing is skipped are hashed at once,
    # and read through C iterators; a skipped number reads on into the next blocks.
    blocks = (len(out) + 6) // 8
    numbers = chain(
        chain.from_iterable([_block(key, counter) for counter in range(blocks)]),
        _numbers(key, blocks),
    )
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 32) - (1 << 32) % bound
        value = next(numbers)
        while value >= limit:
            value = next(numbers)
        j = value % bound
        out[i], out[j] = out[j], out[i]
    return out


def deck_key(seed: int, hand_index: int) -> bytes:
    """The stream key of hand `hand_index` (0 for a game's first hand) of a game with `seed`:
    SHA-256 of ``canasta deck 2|<seed>|<hand_index>``, the numbers in decimal ASCII (a leading
    ``-`` for a negative seed)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("a deal seed must be a whole number")
    if isinstance(hand_index, bool) or not isinstance(hand_index, int) or hand_index < 0:
        raise ValueError("a hand index must be a whole number from 0")
    text = b"|".join((_DECK_LABEL, str(seed).encode("ascii"), str(hand_index).encode("ascii")))
    return hashlib.sha256(text).digest()


def deck_order(seed: int, hand_index: int) -> list[CardId]:
    """The 108 card ids of hand `hand_index` (from 0) of the game with `seed`, in deal order.

    The ids 0..107 in order are shuffled with the stream of `deck_key`; then the two copies of a
    card (and the four Jokers) are renumbered so that the lower id comes first in deal order, as
    a replay's ``deck`` of codes is read back: the same deal written out as codes rebuilds the
    very same game."""
    order = shuffled(range(N_CARDS), deck_key(seed, hand_index))
    # How many cards of each code have been dealt, by the code's lowest id.
    taken = [0] * N_CARDS
    deck: list[CardId] = []
    for card in order:
        ids = _SAME_CODE[card]
        index = taken[ids[0]]
        taken[ids[0]] = index + 1
        deck.append(ids[index])
    return deck


# The ids of each card's code, lowest first, by card id.
_SAME_CODE: Final = tuple(IDS_OF_CODE[code] for code in CARD_CODE[:N_CARDS])


def reuse_pile_key(deck: Sequence[int]) -> bytes:
    """The stream key of a hand's `reuse_pile` shuffle: SHA-256 of ``canasta reuse pile 2|``
    followed by the hand's 108-card deck as one byte per card id, in deal order. It depends on
    this hand's deck alone, so nobody who learnt an earlier hand's deck can predict it."""
    return hashlib.sha256(_REUSE_LABEL + b"|" + bytes(deck)).digest()


def reuse_pile_order(cards: Sequence[T], key: bytes) -> list[T]:
    """The pile below its top card (bottom first) shuffled with the stream of `key` (see
    `reuse_pile_key`) into the new stock, whose first card to be drawn is the *last* of the
    returned list."""
    return shuffled(cards, key)


def legacy_deck(rng: random.Random) -> list[CardId]:
    """The next deck of a ``canasta-replay/1`` game: its one CPython `random.Random`, seeded once
    with the game's seed, shuffles the ids 0..107 afresh for each hand. Kept only so old files
    still load; it is not defined beyond CPython."""
    deck = [CardId(card) for card in range(N_CARDS)]
    rng.shuffle(deck)
    return deck


def legacy_reuse_pile_key(deck: Sequence[int]) -> bytes:
    """The ``canasta-replay/1`` `reuse_pile` key: SHA-256 of the deck's Python list text."""
    return hashlib.sha256(repr(list(deck)).encode()).digest()


def legacy_reuse_pile_order(cards: Sequence[T], key: bytes) -> list[T]:
    """The ``canasta-replay/1`` `reuse_pile` shuffle (CPython's generator), for old files only."""
    out = list(cards)
    random.Random(key.hex()).shuffle(out)
    return out
