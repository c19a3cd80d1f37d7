"""Cleaning text that came from the other player (chat lines, player names, decline reasons)
before it is shown. Control and format characters are removed, including the bidirectional
overrides and isolates that could make a line read differently from what it says; every run of
whitespace becomes one space; the result is NFC-normalised and cut to a maximum length. Zero-width
joiners survive because emoji sequences need them. A letter keeps at most two combining marks
(enough for any language's accents, as Vietnamese's stacked tone marks): a pile of hundreds
("zalgo" text) would otherwise paint over the lines above and below it."""

from __future__ import annotations

import unicodedata

_ZERO_WIDTH_JOINER = "\u200d"
# Cc control, Cf format (bidi marks, overrides, isolates, zero-width spaces), Cs lone surrogates,
# Co private use (renders as boxes and can hide tricks in custom fonts)
_DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co"})
_SPACE_CATEGORIES = frozenset({"Zs", "Zl", "Zp"})
_MARK_CATEGORIES = frozenset({"Mn", "Me"})
MAX_MARKS = 2  # combining marks kept on one letter


def clean_text(text: str, max_chars: int) -> str:
    """Return `text` safe to display on one line, at most `max_chars` characters long."""
    kept: list[str] = []
    pending_space = False
    marks = 0  # combining marks on the last letter kept
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        # tab, newline and friends are Cc, so test for whitespace before dropping controls
        if char.isspace() or category in _SPACE_CATEGORIES:
            pending_space = bool(kept)
            continue
        if category in _DROPPED_CATEGORIES and char != _ZERO_WIDTH_JOINER:
            continue
        if category in _MARK_CATEGORIES:
            if marks >= MAX_MARKS or not kept or pending_space:
                continue
            marks += 1
        else:
            marks = 0
        if pending_space:
            kept.append(" ")
            pending_space = False
        kept.append(char)
    return "".join(kept)[:max_chars].rstrip()
