"""The card table for a network game (UG 5): the same table, with the opponent a remote player.

The table still draws a `Game` with the person at the keyboard at the bottom, but that game is a
`TableMirror` of the view the peer holds, rebuilt after every change the host's engine reports.
The person's moves go to the peer instead of an engine (the host's own are checked at once, the
guest's travel to the host), and every change comes back as an `Updated` notice: the person's own
land at once, the opponent's are played one at a time with the same pauses as the computer's, so
they animate just as the computer's do. A refused move shows the host's sentence and changes
nothing. Around the table: the connection status in the status bar, a chat panel behind the Chat
button (which counts unread lines), AutoPilot in place of AutoPlay, and Disconnect in the menu.
Undo to an earlier turn is for games against the computer only (UG 4.3.7).
"""

from __future__ import annotations

import dataclasses
import logging
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame

from game.logic.actions import Action, NextHand
from game.logic.engine import DRAW, GAME_OVER, HAND_OVER, PLAY
from game.logic.events import Event
from game.net_mirror import TableMirror
from game.net_session import ChatRefused, NetGame, save_path
from game.netplay import (
    Closed,
    Failed,
    GameFinished,
    Halted,
    Interrupted,
    Resumed,
    Updated,
)
from game.netplay.peer import LocalRefusal, SaveFailed
from game.netplay.play import Refusal
from game.scenes.dialog import confirm_dialog, message_dialog
from game.scenes.menu import MenuScene
from game.scenes.table import TableOptions, TableScene
from game.scenes.table_chat import ChatPanel
from game.session import HUMAN, HUMAN_SEAT, GameSession

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)

AUTOPILOT_HAND_OVER_SECONDS = 5.0


def visible_only(events: tuple[Event, ...] | list[Event], visible: set[int]) -> list[Event]:
    """Events as a player who sees only `visible` may know them: other cards are counted."""
    out = []
    for event in events:
        shown = tuple(c for c in event.cards if c in visible)
        if len(shown) != len(event.cards):
            info = dict(event.info)
            info["hidden"] = len(event.cards) - len(shown)
            event = dataclasses.replace(event, cards=shown, info=info)
        out.append(event)
    return out


