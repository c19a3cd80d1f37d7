"""Playing a friend anywhere with an invite code: the host's "Invite over the internet" screen
and the guest's "Accept an invite" screen (opened from Host and Join).

The host's screen asks the invite server (the magic-wormhole mailbox in Options, Network) for a
code such as `7-crossover-clockwork`, shows it big with a Copy button, the three steps to tell
the friend and what happens next, and waits. The guest types the code into a large text field
(the game's text field, as on the Join screen; capitals and spaces do not matter) and
presses Enter or Accept. Both screens look like Host and Join: one panel sized to its content,
the game's bold gold-ruled buttons, Tab moving the focus, Escape leaving. Once the two games
have met at the mailbox, the game itself connects directly or through the relay
(`NetGame.from_link`), and on connection both go on to the rules agreement exactly as after Host
and Join. Every failure (invite server unreachable, a code mistyped or used up, the friend never
came, the relay down) is said in a sentence with what to try next, and the host can ask for a
new code at once. Leaving the screen gives the code up. The meeting runs on the network thread;
the screen only reads its events each frame."""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.language import N_, _
from game.match import NetGame
from game.match.net_connection import saved_link, shown
from game.netplay import Connected, Failed, Role
from game.netplay.shell.lan import lan_addresses
from game.netplay.shell.tcp import TransportNotice
from game.netplay.shell.wormhole import (
    INVITE_WAIT,
    InviteCode,
    InviteError,
    InviteFailed,
    InvitesUnavailable,
    Linked,
    Rendezvous,
    RendezvousEvent,
    Servers,
    direct_hints,
    normalize_invite,
    open_listener,
)
from game.scenes.net.agreement import connected_scene
from game.scenes.net.screen import NetworkScreen, error_words
from game.ui import theme as th
from game.ui.button import Button
from game.ui.clipboard import clipboard_put
from game.ui.text_entry import TextEntry
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

SETTINGS_HINT = N_("Check the invite server and relay in Options, Network.")
SHELL_TROUBLE = ("relay_down", "dial_failed")
JOIN_BUTTON = N_("Accept an invite code instead")  # the Join screen's button, as it reads
EXAMPLE_CODE = "7-crossover-clockwork"
ACCEPT_TIP = N_("Press Enter when the code is typed. Tab moves to the buttons, Escape goes back.")
CODE_SIZE = 48  # the host's code, read out over the phone: as big as the Host screen's
FIELD_TEXT_SIZE = 28  # the guest's code field, large enough to check each letter typed


def invite_message(code: str) -> str:
    """What Copy puts on the clipboard for the friend."""
    return _('Let\'s play Canasta: choose Join, then "{button}", and type {code}').format(
        button=_(JOIN_BUTTON), code=code
    )


def friend_steps(code: str) -> list[str]:
    """What the host tells the friend, step by step (the code, or "the code" before it comes)."""
    return [
        "1.  " + _("Open Canasta and choose Join."),
        "2.  " + _('Choose "{button}".').format(button=_(JOIN_BUTTON)),
        "3.  " + _("Type {code} and press Accept.").format(code=code or _("the code")),
    ]


class Block:
    """A headed box of wrapped paragraphs inside the panel, measured once per layout: a numbered
    step keeps its number in a column of its own, and paragraphs stand a little apart."""

    def __init__(self, theme: th.Theme, heading: str, text: list[str], width: int) -> None:
        self.heading = heading
        self.rows: list[tuple[int, int, str]] = []  # (x, y) from the first line's top, text
        line = theme.font(17).get_linesize()
        y = 0
        for paragraph in text:
            number, dot, rest = paragraph.partition(".  ")
            indent = theme.font(17).size(number + ". ")[0] if number.isdigit() else 0
            if indent and dot:
                self.rows.append((0, y, number + "."))
                paragraph = rest
            for words in theme.wrap(paragraph, 17, width - indent):
                self.rows.append((indent, y, words))
                y += line
            y += theme.px(6)
        self.height = y - theme.px(6)
        self.rect = pygame.Rect(0, 0, 0, 0)


