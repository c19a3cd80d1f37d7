"""An in-memory stand-in for the network, for tests and soak runs: a duplex link between two ends
("a" and "b") that carries whole frames and, per direction, drops, duplicates, delays (latency
plus jitter) and reorders them using a seeded `random.Random`, on a virtual clock so hours of bad
network run in milliseconds. The link can be cut, as when a TCP connection drops, and refuse
redials, as when the host has gone for good. `LinkedSessions` is the small event loop that drives
a host session on end "a" and a guest session on end "b": it jumps the clock to the next deadline
or arrival, delivers frames, polls both sessions and redials for the guest after a cut."""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..errors import ProtocolError
from ..play.peer import PlayPeer
from ..session.events import Delivered, Event
from ..session.reliable import ReliableSession

ENDS = ("a", "b")


@dataclass
class LinkProfile:
    """How one direction of the link misbehaves. Probabilities are per frame."""

    drop: float = 0.0
    duplicate: float = 0.0
    reorder: float = 0.0
    latency: float = 0.0
    jitter: float = 0.0
    reorder_delay: float = 0.1  # extra hold that lets later frames overtake a reordered one

    def __post_init__(self) -> None:
        for name in ("drop", "duplicate", "reorder"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be a probability")
        if min(self.latency, self.jitter, self.reorder_delay) < 0:
            raise ValueError("delays cannot be negative")

    @property
    def worst_delay(self) -> float:
        return self.latency + self.jitter + self.reorder_delay


@dataclass
class LinkStats:
    sent: int = 0
    dropped: int = 0
    duplicated: int = 0
    reordered: int = 0
    delivered: int = 0
    lost_in_cut: int = 0
    cuts: int = 0


@dataclass
class VirtualClock:
    now: float = 0.0

    def advance_to(self, when: float) -> None:
        self.now = max(self.now, when)

    def __call__(self) -> float:
        return self.now


class LossyLink:
    """Two ends exchanging frames through a misbehaving medium."""

    def __init__(
        self,
        rng: random.Random,
        a_to_b: LinkProfile | None = None,
        b_to_a: LinkProfile | None = None,
    ) -> None:
        self.rng = rng
        self.profiles = {"a": a_to_b or LinkProfile(), "b": b_to_a or a_to_b or LinkProfile()}
        self.up = False
        self.accepting = True  # False: redials fail, as with a host that has gone away
        self.stats = LinkStats()
        self._in_flight: list[tuple[float, int, str, bytes]] = []
        self._counter = 0

    @staticmethod
    def other(end: str) -> str:
        return "b" if end == "a" else "a"

    def send(self, sender: str, frames: Iterable[bytes], now: float) -> None:
        profile = self.profiles[sender]
        receiver = self.other(sender)
        for frame in frames:
            self.stats.sent += 1
            if not self.up:
                self.stats.lost_in_cut += 1
                continue
            if self.rng.random() < profile.drop:
                self.stats.dropped += 1
                continue
            copies = 1
            if self.rng.random() < profile.duplicate:
                copies = 2
                self.stats.duplicated += 1
            for _ in range(copies):
                delay = profile.latency + self.rng.uniform(0.0, profile.jitter)
                if self.rng.random() < profile.reorder:
                    delay += profile.reorder_delay * (0.5 + self.rng.random())
                    self.stats.reordered += 1
                self._counter += 1
                heapq.heappush(
                    self._in_flight, (now + delay, self._counter, receiver, bytes(frame))
                )

    def arrivals(self, now: float) -> list[tuple[str, bytes]]:
        """Frames due by `now`, in arrival order, as (receiving end, frame)."""
        due = []
        while self._in_flight and self._in_flight[0][0] <= now:
            _, _, receiver, frame = heapq.heappop(self._in_flight)
            due.append((receiver, frame))
        self.stats.delivered += len(due)
        return due

    def next_arrival(self) -> float | None:
        return self._in_flight[0][0] if self._in_flight else None

    @property
    def in_flight(self) -> int:
        return len(self._in_flight)

    def cut(self) -> None:
        """Drop the connection: whatever is in flight is lost, as with a reset TCP stream."""
        if self.up:
            self.stats.cuts += 1
        self.up = False
        self.stats.lost_in_cut += len(self._in_flight)
        self._in_flight.clear()

    def restore(self) -> None:
        self.up = True

    def drain_time(self, sender: str) -> float:
        return self.profiles[sender].worst_delay


class LinkedSessions:
    """Runs a host (end "a") and a guest (end "b") over a `LossyLink` on a virtual clock."""

    def __init__(
        self,
        host: ReliableSession,
        guest: ReliableSession,
        link: LossyLink,
        clock: VirtualClock | None = None,
        redial_delay: float = 0.5,
    ) -> None:
        self.sessions = {"a": host, "b": guest}
        self.host = host
        self.guest = guest
        self.link = link
        self.clock = clock or VirtualClock()
        self.redial_delay = redial_delay
        self.events: dict[str, list[Event]] = {"a": [], "b": []}
        self._redial_at: float | None = None
        self._cut_at: float | None = None
        self._steps_at_same_time = 0
        self.redial_attempts = 0

    @property
    def host_events(self) -> list[Event]:
        return self.events["a"]

    @property
    def guest_events(self) -> list[Event]:
        return self.events["b"]

    def delivered(self, end: str) -> list[list[Any]]:
        """Payloads delivered so far to the session on `end` ("a" host, "b" guest)."""
        return [event.payload for event in self.events[end] if isinstance(event, Delivered)]

    def connect(self) -> None:
        """Bring the link up: the guest dials and the host answers."""
        now = self.clock.now
        self.link.restore()
        self.host.connection_made(now, datagram=True)
        self.guest.connection_made(now, datagram=True)

    def cut(self, redial: bool = True) -> None:
        """Drop the connection now; the guest redials after `redial_delay` unless told not to."""
        now = self.clock.now
        self.link.cut()
        self._cut_at = None
        for session in self.sessions.values():
            session.connection_lost(now)
        self._redial_at = now + self.redial_delay if redial else None

    def step(self, until: float | None = None) -> bool:
        """Move the clock to the next thing that happens (never past `until`) and process that
        instant; False if nothing ever will. Callers see the state right after processing, so
        what they send in reaction goes out at the same virtual instant."""
        now = self.clock.now
        times = [
            t
            for t in (
                self.link.next_arrival(),
                self.host.next_deadline(),
                self.guest.next_deadline(),
                self._redial_at,
                self._cut_at,
            )
            if t is not None
        ]
        if not times:
            return False
        upcoming = max(now, min(times) if until is None else min(min(times), until))
        if upcoming == now:
            self._steps_at_same_time += 1
            if self._steps_at_same_time > 10_000:
                raise RuntimeError("the sessions keep asking to run at the same instant")
        else:
            self._steps_at_same_time = 0
        self.clock.advance_to(upcoming)
        self._process(upcoming)
        return True

    def _process(self, now: float) -> None:
        for receiver, frame in self.link.arrivals(now):
            self.sessions[receiver].receive_frame(frame, now)
        for end, session in self.sessions.items():
            frames = session.poll(now)
            if frames:
                self.link.send(end, frames, now)
        for end, session in self.sessions.items():
            self.events[end].extend(session.pop_events())
        self._manage_connection(now)

    def run_until(self, done: Callable[[], bool], timeout: float) -> bool:
        """Step until `done()` or until `timeout` virtual seconds pass; returns `done()`."""
        deadline = self.clock.now + timeout
        while not done():
            before = self.clock.now
            if not self.step(until=deadline) or before >= deadline:
                break
        return done()

    def run_for(self, seconds: float) -> None:
        deadline = self.clock.now + seconds
        self.run_until(lambda: self.clock.now >= deadline, seconds + 1)

    def _manage_connection(self, now: float) -> None:
        if self.link.up:
            if self._cut_at is not None and now >= self._cut_at:
                self.cut(redial=not self.guest.finished)
            elif self._cut_at is None and any(s.wants_reset for s in self.sessions.values()):
                # a closing TCP socket still delivers what was written before it: let a last
                # BYE or REJECT arrive before the line goes dead
                closing = [end for end, s in self.sessions.items() if s.wants_reset]
                self._cut_at = now + max(self.link.drain_time(end) for end in closing)
        elif self._redial_at is not None and now >= self._redial_at:
            self.redial_attempts += 1
            if self.guest.finished:
                self._redial_at = None
            elif self.link.accepting:
                self._redial_at = None
                self.connect()
            else:
                self._redial_at = now + self.redial_delay


class LinkedPort:
    """End "a" (host) or "b" (guest) of a `LinkedSessions` pair."""

    def __init__(self, pair: LinkedSessions, end: str) -> None:
        self.pair = pair
        self.end = end
        self.session: ReliableSession = pair.sessions[end]
        self._cursor = 0

    def send(self, payload: list[Any]) -> int:
        return self.session.send(payload)

    def take_events(self) -> list[Event]:
        events = self.pair.events[self.end]
        new = events[self._cursor :]
        self._cursor = len(events)
        return list(new)

    def now(self) -> float:
        return self.pair.clock.now

    def close(self, text: str = "") -> None:
        self.session.close(self.now(), text)

    def abort(self, error: ProtocolError) -> None:
        self.session.abort(self.now(), error)

    def drop_connection(self, text: str) -> None:
        self.session.drop_connection(self.now(), text)

    def bind_seat(self, seat: bytes) -> None:
        self.session.bind_seat(seat)

    def settled(self) -> bool:
        return self.session.unacked_count == 0

    def finished(self) -> bool:
        return self.session.finished

    def resumes(self) -> int:
        return self.session.stats.resumes


def run_linked(
    pair: Any,
    host: PlayPeer,
    guest: PlayPeer,
    timeout: float,
    until: Callable[[], bool] | None = None,
) -> bool:
    """Drive two peers over a `LinkedSessions` pair on its virtual clock until both are done (or
    `until()` holds), at most `timeout` virtual seconds; returns whether that happened."""
    done = until or (lambda: host.done and guest.done)
    deadline = pair.clock.now + timeout
    while True:
        host.pump()
        guest.pump()
        if done():
            return True
        before = pair.clock.now
        if not pair.step(until=deadline) or before >= deadline:
            host.pump()
            guest.pump()
            return done()
