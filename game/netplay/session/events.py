"""What a reliable session tells the program above it: its `Status`, and the events `pop_events`
returns (connected, a payload delivered, interrupted, resumed, failed, closed, and the host's
notices of guests turned away and of a new join code), each with a sentence a player can read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from .handshake import PeerInfo


class Status(Enum):
    CONNECTING = "connecting"
    CONNECTED = "connected"
    INTERRUPTED = "interrupted"
    CLOSED = "closed"
    FAILED = "failed"


@dataclass(frozen=True)
class Connected:
    """The first handshake finished: the peer is known and payloads flow."""

    peer: PeerInfo
    protocol: int


@dataclass(frozen=True)
class Interrupted:
    silent_for: float
    text: str


@dataclass(frozen=True)
class Resumed:
    text: str


@dataclass(frozen=True)
class Delivered:
    """A payload from the peer, in order, exactly once."""

    seq: int
    payload: list[Any]


@dataclass(frozen=True)
class Failed:
    code: str
    text: str


@dataclass(frozen=True)
class Closed:
    by_peer: bool
    text: str


@dataclass(frozen=True)
class GuestTurnedAway:
    """Host only: a connection was refused without disturbing the session (wrong version, a
    second guest while a game is on, an unknown session token)."""

    code: str
    text: str


@dataclass(frozen=True)
class PayloadRefused:
    """A message from the peer broke its schema and was set aside (the peer is told); the game
    goes on. Only a flood of them ends the session."""

    code: str
    text: str


@dataclass(frozen=True)
class RefusedByPeer:
    """The peer could not accept a message this side sent, and said why."""

    code: str
    text: str


Event = (
    Connected
    | Interrupted
    | Resumed
    | Delivered
    | Failed
    | Closed
    | GuestTurnedAway
    | PayloadRefused
    | RefusedByPeer
)
