"""The `Port` of a shell: what the peer driver calls to reach a `NetplayHost`, `NetplayGuest`
or any other `Transport` (the invite-code endpoints), every call safe from the game loop's
thread."""

from __future__ import annotations

from typing import Any

from ..errors import ProtocolError
from .tcp import Notice
from .transport import Transport


class EndpointPort:
    """A running `Transport`; every call is safe from the game loop's thread."""

    def __init__(self, endpoint: Transport) -> None:
        self.endpoint = endpoint
        self._waiting: list[Notice] = []

    def send(self, payload: list[Any]) -> int:
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

    def drop_connection(self, text: str) -> None:
        self.endpoint.drop_connection(text)

    def bind_seat(self, seat: bytes) -> None:
        with self.endpoint.lock:
            self.endpoint.session.bind_seat(seat)

    def settled(self) -> bool:
        with self.endpoint.lock:
            return self.endpoint.session.unacked_count == 0

    def finished(self) -> bool:
        with self.endpoint.lock:
            return self.endpoint.session.finished

    def resumes(self) -> int:
        with self.endpoint.lock:
            return self.endpoint.session.stats.resumes
