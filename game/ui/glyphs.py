"""Text in the game's fonts, with a fallback font for the symbols they lack.

DejaVu draws the suits and many symbols, but not every one a player may type or be named with:
the title font lacks even 🃏, the sans most pictographs. A `FontChain` renders a text in its first
font and hands each run of characters that font has no glyph for to the next font of the chain
that has one (DejaVu Sans, then Noto Sans Symbols 2, shipped in `assets/fonts` with its licence),
so no character shows as the empty box of a missing glyph where any of them can draw it. Whether
a font has a glyph is found by drawing it beside a code point no font has (which draws that box),
once per font file and character. Variation selectors only ask for a text or an emoji look: they
are left out rather than drawn as a box. The playing cards (🂡, 🃏) come from the chain's `cards`
font where it has one (the symbols font, larger: its cards are small for their size), centred
on the line: DejaVu's are bare outlines, its joker a box with a star in it.
"""

from __future__ import annotations

import pygame

# An unassigned code point: every font draws its missing-glyph box for it.
NOT_A_CHARACTER = "\u0378"
VARIATION_SELECTORS = frozenset("\ufe0e\ufe0f")
PLAYING_CARDS = range(0x1F0A0, 0x1F100)
_glyphs: dict[tuple[str, str], bool] = {}


def has_glyph(font: pygame.font.Font, name: str, character: str) -> bool:
    """Whether `font` (its file called `name`) draws `character` itself."""
    if " " <= character <= "~":
        return True  # every font of the game has ASCII
    key = (name, character)
    found = _glyphs.get(key)
    if found is None:
        drawn = font.render(character, True, (255, 255, 255))
        missing = font.render(NOT_A_CHARACTER, True, (255, 255, 255))
        found = drawn.get_size() != missing.get_size() or pygame.image.tobytes(
            drawn, "RGBA"
        ) != pygame.image.tobytes(missing, "RGBA")
        _glyphs[key] = found
    return found


class FontChain:
    """Fonts of one pixel size, best first, each with the name of its file; and a font for the
    playing cards, or None."""

    def __init__(
        self,
        fonts: list[tuple[pygame.font.Font, str]],
        cards: tuple[pygame.font.Font, str] | None = None,
    ) -> None:
        self.fonts = fonts
        self.cards = cards

    @property
    def first(self) -> pygame.font.Font:
        return self.fonts[0][0]

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """`text` cut into runs, each with the first font that has all its characters."""
        runs: list[tuple[pygame.font.Font, str]] = []
        for character in text:
            if character in VARIATION_SELECTORS:
                continue
            order = self.fonts
            if self.cards is not None and ord(character) in PLAYING_CARDS:
                order = [self.cards, *self.fonts]
            font = next((f for f, name in order if has_glyph(f, name, character)), self.first)
            if runs and runs[-1][0] is font:
                runs[-1] = (font, runs[-1][1] + character)
            else:
                runs.append((font, character))
        return runs

    def render(self, text: str, antialias: bool, colour: pygame.typing.ColorLike) -> pygame.Surface:
        """`text` drawn as `pygame.font.Font.render` draws it, as high as the first font's line:
        each run in its own font, all on the first font's baseline (a symbols font has tall
        metrics for its tallest signs, not for the ones borrowed here)."""
        runs = self.runs(text)
        if not runs or (len(runs) == 1 and runs[0][0] is self.first):
            return self.first.render(runs[0][1] if runs else "", antialias, colour)
        pieces = [(font, font.render(part, antialias, colour)) for font, part in runs]
        baseline = self.first.get_ascent()
        width = sum(image.get_width() for _, image in pieces)
        surface = pygame.Surface((width, self.first.get_height()), pygame.SRCALPHA)
        x = 0
        for font, image in pieces:
            y = baseline - font.get_ascent()
            if self.cards is not None and font is self.cards[0]:
                ink = image.get_bounding_rect()
                y = (surface.get_height() - ink.height) // 2 - ink.top
            surface.blit(image, (x, y))
            x += image.get_width()
        return surface

    def size(self, text: str) -> tuple[int, int]:
        runs = self.runs(text)
        if not runs or (len(runs) == 1 and runs[0][0] is self.first):
            return self.first.size(runs[0][1] if runs else "")
        return (sum(font.size(part)[0] for font, part in runs), self.first.get_height())
