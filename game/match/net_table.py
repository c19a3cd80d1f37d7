"""The host's table of three or four: one listener and one join code for every guest seat, from
listening to the goodbye.

`NetTable` opens the table's listener (`TableListener`) with one session per guest seat, all on
one code, and drives the host's `TablePeer`: the host's own seat is played by the person at the
table (or AutoPilot, as `NetGame`'s), every computer seat by the computer at its level thinking in
a worker process. A guest who declines the rules, or leaves before the game, frees its seat: a
fresh session on the same code takes its place on the listener. The game is saved after every
move where `main.py --resume` reads it (`NetTable.resume` hosts a saved table again, each guest
rejoining its own seat). It keeps what the Host screen
shows (every seat, who sits there and whether they have accepted the rules) and queues the peer's
notices for the screen; it is pumped once a frame by whichever screen owns it. Nothing here draws.
"""

from __future__ import annotations

import os
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from game import APP_VERSION
from game.logic.actions import Action
from game.logic.phrase import phrase
from game.match.net_connection import Pilot, my_terms, save_path, saved_code, shown
from game.match.worker import AIResult
from game.netplay import (
    ChatRefused,
    EndpointPort,
    PeerInfo,
    ReliableSession,
    Role,
    SessionConfig,
    SessionError,
)
from game.netplay.play.agreement import Stage
from game.netplay.play.chat import ChatLine
from game.netplay.play.table_peer import GuestNotice, TablePeer
from game.netplay.play.table_protocol import TableHost
from game.netplay.session.joincode import new_join_code, normalize_code
from game.netplay.shell.savefile import JsonFileStore
from game.netplay.shell.table_tcp import TableListener
from game.netplay.shell.tcp import NetplayHost
from game.netplay.wire.session_messages import MAX_NAME_CHARS
from game.netplay.wire.text import clean_text
from game.settings import Preferences

GOODBYE_SECONDS = 0.3  # how long closing waits for the goodbyes to leave before cutting sockets


@dataclass(frozen=True)
class SeatRow:
    """One seat as the Host screen lists it. `kind`: "host", "guest" or "computer"; `name`:
    the host's or a joined guest's ("" for a free guest seat or a computer); `level`: a
    computer's; `state` for a guest seat: "free", "reading" (the rules) or "accepted"; at a
    saved table, "rejoining" (awaited) or "back"."""

    seat: int
    kind: str
    name: str = ""
    level: str = ""
    state: str = ""


