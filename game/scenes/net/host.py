"""Hosting a network game (UG 4.2.3, 5.1, 5.2): the addresses to give a friend, and waiting.

The screen starts listening at once on the player's port with a fresh join code, and shows this
machine's LAN addresses with that port beside the code, big enough to read out, and in one
sentence what to tell the friend (Copy puts that sentence on the clipboard). A wrong code is
reported while the host keeps waiting; after three, the session picks a new code and the screen
shows it and says why. Nothing here asks the internet for a public address:
over the internet the friend needs the router's public address, and the router must forward the
port to this computer, which one sentence explains. The port can be changed (Enter or Listen
restarts listening there, and it is remembered). While waiting the player may play a solo game;
the host keeps listening underneath, and when a guest connects a dialog offers to start the
network game. A game saved after a lost connection can be resumed from here, a table of three
or four too: it listens again on its port with its code and lists each guest seat as its guest
comes back, then goes on to the table once every guest has rejoined. Cancel stops
listening. While a new game waits for its guest (and the game runs in a window), it is listed
on the Join screens of players on the same network, and the screen says so; the listing goes
when the guest arrives or the host leaves.

Players (2, 3 or 4) makes it a table: each other seat is a guest's or a computer's at a level
(its button goes round them, as Options → Player does for a solo table; both are remembered
for next time, in the player's preferences), and every guest
types the same code. The waiting list shows each seat and who sits there: the host, a free guest
seat, a guest's name (reading the rules, or accepted), a computer's level. A guest who declines
the rules frees its seat again. The game starts once every guest seat is taken and every guest
has accepted the host's rules. While a guest seat is free, the table is listed on the Join screens
of the same network with its free seats (a seat freed before the game lists it again). "Wait for
partners" hands the listening table to the lobby's screen, where strangers ask for its free
seats. A table is not hosted by invite code.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import APP_VERSION
from game.language import N_, _
from game.match import SKILL_TITLES, NetGame, saved_game
from game.match.net_connection import how_to_resume, my_terms, saved_link, shown
from game.match.net_table import NetTable, SeatRow
from game.netplay import Connected, GuestTurnedAway, Role
from game.netplay.addresses import format_endpoint
from game.netplay.play.table_peer import GuestNotice, SeatFreed
from game.netplay.shell.discovery import Advertisement, TableListing
from game.netplay.shell.lan import lan_addresses
from game.netplay.shell.tcp import NetplayHost
from game.scenes.dialog import confirm_dialog
from game.scenes.flow import start_new_game
from game.scenes.net.agreement import connected_scene, table_scene
from game.scenes.net.invite import InviteScene
from game.scenes.net.screen import NetworkScreen, draw_watch, error_words
from game.settings import GUEST, Preferences
from game.ui import theme as th
from game.ui.button import Button
from game.ui.clipboard import clipboard_put
from game.ui.label import Label
from game.ui.text_entry import TextEntry
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.netplay.shell.discovery import GameAdvertiser
    from game.scenes.base import Host

INTERNET_NOTE = N_(
    "Over the internet, your friend needs your router's public address instead, and the "
    "router must forward TCP port {port} to this computer."
)
MAX_ADDRESSES = 3
ADVERTISED = N_("Players on your network can see this game in their Join screen.")
# The other seats of a table, clockwise from the host's (South).
SEAT_PLACES = {
    3: (N_("West, on your left"), N_("East, on your right")),
    4: (N_("West, on your left"), N_("North, your partner"), N_("East, on your right")),
}
SEAT_KINDS = (GUEST, *SKILL_TITLES)  # what a seat's button goes round


def remembered_table(prefs: Preferences) -> tuple[int, dict[int, str]]:
    """The players and each other seat's player (GUEST or a level) this player chose last;
    every seat a guest's if none was (a table waits for at least one guest)."""
    players = prefs.host_players
    kinds = {seat: prefs.host_seats.get(str(seat), GUEST) for seat in range(1, players)}
    if players > 2 and GUEST not in kinds.values():
        kinds = dict.fromkeys(kinds, GUEST)
    return players, kinds if players > 2 else {}


