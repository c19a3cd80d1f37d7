"""Static pieces of a screen: text labels and framed panels.

A `Label` renders its text when the text (or its style) changes and blits the same surface every
frame after that; long text can wrap within a width. A `Panel` is the translucent, gold-ruled
board that groups controls, drawn once per size.
"""

from __future__ import annotations

import pygame

from game.ui import theme as th
from game.ui.widget import Widget


class Label(Widget):
    focusable = False

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        text: str,
        *,
        size: int = 22,
        colour: th.Colour = th.CREAM,
        role: str = "ui",
        align: str = "left",
        wrap: bool = False,
        shadow: bool = False,
        line_spacing: float = 1.15,
        name: str = "",
    ) -> None:
        super().__init__(rect, theme, name=name)
        self._text = text
        self.size = size
        self.colour = colour
        self.role = role
        self.align = align
        self.wrap = wrap
        self.shadow = shadow
        self.line_spacing = line_spacing
        self._surface: pygame.Surface | None = None

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        if value != self._text:
            self._text = value
            self._surface = None

    def set_colour(self, colour: th.Colour) -> None:
        if colour != self.colour:
            self.colour = colour
            self._surface = None

    def invalidate(self) -> None:
        self._surface = None

    def _render(self) -> pygame.Surface:
        t = self.theme
        lines = (
            t.wrap(self._text, self.size, self.rect.width, self.role) if self.wrap else [self._text]
        )
        render = t.shadowed_text if self.shadow else t.text
        pieces = [render(line, self.size, self.colour, self.role) for line in lines]
        step = round(t.font(self.size, self.role).get_linesize() * self.line_spacing)
        height = step * (len(pieces) - 1) + max(p.get_height() for p in pieces)
        width = max(p.get_width() for p in pieces)
        surface = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        for index, piece in enumerate(pieces):
            x = {
                "left": 0,
                "center": (width - piece.get_width()) // 2,
                "right": width - piece.get_width(),
            }[self.align]
            surface.blit(piece, (x, index * step))
        if t.log is not None:
            t.log.rendered(surface, self._text)
        return surface

    def content_height(self) -> int:
        if self._surface is None:
            self._surface = self._render()
        return self._surface.get_height()

    def draw(self, surface: pygame.Surface) -> None:
        if self._surface is None:
            self._surface = self._render()
        image = self._surface
        box = self.rect
        if self.align == "center":
            spot = image.get_rect(midtop=(box.centerx, box.top))
        elif self.align == "right":
            spot = image.get_rect(topright=box.topright)
        else:
            spot = image.get_rect(topleft=box.topleft)
        if not self.wrap or image.get_height() < box.height:
            spot.centery = box.centery
        surface.blit(image, spot)


class Panel(Widget):
    focusable = False

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        *,
        fill: th.Colour = th.PANEL,
        border: th.Colour = th.GOLD,
        radius: int = 16,
        shadow: bool = True,
        name: str = "",
    ) -> None:
        super().__init__(rect, theme, name=name)
        self.fill = fill
        self.border = border
        self.radius = radius
        self.shadow = shadow

    def draw(self, surface: pygame.Surface) -> None:
        image = self.theme.panel(
            self.rect.size,
            fill=self.fill,
            border=self.border,
            radius=self.radius,
            shadow=self.shadow,
        )
        surface.blit(image, self.rect)