class NetTable:
    """A table of `players` (3 or 4) hosted on `port`: `seats` says who plays seats 1..: a
    guest (None) or a computer's level. Raises `OSError` if the port cannot be used."""

    role = Role.HOST

    def __init__(
        self,
        prefs: Preferences,
        port: int,
        players: int,
        seats: dict[int, str | None],
        *,
        config: SessionConfig | None = None,
        code: str = "",
        resume: dict[str, Any] | None = None,
        save_to: str | os.PathLike[str] | None = None,
    ) -> None:
        self.name = prefs.player_name[:MAX_NAME_CHARS]
        self.players = players
        self.kinds = dict(seats)
        self.config = config or SessionConfig()
        self.code = normalize_code(code) if code else normalize_code(new_join_code())
        self.resumed_game = resume is not None
        self.pilot = Pilot(prefs.skill_level)
        self.computers: dict[int, Pilot] = {}
        for seat, level in self.kinds.items():
            if level is not None:
                self.computers[seat] = Pilot(level, seed=seat)
                self.computers[seat].set_autopilot(True)
        self._first: NetplayHost | None = None
        hosts: dict[int, NetplayHost] = {}
        for seat, kind in self.kinds.items():
            if kind is None:
                hosts[seat] = self._seat_host(seat)
                self._first = self._first or hosts[seat]
        self.listener = TableListener(hosts, port)
        try:
            self.listener.start()
        except OSError:
            self._close_pilots()
            raise
        names = [self.name] + [
            "" if kind is None else f"Computer ({kind})" for kind in self.kinds.values()
        ]
        try:
            self.peer = TablePeer(
                {seat: EndpointPort(host) for seat, host in hosts.items()},
                self.pilot,
                dict(self.computers),
                terms=my_terms(prefs, players),
                names=names,
                reopen=self._reopen,
                levels={seat: kind for seat, kind in self.kinds.items() if kind is not None},
                # saved after every move where the command line's --resume reads it, so the
                # table continues from Continue (or `main.py --resume`) after a stop or a crash
                store=JsonFileStore(save_to if save_to is not None else save_path(Role.HOST)),
                resume=resume,
                about=self._about(),
                give_up_after=self.config.give_up_after,
            )
        except Exception:
            self.listener.stop(timeout=1.0)
            self._close_pilots()
            raise
        self.inbox: deque[Any] = deque()
        self.answers: list[AIResult] = []  # the worker's answers other than AutoPilot's
        self.chat_arrivals = 0

    @classmethod
    def resume(
        cls,
        prefs: Preferences,
        saved: dict[str, Any],
        port: int,
        *,
        config: SessionConfig | None = None,
    ) -> NetTable:
        """The table a save holds, listening on `port` (the saved one, which the guests dial
        again) with its code, every guest seat waiting for its guest to rejoin and the computer
        seats at their levels. Raises `SaveError` (a `ValueError`, with a sentence) if the save
        cannot be continued, `OSError` if the port cannot be used."""
        table = TableHost.from_save(saved)
        levels = saved.get("seats")
        levels = levels if isinstance(levels, dict) else {}
        seats: dict[int, str | None] = {
            s: None if s in table.guests else str(levels.get(str(s)) or prefs.skill_level)
            for s in range(1, table.terms.rules.players)
        }
        return cls(
            prefs,
            port,
            table.terms.rules.players,
            seats,
            config=config,
            code=saved_code(saved),
            resume=saved,
        )

    def _about(self) -> dict[str, Any]:
        """How the guests reach the table again and who plays the computer seats, saved with
        the game as the command line saves it."""
        return {
            "connection": {
                "role": Role.HOST.value,
                "name": self.name,
                "code": self.join_code,
                "port": self.listener.port,
                "bind": None,
                "address": None,
                "link": None,
            },
            "seats": {str(s): kind for s, kind in self.kinds.items() if kind is not None},
        }

    def _seat_host(self, seat: int) -> NetplayHost:
        session = ReliableSession(
            Role.HOST, PeerInfo(self.name, APP_VERSION), self.config, join_code=self.code
        )
        session.table_seat = seat
        if self._first is not None:
            session.share_guesses(self._first.session)  # wrong codes count once for the table
        return NetplayHost(session)

    def _reopen(self, seat: int) -> EndpointPort:
        host = self._seat_host(seat)
        self.listener.replace(seat, host)
        return EndpointPort(host)

    @property
    def join_code(self) -> str:
        """The code the host shows (a session picks a new one after too many wrong guesses)."""
        first = next(iter(self.listener.seats.values()))
        return first.session.join_code or self.code

    @property
    def port(self) -> int:
        return self.listener.port

    # -- what the Host screen lists -------------------------------------------------------------
    def seat_rows(self) -> list[SeatRow]:
        peer = self.peer
        rows = [SeatRow(0, "host", self.name)]
        for seat, level in self.kinds.items():
            name = clean_text(peer.names[seat], MAX_NAME_CHARS) or phrase("a guest")
            if level is not None:
                rows.append(SeatRow(seat, "computer", level=level))
            elif seat not in peer.joined and peer.play is None:
                rows.append(SeatRow(seat, "guest", state="free"))
            elif self.resumed_game:  # a saved table: each guest comes back to its own seat
                back = seat not in peer.rejoining()
                rows.append(SeatRow(seat, "guest", name, state="back" if back else "rejoining"))
            else:
                negotiation = peer.negotiations.get(seat)
                agreed = negotiation is None or negotiation.stage is Stage.AGREED
                rows.append(SeatRow(seat, "guest", name, state="accepted" if agreed else "reading"))
        return rows

    @property
    def ready(self) -> bool:
        """The game is under way with a hand to show and every guest at the table (after the
        host came back from its save, every guest rejoined)."""
        play = self.peer.play
        return play is not None and play.view is not None and not self.peer.rejoining()

    # -- what the table and its screens read (as of a `NetGame`) --------------------------------
    seat = 0

    @property
    def address(self) -> str:
        return str(self.port)

    @property
    def peer_name(self) -> str:
        """The guests' names, for what speaks of "the others"."""
        peer = self.peer
        names = [clean_text(peer.names[seat], MAX_NAME_CHARS) for seat in peer.ports]
        return ", ".join(name for name in names if name) or phrase("the guests")

    @property
    def peer_at_sentence_start(self) -> str:
        return self.peer_name

    @property
    def status(self) -> str:
        peer = self.peer
        if peer.failure is not None or peer.host_silent is not None:
            return "lost"
        if peer.closed is not None:
            return "closed"
        if peer.play is not None and peer.waiting_for():
            return "interrupted"
        return "connected"

    @property
    def status_text(self) -> str:
        peer = self.peer
        for ended in (peer.failure, peer.closed, peer.host_silent):
            if ended is not None:
                return shown(ended.text)
        waiting = peer.waiting_for() if peer.play is not None else []
        if waiting:
            names = ", ".join(clean_text(peer.names[s], MAX_NAME_CHARS) for s in waiting)
            return phrase("{name}'s connection interrupted, waiting\u2026", name=names)
        return phrase("Connected to {name}", name=self.peer_name)

    def waiting(self) -> tuple[list[int], float]:
        """The guest seats play waits for (their connection dropped) and the seconds left
        before the table gives up on them."""
        now = time.monotonic()
        return self.peer.away(), self.peer.seconds_to_wait(now)

    @property
    def autopilot(self) -> bool:
        return self.pilot.autopilot

    def set_autopilot(self, on: bool, level: str | None = None) -> None:
        self.pilot.set_autopilot(on, level)

    @property
    def over(self) -> bool:
        return self.peer.game_over

    def submit(self, action: Action) -> None:
        """The person's move at the host's seat, checked at once by the host's copy."""
        self.pilot.manual.submit(action)
        self.pump()

    def say(self, text: str) -> ChatLine:
        """A chat line to every guest; raises `ChatRefused` with a reason to show."""
        try:
            return self.peer.say(text, time.monotonic())
        except SessionError:
            raise ChatRefused("The connection is closed: the message could not be sent.") from None

    @property
    def started(self) -> bool:
        """Every guest accepted: the game is under way."""
        return self.peer.play is not None

    # -- every frame ----------------------------------------------------------------------------
    def pump(self) -> None:
        self.answers.extend(self.pilot.poll())
        for pilot in self.computers.values():
            pilot.poll()
        self.peer.pump(time.monotonic())
        for notice in self.peer.pop_notices():
            event = notice.event if isinstance(notice, GuestNotice) else notice
            if isinstance(event, ChatLine) and not event.from_me:
                self.chat_arrivals += 1
            self.inbox.append(notice)

    def take(self) -> list[Any]:
        notices = list(self.inbox)
        self.inbox.clear()
        return notices

    # -- the end --------------------------------------------------------------------------------
    def leave(self, text: str = "") -> None:
        self.peer.leave(text or "The host stopped the game.")

    def stop(self) -> None:
        """Leave, and close every socket (after a moment for the goodbyes)."""
        self.leave()
        stop_by = time.monotonic() + GOODBYE_SECONDS
        while self.listener.running and time.monotonic() < stop_by:
            self.peer.pump(time.monotonic())
            time.sleep(0.01)
        self.listener.stop(timeout=1.0)
        self.pilot.close()
        self._close_pilots()

    def _close_pilots(self) -> None:
        for pilot in self.computers.values():
            pilot.close()
