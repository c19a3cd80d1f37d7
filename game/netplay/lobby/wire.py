"""The lobby on the wire: its topics, its limits and its three messages, each one msgpack map.

msgpack rather than JSON because the messages carry keys and sealed boxes (raw bytes, which JSON
would need base64 for, a third more) and because every other message of the game is msgpack
already; a payload is refused unread when it is over its size cap, then decoded with msgpack's
own limits and checked field by field. Everything a decoder returns is cleaned and bounded, fit
to show; everything else raises `Malformed` with a short reason the cores count.

Topics, under the versioned prefix `canasta-card-game/lobby/v1`:

- `hosts/<host-id>`: a waiting host's announcement, retained (an empty retained message removes it)
- `requests/<host-id>/<request-id>`: a guest asking that host to play
- `answers/<request-id>`: the host's answer, sealed to the guest's key

Ids are 16 lowercase hex digits (64 random bits), so they can neither collide by chance nor
carry MQTT wildcards or separators.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from typing import Any

import msgpack

from ..addresses import format_endpoint, parse_endpoint
from ..session.joincode import display_code, normalize_code
from ..wire.session_messages import MAX_NAME_CHARS, MAX_VERSION_CHARS
from ..wire.text import clean_text

PREFIX = "canasta-card-game/lobby/v1"
FORMAT = 1
KEY_BYTES = 32  # an X25519 public key
MAX_ANNOUNCEMENT_BYTES = 1024
MAX_REQUEST_BYTES = 512
MAX_ANSWER_BYTES = 1024
MAX_DIFFERENCES = 12
MAX_DIFFERENCE_CHARS = 60
MAX_REASON_CHARS = 160
MAX_RULES_CHARS = 24
MAX_SERVER_CHARS = 200
MAX_INVITE_CHARS = 64
TABLE_PLAYERS = (3, 4)  # a table's sizes; a two-seat host's announcement names none
# The level of play a host hopes for, as the lobby list shows it.
LEVELS = {
    "any": "Any level",
    "beginner": "Beginner",
    "intermediate": "Intermediate",
    "expert": "Expert",
}
_ID = re.compile(r"[0-9a-f]{16}")
_PRESET = re.compile(r"[a-z0-9_]{1,24}")
_INVITE = re.compile(r"[0-9]+(-[a-z]+)+")
_SERVER = re.compile(r"[\x21-\x7e]+")  # one printable ASCII word: a URL or tcp:HOST:PORT


class Malformed(ValueError):
    """A lobby message that is not one: ignored, and counted under `str(self)`."""


def new_id() -> str:
    """A fresh host, request or client id."""
    return secrets.token_hex(8)


def is_id(text: str) -> bool:
    return _ID.fullmatch(text) is not None


def hosts_filter() -> str:
    return f"{PREFIX}/hosts/+"


def host_topic(host_id: str) -> str:
    return f"{PREFIX}/hosts/{host_id}"


def requests_filter(host_id: str) -> str:
    return f"{PREFIX}/requests/{host_id}/+"


def request_topic(host_id: str, request_id: str) -> str:
    return f"{PREFIX}/requests/{host_id}/{request_id}"


def answer_topic(request_id: str) -> str:
    return f"{PREFIX}/answers/{request_id}"


def split_topic(topic: str) -> tuple[str, ...]:
    """The levels after the prefix (`("hosts", id)`, ...); raises `Malformed` for any other
    topic or an id that is not one of ours."""
    head = PREFIX + "/"
    if not topic.startswith(head):
        raise Malformed("foreign topic")
    levels = tuple(topic[len(head) :].split("/"))
    shapes = {"hosts": 2, "requests": 3, "answers": 2}
    if shapes.get(levels[0]) != len(levels) or not all(is_id(level) for level in levels[1:]):
        raise Malformed("unknown topic")
    return levels


# -- decoding helpers -----------------------------------------------------------------------------
def unpack_map(payload: bytes, limit: int) -> dict[str, Any]:
    """A msgpack map with string keys from at most `limit` bytes; raises `Malformed`."""
    if len(payload) > limit:
        raise Malformed("oversized")
    try:
        value = msgpack.unpackb(
            payload,
            raw=False,
            strict_map_key=True,
            max_str_len=limit,
            max_bin_len=limit,
            max_array_len=64,
            max_map_len=32,
            max_ext_len=0,
        )
    except (ValueError, TypeError, msgpack.UnpackException, msgpack.ExtraData):
        raise Malformed("undecodable") from None
    if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
        raise Malformed("wrong type")
    if value.get("v") != FORMAT:
        raise Malformed("unknown format")
    return value


def pack(value: dict[str, Any]) -> bytes:
    payload: bytes = msgpack.packb({"v": FORMAT, **value}, use_bin_type=True)
    return payload


def text_field(doc: dict[str, Any], key: str, max_chars: int, *, required: bool = True) -> str:
    """A string field, cleaned as chat text is; a required one may not clean down to nothing."""
    value = doc.get(key, None if required else "")
    if not isinstance(value, str):
        raise Malformed("wrong type")
    cleaned = clean_text(value, max_chars)
    if required and not cleaned:
        raise Malformed("empty text")
    return cleaned


def int_field(doc: dict[str, Any], key: str) -> int:
    value = doc.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**53:
        raise Malformed("wrong type")
    return value


def bytes_field(doc: dict[str, Any], key: str, size: int | None = None) -> bytes:
    value = doc.get(key)
    if not isinstance(value, bytes) or (size is not None and len(value) != size):
        raise Malformed("wrong type")
    return value


# -- the host's announcement ------------------------------------------------------------------------
@dataclass(frozen=True)
class Announcement:
    """What a waiting host tells the lobby about itself (its key is added by the host's lobby)."""

    name: str
    rules: str  # the preset key, e.g. "classic"
    differences: tuple[str, ...] = ()  # the host's options that differ from the preset, in words
    level: str = "any"  # a key of LEVELS
    app_version: str = ""
    since: int = 0  # unix seconds: when the host started waiting
    players: int = 2  # a table's 3 or 4
    free: int = 1  # a table's guest seats still offered in the lobby

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"the level of play is one of {', '.join(LEVELS)}, not {self.level!r}")
        if _PRESET.fullmatch(self.rules) is None:
            raise ValueError(f"{self.rules!r} is not a rules preset key")
        if self.players != 2 and (self.players not in TABLE_PLAYERS or not self.free_fits):
            raise ValueError(f"a table of {self.players} cannot offer {self.free} seats")

    @property
    def free_fits(self) -> bool:
        return 0 < self.free < self.players

    def pack(self, key: bytes) -> bytes:
        """The retained payload, cleaned and within its cap (long differences are dropped)."""
        differences = [clean_text(d, MAX_DIFFERENCE_CHARS) for d in self.differences]
        doc: dict[str, Any] = {
            "name": clean_text(self.name, MAX_NAME_CHARS) or "Canasta player",
            "rules": self.rules,
            "diff": [d for d in differences if d][:MAX_DIFFERENCES],
            "level": self.level,
            "app": clean_text(self.app_version, MAX_VERSION_CHARS),
            "since": self.since,
            "key": key,
        }
        if self.players != 2:  # optional fields: a two-seat host's announcement is as it was
            doc |= {"players": self.players, "free": self.free}
        payload = pack(doc)
        while len(payload) > MAX_ANNOUNCEMENT_BYTES and doc["diff"]:
            doc["diff"] = doc["diff"][:-1]
            payload = pack(doc)
        return payload


