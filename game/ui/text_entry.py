"""A one-line text field (a name, an address, a port, a join code, a chat line): pygame_gui's
`UITextEntryLine`, wearing the theme of `game.ui.gui`, as one of a screen's own controls.

pygame_gui does the editing: characters from `TEXTINPUT` events only (so input methods work and
nothing is typed twice), the caret, Shift and mouse selection, Home/End, Backspace/Delete,
Ctrl+A, the length limit and the allowed characters. This thin wrapper adds what a field among
the game's buttons, switches and sliders needs and pygame_gui lacks:

- the focus in turn with the other controls of a `WidgetGroup` (Tab, a click), the game's focus
  ring, and Tab, Up, Down, Escape and the function keys left to the screen;
- moving with a scrolled page and drawing inside its clip (the field draws its element's image
  itself, so its manager, which holds only this field, is never drawn whole);
- `on_change` and `on_submit` told at once, not on the next frame's pygame_gui event;
- the clipboard through `game.ui.clipboard`, with a paste cleaned for one line (line breaks
  become spaces, characters the field refuses are dropped) and cut to the room left, where
  pygame_gui refuses a paste that is too long and keeps its line breaks;
- Ctrl with the arrows, Backspace and Delete going by word, where pygame_gui jumps to the ends;
- the placeholder in a dimmed ink, kept while the field has the focus and made smaller rather
  than cut, where pygame_gui shows it only unfocused, as if it were typed text;
- the text an input method is still composing (`TEXTEDITING`, which pygame_gui ignores), shown
  underlined at the caret until it is committed.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from game.ui import theme as th
from game.ui.clipboard import clipboard_get, clipboard_put
from game.ui.controls import draw_focus_ring
from game.ui.gui import PAPER, PLACEHOLDER, FallbackFont, make_manager, quiet_update
from game.ui.widget import MOUSE_EVENTS, Widget, event_pos, is_primary_button

# Keys the screen keeps while a field has the focus: they move the focus or leave.
FUNCTION_KEYS = tuple(getattr(pygame, f"K_F{n}") for n in range(1, 13))
SCREEN_KEYS = frozenset((pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_ESCAPE, *FUNCTION_KEYS))
WORD_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_BACKSPACE, pygame.K_DELETE)
SUBMIT_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
COMPOSING = (40, 60, 140)


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def word_left(text: str, index: int) -> int:
    while index > 0 and not _is_word_char(text[index - 1]):
        index -= 1
    while index > 0 and _is_word_char(text[index - 1]):
        index -= 1
    return index


def word_right(text: str, index: int) -> int:
    while index < len(text) and not _is_word_char(text[index]):
        index += 1
    while index < len(text) and _is_word_char(text[index]):
        index += 1
    return index


class TextEntry(Widget):
    """A themed `UITextEntryLine` (`entry`, on its own `manager`) as a focusable control; see
    the module docstring for what it adds."""

    def __init__(
        self,
        rect: pygame.Rect | tuple[int, int, int, int],
        theme: th.Theme,
        text: str = "",
        *,
        max_length: int = 64,
        allowed: str | None = None,
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
        self.composition = ""
        self._selecting = False
        self.manager = make_manager(theme.size, theme.scale, text_size)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(self.rect),
            manager=self.manager,
            object_id=f"#{name}" if name else None,
            initial_text=self.clean(text),
        )
        if self.entry.font is not None:
            # A symbol the field's font lacks (🃏) is drawn in the fallback font, not as a box.
            size = self.entry.font.get_point_size()
            self.entry.font = FallbackFont(theme.fonts.chain("ui", size), size)
            self.entry.rebuild()  # type: ignore[no-untyped-call]
        self.entry.set_text_length_limit(max_length)
        if allowed is not None:
            self.entry.set_allowed_characters(list(allowed))

    # -- content ---------------------------------------------------------------------------
    @property
    def text(self) -> str:
        return self.entry.get_text()

    def set_text(self, text: str) -> None:
        """Put `text` in the field (cleaned and cut to fit), the caret at its end; `on_change`
        is for what the player types, so it is not told."""
        self.entry.set_text(self.clean(text))

    def clean(self, text: str) -> str:
        """`text` as one line of what this field takes, cut to its length."""
        text = text.replace("\r\n", " ").replace("\r", " ").replace("\n", " ")
        kept = (ch for ch in text if ch.isprintable())
        if self.allowed is not None:
            kept = (ch for ch in kept if ch in self.allowed)
        return "".join(kept)[: self.max_length]

    def selection(self) -> tuple[int, int]:
        """The selected span (start, end); empty at the caret when nothing is selected."""
        start, end = sorted(self.entry.select_range)
        if start == end:
            return self.entry.edit_position, self.entry.edit_position
        return start, end

    def selected_text(self) -> str:
        start, end = self.selection()
        return self.text[start:end]

    def _replace(self, start: int, end: int, insert: str) -> None:
        text = self.text
        self.entry.set_text(text[:start] + insert + text[end:])
        self._place_caret(start + len(insert))

    def _place_caret(self, index: int, anchor: int | None = None) -> None:
        entry = self.entry
        entry.select_range = [0, 0] if anchor is None else sorted((anchor, index))
        entry.edit_position = index
        entry.cursor_has_moved_recently = True

    # -- placement and state ---------------------------------------------------------------
    @property
    def rect(self) -> pygame.Rect:
        return self._rect

    @rect.setter
    def rect(self, value: pygame.Rect | tuple[int, int, int, int]) -> None:
        self._rect = pygame.Rect(value)
        self.entry.set_relative_position(self._rect.topleft)
        if self.entry.rect.size != self._rect.size:
            self.entry.set_dimensions(self._rect.size)

    def invalidate(self) -> None:
        # pygame_gui leaves these two without annotations.
        if self.enabled:
            self.entry.enable()  # type: ignore[no-untyped-call]
        else:
            self.entry.disable()  # type: ignore[no-untyped-call]

    def set_focus(self, focused: bool) -> None:
        if focused == self.focused:
            return
        super().set_focus(focused)
        if focused:
            self.manager.set_focus_set(self.entry)
            self._place_caret(len(self.text))
            pygame.key.start_text_input()
            # Tells an input method where to put its candidate window.
            pygame.key.set_text_input_rect(self.rect)
        else:
            self.composition = ""
            self.manager.set_focus_set(None)
            pygame.key.stop_text_input()

    # -- input -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type in MOUSE_EVENTS:
            return self._handle_mouse(event)
        if not self.focused:
            return False
        before = self.text
        used = self._handle_typing(event)
        if self.text != before and self.on_change is not None:
            self.on_change(self.text)
        return used

    def _handle_mouse(self, event: pygame.event.Event) -> bool:
        """A click places the caret (a double click takes a word), a drag selects."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not (is_primary_button(event) and self.contains(event_pos(event))):
                return False
            self._selecting = True
        elif not self._selecting:
            return False
        elif event.type == pygame.MOUSEBUTTONUP:
            self._selecting = False
        self.manager.process_events(event)
        return True

    def _handle_typing(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTEDITING:
            self.composition = event.text
            return True
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.manager.process_events(event)
            return True
        if event.type == pygame.KEYUP:
            self.manager.process_events(event)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if self.composition:
            return True  # the input method owns the keys while it is composing
        return self._handle_key(event)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        mods = getattr(event, "mod", 0)
        # Ctrl on Windows and Linux, Cmd on macOS; Alt with them may type a letter.
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META)) and not mods & pygame.KMOD_ALT
        if key in SCREEN_KEYS:
            return False
        if key in SUBMIT_KEYS:
            if self.on_submit is None:
                return False
            self.on_submit(self.text)
            return True
        if ctrl and key in (pygame.K_c, pygame.K_x, pygame.K_v):
            self._clipboard(key)
            return True
        if ctrl and key in WORD_KEYS:
            self._by_word(key, bool(mods & pygame.KMOD_SHIFT))
            return True
        used = bool(self.manager.process_events(event))
        # Printable keys are used up so the screen's shortcuts do not fire while typing; the
        # character itself comes with the matching TEXTINPUT event.
        unicode = getattr(event, "unicode", "")
        return used or (bool(unicode) and unicode.isprintable() and not ctrl)

    def _clipboard(self, key: int) -> None:
        start, end = self.selection()
        if key == pygame.K_v:
            room = self.max_length - (len(self.text) - (end - start))
            pasted = self.clean(clipboard_get())[: max(0, room)]
            if pasted or start != end:
                self._replace(start, end, pasted)
        elif start != end:
            clipboard_put(self.text[start:end])
            if key == pygame.K_x:
                self._replace(start, end, "")

    def _by_word(self, key: int, shift: bool) -> None:
        text, caret = self.text, self.entry.edit_position
        start, end = self.selection()
        leftwards = key in (pygame.K_LEFT, pygame.K_BACKSPACE)
        target = word_left(text, caret) if leftwards else word_right(text, caret)
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            if start == end:
                start, end = sorted((caret, target))
            self._replace(start, end, "")
        elif shift:
            anchor = caret if start == end else (end if caret == start else start)
            self._place_caret(target, anchor)
        else:
            self._place_caret(target)

    # -- frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        quiet_update(self.manager, dt)

    def text_left(self) -> int:
        """Where the typed text starts: after the rule, the rounded corner and the padding."""
        entry = self.entry
        corner = entry.shape_corner_radius[0] * (1 - 0.7071)
        return self.rect.left + entry.border_width["left"] + round(corner) + entry.padding[0]

    def placeholder_image(self, width: int) -> pygame.Surface:
        """The placeholder, whole: in a smaller size when the field is narrow, never cut."""
        t = self.theme
        size = t.size_to_fit(
            self.placeholder, self.text_size, width, smallest=min(9, self.text_size)
        )
        if t.log is not None and t.font(size).size(self.placeholder)[0] > width:
            t.misfit(self.placeholder, f"wider than its {width} px field even at the smallest size")
        return t.text(self.placeholder, size, PLACEHOLDER)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.entry.image, self.entry.rect)
        left = self.text_left()
        inner = self.rect.right - (left - self.rect.left) - left
        if self.composition:
            self._draw_composition(surface, left, inner)
        elif self.placeholder and not self.text:
            hint = self.placeholder_image(inner)
            surface.blit(hint, hint.get_rect(midleft=(left, self.rect.centery)))
        elif self._cut_for_the_layout_check(inner):
            # Scrolled into view while typing; a field left showing only part of its value
            # is one the layout made too narrow.
            self.theme.misfit(self.text, f"wider than its {inner} px field")
        if self.focused:
            draw_focus_ring(surface, self.rect, self.theme)

    def _cut_for_the_layout_check(self, inner: int) -> bool:
        """Whether the value, not being typed, is wider than the field: measured only while
        the layout check listens (`Theme.record`), not every frame of play."""
        t = self.theme
        return (
            t.log is not None
            and not self.focused
            and t.font(self.text_size).size(self.text)[0] > inner
        )

    def _draw_composition(self, surface: pygame.Surface, left: int, inner: int) -> None:
        """The text being composed, underlined, on paper at the caret (kept inside the field)."""
        t = self.theme
        font = t.font(self.text_size)
        image = t.text(self.composition, self.text_size, COMPOSING)
        x = left + font.size(self.text[: self.entry.edit_position])[0]
        x = max(left, min(x, left + inner - image.get_width()))
        box = image.get_rect(midleft=(x, self.rect.centery))
        pygame.draw.rect(surface, PAPER, box)
        surface.blit(image, box)
        pygame.draw.line(surface, COMPOSING, box.bottomleft, box.bottomright, 1)
