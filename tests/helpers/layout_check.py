"""The layout check: draw what the app shows on a recording surface and list the text that does
not fit (through the theme's `TextLog`), and the pygame_gui text too wide for its element."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui

from game.app import App
from game.ui.text_log import Misfit, RecordingSurface, TextLog


def start_recording(app: App) -> TextLog:
    log = TextLog()
    app.theme.record(log)
    return log


def misfits(app: App, extras: Sequence[Any] = ()) -> list[Misfit]:
    """Draw the screen once as the app does (and `extras` over it: parts drawn by a screen
    that is not on the stack) and return every text that does not fit."""
    log = app.theme.log
    assert log is not None, "start_recording first"
    log.frame()
    surface = RecordingSurface(app.size, log)
    for scene in app.stack.visible():
        log.next_layer()
        scene.draw(surface)
    for extra in extras:
        extra.draw(surface)
    found = log.check(surface.get_rect())
    for scene in app.stack.visible():
        for manager in _managers(scene):
            found.extend(_gui_misfits(manager, surface.get_rect()))
    return found


def _managers(scene: Any) -> list[pygame_gui.UIManager]:
    manager = getattr(scene, "manager", None)
    return [manager] if isinstance(manager, pygame_gui.UIManager) else []


def _gui_misfits(manager: pygame_gui.UIManager, screen: pygame.Rect) -> list[Misfit]:
    found: list[Misfit] = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, pygame_gui.core.UIElement) or not element.visible:
            continue
        rect = element.get_abs_rect()
        text = getattr(element, "text", None)
        labelled = isinstance(element, (pygame_gui.elements.UIButton, pygame_gui.elements.UILabel))
        if labelled and text and element.font.size(text)[0] > rect.width:
            found.append(Misfit(text, f"wider than its {rect.width} px {type(element).__name__}"))
        if not screen.contains(rect) and rect.width and rect.height:
            found.append(
                Misfit(str(text or type(element).__name__), f"{tuple(rect)} off the screen")
            )
    return found
