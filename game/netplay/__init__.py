"""Two-player network play: framing, messages, the sans-I/O reliable session, rules agreement,
chat, and the TCP shell. Importing the package never imports pygame."""

from .agreement import RulesNegotiation, rules_hash
from .chat import ChatChannel, ChatLog, TokenBucket, sanitize_chat
from .errors import ProtocolError, SessionError
from .handshake import PeerInfo, Role
from .payloads import PayloadRegistry, default_registry
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
    "ChatChannel",
    "ChatLog",
    "Closed",
    "Connected",
    "Delivered",
    "Failed",
    "GuestTurnedAway",
    "Interrupted",
    "PayloadRegistry",
    "PeerInfo",
    "ProtocolError",
    "ReliableSession",
    "Resumed",
    "Role",
    "RulesNegotiation",
    "SessionConfig",
    "SessionError",
    "Status",
    "TokenBucket",
    "default_registry",
    "rules_hash",
    "sanitize_chat",
]
