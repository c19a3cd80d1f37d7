"""One interface to a session, whatever carries it: the in-memory lossy link on a virtual clock
(tests, the soak tool) or a TCP shell on the real clock (the game, the headless CLI). The peer
driver only sends payloads, takes events, reads the time and closes; these adapters make the two
transports look the same so the driver has a single code path."""

from __future__ import annotations

from typing import Protocol

from .errors import ProtocolError
from .link import LinkedSessions
from .session import Event, ReliableSession
from .tcp import NetplayGuest, NetplayHost, Notice


class Port(Protocol):
    def send(self, payload: list) -> int: ...

    def take_events(self) -> list[Notice]: ...

    def now(self) -> float: ...

    def close(self, text: str = "") -> None: ...

    def abort(self, error: ProtocolError) -> None: ...

    def settled(self) -> bool:
        """Everything this side sent has been acknowledged."""
        ...

    def finished(self) -> bool: ...

    def resumes(self) -> int:
        """How many times the session resumed after a lost connection."""
        ...


class LinkedPort:
    """End "a" (host) or "b" (guest) of a `LinkedSessions` pair."""

    def __init__(self, pair: LinkedSessions, end: str) -> None:
        self.pair = pair
        self.end = end
        self.session: ReliableSession = pair.sessions[end]
        self._cursor = 0

    def send(self, payload: list) -> int:
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

    def settled(self) -> bool:
        return self.session.unacked_count == 0

    def finished(self) -> bool:
        return self.session.finished

    def resumes(self) -> int:
        return self.session.stats.resumes


class EndpointPort:
    """A `NetplayHost` or `NetplayGuest`; every call is safe from the game loop's thread."""

    def __init__(self, endpoint: NetplayHost | NetplayGuest) -> None:
        self.endpoint = endpoint
        self._waiting: list[Notice] = []

    def send(self, payload: list) -> int:
        return self.endpoint.send(payload)

    def wait(self, timeout: float) -> None:
        """Block up to `timeout` seconds until the shell reports something (for loops that have
        nothing else to do, like the headless CLI; the game loop never calls this)."""
        if self._waiting:
            return
        event = self.endpoint.next_event(timeout)
        if event is not None:
            self._waiting.append(event)

    def take_events(self) -> list[Notice]:
        events, self._waiting = self._waiting, []
        return events + self.endpoint.poll_events()

    def now(self) -> float:
        return self.endpoint.clock()

    def close(self, text: str = "") -> None:
        self.endpoint.close(text)

    def abort(self, error: ProtocolError) -> None:
        self.endpoint.abort(error)

    def settled(self) -> bool:
        with self.endpoint.lock:
            return self.endpoint.session.unacked_count == 0

    def finished(self) -> bool:
        with self.endpoint.lock:
            return self.endpoint.session.finished

    def resumes(self) -> int:
        with self.endpoint.lock:
            return self.endpoint.session.stats.resumes
