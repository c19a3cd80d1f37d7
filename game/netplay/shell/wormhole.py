"""Play a friend anywhere with an invite code: the magic-wormhole mailbox introduces the two
games, and the same byte stream as direct play then flows directly or through a transit relay.

The host's game asks the mailbox for a short code (`7-crossover-clockwork`) and waits; the friend
types it. The mailbox runs a PAKE on the code, so only whoever holds it can meet the host, and
each side sends one encrypted message through it: the host's names its direct addresses and
the relay it chose (the host never dials a relay someone else named). From the wormhole's shared
key (`derive_key("canasta/session")`) both derive the game's own join code, a channel token for
each relay and one relay "side" per role (see `Link`); the mailbox is
then left and the code is used up. From there on `WormholeHost`/`WormholeGuest` are the TCP shell
with more ways to connect: the guest tries the host's direct addresses, then the relay (the
transit relay's "please relay TOKEN for side SIDE" handshake joins two sockets presenting the
same token), and the host keeps one waiting connection at each relay besides its listening
socket. Every connection still starts with the session's key exchange on the derived join code,
so a stray socket can neither join nor disturb the game. When the link drops or goes silent the
session asks for a new connection and the guest simply dials again; the relay token never
changes, so after a crash both games find each other at the relay again from the save (`Link`
is kept there; the invite code never is) and the session resumes with its token.

Twisted (which magic-wormhole needs) is imported only when a rendezvous starts: its reactor runs
once per process in a daemon thread, calls go in through `callFromThread` and results come back
on a queue, so the solo game never pays for it. The bytes of a game never pass through Twisted."""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import hmac
import importlib.util
import io
import json
import re
import selectors
import socket
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.logic.phrase import phrase

from ..addresses import format_endpoint, parse_endpoint
from ..errors import ENTRY_PROBLEMS, EntryError
from ..session.handshake import Role
from ..session.joincode import ALPHABET, CODE_LENGTH, display_code
from ..session.reliable import ReliableSession
from .inbox import Inbox
from .tcp import HANDSHAKE_DEADLINE, NetplayHost, _Conn, _Endpoint, _listen

APP_ID = "canasta-card-game/invite/v1"  # the mailbox only pairs clients of the same application
DEFAULT_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
DEFAULT_RELAY = "tcp:transit.magic-wormhole.io:4001"
SESSION_PURPOSE = "canasta/session"
OFFER_VERSION = 1
CODE_WORDS = 2
CONNECT_WAIT = 15.0  # seconds for the mailbox to answer at all
INVITE_WAIT = 900.0  # how long a host's code waits for the friend by default
ACCEPT_WAIT = 20.0  # how long a guest waits for the host behind a code
CLOSE_WAIT = 3.0
DIRECT_DIAL_TIMEOUT = 1.0
RELAY_WAIT = 10.0  # how long a guest's relay connection waits for the host's to be joined to it
RELAY_RETRY = (0.2, 0.5, 1.0, 2.0, 4.0)
MAX_RELAY_ANSWER = 64
MAX_OFFER_BYTES = 4096
MAX_HINTS = 8
_CODE_PATTERN = re.compile(r"^[0-9]+(-[a-z]+)+$")


class InviteError(ValueError):
    """An invite code or a server address that cannot be used, with a sentence for the player
    (`sentence`: a `Phrase` the screens translate)."""

    @property
    def sentence(self) -> str:
        return self.args[0] if self.args else ""


class InvitesUnavailable(InviteError):
    """This Python lacks magic-wormhole (or Twisted): invites cannot start, the rest plays on."""


WORMHOLE_MISSING = phrase(
    "Invite codes need the magic-wormhole library, which this installation lacks: install the "
    "game's requirements again (pip install -r requirements.txt). Direct and same-network "
    "games work without it."
)


def require_wormhole(find: Callable[[str], object | None] = importlib.util.find_spec) -> None:
    """Raise `InvitesUnavailable` when magic-wormhole or Twisted cannot be imported here."""
    for name in ("wormhole", "twisted"):
        try:
            found = find(name)
        except (ImportError, ValueError):
            found = None
        if found is None:
            raise InvitesUnavailable(WORMHOLE_MISSING)


