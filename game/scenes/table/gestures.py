"""Mouse gestures on the table: click, double-click, drag and drop, and the right-button sweep.

Raw pygame mouse events go in; the table's gesture methods come out (User Guide 3.2-3.4). A left
press that moves more than a few pixels becomes a drag; one that does not is a click, and a second
click on the same spot soon after is a double-click. A right press starts a sweep: released on the
card it started on, it is a right-click (discard); dragged across other cards, it selects them.
Actions take effect when the button is released, as in the User Guide. Positions come from
`event.pos`, so tests drive this with posted events.
"""

from __future__ import annotations

import math
from typing import Protocol

import pygame

DOUBLE_CLICK_SECONDS = 0.4
DRAG_THRESHOLD = 6


class GestureTarget(Protocol):
    def click(self, pos: tuple[int, int]) -> None: ...
    def double_click(self, pos: tuple[int, int]) -> None: ...
    def drag_begin(self, pos: tuple[int, int]) -> bool: ...
    def drag_move(self, pos: tuple[int, int], origin: tuple[int, int]) -> None: ...
    def drag_end(self, pos: tuple[int, int]) -> None: ...
    def sweep_begin(self, pos: tuple[int, int]) -> bool: ...
    def sweep_move(self, pos: tuple[int, int]) -> None: ...
    def sweep_end(self, pos: tuple[int, int]) -> None: ...


class Gestures:
    def __init__(self, target: GestureTarget, scale: float = 1.0) -> None:
        self.target = target
        self.threshold = DRAG_THRESHOLD * scale
        self._press: tuple[int, int] | None = None
        self._dragging = False
        self._sweeping = False
        self._last_click: tuple[tuple[int, int], float] | None = None
        # Drag and drop off (User Guide 4.4.8): a press that moves is still a click, where
        # the button comes up.
        self.drag_enabled = True

    @property
    def dragging(self) -> bool:
        return self._dragging

    def reset(self) -> None:
        self._press = None
        self._dragging = False
        self._sweeping = False

    def handle(self, event: pygame.event.Event, now: float) -> bool:
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        pos = (int(pos[0]), int(pos[1]))
        button = getattr(event, "button", 0)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if button == 1:
                self._press = pos
                self._dragging = False
                return True
            if button == 3:
                self._sweeping = self.target.sweep_begin(pos)
                return self._sweeping
            return False
        if event.type == pygame.MOUSEMOTION:
            if (
                self._press is not None
                and self.drag_enabled
                and not self._dragging
                and math.dist(pos, self._press) > self.threshold
            ):
                self._dragging = self.target.drag_begin(self._press)
                if not self._dragging:
                    self._press = None
            if self._dragging and self._press is not None:
                self.target.drag_move(pos, self._press)
                return True
            if self._sweeping:
                self.target.sweep_move(pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            if button == 1 and self._press is not None:
                press, self._press = self._press, None
                if self._dragging:
                    self._dragging = False
                    self.target.drag_end(pos)
                    return True
                last = self._last_click
                if (
                    last is not None
                    and now - last[1] <= DOUBLE_CLICK_SECONDS
                    and math.dist(last[0], pos) <= self.threshold
                ):
                    self._last_click = None
                    self.target.double_click(pos)
                else:
                    self._last_click = (press, now)
                    self.target.click(pos)
                return True
            if button == 3 and self._sweeping:
                self._sweeping = False
                self.target.sweep_end(pos)
                return True
        return False
