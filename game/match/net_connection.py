"""The connection to the other player: one `NetGame` per online game, from listen or dial on.

It opens the TCP shell (listening as the host, dialling as the guest), wires it to a `PlayPeer`
whose decisions come from the person at the table or, with AutoPilot on (UG 4.2.6), from the
computer thinking in the worker process, and is pumped once a frame by whichever screen owns it
(the host, join and agreement screens, then the table through `NetMatch`). It keeps what every
screen wants to show (who the opponent is, whether the link is up, interrupted or lost, the chat
log) and queues the peer's notices for the screen to act on. Nothing here draws.

Every session it opens carries the join code (a fresh one, the saved game's, or the one the
guest typed), so only the invited guest gets in. A game that began with an invite code over the
internet (`from_link`, after the invite screen's meeting at the mailbox) carries the code derived
from the wormhole key instead, on the invite-code shell. The game is saved after every move with
how to reach the other side again (role, names, code, port or address, and for an invite game
its link: the derived secret and the relays, never the invite code), and every piece of the
other player's text that a screen shows passes through `shown` (the netplay cleaning) here as
well.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game import APP_VERSION
from game.logic.actions import Action
from game.logic.phrase import phrase
from game.logic.rules import Rules, RulesError
from game.logic.view import PlayerView
from game.match.computer import WorkerPilot
from game.match.worker import AIResult, AIWorker
from game.netplay import (
    ChatRefused,
    Closed,
    Connected,
    EndpointPort,
    Failed,
    HostSilent,
    Interrupted,
    Manual,
    PeerInfo,
    PlayPeer,
    Port,
    ReliableSession,
    Resumed,
    Role,
    RulesNegotiation,
    SessionConfig,
    SessionError,
    proposal,
    read_json,
    restore_seat,
)
from game.netplay.addresses import parse_endpoint
from game.netplay.play.chat import ChatLine
from game.netplay.play.table_protocol import TableGuest
from game.netplay.session.joincode import new_join_code, normalize_code
from game.netplay.shell.savefile import JsonFileStore
from game.netplay.shell.tcp import NetplayGuest, NetplayHost, TransportNotice
from game.netplay.shell.wormhole import Link, WormholeGuest, link_endpoint
from game.netplay.wire.session_messages import MAX_NAME_CHARS
from game.netplay.wire.text import clean_text
from game.settings import Preferences, data_dir

log = logging.getLogger(__name__)

GOODBYE_SECONDS = 0.3  # how long closing waits for the goodbye to leave before cutting the socket
SAVE_FILES = {Role.HOST: "network-host.json", Role.GUEST: "network-guest.json"}


def save_path(role: Role) -> Path:
    """Where a network game interrupted for good is kept, one file per role."""
    return data_dir() / SAVE_FILES[role]


def saved_game(role: Role) -> dict[str, Any] | None:
    """The saved network game for this role, or None if there is none that can be read."""
    try:
        doc = read_json(save_path(role))
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) and doc.get("role") == role.value else None


def saved_code(saved: dict[str, Any] | None) -> str:
    """The join code kept with a saved network game ("" if none, or not a valid code)."""
    about = (saved or {}).get("connection")
    code = about.get("code") if isinstance(about, dict) else None
    try:
        return normalize_code(code) if isinstance(code, str) else ""
    except ValueError:
        return ""


def saved_link(saved: dict[str, Any] | None) -> Link | None:
    """The invite link of a saved game that began with an invite code (None for a direct game,
    or one whose link cannot be read)."""
    about = (saved or {}).get("connection")
    doc = about.get("link") if isinstance(about, dict) else None
    try:
        return Link.from_json(doc) if doc is not None else None
    except ValueError:
        return None


# How a saved network game is found again, by what the file tells: whole sentences with named
# fields (kept apart, so that a screen can say them in the player's language), and the words
# standing in for a name or an address the file lacks.
RESUME_SENTENCES = {
    "invite": "You played this game against {peer} with an invite code; when you both continue "
    "it, the games find each other again without a new code.",
    "host": "You hosted this game against {peer}; they join again.",
    "host_port": "You hosted this game against {peer} on port {port}; they join again.",
    "host_code": "You hosted this game against {peer}; they join again with the code {code}.",
    "host_port_code": "You hosted this game against {peer} on port {port}; they join again with "
    "the code {code}.",
    "table": "You hosted this table with {peer}; each joins again.",
    "table_port": "You hosted this table with {peer} on port {port}; each joins again.",
    "table_code": "You hosted this table with {peer}; each joins again with the code {code}.",
    "table_port_code": "You hosted this table with {peer} on port {port}; each joins again "
    "with the code {code}.",
    "guest": "{peer} hosted this game; you join again at {address}.",
    "guest_code": "{peer} hosted this game; you join again at {address}, code {code}.",
}
RESUME_STAND_INS = {"peer": "your opponent", "address": "the host's address"}


def how_to_resume(saved: dict[str, Any], lookup: Callable[[str], str] = str) -> str:
    """One sentence telling the player who hosted a saved network game, where and with which
    code, so both can find each other again (every part cleaned: the file may hold peer text);
    its words looked up with `lookup` (the translation layer's, on a screen)."""
    kind, fields = _resume_parts(saved)
    filled = {name: value or lookup(RESUME_STAND_INS[name]) for name, value in fields.items()}
    return lookup(RESUME_SENTENCES[kind]).format(**filled)


def _resume_parts(saved: dict[str, Any]) -> tuple[str, dict[str, str]]:
    about = saved.get("connection")
    about = about if isinstance(about, dict) else {}
    fields = {"peer": clean_text(str(saved.get("peer", "")), MAX_NAME_CHARS)}
    if saved_link(saved) is not None:
        return "invite", fields
    code = clean_text(str(about.get("code") or ""), 12)
    if code:
        fields["code"] = code
    if saved.get("role") == Role.HOST.value:
        port = about.get("port")
        if isinstance(port, int):
            fields["port"] = str(port)
        kind = "table" if "table" in saved else "host"  # a table of three or four's guests
        return kind + ("_port" if "port" in fields else "") + ("_code" if code else ""), fields
    fields["address"] = clean_text(str(about.get("address") or ""), 80)
    return "guest" + ("_code" if code else ""), fields


def my_terms(prefs: Preferences, players: int = 2) -> dict[str, Any]:
    """The rules this player proposes for a table of `players`: their own rule options (Classic
    if those are unusable), playing on when the stock runs out (see `network_rule_note`)."""
    try:
        # The number of players chosen for a solo game stays there: the host chooses the table's.
        rules = Rules.from_dict(prefs.rules or {}).with_players(players)
    except RulesError:
        rules = Rules().with_players(players)
    if rules.stock_end == "reuse_pile":
        rules = Rules.from_dict({**rules.to_dict(), "stock_end": "play_on"})
    return proposal(rules)


REUSE_PILE_NOTE = (
    "Your rule to reuse the pile once is not proposed: a network game deals peek-proof and "
    "cannot shuffle the pile back, so play goes on when the stock runs out."
)


def network_rule_note(prefs: Preferences) -> str:
    """Why this player's own rules are not all proposed over the network, or ""."""
    if (prefs.rules or {}).get("stock_end") != "reuse_pile":
        return ""
    return REUSE_PILE_NOTE


REASON_CHARS = 300  # the longest reason or sentence from the other side shown on screen


def shown(text: str) -> str:
    """Text that may carry the other player's words, made safe to draw (see `clean_text`). A
    sentence this copy composed (a `Phrase`, its outside words cleaned where they came in) is
    kept whole, for the screens to say in the player's language."""
    if hasattr(text, "template"):
        return text
    return clean_text(text, REASON_CHARS)


class Pilot:
    """The seat's decision source: the person at the table (`Manual`), or with AutoPilot on the
    computer at the player's level, thinking in the worker process so the table keeps drawing.
    The worker starts the first time it is needed (AutoPilot or a hint)."""

    def __init__(self, level: str = "advanced", seed: int = 0, worker_mode: str = "") -> None:
        self.manual = Manual()
        self.level = level
        self.seed = seed
        self.computer: WorkerPilot | None = None
        self.worker_mode = worker_mode or os.environ.get("CANASTA_AI_WORKER", "process")
        self._worker: AIWorker | None = None

    @property
    def worker(self) -> AIWorker:
        if self._worker is None:
            self._worker = AIWorker(self.worker_mode)
        return self._worker

    @property
    def autopilot(self) -> bool:
        return self.computer is not None

    def set_autopilot(self, on: bool, level: str | None = None) -> None:
        if level:
            self.level = level
        if on and self.computer is None:
            self.manual = Manual()  # moves clicked before AutoPilot took over are dropped
            self.computer = WorkerPilot(self.worker, self.level, seed=self.seed)
        elif not on and self.computer is not None:
            self.computer = None
            self.worker.cancel()  # a decision still being computed is dropped

    def poll(self) -> list[AIResult]:
        """The worker's answers: AutoPilot's are taken here, the others (hints) returned."""
        if self._worker is None:
            return []
        others = []
        for result in self._worker.poll():
            if self.computer is None or not self.computer.receive(result):
                others.append(result)
        return others

    def choose(self, view: PlayerView, now: float) -> Action | None:
        return (self.computer or self.manual).choose(view, now)

    def refused(self, action: Action, code: str, text: str) -> None:
        (self.computer or self.manual).refused(action, code, text)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()


class NetGame:
    """One online session from the first listen or dial to the goodbye."""

    def __init__(
        self,
        role: Role,
        port: Port,
        *,
        name: str,
        terms: dict[str, Any] | None = None,
        level: str = "advanced",
        resume: dict[str, Any] | None = None,
        endpoint: NetplayHost | NetplayGuest | WormholeGuest | None = None,
        save_to: str | os.PathLike[str] | None = None,
        address: str = "",
        session: ReliableSession | None = None,
        link: Link | None = None,
    ) -> None:
        self.role = role
        self.endpoint = endpoint
        self.session = session
        self.address = address  # what the guest dialled, or the host's port as text
        self.link = link  # how an invite game finds the other side again
        self.name = name
        self.pilot = Pilot(level)
        self.rules_choice: str | None = None
        self.peer = PlayPeer(
            role,
            port,
            self.pilot,
            terms=terms,
            name=name,
            answer=self._answer,
            # saved after every move, so a crash or a closed window can be resumed from Continue
            store=JsonFileStore(save_to if save_to is not None else save_path(role)),
            resume=resume,
            about={"connection": self._connection()},
            max_players=4,  # a guest may join a table of three or four
        )
        self.resumed_game = resume is not None
        self.inbox: deque[Any] = deque()
        self.status = "waiting" if role is Role.HOST else "connecting"
        # What the connection is doing, said on the screens (a `Phrase`)
        self.status_text: str = (
            phrase("Waiting for a guest\u2026") if role is Role.HOST else phrase("Connecting\u2026")
        )
        self.problem = ""  # the latest reason a dial failed, for the join screen
        self.connected_once = False
        self.chat_arrivals = 0  # lines received, so the table knows when to ring
        self.answers: list[AIResult] = []  # the worker's answers other than AutoPilot's

    def _connection(self) -> dict[str, Any]:
        """How to reach the other side again, saved with the game (as the command line does)."""
        host = self.role is Role.HOST
        return {
            "role": self.role.value,
            "name": self.name,
            "code": self.join_code,
            "port": self.endpoint.port if isinstance(self.endpoint, NetplayHost) else None,
            "address": "" if host else self.address,
            "link": self.link.to_json() if self.link is not None else None,
        }

    @property
    def join_code(self) -> str:
        """The code the host shows and the guest typed, as `K7QM-3WXA` ("" without a session)."""
        return (self.session.join_code or "") if self.session is not None else ""

    # -- opening ------------------------------------------------------------------------------
    @classmethod
    def host(
        cls,
        prefs: Preferences,
        port: int,
        *,
        resume: dict[str, Any] | None = None,
        config: SessionConfig | None = None,
        code: str = "",
    ) -> NetGame:
        """Listen on `port` (0: any free port) with `code`, else the saved game's code, else a
        fresh one; raises `OSError` if the port cannot be used. A saved invite game reopens
        its link instead."""
        link = saved_link(resume)
        if link is not None:
            return cls.from_link(prefs, link, resume=resume, config=config)
        return cls._open(
            prefs,
            Role.HOST,
            code or saved_code(resume) or new_join_code(),
            lambda session: NetplayHost(session, port).start(),
            resume=resume,
            config=config,
            address=lambda endpoint: str(endpoint.port),
        )

    @classmethod
    def join(
        cls,
        prefs: Preferences,
        address: str,
        code: str,
        *,
        resume: dict[str, Any] | None = None,
        config: SessionConfig | None = None,
    ) -> NetGame:
        """Dial `address` (`host:port`) with the join `code`; raises `ValueError` with a
        sentence if either is not one. A saved invite game reopens its link instead."""
        link = saved_link(resume)
        if link is not None:
            return cls.from_link(prefs, link, resume=resume, config=config)
        host, port = parse_endpoint(address)
        code = normalize_code(code)
        return cls._open(
            prefs,
            Role.GUEST,
            code,
            lambda session: NetplayGuest(session, (host, port)).start(),
            resume=resume,
            config=config,
            address=lambda endpoint: address,
        )

    @classmethod
    def from_link(
        cls,
        prefs: Preferences,
        link: Link,
        *,
        listener: socket.socket | None = None,
        resume: dict[str, Any] | None = None,
        config: SessionConfig | None = None,
    ) -> NetGame:
        """The game two players agreed on through the mailbox (or a saved invite game): the
        session on the code derived from the wormhole key, over the invite-code shell. The host
        passes the listener it offered in the rendezvous. Raises `OSError` if nothing can be
        listened on."""
        return cls._open(
            prefs,
            link.role,
            link.join_code,
            lambda session: link_endpoint(session, link, listener=listener),
            resume=resume,
            config=config,
            address=lambda endpoint: "",
            link=link,
        )

    @classmethod
    def _open(
        cls,
        prefs: Preferences,
        role: Role,
        code: str,
        start: Callable[[ReliableSession], NetplayHost | NetplayGuest | WormholeGuest],
        *,
        resume: dict[str, Any] | None,
        config: SessionConfig | None,
        address: Callable[[Any], str],
        link: Link | None = None,
    ) -> NetGame:
        """A session on `code` as `role`, carried by the endpoint `start` opens for it; the
        endpoint is stopped again if the game cannot be built around it."""
        name = prefs.player_name
        session = ReliableSession(
            role,
            PeerInfo(name[:MAX_NAME_CHARS], APP_VERSION),
            config or SessionConfig(),
            join_code=code,
        )
        restore_seat(session, resume)
        endpoint = start(session)
        try:
            return cls(
                role,
                EndpointPort(endpoint),
                name=name,
                terms=my_terms(prefs),
                level=prefs.skill_level,
                resume=resume,
                endpoint=endpoint,
                address=address(endpoint),
                session=session,
                link=link,
            )
        except Exception:
            endpoint.stop()
            raise

    # -- every frame --------------------------------------------------------------------------
    def pump(self) -> None:
        self.answers.extend(self.pilot.poll())
        self.peer.pump()
        for notice in self.peer.pop_notices():
            self._note(notice)
            self.inbox.append(notice)

    def take(self) -> list[Any]:
        notices = list(self.inbox)
        self.inbox.clear()
        return notices

    def _note(self, notice: Any) -> None:
        peer = self.peer.peer_name
        if isinstance(notice, Connected):
            # the name the peer keeps (for chat lines and the save) is the one shown: cleaned,
            # and told apart from this player's when both are called the same
            self.peer.peer_name = peer = self.peer_name
            self.connected_once = True
            self.status, self.status_text = "connected", phrase("Connected to {name}", name=peer)
        elif isinstance(notice, Interrupted):
            self.status = "interrupted"
            self.status_text = phrase("{name}'s connection interrupted, waiting\u2026", name=peer)
        elif isinstance(notice, Resumed):
            self.status, self.status_text = "connected", phrase("Connected to {name}", name=peer)
        elif isinstance(notice, Failed):
            self.status, self.status_text = "lost", shown(notice.text)
        elif isinstance(notice, Closed):
            self.status, self.status_text = "closed", shown(notice.text)
        elif isinstance(notice, HostSilent):
            self.status, self.status_text = "lost", shown(notice.text)
        elif isinstance(notice, TransportNotice) and notice.code == "dial_failed":
            self.problem = notice.text
        elif isinstance(notice, ChatLine) and not notice.from_me:
            self.chat_arrivals += 1

    # -- what the player does -----------------------------------------------------------------
    @property
    def peer_name(self) -> str:
        """The other player's name, cleaned again here since it reaches the screen, and told
        apart from this player's own when both chose the same one."""
        host = self.role.other is Role.HOST
        name = self._told_name
        if not name:
            return phrase("the host") if host else phrase("the guest")
        if name.casefold() == self.name.casefold():
            return (
                phrase("{name} (host)", name=name) if host else phrase("{name} (guest)", name=name)
            )
        return name

    @property
    def peer_at_sentence_start(self) -> str:
        """`peer_name` to open a sentence: a player's own name stays as they wrote it ("root is
        gone"); only the stand-in is capitalised ("The host is gone")."""
        if self._told_name:
            return self.peer_name
        return phrase("The host") if self.role.other is Role.HOST else phrase("The guest")

    @property
    def _told_name(self) -> str:
        """The name the other player gave, cleaned ("" before they gave one: the peer's own
        stand-in, "the host" or "the guest")."""
        told = self.peer.peer_name
        if getattr(told, "template", "") in ("the host", "the guest"):
            return ""
        return told if hasattr(told, "template") else clean_text(told, MAX_NAME_CHARS)

    @property
    def seat(self) -> int:
        """This player's seat: the host's 0, a guest's 1 or, at a table, the one it was given."""
        if self.role is Role.HOST:
            return 0
        play = self.peer.play
        if isinstance(play, TableGuest):
            return play.seat
        seating = self.peer.seating
        return seating.seat if seating is not None else 1

    @property
    def negotiation(self) -> RulesNegotiation | None:
        return self.peer.negotiation

    def submit(self, action: Action) -> None:
        """The person's move: to the host's engine (the host's own is checked at once)."""
        self.pilot.manual.submit(action)
        self.pump()

    def decide_rules(self, choice: str) -> None:
        """ "accept", "counter" (the guest, once) or "decline" (UG 5.4)."""
        self.rules_choice = choice
        self.pump()

    def _answer(self, negotiation: RulesNegotiation) -> str | None:
        choice, self.rules_choice = self.rules_choice, None
        return choice

    def say(self, text: str) -> ChatLine:
        """Send a chat line; raises `ChatRefused` with a reason to show."""
        try:
            return self.peer.say(text)
        except SessionError:
            raise ChatRefused("The connection is closed: the message could not be sent.") from None

    def set_autopilot(self, on: bool, level: str | None = None) -> None:
        self.pilot.set_autopilot(on, level)

    def waiting(self) -> tuple[list[int], float]:
        """At a table: the other guests' seats play waits for, as the host told, and the
        seconds left before the table gives up on them."""
        away = self.peer.away
        if away is None or self.peer.game_over:
            return [], 0.0
        return list(away.seats), away.seconds_left(self.peer.port.now())

    @property
    def autopilot(self) -> bool:
        return self.pilot.autopilot

    @property
    def over(self) -> bool:
        return self.peer.game_over

    def leave(self, text: str = "") -> None:
        """Disconnect (UG 4.2.8): the other player is told at once; a game in progress is saved."""
        if not self.peer.port.finished():
            self.peer.leave(text or "The other player disconnected.")

    def stop(self) -> None:
        """Leave if still connected and close the sockets (after a moment for the goodbye)."""
        self.leave()
        self.pilot.close()
        endpoint = self.endpoint
        if endpoint is None:
            return
        stop_by = time.monotonic() + GOODBYE_SECONDS
        while endpoint.running and time.monotonic() < stop_by:
            time.sleep(0.01)
        endpoint.stop(timeout=1.0)
