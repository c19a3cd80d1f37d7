"""The reliable session between host and guest, written sans-I/O: it never touches a socket or a
clock. A shell (the TCP thread, or the in-memory link in tests) tells it when a connection is
made or lost, feeds it received bytes or frames with the current time, and asks `poll(now)` for
frames to transmit and `next_deadline()` for when to call again. One session lives for a whole
game and outlasts dropped connections: when the guest redials it proves the session with the
secret of its first key exchange, and both sides replay exactly what the other has not
acknowledged. Everything one `poll` sends goes out sealed in one frame, so a turn of several
moves pays for one length, counter and tag.

The session holds the current connection (its key exchange, its sealed channel, the heartbeat
and the silence timers) and composes two parts: `Admission` (admission.py) says who may carry
the session (the join code, the key exchange the guest must pass, the HELLO that joins or
resumes; wrong codes counted by address, never changing the code), and `Delivery` (delivery.py) gets
payloads across exactly once and in order (sequence numbers, acks, retransmission). The host
judges each new connection through a `HostGate` that nothing before the exchange can get past,
so a stranger can neither take the seat nor end or change the game. Payloads come out as
`Delivered` events, exactly once and in order; status changes (connected, interrupted, resumed,
failed, closed) come out as events too, with sentences a player can read."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Sequence
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
from ..wire.payloads import PayloadRegistry, default_registry
from ..wire.session_messages import (
    MAX_REASON_CHARS,
    PLAIN_KINDS,
    Ack,
    Bye,
    Data,
    Hello,
    KeyAccept,
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
from .admission import Admission, HostGate
from .config import SessionConfig, SessionStats
from .delivery import Delivery
from .events import (
    Closed,
    Connected,
    Event,
    Failed,
    GuestTurnedAway,
    Interrupted,
    PayloadRefused,
    Resumed,
    Status,
)
from .handshake import PeerInfo, Role
from .rto import RtoEstimator
from .secure import GuestExchange, Opener, Sealer

_QUIT = "quit"
MAX_BAD_FRAMES = 16  # frames failing to open before a connection is given up
# frames from the authenticated peer that break the protocol (malformed, oversized, too deep,
# out of range): each is refused and the game goes on; this many within the window make the
# session drop that connection (never the game) and wait for the peer to resume
MAX_BAD_INPUT = 8
BAD_INPUT_WINDOW = 30.0
_log = logging.getLogger(__name__)
_BATCH_HEADER = 5  # the largest msgpack array header a flush may need


def _array_header(count: int) -> bytes:
    header: bytes = msgpack.Packer().pack_array_header(count)
    return header


def _handshake_allowance(cfg: SessionConfig, rto: RtoEstimator) -> float:
    # two round trips, each perhaps retransmitted: a few timeouts, and never less than a
    # quarter of the give-up limit, since a slow line's timeouts are not yet measured
    return max(cfg.reconnect_after, 4 * rto.rto, cfg.give_up_after / 4)


def _hello_cap(cfg: SessionConfig, rto: RtoEstimator) -> float:
    # about a round trip: the line's own when measured, else twice the first timeout
    srtt = rto.srtt
    if srtt is None:
        return min(cfg.max_rto, 2 * cfg.initial_rto)
    return min(cfg.max_rto, max(2 * srtt, cfg.min_rto))


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
        self._admission = Admission(role, local, join_code, self._report)
        self._delivery = Delivery(
            self.config, self.registry, self._rto, self.stats, self._report, self.peer_label
        )
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
        self._bad_input: deque[float] = deque()  # when the peer's recent bad frames came
        self._dropping = False  # this transport is being dropped for bad input: read no more
        self._source = ""  # where the current transport came from
        self._refusal: Failed | None = None  # guest: the host asked it to wait before trying
        self._guest_spoke = False  # host: the guest sent more than its HELLO on this transport
        self._hello_due = 0.0
        self._hello_interval = self.config.initial_rto
        self._last_sent = float("-inf")
        self._ping: tuple[int, float] | None = None
        self._pings_sent = 0

    @property
    def local(self) -> PeerInfo:
        """This side's name and versions, as the peer is told them (and may be changed before
        the next connection)."""
        return self._admission.local

    @local.setter
    def local(self, local: PeerInfo) -> None:
        self._admission.local = local

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
        return self._admission.peer

    @property
    def protocol(self) -> int | None:
        return self._admission.protocol

    @property
    def established(self) -> bool:
        return self._admission.established

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
        return self._delivery.unacked_count

    @property
    def out_of_order_count(self) -> int:
        return self._delivery.out_of_order_count

    @property
    def buffered_bytes(self) -> int:
        return self._decoder.buffered

    @property
    def last_received(self) -> int:
        return self._delivery.received

    @property
    def join_code(self) -> str | None:
        """The code in its display form (`K7QM-3WXA`), or None for a session without one."""
        return self._admission.join_code

    @property
    def channel_up(self) -> bool:
        """The current transport finished its key exchange: frames are sealed both ways."""
        return self._sealer is not None and self._opener is not None

    def peer_label(self) -> str:
        peer = self._admission.peer
        if peer is not None:
            return peer.name
        return f"the {self.role.other.value}"

    # -- the shell's side ---------------------------------------------------------------------
    def connection_made(
        self,
        now: float,
        *,
        datagram: bool = False,
        decoder: FrameDecoder | None = None,
        source: str = "",
    ) -> None:
        """A transport to the peer is up. `datagram` says frames may arrive lost, duplicated or
        reordered (the in-memory link); on a byte stream such oddities are protocol errors.
        `decoder` carries bytes a shell has already read from this stream; `source` is where
        the connection came from (a host counts wrong codes by it)."""
        now = self._tick(now)
        if self.finished:
            return
        self._transport_up = True
        self._datagram = datagram
        self._ready = False
        self._wants_reset = False
        self._transport_since = now
        self._decoder = decoder or FrameDecoder()
        self._source = source
        self._dropping = False
        self._kx = None
        self._gate = None
        self._sealer = None
        self._opener = None
        self._bad_frames = 0
        self._guest_spoke = False
        self._out.clear()
        self._batch.clear()
        self._ping = None
        self._delivery.new_connection()
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
                self._take(value, now)
                if self._ignoring_input():
                    break
        except ProtocolError as error:
            # the stream lost its place: this connection cannot go on, the game can
            self._bad_input_from_peer(error, now, stream_broken=True)

    def receive_frame(self, frame: bytes, now: float) -> None:
        """Exactly one frame from a datagram-like transport."""
        now = self._tick(now)
        if self._ignoring_input():
            return
        try:
            value = decode_frame(frame)
        except ProtocolError as error:
            self._bad_input_from_peer(error, now, stream_broken=False)
            return
        self._take(value, now)

    def bind_seat(self, seat: bytes) -> None:
        """The game under way has this rejoin token (both sides): from now on a connection
        joining with the code takes the seat only if it proves it holds the token too."""
        self._admission.seat = seat

    def open_gate(self, source: str = "") -> HostGate:
        """Host shells with several sockets: a gate for a new connection's key exchange, judged
        without touching the current connection; `source` is the address it came from (wrong
        codes are counted by it). Feed it that connection's frames and write what it answers;
        once `admitted`, hand it to `adopt`; once `refused`, close it."""
        if self.role is not Role.HOST:
            raise SessionError("Only the host judges new connections.")
        return HostGate(
            self._admission,
            datagram=False,
            frame=self._plain_frame,
            source=source,
            screen_seat=True,
        )

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
        self._take(value, now)

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
                for message in self._delivery.outgoing(now, self._last_heard):
                    self._emit(message, now)
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
        times = [t for t in self._silence_deadlines() if t is not None]
        if self._transport_up and self._ready:
            if self._delivery.due_now():
                return self._now
            times.extend(self._delivery.deadlines())
            times.append(self._last_sent + self.config.heartbeat_interval)
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
        return self._delivery.queue(payload)

    def close(self, now: float, text: str = "") -> None:
        """Leave the session: tell the peer (if connected) and stop."""
        now = self._tick(now)
        if self.finished:
            return
        if self._transport_up and self._sealer is not None and (self._ready or self.established):
            message = clean_text(text, MAX_REASON_CHARS) or f"{self.local.name} left the game."
            self._emit(Bye(_QUIT, message), now)
        self._finish(Status.CLOSED, Closed(False, "You left the game."))

    def drop_connection(self, now: float, text: str) -> None:
        """The game layer found the peer persisting in breaking the rules: drop this connection
        (the game goes on, and resumes on the next one), saying `text`."""
        self._tick(now)
        if self.finished or not self._transport_up:
            return
        self._events.append(PayloadRefused("dropped", text))
        self._wants_reset = True
        self._dropping = True

    def abort(self, now: float, error: ProtocolError) -> None:
        """End the session because the game layer found a payload it cannot accept (an illegal
        move, a rules message out of turn): both players get a clear reason."""
        self._tick(now)
        if not self.finished:
            self._protocol_failure(error)

    # -- incoming -----------------------------------------------------------------------------
    def _take(self, value: Any, now: float) -> None:
        """One decoded frame; one that breaks the protocol is refused, never the game's end."""
        try:
            self._handle(value, now)
        except ProtocolError as error:
            self._bad_input_from_peer(error, now, stream_broken=False)

    def _bad_input_from_peer(
        self, error: ProtocolError, now: float, *, stream_broken: bool
    ) -> None:
        """A frame that breaks the protocol. Before the channel is proven it costs the
        connection (`_protocol_failure`); after, only the peer's BYE ends the game: the frame
        is refused with a notice, and a stream that lost its place or a peer that keeps
        sending such frames loses this connection, which the guest redials and resumes."""
        if not (self.established and self._opener is not None):
            self._protocol_failure(error)
            return
        self.stats.bad_frames += 1
        window = self._bad_input
        window.append(now)
        while window and window[0] <= now - BAD_INPUT_WINDOW:
            window.popleft()
        who = self.peer_label()
        text = f"A message from {who} was refused: {error.message}"[: MAX_REASON_CHARS * 2]
        _log.warning("%s (%s)", text, error.code)
        self._events.append(PayloadRefused(error.code[:40] or "refused", text))
        if stream_broken or error.code == "flood" or len(window) >= MAX_BAD_INPUT:
            window.clear()
            self._events.append(
                PayloadRefused(
                    "dropped",
                    f"Too many broken messages from {who}: the connection was dropped; "
                    f"the game waits for it to come back.",
                )
            )
            self._wants_reset = True
            self._dropping = True

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
            self._on_reject(message, sealed=False)
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
            self._gate = HostGate(
                self._admission,
                datagram=self._datagram,
                frame=self._plain_frame,
                source=self._source,
            )
        gate = self._gate
        gate.receive_message(message, now)
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
            if self.established:
                # unauthenticated: a stranger on the path may have answered; dial again
                self._wants_reset = True
                return
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
                self._on_reject(message, sealed=True)
                return
            if not self._ready:
                self._unexpected(message, "before the host's answer")
                return
        self._heard(now)
        self._admission.welcome_received()
        self._guest_spoke = True
        if isinstance(message, Data):
            self._delivery.on_data(message, now)
        elif isinstance(message, Ack):
            self._delivery.on_ack(message.ack, message.sack, now)
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
        admission = self._admission
        gate = self._gate
        assert gate is not None and gate.exchange is not None
        verdict = admission.judge_hello(hello, gate.exchange, repeat=self._ready)
        if isinstance(verdict, Reject):
            self._emit(verdict, now)
            self._wants_reset = True
            return
        if verdict == "restart":
            self._delivery.restart()
        admission.admit(verdict, hello, gate.exchange)
        if verdict == "resume":
            self._delivery.on_ack(hello.last_received, (), now, timed=False)
            self._delivery.replay_unacked()
            admission.welcome_received()
            self.stats.resumes += 1
        elif verdict == "rewelcome":
            self._delivery.replay_unacked()
        self._ready = True
        self._heard(now)
        self._emit(admission.answer(gate.exchange, self._delivery.received), now)
        if verdict in ("new", "restart"):
            self._set_connected(now)

    def _plain_frame(self, message: Message) -> bytes:
        self.stats.frames_sent += 1
        return encode_frame(pack_message(message))

    def _on_welcome(self, welcome: Welcome, now: float) -> None:
        if self._admission.resuming:
            if self._ready and self._admission.holds_token(welcome.token):
                return  # the answer to a retransmitted HELLO
            self._unexpected(welcome, "while resuming a session")
            return
        keys = self._kx.keys if self._kx is not None else None
        mismatch = self._admission.accept_welcome(welcome, keys)
        if mismatch is not None:
            self._fail("version", mismatch)
            return
        self._ready = True
        self._heard(now)
        self._set_connected(now)

    def _on_resume_ok(self, resume: ResumeOk, now: float) -> None:
        if not self._admission.resuming:
            self._unexpected(resume, "without a session to resume")
            return
        self._admission.check_resume_proof(resume.proof)
        if self._ready:
            return  # the answer to a retransmitted HELLO
        self._delivery.on_ack(resume.last_received, (), now, timed=False)
        self._delivery.replay_unacked()
        self.stats.resumes += 1
        self._ready = True
        self._heard(now)

    def _on_reject(self, reject: Reject, *, sealed: bool) -> None:
        if reject.code == "unknown_session" and self.established:
            # the host started again from its save: join afresh with the code and let the game
            # layer rejoin over the new session
            self._admission.forget_session()
            self._delivery.restart()
            self._wants_reset = True
            return
        if self.established and not sealed:
            # anyone on the path can write a REJECT in the clear: it costs this connection,
            # never the game, and the guest dials again
            self._wants_reset = True
            return
        if reject.code == "slow_down" or (reject.code == "busy" and self._admission.seat):
            # the host refuses guesses from this address for a while, or a guest restarted from
            # its save sent its HELLO before the game told it the seat's token: dial again, and
            # say why if the give-up time comes first
            self._refusal = Failed(reject.code, self._admission.refusal_text(reject))
            self._wants_reset = True
            return
        self._fail(reject.code, self._admission.refusal_text(reject))

    def _on_bye(self, bye: Bye) -> None:
        if not self.established:
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
        if self._kx is None:
            self._kx = self._admission.new_exchange()
        if self._kx.confirm is None:
            self._emit(self._kx.hello, now)
        else:
            if not self._kx.accepted:
                self._emit(self._kx.confirm, now)
            self._emit(self._admission.hello(self._delivery.received, self._kx.keys), now)
        self._hello_due = now + self._hello_interval
        self._hello_interval = min(self._hello_interval * 2, _hello_cap(self.config, self._rto))

    # -- status -------------------------------------------------------------------------------
    def _report(self, event: Event) -> None:
        self._events.append(event)

    def _heard(self, now: float) -> None:
        self._last_heard = now
        if self._status is Status.INTERRUPTED and self._ready:
            self._status = Status.CONNECTED
            self._events.append(Resumed(f"The connection to {self.peer_label()} is back."))

    def _set_connected(self, now: float) -> None:
        self._status = Status.CONNECTED
        peer, protocol = self._admission.peer, self._admission.protocol
        assert peer is not None and protocol is not None
        self._events.append(Connected(peer, protocol))

    def _silence_deadlines(self) -> tuple[float | None, float | None, float | None]:
        """(give up, interrupted notice, abandon transport) times, or None where not armed.
        The timer checks and `next_deadline` share these sums so float rounding cannot make a
        deadline pass without its timer firing."""
        cfg = self.config
        give_up = interrupt = reset = None
        if self.established:
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
                    reset = start + _handshake_allowance(cfg, self._rto)
        elif self.role is Role.GUEST and self._started_at is not None:
            give_up = self._started_at + cfg.give_up_after
            if self._transport_up and not self._wants_reset:
                reset = self._transport_since + _handshake_allowance(cfg, self._rto)
        return give_up, interrupt, reset

    def _check_silence(self, now: float) -> None:
        give_up, interrupt, reset = self._silence_deadlines()
        if give_up is not None and now >= give_up:
            seconds = f"{self.config.give_up_after:g}"
            if self.established:
                self._fail(
                    "timeout",
                    f"No word from {self.peer_label()} for {seconds} seconds: the connection is lost.",
                )
            elif self._refusal is not None:
                self._fail(self._refusal.code, self._refusal.text)
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
        if self.role is Role.GUEST and self.established and self._opener is None:
            # before the key exchange is done nobody has shown they are the host: drop this
            # connection and dial again rather than let a stranger end the game
            self._wants_reset = True
            return
        if self.role is Role.HOST and (not self.established or self._opener is None):
            # garbage before the key exchange is done never ends the game: a stranger's can at
            # most lose its own connection
            reject = self._admission.reject(error.code[:40] or "error", error.message)
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
        self._delivery.drop_all()

    def _ignoring_input(self) -> bool:
        # a transport condemned before its handshake finished has nothing more worth reading
        return (
            self.finished
            or not self._transport_up
            or self._dropping
            or (self._wants_reset and not self._ready)
        )

    def _tick(self, now: float) -> float:
        # a clock that steps backwards must not make timers fire twice or never
        self._now = max(self._now, now)
        return self._now
