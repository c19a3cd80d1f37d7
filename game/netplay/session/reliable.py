"""The reliable session between host and guest, written sans-I/O: it never touches a socket or a
clock. A shell (the TCP thread, or the in-memory link in tests) tells it when a connection is
made or lost, feeds it received bytes or frames with the current time, and asks `poll(now)` for
frames to transmit and `next_deadline()` for when to call again. One session lives for a whole
game and outlasts dropped connections: payloads carry session-wide sequence numbers, the receiver
acknowledges cumulatively (with a short delay so the ack rides on the answer, or at once for
duplicates and gaps, plus a few selective acks), the sender retransmits on an RFC 6298 timeout
that honours Karn's rule, and when the guest redials it proves the session with the random token
from the first handshake so both sides replay exactly what the other has not acknowledged.
Everything one `poll` sends goes out sealed in one frame, so a turn of several moves pays for
one length, counter and tag.

Under all of it every connection starts with a key exchange (see `secure.py` here): the guest proves
it holds the host's join code, or on a reconnection the resume secret of its first join, and
from then on every frame is sealed. The host judges each new connection through a `HostGate`
that nothing before the exchange can get past, so a stranger can neither take the seat nor end
or change the game; a few wrong codes make the host choose a new one. Payloads come out as `Delivered`
events, exactly once and in order; status changes (connected, interrupted, resumed, failed,
closed) come out as events too, with sentences a player can read."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import msgpack

from ..errors import ProtocolError, SessionError
from ..wire.framing import (
    MAX_FRAME,
    FrameDecoder,
    decode_body,
    decode_frame,
    encode_body,
    encode_frame,
)
from ..wire.payloads import REFUSAL, PayloadRegistry, default_registry, from_wire, to_wire
from ..wire.session_messages import (
    MAGIC,
    MAX_REASON_CHARS,
    MAX_SACK,
    PLAIN_KINDS,
    TOKEN_BYTES,
    WINDOW,
    Ack,
    Bye,
    Data,
    Hello,
    KeyAccept,
    KeyConfirm,
    KeyHello,
    KeyReply,
    Kind,
    Message,
    Ping,
    Pong,
    Reject,
    ResumeOk,
    Sealed,
    Welcome,
    pack_message,
    parse_message,
)
from ..wire.text import clean_text
from .handshake import (
    PeerInfo,
    Role,
    clean_name,
    clean_version,
    negotiate_protocol,
    version_mismatch_message,
)
from .joincode import display_code, new_join_code, normalize_code
from .rto import RtoEstimator
from .secure import (
    GuestExchange,
    HostExchange,
    Mode,
    Opener,
    Sealer,
    join_password,
    resume_password,
)


class Status(Enum):
    CONNECTING = "connecting"
    CONNECTED = "connected"
    INTERRUPTED = "interrupted"
    CLOSED = "closed"
    FAILED = "failed"


@dataclass(frozen=True)
class SessionConfig:
    """Timers (seconds) and bounds. The defaults suit a card game on a LAN or the internet."""

    heartbeat_interval: float = 1.0
    interrupt_after: float = 3.0  # silence before the "connection interrupted" notice
    reconnect_after: float = 4.0  # silence before the transport is abandoned and redialled
    # silence before the session fails for good: the window to come back in, after a crash too
    give_up_after: float = 120.0
    ack_delay: float = 0.05
    initial_rto: float = 1.0
    min_rto: float = 0.2
    max_rto: float = 8.0
    max_unacked: int = WINDOW

    def __post_init__(self) -> None:
        if (
            not 0
            < self.heartbeat_interval
            < self.interrupt_after
            <= self.reconnect_after
            < self.give_up_after
        ):
            raise ValueError(
                "need 0 < heartbeat_interval < interrupt_after <= reconnect_after < give_up_after"
            )
        if not 0 <= self.ack_delay < self.min_rto:
            raise ValueError(
                "ack_delay must be shorter than min_rto, or every ack would look like a loss"
            )
        if not 1 <= self.max_unacked <= WINDOW:
            raise ValueError(f"max_unacked must be between 1 and the protocol window {WINDOW}")
        RtoEstimator(self.initial_rto, self.min_rto, self.max_rto)  # validates the bounds


# -- events --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Connected:
    """The first handshake finished: the peer is known and payloads flow."""

    peer: PeerInfo
    protocol: int


@dataclass(frozen=True)
class Interrupted:
    silent_for: float
    text: str


@dataclass(frozen=True)
class Resumed:
    text: str


@dataclass(frozen=True)
class Delivered:
    """A payload from the peer, in order, exactly once."""

    seq: int
    payload: list[Any]


@dataclass(frozen=True)
class Failed:
    code: str
    text: str


@dataclass(frozen=True)
class Closed:
    by_peer: bool
    text: str


@dataclass(frozen=True)
class GuestTurnedAway:
    """Host only: a connection was refused without disturbing the session (wrong version, a
    second guest while a game is on, an unknown session token)."""

    code: str
    text: str


@dataclass(frozen=True)
class PayloadRefused:
    """A message from the peer broke its schema and was set aside (the peer is told); the game
    goes on. Only a flood of them ends the session."""

    code: str
    text: str


@dataclass(frozen=True)
class RefusedByPeer:
    """The peer could not accept a message this side sent, and said why."""

    code: str
    text: str


@dataclass(frozen=True)
class JoinCodeChanged:
    """Host only: after too many wrong codes the host chose a new one to show its guest."""

    code: str
    text: str


Event = (
    Connected
    | Interrupted
    | Resumed
    | Delivered
    | Failed
    | Closed
    | GuestTurnedAway
    | JoinCodeChanged
    | PayloadRefused
    | RefusedByPeer
)


@dataclass
class SessionStats:
    frames_sent: int = 0
    frames_received: int = 0
    data_sent: int = 0
    retransmissions: int = 0
    duplicates_received: int = 0
    out_of_order_received: int = 0
    delivered: int = 0
    resumes: int = 0
    transports: int = 0
    bad_frames: int = 0  # sealed frames that failed authentication (altered or forged)
    replays_dropped: int = 0  # sealed frames seen before (link duplicates or replays)
    refused: int = 0  # payloads that broke their schema
    restarts: int = 0  # times the peer's session started over (after a crash)


@dataclass
class _Outgoing:
    seq: int
    payload: list[Any]
    first_sent: float | None = None
    last_sent: float | None = None
    transmissions: int = 0
    sacked: bool = False
    resend: bool = False  # replay on a fresh transport at the first chance
    # may still give a round-trip sample: sent once (Karn's rule), and not in flight while
    # another message was retransmitted, since its ack may then wait for the gap to fill
    timed: bool = True


_PROOF_LABEL = b"canasta-netplay resume-ok"
_QUIT = "quit"
MAX_WRONG_CODES = 3  # wrong codes a host takes before it chooses a new one
MAX_BAD_FRAMES = 16  # frames failing to open before a connection is given up
MAX_REFUSED = 20  # payloads breaking their schema before the session is ended
# In-order messages wait up to `ack_delay` for an ack to ride on data going back (a move
# answered at once); only this many unacknowledged ones make it go out at once on its own.
ACK_EVERY = 16
_BATCH_HEADER = 5  # the largest msgpack array header a flush may need
_DATA_RUN_BYTES = MAX_FRAME // 2  # payloads one DATA may carry together
_log = logging.getLogger(__name__)


def _array_header(count: int) -> bytes:
    header: bytes = msgpack.Packer().pack_array_header(count)
    return header


def _resume_proof(token: bytes) -> bytes:
    return hmac.new(token, _PROOF_LABEL, hashlib.sha256).digest()[:TOKEN_BYTES]


class ReliableSession:
    """One game's connection state on one side; see the module docstring for the contract."""

    def __init__(
        self,
        role: Role,
        local: PeerInfo,
        config: SessionConfig | None = None,
        registry: PayloadRegistry | None = None,
        join_code: str | None = None,
    ) -> None:
        """`join_code` is the code the host shows and the guest types (raises `ValueError` if
        it cannot be one). None only for callers that have no code to offer yet: both sides then
        use the same empty code, so the channel is private but anyone may join."""
        self.role = role
        self.local = local
        self.config = config or SessionConfig()
        self.registry = registry or default_registry()
        self.stats = SessionStats()
        self._rto = RtoEstimator(self.config.initial_rto, self.config.min_rto, self.config.max_rto)
        self._status = Status.CONNECTING
        self._events: list[Event] = []
        self._out: list[bytes] = []
        self._batch: list[bytes] = []  # message bodies to seal together at the next flush
        self._now = float("-inf")
        self._failure: Failed | None = None

        self._join_code = normalize_code(join_code) if join_code else None
        self._wrong_codes = 0
        self._resume_secret: bytes | None = None
        self._token: bytes | None = None
        self._peer: PeerInfo | None = None
        self._protocol: int | None = None
        self._established = False
        self._guest_confirmed = False  # host: the guest has shown it received our WELCOME
        self._started_at: float | None = None
        self._last_heard = 0.0

        # the current transport
        self._transport_up = False
        self._datagram = False
        self._ready = False  # handshake done on this transport
        self._transport_since = 0.0
        self._wants_reset = False
        self._decoder = FrameDecoder()
        # the current transport's key exchange and sealed channel
        self._kx: GuestExchange | None = None
        self._gate: HostGate | None = None
        self._sealer: Sealer | None = None
        self._opener: Opener | None = None
        self._bad_frames = 0
        self._guest_spoke = False  # host: the guest sent more than its HELLO on this transport
        self._hello_due = 0.0
        self._hello_interval = self.config.initial_rto
        self._last_sent = float("-inf")
        self._ping: tuple[int, float] | None = None
        self._pings_sent = 0

        # sending
        self._next_seq = 1
        self._highest_sent = 0
        self._peer_acked = 0
        self._unacked: dict[int, _Outgoing] = {}

        # receiving
        self._received = 0
        self._out_of_order: dict[int, list[Any] | None] = {}  # None: set aside
        self._ack_due: float | None = None
        self._ack_now = False
        self._unacked_in = 0

    # -- read-only state ----------------------------------------------------------------------
    @property
    def status(self) -> Status:
        return self._status

    @property
    def finished(self) -> bool:
        return self._status in (Status.CLOSED, Status.FAILED)

    @property
    def failure(self) -> Failed | None:
        return self._failure

    @property
    def peer(self) -> PeerInfo | None:
        return self._peer

    @property
    def protocol(self) -> int | None:
        return self._protocol

    @property
    def established(self) -> bool:
        return self._established

    @property
    def wants_reset(self) -> bool:
        """True when the shell should close the current transport: it went silent, or the
        session ended. A guest shell then redials unless the session is finished."""
        return self._wants_reset

    @property
    def transport_up(self) -> bool:
        return self._transport_up

    @property
    def rto(self) -> RtoEstimator:
        return self._rto

    @property
    def unacked_count(self) -> int:
        return len(self._unacked)

    @property
    def out_of_order_count(self) -> int:
        return len(self._out_of_order)

    @property
    def buffered_bytes(self) -> int:
        return self._decoder.buffered

    @property
    def last_received(self) -> int:
        return self._received

    @property
    def join_code(self) -> str | None:
        """The code in its display form (`K7QM-3WXA`), or None for a session without one."""
        return display_code(self._join_code) if self._join_code else None

    @property
    def channel_up(self) -> bool:
        """The current transport finished its key exchange: frames are sealed both ways."""
        return self._sealer is not None and self._opener is not None

    def peer_label(self) -> str:
        if self._peer is not None:
            return self._peer.name
        return f"the {self.role.other.value}"

    # -- the shell's side ---------------------------------------------------------------------
    def connection_made(
        self, now: float, *, datagram: bool = False, decoder: FrameDecoder | None = None
    ) -> None:
        """A transport to the peer is up. `datagram` says frames may arrive lost, duplicated or
        reordered (the in-memory link); on a byte stream such oddities are protocol errors.
        `decoder` carries bytes a shell has already read from this stream."""
        now = self._tick(now)
        if self.finished:
            return
        self._transport_up = True
        self._datagram = datagram
        self._ready = False
        self._wants_reset = False
        self._transport_since = now
        self._decoder = decoder or FrameDecoder()
        self._kx = None
        self._gate = None
        self._sealer = None
        self._opener = None
        self._bad_frames = 0
        self._guest_spoke = False
        self._out.clear()
        self._batch.clear()
        self._ping = None
        self._ack_now = False
        self._ack_due = None
        self.stats.transports += 1
        if self._started_at is None:
            self._started_at = now
        self._hello_due = now
        # the opening is repeated about once a round trip, not at a timeout backed off by the
        # losses that killed the last connection: two round trips must succeed before play
        srtt = self._rto.srtt
        self._hello_interval = self._rto.rto if srtt is None else min(self._rto.rto, 1.5 * srtt)

    def connection_lost(self, now: float) -> None:
        """The transport closed (or the shell closed it). Unsent output is discarded: whatever
        mattered is still unacknowledged and is replayed on resume."""
        self._tick(now)
        self._transport_up = False
        self._ready = False
        self._wants_reset = False
        self._out.clear()
        self._batch.clear()

    def receive_bytes(self, data: bytes, now: float) -> None:
        """Bytes from a stream transport, in any chunking."""
        now = self._tick(now)
        if self._ignoring_input():
            return
        try:
            for value in self._decoder.feed(data):
                self._handle(value, now)
                if self._ignoring_input():
                    break
        except ProtocolError as error:
            self._protocol_failure(error)

    def receive_frame(self, frame: bytes, now: float) -> None:
        """Exactly one frame from a datagram-like transport."""
        now = self._tick(now)
        if self._ignoring_input():
            return
        try:
            self._handle(decode_frame(frame), now)
        except ProtocolError as error:
            self._protocol_failure(error)

    def open_gate(self) -> HostGate:
        """Host shells with several sockets: a gate for a new connection's key exchange, judged
        without touching the current connection. Feed it that connection's frames and write
        what it answers; once `admitted`, hand it to `adopt`; once `refused`, close it."""
        if self.role is not Role.HOST:
            raise SessionError("Only the host judges new connections.")
        return HostGate(self, datagram=False)

    def adopt(self, gate: HostGate, now: float, decoder: FrameDecoder | None = None) -> None:
        """Make an admitted gate's connection the current transport (the shell closes the old
        one first). `decoder` holds whatever that connection sent after its key exchange."""
        if not gate.admitted:
            raise SessionError("Only a connection that finished its key exchange can be adopted.")
        self.connection_made(now, decoder=decoder)
        self._gate = gate
        self._open_host_channel(gate)

    def receive_value(self, value: Any, now: float) -> None:
        """One decoded frame from the current transport (a shell that decoded it already)."""
        now = self._tick(now)
        if self._ignoring_input():
            return
        try:
            self._handle(value, now)
        except ProtocolError as error:
            self._protocol_failure(error)

    def poll(self, now: float) -> list[bytes]:
        """Run the timers and return the frames to transmit now, in order."""
        now = self._tick(now)
        if self._started_at is None and self.role is Role.GUEST:
            # a guest's give-up clock runs from its first attempt, even if no dial ever connects
            self._started_at = now
        if not self.finished:
            self._check_silence(now)
        if not self.finished and self._transport_up:
            if self._ready:
                self._send_data(now)
                self._send_ack_if_due(now)
                if now >= self._last_sent + self.config.heartbeat_interval:
                    # a small number tells the PONG to this PING from older ones: one byte
                    # where a time in milliseconds took five
                    self._pings_sent += 1
                    stamp = self._pings_sent % 128
                    self._ping = (stamp, now)
                    self._emit(Ping(stamp), now)
            elif self.role is Role.GUEST and now >= self._hello_due:
                self._send_hello(now)
            if not self._ready and self._gate is not None:
                self._flush()
                self._out.extend(self._gate.take_output())
        self._flush()
        out, self._out = self._out, []
        return out

    def next_deadline(self) -> float | None:
        """When `poll` next has something to do; None if only new input or a new connection
        can change anything."""
        if self._out or self._batch:
            return self._now
        if self.finished:
            return None
        cfg = self.config
        times = [t for t in self._silence_deadlines() if t is not None]
        if self._transport_up and self._ready:
            if self._ack_now:
                return self._now
            if self._ack_due is not None:
                times.append(self._ack_due)
            times.append(self._last_sent + cfg.heartbeat_interval)
            for item in self._unacked.values():
                if item.last_sent is None or item.resend:
                    return self._now
                if not item.sacked:
                    times.append(item.last_sent + self._rto.rto)
        elif self._transport_up and self.role is Role.GUEST:
            times.append(self._hello_due)
        return min(times) if times else None

    def pop_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    # -- the application's side ---------------------------------------------------------------
    def send(self, payload: list[Any]) -> int:
        """Queue a payload for reliable, ordered delivery; returns its sequence number. Works
        before the handshake too: the payload goes out once the session is up."""
        if self.finished:
            raise SessionError("The session has ended.")
        try:
            self.registry.validate(payload)
            encode_frame(pack_message(Data(self._next_seq, self._next_seq, payload)))
        except ProtocolError as error:
            raise SessionError(f"cannot send this payload: {error.message}") from None
        if len(self._unacked) >= self.config.max_unacked:
            raise SessionError(
                "Too many messages are waiting for the other player; try again shortly."
            )
        seq = self._next_seq
        self._next_seq += 1
        self._unacked[seq] = _Outgoing(seq, payload)
        return seq

    def close(self, now: float, text: str = "") -> None:
        """Leave the session: tell the peer (if connected) and stop."""
        now = self._tick(now)
        if self.finished:
            return
        if self._transport_up and self._sealer is not None and (self._ready or self._established):
            message = clean_text(text, MAX_REASON_CHARS) or f"{self.local.name} left the game."
            self._emit(Bye(_QUIT, message), now)
        self._finish(Status.CLOSED, Closed(False, "You left the game."))

    def abort(self, now: float, error: ProtocolError) -> None:
        """End the session because the game layer found a payload it cannot accept (an illegal
        move, a rules message out of turn): both players get a clear reason."""
        self._tick(now)
        if not self.finished:
            self._protocol_failure(error)

    # -- incoming -----------------------------------------------------------------------------
    def _handle(self, value: Any, now: float) -> None:
        message = parse_message(value)
        self.stats.frames_received += 1
        if isinstance(message, Sealed):
            self._on_sealed(message, now)
        elif message.KIND not in PLAIN_KINDS:
            self._unexpected(message, "in the clear")
        elif self.role is Role.HOST:
            self._host_plain(message, now)
        elif isinstance(message, Reject) and self._opener is None:
            self._on_reject(message)
        elif isinstance(message, KeyReply):
            self._on_key_reply(message, now)
        elif isinstance(message, KeyAccept):
            self._on_key_accept(message)
        else:
            self._unexpected(message, "in the clear")

    def _on_sealed(self, sealed: Sealed, now: float) -> None:
        if self._opener is None:
            self._unexpected(sealed, "before the key exchange")
            return
        forgeries = self._opener.forgeries
        body = self._opener.open(sealed)
        if body is None:
            if self._opener.forgeries > forgeries:
                self.stats.bad_frames += 1
                self._bad_frames += 1
                if self._bad_frames >= MAX_BAD_FRAMES:
                    self._wants_reset = True  # the line is being tampered with: dial afresh
            else:
                self.stats.replays_dropped += 1
            return
        value = decode_body(body)
        # one message, or every message of the sender's flush as a list of them
        batch = (
            value if isinstance(value, list) and value and isinstance(value[0], list) else [value]
        )
        for item in batch:
            inner = parse_message(item)
            if inner.KIND in PLAIN_KINDS and not isinstance(inner, Reject):
                raise ProtocolError("unexpected", f"{inner.KIND.name} cannot travel sealed")
            self._handle_inner(inner, now)
            if self._ignoring_input():
                return

    def _host_plain(self, message: Message, now: float) -> None:
        if self._gate is None:
            self._gate = HostGate(self, datagram=self._datagram)
        gate = self._gate
        gate.receive_message(message)
        answer = gate.take_output()
        if answer:
            self._transport_since = now  # the exchange is progressing
        self._flush()
        self._out.extend(answer)
        if gate.refused:
            self._wants_reset = True
        elif gate.admitted and self._sealer is None:
            self._open_host_channel(gate)

    def _open_host_channel(self, gate: HostGate) -> None:
        assert gate.exchange is not None
        keys = gate.exchange.keys
        self._sealer = Sealer(keys.host_to_guest)
        self._opener = Opener(keys.guest_to_host, ordered=not self._datagram)

    def _on_key_reply(self, reply: KeyReply, now: float) -> None:
        if self._kx is None:
            self._unexpected(reply, "before KEY_HELLO")
            return
        first = self._kx.confirm is None
        self._kx.on_reply(reply)
        if first:
            # the exchange is progressing: the silence allowance restarts with each step
            self._transport_since = now
            assert self._kx.keys is not None
            self._sealer = Sealer(self._kx.keys.guest_to_host)
            self._send_hello(now)

    def _on_key_accept(self, accept: KeyAccept) -> None:
        kx = self._kx
        if kx is None:
            raise ProtocolError("unexpected", "KEY_ACCEPT before any key exchange")
        if kx.accepted:
            return  # the answer to a repeated confirmation
        if not kx.on_accept(accept):
            self._fail(
                "impostor",
                "The other side could not prove it knows the join code: "
                "this is not the game you were invited to.",
            )
            return
        assert kx.keys is not None
        self._opener = Opener(kx.keys.host_to_guest, ordered=not self._datagram)
        self._transport_since = max(self._transport_since, self._now)

    def _handle_inner(self, message: Message, now: float) -> None:
        if isinstance(message, Bye):
            self._on_bye(message)
            return
        if self.role is Role.HOST:
            if isinstance(message, Hello):
                self._on_hello(message, now)
                return
            if not self._ready:
                self._unexpected(message, "before HELLO")
                return
        else:
            if isinstance(message, Welcome):
                self._on_welcome(message, now)
                return
            if isinstance(message, ResumeOk):
                self._on_resume_ok(message, now)
                return
            if isinstance(message, Reject):
                self._on_reject(message)
                return
            if not self._ready:
                self._unexpected(message, "before the host's answer")
                return
        self._heard(now)
        self._guest_confirmed = True
        self._guest_spoke = True
        if isinstance(message, Data):
            self._on_data(message, now)
        elif isinstance(message, Ack):
            self._on_ack(message.ack, message.sack, now)
        elif isinstance(message, Ping):
            self._emit(Pong(message.timestamp), now)
        elif isinstance(message, Pong):
            if self._ping is not None and self._ping[0] == message.timestamp:
                self._rto.sample(now - self._ping[1])
                self._ping = None
        else:
            self._unexpected(message, f"by the {self.role.value}")

    def _unexpected(self, message: Message, when: str) -> None:
        # a datagram link may reorder a host's replay ahead of its RESUME_OK; the sender will
        # retransmit, so dropping is safe there, while on a byte stream it means a broken peer
        if self._datagram:
            return
        raise ProtocolError(
            "unexpected", f"{type(message).__name__.upper()} is not expected {when}"
        )

    def _on_hello(self, hello: Hello, now: float) -> None:
        verdict, reject = self._judge_hello(hello, same_transport=True)
        if reject is not None:
            self._events.append(GuestTurnedAway(reject.code, self._turned_away_text(reject, hello)))
            self._emit(reject, now)
            self._wants_reset = True
            return
        gate = self._gate
        assert gate is not None and gate.exchange is not None
        if verdict == "restart":
            self._restart_stream()
        if verdict in ("new", "rewelcome", "restart"):
            if gate.exchange.mode is not Mode.JOIN:
                raise ProtocolError("unexpected", "a resumed connection asked to join afresh")
            # the token and the resume secret come from this exchange's key: only the guest
            # that ran it can resume
            self._token = gate.exchange.keys.token
            self._resume_secret = gate.exchange.keys.resume_secret
        if verdict == "new":
            self._peer = PeerInfo(
                clean_name(hello.name),
                clean_version(hello.app_version),
                hello.proto_min,
                hello.proto_max,
            )
            self._protocol = negotiate_protocol(
                self.local.proto_min, self.local.proto_max, hello.proto_min, hello.proto_max
            )
            self._established = True
        elif verdict == "resume":
            self._on_ack(hello.last_received, (), now, timed=False)
            self._replay_unacked()
            self._guest_confirmed = True
            self.stats.resumes += 1
        elif verdict == "rewelcome":
            self._replay_unacked()
        self._ready = True
        self._heard(now)
        assert self._token is not None and self._protocol is not None
        if hello.token is None:
            self._emit(
                Welcome(
                    MAGIC,
                    self._protocol,
                    self.local.proto_min,
                    self.local.proto_max,
                    self.local.app_version,
                    self.local.name,
                    self._token,
                ),
                now,
            )
        else:
            self._emit(ResumeOk(self._received, _resume_proof(self._token)), now)
        if verdict in ("new", "restart"):
            self._set_connected(now)

    def _judge_hello(self, hello: Hello, *, same_transport: bool) -> tuple[str, Reject | None]:
        local = self.local

        def reject(code: str, text: str) -> tuple[str, Reject]:
            return "reject", Reject(
                code, text[:MAX_REASON_CHARS], local.proto_min, local.proto_max, local.app_version
            )

        if hello.magic != MAGIC:
            return reject(
                "not_canasta", "This is a Canasta host; the caller is not a Canasta game."
            )
        if (
            negotiate_protocol(local.proto_min, local.proto_max, hello.proto_min, hello.proto_max)
            is None
        ):
            guest = PeerInfo("", hello.app_version, hello.proto_min, hello.proto_max)
            host_view = version_mismatch_message(Role.GUEST, guest, local)
            return reject("version", host_view)
        repeat = same_transport and self._ready
        if hello.token is None:
            if not self._established:
                return "new", None
            if repeat:
                return "repeat", None
            if (
                not self._guest_confirmed
                and self._peer is not None
                and clean_name(hello.name) == self._peer.name
            ):
                # our WELCOME was lost with the connection, so the same guest dialled again
                # without a token; it cannot have received anything, so start its stream over
                return "rewelcome", None
            # the code holder lost its session (a crash): the game layer rejoins over a new one
            return "restart", None
        if self._token is None or not hmac.compare_digest(hello.token, self._token):
            return reject(
                "unknown_session", "The host has no game in progress with this guest to resume."
            )
        return ("repeat" if repeat else "resume"), None

    def _turned_away_text(self, reject: Reject, hello: Hello) -> str:
        name = clean_name(hello.name, "A guest")
        if reject.code == "version":
            return f"{name} could not join. {reject.text}"
        return f"{name} could not join: {reject.text}"

    def _restart_stream(self) -> None:
        """The peer's session is gone (it crashed and started again): number the messages
        from 1 on both sides. What was in flight is the game layer's to resend on rejoin."""
        self._next_seq = 1
        self._highest_sent = 0
        self._peer_acked = 0
        self._unacked.clear()
        self._received = 0
        self._out_of_order.clear()
        self._clear_ack()
        self.stats.restarts += 1

    def _judge_key_hello(self, hello: KeyHello) -> Reject | bytes:
        """The password for a new connection's exchange, or the reason it is refused."""
        local = self.local

        def reject(code: str, text: str) -> Reject:
            return Reject(
                code, text[:MAX_REASON_CHARS], local.proto_min, local.proto_max, local.app_version
            )

        refusal: Reject | None = None
        if hello.magic != MAGIC:
            refusal = reject(
                "not_canasta", "This is a Canasta host; the caller is not a Canasta game."
            )
        elif (
            negotiate_protocol(local.proto_min, local.proto_max, hello.proto_min, hello.proto_max)
            is None
        ):
            guest = PeerInfo("", hello.app_version, hello.proto_min, hello.proto_max)
            refusal = reject("version", version_mismatch_message(Role.GUEST, guest, local))
        elif hello.mode == Mode.RESUME:
            if self._resume_secret is None:
                refusal = reject(
                    "unknown_session", "The host has no game in progress with this guest to resume."
                )
            else:
                return resume_password(self._resume_secret)
        else:
            # while a game is on, only the holder of the code gets past the exchange: the guest
            # itself, started again after a crash
            return join_password(self._join_code)
        self._events.append(
            GuestTurnedAway(
                refusal.code,
                f"A guest could not join{'.' if refusal.code == 'version' else ':'} {refusal.text}",
            )
        )
        return refusal

    def _old_hello_reject(self, hello: Hello) -> Reject:
        """A copy that speaks an older protocol starts with a plain HELLO: tell it which
        versions met, as version 1 did."""
        local = self.local
        guest = PeerInfo("", clean_version(hello.app_version), hello.proto_min, hello.proto_max)
        text = version_mismatch_message(Role.GUEST, guest, local)
        self._events.append(
            GuestTurnedAway(
                "version", f"{clean_name(hello.name, 'A guest')} could not join. {text}"
            )
        )
        return Reject(
            "version", text[:MAX_REASON_CHARS], local.proto_min, local.proto_max, local.app_version
        )

    def _wrong_code(self, mode: Mode) -> Reject:
        """A guest's confirmation did not match: count it, and after a few choose a new code."""
        local = self.local
        if mode is Mode.RESUME:
            text = "This connection could not prove it belongs to the game in progress."
            self._events.append(
                GuestTurnedAway("unknown_session", f"A connection was refused: {text}")
            )
            return Reject(
                "unknown_session", text, local.proto_min, local.proto_max, local.app_version
            )
        self._wrong_codes += 1
        self._events.append(
            GuestTurnedAway(
                "wrong_code",
                f"Someone tried to join with a wrong code ({self._wrong_codes} of {MAX_WRONG_CODES}).",
            )
        )
        if self._wrong_codes >= MAX_WRONG_CODES and not self._established:
            self._wrong_codes = 0
            self._join_code = normalize_code(new_join_code())
            code = display_code(self._join_code)
            self._events.append(
                JoinCodeChanged(code, f"Too many wrong codes: the join code is now {code}.")
            )
        return Reject(
            "wrong_code",
            "The host did not accept this join code.",
            local.proto_min,
            local.proto_max,
            local.app_version,
        )

    def _plain_frame(self, message: Message) -> bytes:
        self.stats.frames_sent += 1
        return encode_frame(pack_message(message))

    def _on_welcome(self, welcome: Welcome, now: float) -> None:
        if self._token is not None:
            if self._ready and hmac.compare_digest(welcome.token, self._token):
                return  # the answer to a retransmitted HELLO
            self._unexpected(welcome, "while resuming a session")
            return
        if welcome.magic != MAGIC:
            raise ProtocolError("not_canasta", "the host is not a Canasta game")
        host = PeerInfo(
            clean_name(welcome.name),
            clean_version(welcome.app_version),
            welcome.proto_min,
            welcome.proto_max,
        )
        if not (self.local.proto_min <= welcome.protocol <= self.local.proto_max):
            self._fail("version", version_mismatch_message(Role.HOST, host, self.local))
            return
        self._token = welcome.token
        assert self._kx is not None and self._kx.keys is not None
        self._resume_secret = self._kx.keys.resume_secret
        self._peer = host
        self._protocol = welcome.protocol
        self._established = True
        self._ready = True
        self._heard(now)
        self._set_connected(now)

    def _on_resume_ok(self, resume: ResumeOk, now: float) -> None:
        if self._token is None:
            self._unexpected(resume, "without a session to resume")
            return
        if not hmac.compare_digest(resume.proof, _resume_proof(self._token)):
            raise ProtocolError(
                "bad_proof", "the host could not prove it holds this game's session"
            )
        if self._ready:
            return  # the answer to a retransmitted HELLO
        self._on_ack(resume.last_received, (), now, timed=False)
        self._replay_unacked()
        self.stats.resumes += 1
        self._ready = True
        self._heard(now)

    def _on_reject(self, reject: Reject) -> None:
        if reject.code == "unknown_session" and self._established:
            # the host started again from its save: join afresh with the code and let the game
            # layer rejoin over the new session
            self._token = None
            self._resume_secret = None
            self._restart_stream()
            self._wants_reset = True
            return
        if reject.code == "version":
            host = PeerInfo("", reject.app_version, reject.proto_min, reject.proto_max)
            text = version_mismatch_message(Role.HOST, host, self.local)
        elif reject.code == "busy":
            text = "The host is already playing a game with someone else."
        elif reject.code == "unknown_session":
            text = "The host no longer has this game, so it cannot be resumed."
        elif reject.code == "wrong_code":
            text = (
                "The host did not accept this join code: check the code (and the address) "
                "with the host and try again."
            )
        else:
            text = f"The host refused the connection: {clean_text(reject.text, MAX_REASON_CHARS)}"
        self._fail(reject.code, text)

    def _on_bye(self, bye: Bye) -> None:
        if not self._established:
            # a guest that gave up before the first handshake: keep waiting for another
            self._wants_reset = True
            return
        who = self.peer_label()
        if bye.code == _QUIT:
            self._finish(Status.CLOSED, Closed(True, f"{who[:1].upper()}{who[1:]} left the game."))
        else:
            detail = clean_text(f"{bye.code}: {bye.text}", MAX_REASON_CHARS)
            self._fail(
                "peer_" + bye.code[:30],
                f"{who[:1].upper()}{who[1:]} closed the connection after an error ({detail}).",
            )

    def _on_data(self, data: Data, now: float) -> None:
        self._on_ack(data.ack, (), now)
        for offset, payload in enumerate((data.payload, *data.more)):
            self._on_payload(data.seq + offset, payload, now)

    def _on_payload(self, seq: int, wire_payload: Any, now: float) -> None:
        if seq <= self._received or seq in self._out_of_order:
            # our ack was probably lost: say it again at once
            self.stats.duplicates_received += 1
            self._ack_now = True
            return
        if seq > self._received + WINDOW:
            raise ProtocolError(
                "window", f"message {seq} is beyond the window (delivered up to {self._received})"
            )
        payload: list[Any] | None = None
        try:
            payload = self.registry.validate(from_wire(wire_payload))
        except ProtocolError as error:
            self._refuse_payload(error)  # set aside: counted as received, never delivered
        if seq != self._received + 1:
            self._out_of_order[seq] = payload
            self.stats.out_of_order_received += 1
            self._ack_now = True
            return
        self._deliver(seq, payload)
        while self._received + 1 in self._out_of_order:
            self._deliver(self._received + 1, self._out_of_order.pop(self._received + 1))
        self._unacked_in += 1
        if self._unacked_in >= ACK_EVERY:
            self._ack_now = True
        elif self._ack_due is None:
            self._ack_due = now + self.config.ack_delay

    def _deliver(self, seq: int, payload: list[Any] | None) -> None:
        self._received = seq
        if payload is None:
            return
        if payload[0] == REFUSAL:
            text = clean_text(str(payload[2]), MAX_REASON_CHARS)
            self._events.append(
                RefusedByPeer(
                    clean_text(str(payload[1]), 40),
                    f"{self._peer_title()} could not accept a message from this game: {text}",
                )
            )
            return
        self.stats.delivered += 1
        self._events.append(Delivered(seq, payload))

    def _peer_title(self) -> str:
        who = self.peer_label()
        return who[:1].upper() + who[1:]

    def _refuse_payload(self, error: ProtocolError) -> None:
        self.stats.refused += 1
        if self.stats.refused > MAX_REFUSED:
            raise ProtocolError(
                "flood", f"more than {MAX_REFUSED} of its messages broke the protocol's rules"
            )
        text = f"A message from {self.peer_label()} was set aside: {error.message}"
        _log.warning("%s (%s)", text, error.code)
        self._events.append(PayloadRefused(error.code, text[: MAX_REASON_CHARS * 2]))
        with contextlib.suppress(SessionError):  # the session is ending: nobody to tell
            self.send([REFUSAL, error.code[:40] or "refused", error.message[:MAX_REASON_CHARS]])

    def _on_ack(
        self, ack: int, sack: tuple[int, ...] | list[int], now: float, *, timed: bool = True
    ) -> None:
        """Take the peer's acks. `timed` False for an ack learnt on resuming: what it covers
        waited across a dropped connection and says nothing of the path's round trip."""
        if ack > self._highest_sent:
            raise ProtocolError(
                "bad_ack", f"ack for message {ack}, but only {self._highest_sent} were sent"
            )
        sample = None
        if ack > self._peer_acked:
            for seq in range(self._peer_acked + 1, ack + 1):
                item = self._unacked.pop(seq, None)
                if item is not None and self._can_time(item):
                    sample = now - item.first_sent  # type: ignore[operator]
            self._peer_acked = ack
        for seq in sack:
            if seq > self._highest_sent:
                raise ProtocolError("bad_ack", f"selective ack for message {seq}, never sent")
            item = self._unacked.get(seq)
            if item is not None and not item.sacked:
                item.sacked = True
                if self._can_time(item):
                    sample = now - item.first_sent  # type: ignore[operator]
                item.timed = False
        if sample is not None and timed:
            self._rto.sample(sample)

    @staticmethod
    def _can_time(item: _Outgoing) -> bool:
        # Karn's rule: the ack of a message sent twice cannot be matched to either send
        return item.timed and item.transmissions == 1 and item.first_sent is not None

    # -- outgoing -----------------------------------------------------------------------------
    def _emit(self, message: Message, now: float) -> None:
        if not self._transport_up:
            return
        if message.KIND in PLAIN_KINDS and not (
            message.KIND is Kind.REJECT and self._sealer is not None
        ):
            self._flush()
            self._out.append(encode_frame(pack_message(message)))
            self.stats.frames_sent += 1
        elif self._sealer is None:
            return  # nothing but the key exchange can travel before it is done
        else:
            self._batch.append(encode_body(pack_message(message)))
        self._last_sent = now

    def _flush(self) -> None:
        """Seal the messages emitted since the last flush into as few frames as they fit: the
        length, counter and tag are paid once per flush, not once per message."""
        batch, self._batch = self._batch, []
        if not batch or self._sealer is None:
            return
        group: list[bytes] = []
        size = 0
        for body in batch:
            if group and size + len(body) + _BATCH_HEADER > MAX_FRAME:
                self._seal(group)
                group, size = [], 0
            group.append(body)
            size += len(body)
        self._seal(group)

    def _seal(self, bodies: Sequence[bytes]) -> None:
        assert self._sealer is not None
        inner = bodies[0] if len(bodies) == 1 else _array_header(len(bodies)) + b"".join(bodies)
        self._out.append(encode_frame(pack_message(self._sealer.seal(inner))))
        self.stats.frames_sent += 1

    def _send_hello(self, now: float) -> None:
        """The guest's opening, repeated on a timer until answered: its half of the key exchange,
        then its confirmation with the (sealed) HELLO that names it and its session."""
        local = self.local
        if self._kx is None:
            secret = self._resume_secret if self._token is not None else None
            self._kx = GuestExchange(
                Mode.JOIN if secret is None else Mode.RESUME,
                join_password(self._join_code) if secret is None else resume_password(secret),
                MAGIC,
                local.proto_min,
                local.proto_max,
                local.app_version,
            )
        if self._kx.confirm is None:
            self._emit(self._kx.hello, now)
            self._hello_due = now + self._hello_interval
            self._hello_interval = min(self._hello_interval * 2, self._hello_cap())
            return
        if not self._kx.accepted:
            self._emit(self._kx.confirm, now)
        hello = Hello(
            MAGIC,
            local.proto_min,
            local.proto_max,
            local.app_version,
            local.name,
            self._token,
            self._received,
        )
        self._emit(hello, now)
        self._hello_due = now + self._hello_interval
        self._hello_interval = min(self._hello_interval * 2, self._hello_cap())

    def _send_data(self, now: float) -> None:
        timed_out = False
        run: list[_Outgoing] = []  # consecutive messages going out now, sent as one DATA
        run_bytes = 0
        for item in self._unacked.values():
            if item.last_sent is None or item.resend:
                pass
            elif not item.sacked and now >= item.last_sent + self._rto.rto:
                timed_out = True
                self.stats.retransmissions += 1
            else:
                continue
            if item.first_sent is None:
                item.first_sent = now
            item.last_sent = now
            item.transmissions += 1
            item.resend = False
            self._highest_sent = max(self._highest_sent, item.seq)
            size = len(encode_body(to_wire(item.payload)))
            if run and (run[-1].seq + 1 != item.seq or run_bytes + size > _DATA_RUN_BYTES):
                self._emit_run(run, now)
                run, run_bytes = [], 0
            run.append(item)
            run_bytes += size
            self.stats.data_sent += 1
        if run:
            self._emit_run(run, now)
        if timed_out:
            if now - self._last_heard >= self._rto.rto:
                # backing off is for a path gone quiet; a peer heard from within the timeout
                # is there, and the message was lost at random: try again as soon
                self._rto.back_off()
            for item in self._unacked.values():
                item.timed = False

    def _emit_run(self, run: list[_Outgoing], now: float) -> None:
        payloads = [to_wire(item.payload) for item in run]
        self._emit(Data(run[0].seq, self._received, payloads[0], tuple(payloads[1:])), now)
        if not self._out_of_order:
            self._clear_ack()

    def _send_ack_if_due(self, now: float) -> None:
        if self._ack_now or (self._ack_due is not None and now >= self._ack_due):
            sack = tuple(sorted(self._out_of_order)[:MAX_SACK])
            self._emit(Ack(self._received, sack), now)
            self._clear_ack()

    def _clear_ack(self) -> None:
        self._ack_now = False
        self._ack_due = None
        self._unacked_in = 0

    def _replay_unacked(self) -> None:
        for item in self._unacked.values():
            if item.last_sent is not None:
                item.resend = True
                item.timed = False
            item.sacked = False  # the peer's buffer survived, but being sure costs little

    # -- status -------------------------------------------------------------------------------
    def _heard(self, now: float) -> None:
        self._last_heard = now
        if self._status is Status.INTERRUPTED and self._ready:
            self._status = Status.CONNECTED
            self._events.append(Resumed(f"The connection to {self.peer_label()} is back."))

    def _set_connected(self, now: float) -> None:
        self._status = Status.CONNECTED
        assert self._peer is not None and self._protocol is not None
        self._events.append(Connected(self._peer, self._protocol))

    def _silence_deadlines(self) -> tuple[float | None, float | None, float | None]:
        """(give up, interrupted notice, abandon transport) times, or None where not armed.
        The timer checks and `next_deadline` share these sums so float rounding cannot make a
        deadline pass without its timer firing."""
        cfg = self.config
        give_up = interrupt = reset = None
        if self._established:
            give_up = self._last_heard + cfg.give_up_after
            if self._status is Status.CONNECTED:
                interrupt = self._last_heard + cfg.interrupt_after
            if self._transport_up and not self._wants_reset:
                # a fresh transport gets its own allowance for the handshake, which takes two
                # round trips: on a slow line, a few retransmission timeouts
                if self._ready and (self.role is Role.GUEST or self._guest_spoke):
                    reset = self._last_heard + cfg.reconnect_after
                else:
                    start = max(self._last_heard, self._transport_since)
                    reset = start + self._handshake_allowance()
        elif self.role is Role.GUEST and self._started_at is not None:
            give_up = self._started_at + cfg.give_up_after
            if self._transport_up and not self._wants_reset:
                reset = self._transport_since + self._handshake_allowance()
        return give_up, interrupt, reset

    def _handshake_allowance(self) -> float:
        # two round trips, each perhaps retransmitted: a few timeouts, and never less than a
        # quarter of the give-up limit, since a slow line's timeouts are not yet measured
        cfg = self.config
        return max(cfg.reconnect_after, 4 * self._rto.rto, cfg.give_up_after / 4)

    def _hello_cap(self) -> float:
        # about a round trip: the line's own when measured, else twice the first timeout
        cfg = self.config
        srtt = self._rto.srtt
        if srtt is None:
            return min(cfg.max_rto, 2 * cfg.initial_rto)
        return min(cfg.max_rto, max(2 * srtt, cfg.min_rto))

    def _check_silence(self, now: float) -> None:
        give_up, interrupt, reset = self._silence_deadlines()
        if give_up is not None and now >= give_up:
            seconds = f"{self.config.give_up_after:g}"
            if self._established:
                self._fail(
                    "timeout",
                    f"No word from {self.peer_label()} for {seconds} seconds: the connection is lost.",
                )
            else:
                self._fail("unreachable", f"The host did not answer within {seconds} seconds.")
            return
        if interrupt is not None and now >= interrupt:
            self._status = Status.INTERRUPTED
            text = f"The connection to {self.peer_label()} is interrupted; trying to reconnect."
            self._events.append(Interrupted(now - self._last_heard, text))
        if reset is not None and now >= reset:
            self._wants_reset = True

    def _protocol_failure(self, error: ProtocolError) -> None:
        if self.role is Role.GUEST and self._established and self._opener is None:
            # before the key exchange is done nobody has shown they are the host: drop this
            # connection and dial again rather than let a stranger end the game
            self._wants_reset = True
            return
        if self.role is Role.HOST and (not self._established or self._opener is None):
            # garbage before the key exchange is done never ends the game: a stranger's can at
            # most lose its own connection
            local = self.local
            reject = Reject(
                error.code[:40] or "error",
                error.message[:MAX_REASON_CHARS],
                local.proto_min,
                local.proto_max,
                local.app_version,
            )
            if self._transport_up:
                self._flush()
                self._out.append(self._plain_frame(reject))
            self._events.append(
                GuestTurnedAway(error.code, f"A connection was refused: {error.message}")
            )
            self._wants_reset = True
            return
        if self._transport_up:
            self._emit(Bye(error.code[:40] or "error", error.message[:MAX_REASON_CHARS]), self._now)
        self._fail(
            error.code,
            f"The connection was closed: {self.peer_label()} sent something this game cannot accept ({error.message})."[
                : MAX_REASON_CHARS * 2
            ],
        )

    def _fail(self, code: str, text: str) -> None:
        failure = Failed(code, text)
        self._failure = failure
        self._finish(Status.FAILED, failure)

    def _finish(self, status: Status, event: Event) -> None:
        self._status = status
        self._events.append(event)
        self._wants_reset = True
        self._unacked.clear()
        self._out_of_order.clear()

    def _ignoring_input(self) -> bool:
        # a transport condemned before its handshake finished has nothing more worth reading
        return self.finished or not self._transport_up or (self._wants_reset and not self._ready)

    def _tick(self, now: float) -> float:
        # a clock that steps backwards must not make timers fire twice or never
        self._now = max(self._now, now)
        return self._now


