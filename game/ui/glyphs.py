"""Text in the game's fonts, with a fallback font for the symbols they lack.

DejaVu draws the suits and many symbols, but not every one a player may type or be named with:
the title font lacks even 🃏, the sans most pictographs. A `FontChain` renders a text in its first
font and hands each run of characters that font has no glyph for to the next font of the chain
that has one (DejaVu Sans, then Noto Sans Symbols 2, shipped in `assets/fonts` with its licence),
so no character shows as the empty box of a missing glyph where any of them can draw it. Whether
a font has a glyph is found by drawing it beside a code point no font has (which draws that box),
once per font file and character. Variation selectors only ask for a text or an emoji look: they
are left out rather than drawn as a box.
"""

from __future__ import annotations

import pygame

# An unassigned code point: every font draws its missing-glyph box for it.
NOT_A_CHARACTER = "\u0378"
VARIATION_SELECTORS = frozenset("\ufe0e\ufe0f")
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
    """Fonts of one pixel size, best first, each with the name of its file."""

    def __init__(self, fonts: list[tuple[pygame.font.Font, str]]) -> None:
        self.fonts = fonts

    @property
    def first(self) -> pygame.font.Font:
        return self.fonts[0][0]

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """`text` cut into runs, each with the first font that has all its characters."""
        runs: list[tuple[pygame.font.Font, str]] = []
        for character in text:
            if character in VARIATION_SELECTORS:
                continue
            font = next((f for f, name in self.fonts if has_glyph(f, name, character)), self.first)
            if runs and runs[-1][0] is font:
                runs[-1] = (font, runs[-1][1] + character)
            else:
                runs.append((font, character))
        return runs

    def render(self, text: str, antialias: bool, colour: pygame.typing.ColorLike) -> pygame.Surface:
        """`text` drawn as `pygame.font.Font.render` draws it, each run in its own font, the
        runs on one baseline."""
        runs = self.runs(text)
        if not runs:
            return self.first.render("", antialias, colour)
        if len(runs) == 1:
            return runs[0][0].render(runs[0][1], antialias, colour)
        pieces = [(font, font.render(part, antialias, colour)) for font, part in runs]
        ascent = max(font.get_ascent() for font, _ in pieces)
        height = max(ascent - font.get_ascent() + image.get_height() for font, image in pieces)
        surface = pygame.Surface((sum(i.get_width() for _, i in pieces), height), pygame.SRCALPHA)
        x = 0
        for font, image in pieces:
            surface.blit(image, (x, ascent - font.get_ascent()))
            x += image.get_width()
        return surface

    def size(self, text: str) -> tuple[int, int]:
        runs = self.runs(text)
        if not runs:
            return self.first.size("")
        if len(runs) == 1:
            return runs[0][0].size(runs[0][1])
        sizes = [font.size(part) for font, part in runs]
        return (sum(w for w, _ in sizes), max(h for _, h in sizes))
