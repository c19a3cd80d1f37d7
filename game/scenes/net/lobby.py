"""Find a partner (UG 4.2.2), the guest's screen: the live list of hosts waiting in the lobby on
the broker of Options → Network, each with its name, rules preset and the options that differ
from it, the level of play it hopes for, its version and how long it has waited (a table of three
or four also its size and free seats); a filter by rules; and "Ask to play" on a row. A table's
host that accepts sends its address and join code, and the Join screen takes the next free seat.

While the host decides, the screen says "Waiting for NAME's answer…" with Cancel. A decline, a
host that left and a host that never answered are each told in the lobby's words, and the list
stays for another try. An acceptance goes on by the existing paths: an address and join code
open the Join screen dialling it at once, an invite code the Accept screen meeting it at once;
from there the rules agreement and the game are as for any network game. A broker that is down,
refuses the connection or cannot prove who it is is said in words with what to try, and Try
again dials it anew; nothing else in the game depends on the lobby. "Be a host" lists this player
instead."""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.language import N_, _
from game.match.lobby import PartnerSearch
from game.netplay.lobby import (
    Accepted,
    Connected,
    Declined,
    DirectDetails,
    HostGone,
    HostListed,
    ListedHost,
    LobbyError,
    Problem,
)
from game.netplay.shell.wormhole import Servers
from game.scenes.net.invite import AcceptScene
from game.scenes.net.screen import (
    CLUB_HINT,
    NetworkScreen,
    lobby_refusal,
    rules_name,
    table_words,
    waited_words,
)
from game.scenes.option_items import PRESET_CHOICES
from game.ui import theme as th
from game.ui.button import Button
from game.ui.controls import Choice
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

ROW_HEIGHT = 78  # the least a row takes: its Ask to play button, with a margin
MAX_ROWS = 6
WAIT_REFRESH = 5  # seconds between countings of how long the hosts have waited
ALL_RULES = "any"
RULES_FILTER = ((ALL_RULES, N_("All rules")), *PRESET_CHOICES)


@dataclass(frozen=True)
class HostRow:
    """One waiting host as its row shows it: where, and its lines (text, size, colour, role,
    top within the row)."""

    rect: pygame.Rect
    lines: tuple[tuple[str, int, th.Colour, str, int], ...]


class JoinMaker(Protocol):
    """The Join screen's class, which dials a lobby host's address and join code at once."""

    def __call__(self, app: Host, *, dial: tuple[str, str]) -> NetworkScreen: ...


