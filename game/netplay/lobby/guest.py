"""A guest's side of the lobby, sans-I/O: the list of waiting hosts (filtered by rules preset if
the player wants), and asking one of them to play. A request is sealed to the host's announced
key and carries a fresh X25519 key for this request only, and the most players at a table this
copy can play (a table's host turns away a copy that cannot play its table); the answer comes sealed to that key, so
only the host can write one this guest will open and nobody else can read it.

Everything read from the broker is the other side's text: announcements and answers are checked
field by field and cleaned (`wire`), and a malformed, oversized or wrongly typed one is ignored
and counted in `ignored`."""

from __future__ import annotations

from collections import Counter

from nacl.public import PrivateKey

from ..wire.session_messages import MAX_NAME_CHARS
from ..wire.text import clean_text
from .errors import LobbyError
from .events import Accepted, Declined, HostGone, HostListed, Publication, Step
from .sealing import new_private_key, open_sealed, public_bytes, seal
from .wire import (
    MAX_ANSWER_BYTES,
    MAX_REASON_CHARS,
    TABLE_PLAYERS,
    ListedHost,
    Malformed,
    answer_topic,
    hosts_filter,
    new_id,
    pack,
    read_announcement,
    read_details,
    request_topic,
    split_topic,
    unpack_map,
)

MAX_HOSTS = 200  # hosts listed at once: a flood of announcements cannot grow the list
ASK_WAIT = 75.0  # seconds a guest waits for an answer (a host keeps a request for 90)
GONE_GRACE = 5.0  # a host that vanished may still have answered: wait this long for it


class _Asking:
    def __init__(self, host: ListedHost, request_id: str, key: PrivateKey, deadline: float):
        self.host = host
        self.request_id = request_id
        self.key = key
        self.deadline = deadline
        self.host_left = False


