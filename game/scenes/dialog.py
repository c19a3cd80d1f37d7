"""Modal dialogs: a message with OK, a question with Yes/No (or any buttons), and the error report.

A `DialogScene` is pushed over the current screen, which stays visible but dimmed and frozen
until the dialog closes. The buttons answer with a value passed to `on_result`; Escape answers
with `cancel_value`, Enter presses the focused button (the default one when it opens), and the
arrow keys move between buttons. `CrashScene` is the dialog the app shows after an error.
With speech on, a dialog reads its title and message aloud as it opens, and closing it (or a
new dialog opening over it) stops the reading when the player asked for that.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.language import _
from game.scenes.base import Scene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host


class DialogScene(Scene):
    overlay = True
    covers_overlays = True

    def __init__(
        self,
        app: Host,
        title: str,
        message: str,
        buttons: Sequence[tuple[str, Any]] = (("OK", True),),
        *,
        on_result: Callable[[Any], None] | None = None,
        default: int = 0,
        cancel_value: Any = None,
        width: int = 600,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.message = message
        self.button_specs = list(buttons)
        self.on_result = on_result
        self.default = default
        self.cancel_value = cancel_value
        self.width = width
        self.result: Any = None
        self.closed = False
        self.group = WidgetGroup(focus_follows_mouse=False)
        self.buttons: list[Button] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self._lines: list[str] = []
        self._title_lines: list[str] = []
        self._dim: pygame.Surface | None = None

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        pad, gap = t.px(32), t.px(16)
        widths, width = self._button_widths(size, pad, gap)
        self._lines = t.wrap(self.message, 22, width - 2 * pad)
        # A long title wraps like the message, never out of the panel.
        self._title_lines = t.wrap(self.title, 34, width - 2 * pad, "title")
        line_h = t.font(22).get_linesize()
        title_h = t.font(34, "title").get_linesize() * len(self._title_lines)
        button_h = t.px(50)
        height = pad + title_h + t.px(14) + line_h * len(self._lines) + t.px(28) + button_h + pad
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        total = sum(widths) + (len(widths) - 1) * gap
        x = self.panel_rect.centerx - total // 2
        y = self.panel_rect.bottom - pad - button_h
        focused_index = (
            self.buttons.index(self.group.focused)
            if self.group.focused in self.buttons
            else self.default
        )
        self.group.clear()
        self.buttons = []
        for index, (label, value) in enumerate(self.button_specs):
            button = Button(
                (x, y, widths[index], button_h),
                t,
                label,
                functools.partial(self.close, value),
                primary=index == self.default,
                text_size=22,
            )
            self.buttons.append(self.group.add(button))
            x += widths[index] + gap
        if self.buttons:
            self.group.set_focus(self.buttons[min(focused_index, len(self.buttons) - 1)])
        self._dim = None

    def _button_widths(self, size: tuple[int, int], pad: int, gap: int) -> tuple[list[int], int]:
        """Each button's width and the dialog's: alike, unless a long label (a name on it)
        needs more, when its button and the dialog widen as far as the screen allows."""
        t = self.app.theme
        widest = int(size[0] * 0.86)
        width = min(t.px(self.width), widest)
        count = max(1, len(self.button_specs))
        gaps = gap * (count - 1)
        alike = min(t.px(200), (width - 2 * pad - gaps) // count)
        font = t.font(22, "bold")
        widths = [max(alike, font.size(label)[0] + t.px(40)) for label, _value in self.button_specs]
        width = min(max(width, sum(widths) + gaps + 2 * pad), widest)
        room = width - 2 * pad - gaps
        if sum(widths) > room:  # the screen is too narrow: each gives up its share
            widths = [w * room // sum(widths) for w in widths]
        return widths, width

    def enter(self) -> None:
        super().enter()
        self.app.speech.interrupt()
        self.app.speech.say(self.title)
        self.app.speech.say(self.message)

    def close(self, result: Any) -> None:
        if self.closed:
            return
        self.closed = True
        self.app.speech.interrupt()
        self.result = result
        self.app.stack.remove(self)
        if self.on_result is not None:
            self.on_result(result)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close(self.cancel_value)
            return True
        if self.group.handle_event(event):
            return True
        # Modal: nothing reaches the screen underneath.
        return True

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def busy(self) -> bool:
        return False  # still until the player answers

    def draw_dim(self, surface: pygame.Surface) -> None:
        if self._dim is None or self._dim.get_size() != surface.get_size():
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._dim.fill((0, 12, 4, 175))
        surface.blit(self._dim, (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        self.draw_dim(surface)
        surface.blit(t.panel(self.panel_rect.size, fill=th.PANEL_LIGHT, radius=18), self.panel_rect)
        pad = t.px(32)
        y = self.panel_rect.top + pad
        for line in self._title_lines:
            title = t.text(line, 34, th.GOLD_LIGHT, "title")
            surface.blit(title, title.get_rect(midtop=(self.panel_rect.centerx, y)))
            y += t.font(34, "title").get_linesize()
        y += t.px(14)
        line_h = t.font(22).get_linesize()
        for line in self._lines:
            text = t.text(line, 22, th.CREAM)
            surface.blit(text, text.get_rect(midtop=(self.panel_rect.centerx, y)))
            y += line_h
        self.group.draw(surface)


def message_dialog(
    app: Host, title: str, message: str, on_close: Callable[[Any], None] | None = None
) -> DialogScene:
    """Show a message with an OK button."""
    dialog = DialogScene(
        app, title, message, ((_("OK"), True),), on_result=on_close, cancel_value=True
    )
    app.stack.push(dialog)
    return dialog


def confirm_dialog(
    app: Host,
    title: str,
    message: str,
    on_result: Callable[[bool], None],
    *,
    yes: str | None = None,
    no: str | None = None,
    default_yes: bool = False,
) -> DialogScene:
    """Ask a yes/no question; Escape counts as no."""
    dialog = DialogScene(
        app,
        title,
        message,
        ((yes or _("Yes"), True), (no or _("No"), False)),
        on_result=on_result,
        default=0 if default_yes else 1,
        cancel_value=False,
    )
    app.stack.push(dialog)
    return dialog


class CrashScene(DialogScene):
    """Shown in place of everything after an error, with where the details were saved."""

    overlay = False

    def __init__(self, app: Host, summary: str, log_path: Path) -> None:
        buttons: list[tuple[str, Any]] = []
        if app.home is not None:
            buttons.append((_("Back to title"), "home"))
        buttons.append((_("Quit"), "quit"))
        message = "\n\n".join(
            (
                _("Canasta hit an unexpected problem and stopped what it was doing."),
                _shorten(summary, 160),
                _("The details were saved to {path}").format(path=log_path),
            )
        )
        super().__init__(
            app,
            _("Something went wrong"),
            message,
            buttons,
            on_result=self._chosen,
            cancel_value="home" if app.home else "quit",
            width=760,
        )
        self.log_path = log_path

    def _chosen(self, choice: Any) -> None:
        if choice == "home" and self.app.home is not None:
            self.app.running = True
            self.app.stack.push(self.app.home(self.app))
        else:
            self.app.quit()

    def close(self, result: Any) -> None:
        if self.closed:
            return
        self.closed = True
        self.result = result
        # Remove without letting an empty stack quit the app before the choice is made.
        self.app.stack.drop_all()
        if self.on_result is not None:
            self.on_result(result)

    def draw_dim(self, surface: pygame.Surface) -> None:
        # Nothing lies beneath to dim: the dialog stands on the bare table.
        surface.blit(self.app.theme.felt(), (0, 0))


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"
