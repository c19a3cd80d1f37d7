"""The peer driver: one side of a network game (host or guest) wired to its session, its rules
agreement, its chat and a decision source, stepped by whoever owns the loop.

Call `pump()` often (every frame in the game, after every step of the in-memory link, or whenever
the TCP shell reports something): it takes the session's events, routes each delivered payload
(rules to the `RulesNegotiation`, chat to the `ChatChannel`, game messages to `HostPlay` or
`GuestPlay`), sends what they answer, then asks the decision source for moves while this seat may
act. A payload the game refuses to read aborts the session with the reason, so the other player is
told. Everything a table or a log might show comes out of `pop_notices()`, in order.

The order of a game (UG 5.4 and 8.5): the session connects; the host proposes its terms; the guest
accepts, counters once or declines (its `answer` callback decides, the default accepts); the
agreed terms start the game; the hands are dealt by peek-proof dealing, played and audited; the
guest confirms the end. Chat works at any point, including while the other player is thinking.

Saving goes through a `SaveStore` the caller hands in (the shell's `JsonFileStore` writes files;
the driver itself never touches the disk). When the session fails (the peer gone beyond the
give-up limit) or the peer leaves mid-game, the game is saved so both players can continue it
later: start a peer with `resume=` the saved document on both sides; the host waits for the
guest's rejoin and each side resends what the other never received."""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from game.logic.actions import Action
from game.logic.errors import IllegalAction
from game.logic.phrase import phrase
from game.logic.rules import RulesError

from ..errors import ProtocolError, SessionError
from ..fair import RandomBytes
from ..session.delivery import MAX_REFUSED, REFUSED_WINDOW
from ..session.events import (
    Closed,
    Connected,
    Delivered,
    Failed,
    Interrupted,
    PayloadRefused,
    Resumed,
)
from ..session.handshake import Role
from ..session.reliable import ReliableSession
from ..wire import payloads as p
from ..wire.text import clean_text
from .agreement import RulesNegotiation
from .agreement import Stage as RulesStage
from .chat import ChatChannel, ChatLine
from .deciders import DecisionSource
from .play_messages import Unreadable
from .play_protocol import (
    REUSE_PILE_REFUSED,
    GameFinished,
    GuestPlay,
    Halted,
    HostPlay,
    PlayEvent,
    Terms,
    _Side,
)
from .port import Port
from .seating import Away, Seating
from .table_protocol import TableGuest

# "accept", "counter" (guest only) or "decline"; None means the player has not decided yet
RulesAnswer = Callable[[RulesNegotiation], str | None]
MAX_ACTIONS_PER_PUMP = 64
LINGER = 2.0  # seconds a finished host waits for the guest's goodbye before leaving itself
OWED_WITHIN = 30.0  # seconds a side waits for a step of the deal the other side owes it
MAX_REASON = 300
TOO_MANY_PLAYERS = phrase(
    "The host's table seats three or four; this copy joins only games of two from its screens."
)

_log = logging.getLogger(__name__)


def accept_rules(negotiation: RulesNegotiation) -> str:
    return "accept"


def restore_seat(session: ReliableSession, saved: dict[str, Any] | None) -> None:
    """Before the endpoint of a game continued from `saved` opens: its session takes the game's
    rejoin token (and a table guest its seat), so the guest's very first `HELLO` proves the
    seat. A `HELLO` that left before the game bound the token would be turned away `busy`, and
    a guest that does not yet hold a token takes `busy` for a host playing with someone else."""
    if not isinstance(saved, dict):
        return
    token = saved.get("token")
    if isinstance(token, str) and token:
        session.bind_seat(token.encode())
    if session.role is Role.GUEST and type(saved.get("seat")) is int:
        session.table_seat = saved["seat"]  # the seat this guest holds at its table


@dataclass(frozen=True)
class RulesAgreed:
    terms: Terms
    text: str


@dataclass(frozen=True)
class RulesDeclined:
    text: str


@dataclass(frozen=True)
class LocalRefusal:
    """This side's own player tried something the game does not allow now."""

    action: Action
    code: str
    text: str


@dataclass(frozen=True)
class HostSilent:
    """The other side did not take a step of the deal it owed (a key, shuffle, unmask or secret,
    the answer to a rejoin) in time; the game was saved and this side left it."""

    owed: str
    text: str