@dataclass(frozen=True)
class Servers:
    """Where the two games meet: the mailbox (a WebSocket URL) and the transit relay hint."""

    mailbox: str = DEFAULT_MAILBOX
    relay: str = DEFAULT_RELAY


def normalize_invite(text: str) -> str:
    """The invite code a player typed or pasted (`7-crossover-clockwork`), tidied; raises
    `InviteError` with a sentence if it cannot be one."""
    code = "-".join(text.strip().lower().replace("_", " ").replace("-", " ").split())
    if not code:
        raise InviteError(
            phrase("Type the invite code your friend's game shows, like 7-crossover-clockwork.")
        )
    if not code[0].isdigit():
        raise InviteError(
            phrase("An invite code starts with a number, like 7-crossover-clockwork.")
        )
    if not _CODE_PATTERN.match(code):
        raise InviteError(
            phrase(
                "An invite code is a number and words joined by dashes, like 7-crossover-clockwork."
            )
        )
    return code


def parse_relay(hint: str) -> tuple[str, int]:
    """`tcp:HOST:PORT` (or `HOST:PORT`) as a host and port; raises `InviteError`."""
    text = hint.strip()
    text = text[4:] if text.startswith("tcp:") else text
    try:
        host, port = parse_endpoint(text, 0)
    except EntryError as error:
        problem = phrase(ENTRY_PROBLEMS[error.kind], **error.fields)
        raise InviteError(
            phrase(
                "{hint} is not a relay address (tcp:HOST:PORT): {problem}",
                hint=repr(hint),
                problem=problem,
            )
        ) from None
    if not host or port <= 0:
        raise InviteError(
            phrase("{hint} is not a relay address: write it as tcp:HOST:PORT.", hint=repr(hint))
        )
    return host, port


def check_mailbox(url: str) -> str:
    """A mailbox URL as given, if it can be one; raises `InviteError`."""
    if not re.match(r"^wss?://[^/\s]+", url.strip()):
        raise InviteError(
            phrase(
                "{url} is not an invite server address: it looks like ws://HOST:PORT/v1.",
                url=repr(url),
            )
        )
    return url.strip()


def _derive(secret: bytes, label: str, size: int = 32) -> bytes:
    return hmac.new(secret, b"canasta wormhole " + label.encode(), hashlib.sha256).digest()[:size]


@dataclass(frozen=True)
class Link:
    """What two games agreed through the mailbox: everything they need to find each other again,
    saved with the game (the derived secret, never the invite code)."""

    role: Role
    secret: bytes
    hints: tuple[str, ...] = ()  # the host's direct addresses, as host:port
    relays: tuple[str, ...] = ()

    @property
    def join_code(self) -> str:
        """The session's join code, derived from the wormhole key (same on both sides)."""
        number = int.from_bytes(_derive(self.secret, "join code", 16), "big")
        chars = []
        for _ in range(CODE_LENGTH):
            number, index = divmod(number, len(ALPHABET))
            chars.append(ALPHABET[index])
        return display_code("".join(chars))

    def relay_token(self, relay: str) -> str:
        """The channel token presented at `relay`, derived from the key and the relay's name:
        the transit handshake carries it in the clear, so a token seen at one relay is of no
        use at another, and only relays this game chose ever see one."""
        return _derive(self.secret, f"relay token {relay}").hex()

    def side(self, role: Role) -> str:
        """The relay's side marker for `role`: the relay joins only different sides."""
        return _derive(self.secret, f"relay side {role.value}", 8).hex()

    def to_json(self) -> dict[str, Any]:
        return {
            "role": self.role.value,
            "secret": self.secret.hex(),
            "hints": list(self.hints),
            "relays": list(self.relays),
        }

    @classmethod
    def from_json(cls, doc: Any) -> Link:
        """A saved link; raises `ValueError` if the document is not one."""
        if not isinstance(doc, dict):
            raise ValueError("the saved game has no invite link")
        try:
            role = Role(doc["role"])
            secret = bytes.fromhex(doc["secret"])
            hints = tuple(str(h) for h in doc.get("hints", ()))
            relays = tuple(str(r) for r in doc.get("relays", ()))
        except (KeyError, TypeError, ValueError):
            raise ValueError("the saved invite link cannot be read") from None
        if len(secret) != 32:
            raise ValueError("the saved invite link cannot be read")
        return cls(role, secret, hints[:MAX_HINTS], relays[:MAX_HINTS])