class NetTableScene(TableScene):
    def __init__(self, app: App, net: NetGame, *, options: TableOptions | None = None) -> None:
        self.net = net
        self.mirror = TableMirror(net.seat)
        play = net.peer.play
        assert play is not None and play.view is not None, "the table opens once a hand is dealt"
        game = self.mirror.update(play.view, [], fresh=True)
        session = GameSession(game, seats=(HUMAN, HUMAN), marks=[])
        options = options or TableOptions()
        options.autosave = False  # the solo game's autosave is not this game's business
        super().__init__(app, session, options=options)
        self.updates: deque[Updated] = deque()
        self.remote_wait = 0.0
        self.chat: ChatPanel | None = None
        self.rung = net.chat_arrivals
        self.farewell_shown = False

    # -- lifetime -------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.app.inbox_pollers.append(self.poll)
        self.say(f"Playing {self.net.peer_name} over the network. Good luck!")

    def leave(self) -> None:
        if self.poll in self.app.inbox_pollers:
            self.app.inbox_pollers.remove(self.poll)
        super().leave()
        self.net.stop()

    def wants_quit(self) -> bool:
        return True

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        g = self.geometry
        assert g is not None
        was_open = self.chat is not None and self.chat.visible
        typed = self.chat.input.text if self.chat is not None else ""
        rect = pygame.Rect(
            g.right.left, g.right.top, g.right.width, g.buttons.top - g.px(8) - g.right.top
        )
        self.chat = ChatPanel(
            self.app.theme, rect, self.net.peer.chat.log, self.send_chat, self.hide_chat
        )
        self.chat.input.set_text(typed, notify=False)
        if was_open:
            self.chat.show()

    # -- names and words ------------------------------------------------------------------------
    @property
    def names(self) -> tuple[str, str]:
        name = self.app.prefs.player_name
        return ("You" if name in ("", "Player") else name, self.net.peer_name)

    def default_message(self) -> str:
        net = self.net
        game = self.session.game
        if net.status in ("interrupted", "lost", "closed") and not self._finished():
            return net.status_text
        if game.phase in (HAND_OVER, GAME_OVER):
            return super().default_message()
        if game.to_move != HUMAN_SEAT or self.updates:
            return f"{net.peer_name} is playing\u2026"
        if net.autopilot:
            return "AutoPilot is playing your turn."
        return super().default_message()

    def _rebuild_model(self) -> None:
        super()._rebuild_model()
        status = {
            "connected": "Online",
            "interrupted": "Interrupted",
            "lost": "Disconnected",
            "closed": "Disconnected",
        }.get(self.net.status, "Online")
        self.model = dataclasses.replace(
            self.model,
            opponent_line="Online opponent",
            level_text=f"{status}: {self.net.peer_name}"
            + (" \u00b7 AutoPilot" if self.net.autopilot else ""),
        )

    def _finished(self) -> bool:
        return self.net.peer.result is not None or self.session.game.phase == GAME_OVER

    # -- buttons --------------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        super()._build_buttons()
        self.buttons["earlier"].on_click = self.toggle_chat
        self.buttons["autoplay"].on_click = self.toggle_autoplay
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        super()._refresh_buttons()
        if not self.buttons:
            return
        b = self.buttons
        unread = self.net.peer.chat.log.unread
        b["earlier"].label = f"Chat ({unread})" if unread and not self._chat_open() else "Chat"
        b["earlier"].enabled = True
        b["autoplay"].label = "AutoPilot: on" if self.net.autopilot else "AutoPilot"
        if self.updates or self.net.autopilot:
            for name in ("hint", "undo", "undo_turn"):
                b[name].enabled = False
            b["pass"].visible = False

    def _chat_open(self) -> bool:
        return self.chat is not None and self.chat.visible

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
            self.net.say(text)
        except ChatRefused as refusal:
            self.chat.note = str(refusal)
            return
        self.chat.sent()

    # -- the network ----------------------------------------------------------------------------
    def poll(self) -> None:
        """Every frame, even under a dialog: take what the peer reports."""
        self.net.pump()
        for notice in self.net.take():
            self._notice(notice)
        if self.net.chat_arrivals != self.rung:
            self.rung = self.net.chat_arrivals
            self.app.sounds.play("chat")
            self.hud_dirty = True

    def _notice(self, notice: Any) -> None:
        if isinstance(notice, Updated):
            self.updates.append(notice)
        elif isinstance(notice, (Refusal, LocalRefusal)):
            self.refuse(notice.text)
            self.relayout()
        elif isinstance(notice, Interrupted):
            self.say(self.net.status_text, error=True)
        elif isinstance(notice, Resumed):
            self.say(f"The connection to {self.net.peer_name} is back.")
        elif isinstance(notice, GameFinished):
            save_path(self.net.role).unlink(missing_ok=True)
        elif isinstance(notice, Halted):
            message_dialog(self.app, "Play has stopped", notice.text)
        elif isinstance(notice, (Failed, Closed)):
            self._farewell(notice.text, lost=isinstance(notice, Failed))
        elif isinstance(notice, SaveFailed):
            self.say(f"The game could not be saved: {notice.text}", error=True)
        self.hud_dirty = True

    def _farewell(self, text: str, lost: bool) -> None:
        if self.farewell_shown or self._finished():
            return
        self.farewell_shown = True
        self.say(text, error=True)
        saved = self.net.peer.play is not None and not self.net.peer.play.over
        where = "Host" if self.net.seat == 0 else "Join"
        more = (
            (
                f" The game is saved: choose {where} on the title screen to carry on when you are "
                f"both back."
            )
            if saved
            else ""
        )
        message_dialog(self.app, "Connection lost" if lost else "The game has ended", text + more)

    def _apply_update(self, update: Updated) -> None:
        assert self.choreo is not None and self.board is not None
        self.choreo.fast_forward()
        fresh = update.actor == -1
        visible = update.view.visible_cards()
        events = self.mirror.local_events(visible_only(update.events, visible))
        game = self.mirror.update(update.view, events, fresh, exchange=self.board.exchange)
        if fresh:
            events = self.mirror.deal_events(events)
        self.session.game = game
        self._after(events, by_computer=update.actor != self.net.seat)

    def _drain_updates(self, dt: float) -> None:
        """The player's own moves show at once; the opponent's one at a time, when the cards
        have come to rest and after the same pause the computer takes."""
        ready = not self.animator.busy and self.drag is None
        while self.updates:
            update = self.updates[0]
            if update.actor == self.net.seat:
                self._apply_update(self.updates.popleft())
                continue
            if not ready:
                return
            self.remote_wait += dt
            if self.remote_wait < self._pause():
                return
            self.remote_wait = 0.0
            self._apply_update(self.updates.popleft())
            return

    # -- the person's moves ---------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        if self.net.autopilot:
            self.refuse("AutoPilot is playing your turns: turn it off to play yourself.")
            return False
        if self.updates:
            self.refuse(f"Wait for your turn: {self.net.peer_name} is playing.")
            return False
        if self.session.game.to_move != HUMAN_SEAT and self.session.game.phase in (DRAW, PLAY):
            self.refuse(f"Wait for your turn: {self.net.peer_name} is playing.")
            return False
        if self.net.status in ("lost", "closed"):
            self.refuse("The connection is closed: no more moves can be made.")
            return False
        return super().act(action)

    def perform(self, action: Action, by_computer: bool = False) -> bool:
        if by_computer and not isinstance(action, NextHand):
            return False  # the opponent's moves come from the network, never from here
        self.net.submit(action)
        return True

    def _after_hand_over(self) -> None:
        if self.session.game.phase == GAME_OVER or self.net.peer.result is not None:
            super()._after_hand_over()
            return
        self.net.submit(NextHand())
        self.say(f"Waiting for {self.net.peer_name} to start the next hand\u2026")

    def _auto_seconds(self) -> float | None:
        return AUTOPILOT_HAND_OVER_SECONDS if self.net.autopilot else None

    # -- AutoPilot, menus -----------------------------------------------------------------------
    def toggle_autoplay(self) -> None:
        on = not self.net.autopilot
        self.net.set_autopilot(on, self.app.prefs.skill_level)
        self.hint_close()
        self.script.clear()
        self.say(
            "AutoPilot on: the computer plays your turns until you turn it off."
            if on
            else "AutoPilot off: you play your own turns again."
        )
        self._refresh_buttons()

    def choose_earlier_turn(self) -> None:
        self.refuse("Going back to an earlier turn is only for games against the computer.")

    def open_menu(self) -> None:
        items = [
            ("Resume", lambda: None),
            ("Chat", self.toggle_chat),
            ("Options", self.open_options),
            ("Disconnect", self.ask_disconnect),
            ("Quit", self.app.quit),
        ]
        self.app.stack.push(
            MenuScene(
                self.app,
                "Paused",
                items,
                note=f"{self.net.peer_name} keeps waiting while this menu is open.",
            )
        )

    def ask_disconnect(self) -> None:
        if self._finished() or self.net.status in ("lost", "closed"):
            self.to_title()
            return
        confirm_dialog(
            self.app,
            "Disconnect?",
            f"{self.net.peer_name} is told at once. The game is saved so you can both "
            f"carry on later.",
            lambda yes: self.disconnect() if yes else None,
            yes="Disconnect",
            no="Keep playing",
        )

    def disconnect(self) -> None:
        self.farewell_shown = True
        self.net.leave("The other player disconnected.")
        self.to_title()

    def new_game(self) -> None:
        """After a network game "New game" goes back to the title screen to host or join again."""
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
        self._drain_updates(dt)
        if self.chat is not None:
            self.chat.update(dt)
        if self.hud_dirty:
            self._rebuild_model()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.chat is not None:
            self.chat.draw(surface)
