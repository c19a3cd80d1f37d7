"""A waiting host's side of the lobby, sans-I/O: fed the broker's messages and the time, it
returns what to publish and what to show. It keeps its announcement retained on the broker (with
a Last Will that clears it), opens the requests sealed to its key, and answers each one sealed to
that guest's key. A two-seat host leaves the lobby with the guest it accepts; a table's host
accepts a guest for each free seat, its announcement updated as they go, and leaves once the
table is full (a request that arrives after is ignored and counted).

Abuse is bounded here: requests are rate-limited per client id before anything is opened, at
most `pending_limit` wait at once (the rest are declined in words), a name can be blocked for the
session, a request lapses after `request_ttl` seconds, and every malformed, oversized or wrongly
typed message is ignored and counted in `ignored`."""

from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import dataclass, replace

from nacl.public import PrivateKey

from ..play.chat import TokenBucket
from ..wire.session_messages import MAX_NAME_CHARS
from ..wire.text import clean_text
from .errors import LobbyError
from .events import (
    GuestRequest,
    Publication,
    RequestArrived,
    RequestWithdrawn,
    Step,
)
from .sealing import new_private_key, open_sealed, public_bytes, seal
from .wire import (
    KEY_BYTES,
    MAX_REASON_CHARS,
    MAX_REQUEST_BYTES,
    Announcement,
    ConnectionDetails,
    Malformed,
    answer_topic,
    bytes_field,
    host_topic,
    is_id,
    new_id,
    pack,
    requests_filter,
    split_topic,
    text_field,
    unpack_map,
)

PENDING_LIMIT = 8
REQUEST_TTL = 90.0  # seconds a request waits for the host (a guest waits ASK_WAIT, a little less)
ANNOUNCE_EXPIRY = 3600  # seconds: MQTT 5 brokers drop an announcement not refreshed in time
REFRESH_EVERY = 1800.0
REQUEST_BURST = 3  # requests one client may send at once, then one every REQUEST_INTERVAL
REQUEST_INTERVAL = 20.0
MAX_CLIENTS = 256  # rate-limit buckets kept; the least recently used goes first
MAX_SEEN = 1024  # request ids remembered, so a replayed request is not taken twice


@dataclass
class _Limits:
    pending: int = PENDING_LIMIT
    request_ttl: float = REQUEST_TTL
    burst: int = REQUEST_BURST
    interval: float = REQUEST_INTERVAL


