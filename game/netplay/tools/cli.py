"""Network play without a window: one process hosts or joins, the computer plays its seat
(AutoPilot), and the result comes out as JSON lines on stdout.

    python -m game.netplay.tools.cli --host 0 --autopilot beginner --hands 1
    python -m game.netplay.tools.cli --join 127.0.0.1:PORT --autopilot beginner --hands 1

The host prints `{"event": "hosting", "port": PORT, "code": "K7QM-3WXA"}` first (port 0 picks a
free one; the code is new each time unless `--code` names one) and the guest joins with
`--code CODE`; a wrong code ends the guest (exit 1, the reason on stderr and in its final line)
while the host keeps waiting (the code never changes: an address that keeps guessing wrong is
made to pause). Both print one final line
with `outcome` ("finished", "halted", "failed", "declined", "left", "timeout"), `state_hash` (the
public state hash, the same on both sides when the game finished), `totals`, `hands`, `moves`,
`resumes` (how many times the session resumed after a lost connection) and `peer`, and exit 0 only
for a finished game. What happens along the way (connected, interrupted, chat...) goes to stderr.
`--save PATH` keeps the game if the other side disappears; `--resume PATH` continues it (both
sides, each with its own file). `main.py --host/--join/--autopilot` hands its arguments here.
`--advertise` shows the hosted game to players on the same network (DNS-SD) until the seat is
taken (a table's, with its free seats, until the last is taken); without it nothing is sent to
the network but the game.

Over the internet without a forwarded port, `--invite` meets the guest through a magic-wormhole
mailbox instead: it prints `{"event": "invite", "code": "7-crossover-clockwork"}` (again with a
new code after a mistyped try) and the guest joins with `--accept CODE`; `--mailbox URL` and
`--relay HINT` name the servers (default: the public ones), `--direct` the addresses offered for
a direct connection (`none`: the relay only), `--wait` how long the code waits for the other
side. A failed meeting ends with the final line too, outcome "failed" and the reason in `text`.
A saved invite game resumes with `--resume` like any other.

A table of three or four: `--host PORT --players 4 --seats guest,computer:advanced,guest` seats
the guests and computer players at seats 1, 2, 3 (left, opposite, right of the host; a computer
seat is played by the host's copy). The host prints one code for the table (`"code"`, and
`"seats"`) and each guest joins with the same `--join HOST:PORT --code CODE`, taking the next
free guest seat; its final line has `seat` too. Every seat ends with the same `state_hash`.

`--lobby-host`, `--lobby-join NAME` and `--lobby-list` find a partner in the lobby on an MQTT
broker (`--broker URL`) first, then play as `--host 0` and `--join` do (see `lobby_cli`); a
table (`--lobby-host --players 3`) stays listed with its free seats until the last is taken."""

from __future__ import annotations

import argparse
import getpass
import json
import socket
import sys
import time
from typing import TYPE_CHECKING, Any

from game import APP_VERSION
from game.logic.ai import LEVELS
from game.logic.rules import PRESETS, Rules

from ..addresses import DEFAULT_PORT, parse_endpoint
from ..lobby import LobbyError
from ..play.chat import ChatLine
from ..play.deciders import Autopilot
from ..play.peer import (
    HostSilent,
    LocalRefusal,
    PlayPeer,
    RulesAgreed,
    RulesDeclined,
    SaveFailed,
    restore_seat,
)
from ..play.play_protocol import DealChecked, GameFinished, Halted, SaveError, proposal
from ..play.table_peer import GuestNotice, SeatFreed, TablePeer
from ..play.table_protocol import TableGuest, TableHost
from ..session.config import SessionConfig
from ..session.events import (
    Closed,
    Connected,
    Failed,
    GuestTurnedAway,
    Interrupted,
    PayloadRefused,
    RefusedByPeer,
    Resumed,
)
from ..session.handshake import PeerInfo, Role, clean_name
from ..session.joincode import new_join_code, normalize_code
from ..session.reliable import ReliableSession
from ..shell.endpoint_port import EndpointPort
from ..shell.lan import invitation_text, lan_addresses
from ..shell.savefile import JsonFileStore, read_json
from ..shell.table_tcp import TableListener
from ..shell.tcp import NetplayGuest, NetplayHost, TransportNotice
from ..shell.transport import Transport
from ..shell.wormhole import (
    CONNECT_WAIT,
    DEFAULT_MAILBOX,
    DEFAULT_RELAY,
    InviteCode,
    InviteFailed,
    Link,
    Linked,
    Rendezvous,
    Servers,
    direct_hints,
    link_endpoint,
    open_listener,
)
from .lobby_cli import (
    TableLobby,
    add_lobby_options,
    ask_host,
    check_lobby_options,
    list_command,
    wait_for_partner,
)