class HostGate:
    """The host's door for one connection: it answers the key exchange and admits the
    connection only once the guest's confirmation proves it holds the code (or, resuming, the
    resume secret). Anything else before that refuses the connection, never the game."""

    def __init__(self, session: ReliableSession, *, datagram: bool) -> None:
        self._session = session
        self._datagram = datagram
        self.exchange: HostExchange | None = None
        self.refused = False
        self._out: list[bytes] = []

    @property
    def admitted(self) -> bool:
        return self.exchange is not None and self.exchange.accepted and not self.refused

    def receive(self, value: Any) -> None:
        """One decoded frame from this connection; raises `ProtocolError` if it is unreadable
        or out of place (the shell then closes the connection)."""
        self.receive_message(parse_message(value))

    def receive_message(self, message: Message) -> None:
        if self.refused:
            return
        if isinstance(message, KeyHello):
            self._on_key_hello(message)
        elif isinstance(message, KeyConfirm):
            self._on_confirm(message)
        elif isinstance(message, Hello):
            self._refuse(self._session._old_hello_reject(message))
        elif not self._datagram:
            raise ProtocolError(
                "unexpected", f"{message.KIND.name} is not expected before the key exchange"
            )

    def take_output(self) -> list[bytes]:
        """Frames to write to this connection, in order."""
        out, self._out = self._out, []
        return out

    def _send(self, message: Message) -> None:
        self._out.append(self._session._plain_frame(message))

    def _on_key_hello(self, hello: KeyHello) -> None:
        exchange = self.exchange
        if exchange is not None:
            if hello.pake == exchange.hello.pake:
                self._send(exchange.reply)  # our reply was lost (datagram link)
                return
            if not self._datagram:
                raise ProtocolError("unexpected", "a second key exchange on one connection")
            if exchange.accepted:
                return  # a stale attempt overtaken by the one that succeeded
        verdict = self._session._judge_key_hello(hello)
        if isinstance(verdict, Reject):
            self._refuse(verdict)
            return
        self.exchange = HostExchange(hello, verdict)
        self._send(self.exchange.reply)

    def _on_confirm(self, confirm: KeyConfirm) -> None:
        exchange = self.exchange
        if exchange is None:
            if self._datagram:
                return  # it overtook the KEY_HELLO it answers
            raise ProtocolError("unexpected", "KEY_CONFIRM before KEY_HELLO")
        if exchange.accepted:
            # the guest repeated itself before our accept arrived; on a datagram link the
            # accept may also have been lost
            if self._datagram and hmac.compare_digest(confirm.tag, exchange.keys.guest_tag):
                self._send(exchange.accept)
            return
        if exchange.check(confirm):
            self._send(exchange.accept)
        else:
            self._refuse(self._session._wrong_code(exchange.mode))

    def _refuse(self, reject: Reject) -> None:
        self.refused = True
        self._send(reject)