@dataclass(frozen=True)
class ListedHost:
    """A waiting host as a guest's list shows it, every field cleaned."""

    host_id: str
    name: str
    rules: str
    differences: tuple[str, ...]
    level: str
    app_version: str
    since: int
    key: bytes = field(repr=False)
    players: int = 2  # a table's 3 or 4
    free: int = 1  # the guest seats it still offers

    @property
    def rules_words(self) -> str:
        """The preset as a player reads it ("modern_american" -> "Modern American")."""
        return self.rules.replace("_", " ").title()

    @property
    def level_words(self) -> str:
        return LEVELS[self.level]

    def to_json(self) -> dict[str, Any]:
        """One line of `--lobby-list`: what a script needs to pick a host."""
        return {
            "id": self.host_id,
            "name": self.name,
            "rules": self.rules,
            "differences": list(self.differences),
            "level": self.level,
            "version": self.app_version,
            "since": self.since,
            "players": self.players,
            "free": self.free,
        }


def _table(doc: dict[str, Any]) -> tuple[int, int]:
    """An announcement's players and free seats: (2, 1) when it names neither, else a table of
    3 or 4 with at least one seat and fewer than its guests' free; raises `Malformed`."""
    if "players" not in doc and "free" not in doc:
        return 2, 1
    players, free = doc.get("players"), doc.get("free")
    if not isinstance(players, int) or isinstance(players, bool) or players not in TABLE_PLAYERS:
        raise Malformed("bad table")
    if not isinstance(free, int) or isinstance(free, bool) or not 0 < free < players:
        raise Malformed("bad table")
    return players, free