if TYPE_CHECKING:
    from ..shell.discovery import GameAdvertiser

ADVERTISING_GOODBYE = 3.0  # how long leaving waits for the network to hear the game is gone
DEFAULT_LEVEL = "beginner"
DEFAULT_RULES = "classic"
POLL = 0.05


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port goes from 0 to 65535")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.netplay.tools.cli", description=__doc__.split("\n\n")[0]
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--host",
        nargs="?",
        const=DEFAULT_PORT,
        type=_port,
        metavar="PORT",
        help=f"wait for a guest on PORT (default {DEFAULT_PORT}; 0 picks a free port)",
    )
    where.add_argument("--join", metavar="HOST:PORT", help="join the host at this address")
    where.add_argument(
        "--invite",
        action="store_true",
        help="host over the internet: print an invite code for the guest (no port forwarding)",
    )
    where.add_argument("--accept", metavar="CODE", help="join the game behind this invite code")
    add_lobby_options(parser, where)
    parser.add_argument(
        "--mailbox",
        default=DEFAULT_MAILBOX,
        metavar="URL",
        help=f"invite codes: the magic-wormhole mailbox server (default {DEFAULT_MAILBOX})",
    )
    parser.add_argument(
        "--relay",
        default=DEFAULT_RELAY,
        metavar="HINT",
        help=f"invite codes: the transit relay (default {DEFAULT_RELAY})",
    )
    parser.add_argument(
        "--direct",
        metavar="ADDRESSES",
        help="--invite: addresses (comma-separated) offered for a direct connection, 'none' for "
        "the relay only (default: this computer's network addresses)",
    )
    parser.add_argument(
        "--wait",
        type=float,
        metavar="SECONDS",
        help="invite codes: how long to wait for the other side at the mailbox "
        "(default: 15 minutes for --invite, 20 seconds for --accept)",
    )
    parser.add_argument(
        "--code",
        metavar="CODE",
        help="the join code the host shows (guest: required; host: use this one instead of a new one)",
    )
    parser.add_argument(
        "--autopilot",
        nargs="?",
        const="",
        choices=("", *LEVELS),
        metavar="LEVEL",
        help=f"the computer plays this seat at LEVEL (default: --level, else {DEFAULT_LEVEL})",
    )
    parser.add_argument(
        "--level", choices=LEVELS, help="the AutoPilot's level when --autopilot names none"
    )
    parser.add_argument(
        "--bind", metavar="ADDRESS", help="host: listen on this address only (default: all)"
    )
    parser.add_argument(
        "--advertise",
        action="store_true",
        help="host: list this game on the Join screens of players on the same network (DNS-SD, "
        "on the --bind address only if one is given) until the seat (a table's last) is taken",
    )
    parser.add_argument(
        "--name", default="", help="the player name shown to the other side (default: login name)"
    )
    parser.add_argument(
        "--rules",
        choices=sorted(PRESETS),
        help=f"the rules to propose (default {DEFAULT_RULES}); --lobby-list: only hosts playing these",
    )
    parser.add_argument(
        "--hands",
        type=int,
        default=0,
        metavar="N",
        help="hands in the game (0: play to the target score)",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        default=None,
        help="host: players at the table (3 each for themself, 4 two partnerships; default 2)",
    )
    parser.add_argument(
        "--seats",
        metavar="LIST",
        help="host of three or four: who plays seats 1.. (left, opposite, right), comma-separated: "
        "'guest' or 'computer[:LEVEL]' (default: guests)",
    )
    parser.add_argument("--seed", type=int, default=0, help="the computer player's seed")
    parser.add_argument(
        "--save", metavar="PATH", help="save the game here after every move (atomically)"
    )
    parser.add_argument(
        "--resume",
        metavar="PATH",
        help="continue the game saved in PATH (after a crash too); the save knows the role, "
        "the address and the code, and keeps being updated",
    )
    parser.add_argument("--say", metavar="TEXT", help="send this chat line once connected")
    parser.add_argument(
        "--give-up",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help="how long a silent peer is waited for before the game is saved and left",
    )
    parser.add_argument(
        "--owed-within",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="guest: how long to wait for a step the host owes (a reveal, an answer) before "
        "the game is saved and left",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=3600.0,
        metavar="SECONDS",
        help="stop (outcome timeout) if the game is not over by then",
    )
    return parser


