"""The chat panel of a network table (UG 4.2.5): the conversation so far, a line to type into,
Send and Hide. It covers the scoresheet column while open and folds away into the Chat button,
which then counts the lines not yet read. The log lives in the peer's `ChatLog`; the panel only
draws it, re-wrapping the text when a line arrives rather than every frame.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.language import N_, _
from game.netplay.play.chat import ChatLog
from game.ui import theme as th
from game.ui.button import Button
from game.ui.text_entry import TextEntry
from game.ui.widget import WidgetGroup

TEXT_SIZE = 16
HINT = N_("Messages appear here. Press Enter to send.")
# Keys that never type text: the table's own keys (F2 new game, F6 draw, F7 take the pile, F10
# discard) work while the chat line has the focus.
GAME_KEYS = frozenset(getattr(pygame, f"K_F{n}") for n in range(1, 13))
# Opaque, unlike other panels: the scoresheet beneath must not show through the conversation.
FILL = (16, 52, 32, 255)


def chat_rect(column: pygame.Rect, buttons_top: int, gap: int) -> pygame.Rect:
    """Where the open chat lies: the scoresheet `column`, down to `gap` above the buttons."""
    return pygame.Rect(column.left, column.top, column.width, buttons_top - gap - column.top)


class ChatPanel:
    def __init__(
        self,
        theme: th.Theme,
        rect: pygame.Rect,
        log: ChatLog,
        on_send: Callable[[str], None],
        on_hide: Callable[[], None],
    ) -> None:
        self.theme = theme
        self.rect = pygame.Rect(rect)
        self.log = log
        self.visible = False
        self.note = ""  # a refusal to show above the input line ("Slow down...")
        px = theme.px
        pad = px(10)
        input_h = px(32)
        bottom = self.rect.bottom - pad
        # as wide as its word needs in the language in use ("Send", "Senden")
        send_w = max(px(64), theme.font(15, "bold").size(_("Send"))[0] + px(20))
        self.input = TextEntry(
            (
                self.rect.left + pad,
                bottom - input_h,
                self.rect.width - 2 * pad - send_w - px(6),
                input_h,
            ),
            theme,
            max_length=300,
            placeholder=_("Type a message"),
            text_size=TEXT_SIZE,
            on_submit=lambda _text: self.send(),
            name="chat_input",
        )
        self.send_button = Button(
            (self.input.rect.right + px(6), bottom - input_h, send_w, input_h),
            theme,
            _("Send"),
            self.send,
            text_size=15,
            primary=True,
            name="chat_send",
        )
        # as wide as its word needs in the language in use ("Hide", "Ausblenden")
        hide_w = max(px(60), theme.font(14).size(_("Hide"))[0] + px(24))
        self.hide_button = Button(
            (self.rect.right - pad - hide_w, self.rect.top + pad, hide_w, px(26)),
            theme,
            _("Hide"),
            on_hide,
            text_size=14,
            name="chat_hide",
        )
        self.group = WidgetGroup([self.input, self.send_button, self.hide_button])
        self.on_send = on_send
        self._lines: list[tuple[str, th.Colour]] = []
        self._seen = -1
        # Wrapped once: the panel is only as wide as the scoresheet column.
        self.hint_lines = theme.wrap(_(HINT), TEXT_SIZE, self.log_rect.width)

    @property
    def log_rect(self) -> pygame.Rect:
        px = self.theme.px
        top = self.hide_button.rect.bottom + px(8)
        return pygame.Rect(
            self.rect.left + px(12),
            top,
            self.rect.width - px(24),
            self.input.rect.top - px(26) - top,
        )

    def show(self) -> None:
        self.visible = True
        self.group.set_focus(self.input)
        self.log.mark_read()

    def hide(self) -> None:
        self.visible = False
        self.group.set_focus(None)

    def send(self) -> None:
        text = self.input.text
        if not text.strip():
            return
        self.on_send(text)

    def sent(self) -> None:
        self.input.set_text("")
        self.note = ""

    # -- frame ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.hide()
            return True
        if event.type == pygame.KEYDOWN and self.passes_to_table(event):
            return False
        if self.group.handle_event(event):
            return True
        if event.type in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            return True  # typing belongs to the chat line while the panel is open
        if event.type == pygame.KEYDOWN and self.group.focused is self.input:
            return True
        pos = getattr(event, "pos", None)
        return pos is not None and self.rect.collidepoint(pos)

    def passes_to_table(self, event: pygame.event.Event) -> bool:
        """Whether a key goes to the table though the chat is open: the function keys always;
        Delete (undo) when nothing is being typed in the chat line."""
        if event.key in GAME_KEYS:
            return True
        return event.key == pygame.K_DELETE and not self.input.text

    def update(self, dt: float) -> None:
        if self.visible:
            self.group.update(dt)
            self.log.mark_read()

    def _wrap(self) -> None:
        t = self.theme
        width = self.log_rect.width
        self._lines = []
        for line in self.log.lines:
            colour = th.GOLD_LIGHT if line.from_me else th.CREAM
            for index, piece in enumerate(t.wrap(f"{line.name}: {line.text}", TEXT_SIZE, width)):
                self._lines.append(((piece if index == 0 else "  " + piece), colour))
        self._seen = len(self.log.lines) and id(self.log.lines[-1])

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        t = self.theme
        px = t.px
        surface.blit(t.panel(self.rect.size, fill=FILL), self.rect)
        title = t.text(_("Chat"), 22, th.GOLD_LIGHT, "title")
        surface.blit(title, (self.rect.left + px(12), self.rect.top + px(8)))
        lines = self.log.lines
        if self._seen != (len(lines) and id(lines[-1])):
            self._wrap()
        area = self.log_rect
        step = t.font(TEXT_SIZE).get_linesize()
        room = max(1, area.height // step)
        shown = self._lines[-room:]
        if not shown:
            for index, line in enumerate(self.hint_lines):
                hint = t.text(line, TEXT_SIZE, th.CREAM_DIM)
                surface.blit(hint, (area.left, area.top + index * step))
        for index, (text, colour) in enumerate(shown):
            surface.blit(t.text(text, TEXT_SIZE, colour), (area.left, area.top + index * step))
        if self.note:
            note = t.text(self.note, 14, th.ERROR)
            surface.blit(note, (area.left, self.input.rect.top - px(20)))
        self.group.draw(surface)
