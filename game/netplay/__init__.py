"""Two-player network play: framing, messages, the sans-I/O reliable session, rules agreement,
chat, the TCP shell, and the game played over them (the play protocol with commit-reveal deals,
the peer driver, decision sources, saved games). Importing the package never imports pygame."""

from .agreement import RulesNegotiation, rules_hash
from .chat import ChatChannel, ChatLog, ChatRefused, TokenBucket, sanitize_chat
from .deciders import Autopilot, Background, DecisionSource, Manual
from .errors import ProtocolError, SessionError
from .handshake import PeerInfo, Role
from .payloads import PayloadRegistry, default_registry
from .peer import LocalRefusal, PlayPeer, RulesAgreed, RulesDeclined, Saved, SaveFailed, run_linked
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
from .ports import EndpointPort, LinkedPort, Port
from .savefile import read_json, write_json_atomic
from .session import (
    Closed,
    Connected,
    Delivered,
    Failed,
    GuestTurnedAway,
    Interrupted,
    ReliableSession,
    Resumed,
    SessionConfig,
    Status,
)

__all__ = [
    "Autopilot",
    "Background",
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
    "HostPlay",
    "Interrupted",
    "LinkedPort",
    "LocalRefusal",
    "Manual",
    "PayloadRegistry",
    "PeerInfo",
    "PlayPeer",
    "Port",
    "ProtocolError",
    "Refusal",
    "ReliableSession",
    "Resumed",
    "Role",
    "RulesAgreed",
    "RulesDeclined",
    "RulesNegotiation",
    "SaveError",
    "SaveFailed",
    "Saved",
    "SessionConfig",
    "SessionError",
    "Status",
    "Terms",
    "TokenBucket",
    "Updated",
    "default_registry",
    "proposal",
    "read_json",
    "rules_hash",
    "run_linked",
    "sanitize_chat",
    "write_json_atomic",
]
