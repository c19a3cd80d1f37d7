"""The hint box on the table (User Guide 4.6.4): why, what to do, and a "Do it" button.

It floats over the middle of the mat while the table stays live underneath. While the Master
level is still thinking it says so; then it shows the one-sentence reason and the suggested moves
in order. "Do it" hands the moves back to the table to perform; "Close" or Escape dismisses it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame import Rect

from game.scenes.table.layout import TableGeometry
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup


class HintPanel:
    def __init__(
        self,
        theme: th.Theme,
        geometry: TableGeometry,
        on_do: Callable[[], None],
        on_close: Callable[[], None],
    ) -> None:
        self.theme = theme
        self.geometry = geometry
        self.on_do = on_do
        self.on_close = on_close
        self.state = "hidden"
        self.reason = ""
        self.lines: list[str] = []
        self.can_do = False
        self.group = WidgetGroup()
        self.rect = Rect(0, 0, 0, 0)
        self._wrapped: list[str] = []
        self._wrapped_lines: list[list[str]] = []
        self.do_button: Button | None = None
        self.close_button: Button | None = None

    @property
    def visible(self) -> bool:
        return self.state != "hidden"

    def show_thinking(self) -> None:
        self.state = "thinking"
        self.reason = "Thinking about your best move\u2026"
        self.lines = []
        self.can_do = False
        self._build()

    def show(self, reason: str, lines: list[str], can_do: bool) -> None:
        self.state = "shown"
        self.reason = reason
        self.lines = lines
        self.can_do = can_do
        self._build()

    def hide(self) -> None:
        self.state = "hidden"
        self.group.clear()

    def _build(self) -> None:
        t, g = self.theme, self.geometry
        width = min(g.px(520), g.mat.width - g.px(40))
        pad = g.px(18)
        self._wrapped = t.wrap(self.reason, 18, width - 2 * pad)
        line_h = t.font(18).get_linesize()
        list_h = t.font(16).get_linesize()
        # The moves are explained in sentences: each wraps under its number.
        self._wrapped_lines = [
            t.wrap(f"{index + 1}.  {line}", 16, width - 2 * pad - g.px(8))
            for index, line in enumerate(self.lines)
        ]
        height = (
            pad
            + g.px(30)
            + line_h * len(self._wrapped)
            + g.px(8)
            + list_h * sum(len(lines) for lines in self._wrapped_lines)
            + g.px(14)
            + g.px(38)
            + pad
        )
        self.rect = Rect(0, 0, width, height)
        self.rect.center = (g.mat.centerx, g.mat.centery)
        button_w, button_h = g.px(130), g.px(38)
        y = self.rect.bottom - pad - button_h
        self.group.clear()
        self.do_button = Button(
            (self.rect.centerx - button_w - g.px(8), y, button_w, button_h),
            t,
            "Do it",
            self.on_do,
            text_size=18,
            primary=True,
            enabled=self.can_do,
            name="hint:do",
        )
        self.close_button = Button(
            (self.rect.centerx + g.px(8), y, button_w, button_h),
            t,
            "Close",
            self.on_close,
            text_size=18,
            name="hint:close",
        )
        self.group.add(self.do_button)
        self.group.add(self.close_button)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self.group.handle_event(event):
            return True
        pos = getattr(event, "pos", None)
        # Clicks on the box itself go no further (they would otherwise meld on the mat below).
        return (
            pos is not None
            and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            and self.rect.collidepoint(pos)
        )

    def update(self, dt: float) -> None:
        if self.visible:
            self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        t, g = self.theme, self.geometry
        surface.blit(t.panel(self.rect.size, fill=th.PANEL_LIGHT, radius=14), self.rect)
        pad = g.px(18)
        y = self.rect.top + pad
        title = t.text("Hint", 22, th.GOLD_LIGHT, "title")
        surface.blit(title, (self.rect.left + pad, y - g.px(4)))
        y += g.px(30)
        for line in self._wrapped:
            surface.blit(t.text(line, 18, th.CREAM), (self.rect.left + pad, y))
            y += t.font(18).get_linesize()
        y += g.px(8)
        for lines in self._wrapped_lines:
            for line in lines:
                surface.blit(t.text(line, 16, th.GOLD_LIGHT), (self.rect.left + pad + g.px(8), y))
                y += t.font(16).get_linesize()
        self.group.draw(surface)
