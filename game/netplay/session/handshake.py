"""Who is who when two copies of the game meet: the host waits and the guest dials (User Guide
5.1), each announces its player name, app version and the range of protocol versions it speaks,
and they settle on the highest version both speak. When there is none, both players are told
exactly which versions met and who needs to update."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.logic.phrase import N_, phrase

from ..wire.session_messages import MAX_NAME_CHARS, MAX_VERSION_CHARS, PROTOCOL_MAX, PROTOCOL_MIN
from ..wire.text import clean_text


class Role(Enum):
    HOST = "host"
    GUEST = "guest"

    @property
    def other(self) -> Role:
        return Role.GUEST if self is Role.HOST else Role.HOST


@dataclass(frozen=True)
class PeerInfo:
    """What one side says about itself in the handshake."""

    name: str
    app_version: str
    proto_min: int = PROTOCOL_MIN
    proto_max: int = PROTOCOL_MAX

    def __post_init__(self) -> None:
        if not 0 <= self.proto_min <= self.proto_max <= 65535:
            raise ValueError("protocol range must satisfy 0 <= proto_min <= proto_max <= 65535")
        if len(self.app_version) > MAX_VERSION_CHARS:
            raise ValueError(f"app version longer than {MAX_VERSION_CHARS} characters")


def clean_name(name: str, fallback: str = "Opponent") -> str:
    """A player name fit to show: one line, no control characters, never empty."""
    return clean_text(name, MAX_NAME_CHARS) or fallback


def negotiate_protocol(a_min: int, a_max: int, b_min: int, b_max: int) -> int | None:
    """The highest protocol version both ranges contain, or None."""
    best = min(a_max, b_max)
    return best if best >= max(a_min, b_min) else None


def clean_version(app_version: str) -> str:
    """An app version from the other side, fit to show."""
    return clean_text(app_version, MAX_VERSION_CHARS) or "unknown"


def describe_versions(proto_min: int, proto_max: int) -> str:
    return str(proto_min) if proto_min == proto_max else f"{proto_min}-{proto_max}"


# Who runs what, and who must update: a sentence per case, so that a language may say each its
# own way (a `Phrase`, translated on the screens).
_MISMATCH = {
    (Role.HOST, True): N_(
        "The host runs protocol {theirs} (app {their_app}); this copy speaks {ours} "
        "(app {our_app}): update to play."
    ),
    (Role.HOST, False): N_(
        "The host runs protocol {theirs} (app {their_app}); this copy speaks {ours} "
        "(app {our_app}): the host needs to update to play."
    ),
    (Role.GUEST, True): N_(
        "The guest runs protocol {theirs} (app {their_app}); this copy speaks {ours} "
        "(app {our_app}): update to play."
    ),
    (Role.GUEST, False): N_(
        "The guest runs protocol {theirs} (app {their_app}); this copy speaks {ours} "
        "(app {our_app}): the guest needs to update to play."
    ),
}


def version_mismatch_message(peer_role: Role, peer: PeerInfo, local: PeerInfo) -> str:
    """The sentence shown when the two copies share no protocol version, from this side's view:
    'The host runs protocol 2-3 (app 1.4.0); this copy speaks 1 (app 1.0.0): update to play.'"""
    return phrase(
        _MISMATCH[(peer_role, peer.proto_min > local.proto_max)],
        theirs=describe_versions(peer.proto_min, peer.proto_max),
        their_app=clean_version(peer.app_version),
        ours=describe_versions(local.proto_min, local.proto_max),
        our_app=clean_version(local.app_version),
    )
