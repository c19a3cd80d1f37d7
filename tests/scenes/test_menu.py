"""A menu fits its window at every supported size: its buttons come closer together, then go
into two columns, and the keyboard still goes through them in order."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.menu import MenuScene
from tests.helpers.ui_events import press

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]


def _menu(app: App, count: int, size: tuple[int, int]) -> MenuScene:
    chosen: list[int] = []
    items = [(f"Choice number {i}", lambda i=i: chosen.append(i)) for i in range(count)]
    menu = MenuScene(app, "Paused", items, note="Your game is saved as you play.")
    app.theme.resize(size)
    menu.layout(size)
    return menu


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", [5, 11, 20])
def test_every_button_lies_inside_the_panel_and_the_panel_inside_the_window(
    app: App, size: tuple[int, int], count: int
) -> None:
    menu = _menu(app, count, size)
    window = pygame.Rect((0, 0), size)
    assert window.contains(menu.panel_rect)
    rects = [button.rect for button in menu.buttons.values()]
    assert len(rects) == count
    assert all(menu.panel_rect.contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


def test_two_columns_go_down_the_first_then_the_second_in_keyboard_order(app: App) -> None:
    menu = _menu(app, 20, (1024, 600))
    app.stack.push(menu)
    first, second = menu.buttons["Choice number 0"], menu.buttons["Choice number 10"]
    assert second.rect.left > first.rect.right and second.rect.top == first.rect.top
    for _ in range(10):
        press(app, pygame.K_DOWN)
    assert menu.group.focused is second