def session_config(give_up: float) -> SessionConfig:
    """Default timers with the give-up limit the player chose; a very short limit (for tests)
    shrinks the other silence timers with it so that they still come first."""
    if give_up >= 8.0:
        return SessionConfig(give_up_after=give_up)
    return SessionConfig(
        heartbeat_interval=give_up / 8,
        interrupt_after=give_up * 0.3,
        reconnect_after=give_up * 0.4,
        give_up_after=give_up,
        initial_rto=0.2,
    )


def describe(notice: Any) -> str | None:
    """A line for stderr about something that happened, or None for routine updates."""
    if isinstance(notice, Connected):
        return f"connected to {notice.peer.name} ({notice.peer.app_version})"
    if isinstance(
        notice,
        (
            Interrupted,
            Resumed,
            TransportNotice,
            GuestTurnedAway,
            Failed,
            Closed,
            PayloadRefused,
            RefusedByPeer,
        ),
    ):
        return notice.text
    if isinstance(notice, (RulesAgreed, RulesDeclined, DealChecked, HostSilent)):
        return notice.text
    if isinstance(notice, (Halted, LocalRefusal)):
        return f"{notice.code}: {notice.text}"
    if isinstance(notice, ChatLine) and not notice.from_me:
        return f"{notice.name}: {notice.text}"
    if isinstance(notice, SaveFailed):
        return f"could not save to {notice.path}: {notice.text}"
    if isinstance(notice, GameFinished):
        return f"game over after {notice.hands} hand(s): {notice.totals[0]} to {notice.totals[1]}"
    return None


def _emit(document: dict[str, Any]) -> None:
    print(json.dumps(document), flush=True)


def _report_end(
    peer: PlayPeer | TablePeer, role: Role, timed_out: bool, resumes: int, seat: dict[str, int]
) -> int:
    """Print the game's final JSON line; the exit status: 0 for a finished game."""
    play = peer.play
    view = play.view if play is not None else None
    result = peer.result
    _emit(
        {
            "role": role.value,
            "outcome": _outcome(peer, timed_out),
            "state_hash": result.state_hash
            if result
            else (play.current_hash() if play is not None else None),
            "totals": list(view.totals) if view is not None else None,
            "hands": view.hand_no if view is not None else 0,
            "moves": play.state_no if play is not None else 0,
            "resumes": resumes,
            "peer": peer.peer_name,
        }
        | seat
        | {"text": _final_text(peer)}
        | _halt_report(peer)
    )
    return 0 if result is not None else 1


def _outcome(peer: PlayPeer | TablePeer, timed_out: bool) -> str:
    if peer.result is not None:
        return "finished"
    if peer.host_silent is not None:
        return "host_silent"
    if peer.halted is not None:
        return "halted"
    if isinstance(peer, PlayPeer) and peer.declined is not None:
        return "declined"
    if timed_out:
        return "timeout"
    if peer.failure is not None:
        return "failed"
    return "left"