class FindPartnerScene(NetworkScreen):
    def __init__(self, app: Host, *, join: JoinMaker, connect_wait: float | None = None) -> None:
        super().__init__(app)
        self.join = join
        self.connect_wait = connect_wait
        self.search: PartnerSearch | None = None
        self.rules = ALL_RULES
        self.listed: list[ListedHost] = []  # the hosts the rows show, in order
        self.rows: list[HostRow] = []  # and how each is drawn
        self.counted = 0  # when the rows' waits were counted, in WAIT_REFRESH periods
        self.total = 0  # hosts listed under the filter (the rows may show fewer)
        self.status = ""  # where the lobby stands ("Connecting…", "In the lobby at …")
        self.error = ""
        self.note = ""
        self.clock = 0.0
        self.group = WidgetGroup(focus_follows_mouse=False)
        self.buttons: dict[str, Button] = {}
        self.asks: list[Button] = []
        self.filter: Choice | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_box = pygame.Rect(0, 0, 0, 0)

    # -- lifetime -------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        self.connect()

    def leave(self) -> None:
        self.close_lobby()
        super().leave()

    def connect(self) -> None:
        """Open the lobby on the broker of the preferences (again, after a problem)."""
        self.close_lobby()
        self.error = self.note = ""
        try:
            self.search = PartnerSearch(self.app.prefs, connect_wait=self.connect_wait)
        except LobbyError as exc:
            self.error = lobby_refusal(exc)
            self.layout(self.app.size)
            return
        self.status = _("Connecting to the lobby at {address}\u2026").format(
            address=self.search.broker.endpoint
        )
        self.layout(self.app.size)

    def close_lobby(self) -> None:
        if self.search is not None:
            self.search.close()
            self.search = None

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        px = t.px
        w, h = size
        self.panel = pygame.Rect(0, 0, min(px(1040), int(w * 0.94)), min(px(660), int(h * 0.94)))
        self.panel.center = (w // 2, h // 2)
        p = self.panel
        self.group.clear()
        self.buttons = {}
        left, right = p.left + px(40), p.right - px(40)
        self.filter = self.group.add(
            Choice(
                (right - px(330), p.top + px(84), px(330), px(40)),
                t,
                tuple((key, _(label)) for key, label in RULES_FILTER),
                self.rules,
                self.filter_rules,
                name="rules",
            )
        )
        bottom = p.bottom - px(24) - px(50)
        top = p.top + px(140)
        # the rows, with a line under them for the hosts that did not fit
        self.list_box = pygame.Rect(left, top, right - left, bottom - px(92) - top)
        self.asks = []
        for index in range(MAX_ROWS):  # placed on their rows as the list fills
            ask = Button(
                (right - px(190), top, px(180), px(44)),
                t,
                _("Ask to play"),
                functools.partial(self.ask, index),
                text_size=19,
                name=f"ask{index}",
            )
            self.asks.append(self.group.add(ask))
        specs = [
            ("retry", _("Try again"), self.connect),
            ("host", _("Be a host"), self.be_host),
            ("back", _("Back"), self.cancel),
        ]
        if self.search is not None:
            specs = specs[1:]  # nothing to try again while the lobby is open
        bw, gap = px(230), px(16)
        x = p.centerx - (len(specs) * bw + (len(specs) - 1) * gap) // 2
        for index, (name, label, action) in enumerate(specs):
            self.buttons[name] = self.group.add(
                Button((x + index * (bw + gap), bottom, bw, px(50)), t, label, action, name=name)
            )
        self.buttons["cancel_ask"] = self.group.add(
            Button(
                (right - px(190), bottom - px(62), px(180), px(44)),
                t,
                _("Cancel"),
                self.cancel_ask,
                text_size=19,
                name="cancel_ask",
            )
        )
        self._show_hosts()

    def _show_hosts(self) -> None:
        """Fill the rows from the lobby's list under the filter, longest waiting first: each
        host with every word of its rules (a row grows to hold them), as many as fit."""
        search = self.search
        hosts = search.hosts(None if self.rules == ALL_RULES else self.rules) if search else []
        self.total = len(hosts)
        self.listed, self.rows = [], []
        self.counted = int(time.time() // WAIT_REFRESH)
        y = self.list_box.top
        for host in hosts[: len(self.asks)]:
            row = self._row(host, y)
            if self.rows and row.rect.bottom > self.list_box.bottom:
                break
            self.listed.append(host)
            self.rows.append(row)
            y = row.rect.bottom + self.app.theme.px(8)
        asking = search.asking if search is not None else None
        for index, ask in enumerate(self.asks):
            ask.visible = index < len(self.listed)
            ask.enabled = asking is None
            if ask.visible:
                ask.rect = ask.rect.move_to(top=self.rows[index].rect.top + self.app.theme.px(10))
        if "cancel_ask" in self.buttons:
            self.buttons["cancel_ask"].visible = asking is not None

    def _row(self, host: ListedHost, top: int) -> HostRow:
        """The row of `host` with its top at `top`: name, facts and rules wrapped beside the
        Ask button."""
        t = self.app.theme
        px = t.px
        width = self.list_box.width - px(220)
        facts = _("{rules} rules \u00b7 {level} \u00b7 version {version} \u00b7 {waited}").format(
            rules=rules_name(host.rules),
            level=_(host.level_words),
            version=host.app_version,
            waited=waited_words(host.since, time.time()),
        )
        differs = "; ".join(host.differences) or _("Every option as in {rules}").format(
            rules=rules_name(host.rules)
        )
        if host.players > 2:  # a table says its size and free seats first
            table = table_words(host.players, host.free)
            facts = f"{table[:1].upper()}{table[1:]} \u00b7 {facts}"
        lines = []
        y = px(6)
        for text, size, colour, role in (
            (host.name, 21, th.GOLD_LIGHT, "bold"),
            (facts, 16, th.CREAM, "ui"),
            (differs, 15, th.CREAM_DIM, "ui"),
        ):
            for line in t.wrap(text, size, width, role):
                lines.append((line, size, colour, role, y))
                y += t.font(size, role).get_linesize()
        height = max(px(ROW_HEIGHT) - px(8), y + px(6))
        return HostRow(
            pygame.Rect(self.list_box.left, top, self.list_box.width, height), tuple(lines)
        )

    # -- actions --------------------------------------------------------------------------------
    def filter_rules(self, rules: str) -> None:
        self.rules = rules
        self._show_hosts()

    def ask(self, index: int) -> None:
        """Ask the host on this row to play, under the player's name."""
        if self.search is None or index >= len(self.listed):
            return
        host = self.listed[index]
        try:
            self.search.ask(host.host_id, self.app.prefs.player_name)
        except LobbyError as exc:
            self.error, self.note = lobby_refusal(exc), ""
            return
        self.error = ""
        self.note = _("Waiting for {name}'s answer\u2026").format(name=host.name)
        self._show_hosts()

    def cancel_ask(self) -> None:
        if self.search is not None:
            self.search.cancel()
        self.note = _("You stopped waiting for an answer: ask another host, or the same again.")
        self._show_hosts()

    def be_host(self) -> None:
        """List this player in the lobby instead."""
        from game.scenes.net.lobby_host import WaitForPartnerScene

        self.app.stack.replace(WaitForPartnerScene(self.app, connect_wait=self.connect_wait))

    # -- the lobby ------------------------------------------------------------------------------
    def poll(self) -> None:
        search = self.search
        if search is None:
            return
        changed = False
        for event in search.poll():
            if isinstance(event, Connected):
                self.status = _("In the lobby at {address} ({protocol}).").format(
                    address=search.broker.endpoint, protocol=event.protocol
                )
                self.error = ""
            elif isinstance(event, (HostListed, HostGone)):
                changed = True
            elif isinstance(event, Declined):
                self.error, self.note = event.reason, ""
                changed = True
            elif isinstance(event, Accepted):
                self._accepted(event)
                return
            elif isinstance(event, Problem):
                self._problem(_(event.text))
                if self.search is None:
                    return
        if changed:
            self._show_hosts()

    def _problem(self, text: str) -> None:
        """The lobby cannot be reached: said with what to try. Before it ever answered, the
        lobby is given up (the list cannot fill); a lost connection is redialled by itself."""
        assert self.search is not None
        self.error = f"{text} {_(CLUB_HINT)}"
        if not self.search.ever_connected:
            self.close_lobby()
            self.status = ""
            self.layout(self.app.size)  # Try again, once the address is put right

    def _accepted(self, event: Accepted) -> None:
        """The host said yes: join its game by the path its details name."""
        details = event.details
        if isinstance(details, DirectDetails):
            scene = self.join(self.app, dial=(details.address, details.join_code))
        else:
            servers = Servers(details.mailbox, details.relay)
            scene = AcceptScene(self.app, code=details.code, servers=servers)
        self.app.stack.replace(scene)

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.rows and int(time.time() // WAIT_REFRESH) != self.counted:
            self._show_hosts()  # "waiting 5 min" becomes "waiting 6 min" in time
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        px = t.px
        p = self.panel
        self.draw_panel(surface, _("Find a partner"), 38, 20)
        left = p.left + px(40)
        assert self.filter is not None
        status_width = self.filter.rect.left - left - px(20)
        y = p.top + px(92)
        if self.search is not None and not self.search.connected:
            self.draw_spinner(surface, (left + px(10), y + px(12)), px(9))
            self._draw_status(surface, (left + px(30), y), status_width - px(30))
        elif self.search is not None:
            self._draw_status(surface, (left, y), status_width)
        self._draw_rows(surface)
        self.group.draw(surface)
        self._draw_message(surface)

    def _draw_status(self, surface: pygame.Surface, at: tuple[int, int], width: int) -> None:
        """Where the lobby stands, smaller where a long address needs it."""
        t = self.app.theme
        size = t.size_to_fit(self.status, 18, width, smallest=13)
        surface.blit(t.text(t.fit(self.status, size, width), size, th.CREAM), at)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        px = t.px
        box = self.list_box
        for row in self.rows:
            rect = row.rect
            surface.blit(t.panel(rect.size, radius=10, fill=(10, 40, 24, 200), shadow=False), rect)
            for text, size, colour, role, y in row.lines:
                surface.blit(t.text(text, size, colour, role), (rect.left + px(14), rect.top + y))
        if self.search is None:  # the lobby could not be reached: why, and what to try
            y = box.top + px(20)
            for line in t.wrap(self.error, 19, box.width):
                surface.blit(t.text(line, 19, th.ERROR), (box.left, y))
                y += t.font(19).get_linesize()
            return
        if self.listed or not self.search.connected:
            if self.total > len(self.listed):
                more = _("and {count} more waiting longer than these").format(
                    count=self.total - len(self.listed)
                )
                y = self.rows[-1].rect.bottom + px(4) if self.rows else box.top
                surface.blit(t.text(more, 15, th.CREAM_DIM), (box.left, y))
            return
        empty = (
            _("Nobody is waiting with these rules yet.")
            if self.rules != ALL_RULES
            else _("Nobody is waiting in the lobby yet.")
        )
        y = box.top + px(20)
        surface.blit(t.text(empty, 20, th.CREAM), (box.left, y))
        y += t.font(20).get_linesize() + px(8)
        hint = _(
            "Choose Be a host to wait here yourself (you may play the computer meanwhile), or "
            "keep this screen open: hosts appear as they arrive."
        )
        for line in t.wrap(hint, 17, box.width):
            surface.blit(t.text(line, 17, th.CREAM_DIM), (box.left, y))
            y += t.font(17).get_linesize()

    def _draw_message(self, surface: pygame.Surface) -> None:
        """The request under way, or what became of it, over the buttons."""
        t = self.app.theme
        px = t.px
        cancel = self.buttons["cancel_ask"]
        left = self.panel.left + px(40)
        width = cancel.rect.left - left - px(20)
        text, colour = (self.error, th.ERROR) if self.error else (self.note, th.CREAM)
        if not text or self.search is None:  # (the error stands in the list's place then)
            return
        lines = t.wrap(text, 18, width)
        step = t.font(18).get_linesize()
        y = cancel.rect.centery - step * len(lines) // 2
        x = left
        if cancel.visible and not self.error:
            self.draw_spinner(surface, (left + px(10), cancel.rect.centery), px(9))
            x += px(30)
        for line in lines:
            surface.blit(t.text(line, 18, colour), (x, y))
            y += step
