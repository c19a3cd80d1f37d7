"""Find a partner: a lobby of waiting hosts on an MQTT broker. A host announces itself (a
retained message, cleared by its Last Will if it vanishes); a guest lists the hosts, asks one,
and gets the connection details sealed to its own key. The cores (`host`, `guest`) are sans-I/O,
`mqtt` is the thin shell around paho-mqtt and `commands` the blocking helpers for the command
line; see PROTOCOL.md, "The lobby". Re-exported here are the names that need neither paho-mqtt
nor PyNaCl, so a screen can check `lobby_problem()` before importing the rest."""

from .available import LobbyUnavailable, lobby_problem, require_lobby
from .broker import DEFAULT_BROKER, BrokerAddress, parse_broker_url
from .errors import LOBBY_PROBLEMS, LobbyError
from .events import (
    Accepted,
    Connected,
    Declined,
    GuestRequest,
    HostGone,
    HostListed,
    LobbyEvent,
    Problem,
    Publication,
    RequestArrived,
    RequestWithdrawn,
    Step,
)
from .wire import LEVELS, Announcement, ConnectionDetails, DirectDetails, InviteDetails, ListedHost

__all__ = [
    "DEFAULT_BROKER",
    "LEVELS",
    "LOBBY_PROBLEMS",
    "Accepted",
    "Announcement",
    "BrokerAddress",
    "Connected",
    "ConnectionDetails",
    "Declined",
    "DirectDetails",
    "GuestRequest",
    "HostGone",
    "HostListed",
    "InviteDetails",
    "ListedHost",
    "LobbyError",
    "LobbyEvent",
    "LobbyUnavailable",
    "Problem",
    "Publication",
    "RequestArrived",
    "RequestWithdrawn",
    "Step",
    "lobby_problem",
    "parse_broker_url",
    "require_lobby",
]