# -- the rendezvous at the mailbox ----------------------------------------------------------------


@dataclass(frozen=True)
class InviteCode:
    """The host's code to give the friend (again after a mistyped try used one up: `used_up`
    says so)."""

    code: str
    text: str
    used_up: str = ""


@dataclass(frozen=True)
class Linked:
    """The two games met: the link to connect with."""

    link: Link
    text: str


@dataclass(frozen=True)
class InviteFailed:
    """The meeting failed for good; `code` says why, `text` says what to try next."""

    code: str
    text: str


RendezvousEvent = InviteCode | Linked | InviteFailed

_reactor_lock = threading.Lock()
_reactor: Any = None


def running_reactor() -> Any:
    """Twisted's reactor, started on first use in a daemon thread (once per process)."""
    global _reactor
    with _reactor_lock:
        if _reactor is None:
            from twisted.internet import reactor as installed

            reactor: Any = installed
            threading.Thread(
                target=reactor.run,
                kwargs={"installSignalHandlers": False},
                name="wormhole-reactor",
                daemon=True,
            ).start()
            _reactor = reactor
    return _reactor


class _Failure(Exception):
    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def _relay_trouble(relay: str, reason: str) -> str:
    """Why a relay could not be used, for the list of ways tried."""
    return phrase("the relay {relay}: {reason}", relay=relay, reason=reason)


def _minutes(seconds: float) -> str:
    if seconds < 120:
        return phrase("{count} seconds", count=f"{seconds:g}")
    return phrase("{count} minutes", count=f"{seconds / 60:g}")


