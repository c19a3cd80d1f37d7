"""Joining a network game (UG 4.2.4, 5.1, 5.2): type the host's address and join code, and
connect.

The code is normalised as typed (case, spaces, dashes) and a malformed one gets the sentence
`normalize_code` gives before anything is dialled; a code the host refuses gets a sentence saying
so, and the code field takes the focus again.

The address is `host:port` (an IPv4 address, an IPv6 address in brackets, or a name; the port
may be left out for the default), checked before anything is dialled so a typing mistake gets a
sentence, not a wait. The last address used is remembered in the preferences. While connecting
the screen says what is happening; when nobody answers within the time limit, the last reason
(refused, unreachable) is shown and dialling stops. A host running another version, or one
already playing, is reported with the exact words the session gives. Once connected, the rules
are agreed on the next screen; a game saved after a lost connection can be resumed from here.

While the screen is open (in a window) it also lists the games hosted on the same network,
updating as they come, change and go (a table of three or four with its free seats): choosing
one fills in its address, and the join code is still typed, since only the host's screen shows
it; a table's guest takes its next free seat.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Any

import pygame

from game.language import N_, _
from game.match import NetGame, saved_game
from game.match.net_connection import how_to_resume, saved_code, saved_link, shown
from game.netplay import ENTRY_PROBLEMS, Connected, EntryError, Failed, Role
from game.netplay.addresses import format_endpoint, parse_endpoint
from game.netplay.session.joincode import display_code, normalize_code
from game.netplay.shell.discovery import LanGame
from game.scenes.net.agreement import connected_scene
from game.scenes.net.invite import AcceptScene
from game.scenes.net.screen import NetworkScreen, error_words, rules_name, table_words
from game.ui import theme as th
from game.ui.button import Button
from game.ui.text_entry import TextEntry
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.netplay.shell.discovery import GameBrowser
    from game.scenes.base import Host

CONNECT_TIMEOUT = 15.0
MAX_LISTED = 4  # games on this network shown at once (the nearest names first)
WRONG_CODE = N_(
    "The host did not accept that code. Check the join code on your friend's screen (it changes "
    "after three wrong tries) and connect again."
)


def entry_problem(error: EntryError) -> str:
    """Why a typed address or join code cannot be one, in the player's language."""
    return _(ENTRY_PROBLEMS[error.kind]).format(**error.fields)


def game_detail(game: LanGame) -> str:
    """What the Join screen's list says under a game's name: its rules, and where it is or,
    for a table, its size and free seats ("Modern American · table of 4 · 2 seats free")."""
    rules = rules_name(game.rules)
    if not game.seat_free:
        return f"{rules} \u00b7 " + _("playing already")
    if not game.compatible:
        return _("Another version of Canasta: update to play")
    if game.players > 2:
        return f"{rules} \u00b7 {table_words(game.players, game.free_seats)}"
    return f"{rules} \u00b7 {game.endpoint}"


def explain_dial_failure(where: str, problem: str, seconds: float) -> str:
    """A sentence for a host that never answered, from the shell's last dialling complaint."""
    lowered = problem.lower()
    if "refused" in lowered:
        return _(
            "{address} refused the connection: nobody is hosting a game there. Check the port, "
            "and that your friend chose Host."
        ).format(address=where)
    if "name or service" in lowered or "nodename" in lowered or "getaddrinfo" in lowered:
        return _("No computer called {name} could be found. Check the address.").format(
            name=where.rsplit(":", 1)[0]
        )
    if "unreachable" in lowered:
        return _("{address} cannot be reached from this network. Check the address.").format(
            address=where
        )
    return _(
        "Nobody answered at {address} within {seconds} seconds. Check the address, that your "
        "friend is waiting as host, and that no firewall blocks the port."
    ).format(address=where, seconds=f"{seconds:g}")


