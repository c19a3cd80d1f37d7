"""Find a partner from the command line, through the lobby on an MQTT broker (PROTOCOL.md, "The
lobby"); `cli.run` calls these around the game it plays as with `--host`/`--join`.

    --lobby-list [--rules PRESET]      the waiting hosts, one JSON line each, then exit
    --lobby-host --name Hosty          host a game and wait in the lobby for the first guest
    --lobby-host --players 3           host a table and wait in the lobby until it is full
    --lobby-join Hosty --name Guesty   ask that host, then join the game it sends

The lobby host offers a direct connection: it listens on a free port (as `--host 0`), and the
guest who asks first is sent this computer's address, that port and the join code, sealed to the
guest's key so that nobody else on the broker can read them; the announcement is then withdrawn
and the game goes on as any direct game. A table of three or four (`--players`) is announced
with its free seats while it fills: each guest who asks while one is free is sent the same
details (`TableLobby`), and the announcement goes with the last seat. The address sent is
`--bind`'s if one is given, 127.0.0.1 when the broker itself is on this computer, else this
computer's network address (so the guest must be able to reach it: the same network, or a
forwarded port). A guest follows whichever details the host sends: an address and join code, or
an invite code with its servers. Every failure in the lobby (a broker that does not answer, no
such host, a declined request) is the lobby's sentence on stderr and a non-zero exit."""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass

from game import APP_VERSION

from ..addresses import format_endpoint
from ..lobby import (
    DEFAULT_BROKER,
    LEVELS,
    Announcement,
    BrokerAddress,
    Connected,
    Declined,
    DirectDetails,
    GuestRequest,
    LobbyError,
    LobbyEvent,
    Problem,
    RequestArrived,
    RequestWithdrawn,
    parse_broker_url,
    require_lobby,
)
from ..shell.lan import direct_address

LOBBY_FLAGS = ("lobby_host", "lobby_join", "lobby_list")
STOPPED = "Stopped waiting in the lobby: this game is no longer listed."
ASK_STOPPED = "Stopped asking: you left the lobby before the host answered."


def add_lobby_options(
    parser: argparse.ArgumentParser, where: argparse._MutuallyExclusiveGroup
) -> None:
    """The lobby's flags: the three ways in belong to `where` (one way of playing at a time)."""
    where.add_argument(
        "--lobby-host",
        action="store_true",
        help="host on a free port and wait in the lobby: the first guest to ask gets the "
        "address and join code, sealed (a table of --players 3 or 4: each guest who asks "
        "while a seat is free)",
    )
    where.add_argument(
        "--lobby-join",
        metavar="NAME",
        help="ask the host called NAME (or its id) in the lobby to play, then join its game",
    )
    where.add_argument(
        "--lobby-list",
        action="store_true",
        help="print the hosts waiting in the lobby as JSON lines (with --rules: only those) and exit",
    )
    parser.add_argument(
        "--broker",
        default=DEFAULT_BROKER,
        metavar="URL",
        help=f"the lobby's MQTT broker, mqtt://HOST:PORT or mqtts:// (default {DEFAULT_BROKER})",
    )
    parser.add_argument(
        "--lobby-level",
        choices=tuple(LEVELS),
        default="any",
        metavar="LEVEL",
        help=f"--lobby-host: the level of play hoped for ({', '.join(LEVELS)}; default any)",
    )