def read_announcement(host_id: str, payload: bytes) -> ListedHost:
    """The host a retained payload announces; raises `Malformed`."""
    doc = unpack_map(payload, MAX_ANNOUNCEMENT_BYTES)
    rules = doc.get("rules")
    level = doc.get("level")
    differences = doc.get("diff")
    if not isinstance(rules, str) or _PRESET.fullmatch(rules) is None:
        raise Malformed("bad rules")
    if not isinstance(level, str) or level not in LEVELS:
        raise Malformed("bad level")
    if not isinstance(differences, list) or not all(isinstance(d, str) for d in differences):
        raise Malformed("wrong type")
    cleaned = (clean_text(d, MAX_DIFFERENCE_CHARS) for d in differences[:MAX_DIFFERENCES])
    players, free = _table(doc)
    return ListedHost(
        host_id=host_id,
        name=text_field(doc, "name", MAX_NAME_CHARS),
        rules=rules,
        differences=tuple(d for d in cleaned if d),
        level=level,
        app_version=text_field(doc, "app", MAX_VERSION_CHARS, required=False) or "unknown",
        since=int_field(doc, "since"),
        key=bytes_field(doc, "key", KEY_BYTES),
        players=players,
        free=free,
    )


# -- what an accepted guest is told ---------------------------------------------------------------
@dataclass(frozen=True)
class InviteDetails:
    """Connect through an invite code: the code and the invite servers both must use."""

    code: str
    mailbox: str
    relay: str

    def to_wire(self) -> dict[str, Any]:
        return {"kind": "invite", "code": self.code, "mailbox": self.mailbox, "relay": self.relay}


@dataclass(frozen=True)
class DirectDetails:
    """Connect by address: the host's `host:port` and the game's join code."""

    address: str
    join_code: str

    def to_wire(self) -> dict[str, Any]:
        return {"kind": "direct", "address": self.address, "code": self.join_code}


ConnectionDetails = InviteDetails | DirectDetails


def _server(doc: dict[str, Any], key: str) -> str:
    value = doc.get(key)
    if not isinstance(value, str) or len(value) > MAX_SERVER_CHARS or not _SERVER.fullmatch(value):
        raise Malformed("bad details")
    return value


def read_details(doc: Any) -> ConnectionDetails:
    """The connection details inside an acceptance, checked (the host may be anyone)."""
    if not isinstance(doc, dict):
        raise Malformed("wrong type")
    kind = doc.get("kind")
    code = doc.get("code")
    if not isinstance(code, str):
        raise Malformed("bad details")
    if kind == "invite":
        if len(code) > MAX_INVITE_CHARS or _INVITE.fullmatch(code) is None:
            raise Malformed("bad details")
        mailbox = _server(doc, "mailbox")
        if not mailbox.startswith(("ws://", "wss://")):
            raise Malformed("bad details")
        return InviteDetails(code, mailbox, _server(doc, "relay"))
    if kind == "direct":
        address = doc.get("address")
        if not isinstance(address, str) or len(address) > MAX_SERVER_CHARS:
            raise Malformed("bad details")
        if _SERVER.fullmatch(address) is None:
            raise Malformed("bad details")
        try:
            host, port = parse_endpoint(address)
            join_code = display_code(normalize_code(code))
        except ValueError:
            raise Malformed("bad details") from None
        return DirectDetails(format_endpoint(host, port), join_code)
    raise Malformed("bad details")
