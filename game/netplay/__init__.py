"""Two-player network play. This package is the sans-I/O core: framing, messages, the reliable
session, rules agreement, chat, the play protocol with commit-reveal deals, the peer driver and
its decision sources; it never imports pygame or sockets and never touches files. The shells
that do I/O live in `shell` (TCP, LAN addresses, saved games on disk), the tools that drive and
measure it in `tools` (command line, lossy link, soak, fault proxy). The shell's and tools' main
names are reachable from here too, imported only when first used."""

from typing import Any

from .agreement import RulesNegotiation, rules_hash
from .chat import ChatChannel, ChatLog, ChatRefused, TokenBucket, sanitize_chat
from .deciders import Autopilot, DecisionSource, Manual
from .errors import ProtocolError, SessionError
from .handshake import PeerInfo, Role
from .joincode import display_code, new_join_code, normalize_code
from .payloads import PayloadRegistry, default_registry
from .peer import (
    HostSilent,
    LocalRefusal,
    PlayPeer,
    RulesAgreed,
    RulesDeclined,
    Saved,
    SaveFailed,
    SaveStore,
)
from .play import (
    DealChecked,
    GameFinished,
    GuestPlay,
    Halted,
    HostPlay,
    Refusal,
    SaveError,
    Terms,
    Updated,
    proposal,
)
from .ports import Port
from .session import (
    Closed,
    Connected,
    Delivered,
    Failed,
    GuestTurnedAway,
    HostGate,
    Interrupted,
    JoinCodeChanged,
    PayloadRefused,
    RefusedByPeer,
    ReliableSession,
    Resumed,
    SessionConfig,
    Status,
)

__all__ = [
    "Autopilot",
    "ChatChannel",
    "ChatLog",
    "ChatRefused",
    "Closed",
    "Connected",
    "DealChecked",
    "DecisionSource",
    "Delivered",
    "EndpointPort",
    "Failed",
    "GameFinished",
    "GuestPlay",
    "GuestTurnedAway",
    "Halted",
    "HostGate",
    "HostPlay",
    "HostSilent",
    "Interrupted",
    "JoinCodeChanged",
    "JsonFileStore",
    "LinkedPort",
    "LocalRefusal",
    "Manual",
    "NetplayGuest",
    "NetplayHost",
    "PayloadRefused",
    "PayloadRegistry",
    "PeerInfo",
    "PlayPeer",
    "Port",
    "ProtocolError",
    "Refusal",
    "RefusedByPeer",
    "ReliableSession",
    "Resumed",
    "Role",
    "RulesAgreed",
    "RulesDeclined",
    "RulesNegotiation",
    "SaveError",
    "SaveFailed",
    "SaveStore",
    "Saved",
    "SessionConfig",
    "SessionError",
    "Status",
    "Terms",
    "TokenBucket",
    "TransportNotice",
    "Updated",
    "default_registry",
    "display_code",
    "new_join_code",
    "normalize_code",
    "proposal",
    "read_json",
    "rules_hash",
    "run_linked",
    "sanitize_chat",
    "write_json_atomic",
]

# name -> module (relative to this package) of the shell and tool names offered here lazily, so
# that importing the core never loads sockets, files or the tools
_LAZY = {
    "EndpointPort": ".shell.ports",
    "JsonFileStore": ".shell.savefile",
    "NetplayGuest": ".shell.tcp",
    "NetplayHost": ".shell.tcp",
    "TransportNotice": ".shell.tcp",
    "read_json": ".shell.savefile",
    "write_json_atomic": ".shell.savefile",
    "LinkedPort": ".tools.link",
    "run_linked": ".tools.link",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    return getattr(import_module(module, __name__), name)
