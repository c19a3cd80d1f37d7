"""Find a partner from the screens (UG 4.2.2): the lobby on the broker the player chose in
Options → Network, seen from either side, with no drawing.

`PartnerSearch` is the guest's: the live list of waiting hosts and one request at a time.
`PartnerWait` is the host's: its announcement (the player's name, rules preset and the options
that differ from it, the level of play hoped for), the requests as they come, and the answers.
The game itself is the one the Host screen opens (`NetGame.host`, listening on a port with a
join code): a guest the host accepts is sent this computer's address, that port and the join
code, sealed to the guest's key, and then joins as on the Join screen. A table of three or four
(`NetTable`, one port and code) waits the same way with its players and free seats announced,
and sends each guest it accepts the same details until no seat is free. Both are polled once a
frame by their screen. A broker that cannot be used is a `LobbyError` with a sentence before
anything starts, or a `Problem` among the events once under way."""

from __future__ import annotations

import time

from game import APP_VERSION
from game.logic.rules import Rules, RulesError
from game.match.table_info import rules_summary
from game.netplay.addresses import format_endpoint
from game.netplay.lobby import (
    Announcement,
    BrokerAddress,
    DirectDetails,
    GuestRequest,
    ListedHost,
    LobbyEvent,
    parse_broker_url,
    require_lobby,
)
from game.settings import Preferences

CLOSE_WAIT = 1.0  # seconds a screen waits for its last lobby messages to leave


def lobby_broker(prefs: Preferences) -> BrokerAddress:
    """The broker in the preferences; raises `LobbyError` with a sentence if it is not one (or
    a library the lobby needs is missing)."""
    require_lobby()
    return parse_broker_url(prefs.lobby_broker)


def lobby_terms(prefs: Preferences, players: int = 2) -> tuple[str, tuple[str, ...]]:
    """The rules preset this player would host at a table of `players`, and its options that
    differ from it in words."""
    try:
        # The number of players chosen for the computer stays there: the host chooses the table's.
        rules = Rules.from_dict(prefs.rules or {}).with_players(players)
    except RulesError:
        rules = Rules()
    title, lines = rules_summary(rules, seated=players > 2)
    if not title:
        return "classic", ()
    return rules.nearest_preset(), tuple(lines)


class PartnerSearch:
    """The guest's lobby: connects at once (on a thread of its own) and lists the waiting hosts
    as they come and go."""

    def __init__(self, prefs: Preferences, *, connect_wait: float | None = None) -> None:
        self.broker = lobby_broker(prefs)
        from game.netplay.lobby.guest import GuestLobby
        from game.netplay.shell.lobby_mqtt import CONNECT_WAIT, LobbyConnection

        self.connection = LobbyConnection(
            self.broker, GuestLobby(), connect_wait=connect_wait or CONNECT_WAIT
        )

    @property
    def connected(self) -> bool:
        return self.connection.connected

    @property
    def ever_connected(self) -> bool:
        return bool(self.connection.protocol)

    def poll(self) -> list[LobbyEvent]:
        return self.connection.poll()

    def hosts(self, rules: str | None = None) -> list[ListedHost]:
        return self.connection.read(lambda core: core.hosts(rules))

    @property
    def asking(self) -> ListedHost | None:
        return self.connection.read(lambda core: core.asking)

    def ask(self, host_id: str, name: str) -> None:
        """Ask a listed host to play; raises `LobbyError` with the sentence if it cannot be
        asked (gone from the list, already asking another)."""
        self.connection.do(lambda core, now: core.ask(host_id, name, now))

    def cancel(self) -> None:
        self.connection.do(lambda core, now: core.cancel())

    def close(self) -> None:
        self.connection.close(0.5)


class PartnerWait:
    """The host's lobby, for a game already listening on `port` with `join_code` (a table of
    `players` with `free` guest seats): announces it at once and answers the guests who ask."""

    def __init__(
        self,
        prefs: Preferences,
        port: int,
        join_code: str,
        *,
        players: int = 2,
        free: int = 1,
        connect_wait: float | None = None,
        request_ttl: float | None = None,
    ) -> None:
        self.broker = lobby_broker(prefs)
        from game.netplay.lobby.host import REQUEST_TTL, HostLobby
        from game.netplay.shell.lan import direct_address
        from game.netplay.shell.lobby_mqtt import CONNECT_WAIT, LobbyConnection

        preset, differences = lobby_terms(prefs, players)
        self.announcement = Announcement(
            prefs.player_name,
            preset,
            differences,
            level=prefs.lobby_level,
            app_version=APP_VERSION,
            since=int(time.time()),
            players=players,
            free=free,
        )
        self.details = DirectDetails(
            format_endpoint(direct_address(None, self.broker.host), port), join_code
        )
        core = HostLobby(self.announcement, request_ttl=request_ttl or REQUEST_TTL)
        self.connection = LobbyConnection(
            self.broker, core, connect_wait=connect_wait or CONNECT_WAIT
        )

    @property
    def connected(self) -> bool:
        return self.connection.connected

    @property
    def ever_connected(self) -> bool:
        return bool(self.connection.protocol)

    @property
    def pending(self) -> list[GuestRequest]:
        return self.connection.read(lambda core: core.pending)

    def poll(self) -> list[LobbyEvent]:
        return self.connection.poll()

    @property
    def waiting(self) -> bool:
        """Still listed: not every seat offered has been given to a guest."""
        return self.connection.read(lambda core: core.waiting)

    @property
    def free(self) -> int:
        return self.connection.read(lambda core: core.free)

    def accept(self, request_id: str) -> None:
        """Take this guest: it is sent the address and join code, sealed; once no seat is left
        to offer, everyone else is told, and the announcement withdrawn (a table with seats
        left announces one fewer). Raises `LobbyError` if it no longer waits."""
        self.connection.do(lambda core, now: core.accept(request_id, self.details, now))

    def set_free(self, free: int) -> None:
        """Offer no more than `free` seats: those a guest took another way are not offered."""
        self.connection.do(lambda core, now: core.set_free(free, now))

    def decline(self, request_id: str) -> None:
        self.connection.do(lambda core, now: core.decline(request_id, now))

    def block(self, request_id: str) -> None:
        """Decline this guest and refuse its name for the rest of the session."""
        self.connection.do(lambda core, now: core.block(request_id, now))

    def close(self) -> None:
        """Stop waiting: the announcement is withdrawn and pending guests are told (should the
        broker not take that within a second, it is gone, and it forgets the announcement when
        it expires)."""
        self.connection.close(CLOSE_WAIT)