class HostLobby:
    """One host waiting in the lobby, from its announcement to an accepted guest or leaving."""

    def __init__(
        self,
        announcement: Announcement,
        *,
        host_id: str | None = None,
        key: PrivateKey | None = None,
        pending_limit: int = PENDING_LIMIT,
        request_ttl: float = REQUEST_TTL,
        request_burst: int = REQUEST_BURST,
        request_interval: float = REQUEST_INTERVAL,
    ) -> None:
        self.host_id = host_id or new_id()
        if not is_id(self.host_id):
            raise ValueError("a host id is 16 lowercase hex digits")
        self.client_id = new_id()
        self._key = key or new_private_key()
        self._announcement = announcement
        self._name = clean_text(announcement.name, MAX_NAME_CHARS) or "Canasta player"
        self._limits = _Limits(pending_limit, request_ttl, request_burst, request_interval)
        self._pending: OrderedDict[str, GuestRequest] = OrderedDict()
        self._seen: OrderedDict[str, None] = OrderedDict()
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()
        self._blocked: set[str] = set()
        self._waiting = True
        self._announced_at: float | None = None
        self.ignored: Counter[str] = Counter()

    # -- what the shell asks ----------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """Whether the host is still listed (not yet accepted a guest, nor left)."""
        return self._waiting

    @property
    def subscriptions(self) -> tuple[str, ...]:
        return (requests_filter(self.host_id),) if self._waiting else ()

    @property
    def will(self) -> Publication:
        """The Last Will: the broker clears the announcement if this host vanishes."""
        return Publication(host_topic(self.host_id), b"", retain=True)

    @property
    def public_key(self) -> bytes:
        return public_bytes(self._key)

    @property
    def pending(self) -> list[GuestRequest]:
        """The requests waiting for an answer, oldest first."""
        return list(self._pending.values())

    def connected(self, now: float) -> Step:
        """The broker took the connection: (re)publish the announcement (a dropped connection
        fired the Last Will, which cleared it)."""
        if not self._waiting:
            return Step()
        return Step(publications=(self._announce(now),))

    def tick(self, now: float) -> Step:
        """Lapse stale requests and refresh the announcement before the broker expires it."""
        step = Step()
        for request in list(self._pending.values()):
            if now - request.arrived >= self._limits.request_ttl:
                del self._pending[request.request_id]
                step += Step(events=(RequestWithdrawn(request),))
        if (
            self._waiting
            and self._announced_at is not None
            and now - self._announced_at >= REFRESH_EVERY
        ):
            step += Step(publications=(self._announce(now),))
        return step

    # -- the broker's messages --------------------------------------------------------------------
    def receive(self, topic: str, payload: bytes, now: float) -> Step:
        """A message on one of `subscriptions`; anything that is not a well-formed request to
        this host is ignored and counted."""
        if not self._waiting:
            self.ignored["closed"] += 1  # sent before the host left or its table filled
            return Step()
        try:
            return self._receive(topic, payload, now)
        except Malformed as why:
            self.ignored[str(why)] += 1
            return Step()

    def _receive(self, topic: str, payload: bytes, now: float) -> Step:
        levels = split_topic(topic)
        if levels[0] != "requests" or levels[1] != self.host_id:
            raise Malformed("unknown topic")
        request_id = levels[2]
        outer = unpack_map(payload, MAX_REQUEST_BYTES)
        client_id = outer.get("from")
        if not isinstance(client_id, str) or not is_id(client_id):
            raise Malformed("wrong type")
        if not self._bucket(client_id).allow(now):
            raise Malformed("rate limited")
        if request_id in self._seen:
            raise Malformed("duplicate")
        inner = unpack_map(open_sealed(bytes_field(outer, "box"), self._key), MAX_REQUEST_BYTES)
        if inner.get("req") != request_id:
            raise Malformed("mismatched")
        request = GuestRequest(
            request_id=request_id,
            name=text_field(inner, "name", MAX_NAME_CHARS),
            client_id=client_id,
            arrived=now,
            key=bytes_field(inner, "key", KEY_BYTES),
        )
        can_play = inner.get("players", 2)  # a copy from before tables names none
        if not isinstance(can_play, int) or isinstance(can_play, bool):
            raise Malformed("wrong type")
        self._remember(request_id)
        if request.name.casefold() in self._blocked:
            raise Malformed("blocked")
        players = self._announcement.players
        if can_play < players:
            self.ignored["cannot play the table"] += 1
            reason = (
                f"{self._name} hosts a table of {players}, which your copy of Canasta cannot "
                "join: update it to play."
            )
            return Step(publications=(self._decline(request, reason),))
        if len(self._pending) >= self._limits.pending:
            self.ignored["pending full"] += 1
            reason = (
                f"{self._name} already has {self._limits.pending} players asking: "
                "try another host, or again in a minute."
            )
            return Step(publications=(self._decline(request, reason),))
        self._pending[request_id] = request
        return Step(events=(RequestArrived(request),))

    # -- the host's choices -----------------------------------------------------------------------
    @property
    def free(self) -> int:
        """The guest seats still offered (a two-seat host's one)."""
        return self._announcement.free

    def accept(self, request_id: str, details: ConnectionDetails, now: float) -> Step:
        """Take this guest: send it `details` sealed to its key; then, for a table with seats
        still free, announce one fewer; else decline everyone else and leave the lobby."""
        request = self._take(request_id)
        accepted = Publication(
            answer_topic(request.request_id),
            seal(
                pack({"req": request.request_id, "ok": True, "details": details.to_wire()}),
                request.key,
            ),
        )
        return Step(publications=(accepted,)) + self.set_free(self.free - 1, now)

    def set_free(self, free: int, now: float) -> Step:
        """Offer `free` seats: fewer when a guest was accepted or came to the table another way
        (the announcement goes with the last seat), more when one left a table before its game
        (a two-seat host's one seat, and a table's guests, bound what is offered)."""
        free = min(free, self._announcement.players - 1)
        if not self._waiting or free == self.free:
            return Step()
        if free <= 0:
            if self._announcement.players == 2:
                return self._close(f"{self._name} has found a partner: pick another host.")
            return self._close(f"{self._name}'s table is full: pick another host.")
        self._announcement = replace(self._announcement, free=free)
        return Step(publications=(self._announce(now),))

    def decline(self, request_id: str, now: float, reason: str = "") -> Step:
        """Say no to one guest, in the host's words or the default sentence."""
        request = self._take(request_id)
        text = clean_text(reason, MAX_REASON_CHARS) or f"{self._name} would rather not play now."
        return Step(publications=(self._decline(request, text),))

    def block(self, request_id: str, now: float) -> Step:
        """Decline this guest and ignore its name for the rest of the session (every pending
        request under that name is declined too)."""
        name = self._take_peek(request_id).name
        self._blocked.add(name.casefold())
        step = Step()
        for request in list(self._pending.values()):
            if request.name.casefold() == name.casefold():
                step += self.decline(request.request_id, now)
        return step

    def is_blocked(self, name: str) -> bool:
        return clean_text(name, MAX_NAME_CHARS).casefold() in self._blocked

    def leave(self, now: float) -> Step:
        """Stop waiting: every pending guest is told, and the announcement removed."""
        if not self._waiting:
            return Step()
        return self._close(f"{self._name} left the lobby.")

    # -- inside -----------------------------------------------------------------------------------
    def _announce(self, now: float) -> Publication:
        self._announced_at = now
        payload = self._announcement.pack(self.public_key)
        return Publication(host_topic(self.host_id), payload, retain=True, expiry=ANNOUNCE_EXPIRY)

    def _close(self, reason: str) -> Step:
        self._waiting = False
        declines = tuple(self._decline(r, reason) for r in self._pending.values())
        self._pending.clear()
        removed = Publication(host_topic(self.host_id), b"", retain=True)
        return Step(publications=(*declines, removed), unsubscribe=(requests_filter(self.host_id),))

    def _take_peek(self, request_id: str) -> GuestRequest:
        request = self._pending.get(request_id)
        if request is None or not self._waiting:
            raise LobbyError("guest_gone")
        return request

    def _take(self, request_id: str) -> GuestRequest:
        request = self._take_peek(request_id)
        del self._pending[request_id]
        return request

    def _decline(self, request: GuestRequest, reason: str) -> Publication:
        doc = {"req": request.request_id, "ok": False, "reason": reason}
        return Publication(answer_topic(request.request_id), seal(pack(doc), request.key))

    def _bucket(self, client_id: str) -> TokenBucket:
        bucket = self._buckets.pop(client_id, None)
        if bucket is None:
            bucket = TokenBucket(self._limits.burst, 1.0 / self._limits.interval)
            while len(self._buckets) >= MAX_CLIENTS:
                self._buckets.popitem(last=False)
        self._buckets[client_id] = bucket
        return bucket

    def _remember(self, request_id: str) -> None:
        self._seen[request_id] = None
        while len(self._seen) > MAX_SEEN:
            self._seen.popitem(last=False)
