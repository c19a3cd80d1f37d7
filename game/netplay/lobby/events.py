"""What the lobby's cores hand back for each thing they are fed: the messages to publish (and
topics to subscribe to or leave) for the shell, and the events a screen or the command line
shows. The shell adds the connection's own events (`Connected`, `Problem`) to the same stream,
so a screen reads one queue."""

from __future__ import annotations

from dataclasses import dataclass, field

from .wire import ConnectionDetails, ListedHost


@dataclass(frozen=True)
class Publication:
    """One message for the broker. `expiry` (seconds) is MQTT 5's message expiry interval, left
    out on an MQTT 3.1.1 connection."""

    topic: str
    payload: bytes
    retain: bool = False
    expiry: int | None = None


@dataclass(frozen=True)
class GuestRequest:
    """A guest asking a waiting host to play (the name is cleaned)."""

    request_id: str
    name: str
    client_id: str
    arrived: float  # the core's clock
    key: bytes = field(repr=False)  # the guest's X25519 public key: answers are sealed to it


@dataclass(frozen=True)
class Connected:
    """The broker took the connection (again, after a drop)."""

    broker: str  # the URL
    protocol: str  # "MQTT 5" or "MQTT 3.1.1"


@dataclass(frozen=True)
class HostListed:
    """A waiting host appeared, or its announcement changed."""

    host: ListedHost


@dataclass(frozen=True)
class HostGone:
    host: ListedHost  # as it was last listed


@dataclass(frozen=True)
class RequestArrived:
    request: GuestRequest


@dataclass(frozen=True)
class RequestWithdrawn:
    """A pending request lapsed unanswered (the guest has stopped waiting for it)."""

    request: GuestRequest


@dataclass(frozen=True)
class Accepted:
    """The host took this guest: connect with `details`."""

    host_name: str
    details: ConnectionDetails


@dataclass(frozen=True)
class Declined:
    """The host said no, left, or never answered; `reason` says which, in words."""

    reason: str


@dataclass(frozen=True)
class Problem:
    """The lobby cannot go on as it is (the broker is down, a library is missing), in words."""

    text: str


LobbyEvent = (
    Connected
    | HostListed
    | HostGone
    | RequestArrived
    | RequestWithdrawn
    | Accepted
    | Declined
    | Problem
)


@dataclass(frozen=True)
class Step:
    """Everything one call into a core produced, in order."""

    publications: tuple[Publication, ...] = ()
    events: tuple[LobbyEvent, ...] = ()
    subscribe: tuple[str, ...] = ()
    unsubscribe: tuple[str, ...] = ()

    def __add__(self, other: Step) -> Step:
        return Step(
            self.publications + other.publications,
            self.events + other.events,
            self.subscribe + other.subscribe,
            self.unsubscribe + other.unsubscribe,
        )