def run(argv: list[str] | None = None) -> int:
    """Play one network game headless; returns the exit status (0: the game finished)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    check_lobby_options(parser, args)
    if args.lobby_list:
        return list_command(args)
    args.rules = args.rules or DEFAULT_RULES
    if args.autopilot is None:
        parser.error("a game without a window needs --autopilot LEVEL")
    level = args.autopilot or args.level or DEFAULT_LEVEL
    if args.hands < 0 or args.give_up <= 0 or args.timeout <= 0:
        parser.error("--hands cannot be negative; --give-up and --timeout must be positive")
    if args.lobby_join is not None:
        no_partner = ask_host(args, args.name or login_name() or Role.GUEST.value.capitalize())
        if no_partner is not None:
            _emit(_final_line(Role.GUEST, no_partner.outcome, no_partner.text))
            return 1
    resume = None
    link: Link | None = None
    if args.resume:
        try:
            resume = read_json(args.resume)
            link = _take_connection(args, resume)
        except (OSError, ValueError) as error:
            print(f"cannot read {args.resume}: {error}", file=sys.stderr)
            return 2
    inviting = args.invite or args.accept is not None
    table = resume.get("table") if isinstance(resume, dict) else None
    if args.players not in (None, 2) or args.seats or isinstance(table, dict):
        if args.join is not None or inviting or args.lobby_join is not None:
            parser.error(
                "a table of three or four is hosted with --host PORT (or --lobby-host) and "
                "joined with --join (or --lobby-join)"
            )
        if args.host is None:
            parser.error("--players and --seats belong to the host (--host PORT)")
        return _run_table(parser, args, level, resume)
    if args.host is None and args.join is None and not inviting and link is None:
        parser.error(
            "say --host PORT, --join HOST:PORT, --invite or --accept CODE "
            "(or --resume a saved game)"
        )
    if link is not None:
        role = link.role
    else:
        role = Role.HOST if args.host is not None or args.invite else Role.GUEST
    if role is Role.GUEST and not args.code and not inviting and link is None:
        parser.error("joining needs --code CODE, the join code the host shows")
    if role is Role.GUEST and args.advertise:
        parser.error("--advertise belongs to the host")
    if inviting and args.advertise:
        parser.error("--advertise is for direct games on the same network, not invite codes")
    name = args.name or login_name() or role.value.capitalize()
    listener = None
    if inviting and link is None:
        try:
            link, listener, failure = _meet(args)
        except (OSError, ValueError) as error:
            doing = "invite" if args.invite else "accept the invite"
            print(f"cannot {doing}: {error}", file=sys.stderr)
            return 2
        if link is None:
            print(failure.text, file=sys.stderr)
            _emit(_final_line(role, "failed", failure.text) | {"reason": failure.code})
            return 1
    try:
        if link is not None:
            code = link.join_code
        else:
            code = normalize_code(args.code) if args.code else normalize_code(new_join_code())
    except ValueError as error:
        parser.error(str(error))
    session = ReliableSession(
        role, PeerInfo(name[:32], APP_VERSION), session_config(args.give_up), join_code=code
    )
    restore_seat(session, resume)
    try:
        endpoint: Transport
        if link is not None:
            endpoint = link_endpoint(session, link, listener=listener, bind_host=args.bind)
        elif role is Role.HOST:
            endpoint = NetplayHost(session, args.host, bind_host=args.bind).start()
            _emit({"event": "hosting", "port": endpoint.port, "code": session.join_code})
            print(invitation_text(endpoint.port), file=sys.stderr)
        else:
            endpoint = NetplayGuest(session, parse_endpoint(args.join)).start()
    except (OSError, ValueError) as error:
        print(f"cannot {'listen' if role is Role.HOST else 'join'}: {error}", file=sys.stderr)
        return 2
    if args.lobby_host and isinstance(endpoint, NetplayHost):
        no_guest = wait_for_partner(args, name, endpoint.port, code)
        if no_guest is not None:
            endpoint.stop()
            _emit(_final_line(Role.HOST, no_guest.outcome, no_guest.text))
            return 1
    port = EndpointPort(endpoint)
    connection = {
        "role": role.value,
        "name": name,
        "code": session.join_code,
        "port": endpoint.port if isinstance(endpoint, NetplayHost) else None,
        "bind": args.bind,
        "address": args.join,
        "link": link.to_json() if link is not None else None,
    }
    try:
        peer = PlayPeer(
            role,
            port,
            Autopilot(level, seed=args.seed, clock=time.perf_counter),
            terms=proposal(Rules.preset(args.rules), args.hands),
            name=name,
            store=JsonFileStore(args.save or args.resume) if (args.save or args.resume) else None,
            resume=resume,
            about={"connection": connection},
            owed_within=args.owed_within,
            max_players=4,
        )
    except (SaveError, ValueError) as error:
        print(str(error), file=sys.stderr)
        endpoint.stop()
        return 2
    advertiser = (
        _advertise(args, name, endpoint.port) if isinstance(endpoint, NetplayHost) else None
    )
    deadline = time.monotonic() + args.timeout
    said = args.say is None
    timed_out = False
    try:
        while not peer.done:
            port.wait(POLL)
            peer.pump()
            for notice in peer.pop_notices():
                line = describe(notice)
                if line:
                    print(line, file=sys.stderr, flush=True)
                if isinstance(notice, Connected) and advertiser is not None:
                    # the seat is taken: say so, then leave the network's list
                    advertiser.set_free_seats(0)
                    advertiser.stop()
                if isinstance(notice, Connected) and not said:
                    peer.say(args.say)
                    said = True
            if time.monotonic() > deadline:
                timed_out = True
                peer.leave("The game took too long.")
                break
    except KeyboardInterrupt:
        peer.leave("The other player stopped the game.")
    finally:
        if advertiser is not None:
            advertiser.stop(wait=ADVERTISING_GOODBYE)
        # give the goodbye a moment to leave before the sockets close
        stop_by = time.monotonic() + 1.0
        while endpoint.running and time.monotonic() < stop_by:
            time.sleep(0.02)
        endpoint.stop()
    seat = {"seat": peer.play.seat} if isinstance(peer.play, TableGuest) else {}
    return _report_end(peer, role, timed_out, port.resumes(), seat)


def parse_seats(text: str | None, players: int, level: str) -> dict[int, str | None]:
    """Who plays seats 1.. of a table: `guest` (None) or a computer's level. Raises `ValueError`
    with a sentence."""
    if text is None:
        return dict.fromkeys(range(1, players), None)
    parts = [part.strip().lower() for part in text.split(",")]
    if len(parts) != players - 1:
        raise ValueError(
            f"--seats names {players - 1} seats for {players} players, not {len(parts)}"
        )
    seats: dict[int, str | None] = {}
    for seat, part in enumerate(parts, start=1):
        kind, _, named = part.partition(":")
        if kind == "guest" and not named:
            seats[seat] = None
        elif kind == "computer" and (not named or named in LEVELS):
            seats[seat] = named or level
        else:
            raise ValueError(
                f"seat {seat}: {part!r} is neither 'guest' nor 'computer[:LEVEL]' "
                f"(levels: {', '.join(LEVELS)})"
            )
    if all(kind is not None for kind in seats.values()):
        raise ValueError("--seats: a network table needs at least one guest")
    return seats


def _run_table(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    level: str,
    resume: dict[str, Any] | None,
) -> int:
    """Host a table of three or four: one session per guest seat behind one port and code."""
    role = Role.HOST
    name = args.name or login_name() or "Host"
    if resume is not None:
        try:
            saved = TableHost.from_save(resume)
        except SaveError as error:
            print(str(error), file=sys.stderr)
            return 2
        players, names = saved.terms.rules.players, saved.names
        kinds = resume.get("seats")
        kinds = kinds if isinstance(kinds, dict) else {}
        seats = {
            s: None if s in saved.guests else str(kinds.get(str(s)) or level)
            for s in range(1, players)
        }
    else:
        players = args.players or 2
        if players == 2:
            parser.error("--seats is for a table of three or four (--players 3 or 4)")
        try:
            seats = parse_seats(args.seats, players, level)
        except ValueError as error:
            parser.error(str(error))
        names = [name[:32]] + [
            f"Guest {s}" if kind is None else f"Computer ({kind})" for s, kind in seats.items()
        ]
    try:
        code = normalize_code(args.code) if args.code else normalize_code(new_join_code())
    except ValueError as error:
        parser.error(str(error))
    guests = [s for s, kind in seats.items() if kind is None]
    hosts: dict[int, NetplayHost] = {}

    def seat_host(seat: int) -> NetplayHost:
        session = ReliableSession(
            role, PeerInfo(name[:32], APP_VERSION), session_config(args.give_up), join_code=code
        )
        session.table_seat = seat
        if hosts:
            session.share_guesses(next(iter(hosts.values())).session)
        return NetplayHost(session)

    def reopen(seat: int) -> EndpointPort:
        host = seat_host(seat)
        listener.replace(seat, host)
        return EndpointPort(host)

    for seat in guests:
        hosts[seat] = seat_host(seat)
    listener = TableListener(hosts, args.host, bind_host=args.bind)
    try:
        listener.start()
    except OSError as error:
        print(f"cannot listen: {error}", file=sys.stderr)
        return 2
    code_shown = next(iter(hosts.values())).session.join_code
    _emit(
        {
            "event": "hosting",
            "port": listener.port,
            "code": code_shown,
            "players": players,
            "seats": ["host", *("guest" if k is None else f"computer:{k}" for k in seats.values())],
        }
    )
    print(invitation_text(listener.port), file=sys.stderr)
    ports = {seat: EndpointPort(host) for seat, host in hosts.items()}
    connection = {
        "role": role.value,
        "name": name,
        "code": code_shown,
        "port": listener.port,
        "bind": args.bind,
        "address": None,
        "link": None,
    }
    computers = {
        s: Autopilot(kind, seed=args.seed + s, clock=time.perf_counter)
        for s, kind in seats.items()
        if kind is not None
    }
    try:
        peer = TablePeer(
            ports,
            Autopilot(level, seed=args.seed, clock=time.perf_counter),
            computers,
            terms=proposal(Rules.preset(args.rules, players), args.hands),
            names=names,
            reopen=reopen,
            levels={s: kind for s, kind in seats.items() if kind is not None},
            store=JsonFileStore(args.save or args.resume) if (args.save or args.resume) else None,
            resume=resume,
            about={
                "connection": connection,
                "seats": {str(s): k for s, k in seats.items() if k is not None},
            },
            owed_within=args.owed_within,
        )
    except (SaveError, ValueError) as error:
        print(str(error), file=sys.stderr)
        listener.stop()
        return 2
    advertiser = None if resume else _advertise(args, name, listener.port, players, len(guests))
    lobby = _table_lobby(args, name, listener.port, code, players)
    deadline = time.monotonic() + args.timeout
    said = args.say is None
    timed_out = False
    try:
        while not peer.done:
            time.sleep(POLL / 5)
            peer.pump(time.perf_counter())
            free = [s for s in ports if s not in peer.joined] if peer.play is None else []
            if advertiser is not None:
                advertiser.set_free_seats(len(free))
            notices = peer.pop_notices()
            if lobby is not None:
                lobby.pump(len(free), sum(isinstance(n, SeatFreed) for n in notices))
            for notice in notices:
                event = notice.event if isinstance(notice, GuestNotice) else notice
                line = describe(event)
                if line:
                    where = f"seat {notice.seat}: " if isinstance(notice, GuestNotice) else ""
                    print(f"{where}{line}", file=sys.stderr, flush=True)
                if isinstance(event, Connected) and not said:
                    peer.say(args.say, time.perf_counter())
                    said = True
            if time.monotonic() > deadline:
                timed_out = True
                peer.leave("The game took too long.")
                break
    except KeyboardInterrupt:
        peer.leave("The host stopped the game.")
    finally:
        if advertiser is not None:
            advertiser.stop(wait=ADVERTISING_GOODBYE)
        if lobby is not None:
            lobby.close()
        stop_by = time.monotonic() + 1.0
        while listener.running and time.monotonic() < stop_by:
            time.sleep(0.02)
        listener.stop()
    return _report_end(peer, role, timed_out, peer.resumes(), {"seat": 0})


def _table_lobby(
    args: argparse.Namespace, name: str, port: int, code: str, players: int
) -> TableLobby | None:
    """With --lobby-host: the table announced in the lobby while it fills (None without it, or
    when the lobby cannot be used: said on stderr, and the table waits for guests all the same)."""
    if not args.lobby_host:
        return None
    try:
        return TableLobby(args, name, port, code, players)
    except LobbyError as error:
        print(f"{error} The table still waits for guests who join by address.", file=sys.stderr)
        return None


def _advertise(
    args: argparse.Namespace, name: str, port: int, players: int = 2, free: int = 1
) -> GameAdvertiser | None:
    """With --advertise: show the game to the same network (on the --bind address alone if
    one was given, since the game listens only there); a table with its free guest seats."""
    if not args.advertise:
        return None
    from ..shell.discovery import Advertisement, LanDiscovery, TableListing

    everywhere = args.bind in (None, "", "0.0.0.0", "::")
    discovery = LanDiscovery(interfaces=None if everywhere else (args.bind,))
    print("players on this network can see this game", file=sys.stderr)
    advertisement = Advertisement(name, args.rules, port, APP_VERSION, free, players=players)
    if players > 2:
        return TableListing(discovery, advertisement)
    return discovery.advertise(advertisement)


def login_name() -> str:
    """This computer's login name, the default player name (never "Player" on both sides)."""
    try:
        return clean_name(getpass.getuser(), "")
    except (OSError, KeyError, ImportError):
        return ""


