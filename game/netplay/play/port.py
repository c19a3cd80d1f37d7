"""One interface to a session, whatever carries it: the in-memory lossy link on a virtual clock
(tests, the soak tool: `tools.link.LinkedPort`) or a TCP shell on the real clock (the game, the
headless CLI: `shell.endpoint_port.EndpointPort`). The peer driver only sends payloads, takes events,
reads the time and closes; the two adapters make the transports look the same so the driver has
a single code path."""

from __future__ import annotations

from typing import Any, Protocol

from ..errors import ProtocolError


class Port(Protocol):
    def send(self, payload: list[Any]) -> int: ...

    def take_events(self) -> list[Any]: ...

    def now(self) -> float: ...

    def close(self, text: str = "") -> None: ...

    def abort(self, error: ProtocolError) -> None: ...

    def drop_connection(self, text: str) -> None:
        """Drop the current connection, never the game: the peer resumes on a new one."""
        ...

    def bind_seat(self, seat: bytes) -> None:
        """The game under way has this rejoin token: the session lets a connection with the
        join code take the seat only if it proves it holds the token too."""
        ...

    def settled(self) -> bool:
        """Everything this side sent has been acknowledged."""
        ...

    def finished(self) -> bool: ...

    def resumes(self) -> int:
        """How many times the session resumed after a lost connection."""
        ...