def seat_kind_words(kind: str) -> str:
    """A seat's player as its button says it: a guest, or a computer at a level."""
    if kind == GUEST:
        return _("A guest")
    return _("Computer, {level}").format(level=_(SKILL_TITLES[kind]))


def seat_row_words(row: SeatRow) -> tuple[str, str]:
    """Who sits on a seat of the waiting list, and how far they are ("" when nothing is
    awaited from them)."""
    if row.kind == "host":
        return row.name, _("the host")
    if row.kind == "computer":
        return seat_kind_words(row.level), ""
    if row.state == "free":
        return _("waiting for a guest\u2026"), ""
    if row.state == "reading":
        return _(row.name), _("reading the rules\u2026")
    if row.state == "rejoining":
        return _(row.name), _("coming back to the saved game\u2026")
    if row.state == "back":
        return _(row.name), _("back at the table")
    return _(row.name), _("accepted the rules")


def invitation(endpoint: str, code: str) -> str:
    """What the host tells a friend, in one sentence (also what Copy puts on the clipboard)."""
    return _(
        "Choose Join in Canasta, type {address} and the code {code}, then press Connect."
    ).format(address=endpoint, code=code)


class HostScene(NetworkScreen):
    def __init__(self, app: Host, *, port: int | None = None, resume: bool = False) -> None:
        super().__init__(app)
        self.resume_at_once = resume  # opened from Continue: reopen the saved game straight away
        self.port = port if port is not None else app.prefs.host_port
        self.net: NetGame | None = None
        self.table: NetTable | None = None  # hosting a table of three or four instead
        # the table as chosen last time; seat: GUEST or a computer's level
        self.players, self.seat_kinds = remembered_table(app.prefs)
        self.advertiser: GameAdvertiser | None = None
        self.addresses = lan_addresses()
        self.error = ""
        self.note = ""
        self.shown_code = ""  # the code shown before listening again on another port
        self.clock = 0.0
        self.handed_on = False
        self.asking = False
        self.saved = saved_game(Role.HOST)
        self.group = WidgetGroup(focus_follows_mouse=False)
        self.buttons: dict[str, Button] = {}
        self.port_input: TextEntry | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)

    # -- lifetime -------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.resume_at_once and self.saved is not None:
            self.resume_saved()
        else:
            self.listen()

    def leave(self) -> None:
        self.withdraw()
        super().leave()

    def release_network(self) -> None:
        super().release_network()
        if self.table is not None and not self.handed_on:
            self.table.stop()
        self.table = None

    @property
    def listening_port(self) -> int:
        """The port actually listened on (the chosen one, or the free one the system gave)."""
        if self.table is not None:
            return self.table.port
        endpoint = self.net.endpoint if self.net is not None else None
        return endpoint.port if isinstance(endpoint, NetplayHost) else self.port

    @property
    def endpoints(self) -> list[str]:
        return [format_endpoint(a, self.listening_port) for a in self.addresses[:MAX_ADDRESSES]]

    def listen(self, resume: dict[str, Any] | None = None) -> None:
        """(Re)start listening on `self.port`; a port that cannot be used is said plainly. A
        new port keeps the code already shown (it may have been told); a saved game brings its
        own."""
        self.withdraw()
        if self.net is not None or self.table is not None:
            self.shown_code = self.code
            self.release_network()
        try:
            code = "" if resume else self.shown_code
            if resume is not None and "table" in resume:
                self.table = NetTable.resume(self.app.prefs, resume, self.port)
                self.players = self.table.players
                self.seat_kinds = {s: k or GUEST for s, k in self.table.kinds.items()}
            elif self.players > 2 and resume is None:
                seats = {
                    seat: None if kind == GUEST else kind for seat, kind in self.seat_kinds.items()
                }
                self.table = NetTable(self.app.prefs, self.port, self.players, seats, code=code)
            else:
                self.net = NetGame.host(self.app.prefs, self.port, resume=resume, code=code)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            self.error = _(
                "Cannot listen on port {port} ({reason}). Another program may be using it: "
                "choose another port."
            ).format(port=self.port, reason=reason)
            self.note = ""
            return
        except ValueError as exc:  # a saved game that cannot be read back (SaveError)
            self.error = _("The saved game cannot be resumed: {reason}").format(
                reason=error_words(exc)
            )
            self.note = ""
            return
        self.error = ""
        peer = shown(str((resume or {}).get("peer", ""))) or _("your opponent")
        if resume:
            self.note = _("Waiting for {name} to join the saved game\u2026").format(name=peer)
        elif self.table is not None:
            self.note = _("Waiting for every guest to join and accept the rules\u2026")
        else:
            self.note = _("Waiting for a guest\u2026")
        self.advertise()

    def advertise(self) -> None:
        """List the game on this network while its seat is free (not a saved game: its seat is
        kept for the player who left it), on the port listened on now; a table with its free
        guest seats, while one is free."""
        self.withdraw()
        lan = self.app.lan
        game = self.table if self.table is not None else self.net
        if lan is None or game is None or game.resumed_game:
            return
        rules = str(my_terms(self.app.prefs).get("preset", "classic"))
        advertisement = Advertisement(
            self.app.prefs.player_name,
            rules,
            self.listening_port,
            APP_VERSION,
            self.free_seats,
            players=self.players,
        )
        if self.table is not None:
            self.advertiser = TableListing(lan, advertisement)
        else:
            self.advertiser = lan.advertise(advertisement)

    @property
    def free_seats(self) -> int:
        """The guest seats nobody has taken (a two-seat game's one until its guest comes)."""
        if self.table is None:
            return 1
        return sum(row.state == "free" for row in self.table.seat_rows())

    def withdraw(self, seat_taken: bool = False) -> None:
        """Take the game off the network's list (saying first that the seat is taken)."""
        if self.advertiser is not None:
            if seat_taken:
                self.advertiser.set_free_seats(0)
            self.advertiser.stop()
            self.advertiser = None

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        px = t.px
        w, h = size
        self.panel = pygame.Rect(0, 0, min(px(860), int(w * 0.9)), min(px(640), int(h * 0.92)))
        self.panel.center = (w // 2, h // 2)
        p = self.panel
        typed = self.port_input.text if self.port_input is not None else str(self.port)
        self.group.clear()
        self.buttons = {}
        left = p.left + px(48)
        row_y = p.top + px(392)
        if self.players > 2:  # the port beside Copy: the seats take the room below
            row_y = p.top + px(238)
            self._seat_buttons()
        self.group.add(
            Label((left, row_y, px(70), px(40)), t, _("Port"), size=20, colour=th.CREAM_DIM)
        )
        self.port_input = self.group.add(
            TextEntry(
                (left + px(70), row_y, px(120), px(40)),
                t,
                typed,
                max_length=5,
                allowed="0123456789",
                text_size=20,
                on_submit=lambda _t: self.apply_port(),
                name="port",
            )
        )
        self._button(
            "listen", _("Listen"), self.apply_port, (left + px(200), row_y, px(120), px(40)), 18
        )
        players_x = left + px(340)
        if self.players == 2:
            self._button(
                "invite",
                _("Invite over the internet"),
                self.invite,
                (left + px(340), row_y, px(264), px(40)),
                18,
            )
            players_x = left + px(620)
        self._button(
            "players",
            _("Players: {n}").format(n=self.players),
            self.next_players,
            (players_x, row_y, px(144), px(40)),
            18,
        )
        self.buttons["players"].enabled = not self.guests_here
        copy_x = p.right - px(48) - px(150)
        self._button("copy", _("Copy"), self.copy, (copy_x, p.top + px(236), px(150), px(44)), 20)
        specs = [
            ("solo", _("Play solo while waiting"), self.play_solo),
            ("lobby", _("Wait for a partner"), self.wait_for_partner),
            ("cancel", _("Cancel"), self.cancel),
        ]
        if self.players > 2:
            specs[1] = ("lobby", _("Wait for partners"), self.wait_for_partner)
        resumed = self.table is not None and self.table.resumed_game
        if resumed:
            del specs[1]  # a saved table's seats are kept for its own guests
        if self.saved is not None and (self.players == 2 or "table" in self.saved) and not resumed:
            specs.insert(0, ("resume", _("Resume saved game"), self.resume_saved))
        bh, gap = px(50), px(16)
        bw = min(px(250), (p.width - px(96) - gap * (len(specs) - 1)) // len(specs))
        y = p.bottom - px(28) - bh
        total = len(specs) * bw + (len(specs) - 1) * gap
        x = p.centerx - total // 2
        for index, (name, label, action) in enumerate(specs):
            self._button(
                name, label, action, (x + index * (bw + gap), y, bw, bh), 20, primary=name == "solo"
            )
        self.group.set_focus(self.buttons["copy"])

    @property
    def seats_top(self) -> int:
        """Where the waiting list of a table starts."""
        return self.panel.top + self.app.theme.px(316)

    @property
    def seat_step(self) -> int:
        """A seat's two lines: its place (and how far its guest is), then who sits there."""
        return self.app.theme.px(44)

    def _seat_buttons(self) -> None:
        """Each other seat's button (who plays it) at the right of the waiting list, while no
        guest has joined (the seats are settled once one has)."""
        if self.guests_here:
            return
        px = self.app.theme.px
        p = self.panel
        width = px(250)
        for seat in range(1, self.players):
            y = self.seats_top + seat * self.seat_step
            kind = self.seat_kinds.get(seat, GUEST)
            self._button(
                f"seat{seat}",
                seat_kind_words(kind),
                functools.partial(self.next_seat_kind, seat),
                (p.right - px(48) - width, y + px(2), width, px(36)),
                16,
            )

    @property
    def guests_here(self) -> bool:
        """A guest has joined the table, or it is a saved one: its seats and size stay as they
        are."""
        return self.table is not None and (bool(self.table.peer.joined) or self.table.resumed_game)

    def _button(
        self,
        name: str,
        label: str,
        action: Callable[[], None],
        rect: pygame.Rect | tuple[int, int, int, int],
        size: int,
        primary: bool = False,
    ) -> None:
        self.buttons[name] = self.group.add(
            Button(rect, self.app.theme, label, action, text_size=size, primary=primary, name=name)
        )

    # -- actions --------------------------------------------------------------------------------
    def next_players(self) -> None:
        """Two, three, four players, and round again: listen again for that table (the code
        shown stays)."""
        if self.guests_here:
            return
        self.players = {2: 3, 3: 4, 4: 2}[self.players]
        self.seat_kinds = {
            seat: self.seat_kinds.get(seat, GUEST) for seat in range(1, self.players)
        }
        self.remember_table()
        self.listen()
        self.layout(self.app.size)

    def next_seat_kind(self, seat: int) -> None:
        """The seat's player goes round: a guest, then the computer at each level. At least
        one seat stays a guest's (else there is nobody to wait for)."""
        if self.guests_here:
            return
        kinds = dict(self.seat_kinds)
        index = SEAT_KINDS.index(kinds.get(seat, GUEST))
        kinds[seat] = SEAT_KINDS[(index + 1) % len(SEAT_KINDS)]
        if GUEST not in kinds.values():
            self.error = _("A network table needs at least one guest: make another seat a guest's.")
            return
        self.seat_kinds = kinds
        self.remember_table()
        self.listen()
        self.layout(self.app.size)

    def remember_table(self) -> None:
        """Keep the players and seats chosen in the player's preferences, for next time."""
        prefs = self.app.prefs
        seats = {str(seat): kind for seat, kind in self.seat_kinds.items() if kind != GUEST}
        if (prefs.host_players, prefs.host_seats) != (self.players, seats):
            prefs.host_players, prefs.host_seats = self.players, seats
            self.app.preferences_changed()

    def copy(self) -> None:
        endpoints = self.endpoints
        if not endpoints:
            self.error = _("There is no network address to copy: is this computer on a network?")
            return
        clipboard_put(invitation(endpoints[0], self.code))
        self.note = _("Copied the address and the code: paste them to your friend.")

    @property
    def code(self) -> str:
        """The join code the guest must type ("" while not listening)."""
        if self.table is not None:
            return self.table.join_code
        return self.net.join_code if self.net is not None else ""

    def apply_port(self) -> None:
        assert self.port_input is not None
        text = self.port_input.text
        if not text.isdigit() or not 1 <= int(text) <= 65535:
            self.error = _("The port must be a number from 1 to 65535.")
            return
        self.port = int(text)
        if self.port != self.app.prefs.host_port:
            self.app.prefs.host_port = self.port
            self.app.preferences_changed()
        self.listen()

    def resume_saved(self) -> None:
        """Listen again with the saved game, on the port the guest knows (when it was saved)."""
        assert self.saved is not None
        if saved_link(self.saved) is not None:  # an invite game meets its guest through its link
            self.app.stack.replace(InviteScene(self.app, saved=self.saved))
            return
        about = self.saved.get("connection")
        port = about.get("port") if isinstance(about, dict) else None
        if isinstance(port, int) and 0 < port < 65536:
            self.port = port
            if self.port_input is not None:
                self.port_input.set_text(str(port))
        self.listen(resume=self.saved)
        if self.port_input is not None:  # a saved table may change the players and seats
            self.layout(self.app.size)

    def invite(self) -> None:
        """An invite code instead of an address: no port forwarding (stops listening here)."""
        self.app.stack.replace(InviteScene(self.app))

    def wait_for_partner(self) -> None:
        """Be a host in the lobby instead: strangers looking for a game see this one (stops
        listening here; the lobby's game listens on its own). A table is handed over as it
        listens, with the guests already at it."""
        from game.scenes.net.lobby_host import WaitForPartnerScene

        if self.players > 2:
            if self.table is None:
                return  # not listening: the error says why
            self.handed_on = True
            self.app.stack.replace(WaitForPartnerScene(self.app, net_table=self.table))
            return
        self.app.stack.replace(WaitForPartnerScene(self.app))

    def play_solo(self) -> None:
        start_new_game(self.app)

    # -- the network ----------------------------------------------------------------------------
    def poll(self) -> None:
        if self.table is not None:
            self._poll_table(self.table)
            return
        for notice in self.notices():
            if isinstance(notice, GuestTurnedAway):
                self.note = (
                    _("Someone tried a wrong code; still waiting for your guest\u2026")
                    if notice.code == "wrong_code"
                    else _(shown(notice.text))
                )
            elif isinstance(notice, Connected):
                self.withdraw(seat_taken=True)
                self._guest_arrived(notice.peer.name)

    def _poll_table(self, table: NetTable) -> None:
        if self.handed_on:
            return
        table.pump()
        for notice in table.take():
            event = notice.event if isinstance(notice, GuestNotice) else notice
            if isinstance(event, GuestTurnedAway):
                self.note = (
                    _("Someone tried a wrong code; still waiting for your guests\u2026")
                    if event.code == "wrong_code"
                    else _(shown(event.text))
                )
            elif isinstance(notice, SeatFreed):
                name = shown(notice.name) or _("A guest")
                self.note = _(
                    "{name} left the table before the game; the seat waits for another guest."
                ).format(name=name)
                self.layout(self.app.size)
            elif isinstance(event, Connected):
                self.layout(self.app.size)  # the table's seats are settled now
        if self.advertiser is not None:
            self.advertiser.set_free_seats(self.free_seats)
        if table.ready:
            self._table_ready(table)

    def _table_ready(self, table: NetTable) -> None:
        """Every guest accepted and the first hand is dealt, or every guest rejoined the saved
        table: on to the table (asking first if a solo game is being played meanwhile)."""
        if table.resumed_game:
            question = _(
                "Every guest is back at the saved table. Start the network game now? Your solo "
                "game is saved and waits for you."
            )
        else:
            question = _(
                "Every guest has joined and accepted the rules. Start the network game now? "
                "Your solo game is saved and waits for you."
            )
        self._ask_to_start(_("Your table is ready"), question)

    def _guest_arrived(self, name: str) -> None:
        self._ask_to_start(
            _("{name} has joined").format(name=name),
            _(
                "{name} connected to your game. Start the network game now? Your solo game is "
                "saved and waits for you."
            ).format(name=name),
        )

    def _ask_to_start(self, title: str, question: str) -> None:
        """On to the network game at once from this screen; over a solo game played while
        waiting, once the player says so (asked once)."""
        if self.app.stack.top is self:
            self.start_network_game()
            return
        if self.asking:
            return
        self.asking = True

        def answer(yes: bool) -> None:
            self.asking = False
            if yes:
                self.start_network_game()
            else:
                self.cancel()

        confirm_dialog(
            self.app, title, question, answer, yes=_("Start"), no=_("Not now"), default_yes=True
        )

    def start_network_game(self) -> None:
        """Leave whatever was played while waiting and go on to the rules (or the saved game),
        or to the table's game once it is dealt."""
        self.back_to_this_screen()
        self.handed_on = True
        if self.table is not None:
            self.app.stack.replace(table_scene(self.app, self.table))
            return
        assert self.net is not None
        self.app.stack.replace(connected_scene(self.app, self.net))

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        px = t.px
        p = self.panel
        self.draw_panel(surface, _("Host a game"), 38, 22)
        left = p.left + px(48)
        width = p.width - px(96)
        endpoints = self.endpoints
        code = self.code or "\u2014"
        first = endpoints[0] if endpoints else _("your address")
        y = p.top + px(92)
        tell = invitation(first, code)
        told = (
            _("Tell your friend: {invitation}")
            if self.players == 2
            else _("Tell your guests: {invitation}")
        ).format(invitation=tell[0].lower() + tell[1:])
        for line in t.wrap(told, 19, width):
            surface.blit(t.text(line, 19, th.CREAM), (left, y))
            y += t.font(19).get_linesize()
        top = p.top + px(150)
        surface.blit(t.text(_("Address and port"), 17, th.CREAM_DIM), (left, top))
        y = top + px(28)
        if not endpoints:
            surface.blit(
                t.text(_("No network address found on this computer."), 22, th.ERROR), (left, y)
            )
        # a table's list of seats takes the room of the other addresses
        for index, endpoint in enumerate(endpoints if self.players == 2 else endpoints[:1]):
            size = 34 if index == 0 else 22
            image = t.text(endpoint, size, th.GOLD_LIGHT if index == 0 else th.CREAM)
            surface.blit(image, (left, y))
            y += image.get_height() + px(6)
        # the code is what gets read out on the phone: big, bold sans, right-aligned over Copy
        right = p.right - px(48)
        label = t.text(_("Join code"), 17, th.CREAM_DIM)
        surface.blit(label, label.get_rect(topright=(right, top)))
        image = t.text(code, 44, th.GOLD_LIGHT, "bold")
        surface.blit(image, image.get_rect(topright=(right, top + px(26))))
        if self.players > 2:
            status_y = self._draw_seats(surface) + px(6)
        else:
            note_y = p.top + px(296)
            for line in t.wrap(_(INTERNET_NOTE).format(port=self.listening_port), 17, width):
                surface.blit(t.text(line, 17, th.CREAM_DIM), (left, note_y))
                note_y += t.font(17).get_linesize()
            status_y = p.top + px(446)
        self.group.draw(surface)
        y = self._draw_status(surface, status_y)
        y = self._draw_listing(surface, y + px(4))
        if self.saved is not None and self.players == 2:
            y = max(y + px(4), p.top + px(484))
            saved = _("Saved game: {how}").format(how=how_to_resume(self.saved, _))
            for line in t.wrap(saved, 16, width):
                surface.blit(t.text(line, 16, th.CREAM_DIM), (left, y))
                y += t.font(16).get_linesize()

    def _draw_seats(self, surface: pygame.Surface) -> int:
        """The waiting list: each seat, and who sits there; returns the y below it."""
        t = self.app.theme
        px = t.px
        p = self.panel
        left = p.left + px(48)
        right = p.right - px(48)
        buttons = px(262) if not self.guests_here else 0  # the seats' buttons' column
        surface.blit(t.text(_("Seats"), 17, th.CREAM_DIM), (left, self.seats_top - px(26)))
        if self.table is not None:
            rows = self.table.seat_rows()
        else:  # not listening: the seats as chosen
            rows = [SeatRow(0, "host", self.app.prefs.player_name)] + [
                SeatRow(s, "guest", state="free")
                if self.seat_kinds.get(s, GUEST) == GUEST
                else SeatRow(s, "computer", level=self.seat_kinds[s])
                for s in range(1, self.players)
            ]
        places = (N_("South, you"), *SEAT_PLACES[self.players])
        for row in rows:
            y = self.seats_top + row.seat * self.seat_step
            who, state = seat_row_words(row)
            room = right - left - (buttons if row.kind != "host" else 0)
            surface.blit(t.text(t.fit(_(places[row.seat]), 15, room), 15, th.CREAM_DIM), (left, y))
            if state:
                image = t.text(state, 15, th.GOLD_LIGHT if row.state == "reading" else th.CREAM)
                surface.blit(image, image.get_rect(topright=(right, y)))
            colour = th.GOLD_LIGHT if row.state == "free" else th.CREAM
            size = t.size_to_fit(who, 19, room, smallest=15)
            surface.blit(t.text(t.fit(who, size, room), size, colour), (left, y + px(18)))
        return self.seats_top + self.players * self.seat_step

    def _draw_status(self, surface: pygame.Surface, y: int) -> int:
        """The error, or the watch and what is being waited for; returns the y below it."""
        t = self.app.theme
        px = t.px
        left = self.panel.left + px(48)
        if self.error:
            for line in t.wrap(self.error, 18, self.panel.width - px(96)):
                surface.blit(t.text(line, 18, th.ERROR), (left, y))
                y += t.font(18).get_linesize()
            return y
        draw_watch(surface, (left + px(14), y + px(14)), px(13), self.clock)
        room = self.panel.width - px(136)  # a long note (a table's, in German) set smaller
        size = t.size_to_fit(self.note, 20, room, smallest=15)
        surface.blit(
            t.text(t.fit(self.note, size, room), size, th.CREAM), (left + px(40), y + px(2))
        )
        return y + px(30)

    def _draw_listing(self, surface: pygame.Surface, y: int) -> int:
        """Whether players on this network see the game in their list; returns the y below."""
        if self.advertiser is None or self.error or not self.free_seats:
            return y
        t = self.app.theme
        problem = self.advertiser.problem
        text = (
            _("{problem} Give your friend the address above.").format(problem=problem)
            if problem
            else _(ADVERTISED)
        )
        for line in t.wrap(text, 17, self.panel.width - t.px(136)):
            surface.blit(t.text(line, 17, th.CREAM_DIM), (self.panel.left + t.px(88), y))
            y += t.font(17).get_linesize()
        return y
