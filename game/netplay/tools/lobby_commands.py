"""Blocking helpers for the command line (`--lobby-list`, `--lobby-host`, `--lobby-join`): each
runs one lobby connection until its job is done or its time is up, and raises `LobbyError` with
the sentence for the player when it cannot (a missing library, a broker that does not answer, a
host that is not listed). The screens use `LobbyConnection` and poll it instead."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ..lobby.available import require_lobby
from ..lobby.errors import LobbyError
from ..lobby.events import (
    Accepted,
    Connected,
    Declined,
    GuestRequest,
    LobbyEvent,
    Problem,
    RequestArrived,
)
from ..lobby.wire import Announcement, ConnectionDetails
from ..shell.lobby_mqtt import CONNECT_WAIT, LobbyConnection, LobbyCore

if TYPE_CHECKING:
    from ..lobby.guest import GuestLobby

LIST_WAIT = 3.0  # seconds to gather the retained announcements after connecting
HOST_WAIT = 900.0  # how long a host waits for a guest by default
TICK = 0.05
ResultT = TypeVar("ResultT")
CoreT = TypeVar("CoreT", bound=LobbyCore)
Answer = Accepted | Declined


@dataclass(frozen=True)
class Hosted:
    """A host's wait ended with this guest accepted and told `details`."""

    guest: GuestRequest
    details: ConnectionDetails


def _ignore(event: LobbyEvent) -> None:
    return None


def _run(
    connection: LobbyConnection[CoreT],
    until: Callable[[LobbyEvent], ResultT | None],
    deadline: float,
    on_event: Callable[[LobbyEvent], None],
) -> ResultT | None:
    """Poll until `until` returns something for an event, or the deadline. A `Problem` before
    the broker ever took the connection ends it with that sentence."""
    while time.monotonic() < deadline:
        for event in connection.poll():
            on_event(event)
            if isinstance(event, Problem) and not connection.connected and not connection.protocol:
                raise LobbyError("said", text=event.text)
            result = until(event)
            if result is not None:
                return result
        time.sleep(TICK)
    return None


def _connected(event: LobbyEvent) -> bool | None:
    return True if isinstance(event, Connected) else None


def _open_guest(
    url: str, ca_certs: str | None, on_event: Callable[[LobbyEvent], None]
) -> LobbyConnection[GuestLobby]:
    require_lobby()
    from ..lobby.guest import GuestLobby

    connection = LobbyConnection(url, GuestLobby(), ca_certs=ca_certs)
    try:
        if _run(connection, _connected, time.monotonic() + CONNECT_WAIT + 1.0, on_event) is None:
            raise LobbyError("no_answer", address=connection.broker.endpoint)
    except LobbyError:
        connection.close(0.0)
        raise
    return connection


def list_hosts(
    url: str,
    wait: float = LIST_WAIT,
    *,
    rules: str | None = None,
    ca_certs: str | None = None,
    on_event: Callable[[LobbyEvent], None] = _ignore,
) -> list[dict[str, Any]]:
    """The hosts waiting in the lobby at `url` (those playing preset `rules`, if given), as
    JSON-ready dicts, longest waiting first; gathered for `wait` seconds after connecting."""
    connection = _open_guest(url, ca_certs, on_event)
    try:
        _run(connection, lambda event: None, time.monotonic() + wait, on_event)
        return connection.read(lambda core: [host.to_json() for host in core.hosts(rules)])
    finally:
        connection.close()


def host_until_accepted(
    url: str,
    announcement: Announcement,
    make_details: Callable[[GuestRequest], ConnectionDetails],
    *,
    choose: Callable[[GuestRequest], bool] = lambda request: True,
    wait: float = HOST_WAIT,
    ca_certs: str | None = None,
    on_event: Callable[[LobbyEvent], None] = _ignore,
) -> Hosted:
    """Wait in the lobby at `url` until a guest asks and `choose` takes it (the first one, by
    default; the others are declined in words), then send it `make_details(guest)` sealed to its
    key and leave. Raises `LobbyError` when the broker cannot be used or nobody came in
    `wait` seconds."""
    require_lobby()
    from ..lobby.host import HostLobby

    connection = LobbyConnection(url, HostLobby(announcement), ca_certs=ca_certs)

    def answer(event: LobbyEvent) -> Hosted | None:
        if not isinstance(event, RequestArrived):
            return None
        guest = event.request
        if not choose(guest):
            connection.do(lambda core, now: core.decline(guest.request_id, now))
            return None
        details = make_details(guest)
        connection.do(lambda core, now: core.accept(guest.request_id, details, now))
        return Hosted(guest, details)

    try:
        hosted = _run(connection, answer, time.monotonic() + wait, on_event)
    finally:
        connection.close()
    if hosted is None:
        raise LobbyError("nobody_asked", seconds=f"{wait:.0f}")
    return hosted


def ask_to_join(
    url: str,
    host: str,
    name: str,
    *,
    list_wait: float = LIST_WAIT,
    ca_certs: str | None = None,
    on_event: Callable[[LobbyEvent], None] = _ignore,
) -> Accepted | Declined:
    """Ask the host called `host` (a name or a host id) in the lobby at `url` to play, as
    `name`; the answer, which says in words why when it is no (a host that never answers is a
    `Declined` too, after the guest's wait)."""
    connection = _open_guest(url, ca_certs, on_event)
    try:

        def listed(event: LobbyEvent | None = None) -> str | None:
            found = connection.read(lambda core: core.find(host))
            return found.host_id if found is not None else None

        host_id = listed() or _run(connection, listed, time.monotonic() + list_wait, on_event)
        if host_id is None:
            raise LobbyError("no_such_host", name=repr(host))
        connection.do(lambda core, now: core.ask(host_id, name, now))

        def answered(event: LobbyEvent) -> Answer | None:
            return event if isinstance(event, (Accepted, Declined)) else None

        # the core declines by itself once its wait is over; this bound is only a backstop
        backstop = time.monotonic() + connection.read(lambda core: core.ask_wait) + 5.0
        result = _run(connection, answered, backstop, on_event)
        if not isinstance(result, (Accepted, Declined)):
            raise LobbyError("host_silent")
        return result
    finally:
        connection.close()
