"""A small menu over the table: a title, a column of buttons, Escape to go back.

Used for the pause menu (Resume, Options, New game, Title, Quit) and for choosing an earlier turn
to go back to. The table stays visible, dimmed and still, underneath. Each item is a label and a
function; the menu closes before the function runs, so the function may open another screen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

MenuItem = tuple[str, Callable[[], None]]


class MenuScene(Scene):
    overlay = True

    def __init__(
        self,
        app: Host,
        title: str,
        items: Sequence[MenuItem],
        *,
        note: str = "",
        on_cancel: Callable[[], None] | None = None,
        width: int = 380,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.items = list(items)
        self.note = note
        self.on_cancel = on_cancel
        self.width = width
        self.group = WidgetGroup(focus_follows_mouse=True)
        self.buttons: dict[str, Button] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._dim: pygame.Surface | None = None
        self._note_lines: list[str] = []

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        column_w = min(t.px(self.width), int(size[0] * 0.8))
        pad = t.px(26)
        button_h, gap = t.px(46), t.px(10)
        title_h = t.font(32, "title").get_linesize()
        header = pad + title_h + t.px(14)
        # The buttons must fit the window with a margin: first closer together, then in two
        # columns (down the first, then the second, as the keyboard goes through them).
        room = size[1] - 2 * t.px(12) - header - pad
        columns = 1
        if len(self.items) * (button_h + gap) - gap > room:
            button_h, gap = t.px(40), t.px(7)
        if len(self.items) * (button_h + gap) - gap > room:
            columns = 2
        width = min(columns * column_w + (columns - 1) * pad, int(size[0] * 0.92))
        inner = (width - 2 * pad - (columns - 1) * pad) // columns
        self._note_lines = t.wrap(self.note, 16, width - 2 * pad) if self.note else []
        note_h = len(self._note_lines) * t.font(16).get_linesize()
        rows = -(-len(self.items) // columns)
        top = header + note_h + (t.px(10) if note_h else 0)
        height = top + rows * (button_h + gap) - gap + pad
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        self.group.clear()
        self.buttons = {}
        for index, (label, _action) in enumerate(self.items):
            column, row = divmod(index, rows)
            rect = (
                self.panel_rect.left + pad + column * (inner + pad),
                self.panel_rect.top + top + row * (button_h + gap),
                inner,
                button_h,
            )
            button = Button(
                rect,
                t,
                label,
                functools.partial(self.choose, index),
                text_size=21 if columns == 1 else 19,
                primary=index == 0,
            )
            self.buttons[label] = self.group.add(button)
        if self.group.widgets:
            self.group.set_focus(self.group.widgets[0])
        self._dim = None

    def choose(self, index: int) -> None:
        self.app.stack.remove(self)
        self.items[index][1]()

    def cancel(self) -> None:
        self.app.stack.remove(self)
        if self.on_cancel is not None:
            self.on_cancel()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        self.group.handle_event(event)
        return True  # modal

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def busy(self) -> bool:
        return False  # still until the player answers

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        if self._dim is None or self._dim.get_size() != surface.get_size():
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((0, 12, 4, 160))
        surface.blit(self._dim, (0, 0))
        surface.blit(t.panel(self.panel_rect.size, fill=th.PANEL_LIGHT, radius=18), self.panel_rect)
        pad = t.px(26)
        title = t.text(self.title, 32, th.GOLD_LIGHT, "title")
        surface.blit(
            title, title.get_rect(midtop=(self.panel_rect.centerx, self.panel_rect.top + pad))
        )
        y = self.panel_rect.top + pad + t.font(32, "title").get_linesize() + t.px(14)
        for line in self._note_lines:
            text = t.text(line, 16, th.CREAM_DIM)
            surface.blit(text, text.get_rect(midtop=(self.panel_rect.centerx, y)))
            y += t.font(16).get_linesize()
        self.group.draw(surface)
