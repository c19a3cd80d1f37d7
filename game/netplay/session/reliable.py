"""The reliable session between host and guest, written sans-I/O: it never touches a socket or a
clock. A shell (the TCP thread, or the in-memory link in tests) tells it when a connection is
made or lost, feeds it received bytes or frames with the current time, and asks `poll(now)` for
frames to transmit and `next_deadline()` for when to call again. One session lives for a whole
game and outlasts dropped connections: when the guest redials it proves the session with the
secret of its first key exchange, and both sides replay exactly what the other has not
acknowledged. Everything one `poll` sends goes out sealed in one frame, so a turn of several
moves pays for one length, counter and tag.

The session holds the current connection (its key exchange and its `Channel`, channel.py, which
frames, seals and opens its traffic) and composes four parts: `Admission` (admission.py) says
who may carry the session (the join code, the key exchange the guest must pass, the HELLO that
joins or resumes; wrong codes counted by address, never changing the code), `Delivery`
(delivery.py) gets payloads across exactly once and in order (sequence numbers, acks,
retransmission), `Liveness` (liveness.py) keeps the heartbeat and the silence timers, and
`Conduct` (channel.py too) counts what a misbehaving peer costs. The host
judges each new connection through a `HostGate` that nothing before the exchange can get past,
so a stranger can neither take the seat nor end or change the game. Payloads come out as
`Delivered` events, exactly once and in order; status changes (connected, interrupted, resumed,
failed, closed) come out as events too, with sentences a player can read."""

from __future__ import annotations

from typing import Any

from game.logic.phrase import phrase