class Rendezvous:
    """One meeting at the mailbox, run on the reactor thread; `poll_events` and `next_event`
    are safe from any thread. The host gets `InviteCode` then `Linked`; the guest `Linked`;
    either may get `InviteFailed` instead, after which nothing more comes."""

    def __init__(
        self,
        role: Role,
        servers: Servers,
        *,
        code: str = "",
        hints: Sequence[str] = (),
        wait: float | None = None,
        connect_wait: float = CONNECT_WAIT,
    ) -> None:
        """The guest passes the `code` it was given (raises `InviteError` if it cannot be
        one); the host its direct `hints` (host:port). `wait` bounds the wait for the other
        side (default: a quarter of an hour for the host, 20 seconds for the guest)."""
        require_wormhole()
        self.role = role
        self.servers = Servers(check_mailbox(servers.mailbox), servers.relay)
        parse_relay(servers.relay)
        self.code = normalize_invite(code) if role is Role.GUEST else ""
        self.hints = tuple(hints)[:MAX_HINTS]
        self.wait = (
            wait if wait is not None else (INVITE_WAIT if role is Role.HOST else ACCEPT_WAIT)
        )
        self.connect_wait = connect_wait
        self._events: Inbox[RendezvousEvent] = Inbox()
        self._waiting: Any = None  # the Deferred being waited for, to cancel
        self._cancelled = False
        self._done = threading.Event()

    def start(self) -> Rendezvous:
        running_reactor().callFromThread(self._begin)
        return self

    def cancel(self) -> None:
        """Leave the mailbox (the code is given up); no event follows."""
        running_reactor().callFromThread(self._cancel)

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def poll_events(self) -> list[RendezvousEvent]:
        return self._events.drain()

    def next_event(self, timeout: float) -> RendezvousEvent | None:
        return self._events.wait(timeout)

    # -- on the reactor thread ----------------------------------------------------------------
    def _cancel(self) -> None:
        self._cancelled = True
        if self._waiting is not None:
            self._waiting.cancel()

    def _begin(self) -> None:
        from twisted.internet import defer

        defer.ensureDeferred(self._meet()).addErrback(self._crashed)

    def _crashed(self, failure: Any) -> None:
        self._finish(
            InviteFailed(
                "error",
                phrase("The invite failed unexpectedly: {reason}", reason=str(failure.value)),
            )
        )

    def _finish(self, event: RendezvousEvent | None) -> None:
        if event is not None and not self._cancelled:
            self._events.put(event)
        self._done.set()

    async def _meet(self) -> None:
        import wormhole

        reactor = running_reactor()
        # anyone on the mailbox can burn a host's code with a wrong guess, so a burnt code is
        # replaced at once and the host keeps waiting: only time bounds the wait, never the
        # number of codes burnt
        deadline = time.monotonic() + self.wait
        attempt = 0
        while not self._cancelled:
            w = wormhole.create(APP_ID, self.servers.mailbox, reactor, stderr=io.StringIO())
            try:
                link = await self._once(w, attempt, deadline)
            except _Failure as failure:
                await self._close(w)
                if self.role is Role.HOST and failure.code == "wrong_code":
                    attempt += 1
                    if time.monotonic() < deadline:
                        continue
                    failure = _Failure(*self._nobody())
                self._finish(InviteFailed(failure.code, failure.text))
                return
            except Exception:
                await self._close(w)
                if self._cancelled:
                    break
                raise
            await self._close(w)
            self._finish(Linked(link, phrase("Your friend's game answered; connecting\u2026")))
            return
        self._finish(None)

    async def _within(self, deferred: Any, seconds: float) -> Any:
        deferred.addTimeout(seconds, running_reactor())
        self._waiting = deferred
        try:
            return await deferred
        finally:
            self._waiting = None

    async def _once(self, w: Any, attempt: int, deadline: float) -> Link:
        from twisted.internet import defer
        from wormhole.errors import ServerConnectionError, WormholeError, WrongPasswordError

        mailbox = self.servers.mailbox
        try:
            await self._within(w.get_welcome(), self.connect_wait)
        except (defer.TimeoutError, ServerConnectionError) as error:
            reason = (
                phrase("no answer") if isinstance(error, defer.TimeoutError) else str(error.reason)
            )
            raise _Failure(
                "mailbox_unreachable",
                phrase(
                    "The invite server {mailbox} cannot be reached ({reason}). Check this "
                    "computer's internet connection, or choose another invite server in Options; "
                    "direct play with a forwarded port works without one.",
                    mailbox=mailbox,
                    reason=reason,
                ),
            ) from None
        if self.role is Role.HOST:
            w.allocate_code(CODE_WORDS)
            code = await self._within(w.get_code(), self.connect_wait)
            tell = phrase(
                "Tell your friend the code {code}: they choose Join, then Accept an invite, "
                "and type it. It works once.",
                code=code,
            )
            used_up = ""
            if attempt:
                used_up = phrase(
                    "Someone tried your last code with wrong words, so it is used up "
                    "({attempt} burnt so far); here is a new one.",
                    attempt=attempt,
                )
                tell = phrase("{used_up} {tell}", used_up=used_up, tell=tell)
            self._events.put(InviteCode(code, tell, used_up))
        else:
            w.set_code(self.code)
        w.send_message(json.dumps(self._offer()).encode())
        try:
            message = await self._within(w.get_message(), max(0.1, deadline - time.monotonic()))
        except WrongPasswordError:
            raise _Failure(*self._wrong_code()) from None
        except defer.TimeoutError:
            raise _Failure(*self._nobody()) from None
        except WormholeError as error:
            raise _Failure(
                "mailbox_error",
                phrase(
                    "The invite server refused the meeting ({error}). Ask your friend for a new "
                    "code, or try direct play with a forwarded port.",
                    error=str(error),
                ),
            ) from None
        hints, relays = self._read_offer(message)
        secret = w.derive_key(SESSION_PURPOSE, 32)
        if self.role is Role.HOST:
            # the host dials only the relay it chose: a relay named by whoever holds the code
            # could be any address (this computer's own ports included)
            return Link(Role.HOST, secret, self.hints, (self.servers.relay,))
        # the guest meets the host where the host waits: at the relays the host named
        return Link(Role.GUEST, secret, hints, _unique(relays))

    def _offer(self) -> dict[str, Any]:
        offer: dict[str, Any] = {"canasta": OFFER_VERSION}
        if self.role is Role.HOST:  # only the host names where to meet: the guest dials there
            offer["relays"] = [self.servers.relay]
            offer["hints"] = list(self.hints)
        return offer

    def _read_offer(self, message: bytes) -> tuple[tuple[str, ...], tuple[str, ...]]:
        try:
            offer = (
                json.loads(message[:MAX_OFFER_BYTES]) if len(message) <= MAX_OFFER_BYTES else None
            )
        except ValueError:
            offer = None
        if not isinstance(offer, dict) or offer.get("canasta") != OFFER_VERSION:
            raise _Failure(
                "not_canasta",
                phrase(
                    "The other side of that code is not a Canasta game of this version. Ask your "
                    "friend for a new code from Host, Invite over the internet."
                ),
            )

        def strings(key: str, check: Callable[[str], object]) -> tuple[str, ...]:
            kept = []
            for item in offer.get(key, [])[:MAX_HINTS] if isinstance(offer.get(key), list) else []:
                with contextlib.suppress(ValueError):
                    if isinstance(item, str):
                        check(item)
                        kept.append(item)
            return tuple(kept)

        return strings("hints", parse_endpoint), strings("relays", parse_relay)

    def _wrong_code(self) -> tuple[str, str]:
        # only a guest ends on a wrong code: the host gets a new one and keeps waiting
        return (
            "wrong_code",
            phrase(
                "That code does not match your friend's: check the number and the words, and ask "
                "for a new code (a mistyped try uses one up)."
            ),
        )

    def _nobody(self) -> tuple[str, str]:
        if self.role is Role.HOST:
            return (
                "no_one_came",
                phrase(
                    "Nobody accepted the invite within {time}. Check that your friend has the "
                    "code, then invite again for a new one.",
                    time=_minutes(self.wait),
                ),
            )
        return (
            "no_host",
            phrase(
                "No game is waiting with that code: it may be mistyped, already used, or your "
                "friend's game stopped waiting. Ask for a new code."
            ),
        )

    async def _close(self, w: Any) -> None:
        # closing reports how the wormhole ended (lonely, scary...): the outcome is known already
        with contextlib.suppress(Exception):
            await self._within(w.close(), CLOSE_WAIT)


