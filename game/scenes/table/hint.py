"""The hint box on the table (User Guide 4.6.4): why, what to do, and a "Do it" button.

It floats over the middle of the mat while the table stays live underneath. While the Master
level is still thinking it says so; then it shows the one-sentence reason and the suggested moves
in order. "Do it" hands the moves back to the table to perform; "Close" or Escape dismisses it.
`Hints`, a part the table holds, runs the round trip: it asks the match, shows the answer in the
panel with the moves in words, and plays the moves of a "Do it" one by one as the cards settle.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame
from pygame import Rect

from game.language import _
from game.logic.actions import Action, Draw
from game.logic.assist import code_name, explain_hint
from game.logic.phases import DRAW, PLAY
from game.match import ME
from game.scenes.table.layout import TableGeometry
from game.sprites.notation import in_notation
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.match import HintReady, Match, TableState

CARD_CODE_IN_TEXT = re.compile(r"\b(?:10|[2-9JQKA])[SHDC]\b|\bJK\b")


def in_card_names(text: str) -> str:
    """A sentence with any card codes ("JC") written as the table names cards ("J♣")."""
    return CARD_CODE_IN_TEXT.sub(lambda m: code_name(m.group(0)), text)


class HintPanel:
    def __init__(
        self,
        theme: th.Theme,
        geometry: TableGeometry,
        on_do: Callable[[], None],
        on_close: Callable[[], None],
    ) -> None:
        self.theme = theme
        self.geometry = geometry
        self.on_do = on_do
        self.on_close = on_close
        self.state = "hidden"
        self.reason = ""
        self.lines: list[str] = []
        self.can_do = False
        self.group = WidgetGroup()
        self.rect = Rect(0, 0, 0, 0)
        self._wrapped: list[str] = []
        self._wrapped_lines: list[list[str]] = []
        self.do_button: Button | None = None
        self.close_button: Button | None = None

    @property
    def visible(self) -> bool:
        return self.state != "hidden"

    def show_thinking(self) -> None:
        self.state = "thinking"
        self.reason = _("Thinking about your best move\u2026")
        self.lines = []
        self.can_do = False
        self._build()

    def show(self, reason: str, lines: list[str], can_do: bool) -> None:
        self.state = "shown"
        self.reason = reason
        self.lines = lines
        self.can_do = can_do
        self._build()

    def hide(self) -> None:
        self.state = "hidden"
        self.group.clear()

    def _build(self) -> None:
        t, g = self.theme, self.geometry
        width = min(g.px(520), g.mat.width - g.px(40))
        pad = g.px(18)
        self._wrapped = t.wrap(self.reason, 18, width - 2 * pad)
        line_h = t.font(18).get_linesize()
        list_h = t.font(16).get_linesize()
        # The moves are explained in sentences: each wraps under its number.
        self._wrapped_lines = [
            t.wrap(f"{index + 1}.  {line}", 16, width - 2 * pad - g.px(8))
            for index, line in enumerate(self.lines)
        ]
        height = (
            pad
            + g.px(30)
            + line_h * len(self._wrapped)
            + g.px(8)
            + list_h * sum(len(lines) for lines in self._wrapped_lines)
            + g.px(14)
            + g.px(38)
            + pad
        )
        self.rect = Rect(0, 0, width, height)
        self.rect.center = (g.mat.centerx, g.mat.centery)
        button_w, button_h = g.px(130), g.px(38)
        y = self.rect.bottom - pad - button_h
        self.group.clear()
        self.do_button = Button(
            (self.rect.centerx - button_w - g.px(8), y, button_w, button_h),
            t,
            _("Do it"),
            self.on_do,
            text_size=18,
            primary=True,
            enabled=self.can_do,
            name="hint:do",
        )
        self.close_button = Button(
            (self.rect.centerx + g.px(8), y, button_w, button_h),
            t,
            _("Close"),
            self.on_close,
            text_size=18,
            name="hint:close",
        )
        self.group.add(self.do_button)
        self.group.add(self.close_button)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self.group.handle_event(event):
            return True
        pos = getattr(event, "pos", None)
        # Clicks on the box itself go no further (they would otherwise meld on the mat below).
        return (
            pos is not None
            and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            and self.rect.collidepoint(pos)
        )

    def update(self, dt: float) -> None:
        if self.visible:
            self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        t, g = self.theme, self.geometry
        surface.blit(t.panel(self.rect.size, fill=th.PANEL_LIGHT, radius=14), self.rect)
        pad = g.px(18)
        y = self.rect.top + pad
        title = t.text(_("Hint"), 22, th.GOLD_LIGHT, "title")
        surface.blit(title, (self.rect.left + pad, y - g.px(4)))
        y += g.px(30)
        for line in self._wrapped:
            surface.blit(t.text(line, 18, th.CREAM), (self.rect.left + pad, y))
            y += t.font(18).get_linesize()
        y += g.px(8)
        for lines in self._wrapped_lines:
            for line in lines:
                surface.blit(t.text(line, 16, th.GOLD_LIGHT), (self.rect.left + pad + g.px(8), y))
                y += t.font(16).get_linesize()
        self.group.draw(surface)


class HintTable(Protocol):
    """What the hints use of the table that holds them."""

    match: Match
    state: TableState
    hint: HintPanel | None

    @property
    def notation(self) -> str: ...

    def act(self, action: Action) -> bool: ...
    def refuse(self, text: str) -> None: ...


class Hints:
    """A hint asked of the match, shown in the table's panel, and its moves done on request."""

    def __init__(self, table: HintTable) -> None:
        self.table = table
        self.script: deque[Action] = deque()  # the moves of a "Do it" still to play
        self.rehint = False  # ask again once the script is done (it ended with a draw)
        self.waiting = False
        self.actions: list[Action] = []

    def request(self) -> None:
        table = self.table
        state, match = table.state, table.match
        if (
            match.autoplay
            or state.phase not in (DRAW, PLAY)
            or state.to_move != ME
            or match.opponent_pending
        ):
            table.refuse(_("Hints are given on your turn."))
            return
        assert table.hint is not None
        table.hint.show_thinking()
        match.ask_hint()
        self.waiting = True

    def ready(self, note: HintReady) -> None:
        """The match's answer: shown if the table still waits for it."""
        if not self.waiting:
            return
        self.waiting = False
        panel = self.table.hint
        assert panel is not None
        if not note.actions:
            panel.show(_(note.text), [], False)
            return
        self.actions = list(note.actions)
        words = explain_hint(self.table.state.view, self.actions)
        notation = self.table.notation
        panel.show(
            in_notation(in_card_names(_(note.text)), notation),
            [in_notation(_(line), notation) for line in words],
            True,
        )

    def do(self) -> None:
        assert self.table.hint is not None
        actions = list(self.actions)
        self.table.hint.hide()
        self.script = deque(actions)
        # After a suggested draw, the next suggestion follows once the new cards are in hand.
        self.rehint = bool(actions) and isinstance(actions[-1], Draw)

    def close(self) -> None:
        if self.table.hint is not None:
            self.table.hint.hide()
        self.cancel()

    def cancel(self) -> None:
        """Stop waiting for an answer (the table moved on)."""
        if self.waiting:
            self.table.match.cancel_hint()
            self.waiting = False

    def play_next(self) -> None:
        """One move of a "Do it"; a refused one ends the script."""
        action = self.script.popleft()
        if not self.table.act(action):
            self.script.clear()
            return
        if not self.script and self.rehint:
            self.rehint = False
            self.request()
