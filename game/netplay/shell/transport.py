"""The seam under the session: what every shell that carries a `ReliableSession` offers the game
(the peer driver's `EndpointPort`, `NetGame`, the headless command line). The TCP shell
(`NetplayHost`, `NetplayGuest`) and the invite-code shell (`WormholeHost`, `WormholeGuest`) both
satisfy it, so the session, the table and the tests do not care how the bytes travel."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol

from ..errors import ProtocolError
from ..session.reliable import ReliableSession
from .tcp import Notice


class Transport(Protocol):
    """A running endpoint: one session, its lock, and thread-safe calls from the game loop."""

    @property
    def session(self) -> ReliableSession: ...

    @property
    def lock(self) -> AbstractContextManager[Any]:
        """Hold it to read the session's state from another thread."""
        ...

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def running(self) -> bool: ...

    def send(self, payload: list[Any]) -> int: ...

    def close(self, text: str = "") -> None: ...

    def abort(self, error: ProtocolError) -> None: ...

    def drop_connection(self, text: str) -> None: ...

    def poll_events(self) -> list[Notice]: ...

    def next_event(self, timeout: float) -> Notice | None: ...

    def stop(self, timeout: float = 2.0) -> None: ...
