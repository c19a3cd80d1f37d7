"""The host's driver at a table of three or four: one session per guest seat, the rules agreed
with every guest, the host's copy of the game (`TableHost`: its own seat and the computer
seats), chat to all, saving. Stepped by whoever owns the loop, as `PlayPeer` is: call `pump()`
often; what a table or a log might show comes out of `pop_notices()`.

Every guest must accept the host's terms (a counter is declined with a sentence: at a table the
host's rules stand for everyone); once all have, the game starts. A guest that declines, or leaves
before the game starts, frees its seat: its session is let go once it has the decline, and a
fresh one (from `reopen`) waits on that seat for another guest with the same code. A guest's chat line is shown
here and passed on to the other guests under its name. A guest whose session starts over (it
crashed and came back with its save) rejoins on its own while the others wait for its part of
the deal; while a guest's connection is down the other guests are told who the table waits for
(`away`) and for how long; a guest that leaves, or whose session gives up, ends play for the table (its cards stay
masked with its secret: nobody else can play them), and the game is saved so that every seat can
continue it later."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.logic.errors import IllegalAction
from game.logic.phrase import phrase

from ..errors import ProtocolError, SessionError
from ..fair import RandomBytes
from ..session.events import Closed, Connected, Delivered, Failed, Interrupted, Resumed
from ..session.handshake import Role
from ..wire import payloads as p
from ..wire.text import clean_text
from .agreement import RulesNegotiation
from .agreement import Stage as RulesStage
from .chat import ChatChannel, ChatLine
from .deciders import DecisionSource
from .peer import (
    LINGER,
    MAX_ACTIONS_PER_PUMP,
    OWED_WITHIN,
    HostSilent,
    LocalRefusal,
    RulesAgreed,
    Saved,
    SaveFailed,
    SaveStore,
)
from .play_messages import Unreadable
from .play_protocol import GameFinished, Halted, Terms
from .port import Port
from .seating import Away, Seating
from .table_protocol import TableHost

TABLE_RULES_STAND = phrase("At a table of three or four the host's rules stand for every player.")


@dataclass(frozen=True)
class SeatFreed:
    """The guest at `seat` declined the rules (`text` says how) or left before the game
    started: the seat waits for another guest."""

    seat: int
    name: str
    text: str


@dataclass(frozen=True)
class GuestNotice:
    """Something that happened on one guest seat's session (connected, interrupted...)."""

    seat: int
    event: Any