def _unique(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(item for item in items if item))


def open_listener(port: int = 0, bind_host: str | None = None) -> socket.socket:
    """The host's listening socket for direct connections (bound before the rendezvous, since
    its port goes into the hints); raises `OSError`."""
    return _listen(bind_host, port)


def direct_hints(addresses: Sequence[str], port: int) -> tuple[str, ...]:
    """The host's direct addresses as `host:port` hints for the guest."""
    return tuple(format_endpoint(address, port) for address in addresses[:MAX_HINTS])


# -- the connections after the rendezvous ---------------------------------------------------------


class _RelayConn(_Conn):
    """A connection to a transit relay, waiting for the relay to join it to the other side."""

    def __init__(self, sock: socket.socket, now: float, relay: str) -> None:
        super().__init__(sock, now, f"the relay {relay}")
        self.relay = relay
        self.answer = bytearray()
        self.joined = False


@functools.lru_cache(maxsize=16)
def _resolve(host: str, port: int) -> tuple[int, int, int, Any]:
    """The relay's address, looked up once: a reconnection must not wait for a name server
    while the session's thread holds its lock (a failed lookup raises and is tried again)."""
    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    return family, kind, proto, address


def _dial_relay(relay: str, link: Link, role: Role, now: float) -> _RelayConn:
    """A non-blocking connection to `relay` with the handshake queued; raises `OSError`."""
    try:
        host, port = parse_relay(relay)
    except InviteError as error:
        raise OSError(errno.EINVAL, str(error)) from None
    family, kind, proto, address = _resolve(host, port)
    sock = socket.socket(family, kind, proto)
    sock.setblocking(False)
    result = sock.connect_ex(address)
    if result not in (0, errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN):
        sock.close()
        raise OSError(result, errno.errorcode.get(result, str(result)))
    conn = _RelayConn(sock, now, relay)
    conn.outbuf += f"please relay {link.relay_token(relay)} for side {link.side(role)}\n".encode()
    return conn


