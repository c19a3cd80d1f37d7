"""The card table for a network game (UG 5): the same table over a `NetMatch`, plus what only a
network game has.

Everything about the game itself (the opponent's moves arriving and paced, refusals from the
host, the connection's state in the status bar, AutoPilot) comes through the `Match` like any
other; when the other player leaves an unfinished game, the dialog of `partner_left` offers what to
do next; at a table of three or four, a player whose connection dropped is waited for
(`table_wait`). What this scene adds is the network's own furniture: a chat
panel behind the Chat button (which counts unread lines; Enter opens it), the AutoPilot button's
words, and Disconnect in the menu.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.language import _
from game.match import NetMatch
from game.netplay import ChatRefused
from game.scenes.dialog import confirm_dialog
from game.scenes.menu import MenuScene
from game.scenes.net.chat import ChatPanel, chat_rect
from game.scenes.net.partner_left import partner_gone
from game.scenes.net.table_wait import TableWait
from game.scenes.table.table import TableOptions, TableScene

if TYPE_CHECKING:
    from game.scenes.base import Host


class NetTableScene(TableScene):
    def __init__(self, app: Host, match: NetMatch, *, options: TableOptions | None = None) -> None:
        super().__init__(app, match, options=options)
        self.net_match = match
        self.chat: ChatPanel | None = None
        self.asked_what_next = False  # the other player left and the dialog has been shown
        self.waiting: TableWait | None = None  # at a table: waiting for a dropped player

    def enter(self) -> None:
        super().enter()
        if self.state.seat_count > 2:
            self.say(
                _("Playing at a table of {n} over the network. Good luck!").format(
                    n=self.state.seat_count
                )
            )
        else:
            self.say(_("Playing {name} over the network. Good luck!").format(name=self._opponent))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        g = self.geometry
        assert g is not None
        was_open = self.chat is not None and self.chat.visible
        typed = self.chat.input.text if self.chat is not None else ""
        self.chat = ChatPanel(
            self.app.theme,
            chat_rect(g.right, g.buttons.top, g.px(8)),
            self.net_match.net.peer.chat.log,
            self.send_chat,
            self.hide_chat,
        )
        self.chat.input.set_text(typed)
        if was_open:
            self.chat.show()

    @property
    def others(self) -> str:
        """The other players of a table of three or four, by name."""
        return ", ".join(self.names[1:])

    # -- buttons: Chat in place of going back a turn, AutoPilot in place of AutoPlay ------------
    def _refresh_buttons(self) -> None:
        super()._refresh_buttons()
        if not self.buttons:
            return
        b = self.buttons
        unread = self.net_match.net.peer.chat.log.unread
        chat_open = self.chat is not None and self.chat.visible
        b["earlier"].label = (
            _("Chat ({count})").format(count=unread) if unread and not chat_open else _("Chat")
        )
        b["earlier"].on_click = self.toggle_chat
        b["earlier"].enabled = True
        b["autoplay"].label = _("AutoPilot: on") if self.match.autoplay else _("AutoPilot")

    # -- chat -----------------------------------------------------------------------------------
    def toggle_chat(self) -> None:
        if self.chat is None:
            return
        if self.chat.visible:
            self.chat.hide()
        else:
            self.chat.show()
        self.hud_dirty = True

    def hide_chat(self) -> None:
        if self.chat is not None:
            self.chat.hide()
        self.hud_dirty = True

    def send_chat(self, text: str) -> None:
        assert self.chat is not None
        try:
            self.net_match.net.say(text)
        except ChatRefused as refusal:
            self.chat.note = str(refusal)
            return
        self.chat.sent()

    # -- the menu: Disconnect -------------------------------------------------------------------
    def open_menu(self) -> None:
        items = [
            (_("Resume"), lambda: None),
            (_("Chat"), self.toggle_chat),
            (_("Options"), self.open_options),
            (_("Disconnect"), self.ask_disconnect),
            (_("Quit"), self.app.quit),
        ]
        self.app.stack.push(
            MenuScene(
                self.app,
                _("Paused"),
                items,
                note=_("{names} keep waiting while this menu is open.").format(names=self.others)
                if self.state.seat_count > 2
                else _("{name} keeps waiting while this menu is open.").format(name=self._opponent),
            )
        )

    def ask_disconnect(self) -> None:
        if self.match.finished or self.net_match.net.status in ("lost", "closed"):
            self.to_title()
            return
        if self.state.seat_count > 2:
            told = _(
                "{names} are told at once, and the game stops for everyone. It is saved so "
                "you can all carry on later."
            ).format(names=self.others)
        else:
            told = _(
                "{name} is told at once. The game is saved so you can both carry on later."
            ).format(name=self._opponent)
        confirm_dialog(
            self.app,
            _("Disconnect?"),
            told,
            lambda yes: self.disconnect() if yes else None,
            yes=_("Disconnect"),
            no=_("Keep playing"),
        )

    @property
    def _opponent(self) -> str:
        """The other player's name, or its stand-in ("the host") in the player's language."""
        return _(self.match.opponent_name)

    def disconnect(self) -> None:
        self.net_match.disconnect()
        self.to_title()

    # -- events and frames ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.chat is not None and self.chat.handle_event(event):
            self.hud_dirty = True
            return True
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_RETURN
            and self.chat is not None
            and not self.chat.visible
        ):
            self.toggle_chat()  # Enter opens the chat line, as in most online games
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.chat is not None:
            self.chat.update(dt)
        gone = self.net_match.left_behind
        if gone and not self.asked_what_next and self.app.stack.top is self:
            self.asked_what_next = True
            partner_gone(self, self.net_match, gone)
        self._wait_for_dropped()

    def _wait_for_dropped(self) -> None:
        """At a table of three or four, a player whose connection dropped stops the game for
        everyone: the waiting dialog covers the table until they are back."""
        if self.waiting is not None and self.waiting.closed:
            self.waiting = None
        waited, _seconds = self.net_match.waiting_for()
        if waited and self.waiting is None and self.app.stack.top is self:
            self.waiting = TableWait(self.app, self.net_match, self.disconnect)
            self.app.stack.push(self.waiting)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.chat is not None:
            self.chat.draw(surface)