def check_lobby_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse what cannot be (a broker address that is not one, a lobby with --resume, a lobby
    guest that sets up the table), and make `--lobby-host` host on a free port as `--host 0`
    does."""
    if not any(getattr(args, flag) for flag in LOBBY_FLAGS):
        return
    if args.resume:
        parser.error("--resume continues a saved game with the same partner: leave out the lobby")
    if args.lobby_join is not None and (args.players not in (None, 2) or args.seats):
        # Said before the lobby is asked: the host's table already says who sits where.
        parser.error("--players and --seats belong to the host: --lobby-join NAME joins its table")
    try:
        parse_broker_url(args.broker)
    except LobbyError as error:
        parser.error(str(error))
    if args.lobby_host:
        args.host = 0


def list_command(args: argparse.Namespace) -> int:
    """`--lobby-list`: one JSON line per waiting host, longest waiting first."""
    from .lobby_commands import list_hosts

    news = News()
    try:
        hosts = list_hosts(args.broker, rules=args.rules, on_event=news)
    except LobbyError as error:
        news.tell(str(error))
        return 1
    for host in hosts:
        print(json.dumps(host), flush=True)
    if not hosts:
        playing = f" with the {args.rules} rules" if args.rules else ""
        print(f"Nobody is waiting in the lobby{playing}.", file=sys.stderr)
    return 0


def game_terms(hands: int) -> tuple[str, ...]:
    """What differs from the preset in a command-line game, in words: only its length."""
    if not hands:
        return ()
    return (f"a game of {hands} hand{'' if hands == 1 else 's'}",)


@dataclass(frozen=True)
class NoPartner:
    """Why the lobby found no game: outcome "declined", "failed" or "left", and the sentence."""

    outcome: str
    text: str


def _where(args: argparse.Namespace, port: int) -> tuple[BrokerAddress, str]:
    """The broker, and the address a lobby host sends its guests for the game on `port`."""
    broker = parse_broker_url(args.broker)
    return broker, format_endpoint(direct_address(args.bind, broker.host), port)


def _announcement(args: argparse.Namespace, name: str, players: int = 2) -> Announcement:
    """What a command-line host announces: its name, rules, the game's length, the level hoped
    for, version and start time (a table: its players, every guest seat free)."""
    return Announcement(
        name,
        args.rules,
        differences=game_terms(args.hands),
        level=args.lobby_level,
        app_version=APP_VERSION,
        since=int(time.time()),
        players=players,
        free=players - 1,
    )


def wait_for_partner(
    args: argparse.Namespace, name: str, port: int, join_code: str
) -> NoPartner | None:
    """`--lobby-host`, once listening on `port`: announce the game, send the first guest who
    asks the address and `join_code` (sealed) and leave the lobby. Why no guest came, otherwise
    (told on stderr already); Ctrl-C stops the wait and withdraws the announcement."""
    from .lobby_commands import host_until_accepted

    news = News()
    broker, address = _where(args, port)
    announcement = _announcement(args, name)
    print(
        f"Waiting in the lobby at {broker.url}: the first guest to ask is sent {address} and the "
        "join code, sealed to them (a direct connection: they must be able to reach that "
        "address).",
        file=sys.stderr,
        flush=True,
    )
    try:
        hosted = host_until_accepted(
            args.broker,
            announcement,
            lambda guest: DirectDetails(address, join_code),
            on_event=news,
        )
    except LobbyError as error:
        news.tell(str(error))
        return NoPartner("failed", str(error))
    except KeyboardInterrupt:
        news.tell(STOPPED)
        return NoPartner("left", STOPPED)
    print(
        f"{hosted.guest.name} asked to play and was sent the address and join code; "
        "this game is no longer listed.",
        file=sys.stderr,
        flush=True,
    )
    return None


def ask_host(args: argparse.Namespace, name: str) -> NoPartner | None:
    """`--lobby-join`: ask the host and, when it says yes, fill in `args` as if its details
    had been typed (`--join ADDRESS --code CODE`, or `--accept CODE` with its servers). Why
    not, otherwise (told on stderr already)."""
    from .lobby_commands import ask_to_join

    news = News()
    try:
        answer = ask_to_join(args.broker, args.lobby_join, name, on_event=news)
    except LobbyError as error:
        news.tell(str(error))
        return NoPartner("failed", str(error))
    except KeyboardInterrupt:
        news.tell(ASK_STOPPED)
        return NoPartner("left", ASK_STOPPED)
    if isinstance(answer, Declined):
        news.tell(answer.reason)
        return NoPartner("declined", answer.reason)
    details = answer.details
    if isinstance(details, DirectDetails):
        args.join, args.code = details.address, details.join_code
        how = f"joining directly at {details.address}"
    else:
        args.accept, args.mailbox, args.relay = details.code, details.mailbox, details.relay
        how = "meeting through the invite code it sent"
    news.tell(f"{answer.host_name} said yes: {how}.")
    return None


class News:
    """What happens in the lobby, on stderr as the game's other news; a sentence already told
    (the broker's problem that then ends the command) is not told twice."""

    def __init__(self) -> None:
        self.told: set[str] = set()

    def tell(self, line: str) -> None:
        if line not in self.told:
            self.told.add(line)
            print(line, file=sys.stderr, flush=True)

    def __call__(self, event: LobbyEvent) -> None:
        if isinstance(event, Connected):
            self.tell(f"In the lobby at {event.broker} ({event.protocol}).")
        elif isinstance(event, RequestArrived):
            self.tell(f"{event.request.name} asks to play.")
        elif isinstance(event, RequestWithdrawn):
            self.tell(f"{event.request.name} stopped waiting for an answer.")
        elif isinstance(event, Problem):
            self.tell(event.text)


class TableLobby:
    """`--lobby-host` for a table of three or four (`--players`), while it fills: the table is
    announced with its players and free seats, each guest who asks while a seat is offered is
    sent the address and join code (sealed to it) and counted off, a seat taken another way is
    offered no more, and the announcement goes with the last seat. A broker that cannot be used
    is said on stderr; the table still waits for guests who know its address and code."""

    def __init__(
        self, args: argparse.Namespace, name: str, port: int, join_code: str, players: int
    ) -> None:
        from ..lobby.host import HostLobby
        from ..shell.lobby_mqtt import LobbyConnection

        require_lobby()
        broker, address = _where(args, port)
        self.details = DirectDetails(address, join_code)
        self.news = News()
        self.connection = LobbyConnection(broker, HostLobby(_announcement(args, name, players)))
        self._listed = True
        print(
            f"Waiting in the lobby at {broker.url}: each guest who asks while a seat is free is "
            f"sent {address} and the join code, sealed to them (a direct connection: they must "
            "be able to reach that address).",
            file=sys.stderr,
            flush=True,
        )

    def pump(self, free: int, freed: int = 0) -> None:
        """Answer the lobby, the table having `free` seats nobody has taken (`freed` of them left
        by a guest since the last call: offered again while the table is still listed)."""
        for event in self.connection.poll():
            self.news(event)
            if isinstance(event, RequestArrived) and self._offered() > 0:
                self._accept(event.request)
        offered = self._offered()
        wanted = min(offered + freed, free)  # fewer when taken another way, more when freed
        if offered and wanted != offered:
            self.connection.do(lambda core, now: core.set_free(wanted, now))
            offered = wanted
        if self._listed and not offered:
            self._listed = False
            self.news.tell("Every seat is given: this table is no longer listed in the lobby.")

    def _offered(self) -> int:
        """The seats the lobby still offers (none once the table has left the list)."""
        return self.connection.read(lambda core: core.free if core.waiting else 0)

    def _accept(self, guest: GuestRequest) -> None:
        self.connection.do(lambda core, now: core.accept(guest.request_id, self.details, now))
        self.news.tell(f"{guest.name} was sent the address and join code.")

    def close(self) -> None:
        """Leave the lobby: the announcement is withdrawn and anyone still asking is told."""
        self.connection.close()
