"""The join code the host reads out to its guest: eight characters from an alphabet without
look-alikes (no 0/O, 1/I/L), shown in two groups of four (`K7QM-3WXA`). It is only ever used as
the password of the key exchange (see `secure.py`), so an eavesdropper learns nothing from the
wire and each connection lets a stranger test a single guess; with 31^8 (about 2^39) codes and
a few guesses an hour per address (`guesses.py`), guessing is hopeless. Typing is forgiving: case, spaces and
dashes do not matter."""

from __future__ import annotations

import secrets
from collections.abc import Callable

from ..errors import EntryError

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 8
GROUP = 4
_SEPARATORS = " -_.\t"


def new_join_code(choose: Callable[[str], str] = secrets.choice) -> str:
    """A fresh random code, in its display form."""
    return display_code("".join(choose(ALPHABET) for _ in range(CODE_LENGTH)))


def display_code(code: str) -> str:
    """`K7QM3WXA` as `K7QM-3WXA`."""
    return "-".join(code[i : i + GROUP] for i in range(0, len(code), GROUP))


def normalize_code(text: str) -> str:
    """The code a player typed, reduced to its eight characters; raises `EntryError` (a
    `ValueError`) with a sentence for the player if it cannot be a join code."""
    kept = "".join(char for char in text.upper() if char not in _SEPARATORS)
    if not kept:
        raise EntryError("no code")
    strange = sorted({char for char in kept if char not in ALPHABET})
    if strange:
        if set(strange) & set("01OIL"):
            raise EntryError("confusable")
        raise EntryError("strange", characters=repr("".join(strange)))
    if len(kept) != CODE_LENGTH:
        raise EntryError("length", length=CODE_LENGTH, count=len(kept))
    return kept