class GuestLobby:
    """The lobby as a guest sees it: the waiting hosts, and at most one request at a time."""

    def __init__(
        self,
        *,
        client_id: str | None = None,
        host_limit: int = MAX_HOSTS,
        ask_wait: float = ASK_WAIT,
    ) -> None:
        self.client_id = client_id or new_id()
        self._host_limit = host_limit
        self.ask_wait = ask_wait
        self._hosts: dict[str, ListedHost] = {}
        self._asking: _Asking | None = None
        self.ignored: Counter[str] = Counter()

    # -- what the shell asks ----------------------------------------------------------------------
    @property
    def subscriptions(self) -> tuple[str, ...]:
        if self._asking is None:
            return (hosts_filter(),)
        return (hosts_filter(), answer_topic(self._asking.request_id))

    @property
    def will(self) -> Publication | None:
        return None

    def connected(self, now: float) -> Step:
        return Step()

    # -- the list ---------------------------------------------------------------------------------
    def hosts(self, rules: str | None = None) -> list[ListedHost]:
        """The waiting hosts, longest waiting first; only those playing preset `rules` if
        given."""
        listed = (h for h in self._hosts.values() if rules is None or h.rules == rules)
        return sorted(listed, key=lambda h: (h.since, h.name.casefold(), h.host_id))

    def presets(self) -> list[str]:
        """The rules presets some listed host plays, for a filter to offer."""
        return sorted({h.rules for h in self._hosts.values()})

    def find(self, wanted: str) -> ListedHost | None:
        """A listed host by id, or else by name (case and spacing do not matter); the one
        waiting longest when several share the name."""
        if wanted in self._hosts:
            return self._hosts[wanted]
        name = clean_text(wanted, MAX_NAME_CHARS).casefold()
        matches = [h for h in self.hosts() if h.name.casefold() == name]
        return matches[0] if matches else None

    @property
    def asking(self) -> ListedHost | None:
        """The host this guest waits for an answer from."""
        return self._asking.host if self._asking is not None else None

    # -- the broker's messages --------------------------------------------------------------------
    def receive(self, topic: str, payload: bytes, now: float) -> Step:
        try:
            levels = split_topic(topic)
            if levels[0] == "hosts":
                return self._announcement(levels[1], payload, now)
            if levels[0] == "answers":
                return self._answer(levels[1], payload)
            raise Malformed("unknown topic")
        except Malformed as why:
            self.ignored[str(why)] += 1
            return Step()

    def _announcement(self, host_id: str, payload: bytes, now: float) -> Step:
        old = self._hosts.get(host_id)
        if not payload:
            return self._gone(host_id, now)
        try:
            host = read_announcement(host_id, payload)
        except Malformed:
            if old is None:
                raise
            # the broker no longer holds what was listed: the host is gone from the list
            self.ignored["malformed"] += 1
            return self._gone(host_id, now)
        if old == host:
            return Step()
        if old is None and len(self._hosts) >= self._host_limit:
            raise Malformed("too many hosts")
        self._hosts[host_id] = host
        return Step(events=(HostListed(host),))

    def _gone(self, host_id: str, now: float) -> Step:
        old = self._hosts.pop(host_id, None)
        if old is None:
            return Step()
        asking = self._asking
        if asking is not None and asking.host.host_id == host_id:
            asking.deadline = min(asking.deadline, now + GONE_GRACE)
            asking.host_left = True
        return Step(events=(HostGone(old),))

    def _answer(self, request_id: str, payload: bytes) -> Step:
        asking = self._asking
        if asking is None or request_id != asking.request_id:
            raise Malformed("unexpected answer")
        if len(payload) > MAX_ANSWER_BYTES:
            raise Malformed("oversized")
        doc = unpack_map(open_sealed(payload, asking.key), MAX_ANSWER_BYTES)
        if doc.get("req") != request_id or not isinstance(doc.get("ok"), bool):
            raise Malformed("wrong type")
        if doc["ok"]:
            event: Accepted | Declined = Accepted(
                asking.host.name, read_details(doc.get("details"))
            )
        else:
            reason = doc.get("reason")
            if not isinstance(reason, str):
                raise Malformed("wrong type")
            text = clean_text(reason, MAX_REASON_CHARS) or f"{asking.host.name} declined."
            event = Declined(text)
        return self._stop_asking() + Step(events=(event,))

    # -- asking -----------------------------------------------------------------------------------
    def ask(self, host_id: str, name: str, now: float) -> Step:
        """Ask a listed host to play, as `name`: subscribe to the answer, then send the
        request."""
        if self._asking is not None:
            raise LobbyError("asking_already", name=self._asking.host.name)
        host = self._hosts.get(host_id)
        if host is None:
            raise LobbyError("host_gone")
        shown = clean_text(name, MAX_NAME_CHARS)
        if not shown:
            raise LobbyError("no_name")
        key = new_private_key()
        request_id = new_id()
        inner = pack(
            {
                "req": request_id,
                "name": shown,
                "key": public_bytes(key),
                "players": max(TABLE_PLAYERS),
            }
        )
        try:
            box = seal(inner, host.key)
        except Malformed:
            raise LobbyError("damaged", name=host.name) from None
        outer = pack({"from": self.client_id, "box": box})
        self._asking = _Asking(host, request_id, key, now + self.ask_wait)
        return Step(
            subscribe=(answer_topic(request_id),),
            publications=(Publication(request_topic(host_id, request_id), outer),),
        )

    def cancel(self) -> Step:
        """Stop waiting for an answer (a late one is then ignored)."""
        return self._stop_asking()

    def leave(self, now: float) -> Step:
        """The guest closes the lobby: nothing to tell anyone, only stop waiting."""
        return self._stop_asking()

    def tick(self, now: float) -> Step:
        """Give up on a host that has not answered in time, or soon after it vanished."""
        asking = self._asking
        if asking is None or now < asking.deadline:
            return Step()
        if asking.host_left:
            text = f"{asking.host.name} left the lobby before answering: pick another host."
        else:
            text = f"{asking.host.name} did not answer: pick another host, or try again later."
        return self._stop_asking() + Step(events=(Declined(text),))

    def _stop_asking(self) -> Step:
        asking = self._asking
        self._asking = None
        if asking is None:
            return Step()
        return Step(unsubscribe=(answer_topic(asking.request_id),))
