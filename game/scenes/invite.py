"""Playing a friend anywhere with an invite code: the host's "Invite over the internet" screen
and the guest's "Accept an invite" screen (opened from Host and Join).

The host's screen asks the invite server (the magic-wormhole mailbox in Options, Network) for a
code such as `7-crossover-clockwork`, shows it big with a Copy button and one sentence of what to
tell the friend, and waits. The guest types the code into a text field (capitals and spaces do
not matter) and presses Accept. Once the two games have met at the mailbox, the game itself
connects directly or through the relay (`NetGame.from_link`), and on connection both go on to
the rules agreement exactly as after Host and Join. Every failure (invite server unreachable, a
code mistyped or used up, the friend never came, the relay down) is said in a sentence with
what to try next, and the host can ask for a new code at once. Leaving the screen gives the code
up. The meeting runs on the network thread; the screen only reads its events each frame."""

from __future__ import annotations

import math
import socket
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.match import NetGame, NetMatch
from game.match.net_game import saved_link, shown
from game.netplay import Connected, Failed, Role
from game.netplay.shell.lan import lan_addresses
from game.netplay.shell.tcp import TransportNotice
from game.netplay.shell.wormhole import (
    INVITE_WAIT,
    InviteCode,
    InviteError,
    InviteFailed,
    Linked,
    Rendezvous,
    RendezvousEvent,
    Servers,
    direct_hints,
    normalize_invite,
    open_listener,
)
from game.scenes.agreement import AgreementScene
from game.scenes.gui_scene import GuiScene
from game.scenes.table_net import NetTableScene
from game.ui import theme as th
from game.ui.text_input import clipboard_put

if TYPE_CHECKING:
    from game.scenes.base import Host

TELL_FRIEND = (
    "Tell your friend: in Canasta choose Join, then Accept an invite, and type {code}. The code "
    "works once, and only for them."
)
SETTINGS_HINT = "Check the invite server and relay in Options, Network."
SHELL_TROUBLE = ("relay_down", "dial_failed")


def invite_message(code: str) -> str:
    """What Copy puts on the clipboard for the friend."""
    return f"Let's play Canasta: choose Join, then Accept an invite, and type {code}"