class JoinScene(NetworkScreen):
    def __init__(
        self,
        app: Host,
        *,
        connect_timeout: float = CONNECT_TIMEOUT,
        resume: bool = False,
        dial: tuple[str, str] | None = None,
    ) -> None:
        super().__init__(app)
        self.resume_at_once = resume  # opened from Continue: dial the saved game's host at once
        self.dial = dial  # a lobby host's address and join code: dialled at once
        self.connect_timeout = connect_timeout
        self.net: NetGame | None = None
        self.where = ""
        self.error = ""
        self.note = ""
        self.waited = 0.0
        self.clock = 0.0
        self.handed_on = False
        self.saved = saved_game(Role.GUEST)
        self.group = WidgetGroup(focus_follows_mouse=False)
        self.buttons: dict[str, Button] = {}
        self.address: TextEntry | None = None
        self.code_input: TextEntry | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.browser: GameBrowser | None = None
        self.listed: list[LanGame] = []  # the games the rows show, in order
        self.chosen = ""  # the key of the game chosen from the list
        self.rows: list[Button] = []
        self.column = pygame.Rect(0, 0, 0, 0)  # where the list of games is drawn

    @property
    def field_width(self) -> int:
        """The width of the address column (narrower when the list of games stands beside it)."""
        px = self.app.theme.px
        return px(620) if self.browser is not None else self.panel.width - px(96)

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        px = t.px
        w, h = size
        wide = self.browser is not None
        width = min(px(1160), int(w * 0.94)) if wide else min(px(820), int(w * 0.9))
        self.panel = pygame.Rect(0, 0, width, min(px(540), int(h * 0.9)))
        self.panel.center = (w // 2, h // 2)
        p = self.panel
        typed = self.address.text if self.address is not None else self.app.prefs.last_join_address
        code = self.code_input.text if self.code_input is not None else ""
        self.group.clear()
        self.buttons = {}
        left = p.left + px(48)
        self.address = self.group.add(
            TextEntry(
                (left, p.top + px(136), self.field_width, px(48)),
                t,
                typed,
                max_length=255,
                text_size=24,
                placeholder="192.168.1.5:50410",
                on_submit=lambda _t: self.address_entered(),
                name="address",
            )
        )
        self.code_input = self.group.add(
            TextEntry(
                (left, p.top + px(232), px(300), px(48)),
                t,
                code,
                max_length=20,
                text_size=26,
                placeholder="K7QM-3WXA",
                on_submit=lambda _t: self.connect(),
                name="code",
            )
        )
        # under the address column, clear of the list of games beside it
        half = (self.field_width - px(20)) // 2
        for index, (name, label, action) in enumerate(
            (
                ("invite", _("Accept an invite code instead"), self.accept_invite),
                ("lobby", _("Find a partner"), self.find_partner),
            )
        ):
            rect = (left + index * (half + px(20)), p.bottom - px(140), half, px(42))
            self.buttons[name] = self.group.add(
                Button(rect, t, label, action, text_size=18, name=name)
            )
        bw, bh, gap = px(230), px(50), px(16)
        specs = [("connect", _("Connect"), self.connect), ("cancel", _("Cancel"), self.cancel)]
        if self.saved is not None:
            specs.insert(1, ("resume", _("Resume saved game"), self.resume_saved))
        total = len(specs) * bw + (len(specs) - 1) * gap
        x = p.centerx - total // 2
        y = p.bottom - px(28) - bh
        for index, (name, label, action) in enumerate(specs):
            self.buttons[name] = self.group.add(
                Button(
                    (x + index * (bw + gap), y, bw, bh),
                    t,
                    label,
                    action,
                    text_size=21,
                    primary=index == 0,
                    name=name,
                )
            )
        self._place_rows()
        self.group.set_focus(self.address)

    def _place_rows(self) -> None:
        """One button per listed game in the right-hand column (hidden until a game is found)."""
        self.rows = []
        if self.browser is None:
            return
        t = self.app.theme
        px = t.px
        p = self.panel
        x = p.left + px(48) + self.field_width + px(40)
        self.column = pygame.Rect(x, p.top + px(100), p.right - px(40) - x, px(340))
        for index in range(MAX_LISTED):
            rect = (x, self.column.top + px(36) + index * px(74), self.column.width, px(44))
            choose = functools.partial(self.choose, index)
            row = Button(rect, t, "", choose, text_size=19, name=f"game{index}")
            self.rows.append(self.group.add(row))
        self._show_games()

    def enter(self) -> None:
        if self.app.lan is not None:
            self.browser = self.app.lan.browse()  # before the layout, which makes room for it
        super().enter()
        if self.resume_at_once and self.saved is not None:
            self.resume_saved()
        elif self.dial is not None:
            assert self.address is not None and self.code_input is not None
            self.address.set_text(self.dial[0])
            self.code_input.set_text(self.dial[1])
            self.connect()

    def leave(self) -> None:
        if self.browser is not None:
            self.browser.stop()
        super().leave()

    # -- games on this network ------------------------------------------------------------------
    def _show_games(self) -> None:
        """Fill the rows from the browser's list: joinable games first, then the others."""
        assert self.browser is not None
        games = sorted(self.browser.games, key=lambda g: not g.joinable)
        self.listed = games[:MAX_LISTED]
        t = self.app.theme
        for index, row in enumerate(self.rows):
            game = self.listed[index] if index < len(self.listed) else None
            row.visible = game is not None
            if game is None:
                continue
            # the name whole, which the button sets smaller where it must; cut only past that
            row.label = t.fit(game.name, row.smallest_text_size, row.rect.width - t.px(24), "bold")
            row.enabled = game.joinable
            row.selected = game.key == self.chosen

    def choose(self, index: int) -> None:
        """A game from the list: its address goes in the field, and the code is asked for."""
        assert self.address is not None and self.code_input is not None
        game = self.listed[index]
        self.chosen = game.key
        self.address.set_text(game.endpoint)
        self._show_games()
        self.error = ""
        self.note = _("Now type the join code shown on {name}'s screen.").format(name=game.name)
        self.group.set_focus(self.code_input)

    # -- actions --------------------------------------------------------------------------------
    def address_entered(self) -> None:
        """Enter in the address: a mistake is said at once, else on to the code (or connect if
        the code is typed already)."""
        assert self.address is not None and self.code_input is not None
        try:
            parse_endpoint(self.address.text.strip())
        except EntryError as exc:
            self.error, self.note = entry_problem(exc), ""
            return
        if self.code_input.text.strip():
            self.connect()
        else:
            self.error = ""
            self.group.set_focus(self.code_input)

    def connect(self, resume: dict[str, Any] | None = None) -> None:
        assert self.address is not None and self.code_input is not None
        text = self.address.text.strip()
        try:
            host, port = parse_endpoint(text)
        except EntryError as exc:
            self.error, self.note = entry_problem(exc), ""
            self.group.set_focus(self.address)
            return
        try:
            code = normalize_code(self.code_input.text)
        except EntryError as exc:
            self.error, self.note = entry_problem(exc), ""
            self.group.set_focus(self.code_input)
            return
        self.code_input.set_text(display_code(code))
        self.release_network()
        if text != self.app.prefs.last_join_address and self.dial is None:
            # (a lobby host's address is a stranger's: not offered again next time)
            self.app.prefs.last_join_address = text
            self.app.preferences_changed()
        self.where = format_endpoint(host, port)
        try:
            self.net = NetGame.join(self.app.prefs, self.where, code, resume=resume)
        except (OSError, ValueError) as exc:
            self.error, self.note = (
                _("Cannot connect: {reason}").format(reason=error_words(exc)),
                "",
            )
            return
        self.error = ""
        self.note = _("Connecting to {address}\u2026").format(address=self.where)
        self.waited = 0.0
        self.buttons["connect"].enabled = False

    def resume_saved(self) -> None:
        """Dial the saved game's host with its code (filled in, so the player sees them)."""
        assert self.saved is not None and self.address is not None and self.code_input is not None
        if saved_link(self.saved) is not None:  # an invite game finds its host through its link
            self.app.stack.replace(AcceptScene(self.app, saved=self.saved))
            return
        about = self.saved.get("connection")
        address = about.get("address") if isinstance(about, dict) else None
        if isinstance(address, str) and address:
            self.address.set_text(address)
        code = saved_code(self.saved)
        if code:
            self.code_input.set_text(display_code(code))
        self.connect(resume=self.saved)

    def accept_invite(self) -> None:
        """Join with an invite code instead of an address (stops dialling here)."""
        self.app.stack.replace(AcceptScene(self.app))

    def find_partner(self) -> None:
        """The lobby's list of waiting hosts instead (stops dialling here)."""
        from game.scenes.net.lobby import FindPartnerScene

        # the lobby opens this screen again to dial the host who says yes (its module cannot
        # import this one, which imports it)
        self.app.stack.replace(FindPartnerScene(self.app, join=JoinScene))

    def cancel(self) -> None:
        if self.net is not None:
            self.release_network()
            self.note, self.error = "", ""
            self.buttons["connect"].enabled = True
            return
        self.app.stack.remove(self)

    # -- the network ----------------------------------------------------------------------------
    def poll(self) -> None:
        if self.browser is not None and self.browser.poll():
            self._show_games()
        for notice in self.notices():
            if isinstance(notice, Connected):
                self._connected()
                return
            if isinstance(notice, Failed):
                self._failed(
                    _(WRONG_CODE) if notice.code == "wrong_code" else _(shown(notice.text))
                )
                if notice.code == "wrong_code":
                    self.group.set_focus(self.code_input)
                return
        net = self.net
        if net is not None and not self.handed_on and net.problem:
            match = re.search(r"\(([^()]*)\)[^()]*$", net.problem)
            reason = match.group(1).lower() if match else _("no answer")
            self.note = _("Connecting to {address}\u2026 ({reason}; trying again)").format(
                address=self.where, reason=reason
            )

    def _connected(self) -> None:
        assert self.net is not None
        self.handed_on = True
        self.app.stack.replace(connected_scene(self.app, self.net))

    def _failed(self, text: str) -> None:
        self.release_network()
        self.error, self.note = text, ""
        self.buttons["connect"].enabled = True

    # -- frame ----------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.TEXTINPUT
            and self.address is not None
            and self.group.focused not in (self.address, self.code_input)
        ):
            self.group.set_focus(self.address)
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        self.clock += dt
        super().update(dt)
        if self.net is not None and not self.handed_on:
            self.waited += dt
            if self.waited >= self.connect_timeout and not self.net.connected_once:
                problem = self.net.problem
                self._failed(explain_dial_failure(self.where, problem, self.connect_timeout))

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        px = t.px
        p = self.panel
        self.draw_panel(surface, _("Join a game"), 38, 22)
        left = p.left + px(48)
        surface.blit(
            t.text(
                _("The host's address and port, as your friend reads it out:"), 20, th.CREAM_DIM
            ),
            (left, p.top + px(100)),
        )
        surface.blit(
            t.text(_("The join code on your friend's screen:"), 20, th.CREAM_DIM),
            (left, p.top + px(198)),
        )
        # beside the code field, on two lines where the list of games leaves less room
        hint = t.wrap(
            _("Capitals, spaces and dashes do not matter."), 16, self.field_width - px(316)
        )
        y = p.top + px(256) - len(hint) * t.font(16).get_linesize() // 2
        for line in hint:
            surface.blit(t.text(line, 16, th.CREAM_DIM), (left + px(316), y))
            y += t.font(16).get_linesize()
        self.group.draw(surface)
        self._draw_games(surface)
        y = p.top + px(300)
        width = self.field_width
        if self.error:
            for line in t.wrap(self.error, 19, width):
                surface.blit(t.text(line, 19, th.ERROR), (left, y))
                y += t.font(19).get_linesize()
        elif self.note:
            if self.net is not None:
                self.draw_spinner(surface, (left + px(12), y + px(12)), px(10))
                surface.blit(t.text(self.note, 19, th.CREAM), (left + px(34), y))
            else:
                surface.blit(t.text(self.note, 19, th.CREAM), (left, y))
        else:
            tip = _(
                "For example 192.168.1.5:50410, [fd00::5]:50410 or a computer name. "
                "Without a port, 50410 is used."
            )
            if self.saved is not None:
                tip = _("Saved game: {how}").format(how=how_to_resume(self.saved, _))
            for line in t.wrap(tip, 17, width):
                surface.blit(t.text(line, 17, th.CREAM_DIM), (left, y))
                y += t.font(17).get_linesize()

    def _draw_games(self, surface: pygame.Surface) -> None:
        """The right-hand column: what each listed game is, or that none was found (yet)."""
        if self.browser is None:
            return
        t = self.app.theme
        px = t.px
        column = self.column
        found = len(self.browser.games)
        heading = _("Games on this network:")
        if found > len(self.listed):
            heading = _("Games on this network ({shown} of {found}):").format(
                shown=len(self.listed), found=found
            )
        surface.blit(t.text(heading, 20, th.CREAM_DIM), column.topleft)
        for game, row in zip(self.listed, self.rows, strict=False):
            image = t.text(t.fit(game_detail(game), 16, column.width), 16, th.CREAM_DIM)
            surface.blit(image, (column.left + px(4), row.rect.bottom + px(4)))
        if self.listed:
            return
        y = column.top + px(40)
        if self.browser.problem:
            for line in t.wrap(self.browser.problem, 17, column.width):
                surface.blit(t.text(line, 17, th.ERROR), (column.left, y))
                y += t.font(17).get_linesize()
            return
        self.draw_spinner(surface, (column.left + px(12), y + px(12)), px(10))
        surface.blit(t.text(_("Looking\u2026"), 19, th.CREAM), (column.left + px(34), y))
        y += px(40)
        hint = _("A friend's game shows here when they choose Host on the same network.")
        for line in t.wrap(hint, 17, column.width):
            surface.blit(t.text(line, 17, th.CREAM_DIM), (column.left, y))
            y += t.font(17).get_linesize()
