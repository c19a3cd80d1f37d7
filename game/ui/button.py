"""A push button in the table's style: dark green with a gold rule and cream lettering.

The button shows five states: normal, pointed at (lighter, brighter rule), pressed (darker and
nudged down), disabled (greyed) and keyboard focus (a gold ring). Each look is drawn once into a
cached surface and only blitted afterwards. A click counts when the button is released over the
button it was pressed on, as players expect; Enter or Space work when it has the focus.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme as th
from game.ui.widget import ACTIVATE_KEYS, Widget, event_pos, is_primary_button

# A label that does not fit is drawn down to this share of its size before it takes two lines.
SMALLEST_LABEL = 0.8


class Button(Widget):
    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        label: str,
        on_click: Callable[[], None] | None = None,
        *,
        enabled: bool = True,
        text_size: int = 24,
        name: str = "",
        primary: bool = False,
    ) -> None:
        super().__init__(rect, theme, enabled=enabled, name=name or label)
        self._label = label
        self.on_click = on_click
        self.text_size = text_size
        self.primary = primary
        self.pressed = False
        self._selected = False
        self._looks: dict[tuple[str, bool], pygame.Surface] = {}

    @property
    def label(self) -> str:
        return self._label

    @label.setter
    def label(self, value: str) -> None:
        if value != self._label:
            self._label = value
            self.invalidate()

    @property
    def selected(self) -> bool:
        """Shown lit (gold), as the current tab of a row of tabs."""
        return self._selected

    @selected.setter
    def selected(self, value: bool) -> None:
        if value != self._selected:
            self._selected = value
            self.invalidate()

    def invalidate(self) -> None:
        self._looks.clear()

    def state(self) -> str:
        if not self.enabled:
            return "disabled"
        if self.pressed and self.hovered:
            return "pressed"
        if self.hovered:
            return "hover"
        return "normal"

    def click(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and is_primary_button(event):
            if self.contains(event_pos(event)):
                self.pressed = True
                self.hovered = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and is_primary_button(event):
            if self.pressed:
                self.pressed = False
                if self.contains(event_pos(event)):
                    self.click()
                    return True
        elif event.type == pygame.MOUSEMOTION:
            self.hovered = self.contains(event_pos(event))
        elif event.type == pygame.KEYDOWN and self.focused and event.key in ACTIVATE_KEYS:
            self.click()
            return True
        return False

    def _render(self, state: str, focused: bool) -> pygame.Surface:
        t = self.theme
        w, h = self.rect.size
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = t.px(10)
        ring = t.px(3)
        body = pygame.Rect(0, 0, w, h).inflate(-2 * ring, -2 * ring)
        fill = {
            "normal": th.BUTTON,
            "hover": th.BUTTON_HOVER,
            "pressed": th.BUTTON_PRESSED,
            "disabled": th.DISABLED_FILL,
        }[state]
        if self.primary and state in ("normal", "hover"):
            fill = (min(255, fill[0] + 10), min(255, fill[1] + 10), min(255, fill[2] + 10))
        border = {
            "normal": th.GOLD_DARK,
            "hover": th.GOLD_LIGHT,
            "pressed": th.GOLD,
            "disabled": (64, 84, 66),
        }[state]
        text_colour = (
            th.DISABLED_TEXT
            if state == "disabled"
            else (th.GOLD_LIGHT if state == "hover" else th.CREAM)
        )
        if self._selected and state != "disabled":
            fill = th.GOLD_LIGHT if state == "hover" else th.GOLD
            border = th.GOLD_LIGHT
            text_colour = th.INK
        if focused and state != "disabled":
            pygame.draw.rect(
                surface,
                (*th.FOCUS, 150),
                pygame.Rect(0, 0, w, h),
                ring,
                border_radius=radius + ring,
            )
        shadow = body.move(0, t.px(3))
        if state != "pressed":
            pygame.draw.rect(surface, (0, 0, 0, 90), shadow, border_radius=radius)
        face = body.move(0, t.px(2) if state == "pressed" else 0)
        pygame.draw.rect(surface, fill, face, border_radius=radius)
        # A faint light-to-dark wash from the top gives the face some depth; drawn into a
        # mask of the face so the rounded corners stay clean. High contrast keeps faces flat.
        if state != "disabled" and not th.high_contrast:
            wash = pygame.Surface(face.size, pygame.SRCALPHA)
            for row in range(face.height):
                strength = 1.0 - row / max(1, face.height - 1)
                alpha = int(26 * strength * strength)
                pygame.draw.line(wash, (255, 255, 255, alpha), (0, row), (face.width, row))
            mask = pygame.Surface(face.size, pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
            wash.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            surface.blit(wash, face.topleft)
        pygame.draw.rect(surface, border, face, max(1, t.px(2)), border_radius=radius)
        text = self._label_image(text_colour, face.width - t.px(16), face.height)
        surface.blit(text, text.get_rect(center=face.center))
        return surface

    @property
    def smallest_text_size(self) -> int:
        """The smallest size the label is set at before it goes on two lines."""
        return max(8, round(self.text_size * SMALLEST_LABEL))

    def _label_image(self, colour: th.Colour, width: int, height: int) -> pygame.Surface:
        """The label: at its size where it fits, else a little smaller, else on two lines
        (after a colon where it has one: "Melds:" over "as played"); squeezed only as a last
        resort, which the theme's text log hears of."""
        t = self.theme
        sizes = range(self.text_size, self.smallest_text_size - 1, -1)
        for size in sizes:
            if t.font(size, "bold").size(self._label)[0] <= width:
                return t.text(self._label, size, colour, "bold")
        for size in sizes:
            lines = _two_lines(self._label, t, size, width)
            font = t.font(size, "bold")
            step = font.get_ascent() + font.get_descent() // 2
            if lines and step + font.get_height() <= height:
                images = [t.text(line, size, colour, "bold") for line in lines]
                image = pygame.Surface(
                    (max(i.get_width() for i in images), step + images[1].get_height()),
                    pygame.SRCALPHA,
                )
                for index, line in enumerate(images):
                    image.blit(line, line.get_rect(midtop=(image.get_width() // 2, index * step)))
                if t.log is not None:
                    t.log.rendered(image, self._label)
                return image
        text = t.text(self._label, self.text_size, colour, "bold")
        t.misfit(self._label, f"squeezed into a {width} px button")
        return pygame.transform.smoothscale_by(text, width / text.get_width())

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.state(), self.focused)
        look = self._looks.get(key)
        if look is None:
            look = self._render(*key)
            self._looks[key] = look
        surface.blit(look, self.rect)


def _two_lines(label: str, t: th.Theme, size: int, width: int) -> list[str] | None:
    """`label` on two lines no wider than `width`, or None (also when that would cut a word:
    "Übernehm" over "en")."""
    head, colon, tail = label.partition(": ")
    if colon:
        lines = [head + ":", tail]
    else:
        lines = t.wrap(label, size, width, "bold")
        if " ".join(lines) != label:
            return None
    font = t.font(size, "bold")
    if len(lines) != 2 or any(font.size(line)[0] > width for line in lines):
        return None
    return lines