def _take_connection(args: argparse.Namespace, saved: dict[str, Any]) -> Link | None:
    """Fill in from a save what the command line left out: who this side was, where the other
    side is, the code and the name. A game that began with an invite code returns its link
    (raises `ValueError` if it cannot be read)."""
    connection = saved.get("connection")
    if not isinstance(connection, dict):
        return None
    link = Link.from_json(connection["link"]) if connection.get("link") is not None else None
    if not args.name and isinstance(connection.get("name"), str):
        args.name = connection["name"]
    if link is not None:
        args.bind = args.bind or connection.get("bind")
        return link
    if args.host is None and args.join is None:
        if connection.get("role") == Role.HOST.value and isinstance(connection.get("port"), int):
            args.host = connection["port"]
            args.bind = args.bind or connection.get("bind")
        elif connection.get("role") == Role.GUEST.value and isinstance(
            connection.get("address"), str
        ):
            args.join = connection["address"]
    if not args.code and isinstance(connection.get("code"), str):
        args.code = connection["code"]
    return None


def _direct_addresses(text: str | None) -> list[str]:
    if text is None:
        return lan_addresses()
    if text.strip().lower() == "none":
        return []
    return [part.strip() for part in text.split(",") if part.strip()]


def _meet(args: argparse.Namespace) -> tuple[Link | None, socket.socket | None, InviteFailed]:
    """Meet the other side at the mailbox (printing the host's invite code); the link, the
    host's listener for direct connections, or the reason it failed. Raises `InviteError` for
    a code or server that cannot be one, `OSError` if no port can be listened on."""
    servers = Servers(args.mailbox, args.relay)
    listener = None
    if args.invite:
        addresses = _direct_addresses(args.direct)
        listener = open_listener(0, args.bind) if addresses else None
        port = listener.getsockname()[1] if listener is not None else 0
        rendezvous = Rendezvous(
            Role.HOST, servers, hints=direct_hints(addresses, port), wait=args.wait
        )
    else:
        rendezvous = Rendezvous(Role.GUEST, servers, code=args.accept, wait=args.wait)
    rendezvous.start()
    # the meeting bounds its own wait (burnt codes and all); this only bounds the loop
    give_up = time.monotonic() + rendezvous.wait + 4 * CONNECT_WAIT
    failure = InviteFailed("timeout", "The meeting at the invite server took too long.")
    try:
        while time.monotonic() < give_up:
            event = rendezvous.next_event(POLL * 4)
            if isinstance(event, InviteCode):
                _emit({"event": "invite", "code": event.code})
                print(event.text, file=sys.stderr, flush=True)
            elif isinstance(event, Linked):
                print(event.text, file=sys.stderr, flush=True)
                return event.link, listener, failure
            elif isinstance(event, InviteFailed):
                failure = event
                break
        else:
            rendezvous.cancel()
    except KeyboardInterrupt:
        rendezvous.cancel()
        failure = InviteFailed("stopped", "The invite was stopped.")
    if listener is not None:
        listener.close()
    return None, None, failure