def _relay_answer(conn: _RelayConn, chunk: bytes) -> bytes | None:
    """What followed the relay's "ok" line, or None while it has not come. Raises `OSError` if
    the relay said anything else (a refused handshake)."""
    conn.answer += chunk
    line, newline, rest = bytes(conn.answer).partition(b"\n")
    if not newline:
        if len(conn.answer) > MAX_RELAY_ANSWER:
            raise OSError(errno.EPROTO, "the relay answered with something unexpected")
        return None
    if line.strip() != b"ok":
        said = line.decode("ascii", "replace")[:MAX_RELAY_ANSWER]
        raise OSError(errno.EPROTO, f"the relay said {said!r}")
    conn.joined = True
    return rest


def _watch_writable(endpoint: _Endpoint, conn: _Conn) -> None:
    endpoint._register(conn)
    # the handshake line leaves once the connection is made (the socket turns writable)
    endpoint._selector.modify(conn.sock, selectors.EVENT_READ | selectors.EVENT_WRITE, conn)


class WormholeHost(NetplayHost):
    """The host after the rendezvous: listens for direct connections (if it offered any) and
    keeps one waiting connection at each relay, screening every one with the session's gate."""

    def __init__(
        self,
        session: ReliableSession,
        link: Link,
        listener: socket.socket | None = None,
        clock: Callable[[], float] = time.monotonic,
        handshake_deadline: float = HANDSHAKE_DEADLINE,
        relay_retry: tuple[float, ...] = RELAY_RETRY,
    ) -> None:
        super().__init__(session, clock=clock, handshake_deadline=handshake_deadline)
        self.link = link
        self.relay_retry = relay_retry
        self._given_listener = listener
        self._spares: dict[str, _RelayConn | None] = dict.fromkeys(link.relays)
        self._spare_due: dict[str, float] = dict.fromkeys(link.relays, 0.0)
        self._relay_failures: dict[str, int] = dict.fromkeys(link.relays, 0)

    def start(self) -> WormholeHost:
        listener = self._given_listener
        if listener is not None:
            listener.setblocking(False)
            self._listener = listener
            self._selector.register(listener, selectors.EVENT_READ, "listener")
        self._notice("listening", phrase("Waiting for your friend's game to connect\u2026"))
        self._start_thread("wormhole-host")
        return self

    def _service_extra(self, now: float) -> None:
        super()._service_extra(now)
        if self.session.finished:
            return
        for relay, spare in self._spares.items():
            if spare is None and now >= self._spare_due[relay]:
                self._open_spare(relay, now)

    def _extra_deadline(self) -> float | None:
        times = [t for t in (super()._extra_deadline(),) if t is not None]
        if not self.session.finished:
            times += [self._spare_due[r] for r, spare in self._spares.items() if spare is None]
        return min(times) if times else None

    def _open_spare(self, relay: str, now: float) -> None:
        try:
            conn = _dial_relay(relay, self.link, Role.HOST, now)
        except OSError as error:
            self._relay_failed(relay, now, error.strerror or str(error))
            return
        self._spares[relay] = conn
        _watch_writable(self, conn)

    def _relay_failed(self, relay: str, now: float, reason: str) -> None:
        failures = self._relay_failures[relay] = self._relay_failures[relay] + 1
        self._spare_due[relay] = now + self.relay_retry[min(failures, len(self.relay_retry)) - 1]
        if failures == 2:  # once a streak, and not for a relay that just restarted
            self._notice(
                "relay_down",
                phrase(
                    "The relay {relay} cannot be reached ({reason}); your friend can only "
                    "connect directly until it is back (another relay can be set in Options).",
                    relay=relay,
                    reason=reason,
                ),
            )

    def _pending_data(self, conn: _Conn, chunk: bytes, now: float) -> None:
        if isinstance(conn, _RelayConn) and not conn.joined:
            try:
                rest = _relay_answer(conn, chunk)
            except OSError as error:
                self._drop_spare(conn, now, error.strerror or str(error))
                return
            if rest is None:
                return
            # joined to a guest: screened like an accepted connection; a new spare takes its place
            self._spares[conn.relay] = None
            self._spare_due[conn.relay] = now
            self._relay_failures[conn.relay] = 0
            if self.session.finished:
                self._close_conn(conn)
                return
            conn.opened = now
            # everyone who comes through a relay shares its address: count their guesses there
            conn.gate = self.session.open_gate(f"the relay {conn.relay}")
            self._pending.append(conn)
            if not rest:
                return
            chunk = rest
        super()._pending_data(conn, chunk, now)

    def _drop_spare(self, conn: _RelayConn, now: float, reason: str) -> None:
        self._close_conn(conn)
        if self._spares.get(conn.relay) is conn:
            self._spares[conn.relay] = None
            self._relay_failed(conn.relay, now, reason)

    def _pending_lost(self, conn: _Conn) -> None:
        if isinstance(conn, _RelayConn) and not conn.joined:
            self._drop_spare(conn, self.clock(), "it closed the connection")
            return
        super()._pending_lost(conn)

    def _shutdown_extra(self) -> None:
        super()._shutdown_extra()
        for relay, spare in self._spares.items():
            if spare is not None:
                self._close_conn(spare)
                self._spares[relay] = None


