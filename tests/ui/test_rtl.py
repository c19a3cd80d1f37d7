"""Right-to-left names and chat lines are drawn in reading order, Arabic letters joined; other
text is untouched, and without the libraries the game shows the text as it is."""

from __future__ import annotations

import sys

import pygame
import pytest

from game.ui import rtl
from game.ui.theme import Theme


def test_hebrew_is_drawn_right_to_left() -> None:
    assert rtl.visual_order("שלום") == "םולש"
    # a Latin word inside keeps its own order, on its side of the line
    assert rtl.visual_order("שלום Anna") == "Anna םולש"


def test_arabic_letters_are_joined_and_reordered() -> None:
    shown = rtl.visual_order("مرحبا")
    assert shown != "مرحبا"[::-1]  # not merely reversed: the joined forms are used
    assert all("\ufe70" <= c <= "\ufeff" for c in shown)  # Arabic presentation forms


def test_left_to_right_text_is_untouched_without_importing_anything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "bidi", None)
    assert (
        rtl.visual_order("Anna took the pile (10 cards) 🃏") == "Anna took the pile (10 cards) 🃏"
    )


def test_without_the_libraries_the_text_is_shown_as_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "bidi", None)
    assert rtl.visual_order("שלום") == "שלום"


def test_the_theme_draws_the_reading_order() -> None:
    pygame.font.init()
    theme = Theme((1280, 720))
    drawn = theme.text("שלום", 22, (250, 240, 220))
    by_hand = theme.font(22).render("םולש", True, (250, 240, 220))
    as_typed = theme.font(22).render("שלום", True, (250, 240, 220))
    picture = pygame.image.tobytes(drawn, "RGBA")
    assert picture == pygame.image.tobytes(by_hand, "RGBA")
    assert picture != pygame.image.tobytes(as_typed, "RGBA")
