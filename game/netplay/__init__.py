"""Two-player network play. The sans-I/O core is in three sub-packages: `wire` (frames, the
session's messages, payload kinds, text from the peer), `session` (the reliable session: who may
connect, and exactly-once delivery) and `play` (rules agreement, chat, the play protocol on
peek-proof deals, the peer driver and its decision sources); it never imports pygame or
sockets and never touches files. The shells that do I/O live in `shell` (TCP, the invite code,
LAN addresses and discovery, saved games on disk), the tools that drive and measure it in
`tools` (command line, lossy link, soak, fault proxy). The main names of the core are reachable
from here, and the shell's and tools' too, imported only when first used."""

from typing import Any

from .errors import ENTRY_PROBLEMS, EntryError, ProtocolError, SessionError
from .play.agreement import RulesNegotiation, rules_hash
from .play.chat import ChatChannel, ChatLog, ChatRefused, TokenBucket, sanitize_chat
from .play.deciders import Autopilot, DecisionSource, Manual
from .play.peer import (
    HostSilent,
    LocalRefusal,
    PlayPeer,
    RulesAgreed,
    RulesDeclined,
    Saved,
    SaveFailed,
    SaveStore,
    restore_seat,
)
from .play.play_protocol import (
    DealChecked,
    GameFinished,
    GuestPlay,
    Halted,
    HostPlay,
    SaveError,
    Terms,
    Updated,
    proposal,
)
from .play.port import Port
from .session.admission import HostGate
from .session.config import SessionConfig
from .session.events import (
    Closed,
    Connected,
    Delivered,
    Failed,
    GuestTurnedAway,
    Interrupted,
    PayloadRefused,
    RefusedByPeer,
    Resumed,
    Status,
)
from .session.handshake import PeerInfo, Role
from .session.joincode import display_code, new_join_code, normalize_code
from .session.reliable import ReliableSession
from .wire.payloads import PayloadRegistry, default_registry

__all__ = [
    "ENTRY_PROBLEMS",
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
    "EntryError",
    "Failed",
    "GameFinished",
    "GuestPlay",
    "GuestTurnedAway",
    "Halted",
    "HostGate",
    "HostPlay",
    "HostSilent",
    "Interrupted",
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
    "restore_seat",
    "rules_hash",
    "run_linked",
    "sanitize_chat",
    "write_json_atomic",
]

# name -> module (relative to this package) of the shell and tool names offered here lazily, so
# that importing the core never loads sockets, files or the tools
_LAZY = {
    "EndpointPort": ".shell.endpoint_port",
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