from ..errors import ProtocolError, SessionError
from ..wire.framing import (
    FrameDecoder,
    decode_frame,
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
from .channel import Channel, Conduct
from .config import SessionConfig, SessionStats
from .delivery import Delivery
from .events import (
    Closed,
    Connected,
    Event,
    Failed,
    PayloadRefused,
    Resumed,
    Status,
)
from .handshake import PeerInfo, Role
from .liveness import Deadlines, Liveness
from .rto import RtoEstimator
from .secure import GuestExchange

_QUIT = "quit"


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
        self._now = float("-inf")
        self._failure: Failed | None = None
        self._admission = Admission(role, local, join_code, self._report)
        self._delivery = Delivery(
            self.config, self.registry, self._rto, self.stats, self._report, self.peer_label
        )
        self._conduct = Conduct(self.stats, self._report, self.peer_label)
        self._liveness = Liveness(role, self.config, self._rto, self.peer_label)
        # the current transport, its key exchange and its channel
        self._transport_up = False
        self._ready = False  # handshake done on this transport
        self._wants_reset = False
        self._kx: GuestExchange | None = None
        self._gate: HostGate | None = None
        self._channel = Channel(self.stats)
        self._dropping = False  # this transport is being dropped for bad input: read no more
        self._source = ""  # where the current transport came from
        self._guest_spoke = False  # host: the guest sent more than its HELLO on this transport

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
        return self._channel.buffered

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
        return self._channel.sealing and self._channel.opening

    def peer_label(self, *, opening: bool = False) -> str:
        """The other player's name, or "the host" ("The host" to open a sentence) while it is
        not known: a `Phrase` the screens translate."""
        peer = self._admission.peer
        if peer is not None:
            return peer.name
        if self.role.other is Role.HOST:
            return phrase("The host") if opening else phrase("the host")
        return phrase("The guest") if opening else phrase("the guest")

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
        self._ready = False
        self._wants_reset = False
        self._source = source
        self._dropping = False
        self._kx = None
        self._gate = None
        self._channel = Channel(self.stats, datagram=datagram, decoder=decoder)
        self._conduct.new_connection()
        self._guest_spoke = False
        self._delivery.new_connection()
        self._liveness.new_transport(now)
        self.stats.transports += 1

    def connection_lost(self, now: float) -> None:
        """The transport closed (or the shell closed it). Unsent output is discarded: whatever
        mattered is still unacknowledged and is replayed on resume."""
        self._tick(now)
        self._transport_up = False
        self._ready = False
        self._wants_reset = False
        self._channel.discard()

    def receive_bytes(self, data: bytes, now: float) -> None:
        """Bytes from a stream transport, in any chunking."""
        now = self._tick(now)
        if self._ignoring_input():
            return
        try:
            for value in self._channel.feed(data):
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

    @property
    def table_seat(self) -> int:
        """At a table of three or four, the guest seat (1-3) this session carries: the host's
        session for it says it in its WELCOME, and the guest names it on every later connection
        so that the host's listener hands the connection to that seat's session. 0: two players
        (and a guest that has not joined yet)."""
        return self._admission.table_seat

    @table_seat.setter
    def table_seat(self, seat: int) -> None:
        self._admission.table_seat = seat

    def share_guesses(self, other: ReliableSession) -> None:
        """Host: count wrong codes together with `other` (the other seats of one table), so an
        address gets its few free guesses once for the table, not once per seat."""
        self._admission.guesses = other._admission.guesses

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
        if self.role is Role.GUEST:
            self._liveness.start(now)
        if not self.finished:
            self._check_silence(now)
        if not self.finished and self._transport_up:
            if self._ready:
                for message in self._delivery.outgoing(now, self._liveness.last_heard):
                    self._emit(message, now)
                ping = self._liveness.ping(now)
                if ping is not None:
                    self._emit(ping, now)
            elif self.role is Role.GUEST and now >= self._liveness.hello_due:
                self._send_hello(now)
            if not self._ready and self._gate is not None:
                self._channel.send_frames(self._gate.take_output())
        return self._channel.take()

    def next_deadline(self) -> float | None:
        """When `poll` next has something to do; None if only new input or a new connection
        can change anything."""
        if self._channel.pending:
            return self._now
        if self.finished:
            return None
        times = [t for t in self._silence_deadlines() if t is not None]
        if self._transport_up and self._ready:
            if self._delivery.due_now():
                return self._now
            times.extend(self._delivery.deadlines())
            times.append(self._liveness.heartbeat_due)
        elif self._transport_up and self.role is Role.GUEST:
            times.append(self._liveness.hello_due)
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
        if self._transport_up and self._channel.sealing and (self._ready or self.established):
            message = clean_text(text, MAX_REASON_CHARS) or f"{self.local.name} left the game."
            self._emit(Bye(_QUIT, message), now)
        self._finish(Status.CLOSED, Closed(False, phrase("You left the game.")))

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
        """A frame that breaks the protocol: before the channel is proven `_protocol_failure`
        says what it costs, after `Conduct` does (channel.py)."""
        if not (self.established and self._channel.opening):
            self._protocol_failure(error)
        elif self._conduct.refuse(error, now, stream_broken=stream_broken):
            self._wants_reset = True
            self._dropping = True

    def _handle(self, value: Any, now: float) -> None:
        message = parse_message(value)
        self.stats.frames_received += 1
        if isinstance(message, Sealed):
            self._on_sealed(message, now)
        elif message.KIND not in PLAIN_KINDS:
            self._channel.unexpected(message, "in the clear")
        elif self.role is Role.HOST:
            self._host_plain(message, now)
        elif isinstance(message, Reject) and not self._channel.opening:
            self._on_reject(message, sealed=False)
        elif isinstance(message, KeyReply):
            self._on_key_reply(message, now)
        elif isinstance(message, KeyAccept):
            self._on_key_accept(message)
        else:
            self._channel.unexpected(message, "in the clear")

    def _on_sealed(self, sealed: Sealed, now: float) -> None:
        if not self._channel.opening:
            self._channel.unexpected(sealed, "before the key exchange")
            return
        batch = self._channel.open(sealed)
        if batch is None:
            if self._conduct.forged():
                self._wants_reset = True  # the line is being tampered with: dial afresh
            return
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
                datagram=self._channel.datagram,
                frame=self._plain_frame,
                source=self._source,
            )
        gate = self._gate
        gate.receive_message(message, now)
        answer = gate.take_output()
        if answer:
            self._liveness.progress(now)  # the exchange is progressing
        self._channel.send_frames(answer)
        if gate.refused:
            self._wants_reset = True
        elif gate.admitted and not self._channel.sealing:
            self._open_host_channel(gate)

    def _open_host_channel(self, gate: HostGate) -> None:
        assert gate.exchange is not None
        keys = gate.exchange.keys
        self._channel.seal_with(keys.host_to_guest)
        self._channel.open_with(keys.guest_to_host)

    def _on_key_reply(self, reply: KeyReply, now: float) -> None:
        if self._kx is None:
            self._channel.unexpected(reply, "before KEY_HELLO")
            return
        first = self._kx.confirm is None
        self._kx.on_reply(reply)
        if first:
            # the exchange is progressing: the silence allowance restarts with each step
            self._liveness.progress(now)
            assert self._kx.keys is not None
            self._channel.seal_with(self._kx.keys.guest_to_host)
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
                phrase(
                    "The other side could not prove it knows the join code: "
                    "this is not the game you were invited to."
                ),
            )
            return
        assert kx.keys is not None
        self._channel.open_with(kx.keys.host_to_guest)
        self._liveness.progress(self._now)

    def _handle_inner(self, message: Message, now: float) -> None:
        if isinstance(message, Bye):
            self._on_bye(message)
            return
        if self.role is Role.HOST:
            if isinstance(message, Hello):
                self._on_hello(message, now)
                return
            if not self._ready:
                self._channel.unexpected(message, "before HELLO")
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
                self._channel.unexpected(message, "before the host's answer")
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
            self._liveness.pong(message.timestamp, now)
        else:
            self._channel.unexpected(message, f"by the {self.role.value}")

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
            self._channel.unexpected(welcome, "while resuming a session")
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
            self._channel.unexpected(resume, "without a session to resume")
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
            self._liveness.refusal = Failed(reject.code, self._admission.refusal_text(reject))
            self._wants_reset = True
            return
        self._fail(reject.code, self._admission.refusal_text(reject))

    def _on_bye(self, bye: Bye) -> None:
        if not self.established:
            # a guest that gave up before the first handshake: keep waiting for another
            self._wants_reset = True
            return
        who = self.peer_label(opening=True)
        if bye.code == _QUIT:
            self._finish(Status.CLOSED, Closed(True, phrase("{name} left the game.", name=who)))
        else:
            # the peer's own words about its error, shown as they came
            detail = clean_text(f"{bye.code}: {bye.text}", MAX_REASON_CHARS)
            self._fail(
                "peer_" + bye.code[:30],
                phrase(
                    "{name} closed the connection after an error ({detail}).",
                    name=who,
                    detail=detail,
                ),
            )

    # -- outgoing -----------------------------------------------------------------------------
    def _emit(self, message: Message, now: float) -> None:
        if self._transport_up and self._channel.send(message):
            self._liveness.sent(now)

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
        self._liveness.hello_sent(now)

    # -- status -------------------------------------------------------------------------------
    def _report(self, event: Event) -> None:
        self._events.append(event)

    def _heard(self, now: float) -> None:
        self._liveness.heard(now)
        if self._status is Status.INTERRUPTED and self._ready:
            self._status = Status.CONNECTED
            self._events.append(
                Resumed(phrase("The connection to {name} is back.", name=self.peer_label()))
            )

    def _set_connected(self, now: float) -> None:
        self._status = Status.CONNECTED
        peer, protocol = self._admission.peer, self._admission.protocol
        assert peer is not None and protocol is not None
        self._events.append(Connected(peer, protocol))

    def _silence_deadlines(self) -> Deadlines:
        return self._liveness.deadlines(
            established=self.established,
            connected=self._status is Status.CONNECTED,
            armed=self._transport_up and not self._wants_reset,
            steady=self._ready and (self.role is Role.GUEST or self._guest_spoke),
        )

    def _check_silence(self, now: float) -> None:
        alarm = self._liveness.alarm(now, self._silence_deadlines(), established=self.established)
        if alarm.failure is not None:
            self._fail(alarm.failure.code, alarm.failure.text)
            return
        if alarm.interrupted is not None:
            self._status = Status.INTERRUPTED
            self._events.append(alarm.interrupted)
        if alarm.reset:
            self._wants_reset = True

    def _protocol_failure(self, error: ProtocolError) -> None:
        if self.role is Role.GUEST and self.established and not self._channel.opening:
            # before the key exchange is done nobody has shown they are the host: drop this
            # connection and dial again rather than let a stranger end the game
            self._wants_reset = True
            return
        if self.role is Role.HOST and (not self.established or not self._channel.opening):
            # garbage before the key exchange is done never ends the game: a stranger's can at
            # most lose its own connection
            reject = self._admission.reject(error.code[:40] or "error", error.message)
            if self._transport_up:
                self._channel.send_frames([self._plain_frame(reject)])
            self._conduct.turned_away(error)
            self._wants_reset = True
            return
        if self._transport_up:
            self._emit(Bye(error.code[:40] or "error", error.message[:MAX_REASON_CHARS]), self._now)
        failure = self._conduct.fatal(error)
        self._fail(failure.code, failure.text)

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