@dataclass(frozen=True)
class Saved:
    path: str


@dataclass(frozen=True)
class SaveFailed:
    path: str
    text: str


class SaveStore(Protocol):
    """Where a peer keeps its game: `write` stores the whole document (atomically) or raises
    `OSError`; `where` names the place for notices."""

    @property
    def where(self) -> str: ...

    def write(self, document: dict[str, Any]) -> None: ...


class PlayPeer:
    """One side of a network game. See the module docstring."""

    def __init__(
        self,
        role: Role,
        port: Port,
        decider: DecisionSource,
        *,
        terms: dict[str, Any] | None = None,
        name: str = "",
        answer: RulesAnswer = accept_rules,
        store: SaveStore | None = None,
        resume: dict[str, Any] | None = None,
        about: dict[str, Any] | None = None,
        play_factory: Callable[[Terms], HostPlay | GuestPlay] | None = None,
        owed_within: float = OWED_WITHIN,
        randomness: RandomBytes | None = None,
        max_players: int = 2,
    ) -> None:
        """`max_players`: the largest table this side may join (a guest; the host of a table of
        three or four is a `TablePeer`)."""
        self.role = role
        self.max_players = max_players
        self.port = port
        self.decider = decider
        self.answer = answer
        self.store = store
        self.about = dict(about or {})  # saved with the game: how to reach the other side again
        self.chat = ChatChannel(name or role.value)
        self._seat = ""  # the rejoin token the session was told to ask for
        self.play: HostPlay | GuestPlay | TableGuest | None = None
        self.negotiation: RulesNegotiation | None = None
        self.seating: Seating | None = None  # who sits where, at a table of three or four
        self.away: Away | None = None  # the other guests a table waits for, as its host told
        self.declined: RulesDeclined | None = None
        self.failure: Failed | None = None
        self.closed: Closed | None = None
        # the other player's name once connected; till then "the host" or "the guest"
        self.peer_name: str = phrase("the host") if role is Role.GUEST else phrase("the guest")
        self.moves = 0  # actions this side's player made
        self.refused = 0  # game messages from the peer set aside for breaking their schema
        self._refused_at: deque[float] = deque()  # when the recent ones came
        self._notices: list[Any] = []
        self._play_factory = play_factory
        self.randomness = randomness  # the deal's random source (the system's when None)
        self._finished_at: float | None = None
        self.owed_within = owed_within
        self._owed: tuple[str, int, float] | None = None  # what, at which state, since when
        self.host_silent: HostSilent | None = None
        self._link_up = False  # silence on a broken line is the session's to judge, not ours
        if resume is not None:
            cls: type[_Side] = HostPlay if role is Role.HOST else GuestPlay
            if role is Role.GUEST and isinstance(resume, dict) and "seat" in resume:
                cls = TableGuest
            self.play = cls.from_save(resume, randomness=randomness)
            # a shell binds it before dialling (`restore_seat`); an in-memory link, only here
            self._bind_seat()
        else:
            mine = terms if terms is not None else {"preset": "classic"}
            if Terms.from_agreed(mine).rules.players != 2 and role is Role.HOST:
                raise RulesError("A table of three or four is hosted by a TablePeer.")
            self.negotiation = RulesNegotiation(role, mine)

    # -- state ---------------------------------------------------------------------------------
    @property
    def peer_name_opening(self) -> str:
        """The other player's name to open a sentence: "The host" while it is not known."""
        stand_in = getattr(self.peer_name, "template", "")
        if stand_in in ("the host", "the guest"):
            return phrase("The host") if stand_in == "the host" else phrase("The guest")
        return self.peer_name

    @property
    def game_over(self) -> bool:
        """Play has ended: finished, halted, declined, or the session is gone."""
        if self.play is not None and self.play.over:
            return True
        return (
            self.declined is not None
            or self.failure is not None
            or self.closed is not None
            or self.host_silent is not None
        )

    @property
    def done(self) -> bool:
        """Nothing more will happen on this side: the loop driving it may stop."""
        return self.game_over and (
            self.port.finished() or self.failure is not None or self.closed is not None
        )

    @property
    def result(self) -> GameFinished | None:
        return self.play.finished if self.play is not None else None

    @property
    def halted(self) -> Halted | None:
        return self.play.halted if self.play is not None else None

    def pop_notices(self) -> list[Any]:
        notices, self._notices = self._notices, []
        return notices

    # -- the loop ------------------------------------------------------------------------------
    def pump(self, now: float | None = None) -> None:
        """Handle everything that arrived, then make the moves this seat has ready."""
        now = self.port.now() if now is None else now
        self._bind_seat()
        for event in self.port.take_events():
            self._on_event(event, now)
        self._bind_seat()
        self._ask_rules_answer()
        self._decide(now)
        self._check_owed(now)
        self._wind_down(now)

    def _bind_seat(self) -> None:
        """Once a game has its rejoin token (started, received or restored from a save), the
        join code alone no longer takes the guest's seat: the session asks for the token."""
        token = self.play.token if self.play is not None else ""
        if token and token != self._seat:
            self._seat = token
            self.port.bind_seat(token.encode())

    def say(self, text: str, now: float | None = None) -> ChatLine:
        """Send a chat line (UG 4.2.5); raises `ChatRefused` with a reason to show."""
        now = self.port.now() if now is None else now
        payload = self.chat.compose(text, now)
        self.port.send(payload)
        return self.chat.log.lines[-1]

    def leave(self, text: str = "") -> None:
        """Disconnect (UG 4.2.8): the other player is told at once. A game in progress is saved."""
        if self.play is not None and not self.play.over:
            self.save()
        self.port.close(text)

    def save(self, store: SaveStore | None = None) -> bool:
        """Write the game so far to `store` or the configured one."""
        target = store or self.store
        if target is None or self.play is None or not self.play.game_id:
            return False
        try:
            target.write(self.play.to_save() | {"peer": self.peer_name} | self.about)
        except OSError as error:
            self._notices.append(SaveFailed(target.where, str(error)))
            return False
        self._notices.append(Saved(target.where))
        return True

    # -- session events ------------------------------------------------------------------------
    def _on_event(self, event: Any, now: float) -> None:
        self._notices.append(event)
        if isinstance(event, (Connected, Resumed)):
            self._link_up = True
        elif isinstance(event, Interrupted):
            self._link_up = False
        if isinstance(event, Connected):
            self.peer_name = event.peer.name
            self._on_connected()
        elif isinstance(event, Delivered):
            try:
                self._on_payload(event.payload, now)
            except Unreadable as error:
                self._set_aside(error, now)
            except ProtocolError as error:
                self.port.abort(error)
        elif isinstance(event, Failed):
            self.failure = event
            self._save_unfinished()
        elif isinstance(event, Closed):
            self.closed = event
            self._save_unfinished()

    def _set_aside(self, error: Unreadable, now: float) -> None:
        """A game message that broke its schema changed nothing: it is logged, shown, and its
        sender told why, as the session does with any payload; a flood within a minute drops
        the connection, never the game (the peer resumes on a new one)."""
        self.refused += 1
        recent = self._refused_at
        recent.append(now)
        while recent and recent[0] <= now - REFUSED_WINDOW:
            recent.popleft()
        if len(recent) > MAX_REFUSED:
            recent.clear()
            self.port.drop_connection(
                phrase(
                    "More than {count} game messages from {name} broke the rules: "
                    "the connection was dropped; the game waits for it to come back.",
                    count=MAX_REFUSED,
                    name=self.peer_name,
                )
            )
            return
        reason = clean_text(error.message, MAX_REASON)
        text = phrase(
            "A game message from {name} was set aside: {reason}", name=self.peer_name, reason=reason
        )
        _log.warning("%s (%s)", text, error.code)
        self._notices.append(PayloadRefused(error.code, text))
        with contextlib.suppress(SessionError):  # the session is ending: nobody to tell
            self.port.send([p.REFUSAL, error.code[:40] or "refused", reason])

    def _on_connected(self) -> None:
        if self.play is not None:
            # a new session under a game in progress (a saved game, or the other side started
            # again after a crash): the guest rejoins, the host waits for it
            if isinstance(self.play, GuestPlay):
                if self.play.game_id and not self.play.over:
                    self._send(self.play.rejoin())
            else:
                self.play.expect_rejoin()
            return
        if self.role is Role.HOST and self.negotiation is not None:
            self._send([self.negotiation.start()])

    def _on_payload(self, payload: list[Any], now: float) -> None:
        kind = p.payload_kind(payload)
        if kind == p.CHAT:
            speaker, payload = self._speaker(payload)
            self._notices.append(self.chat.receive(payload, speaker, now))
        elif kind == p.SEATING:
            if self.role is Role.HOST or (self.play is not None and self.play.game_id):
                raise ProtocolError("unexpected", "the seats are told to a guest before the game")
            self.seating = Seating.read(payload)
            self._notices.append(self.seating)
        elif kind == p.AWAY:
            play = self.play
            if not isinstance(play, TableGuest) or not play.game_id:
                raise ProtocolError("unexpected", "only a table's guest in play waits for a seat")
            self.away = Away.read(payload, play.players, play.seat, now)
            self._notices.append(self.away)
        elif kind == p.GAME:
            if self.play is None:
                raise ProtocolError(
                    "unexpected", "a game message arrived before the rules were agreed"
                )
            self._advance(self.play.receive(payload))
            self._drain_play()
        elif self.negotiation is None:
            raise ProtocolError("unexpected_rules", "the rules were agreed already")
        else:
            replies = self.negotiation.handle(payload)
            if self.negotiation.stage is RulesStage.GUEST_DECIDING and not self._usable(payload[1]):
                # rules this copy cannot play are declined before the player is asked anything
                replies = [self.negotiation.decline(self._why_unusable(payload[1]))]
            self._send(replies)
            self._after_rules()

    def _speaker(self, payload: list[Any]) -> tuple[str, list[Any]]:
        """Who said a chat line: at a table the host passes another guest's on as "name: text"
        (the host is trusted with the lines it relays, as with everything it passes on)."""
        play = self.play
        names = list(play.names) if isinstance(play, TableGuest) and play.names else []
        seat = play.seat if isinstance(play, TableGuest) else -1
        if not names and self.seating is not None:
            names, seat = list(self.seating.names), self.seating.seat
        text = str(payload[1])
        for other, name in enumerate(names):
            if other not in (0, seat) and name and text.startswith(f"{name}: "):
                return name, [payload[0], text[len(name) + 2 :]]
        return self.peer_name, payload

    def _why_unusable(self, terms: Any) -> str:
        """The sentence declining rules this copy cannot play over the network."""
        try:
            players = Terms.from_agreed(terms).rules.players
        except RulesError as error:
            if error.args and error.args[0] == REUSE_PILE_REFUSED:
                return REUSE_PILE_REFUSED
        except (ValueError, TypeError):
            pass
        else:
            if players > self.max_players:
                return TOO_MANY_PLAYERS
        return phrase("These rules cannot be played by this copy of the game.")

    def _usable(self, terms: Any) -> bool:
        try:
            players = Terms.from_agreed(terms).rules.players
        except (RulesError, ValueError, TypeError):
            return False
        return players <= self.max_players

    def _ask_rules_answer(self) -> None:
        negotiation = self.negotiation
        if negotiation is None or negotiation.stage not in (
            RulesStage.GUEST_DECIDING,
            RulesStage.HOST_DECIDING,
        ):
            return
        if negotiation.stage is RulesStage.HOST_DECIDING and not self._usable(negotiation.proposal):
            self._send([negotiation.decline_counter(self._why_unusable(negotiation.proposal))])
            self._after_rules()
            return
        choice = self.answer(negotiation)
        if choice is None:
            return
        if negotiation.stage is RulesStage.GUEST_DECIDING:
            if choice == "counter" and self._usable(negotiation.my_rules):
                payload = negotiation.counter()
            elif choice in ("accept", "counter"):
                payload = negotiation.accept()
            else:
                payload = negotiation.decline()
        else:
            payload = (
                negotiation.accept_counter()
                if choice == "accept"
                else negotiation.decline_counter()
            )
        self._send([payload])
        self._after_rules()

    def _after_rules(self) -> None:
        negotiation = self.negotiation
        if negotiation is None:
            return
        if negotiation.stage is RulesStage.DECLINED:
            self.declined = RulesDeclined(negotiation.outcome)
            self._notices.append(self.declined)
            self.negotiation = None
        elif negotiation.stage is RulesStage.AGREED:
            assert negotiation.agreed_rules is not None
            terms = Terms.from_agreed(negotiation.agreed_rules)
            self._notices.append(RulesAgreed(terms, negotiation.outcome))
            self.negotiation = None
            if self._play_factory is not None:
                self.play = self._play_factory(terms)
            elif terms.rules.players > 2:
                self.play = TableGuest(terms, randomness=self.randomness)
            else:
                self.play = (
                    HostPlay(terms, guest_name=self.peer_name, randomness=self.randomness)
                    if self.role is Role.HOST
                    else GuestPlay(terms, randomness=self.randomness)
                )
            if isinstance(self.play, HostPlay):
                self._advance(self.play.begin())

    # -- moves ---------------------------------------------------------------------------------
    def _decide(self, now: float) -> None:
        play = self.play
        if play is None or self.port.finished():
            return
        for _ in range(MAX_ACTIONS_PER_PUMP):
            if play.over or not (play.my_turn or play.wants_next_hand):
                return
            view = play.view
            assert view is not None
            action = self.decider.choose(view, now)
            if action is None:
                return
            try:
                payloads = play.act(action)
            except IllegalAction as error:
                self.decider.refused(action, error.code, error.message)
                self._notices.append(LocalRefusal(action, error.code, error.message))
                return
            self.moves += 1
            self._advance(payloads)
            self._drain_play()

    def _drain_play(self) -> None:
        assert self.play is not None
        events: list[PlayEvent] = self.play.pop_events()
        self._notices.extend(events)

    def _advance(self, payloads: list[list[Any]]) -> None:
        """Send what the game answered, once the new state is on disk: a crash at any moment
        then leaves a save that knows everything the other side has got from this one. The end
        of the game is saved too: the other side may have left already, so a side killed after
        it and started again must find the result, not wait for a rejoin that never comes."""
        assert self.play is not None
        self.save()
        self._send(payloads)

    def _check_owed(self, now: float) -> None:
        """A peer that stops taking a step of the deal it owes is reported in bounded time,
        with the game saved; a wait for the other player's own decision is never cut short.
        The clock runs only once the peer has everything this side sent (a step may need it:
        the other's shuffle needs this side's, which a bad line can take long to carry)."""
        play = self.play
        if (
            play is None
            or self.game_over
            or self.port.finished()
            or not self._link_up
            or not self.port.settled()
            or (self.away is not None and self.away.seats)  # the table waits for a guest
        ):
            self._owed = None
            return
        owed = play.owed()
        if owed is None:
            self._owed = None
            return
        if self._owed is None or self._owed[:2] != (owed, play.state_no):
            self._owed = (owed, play.state_no, now)
            return
        if now - self._owed[2] < self.owed_within:
            return
        seconds = f"{self.owed_within:g}"
        self.host_silent = HostSilent(
            owed,
            phrase(
                "{name} has not sent {owed} for {seconds} seconds: the game is saved and can be "
                "continued later.",
                name=self.peer_name_opening,
                owed=owed,
                seconds=seconds,
            ),
        )
        self.save()
        self._notices.append(self.host_silent)
        self.port.close(
            phrase("No answer came for {seconds} seconds; the game is saved.", seconds=seconds)
        )

    def _wind_down(self, now: float) -> None:
        """After the game each side leaves once the other has everything it sent (closing drops
        whatever is unacknowledged); the host also gives the guest a moment to say goodbye first,
        so that both players read "left the game" the same way round."""
        if self.port.finished() or not self.game_over or not self.port.settled():
            return
        if self._finished_at is None:
            self._finished_at = now
        if self.role is Role.GUEST or now - self._finished_at >= LINGER:
            text = (
                phrase("The rules were not agreed.")
                if self.declined is not None
                else phrase("Thanks for the game.")
            )
            self.port.close(text)

    def _save_unfinished(self) -> None:
        if self.play is not None and not self.play.over:
            self.save()

    def _send(self, payloads: list[list[Any]]) -> None:
        for payload in payloads:
            try:
                self.port.send(payload)
            except SessionError:
                return  # the session has ended; the failure or closure was reported already
