"""A one-line text entry: player name now, host address and chat later.

Characters arrive only through `TEXTINPUT` events, never from `KEYDOWN.unicode`, so input methods
for accented letters and Asian scripts work and nothing is typed twice; text still being
composed in an input method (`TEXTEDITING`) is shown underlined at the cursor until committed.
Editing keys behave as in any desktop field: arrows and Home/End (Shift selects, Ctrl jumps by
word), Backspace/Delete, Ctrl+A, and Ctrl+C/X/V through the system clipboard (`pygame.scrap`),
falling back to a private clipboard where the system one is unavailable.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme as th
from game.ui.clipboard import clipboard_get, clipboard_put
from game.ui.controls import draw_focus_ring
from game.ui.widget import Widget, event_pos, is_primary_button

PLACEHOLDER_COLOUR = (120, 120, 110)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


class TextInput(Widget):
    BLINK = 0.53

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        text: str = "",
        *,
        max_length: int = 64,
        allowed: str | Callable[[str], bool] | None = None,
        placeholder: str = "",
        on_change: Callable[[str], None] | None = None,
        on_submit: Callable[[str], None] | None = None,
        text_size: int = 22,
        name: str = "",
    ) -> None:
        super().__init__(rect, theme, name=name)
        self.max_length = max_length
        self.allowed = allowed
        self.placeholder = placeholder
        self.on_change = on_change
        self.on_submit = on_submit
        self.text_size = text_size
        self._text = ""
        self.cursor = 0
        self.anchor = 0
        self.composition = ""
        self._blink = 0.0
        self._scroll = 0
        self._offsets: list[int] = [0]
        self._mouse_selecting = False
        self.set_text(text, notify=False)

    # -- content ---------------------------------------------------------------------------
    @property
    def text(self) -> str:
        return self._text

    def set_text(self, text: str, notify: bool = True) -> None:
        text = self._filter(text)[: self.max_length]
        changed = text != self._text
        self._text = text
        self.cursor = self.anchor = len(text)
        self._measure()
        if changed and notify and self.on_change is not None:
            self.on_change(text)

    def _filter(self, text: str) -> str:
        text = "".join(ch for ch in text if ch.isprintable())
        if self.allowed is None:
            return text
        if callable(self.allowed):
            return "".join(ch for ch in text if self.allowed(ch))
        return "".join(ch for ch in text if ch in self.allowed)

    def _font(self) -> pygame.font.Font:
        return self.theme.font(self.text_size)

    def _measure(self) -> None:
        # Prefix widths, computed once per edit, give cursor and click positions without
        # measuring text every frame.
        font = self._font()
        self._offsets = [font.size(self._text[:i])[0] for i in range(len(self._text) + 1)]

    @property
    def selection(self) -> tuple[int, int]:
        return (min(self.anchor, self.cursor), max(self.anchor, self.cursor))

    def selected_text(self) -> str:
        start, end = self.selection
        return self._text[start:end]

    def _replace_selection(self, insert: str) -> None:
        start, end = self.selection
        insert = self._filter(insert)
        room = self.max_length - (len(self._text) - (end - start))
        insert = insert[: max(0, room)]
        if not insert and start == end:
            return
        self._text = self._text[:start] + insert + self._text[end:]
        self.cursor = self.anchor = start + len(insert)
        self._edited()

    def _edited(self) -> None:
        self._measure()
        self._blink = 0.0
        if self.on_change is not None:
            self.on_change(self._text)

    def _move(self, position: int, select: bool) -> None:
        self.cursor = min(len(self._text), max(0, position))
        if not select:
            self.anchor = self.cursor
        self._blink = 0.0

    def _word_left(self, index: int) -> int:
        while index > 0 and not _is_word_char(self._text[index - 1]):
            index -= 1
        while index > 0 and _is_word_char(self._text[index - 1]):
            index -= 1
        return index

    def _word_right(self, index: int) -> int:
        n = len(self._text)
        while index < n and not _is_word_char(self._text[index]):
            index += 1
        while index < n and _is_word_char(self._text[index]):
            index += 1
        return index

    # -- focus -----------------------------------------------------------------------------
    def set_focus(self, focused: bool) -> None:
        if focused == self.focused:
            return
        super().set_focus(focused)
        self._blink = 0.0
        if focused:
            pygame.key.start_text_input()
            # Tells an input method where to put its candidate window.
            pygame.key.set_text_input_rect(self.rect)
        else:
            self.composition = ""
            self.anchor = self.cursor
            pygame.key.stop_text_input()

    # -- input -----------------------------------------------------------------------------
    def _index_at(self, x: int) -> int:
        local = x - self._text_left() + self._scroll
        best = 0
        for index, offset in enumerate(self._offsets):
            if abs(offset - local) < abs(self._offsets[best] - local):
                best = index
        return best

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and is_primary_button(event):
            pos = event_pos(event)
            if self.contains(pos):
                assert pos is not None
                shift = pygame.key.get_mods() & pygame.KMOD_SHIFT
                self._move(self._index_at(pos[0]), bool(shift))
                self._mouse_selecting = True
                return True
            return False
        if event.type == pygame.MOUSEMOTION and self._mouse_selecting:
            pos = event_pos(event)
            if pos is not None:
                self._move(self._index_at(pos[0]), True)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._mouse_selecting:
            self._mouse_selecting = False
            return True
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self._replace_selection(event.text)
            return True
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            return True
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event)
        return False

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        mods = getattr(event, "mod", 0)
        shift = bool(mods & pygame.KMOD_SHIFT)
        # Ctrl on Windows/Linux, Cmd on macOS.
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if self.composition:
            # The input method owns the keys while it is composing.
            return True
        if key == pygame.K_LEFT:
            if self.selection[0] != self.selection[1] and not shift:
                self._move(self.selection[0], False)
            else:
                self._move(self._word_left(self.cursor) if ctrl else self.cursor - 1, shift)
            return True
        if key == pygame.K_RIGHT:
            if self.selection[0] != self.selection[1] and not shift:
                self._move(self.selection[1], False)
            else:
                self._move(self._word_right(self.cursor) if ctrl else self.cursor + 1, shift)
            return True
        if key == pygame.K_HOME:
            self._move(0, shift)
            return True
        if key == pygame.K_END:
            self._move(len(self._text), shift)
            return True
        if key == pygame.K_BACKSPACE:
            if self.selection[0] == self.selection[1]:
                self.anchor = self._word_left(self.cursor) if ctrl else max(0, self.cursor - 1)
            self._replace_selection("")
            return True
        if key == pygame.K_DELETE:
            if self.selection[0] == self.selection[1]:
                self.anchor = (
                    self._word_right(self.cursor) if ctrl else min(len(self._text), self.cursor + 1)
                )
            self._replace_selection("")
            return True
        if ctrl and key == pygame.K_a:
            self.anchor, self.cursor = 0, len(self._text)
            return True
        if ctrl and key in (pygame.K_c, pygame.K_x):
            if self.selected_text():
                clipboard_put(self.selected_text())
                if key == pygame.K_x:
                    self._replace_selection("")
            return True
        if ctrl and key == pygame.K_v:
            pasted = clipboard_get().replace("\r", " ").replace("\n", " ")
            self._replace_selection(pasted)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self._text)
                return True
            return False
        # Printable keys are consumed so menu shortcuts do not fire while typing; the
        # character itself comes with the matching TEXTINPUT event.
        unicode = getattr(event, "unicode", "")
        return bool(unicode) and unicode.isprintable() and not ctrl

    # -- drawing ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % (2 * self.BLINK)

    def _text_left(self) -> int:
        return self.rect.left + self.theme.px(12)

    def placeholder_image(self, width: int) -> pygame.Surface:
        """The placeholder, whole: in a smaller size when the field is narrow, never cut."""
        t = self.theme
        size = self.text_size
        while size > 9 and t.font(size).size(self.placeholder)[0] > width:
            size -= 1
        return t.text(self.placeholder, size, PLACEHOLDER_COLOUR)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.theme
        box = self.rect
        radius = t.px(8)
        pygame.draw.rect(
            surface, (246, 240, 222) if self.enabled else (150, 150, 140), box, border_radius=radius
        )
        pygame.draw.rect(
            surface,
            th.GOLD if self.focused else th.GOLD_DARK,
            box,
            max(1, t.px(2)),
            border_radius=radius,
        )
        inner = box.inflate(-2 * t.px(12), -t.px(6))
        font_height = self._font().get_height()
        text_y = box.centery - font_height // 2
        # Keep the cursor inside the box by scrolling the text.
        cursor_x = self._offsets[self.cursor]
        if cursor_x - self._scroll > inner.width:
            self._scroll = cursor_x - inner.width
        elif cursor_x - self._scroll < 0:
            self._scroll = cursor_x
        self._scroll = max(0, min(self._scroll, max(0, self._offsets[-1] - inner.width)))
        previous_clip = surface.get_clip()
        surface.set_clip(inner.clip(previous_clip) if previous_clip else inner)
        x0 = inner.left - self._scroll
        start, end = self.selection
        if self.focused and start != end:
            sel = pygame.Rect(
                x0 + self._offsets[start],
                text_y,
                self._offsets[end] - self._offsets[start],
                font_height,
            )
            pygame.draw.rect(surface, (170, 196, 236), sel)
        if self._text:
            surface.blit(t.text(self._text, self.text_size, th.INK), (x0, text_y))
        elif self.placeholder and not self.composition:
            hint = self.placeholder_image(inner.width)
            surface.blit(hint, hint.get_rect(midleft=(inner.left, inner.centery)))
        caret_x = x0 + cursor_x
        if self.composition:
            comp = t.text(self.composition, self.text_size, (40, 60, 140))
            surface.blit(comp, (caret_x, text_y))
            pygame.draw.line(
                surface,
                (40, 60, 140),
                (caret_x, text_y + font_height - 1),
                (caret_x + comp.get_width(), text_y + font_height - 1),
                1,
            )
            caret_x += comp.get_width()
        if self.focused and self._blink < self.BLINK:
            pygame.draw.line(
                surface,
                th.INK,
                (caret_x, text_y + 1),
                (caret_x, text_y + font_height - 2),
                max(1, t.px(2)),
            )
        surface.set_clip(previous_clip)
        if self.focused:
            draw_focus_ring(surface, box, t)