class TablePeer:
    """The host's side of a table of three or four. `ports` holds each guest seat's session,
    `computers` the decision source of each computer seat; `names` every seat's name (the
    host's first; a guest's is replaced by the one it gives when it joins). `reopen(seat)` gives
    a fresh port waiting for a guest on a seat freed before the game started."""

    role = Role.HOST

    def __init__(
        self,
        ports: Mapping[int, Port],
        decider: DecisionSource,
        computers: Mapping[int, DecisionSource],
        *,
        terms: dict[str, Any],
        names: list[str],
        reopen: Callable[[int], Port],
        levels: Mapping[int, str] | None = None,
        store: SaveStore | None = None,
        resume: dict[str, Any] | None = None,
        about: dict[str, Any] | None = None,
        owed_within: float = OWED_WITHIN,
        give_up_after: float = 120.0,
        randomness: RandomBytes | None = None,
    ) -> None:
        """`give_up_after`: the sessions' limit for a silent guest (`SessionConfig`), from
        which the table counts down while it waits for a dropped guest."""
        self.ports = dict(sorted(ports.items()))
        self.deciders: dict[int, DecisionSource] = {0: decider, **computers}
        self.names = list(names)
        self.reopen = reopen
        self.levels = dict(levels or {})  # a computer seat's level, told to the guests
        self._empty_names = list(names)  # what a freed seat is called again
        self._leaving: list[Port] = []  # sessions of freed seats, let go once they have all
        self.store = store
        self.about = dict(about or {})
        self.owed_within = owed_within
        self.give_up_after = give_up_after
        self._away: dict[int, float] = {}  # a dropped guest's seat: when its session gives up
        self.randomness = randomness
        self.chat = ChatChannel(names[0])
        self.play: TableHost | None = None
        self.negotiations: dict[int, RulesNegotiation] = {}
        self.joined: set[int] = set()
        self.failure: Failed | None = None
        self.closed: Closed | None = None
        self.host_silent: HostSilent | None = None
        self.moves = 0
        self._notices: list[Any] = []
        self._bound: dict[int, str] = {}
        self._terms = terms
        self._up: set[int] = set()
        self._owed: tuple[str, int, float] | None = None
        self._finished_at: float | None = None
        self._closing: str | None = None  # why play ended early, told to every guest leaving
        if resume is not None:
            self.play = TableHost.from_save(resume, randomness=randomness)
            self.names = list(self.play.names)
            self._bind_seats()
        else:
            Terms.from_agreed(terms)  # raises RulesError now rather than once guests came
            guests = sorted(self.ports)
            self.negotiations = {g: RulesNegotiation(Role.HOST, terms) for g in guests}

    # -- state ---------------------------------------------------------------------------------
    @property
    def peer_name(self) -> str:
        return ", ".join(self.names[g] for g in self.ports)

    @property
    def game_over(self) -> bool:
        if self.play is not None and self.play.over:
            return True
        return any(x is not None for x in (self.failure, self.closed, self.host_silent))

    @property
    def done(self) -> bool:
        return (
            self.game_over
            and all(port.finished() for port in self.ports.values())
            and not self._leaving
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

    def waiting_for(self) -> list[int]:
        """The guest seats whose connection is down: the table waits for them."""
        return [seat for seat in self.ports if seat in self.joined and seat not in self._up]

    def away(self) -> list[int]:
        """The guest seats whose connection dropped during play, while play waits for them to
        come back (each has until its session gives up)."""
        return [] if self.game_over else sorted(self._away)

    def seconds_to_wait(self, now: float) -> float:
        """How long the table still waits for the first dropped guest to come back."""
        return max(0.0, min(self._away.values()) - now) if self.away() else 0.0

    def rejoining(self) -> list[int]:
        """The guest seats of a game under way whose guest has not rejoined it yet (after the
        host came back from its save, every one)."""
        play = self.play
        if play is None or play.over:
            return []
        return sorted(set(play.rejoining) | (set(self.ports) - self._up))

    def resumes(self) -> int:
        return sum(port.resumes() for port in self.ports.values())

    # -- the loop ------------------------------------------------------------------------------
    def pump(self, now: float) -> None:
        for seat, port in list(self.ports.items()):
            for event in port.take_events():
                if self.ports[seat] is not port:
                    break  # the seat was freed: what its old session said no longer counts
                self._on_event(seat, event, now)
        self._let_go()
        self._bind_seats()
        self._decide(now)
        self._check_owed(now)
        self._wind_down(now)

    def say(self, text: str, now: float) -> ChatLine:
        """A chat line to every guest."""
        payload = self.chat.compose(text, now)
        self._to_all(payload)
        return self.chat.log.lines[-1]

    def leave(self, text: str = "") -> None:
        if self.play is not None and not self.play.over:
            self.save()
        for port in [*self.ports.values(), *self._leaving]:
            port.close(text)

    def save(self) -> bool:
        if self.store is None or self.play is None or not self.play.game_id:
            return False
        try:
            self.store.write(self.play.to_save() | {"peer": self.peer_name} | self.about)
        except OSError as error:
            self._notices.append(SaveFailed(self.store.where, str(error)))
            return False
        self._notices.append(Saved(self.store.where))
        return True

    def _bind_seats(self) -> None:
        if self.play is None:
            return
        for g, token in self.play.tokens.items():
            if self._bound.get(g) != token and g in self.ports:
                self._bound[g] = token
                self.ports[g].bind_seat(token.encode())

    # -- each guest's session ------------------------------------------------------------------
    def _on_event(self, seat: int, event: Any, now: float) -> None:
        self._notices.append(GuestNotice(seat, event))
        if isinstance(event, (Connected, Resumed)):
            self._up.add(seat)
            if self._away.pop(seat, None) is not None:
                self._tell_away(now)
        elif isinstance(event, Interrupted):
            self._up.discard(seat)
            if self.play is not None and not self.game_over and seat in self.joined:
                self._away[seat] = now - event.silent_for + self.give_up_after
                self._tell_away(now)
        if isinstance(event, Connected):
            self.names[seat] = event.peer.name
            self.joined.add(seat)
            if self.play is not None:
                self.play.expect_rejoin(seat)
            elif seat in self.negotiations:
                self._tell_seating()
                self._send(seat, [self.negotiations[seat].start()])
        elif isinstance(event, Delivered):
            try:
                self._on_payload(seat, event.payload, now)
            except Unreadable as error:
                reason = clean_text(error.message, 300)
                with contextlib.suppress(SessionError):
                    self.ports[seat].send([p.REFUSAL, error.code[:40] or "refused", reason])
            except ProtocolError as error:
                self.ports[seat].abort(error)
        elif isinstance(event, (Failed, Closed)) and self.play is None and seat in self.joined:
            self._free_seat(seat, clean_text(event.text, 300))
        elif isinstance(event, Failed):
            self.failure = event
            self._end_for_all(phrase("A player's connection was lost for good; the game is saved."))
        elif isinstance(event, Closed) and not self.game_over and not self._ended_by(seat):
            self.closed = event
            self._end_for_all(
                phrase("{name} left the game; the game is saved.", name=self.names[seat])
            )

    def _ended_by(self, seat: int) -> bool:
        """The guest at `seat` has agreed on the end of the game: it leaves once that is
        acknowledged, while the host may still wait for another guest's agreement."""
        return self.play is not None and seat in self.play.done

    def _end_for_all(self, text: str, *, at_once: bool = False) -> None:
        """Play has ended for the table: save, and leave every guest with `text`, each once it
        has everything sent to it (a decline must arrive before the goodbye), or `at_once`."""
        if self.play is not None and not self.play.over:
            self.save()
        self._closing = text
        if at_once:
            for port in self.ports.values():
                port.close(text)

    def _on_payload(self, seat: int, payload: list[Any], now: float) -> None:
        kind = p.payload_kind(payload)
        if kind == p.CHAT:
            line = self.chat.receive(payload, self.names[seat], now)
            self._notices.append(line)
            for other in self.ports:
                if other != seat:
                    self._send(other, [[p.CHAT, f"{line.name}: {line.text}"[:300]]])
        elif kind == p.GAME:
            if self.play is None:
                raise ProtocolError("unexpected", "a game message arrived before the start")
            self._advance(self.play.receive(seat, payload))
        elif seat in self.negotiations:
            negotiation = self.negotiations[seat]
            self._send(seat, negotiation.handle(payload))
            if negotiation.stage is RulesStage.HOST_DECIDING:
                self._send(seat, [negotiation.decline_counter(TABLE_RULES_STAND)])
            self._after_rules()
        else:
            raise ProtocolError("unexpected_rules", "the rules were agreed already")

    def _after_rules(self) -> None:
        for seat, negotiation in list(self.negotiations.items()):
            if negotiation.stage is RulesStage.DECLINED:
                self._free_seat(seat, negotiation.outcome)
        if not self.negotiations or any(
            n.stage is not RulesStage.AGREED for n in self.negotiations.values()
        ):
            return
        agreed = next(iter(self.negotiations.values())).agreed_rules
        assert agreed is not None
        terms = Terms.from_agreed(agreed)
        self._notices.append(RulesAgreed(terms, phrase("Every player agreed to the host's rules.")))
        self.negotiations = {}
        self.play = TableHost(terms, self.names, sorted(self.ports), randomness=self.randomness)
        self._advance(self.play.begin())

    def _free_seat(self, seat: int, text: str) -> None:
        """The guest at `seat` is gone before the game: its session is let go (once the decline
        has reached it) and a fresh one waits for another guest on the seat."""
        self._notices.append(SeatFreed(seat, self.names[seat], text))
        self._leaving.append(self.ports[seat])
        self.ports[seat] = self.reopen(seat)
        self.names[seat] = self._empty_names[seat]
        self.joined.discard(seat)
        self._up.discard(seat)
        self.negotiations[seat] = RulesNegotiation(Role.HOST, self._terms)
        self._tell_seating()

    def seating(self, seat: int) -> Seating:
        """Who sits where, as the guest at `seat` is told before the game."""
        players = len(self.names)
        return Seating(
            seat,
            tuple(self.names),
            tuple(self.ports),
            tuple(sorted(self.joined)),
            tuple(self.levels.get(s, "") for s in range(players)),
        )

    def _tell_away(self, now: float) -> None:
        """Tell every other guest whose line is up which seats the table waits for now."""
        seconds = self.seconds_to_wait(now)
        for seat in sorted(self._up):
            if seat not in self._away:
                self._send(seat, [Away.payload([s for s in self._away if s != seat], seconds)])

    def _tell_seating(self) -> None:
        for seat in sorted(self.joined):
            self._send(seat, [self.seating(seat).payload()])

    def _let_go(self) -> None:
        for port in list(self._leaving):
            port.take_events()
            if port.finished():
                self._leaving.remove(port)
            elif port.settled():
                port.close(phrase("The rules were not agreed."))

    # -- moves ---------------------------------------------------------------------------------
    def _decide(self, now: float) -> None:
        play = self.play
        if play is None or self.game_over:
            return
        for _ in range(MAX_ACTIONS_PER_PUMP):
            moved = False
            for seat, local in play.seats.items():
                if local.over or not (local.my_turn or local.wants_next_hand):
                    continue
                decider = self.deciders[seat]
                assert local.view is not None
                action = decider.choose(local.view, now)
                if action is None:
                    continue
                try:
                    sent = play.act(seat, action)
                except IllegalAction as error:
                    decider.refused(action, error.code, error.message)
                    self._notices.append(LocalRefusal(action, error.code, error.message))
                    continue
                if seat == 0:
                    self.moves += 1
                self._advance(sent)
                moved = True
            if not moved:
                return

    def _advance(self, sent: list[tuple[int, list[Any]]]) -> None:
        """Send what the game answered once the new state is on disk (see `PlayPeer`)."""
        assert self.play is not None
        self._notices.extend(self.play.pop_events())
        self.save()
        for seat, payload in sent:
            self._send(seat, [payload])

    def _check_owed(self, now: float) -> None:
        play = self.play
        settled = all(port.settled() for port in self.ports.values())
        if play is None or self.game_over or self._up != set(self.ports) or not settled:
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
                "A guest has not sent {owed} for {seconds} seconds: the game is saved and can be "
                "continued later.",
                owed=owed,
                seconds=seconds,
            ),
        )
        self._notices.append(self.host_silent)
        self._end_for_all(
            phrase("No answer came for {seconds} seconds; the game is saved.", seconds=seconds),
            at_once=True,
        )

    def _wind_down(self, now: float) -> None:
        """Each guest is left once it has everything sent to it: at once when play ended early,
        else after giving the guests a moment to say goodbye first (see `PlayPeer`)."""
        if not self.game_over:
            return
        if self._finished_at is None:
            self._finished_at = now
        if self._closing is None and now - self._finished_at < LINGER:
            return
        for port in self.ports.values():
            if not port.finished() and port.settled():
                port.close(self._closing or phrase("Thanks for the game."))

    def _to_all(self, payload: list[Any]) -> None:
        for seat in self.ports:
            self._send(seat, [payload])

    def _send(self, seat: int, payloads: list[list[Any]]) -> None:
        for payload in payloads:
            try:
                self.ports[seat].send(payload)
            except SessionError:
                return