class WormholeGuest(_Endpoint):
    """The guest after the rendezvous: dials the host's direct addresses, then the relays, in
    turn, and again after every drop until the session resumes or gives up; the way that
    worked last is tried first."""

    def __init__(
        self,
        session: ReliableSession,
        link: Link,
        clock: Callable[[], float] = time.monotonic,
        direct_timeout: float = DIRECT_DIAL_TIMEOUT,
        relay_wait: float = RELAY_WAIT,
        redial_delays: tuple[float, ...] = (0.1, 0.25, 0.5, 1.0, 2.0),
    ) -> None:
        super().__init__(session, clock)
        self.link = link
        self.routes = [("direct", hint) for hint in link.hints] + [
            ("relay", relay) for relay in link.relays
        ]
        if not self.routes:
            raise InviteError("The host offered no way to connect: no address and no relay.")
        self.direct_timeout = direct_timeout
        self.relay_wait = relay_wait
        self.redial_delays = redial_delays
        self._turn = 0
        self._failed_rounds = 0
        self._dial_at: float | None = None
        self._relay: _RelayConn | None = None
        self._proven = False  # the session's channel came up on the current connection
        self._reasons: list[str] = []

    def start(self) -> WormholeGuest:
        self._dial_at = self.clock()
        self._start_thread("wormhole-guest")
        return self

    @property
    def route(self) -> tuple[str, str]:
        """The way tried or used now: ("direct", host:port) or ("relay", hint)."""
        return self.routes[self._turn % len(self.routes)]

    def _extra_deadline(self) -> float | None:
        if self._active is not None or self.session.finished:
            return None
        if self._relay is not None:
            return self._relay.opened + self.relay_wait
        return self._dial_at

    def _before_select(self) -> None:
        with self.lock:
            due = (
                self._active is None
                and self._relay is None
                and self._dial_at is not None
                and not self.session.finished
                and self.clock() >= self._dial_at
            )
            kind, where = self.route
            if due and kind == "relay":
                self._dial_at = None
                self._start_relay(where, self.clock())
                return
        if not due:
            return
        # a direct dial blocks (name lookup, connect), so it runs without the session lock
        try:
            host, port = parse_endpoint(where)
            sock = socket.create_connection((host, port), timeout=self.direct_timeout)
        except (OSError, ValueError) as error:
            with self.lock:
                reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
                self._next_route(self.clock(), f"{where}: {reason}")
            return
        self._adopt_dialled(
            sock, where, phrase("Connected to your friend's game directly ({where}).", where=where)
        )

    def _start_relay(self, relay: str, now: float) -> None:
        try:
            conn = _dial_relay(relay, self.link, Role.GUEST, now)
        except OSError as error:
            self._next_route(now, _relay_trouble(relay, error.strerror or str(error)))
            return
        self._relay = conn
        _watch_writable(self, conn)

    def _pending_data(self, conn: _Conn, chunk: bytes, now: float) -> None:
        if conn is not self._relay:
            return
        relay = self._relay
        try:
            rest = _relay_answer(relay, chunk)
        except OSError as error:
            self._relay_lost(now, _relay_trouble(relay.relay, error.strerror or str(error)))
            return
        if rest is None:
            return
        self._relay = None
        self._attach(relay, now)
        self._notice(
            "dialled",
            phrase("Connected to your friend's game through the relay {relay}.", relay=relay.relay),
        )
        if rest:
            self.session.receive_bytes(rest, now)

    def _pending_lost(self, conn: _Conn) -> None:
        if conn is self._relay:
            self._relay_lost(
                self.clock(),
                phrase("the relay {relay} closed the connection", relay=self._relay.relay),
            )

    def _relay_lost(self, now: float, reason: str) -> None:
        if self._relay is not None:
            self._close_conn(self._relay)
            self._relay = None
        self._next_route(now, reason)

    def _service_extra(self, now: float) -> None:
        relay = self._relay
        if relay is not None and now - relay.opened > self.relay_wait:
            self._relay_lost(
                now,
                phrase(
                    "your friend's game did not come to the relay {relay} in time",
                    relay=relay.relay,
                ),
            )
        if self._active is not None and self.session.channel_up:
            self._proven = True

    def _next_route(self, now: float, reason: str) -> None:
        self._reasons.append(reason)
        del self._reasons[: -len(self.routes)]  # only the last round's are told
        self._turn += 1
        if self._turn % len(self.routes):
            self._dial_at = now
            return
        # every way failed once: say so, and wait a little longer before each new round
        delay = self.redial_delays[min(self._failed_rounds, len(self.redial_delays) - 1)]
        self._failed_rounds += 1
        self._dial_at = now + delay
        reasons = self._reasons[0]
        for reason in self._reasons[1:]:
            reasons = phrase("{some}; {last}", some=reasons, last=reason)
        self._notice(
            "dial_failed",
            phrase(
                "Could not reach your friend's game directly or through a relay ({reasons}); "
                "trying again. If this goes on, set another relay in Options (both players) "
                "or use direct play with a forwarded port.",
                reasons=reasons,
            ),
        )

    def _after_loss(self, now: float, why: str) -> None:
        if self.session.finished:
            return
        if not self._proven:
            self._turn += 1  # whatever answered there was not the host's game: try the next way
        self._proven = False
        self._failed_rounds = 0
        self._dial_at = now + self.redial_delays[0]

    def _shutdown_extra(self) -> None:
        if self._relay is not None:
            self._close_conn(self._relay)
            self._relay = None


def link_endpoint(
    session: ReliableSession,
    link: Link,
    *,
    listener: socket.socket | None = None,
    bind_host: str | None = None,
) -> WormholeHost | WormholeGuest:
    """The running endpoint for `link` (the session's role must be the link's). The host uses
    the listener it opened for the rendezvous or, started again after a crash, listens on the
    port its hints named (any free port if that one is taken: the relay still joins them)."""
    if link.role is Role.GUEST:
        return WormholeGuest(session, link).start()
    if listener is None and link.hints:
        try:
            listener = open_listener(parse_endpoint(link.hints[0])[1], bind_host)
        except (OSError, ValueError):
            listener = open_listener(0, bind_host)
    return WormholeHost(session, link, listener).start()
