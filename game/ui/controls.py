"""Value controls for the options screen: on/off switch, slider, choice and stepper.

Each control holds one value, shows it, and calls `on_change(value)` whenever the player changes
it, by mouse or by keyboard (Left/Right when focused; Enter or Space flips a switch). A slider
also calls `on_commit(value)` when the drag ends, so slow work such as saving happens once per
drag, not once per pixel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import theme as th
from game.ui.widget import ACTIVATE_KEYS, Widget, event_pos, is_primary_button


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: th.Theme) -> None:
    ring = rect.inflate(theme.px(10), theme.px(10))
    pygame.draw.rect(surface, th.FOCUS, ring, max(1, theme.px(2)), border_radius=theme.px(10))


class Toggle(Widget):
    """An on/off switch with its state written beside it."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        value: bool = False,
        on_change: Callable[[bool], None] | None = None,
        *,
        labels: tuple[str, str] = ("Off", "On"),
        name: str = "",
    ) -> None:
        super().__init__(rect, theme, name=name)
        self.value = bool(value)
        self.on_change = on_change
        self.labels = labels
        self._knob = 1.0 if self.value else 0.0

    def set_value(self, value: bool, notify: bool = True) -> None:
        value = bool(value)
        if value == self.value:
            return
        self.value = value
        if notify and self.on_change is not None:
            self.on_change(value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and is_primary_button(event):
            if self.contains(event_pos(event)):
                self.set_value(not self.value)
                return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key in ACTIVATE_KEYS:
                self.set_value(not self.value)
                return True
            if event.key == pygame.K_LEFT:
                self.set_value(False)
                return True
            if event.key == pygame.K_RIGHT:
                self.set_value(True)
                return True
        return False

    def update(self, dt: float) -> None:
        target = 1.0 if self.value else 0.0
        # A short slide of the knob; settles in about 0.12 s regardless of frame rate.
        step = dt * 8.0
        if abs(target - self._knob) <= step:
            self._knob = target
        else:
            self._knob += step if target > self._knob else -step

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        h = min(self.rect.height, t.px(30))
        w = int(h * 1.9)
        track = pygame.Rect(self.rect.left, self.rect.centery - h // 2, w, h)
        on_colour = th.GOLD if self.enabled else th.DISABLED_TEXT
        fill = tuple(
            int(a + (b - a) * self._knob) for a, b in zip((16, 44, 28), on_colour, strict=False)
        )
        pygame.draw.rect(surface, fill, track, border_radius=h // 2)
        pygame.draw.rect(surface, th.GOLD_DARK, track, max(1, t.px(2)), border_radius=h // 2)
        radius = h // 2 - t.px(4)
        x = track.left + h // 2 + (w - h) * self._knob
        pygame.draw.circle(surface, th.CREAM, (round(x), track.centery), radius)
        pygame.draw.circle(surface, th.GOLD_DARK, (round(x), track.centery), radius, 1)
        label = t.text(
            self.labels[1] if self.value else self.labels[0],
            21,
            th.CREAM if self.enabled else th.DISABLED_TEXT,
        )
        surface.blit(label, label.get_rect(midleft=(track.right + t.px(12), track.centery)))
        if self.focused:
            draw_focus_ring(
                surface,
                track.union(label.get_rect(midleft=(track.right + t.px(12), track.centery))),
                t,
            )


class Slider(Widget):
    """A horizontal slider over whole numbers, with the value shown at its right."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        value: int,
        minimum: int = 0,
        maximum: int = 100,
        step: int = 1,
        on_change: Callable[[int], None] | None = None,
        on_commit: Callable[[int], None] | None = None,
        *,
        unit: str = "",
        name: str = "",
    ) -> None:
        super().__init__(rect, theme, name=name)
        if maximum <= minimum or step <= 0:
            raise ValueError("slider needs minimum < maximum and a positive step")
        self.minimum, self.maximum, self.step = minimum, maximum, step
        self.value = self._snap(value)
        self.on_change = on_change
        self.on_commit = on_commit
        self.unit = unit
        self.dragging = False

    def _snap(self, value: float) -> int:
        value = min(self.maximum, max(self.minimum, value))
        return int(self.minimum + round((value - self.minimum) / self.step) * self.step)

    def set_value(self, value: float, notify: bool = True) -> None:
        value = self._snap(value)
        if value == self.value:
            return
        self.value = value
        if notify and self.on_change is not None:
            self.on_change(value)

    def _commit(self) -> None:
        if self.on_commit is not None:
            self.on_commit(self.value)

    def track_rect(self) -> pygame.Rect:
        t = self.theme
        value_width = t.px(64)
        knob = t.px(11)
        return pygame.Rect(
            self.rect.left + knob,
            self.rect.centery - t.px(3),
            self.rect.width - value_width - 2 * knob,
            t.px(6),
        )

    def _value_at(self, x: int) -> float:
        track = self.track_rect()
        fraction = (x - track.left) / max(1, track.width)
        return self.minimum + fraction * (self.maximum - self.minimum)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and is_primary_button(event):
            pos = event_pos(event)
            hit = self.track_rect().inflate(self.theme.px(24), self.theme.px(26))
            if pos is not None and self.in_clip(pos) and hit.collidepoint(pos):
                self.dragging = True
                self.set_value(self._value_at(pos[0]))
                return True
        elif event.type == pygame.MOUSEMOTION and self.dragging:
            pos = event_pos(event)
            if pos is not None:
                self.set_value(self._value_at(pos[0]))
            return True
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging and is_primary_button(event):
            self.dragging = False
            self._commit()
            return True
        elif event.type == pygame.KEYDOWN and self.focused:
            big = max(self.step, (self.maximum - self.minimum) // 10)
            moves = {
                pygame.K_LEFT: -self.step,
                pygame.K_RIGHT: self.step,
                pygame.K_PAGEDOWN: -big,
                pygame.K_PAGEUP: big,
                pygame.K_HOME: self.minimum - self.value,
                pygame.K_END: self.maximum - self.value,
            }
            if event.key in moves:
                self.set_value(self.value + moves[event.key])
                self._commit()
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        track = self.track_rect()
        fraction = (self.value - self.minimum) / (self.maximum - self.minimum)
        filled = track.copy()
        filled.width = round(track.width * fraction)
        radius = track.height // 2
        # The empty part of the track must still read as a track on the dark panel.
        pygame.draw.rect(surface, (58, 86, 64), track, border_radius=radius)
        if filled.width > 0:
            pygame.draw.rect(
                surface, th.GOLD if self.enabled else th.DISABLED_TEXT, filled, border_radius=radius
            )
        knob_centre = (track.left + filled.width, track.centery)
        knob_radius = t.px(11)
        pygame.draw.circle(
            surface, (6, 24, 12), (knob_centre[0], knob_centre[1] + t.px(2)), knob_radius
        )
        pygame.draw.circle(surface, th.CREAM, knob_centre, knob_radius)
        pygame.draw.circle(surface, th.GOLD_DARK, knob_centre, knob_radius, max(1, t.px(2)))
        if self.focused or self.dragging:
            pygame.draw.circle(
                surface, th.FOCUS, knob_centre, knob_radius + t.px(4), max(1, t.px(2))
            )
        text = t.text(f"{self.value}{self.unit}", 21, th.CREAM)
        surface.blit(text, text.get_rect(midright=(self.rect.right, self.rect.centery)))


class Choice(Widget):
    """One of several named values, shown as ‹ value › and cycled with the arrows."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        choices: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], None] | None = None,
        *,
        wrap: bool = True,
        name: str = "",
    ) -> None:
        super().__init__(rect, theme, name=name)
        if not choices:
            raise ValueError("a choice needs at least one option")
        self.choices = list(choices)
        self.on_change = on_change
        self.wrap = wrap
        values = [v for v, _ in self.choices]
        self.index = values.index(value) if value in values else 0
        self._label_cache: tuple[tuple[str, int, bool], pygame.Surface] | None = None

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @property
    def label(self) -> str:
        return self.choices[self.index][1]

    def set_value(self, value: Any, notify: bool = True) -> None:
        values = [v for v, _ in self.choices]
        if value in values:
            self._select(values.index(value), notify)

    def _select(self, index: int, notify: bool = True) -> None:
        if self.wrap:
            index %= len(self.choices)
        else:
            index = min(len(self.choices) - 1, max(0, index))
        if index == self.index:
            return
        self.index = index
        if notify and self.on_change is not None:
            self.on_change(self.value)

    def step(self, delta: int) -> None:
        self._select(self.index + delta)

    def arrow_width(self) -> int:
        return self.theme.px(34)

    def _label_image(self, room: int) -> pygame.Surface:
        """The current label, shrunk once if it is wider than the box (cached per label)."""
        key = (self.label, room, self.enabled)
        if self._label_cache is None or self._label_cache[0] != key:
            text = self.theme.text(self.label, 21, th.CREAM if self.enabled else th.DISABLED_TEXT)
            if text.get_width() > room:
                text = pygame.transform.smoothscale_by(text, room / text.get_width())
            self._label_cache = (key, text)
        return self._label_cache[1]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and is_primary_button(event):
            pos = event_pos(event)
            if self.contains(pos):
                assert pos is not None
                self.step(-1 if pos[0] < self.rect.left + self.arrow_width() else 1)
                return True
        elif event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key in (pygame.K_RIGHT, *ACTIVATE_KEYS):
                self.step(1)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.rect
        radius = t.px(8)
        pygame.draw.rect(surface, th.BUTTON_PRESSED, box, border_radius=radius)
        pygame.draw.rect(
            surface,
            th.GOLD if self.hovered or self.focused else th.GOLD_DARK,
            box,
            max(1, t.px(2)),
            border_radius=radius,
        )
        arrow = self.arrow_width()
        colour = th.GOLD_LIGHT if self.enabled else th.DISABLED_TEXT
        can_left = self.wrap or self.index > 0
        can_right = self.wrap or self.index < len(self.choices) - 1
        size = t.px(7)
        lx, rx, cy = box.left + arrow // 2, box.right - arrow // 2, box.centery
        if can_left:
            pygame.draw.polygon(
                surface,
                colour,
                [(lx + size // 2, cy - size), (lx - size // 2, cy), (lx + size // 2, cy + size)],
            )
        if can_right:
            pygame.draw.polygon(
                surface,
                colour,
                [(rx - size // 2, cy - size), (rx + size // 2, cy), (rx - size // 2, cy + size)],
            )
        text = self._label_image(box.width - 2 * arrow)
        surface.blit(text, text.get_rect(center=box.center))
        if self.focused:
            draw_focus_ring(surface, box, t)


class Stepper(Choice):
    """A whole number in a range, stepped with the arrows (for short ranges)."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        value: int,
        minimum: int,
        maximum: int,
        step: int = 1,
        on_change: Callable[[Any], None] | None = None,
        *,
        unit: str = "",
        name: str = "",
    ) -> None:
        choices = [(v, f"{v}{unit}") for v in range(minimum, maximum + 1, step)]
        super().__init__(rect, theme, choices, value, on_change, wrap=False, name=name)
