"""Wait for a partner (UG 4.2.2 "Be A Host"): this player listed in the lobby as a waiting host,
on the broker of Options → Network, with its name, rules, the level it hopes for and its version.

The screen listens for the game at once (as the Host screen does, on the player's port, or any
free one) and announces it. The player may wait here, or play the computer meanwhile ("Play the
computer while waiting": the saved game if there is one, else a new one): a watch then flashes at
the left of the table's status bar, and a click on it stops waiting (the announcement is
withdrawn, the solo game goes on). When a guest asks, a dialog over whatever is shown asks
"NAME asks to play": Accept, Decline or Block NAME (refused for as long as the player waits); the
lobby keeps at most a few requests waiting and declines the rest in words. With "Accept
automatically" the first guest is taken without a question. An accepted guest is sent this
computer's address and the join code, sealed to its key; the solo game is saved as it is left
(Continue on the title screen takes it up again later), and once the guest connects the rules
agreement and the network game follow as for any hosted game. A broker that is down or refuses
the connection is said in words with what to try (Try again, on this screen), and the solo game is
not disturbed.

A table of three or four ("Wait for partners" on the Host screen, which hands its listening
table over) is announced with its players and free seats: each guest accepted is sent the
address and the table's join code, and the announcement, one seat fewer each time (fewer still
when a guest comes another way), stays until no seat is left; the solo game goes on meanwhile.
The screen lists who has joined, and the game starts once every guest has accepted the rules."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _, n_
from game.match import NetGame, autosave_exists
from game.match.lobby import PartnerWait
from game.match.net_table import NetTable
from game.netplay import Connected as GuestConnected
from game.netplay import GuestTurnedAway
from game.netplay.lobby import (
    Connected,
    GuestRequest,
    LobbyError,
    Problem,
    RequestArrived,
    RequestWithdrawn,
)
from game.netplay.play.table_peer import GuestNotice, SeatFreed
from game.netplay.shell.tcp import NetplayHost
from game.scenes.dialog import DialogScene
from game.scenes.flow import continue_game, start_new_game
from game.scenes.net.agreement import connected_scene, table_scene
from game.scenes.net.screen import (
    CLUB_HINT,
    NetworkScreen,
    draw_watch,
    lobby_refusal,
    rules_name,
)
from game.ui import theme as th
from game.ui.button import Button
from game.ui.controls import Toggle
from game.ui.label import Label
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host
    from game.scenes.table.table import TableScene

WATCH_TIP = N_("You are waiting for a partner in the lobby: click the watch to stop waiting.")
STOPPED = N_("You stopped waiting for a partner: this game is no longer listed in the lobby.")


class LobbyWatch:
    """The flashing watch at the solo table's status bar while the player waits in the lobby;
    a click stops waiting."""

    def __init__(self, scene: WaitForPartnerScene) -> None:
        self.scene = scene

    @property
    def tip(self) -> str:
        return _(WATCH_TIP)

    def draw(self, surface: pygame.Surface, box: pygame.Rect, clock: float) -> None:
        radius = max(4, min(box.width, box.height) // 2 - self.scene.app.theme.px(6))
        draw_watch(surface, box.center, radius, clock)

    def click(self) -> None:
        self.scene.stop_waiting()


class WaitForPartnerScene(NetworkScreen):
    def __init__(
        self,
        app: Host,
        *,
        port: int | None = None,
        connect_wait: float | None = None,
        request_ttl: float | None = None,
        net_table: NetTable | None = None,
    ) -> None:
        super().__init__(app)
        self.port = port if port is not None else app.prefs.host_port
        self.net_table = net_table  # a table of three or four, listening already
        self.connect_wait = connect_wait
        self.request_ttl = request_ttl  # seconds a request waits for an answer (the lobby's)
        self.lobby: PartnerWait | None = None
        self.table: TableScene | None = None  # the solo game played while waiting
        self.dialog: DialogScene | None = None  # "NAME asks to play", while it is open
        self.asked: GuestRequest | None = None  # the request that dialog is about
        self.accepted = ""  # the name of the guest sent the details
        self.filled = False  # a table with no seat left to offer in the lobby
        self.watch = LobbyWatch(self)
        self.status = ""
        self.error = ""
        self.note = ""
        self.clock = 0.0
        self.group = WidgetGroup(focus_follows_mouse=False)
        self.buttons: dict[str, Button] = {}
        self.auto: Toggle | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)

    # -- lifetime -------------------------------------------------------------------------------
    def enter(self) -> None:
        self.start()  # before the layout, which offers the solo game only with a lobby
        super().enter()

    def leave(self) -> None:
        self.close_lobby()
        if self.table is not None:
            self.table.set_status_mark(None)
        super().leave()

    def resume(self) -> None:
        """Back from the solo table (or a dialog): the watch goes with the table."""
        if self.table is not None and self.table not in self.app.stack:
            self.table = None
        self.layout(self.app.size)

    def start(self) -> None:
        """Listen for the game (the player's port, else any free one) and announce it; a table
        handed over listens already, and is announced with its free seats."""
        players, free = 2, 1
        if self.net_table is not None:
            port, code = self.net_table.port, self.net_table.join_code
            players, free = self.net_table.players, self.free_seats
        else:
            try:
                self.net = self._listen()
            except OSError as exc:
                self.error = _("Cannot listen for the game ({reason}).").format(
                    reason=exc.strerror or exc
                )
                return
            endpoint = self.net.endpoint
            port = endpoint.port if isinstance(endpoint, NetplayHost) else 0
            code = self.net.join_code
        try:
            self.lobby = PartnerWait(
                self.app.prefs,
                port,
                code,
                players=players,
                free=free,
                connect_wait=self.connect_wait,
                request_ttl=self.request_ttl,
            )
        except LobbyError as exc:
            self.error = lobby_refusal(exc)
            if self.net_table is None:  # a table goes on listening for guests with the code
                self.release_network()
            return
        self.status = _("Connecting to the lobby at {address}\u2026").format(
            address=self.lobby.broker.endpoint
        )

    def _listen(self) -> NetGame:
        try:
            return NetGame.host(self.app.prefs, self.port)
        except OSError:
            if self.port == 0:
                raise
            return NetGame.host(self.app.prefs, 0)

    def release_network(self) -> None:
        super().release_network()
        if self.net_table is not None and not self.handed_on:
            self.net_table.stop()
            self.net_table = None

    @property
    def free_seats(self) -> int:
        """A table's guest seats nobody has taken."""
        table = self.net_table
        return 0 if table is None else sum(row.state == "free" for row in table.seat_rows())

    def close_lobby(self) -> None:
        if self.lobby is not None:
            self.lobby.close()
            self.lobby = None

    # -- layout ---------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        px = t.px
        w, h = size
        self.panel = pygame.Rect(0, 0, min(px(900), int(w * 0.92)), min(px(620), int(h * 0.94)))
        self.panel.center = (w // 2, h // 2)
        p = self.panel
        self.group.clear()
        self.buttons = {}
        left = p.left + px(48)
        row_y = p.bottom - px(24) - px(50) - px(130)
        self.group.add(
            Label(
                (left, row_y, px(330), px(40)),
                t,
                _("Accept requests automatically"),
                size=19,
                colour=th.CREAM,
            )
        )
        self.auto = self.group.add(
            Toggle(
                (left + px(340), row_y, px(170), px(40)),
                t,
                self.app.prefs.lobby_auto_accept,
                self.set_auto_accept,
                labels=(_("Off"), _("On")),
                name="auto",
            )
        )
        specs = [
            ("solo", _("Play the computer while waiting"), self.play_solo, px(400)),
            ("stop", _("Stop waiting"), self.stop_waiting, px(240)),
        ]
        if self.lobby is None and not (self.accepted or self.filled):  # could not be reached
            specs[0] = ("retry", _("Try again"), self.retry, px(240))
        bh, gap = px(50), px(16)
        x = p.centerx - (sum(spec[3] for spec in specs) + gap) // 2
        for index, (name, label, action, bw) in enumerate(specs):
            self.buttons[name] = self.group.add(
                Button(
                    (x, p.bottom - px(24) - bh, bw, bh),
                    t,
                    label,
                    action,
                    text_size=20,
                    primary=index == 0,
                    name=name,
                )
            )
            x += bw + gap

    # -- actions --------------------------------------------------------------------------------
    def retry(self) -> None:
        """Listen and announce again (the lobby's address put right in Options, say)."""
        self.error = self.note = ""
        self.start()
        self.layout(self.app.size)

    def set_auto_accept(self, on: bool) -> None:
        self.app.prefs.lobby_auto_accept = on
        self.app.preferences_changed()

    def play_solo(self) -> None:
        """Play the computer while waiting: the saved game if there is one, else a new one,
        with the watch in its status bar."""
        table = continue_game(self.app) if autosave_exists() else start_new_game(self.app)
        table.set_status_mark(self.watch)
        self.table = table

    def stop_waiting(self) -> None:
        """The watch clicked, Stop waiting or Escape: the announcement is withdrawn and the
        game no longer listened for; a solo game goes on."""
        table = self.table
        self.close_lobby()
        self.app.stack.remove(self)
        if table is not None and table in self.app.stack:
            table.say(_(STOPPED))

    def cancel(self) -> None:
        self.stop_waiting()

    def tell(self, text: str, error: bool = False) -> None:
        """News from the lobby: on this screen, and on the solo table while it is played."""
        if error:
            self.error, self.note = text, ""
        else:
            self.note = text
        if self.table is not None:
            self.table.say(text, error=error)

    # -- requests -------------------------------------------------------------------------------
    def request_arrived(self, request: GuestRequest) -> None:
        if self.app.prefs.lobby_auto_accept and self.dialog is None:
            self.accept(request)
        else:
            self.ask_next()

    def ask_next(self) -> None:
        """Ask the player about the oldest request waiting, unless a dialog is open already."""
        if self.dialog is not None or self.lobby is None or self.accepted:
            return
        pending = self.lobby.pending
        if not pending:
            return
        request = pending[0]
        self.asked = request
        self.dialog = DialogScene(
            self.app,
            _("{name} asks to play").format(name=request.name),
            _(
                "Accept to start a network game with them now (your solo game is saved), "
                "Decline, or Block to refuse them for as long as you wait."
            ),
            (
                (_("Accept"), "accept"),
                (_("Decline"), "decline"),
                (_("Block {name}").format(name=request.name), "block"),
            ),
            on_result=functools.partial(self.answer, request),
            cancel_value="decline",
            width=720,
        )
        self.app.stack.push(self.dialog)

    def answer(self, request: GuestRequest, choice: str) -> None:
        self.dialog = self.asked = None
        if choice == "accept":
            self.accept(request)
            return
        if self.lobby is not None:
            try:
                if choice == "block":
                    self.lobby.block(request.request_id)
                    self.tell(
                        _("{name} is blocked while you wait and was told no.").format(
                            name=request.name
                        )
                    )
                else:
                    self.lobby.decline(request.request_id)
                    self.tell(
                        _("You declined {name}'s request; still waiting.").format(name=request.name)
                    )
            except LobbyError as exc:
                self.tell(lobby_refusal(exc))
        self.ask_next()

    def accept(self, request: GuestRequest) -> None:
        """Take this guest: it is sent the details; the solo game is saved as it is left, and
        this screen waits for the guest to connect."""
        if self.lobby is None:
            return
        try:
            self.lobby.accept(request.request_id)
        except LobbyError as exc:
            self.tell(lobby_refusal(exc))
            self.ask_next()
            return
        if self.lobby.waiting:  # a table with seats still to offer: the solo game goes on
            free = self.lobby.free
            self.tell(
                n_(
                    "{name} was sent your address and join code; {n} more seat is offered "
                    "in the lobby.",
                    "{name} was sent your address and join code; {n} more seats are offered "
                    "in the lobby.",
                    free,
                ).format(name=request.name, n=free)
            )
            self.ask_next()
            return
        if self.net_table is not None:
            self.table_full()
            self.tell(
                _(
                    "{name} was sent your address and join code: waiting for every guest to "
                    "join and accept the rules\u2026"
                ).format(name=request.name)
            )
            return
        self.accepted = request.name
        self.close_lobby()
        self.back_to_this_screen()
        self.status = _("{name} accepted: you are no longer listed in the lobby.").format(
            name=request.name
        )
        self.note = _("{name} was sent your address and join code: connecting\u2026").format(
            name=request.name
        )

    def seat_freed(self, name: str) -> None:
        """A guest left the table before the game: its seat is offered in the lobby again (by
        a fresh announcement if the table had filled)."""
        self.tell(
            _(
                "{name} left the table before the game; the seat is offered in the lobby again."
            ).format(name=name)
        )
        if self.lobby is not None:
            self.lobby.set_free(min(self.lobby.free + 1, self.free_seats))
        elif self.filled:
            self.filled = False
            self.start()
            self.layout(self.app.size)

    def table_full(self) -> None:
        """No seat of the table is left to offer: out of the lobby, and back to this screen
        (a solo game is saved as it is left) to wait for the guests to accept the rules."""
        self.filled = True
        self.close_lobby()
        self.back_to_this_screen()
        self.status = _("Your table is full: you are no longer listed in the lobby.")
        self.layout(self.app.size)

    def request_lapsed(self, request: GuestRequest) -> None:
        dialog, asked = self.dialog, self.asked
        if dialog is not None and asked is not None and asked.request_id == request.request_id:
            dialog.closed = True  # gone unanswered: its buttons no longer answer
            self.app.stack.remove(dialog)
            self.dialog = self.asked = None
        self.tell(_("{name} stopped waiting for your answer.").format(name=request.name))
        self.ask_next()

    # -- the lobby and the game -----------------------------------------------------------------
    def poll(self) -> None:
        for notice in self.notices():
            if isinstance(notice, GuestConnected):
                self.start_network_game()
                return
        if self.net_table is not None and not self.handed_on:
            self._poll_table(self.net_table)
            if self.handed_on:
                return
        lobby = self.lobby
        if lobby is None:
            return
        for event in lobby.poll():
            if isinstance(event, Connected):
                self.status = _("Listed in the lobby at {address} as {name}.").format(
                    address=lobby.broker.endpoint, name=lobby.announcement.name
                )
                self.error = ""
            elif isinstance(event, RequestArrived):
                self.request_arrived(event.request)
            elif isinstance(event, RequestWithdrawn):
                self.request_lapsed(event.request)
            elif isinstance(event, Problem):
                self._problem(_(event.text))
            if self.lobby is None:
                return

    def _poll_table(self, table: NetTable) -> None:
        """The table's news: a guest who left before the game, a wrong code; the seats taken
        another way are no longer offered; once every guest accepted, on to the game."""
        table.pump()
        for notice in table.take():
            event = notice.event if isinstance(notice, GuestNotice) else notice
            if isinstance(notice, SeatFreed):
                self.seat_freed(notice.name or _("A guest"))
            elif isinstance(event, GuestTurnedAway) and event.code == "wrong_code":
                self.tell(_("Someone tried a wrong code; still waiting for your guests\u2026"))
        lobby = self.lobby
        if lobby is not None and lobby.waiting and self.free_seats < lobby.free:
            lobby.set_free(self.free_seats)
            if not lobby.waiting:
                self.table_full()
        if table.peer.play is not None and table.peer.play.view is not None:
            self.start_network_game()

    def _problem(self, text: str) -> None:
        """Said in words with what to try; before the broker ever answered, waiting is given
        up (the watch goes, a solo game goes on); a lost connection is redialled by itself."""
        assert self.lobby is not None
        if self.lobby.ever_connected:
            self.tell(text)
            return
        self.close_lobby()
        if self.net_table is None:  # a table goes on listening for guests with the code
            self.release_network()
        self.status = ""
        if self.table is not None:
            self.table.set_status_mark(None)
        self.tell(f"{text} {_(CLUB_HINT)}", error=True)
        self.layout(self.app.size)  # Try again instead of the solo game

    def start_network_game(self) -> None:
        """The accepted guest connected: on to the rules, as from the Host screen; a table's
        game once every guest accepted and the first hand is dealt."""
        self.back_to_this_screen()
        self.handed_on = True
        self.close_lobby()
        if self.net_table is not None:
            self.app.stack.replace(table_scene(self.app, self.net_table))
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
        title = _("Wait for partners") if self.net_table is not None else _("Wait for a partner")
        self.draw_panel(surface, title, 38, 20)
        left = p.left + px(48)
        width = p.width - px(96)
        y = p.top + px(92)
        if self.error:  # why waiting stopped, and what to try
            for line in t.wrap(self.error, 19, width):
                surface.blit(t.text(line, 19, th.ERROR), (left, y))
                y += t.font(19).get_linesize()
        elif self.lobby is not None or self.accepted or self.filled:
            draw_watch(surface, (left + px(14), y + px(13)), px(13), self.clock)
            lines = t.wrap(self.status, 20, width - px(40))
            step = t.font(20).get_linesize()
            for index, line in enumerate(lines):
                surface.blit(t.text(line, 20, th.CREAM), (left + px(40), y + index * step))
            y += (len(lines) - 1) * step  # a long status pushes the rest down
        y += px(44)
        for line in t.wrap(self._explanation(), 17, width):
            surface.blit(t.text(line, 17, th.CREAM_DIM), (left, y))
            y += t.font(17).get_linesize()
        if self.net_table is not None:
            y += px(8)
            for line in t.wrap(self._guests(self.net_table), 19, width):
                surface.blit(t.text(line, 19, th.CREAM), (left, y))
                y += t.font(19).get_linesize()
        pending = self.lobby.pending if self.lobby is not None else []
        if pending:
            y += px(10)
            names = ", ".join(request.name for request in pending)
            for line in t.wrap(_("Asking to play: {names}").format(names=names), 19, width):
                surface.blit(t.text(line, 19, th.GOLD_LIGHT), (left, y))
                y += t.font(19).get_linesize()
        self.group.draw(surface)
        assert self.auto is not None
        y = self.auto.rect.bottom + px(14)
        for line in t.wrap("" if self.error else self.note, 18, width)[:3]:
            surface.blit(t.text(line, 18, th.CREAM), (left, y))
            y += t.font(18).get_linesize()

    def _guests(self, table: NetTable) -> str:
        """Who has joined the table, how far they are, and the seats still free."""
        joined = [
            _("{name} (accepted)").format(name=row.name)
            if row.state == "accepted"
            else _("{name} (reading the rules)").format(name=row.name)
            for row in table.seat_rows()
            if row.kind == "guest" and row.state != "free"
        ]
        free = self.free_seats
        seats = n_("{n} seat free", "{n} seats free", free).format(n=free)
        return _("Guests at your table: {names}; {seats}").format(
            names=", ".join(joined) or _("nobody yet"), seats=seats
        )

    def _explanation(self) -> str:
        if self.lobby is None:
            return ""
        about = self.lobby.announcement
        differences = "; ".join(about.differences) or _("no changes")
        port = self.lobby.details.address.rsplit(":", 1)[-1]
        if about.players > 2:
            return _(
                "Players looking for partners see your table of {n} and its free seats ({rules} "
                "rules: {differences}). "
                "When one asks, you choose to Accept, Decline or Block them: each one you accept "
                "is sent your address and the table's join code, sealed, and takes a free seat. "
                "You may play the computer meanwhile. Over the internet your router must forward "
                "TCP port {port} to this computer."
            ).format(
                n=about.players,
                rules=rules_name(about.rules),
                differences=differences,
                port=port,
            )
        return _(
            "Players looking for a partner see {name}, {rules} rules ({differences}), the level "
            "you hope for and your version. When one asks, you choose to Accept, Decline or Block "
            "them. You may play the computer meanwhile: a watch flashes in the status bar, and a "
            "click on it stops waiting. The player you accept is sent your address and join code, "
            "sealed so nobody else can read them, and connects directly: over the internet your "
            "router must forward TCP port {port} to this computer."
        ).format(name=about.name, rules=rules_name(about.rules), differences=differences, port=port)
