"""Symbols the game's fonts lack are drawn in the bundled fallback font, never as the empty box
of a missing glyph: the joker 🃏 and the suits in every text role, a pictograph in the sans."""

from __future__ import annotations

import pygame
import pytest

from game.resources import font_path
from game.ui.glyphs import NOT_A_CHARACTER, FontChain, has_glyph
from game.ui.theme import Theme


def pixels(surface: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    return surface.get_size(), pygame.image.tobytes(surface, "RGBA")


@pytest.fixture
def theme() -> Theme:
    pygame.font.init()
    return Theme((1280, 720))


def test_the_title_font_lacks_the_joker_and_the_sans_lacks_the_thumbs_up() -> None:
    # What the fallback is for: without it these show as boxes.
    pygame.font.init()
    title = pygame.font.Font(str(font_path("title")), 30)
    sans = pygame.font.Font(str(font_path("ui")), 30)
    assert not has_glyph(title, "title", "🃏") and has_glyph(sans, "ui", "🃏")
    assert not has_glyph(sans, "ui", "👍") and has_glyph(sans, "ui", "♠")


@pytest.mark.parametrize("role", ["ui", "bold", "italic", "title"])
@pytest.mark.parametrize("symbol", ["🃏", "♠", "♥", "♦", "♣", "👍", "♞", "⚀"])
def test_a_symbol_is_drawn_not_boxed_in_every_role(theme: Theme, role: str, symbol: str) -> None:
    drawn = theme.text(symbol, 30, (255, 255, 255), role)
    box = theme.text(NOT_A_CHARACTER, 30, (255, 255, 255), role)
    assert pixels(drawn) != pixels(box)
    assert drawn.get_bounding_rect().width > 0


def test_the_joker_is_the_symbols_fonts_picture_not_dejavus_box_with_a_star(theme: Theme) -> None:
    chain = theme.fonts.chain("ui", theme.px(30))
    assert chain.cards is not None and chain.cards[1] == str(font_path("symbols"))
    assert [font for font, _ in chain.runs("🃏")] == [chain.cards[0]]
    joker = chain.render("🃏", True, (255, 255, 255)).get_bounding_rect()
    assert joker.height > chain.first.size("A")[1] * 0.6  # as tall as a capital, not a speck
    assert [font for font, _ in chain.runs("♠")] == [chain.first]


def test_a_line_mixing_fonts_keeps_one_baseline_and_its_order(theme: Theme) -> None:
    chain = theme.fonts.chain("title", theme.px(30))
    runs = chain.runs("Ace 🃏 wins\ufe0f")
    assert "".join(part for _, part in runs) == "Ace 🃏 wins"  # the variation selector dropped
    assert [font is chain.first for font, _ in runs] == [True, False, True]
    line = theme.text("Ace 🃏 wins", 30, (255, 255, 255), "title")
    assert line.get_width() == sum(font.size(part)[0] for font, part in runs)
    assert line.get_height() == chain.first.get_height()  # a line as high as the title font's


def test_plain_text_is_drawn_by_its_own_font_alone(theme: Theme) -> None:
    chain: FontChain = theme.fonts.chain("ui", theme.px(20))
    assert chain.runs("Computer took the pile (10 cards) ♠") == [
        (chain.first, "Computer took the pile (10 cards) ♠")
    ]
    assert pixels(chain.render("Hand 3", True, (0, 0, 0))) == pixels(
        chain.first.render("Hand 3", True, (0, 0, 0))
    )
