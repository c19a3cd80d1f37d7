"""Text from the other player is cleaned before it is shown: a stack of combining marks on one
letter (zalgo text) keeps at most two, while real accents survive."""

from __future__ import annotations

import unicodedata

from game.netplay.wire.text import MAX_MARKS, clean_text


def test_a_letter_keeps_at_most_two_combining_marks():
    cleaned = clean_text("e" + "\u0301" * 299 + "x", 300)
    marks = [c for c in cleaned if unicodedata.category(c) == "Mn"]
    assert len(marks) <= MAX_MARKS == 2
    assert cleaned.endswith("x") and len(cleaned) <= 4


def test_marks_are_counted_per_letter_so_accented_words_survive():
    word = "Vi\u1ec7t ph\u1edf \u00e9t\u00e9"  # composed accents, one or two marks each
    assert clean_text(word, 60) == unicodedata.normalize("NFC", word)
    stacked = "a\u0302\u0301b\u0323\u0302"  # two marks on each of two letters
    assert clean_text(stacked, 60) == unicodedata.normalize("NFC", stacked)


def test_a_mark_with_no_letter_before_it_is_dropped():
    assert clean_text("\u0301\u0301hello", 60) == "hello"
    assert clean_text("a \u0301b", 60) == "a b"
