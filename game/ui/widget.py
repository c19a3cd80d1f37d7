"""The base of every widget and the group that gives widgets keyboard focus.

A `Widget` owns a screen rectangle and reacts to pygame events; it reads pointer positions from
`event.pos` (already in screen coordinates under `SCALED`), never from the mouse state, so tests
can drive it with posted events. A `WidgetGroup` dispatches events, remembers which widget has
the keyboard focus, and moves it with the arrow keys and Tab, as a player expects from a menu.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

import pygame

from game.ui.theme import Theme

MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def event_pos(event: pygame.event.Event) -> tuple[int, int] | None:
    pos = getattr(event, "pos", None)
    if pos is None:
        return None
    return (int(pos[0]), int(pos[1]))


def is_primary_button(event: pygame.event.Event) -> bool:
    return getattr(event, "button", 1) == 1


class Widget:
    """Something on screen that can be drawn and may take input."""

    focusable = True

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: Theme,
        *,
        enabled: bool = True,
        name: str = "",
    ) -> None:
        self._rect = pygame.Rect(rect)
        self.theme = theme
        self._enabled = enabled
        self.name = name
        self.visible = True
        self.hovered = False
        self.focused = False
        # When set, only the part of the widget inside this rect takes the pointer (rows of a
        # scrolled page that are partly out of view).
        self.clip_rect: pygame.Rect | None = None

    @property
    def rect(self) -> pygame.Rect:
        return self._rect

    @rect.setter
    def rect(self, value: pygame.Rect | tuple[int, int, int, int]) -> None:
        new = pygame.Rect(value)
        if new.size != self._rect.size:
            self._rect = new
            self.invalidate()
        else:
            self._rect = new

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        if value != self._enabled:
            self._enabled = value
            if not value:
                self.hovered = False
            self.invalidate()

    def can_focus(self) -> bool:
        return self.focusable and self._enabled and self.visible

    def invalidate(self) -> None:
        """Forget cached pictures (size, text or state changed)."""

    def set_focus(self, focused: bool) -> None:
        self.focused = focused

    def in_clip(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and (self.clip_rect is None or self.clip_rect.collidepoint(pos))

    def contains(self, pos: tuple[int, int] | None) -> bool:
        return pos is not None and self.in_clip(pos) and self.rect.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an event; returns True if it was used up."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


W = TypeVar("W", bound=Widget)


class WidgetGroup:
    """Widgets of one screen: event dispatch, hover and keyboard focus.

    Up/Down and Tab/Shift+Tab move the focus; Left/Right too, unless the focused widget uses
    them (a slider does). With `focus_follows_mouse`, pointing at a widget focuses it, so a menu
    never shows two highlighted buttons at once; the pointer takes the focus only by coming onto
    a widget, so a hand resting on the mouse never takes back a focus the keyboard moved (Enter
    presses the button with the focus ring, not the one under a still pointer).
    """

    def __init__(
        self,
        widgets: Iterable[Widget] = (),
        *,
        focus_follows_mouse: bool = False,
        horizontal_moves_focus: bool = True,
    ) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus_follows_mouse = focus_follows_mouse
        self.horizontal_moves_focus = horizontal_moves_focus
        self.focused: Widget | None = None
        self._pointed: Widget | None = None  # under the pointer at its last move

    def add(self, widget: W) -> W:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.set_focus(None)
        self.widgets.clear()
        self._pointed = None

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.can_focus()]

    def set_focus(self, widget: Widget | None) -> None:
        if widget is self.focused:
            return
        if self.focused is not None:
            self.focused.set_focus(False)
        self.focused = widget
        if widget is not None:
            widget.set_focus(True)

    def focus_first(self) -> None:
        candidates = self.focusable()
        self.set_focus(candidates[0] if candidates else None)

    def move_focus(self, delta: int) -> None:
        candidates = self.focusable()
        if not candidates:
            self.set_focus(None)
            return
        if self.focused not in candidates:
            self.set_focus(candidates[0] if delta >= 0 else candidates[-1])
            return
        index = candidates.index(self.focused)
        self.set_focus(candidates[(index + delta) % len(candidates)])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in MOUSE_EVENTS:
            return self._handle_mouse(event)
        if self.focused is not None and not self.focused.can_focus():
            self.set_focus(None)
        if self.focused is not None and self.focused.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            shift = getattr(event, "mod", 0) & pygame.KMOD_SHIFT
            if key == pygame.K_TAB:
                self.move_focus(-1 if shift else 1)
                return True
            if key in (pygame.K_DOWN,) or (self.horizontal_moves_focus and key == pygame.K_RIGHT):
                self.move_focus(1)
                return True
            if key in (pygame.K_UP,) or (self.horizontal_moves_focus and key == pygame.K_LEFT):
                self.move_focus(-1)
                return True
        return False

    def _handle_mouse(self, event: pygame.event.Event) -> bool:
        pos = event_pos(event)
        used = False
        if event.type == pygame.MOUSEMOTION:
            pointed = None
            for widget in self.widgets:
                widget.hovered = widget.visible and widget.enabled and widget.contains(pos)
                if widget.hovered:
                    pointed = widget
            if pointed is not self._pointed:
                self._pointed = pointed
                if pointed is not None and self.focus_follows_mouse and pointed.can_focus():
                    self.set_focus(pointed)
        if event.type == pygame.MOUSEBUTTONDOWN and is_primary_button(event):
            target = next(
                (w for w in reversed(self.widgets) if w.visible and w.contains(pos)), None
            )
            if target is not None and target.can_focus():
                self.set_focus(target)
        # Every widget sees mouse events: one dragging a slider must get the release outside it.
        for widget in reversed(self.widgets):
            if widget.visible and widget.handle_event(event):
                used = True
                if event.type != pygame.MOUSEBUTTONUP:
                    break
        return used

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            if widget.visible:
                widget.draw(surface)
