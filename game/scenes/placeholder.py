"""A stand-in for the card table until it exists: says so and offers the way back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.scenes.base import Scene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.app import App


class TableComingScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.group = WidgetGroup()
        self.back_button: Button | None = None

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        self.group.clear()
        w, h = size
        rect = (w // 2 - t.px(110), int(h * 0.62), t.px(220), t.px(50))
        self.back_button = self.group.add(Button(rect, t, "Back", self.app.stack.pop, primary=True))
        self.group.set_focus(self.back_button)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return True
        return self.group.handle_event(event)

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        w, h = surface.get_size()
        surface.blit(t.felt(), (0, 0))
        title = t.shadowed_text("The table is being set", 48, th.GOLD_LIGHT, "title", offset=3)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.4))))
        line = t.text("Games against the computer arrive here soon.", 24, th.CREAM)
        surface.blit(line, line.get_rect(center=(w // 2, int(h * 0.5))))
        self.group.draw(surface)