class _InviteScreen(GuiScene):
    """What the two screens share: the meeting at the mailbox, then the game's connection,
    polled every frame, and handing the connected game on to the rules agreement."""

    role = Role.HOST

    def __init__(
        self, app: Host, *, wait: float | None = None, saved: dict[str, Any] | None = None
    ) -> None:
        super().__init__(app)
        self.wait = wait
        self.saved = saved  # a saved invite game to reopen instead of meeting anew
        self.rendezvous: Rendezvous | None = None
        self.listener: socket.socket | None = None
        self.net: NetGame | None = None
        self.handed_on = False
        self.note = ""
        self.error = ""
        self.clock = 0.0

    @property
    def servers(self) -> Servers:
        prefs = self.app.prefs
        return Servers(prefs.invite_mailbox, prefs.invite_relay)

    @property
    def awaiting(self) -> bool:
        """Meeting or connecting (a spinner turns)."""
        return not self.error and (self.rendezvous is not None or self.net is not None)

    # -- lifetime -------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.app.inbox_pollers.append(self.poll)

    def leave(self) -> None:
        if self.poll in self.app.inbox_pollers:
            self.app.inbox_pollers.remove(self.poll)
        self.stop()

    def stop(self) -> None:
        """Give up the code and any connection not handed on to the table."""
        if self.rendezvous is not None:
            self.rendezvous.cancel()
            self.rendezvous = None
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        if self.net is not None and not self.handed_on:
            self.net.stop()
        self.net = None

    def reopen(self) -> None:
        """Reconnect the saved invite game through its link: no mailbox, no new code."""
        self.stop()
        link = saved_link(self.saved)
        if link is None:
            self.failed("The saved game has no invite link to reconnect with.")
            return
        try:
            self.net = NetGame.from_link(self.app.prefs, link, resume=self.saved)
        except (OSError, ValueError) as exc:
            self.failed(f"The saved game cannot be resumed: {exc}")
            return
        peer = shown(str((self.saved or {}).get("peer", ""))) or "your opponent"
        self.error, self.note = "", f"Reconnecting to {peer}\u2026"
        self.layout(self.app.size)

    def meet(self, rendezvous: Rendezvous) -> None:
        self.rendezvous = rendezvous.start()
        self.error = ""

    # -- every frame ----------------------------------------------------------------------------
    def poll(self) -> None:
        if self.rendezvous is not None:
            for event in self.rendezvous.poll_events():
                self.on_meeting(event)
        net = self.net
        if net is None or self.handed_on:
            return
        net.pump()
        for notice in net.take():
            if isinstance(notice, Connected):
                self.connected(net)
                return
            if isinstance(notice, Failed):
                self.failed(shown(notice.text))
                return
            if isinstance(notice, TransportNotice) and notice.code in SHELL_TROUBLE:
                self.note = shown(notice.text)  # the relay down, or no way through yet

    def on_meeting(self, event: RendezvousEvent) -> None:
        if isinstance(event, InviteCode):
            self.got_code(event)
        elif isinstance(event, Linked):
            self.rendezvous = None
            try:
                self.net = NetGame.from_link(self.app.prefs, event.link, listener=self.listener)
            except (OSError, ValueError) as exc:
                self.failed(f"The game could not start its connection: {exc}")
                return
            self.listener = None  # the game's endpoint owns it now
            self.note = event.text
        elif isinstance(event, InviteFailed):
            self.rendezvous = None
            self.failed(event.text)

    def got_code(self, event: InviteCode) -> None:
        """The host's screen shows the code."""

    def failed(self, text: str) -> None:
        self.stop()
        self.error, self.note = text, ""
        self.layout(self.app.size)

    def connected(self, net: NetGame) -> None:
        """On to the rules (or straight back to the table for a saved game)."""
        self.handed_on = True
        scene = (
            NetTableScene(self.app, NetMatch(net, self.app.players.records))
            if net.resumed_game
            else AgreementScene(self.app, net)
        )
        self.app.stack.replace(scene)

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    # -- drawing --------------------------------------------------------------------------------
    def button(self, rect: pygame.Rect, label: str, object_id: str) -> None:
        pygame_gui.elements.UIButton(rect, label, manager=self.manager, object_id=object_id)

    def draw_lines(self, surface: pygame.Surface, text: str, size: int, colour: Any, y: int) -> int:
        t = self.app.theme
        for line in t.wrap(text, size, self.panel_rect.width - t.px(48)):
            surface.blit(t.text(line, size, colour), (self.panel_rect.left + t.px(24), y))
            y += t.font(size).get_linesize()
        return y

    def draw_status(self, surface: pygame.Surface, y: int) -> int:
        t = self.app.theme
        if self.error:
            return self.draw_lines(surface, self.error, 20, th.ERROR, y)
        if not self.note:
            return y
        left = self.panel_rect.left + t.px(24)
        if self.awaiting:
            self._draw_spinner(surface, (left + t.px(12), y + t.px(12)), t.px(10))
        surface.blit(t.text(self.note, 20, th.CREAM), (left + t.px(34), y))
        return y + t.font(20).get_linesize()

    def _draw_spinner(self, surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
        for index in range(8):
            angle = index * math.pi / 4
            fade = (index - self.clock * 10) % 8 / 8
            colour = tuple(
                int(a + (b - a) * fade) for a, b in zip(th.GOLD_LIGHT, th.FELT_DARK, strict=False)
            )
            spot = (centre[0] + math.cos(angle) * radius, centre[1] + math.sin(angle) * radius)
            pygame.draw.circle(surface, colour, spot, max(2, radius // 4))


class InviteScene(_InviteScreen):
    """The host: a code for the friend, Copy, and waiting; a new code after any failure."""

    title = "Invite over the internet"
    role = Role.HOST

    def __init__(
        self,
        app: Host,
        *,
        addresses: list[str] | None = None,
        wait: float | None = None,
        saved: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(app, wait=INVITE_WAIT if wait is None else wait, saved=saved)
        self.addresses = lan_addresses() if addresses is None else addresses
        self.code = ""
        self.code_note = ""

    def enter(self) -> None:
        super().enter()
        if self.saved is not None:
            self.reopen()
        else:
            self.invite()

    def invite(self) -> None:
        """Ask the invite server for a (new) code; the direct addresses go with it."""
        self.stop()
        self.code, self.code_note = "", ""
        try:
            self.listener = open_listener(0) if self.addresses else None
            port = self.listener.getsockname()[1] if self.listener is not None else 0
            rendezvous = Rendezvous(
                Role.HOST,
                self.servers,
                hints=direct_hints(self.addresses, port),
                wait=self.wait,
            )
        except InviteError as exc:
            self.failed(f"{exc} {SETTINGS_HINT}")
            return
        except OSError as exc:
            self.failed(f"No port could be opened for your friend's game ({exc.strerror}).")
            return
        self.meet(rendezvous)
        self.note = "Asking the invite server for a code\u2026"
        self.layout(self.app.size)

    def got_code(self, event: InviteCode) -> None:
        self.code = event.code
        self.code_note = "" if event.text.startswith("Tell") else event.text.split(". ")[0] + "."
        self.note = "Waiting for your friend to type the code\u2026"
        self.layout(self.app.size)

    def copy(self) -> None:
        clipboard_put(invite_message(self.code))
        self.note = "Copied: paste it to your friend, then wait here."

    def build(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        p = self.panel_rect
        bw, bh = t.px(260), t.px(50)
        y = p.bottom - t.px(24) - bh
        if self.code and not self.error:
            self.button(
                pygame.Rect(p.right - t.px(24) - t.px(160), p.top + t.px(150), t.px(160), t.px(50)),
                "Copy",
                "#copy",
            )
        specs = [("#cancel", "Cancel")]
        if self.error:
            specs.insert(0, ("#again", "Try again" if self.saved else "Invite again"))
        x = p.centerx - (len(specs) * bw + (len(specs) - 1) * t.px(16)) // 2
        for index, (object_id, label) in enumerate(specs):
            self.button(pygame.Rect(x + index * (bw + t.px(16)), y, bw, bh), label, object_id)

    def on_gui(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        object_id = event.ui_object_id.rsplit(".", 1)[-1]
        if object_id == "#copy":
            self.copy()
        elif object_id == "#again":
            if self.saved is not None:
                self.reopen()
            else:
                self.invite()
        elif object_id == "#cancel":
            self.close()
        else:
            return False
        return True

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        p = self.panel_rect
        surface.blit(t.panel(p.size), p)
        y = self.draw_lines(
            surface,
            "No address or port forwarding needed: the invite server introduces the two games, "
            "which then connect directly when they can, or through a relay.",
            18,
            th.CREAM_DIM,
            p.top + t.px(20),
        )
        top = max(y + t.px(16), p.top + t.px(110))
        surface.blit(t.text("Invite code", 17, th.CREAM_DIM), (p.left + t.px(24), top))
        code = self.code or "\u2014"
        surface.blit(t.text(code, 48, th.GOLD_LIGHT, "bold"), (p.left + t.px(24), top + t.px(28)))
        y = top + t.px(100)
        if self.code and not self.error:
            y = self.draw_lines(surface, TELL_FRIEND.format(code=self.code), 20, th.CREAM, y)
        if self.code_note:
            y = self.draw_lines(surface, self.code_note, 18, th.ERROR, y + t.px(6))
        self.draw_status(surface, y + t.px(16))


class AcceptScene(_InviteScreen):
    """The guest: type the friend's code, Accept, and the game connects."""

    title = "Accept an invite"
    role = Role.GUEST

    def __init__(
        self, app: Host, *, wait: float | None = None, saved: dict[str, Any] | None = None
    ) -> None:
        super().__init__(app, wait=wait, saved=saved)
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.typed = ""

    def enter(self) -> None:
        super().enter()
        if self.saved is not None:
            self.reopen()

    def accept(self) -> None:
        """Check the typed code, then meet the host's game at the mailbox."""
        if self.entry is not None:
            self.typed = self.entry.get_text()
        self.stop()
        try:
            code = normalize_invite(self.typed)
            rendezvous = Rendezvous(Role.GUEST, self.servers, code=code, wait=self.wait)
        except InviteError as exc:
            self.failed(str(exc) if "code" in str(exc) else f"{exc} {SETTINGS_HINT}")
            return
        self.typed = code
        self.meet(rendezvous)
        self.note = "Looking for your friend's game\u2026"
        self.layout(self.app.size)

    def build(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        p = self.panel_rect
        entry_rect = pygame.Rect(p.left + t.px(24), p.top + t.px(130), t.px(480), t.px(54))
        self.entry = pygame_gui.elements.UITextEntryLine(
            entry_rect,
            manager=self.manager,
            object_id="#code",
            placeholder_text="7-crossover-clockwork",
        )
        self.entry.set_text(self.typed)
        self.entry.focus()  # type: ignore[no-untyped-call]
        bw, bh = t.px(220), t.px(50)
        y = p.bottom - t.px(24) - bh
        self.button(
            pygame.Rect(entry_rect.right + t.px(16), entry_rect.top, bw, entry_rect.height),
            "Accept",
            "#accept",
        )
        self.button(pygame.Rect(p.centerx - bw // 2, y, bw, bh), "Cancel", "#cancel")

    def on_gui(self, event: pygame.event.Event) -> bool:
        object_id = event.ui_object_id.rsplit(".", 1)[-1]
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and object_id == "#code":
            self.typed = event.text
            return True
        accept = (event.type == pygame_gui.UI_BUTTON_PRESSED and object_id == "#accept") or (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and object_id == "#code"
        )
        if accept:
            if not self.awaiting:
                self.accept()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and object_id == "#cancel":
            self.close()
            return True
        return False

    def draw_extra(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        p = self.panel_rect
        surface.blit(t.panel(p.size), p)
        self.draw_lines(
            surface,
            "Type the invite code your friend's game shows, a number and words like "
            "7-crossover-clockwork (capitals and spaces do not matter), then press Accept.",
            19,
            th.CREAM,
            p.top + t.px(20),
        )
        self.draw_status(surface, p.top + t.px(210))