class _InviteScreen(NetworkScreen):
    """What the two screens share: the panel and its buttons, the meeting at the mailbox, then
    the game's connection, polled every frame, and handing the connected game on to the rules
    agreement."""

    title = ""

    def __init__(
        self,
        app: Host,
        *,
        wait: float | None = None,
        saved: dict[str, Any] | None = None,
        servers: Servers | None = None,
    ) -> None:
        super().__init__(app)
        self.wait = wait
        self.saved = saved  # a saved invite game to reopen instead of meeting anew
        self.given_servers = servers  # the servers a lobby host named, instead of Options'
        self.rendezvous: Rendezvous | None = None
        self.listener: socket.socket | None = None
        self.note = ""
        self.error = ""
        self.clock = 0.0
        self.group = WidgetGroup(horizontal_moves_focus=False)
        self.buttons: dict[str, Button] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.blocks: list[Block] = []
        self.status_y = 0

    @property
    def servers(self) -> Servers:
        if self.given_servers is not None:
            return self.given_servers
        prefs = self.app.prefs
        return Servers(prefs.invite_mailbox, prefs.invite_relay)

    @property
    def awaiting(self) -> bool:
        """Meeting or connecting (a spinner turns)."""
        return not self.error and (self.rendezvous is not None or self.net is not None)

    @property
    def peer(self) -> str:
        return shown(str((self.saved or {}).get("peer", ""))) or _("your opponent")

    def _peer_at_sentence_start(self) -> str:
        """A player's name as they wrote it; only the stand-in is capitalised."""
        named = shown(str((self.saved or {}).get("peer", "")))
        return named or _("Your opponent")

    # -- lifetime -------------------------------------------------------------------------------
    def release_network(self) -> None:
        """Give up the code and any connection not handed on to the table."""
        if self.rendezvous is not None:
            self.rendezvous.cancel()
            self.rendezvous = None
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        super().release_network()

    def reopen(self) -> None:
        """Reconnect the saved invite game through its link: no mailbox, no new code."""
        self.release_network()
        link = saved_link(self.saved)
        if link is None:
            self.failed(_("The saved game has no invite link to reconnect with."))
            return
        try:
            self.net = NetGame.from_link(self.app.prefs, link, resume=self.saved)
        except (OSError, ValueError) as exc:
            self.failed(
                _("The saved game cannot be resumed: {reason}").format(reason=error_words(exc))
            )
            return
        self.error, self.note = "", _("Reconnecting to {name}\u2026").format(name=self.peer)
        self.layout(self.app.size)

    def meet(self, rendezvous: Rendezvous) -> None:
        self.rendezvous = rendezvous.start()
        self.error = ""

    # -- every frame ----------------------------------------------------------------------------
    def poll(self) -> None:
        if self.rendezvous is not None:
            for event in self.rendezvous.poll_events():
                self.on_meeting(event)
        for notice in self.notices():
            if isinstance(notice, Connected):
                assert self.net is not None
                self.connected(self.net)
                return
            if isinstance(notice, Failed):
                self.failed(_(shown(notice.text)))
                return
            if isinstance(notice, TransportNotice) and notice.code in SHELL_TROUBLE:
                self.note = _(shown(notice.text))  # the relay down, or no way through yet

    def on_meeting(self, event: RendezvousEvent) -> None:
        if isinstance(event, InviteCode):
            self.got_code(event)
        elif isinstance(event, Linked):
            self.rendezvous = None
            try:
                self.net = NetGame.from_link(self.app.prefs, event.link, listener=self.listener)
            except (OSError, ValueError) as exc:
                self.failed(
                    _("The game could not start its connection: {reason}").format(
                        reason=error_words(exc)
                    )
                )
                return
            self.listener = None  # the game's endpoint owns it now
            self.note = _(event.text)
        elif isinstance(event, InviteFailed):
            self.rendezvous = None
            self.failed(_(event.text))

    def got_code(self, event: InviteCode) -> None:
        """The host's screen shows the code."""

    def failed(self, text: str) -> None:
        self.release_network()
        self.error, self.note = text, ""
        self.layout(self.app.size)

    def connected(self, net: NetGame) -> None:
        """On to the rules (or straight back to the table for a saved game)."""
        self.handed_on = True
        self.app.stack.replace(connected_scene(self.app, net))

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    # -- layout ---------------------------------------------------------------------------------
    @property
    def inner_width(self) -> int:
        return self.panel.width - self.app.theme.px(96)

    def size_panel(self, size: tuple[int, int], height: int) -> None:
        """The panel as wide as Host's, `height` tall (at most the screen's), centred."""
        t = self.app.theme
        w, h = size
        self.panel = pygame.Rect(0, 0, min(t.px(860), int(w * 0.9)), min(height, int(h * 0.94)))
        self.panel.center = (w // 2, h // 2)

    def place_blocks(self, y: int) -> int:
        """Put the blocks side by side from `y` (all as tall as the tallest); the y below."""
        t = self.app.theme
        if not self.blocks:
            return y
        gap = t.px(20)
        width = (self.inner_width - gap * (len(self.blocks) - 1)) // len(self.blocks)
        height = t.px(14) + t.font(19, "bold").get_linesize() + t.px(6)
        height += max(block.height for block in self.blocks) + t.px(16)
        for index, block in enumerate(self.blocks):
            block.rect = pygame.Rect(
                self.panel.left + t.px(48) + index * (width + gap), y, width, height
            )
        return y + height

    def block_width(self, count: int) -> int:
        """The text width inside each of `count` blocks side by side."""
        t = self.app.theme
        return (self.inner_width - t.px(20) * (count - 1)) // count - t.px(32)

    def status_height(self) -> int:
        """Room for the error (all of it) or two lines of what is being waited for; never
        less, so a short error does not move the panel."""
        t = self.app.theme
        lines = len(t.wrap(self.error, 19, self.inner_width)) if self.error else 0
        return max(2, lines) * t.font(19).get_linesize()

    def place_buttons(self, specs: list[tuple[str, str, Callable[[], None]]]) -> None:
        """The row of buttons along the panel's foot, the first one primary."""
        t = self.app.theme
        p = self.panel
        bw, bh, gap = t.px(230), t.px(50), t.px(16)
        total = len(specs) * bw + (len(specs) - 1) * gap
        x = p.centerx - total // 2
        y = p.bottom - t.px(28) - bh
        for index, (name, label, action) in enumerate(specs):
            self.add_button(
                name, label, action, (x + index * (bw + gap), y, bw, bh), primary=index == 0
            )

    def add_button(
        self,
        name: str,
        label: str,
        action: Callable[[], None],
        rect: tuple[int, int, int, int],
        *,
        primary: bool = False,
        size: int = 21,
    ) -> Button:
        button = Button(
            rect, self.app.theme, _(label), action, text_size=size, primary=primary, name=name
        )
        self.buttons[name] = self.group.add(button)
        return button

    # -- drawing --------------------------------------------------------------------------------
    def draw_lines(
        self, surface: pygame.Surface, lines: list[str], size: int, colour: Any, y: int, x: int = 0
    ) -> int:
        t = self.app.theme
        for line in lines:
            surface.blit(t.text(line, size, colour), (x or self.panel.left + t.px(48), y))
            y += t.font(size).get_linesize()
        return y

    def draw_blocks(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        for block in self.blocks:
            surface.blit(
                t.panel(block.rect.size, fill=th.PANEL_LIGHT, border=th.GOLD_DARK, shadow=False),
                block.rect,
            )
            x, y = block.rect.left + t.px(16), block.rect.top + t.px(14)
            surface.blit(t.text(block.heading, 19, th.GOLD_LIGHT, "bold"), (x, y))
            y += t.font(19, "bold").get_linesize() + t.px(6)
            for dx, dy, words in block.rows:
                surface.blit(t.text(words, 17, th.CREAM), (x + dx, y + dy))

    def draw_status(self, surface: pygame.Surface, y: int, idle: str = "") -> None:
        """The error, or the spinner and what is being waited for (else `idle`, dimmed)."""
        t = self.app.theme
        left = self.panel.left + t.px(48)
        if self.error:
            self.draw_lines(surface, t.wrap(self.error, 19, self.inner_width), 19, th.ERROR, y)
            return
        if not self.note:
            self.draw_lines(surface, t.wrap(idle, 17, self.inner_width), 17, th.CREAM_DIM, y)
            return
        if self.awaiting:
            self.draw_spinner(surface, (left + t.px(12), y + t.px(12)), t.px(10))
        lines = t.wrap(self.note, 19, self.inner_width - t.px(34))[:2]
        self.draw_lines(surface, lines, 19, th.CREAM, y, left + t.px(34))


class InviteScene(_InviteScreen):
    """The host: a code for the friend, Copy, and waiting; a new code after any failure."""

    title = N_("Invite over the internet")

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
        self.intro: list[str] = []
        self.code_y = 0

    def enter(self) -> None:
        super().enter()
        if self.saved is not None:
            self.reopen()
        else:
            self.invite()

    def invite(self) -> None:
        """Ask the invite server for a (new) code; the direct addresses go with it."""
        self.release_network()
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
        except InvitesUnavailable as exc:
            self.failed(_(exc.sentence))
            return
        except InviteError as exc:
            self.failed(f"{_(exc.sentence)} {_(SETTINGS_HINT)}")
            return
        except OSError as exc:
            self.failed(
                _("No port could be opened for your friend's game ({reason}).").format(
                    reason=exc.strerror
                )
            )
            return
        self.meet(rendezvous)
        self.note = _("Asking the invite server for a code\u2026")
        self.layout(self.app.size)

    def again(self) -> None:
        """After a failure: the saved game tries its link again, a new game asks a new code."""
        if self.saved is not None:
            self.reopen()
        else:
            self.invite()

    def got_code(self, event: InviteCode) -> None:
        self.code = event.code
        self.code_note = _(event.used_up) if event.used_up else ""
        self.note = _("Waiting for your friend to type the code\u2026")
        self.layout(self.app.size)

    def copy(self) -> None:
        clipboard_put(invite_message(self.code))
        self.note = _("Copied: paste it to your friend, then wait here.")

    @property
    def shows_code(self) -> bool:
        return bool(self.code) and not self.error

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        self.size_panel(size, 0)  # the width first: the text wraps to it
        width = self.inner_width
        if self.saved is not None:
            intro = _(
                "Your saved game with {name} reconnects through the invite it was started with: "
                "no new code is needed. {they} resumes too, with Join, then Resume saved game."
            ).format(name=self.peer, they=self._peer_at_sentence_start())
            self.blocks = []
        else:
            intro = _(
                "No address or port forwarding needed: the invite server introduces the two "
                "games, which then connect directly when they can, or through a relay."
            )
            minutes = round((self.wait or INVITE_WAIT) / 60)
            self.blocks = [
                Block(t, _("Tell your friend"), friend_steps(self.code), self.block_width(2)),
                Block(
                    t,
                    _("What happens next"),
                    [
                        _(
                            "When your friend's game finds yours, you agree on the rules "
                            "together and the game starts."
                        ),
                        _(
                            "Keep this screen open: the code waits {minutes} minutes, works "
                            "once, and leaving gives it up."
                        ).format(minutes=minutes),
                    ],
                    self.block_width(2),
                ),
            ]
        self.intro = t.wrap(intro, 18, width)
        # measure from the panel's top (placed again once its height is known)
        y = t.px(92) + len(self.intro) * t.font(18).get_linesize() + t.px(14)
        code_y = y
        if self.saved is None and not self.error:
            y += t.px(26) + t.font(CODE_SIZE, "bold").get_linesize()
            if self.code_note:
                y += len(t.wrap(self.code_note, 18, width)) * t.font(18).get_linesize()
            y += t.px(14)
        blocks_y = y
        self.panel.top = 0
        y = self.place_blocks(y) + t.px(18)
        status_y = y
        y += self.status_height() + t.px(18) + t.px(50) + t.px(28)
        self.size_panel(size, y)
        top = self.panel.top
        self.code_y, self.status_y = top + code_y, top + status_y
        self.place_blocks(top + blocks_y)
        self.group.clear()
        self.buttons = {}
        specs: list[tuple[str, str, Callable[[], None]]] = [("cancel", N_("Cancel"), self.cancel)]
        if self.error:
            again = N_("Try again") if self.saved else N_("Invite again")
            specs.insert(0, ("again", again, self.again))
        self.place_buttons(specs)
        if self.shows_code:
            right = self.panel.right - t.px(48)
            line = t.font(CODE_SIZE, "bold").get_linesize()
            middle = self.code_y + t.px(26) + line // 2
            copy = self.add_button(
                "copy",
                N_("Copy"),
                self.copy,
                (right - t.px(150), middle - t.px(24), t.px(150), t.px(48)),
            )
            self.group.set_focus(copy)
        else:
            self.group.focus_first()

    def code_image(self) -> pygame.Surface:
        """The code in bold gold, as large as fits beside the Copy button."""
        t = self.app.theme
        text = self.code if self.shows_code else "\u2014"
        room = self.inner_width - t.px(150 + 24)
        size = CODE_SIZE
        while size > 24 and t.font(size, "bold").size(text)[0] > room:
            size -= 2
        return t.text(text, size, th.GOLD_LIGHT, "bold")

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        p = self.panel
        self.draw_panel(surface, _(self.title), 38, 22)
        left = p.left + t.px(48)
        self.draw_lines(surface, self.intro, 18, th.CREAM_DIM, p.top + t.px(92))
        if self.saved is None and not self.error:
            y = self.code_y
            surface.blit(t.text(_("Invite code"), 17, th.CREAM_DIM), (left, y))
            y += t.px(26)
            line = t.font(CODE_SIZE, "bold").get_linesize()
            image = self.code_image()
            surface.blit(image, image.get_rect(midleft=(left, y + line // 2)))
            if self.code_note:
                lines = t.wrap(self.code_note, 18, self.inner_width)
                self.draw_lines(surface, lines, 18, th.ERROR, y + line)
        self.draw_blocks(surface)
        self.draw_status(surface, self.status_y)
        self.group.draw(surface)


class AcceptScene(_InviteScreen):
    """The guest: type the friend's code, Enter or Accept, and the game connects."""

    title = N_("Accept an invite")

    def __init__(
        self,
        app: Host,
        *,
        wait: float | None = None,
        saved: dict[str, Any] | None = None,
        code: str = "",
        servers: Servers | None = None,
    ) -> None:
        super().__init__(app, wait=wait, saved=saved, servers=servers)
        self.field: TextEntry | None = None
        self.typed = code  # a code a lobby host sent: accepted at once
        self.hint: list[str] = []
        self.saved_lines: list[str] = []
        self.label_y = self.saved_y = 0

    def enter(self) -> None:
        super().enter()
        if self.saved is not None:
            self.reopen()
        elif self.typed:
            self.accept()

    def accept(self) -> None:
        """Check the typed code, then meet the host's game at the mailbox."""
        if self.field is not None:
            self.typed = self.field.text
        self.release_network()
        try:
            code = normalize_invite(self.typed)
            rendezvous = Rendezvous(Role.GUEST, self.servers, code=code, wait=self.wait)
        except InvitesUnavailable as exc:
            self.failed(_(exc.sentence))
            return
        except InviteError as exc:
            # a mistyped code, or a server address to put right in Options
            said = _(exc.sentence)
            self.failed(said if "code" in str(exc) else f"{said} {_(SETTINGS_HINT)}")
            return
        self.typed = code
        self.meet(rendezvous)
        self.note = _("Looking for your friend's game\u2026")
        self.layout(self.app.size)

    def submit(self) -> None:
        """Enter in the field or the Accept button (once: not while already looking)."""
        if not self.awaiting:
            self.accept()

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        self.size_panel(size, 0)
        width = self.inner_width
        field_w, field_h = t.px(480), t.px(56)
        self.hint = t.wrap(
            _("Capitals do not matter, and spaces work as dashes."),
            16,
            width - field_w - t.px(20),
        )
        self.saved_lines = []
        if self.saved is not None:
            self.saved_lines = t.wrap(
                _(
                    "Your saved game with {name} reconnects through its invite, with no code. "
                    "To play a new game instead, type a new code."
                ).format(name=self.peer),
                17,
                width,
            )
        self.blocks = [
            Block(
                t,
                _("Where is the code?"),
                [
                    _(
                        "Your friend chooses Host, then Invite over the internet, and reads or "
                        "sends you the code: a number and two words."
                    )
                ],
                self.block_width(2),
            ),
            Block(
                t,
                _("What happens next"),
                [
                    _(
                        "The two games find each other through the invite server and connect, "
                        "then you agree on the rules together. Each code works once."
                    )
                ],
                self.block_width(2),
            ),
        ]
        # from the panel's top: the label, the field, the saved game's note, the status, blocks
        label_y = t.px(96)
        field_y = label_y + t.px(32)
        y = field_y + field_h + t.px(16)
        saved_y = y
        if self.saved_lines:
            y += len(self.saved_lines) * t.font(17).get_linesize() + t.px(8)
        status_y = y
        y += self.status_height() + t.px(14)
        blocks_y = y
        self.panel.top = 0
        y = self.place_blocks(y) + t.px(22) + t.px(50) + t.px(28)
        self.size_panel(size, y)
        top = self.panel.top
        self.label_y, self.saved_y, self.status_y = top + label_y, top + saved_y, top + status_y
        self.place_blocks(top + blocks_y)
        self.group.clear()
        self.buttons = {}
        self.field = self.group.add(
            TextEntry(
                (self.panel.left + t.px(48), top + field_y, field_w, field_h),
                t,
                self.typed,
                placeholder=EXAMPLE_CODE,
                on_change=self.code_typed,
                on_submit=lambda _text: self.submit(),
                text_size=FIELD_TEXT_SIZE,
                name="code",
            )
        )
        self.place_buttons(
            [("accept", N_("Accept"), self.submit), ("cancel", N_("Cancel"), self.cancel)]
        )
        self.buttons["accept"].enabled = not self.awaiting
        self.group.set_focus(self.field)

    def code_typed(self, text: str) -> None:
        self.typed = text

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT and self.group.focused is not self.field:
            self.group.set_focus(self.field)  # typing goes to the code, wherever the focus was
        return super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        p = self.panel
        self.draw_panel(surface, _(self.title), 38, 22)
        left = p.left + t.px(48)
        label = _("The invite code on your friend's screen:")
        surface.blit(t.text(label, 20, th.CREAM_DIM), (left, self.label_y))
        if self.field is not None:
            rect = self.field.rect
            y = rect.centery - len(self.hint) * t.font(16).get_linesize() // 2
            self.draw_lines(surface, self.hint, 16, th.CREAM_DIM, y, rect.right + t.px(20))
        self.draw_lines(surface, self.saved_lines, 17, th.CREAM_DIM, self.saved_y)
        self.draw_status(surface, self.status_y, _(ACCEPT_TIP))
        self.draw_blocks(surface)
        self.group.draw(surface)