def _final_line(role: Role, outcome: str, text: str) -> dict[str, Any]:
    """The last line of a run that never reached a game."""
    return {
        "role": role.value,
        "outcome": outcome,
        "state_hash": None,
        "totals": None,
        "hands": 0,
        "moves": 0,
        "resumes": 0,
        "peer": "",
        "text": text,
    }


def _halt_report(peer: PlayPeer | TablePeer) -> dict[str, Any]:
    """For a desync or a tampered deal: both sides' hashes and the state number where it happened."""
    halted = peer.halted
    if halted is None:
        return {}
    return {
        "halt": {
            "code": halted.code,
            "state_no": halted.state_no,
            "my_hash": halted.my_hash,
            "their_hash": halted.their_hash,
            "by_peer": halted.by_peer,
        }
    }


def _final_text(peer: PlayPeer | TablePeer) -> str:
    if peer.halted is not None:
        return peer.halted.text
    if peer.host_silent is not None:
        return peer.host_silent.text
    if isinstance(peer, PlayPeer) and peer.declined is not None:
        return peer.declined.text
    if peer.failure is not None:
        return peer.failure.text
    if peer.closed is not None and peer.result is None:
        return peer.closed.text
    return ""


def main() -> None:
    sys.exit(run())


if __name__ == "__main__":
    main()
