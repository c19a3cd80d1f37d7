"""The thin TCP shell around a `ReliableSession`: one background thread per endpoint runs a
selector over non-blocking sockets, feeds the session bytes and the monotonic time, writes what
`poll` returns and sleeps until `next_deadline`. The host listens (dual-stack IPv6/IPv4 where the
system allows) and screens every new connection's first frame, so a resumed connection replaces
the dead one by its session token while strangers and second guests are turned away without
disturbing the game. The guest dials `host:port` and, whenever the session drops or abandons a
connection, redials with a short capped backoff until the session resumes or gives up. The game
loop never blocks: it calls `send` and drains `poll_events` each frame; both are thread-safe."""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..addresses import format_endpoint, parse_endpoint
from ..errors import ProtocolError
from ..session.admission import HostGate
from ..session.events import Event
from ..session.reliable import ReliableSession
from ..wire.framing import FrameDecoder
from .inbox import Inbox

READ_CHUNK = 65536
MAX_OUTBUF = 1 << 20  # a peer that stops reading this long is as good as gone
# connections still in their key exchange: a few at a time, each given a short deadline, and the
# oldest dropped when another arrives, so strangers that never finish cannot lock the guest out
MAX_PENDING = 8
HANDSHAKE_DEADLINE = 5.0
CLOSE_FLUSH_TIMEOUT = 1.0
MAX_SLEEP = 0.5  # wake up now and then even without deadlines, to notice stop requests


@dataclass(frozen=True)
class TransportNotice:
    """Something the shell did that a player may want to see (listening, dialling, retrying)."""

    code: str
    text: str


Notice = Event | TransportNotice


class _Conn:
    def __init__(self, sock: socket.socket, now: float, peer: str) -> None:
        self.sock = sock
        self.peer = peer
        self.opened = now
        self.outbuf = bytearray()
        # pending host connections only: the frames read so far and the key exchange
        self.decoder: FrameDecoder | None = FrameDecoder()
        self.gate: HostGate | None = None
        self.closing_since: float | None = None


class _Endpoint:
    """What host and guest shells share: the thread, the lock, the queues and the socket I/O."""

    _dial_at: float | None  # a guest's next dial (guests set it; the host never dials)

    def __init__(
        self, session: ReliableSession, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.session = session
        self.clock = clock
        self.lock = threading.RLock()  # guards the session; hold it to read session state
        self._inbox: Inbox[Notice] = Inbox()
        self._selector = selectors.DefaultSelector()
        self._waker_r, self._waker_w = socket.socketpair()
        self._waker_r.setblocking(False)
        self._waker_w.setblocking(False)
        self._selector.register(self._waker_r, selectors.EVENT_READ, "waker")
        self._active: _Conn | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- the game loop's side -----------------------------------------------------------------
    def send(self, payload: list[Any]) -> int:
        """Queue a payload for the peer; raises `SessionError` if the session cannot take it."""
        with self.lock:
            seq = self.session.send(payload)
        self._wake()
        return seq

    def close(self, text: str = "") -> None:
        """Leave the session politely; the thread flushes the goodbye and ends."""
        with self.lock:
            self.session.close(self.clock(), text)
        self._wake()

    def abort(self, error: ProtocolError) -> None:
        """End the session because the game layer refused something the peer sent."""
        with self.lock:
            self.session.abort(self.clock(), error)
        self._wake()

    def drop_connection(self, text: str) -> None:
        """Drop the current connection, never the game (the peer resumes on a new one)."""
        with self.lock:
            self.session.drop_connection(self.clock(), text)
        self._wake()

    def poll_events(self) -> list[Notice]:
        """Everything that happened since the last call, without blocking."""
        return self._inbox.drain()

    def next_event(self, timeout: float) -> Notice | None:
        """Block up to `timeout` seconds for one event (for tools and tests, not the game loop)."""
        return self._inbox.wait(timeout)

    def stop(self, timeout: float = 2.0) -> None:
        """End the thread now, closing every socket, whatever the session's state."""
        self._stop.set()
        self._wake()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def __enter__(self) -> _Endpoint:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # -- the thread ---------------------------------------------------------------------------
    def _start_thread(self, name: str) -> None:
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _wake(self) -> None:
        # the waker may be full (a wake-up is already pending) or closed
        with contextlib.suppress(OSError):
            self._waker_w.send(b"\0")

    def _notice(self, code: str, text: str) -> None:
        self._inbox.put(TransportNotice(code, text))

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._before_select()
                with self.lock:
                    now = self.clock()
                    self._service(now)
                    if self._finished(now):
                        break
                    timeout = self._sleep_time(now)
                for key, mask in self._selector.select(timeout):
                    with self.lock:
                        self._on_ready(key, mask, self.clock())
        finally:
            with self.lock:
                self._drain_events()
                self._shutdown()

    def _service(self, now: float) -> None:
        session = self.session
        frames = session.poll(now)
        if frames and self._active is not None and self._active.closing_since is None:
            self._queue_bytes(self._active, b"".join(frames))
        self._drain_events()
        active = self._active
        if active is not None and session.wants_reset and active.closing_since is None:
            if session.finished:
                active.closing_since = now  # flush the last BYE, then close
            else:
                self._drop_active(now, "the connection went silent")
        if (
            active is not None
            and active.closing_since is not None
            and (not active.outbuf or now - active.closing_since > CLOSE_FLUSH_TIMEOUT)
        ):
            self._close_conn(active)
            if self._active is active:
                self._active = None
        self._service_extra(now)

    def _drain_events(self) -> None:
        for event in self.session.pop_events():
            self._inbox.put(event)

    def _sleep_time(self, now: float) -> float:
        times = [t for t in (self.session.next_deadline(), self._extra_deadline()) if t is not None]
        if self._active is not None and self._active.closing_since is not None:
            times.append(now + 0.05)
        if not times:
            return MAX_SLEEP
        return min(MAX_SLEEP, max(0.0, min(times) - now))

    def _finished(self, now: float) -> bool:
        return self.session.finished and self._active is None

    def _on_ready(self, key: selectors.SelectorKey, mask: int, now: float) -> None:
        data = key.data
        if data == "waker":
            try:
                while self._waker_r.recv(4096):
                    pass
            except OSError:
                pass
            return
        if data == "listener":
            self._accept(now)
            return
        conn: _Conn = data
        if mask & selectors.EVENT_WRITE:
            self._flush(conn)
        if mask & selectors.EVENT_READ and conn.sock.fileno() >= 0:
            try:
                chunk = conn.sock.recv(READ_CHUNK)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                chunk = b""
            if not chunk:
                self._lost(conn, now)
            elif conn is self._active:
                self.session.receive_bytes(chunk, now)
            else:
                self._pending_data(conn, chunk, now)

    def _queue_bytes(self, conn: _Conn, data: bytes) -> None:
        conn.outbuf += data
        if len(conn.outbuf) > MAX_OUTBUF:
            self._lost(conn, self.clock())
            return
        self._flush(conn)

    def _flush(self, conn: _Conn) -> None:
        if conn.sock.fileno() < 0:
            return
        try:
            while conn.outbuf:
                sent = conn.sock.send(conn.outbuf)
                del conn.outbuf[:sent]
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            conn.outbuf.clear()
            self._lost(conn, self.clock())
            return
        events = selectors.EVENT_READ | (selectors.EVENT_WRITE if conn.outbuf else 0)
        with contextlib.suppress(KeyError, ValueError):
            self._selector.modify(conn.sock, events, conn)

    def _register(self, conn: _Conn) -> None:
        conn.sock.setblocking(False)
        with contextlib.suppress(OSError):
            conn.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._selector.register(conn.sock, selectors.EVENT_READ, conn)

    def _close_conn(self, conn: _Conn) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(conn.sock)
        with contextlib.suppress(OSError):
            conn.sock.close()

    def _lost(self, conn: _Conn, now: float) -> None:
        self._close_conn(conn)
        if conn is self._active:
            self._active = None
            self.session.connection_lost(now)
            self._after_loss(now, "the connection dropped")
        else:
            self._pending_lost(conn)

    def _drop_active(self, now: float, why: str) -> None:
        conn = self._active
        if conn is None:
            return
        self._close_conn(conn)
        self._active = None
        self.session.connection_lost(now)
        self._after_loss(now, why)

    def _adopt_dialled(self, sock: socket.socket, where: str, text: str) -> bool:
        """Take a socket a guest just dialled as its connection and say `text`, unless the game
        ended or the shell is stopping meanwhile (then the socket is closed); whether it was."""
        with self.lock:
            now = self.clock()
            if self.session.finished or self._stop.is_set():
                sock.close()
                return False
            self._dial_at = None
            conn = _Conn(sock, now, where)
            self._register(conn)
            self._attach(conn, now)
            self._notice("dialled", text)
            return True

    def _attach(self, conn: _Conn, now: float) -> None:
        self._active = conn
        conn.decoder = None
        self.session.connection_made(now)

    def _shutdown(self) -> None:
        if self._active is not None:
            self._flush(self._active)
            self._close_conn(self._active)
            self._active = None
        self._shutdown_extra()
        for sock in (self._waker_r, self._waker_w):
            with contextlib.suppress(KeyError, ValueError):
                self._selector.unregister(sock)
            sock.close()
        self._selector.close()

    # -- hooks for host and guest -------------------------------------------------------------
    def _service_extra(self, now: float) -> None:
        pass

    def _extra_deadline(self) -> float | None:
        return None

    def _before_select(self) -> None:
        pass

    def _accept(self, now: float) -> None:
        pass

    def _pending_data(self, conn: _Conn, chunk: bytes, now: float) -> None:
        pass

    def _pending_lost(self, conn: _Conn) -> None:
        pass

    def _after_loss(self, now: float, why: str) -> None:
        pass

    def _shutdown_extra(self) -> None:
        pass


def _listen(bind_host: str | None, port: int) -> socket.socket:
    if bind_host is None and socket.has_dualstack_ipv6():
        return socket.create_server(("", port), family=socket.AF_INET6, dualstack_ipv6=True)
    if bind_host is None:
        return socket.create_server(("", port))
    family = socket.AF_INET6 if ":" in bind_host else socket.AF_INET
    return socket.create_server((bind_host, port), family=family)


class NetplayHost(_Endpoint):
    """Waits for the guest on a port and keeps the session across the guest's reconnections."""

    def __init__(
        self,
        session: ReliableSession,
        port: int = 0,
        bind_host: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        handshake_deadline: float = HANDSHAKE_DEADLINE,
        max_pending: int = MAX_PENDING,
    ) -> None:
        super().__init__(session, clock)
        self._listener: socket.socket | None = None
        self._port = port
        self._bind_host = bind_host
        self._pending: list[_Conn] = []
        self.handshake_deadline = handshake_deadline
        self.max_pending = max_pending
        # a seat of a table of three or four: connections its listener hands over
        self._handed: list[tuple[socket.socket, str, str, bytes]] = []

    @property
    def port(self) -> int:
        if self._listener is None:
            return self._port
        return int(self._listener.getsockname()[1])

    def start(self) -> NetplayHost:
        """Bind and start the thread. Binding happens here so that a port in use raises
        `OSError` to the caller at once."""
        self._listener = _listen(self._bind_host, self._port)
        self._listener.setblocking(False)
        self._selector.register(self._listener, selectors.EVENT_READ, "listener")
        self._notice("listening", f"Waiting for a guest on port {self.port}.")
        self._start_thread("netplay-host")
        return self

    def start_seat(self) -> NetplayHost:
        """Start the thread without a listener of its own: a seat of a table of three or four,
        whose connections `TableListener` hands over (`hand_over`)."""
        self._start_thread("netplay-seat")
        return self

    def hand_over(self, sock: socket.socket, source: str, peer: str, data: bytes) -> None:
        """A connection the table's listener accepted and routed to this seat, with the bytes it
        read from it to see which seat it names; safe from any thread."""
        with self.lock:
            self._handed.append((sock, source, peer, data))
        self._wake()

    def _before_select(self) -> None:
        with self.lock:
            handed, self._handed = self._handed, []
            for sock, source, peer, data in handed:
                now = self.clock()
                if self.session.finished:
                    sock.close()
                    continue
                self._take_pending(sock, now, source, peer)
                conn = self._pending[-1]
                if data:
                    self._pending_data(conn, data, now)

    def _take_pending(self, sock: socket.socket, now: float, source: str, peer: str) -> None:
        waiting = [c for c in self._pending if c.closing_since is None]
        if len(waiting) >= self.max_pending:
            self._discard_pending(waiting[0])
        conn = _Conn(sock, now, peer)
        conn.gate = self.session.open_gate(source)
        self._register(conn)
        self._pending.append(conn)

    def _accept(self, now: float) -> None:
        assert self._listener is not None
        try:
            sock, address = self._listener.accept()
        except (BlockingIOError, InterruptedError, OSError):
            return
        if self.session.finished:
            sock.close()
            return
        source = str(address[0])
        self._take_pending(sock, now, source, format_endpoint(source, int(address[1])))

    def _pending_data(self, conn: _Conn, chunk: bytes, now: float) -> None:
        if conn.closing_since is not None:
            return
        gate, decoder = conn.gate, conn.decoder
        assert gate is not None and decoder is not None
        try:
            for value in decoder.feed(chunk):
                gate.receive(value, now)
                if gate.refused or gate.admitted:
                    break
        except ProtocolError as error:
            self._notice("refused", f"Refused a connection from {conn.peer}: {error.message}")
            self._discard_pending(conn)
            return
        finally:
            self._drain_events()
        conn.outbuf += b"".join(gate.take_output())
        if gate.refused:
            conn.closing_since = now
            self._flush(conn)
            return
        if not gate.admitted:
            self._flush(conn)
            return
        self._pending.remove(conn)
        if self._active is not None:
            self._drop_active(now, "a newer connection replaced it")
        self._active = conn
        conn.decoder = conn.gate = None
        self._flush(conn)  # the KEY_ACCEPT goes out before anything the session seals
        self.session.adopt(gate, now, decoder)
        for value in gate.take_held():  # the HELLO the gate read to judge the seat
            self.session.receive_value(value, now)
        self.session.receive_bytes(b"", now)  # whatever followed the confirmation

    def _discard_pending(self, conn: _Conn) -> None:
        self._close_conn(conn)
        if conn in self._pending:
            self._pending.remove(conn)

    def _pending_lost(self, conn: _Conn) -> None:
        self._discard_pending(conn)

    def _service_extra(self, now: float) -> None:
        for conn in list(self._pending):
            if conn.closing_since is not None:
                if not conn.outbuf or now - conn.closing_since > CLOSE_FLUSH_TIMEOUT:
                    self._discard_pending(conn)
            elif now - conn.opened > self.handshake_deadline:
                self._discard_pending(conn)
        if self.session.finished and self._listener is not None:
            self._close_listener()

    def _extra_deadline(self) -> float | None:
        times = [
            c.opened + self.handshake_deadline for c in self._pending if c.closing_since is None
        ]
        if any(c.closing_since is not None for c in self._pending):
            times.append(self.clock() + 0.05)
        return min(times) if times else None

    def _close_listener(self) -> None:
        if self._listener is not None:
            with contextlib.suppress(KeyError, ValueError):
                self._selector.unregister(self._listener)
            self._listener.close()
            self._listener = None

    def _shutdown_extra(self) -> None:
        for conn in list(self._pending):
            self._discard_pending(conn)
        self._close_listener()


class NetplayGuest(_Endpoint):
    """Dials the host and redials after every drop until the session resumes or gives up."""

    def __init__(
        self,
        session: ReliableSession,
        address: str | tuple[str, int],
        clock: Callable[[], float] = time.monotonic,
        dial_timeout: float = 3.0,
        redial_delays: tuple[float, ...] = (0.1, 0.25, 0.5, 1.0, 2.0),
    ) -> None:
        super().__init__(session, clock)
        self.host, self.port = parse_endpoint(address) if isinstance(address, str) else address
        self.dial_timeout = dial_timeout
        self.redial_delays = redial_delays
        self._dial_at: float | None = None
        self._failed_dials = 0

    def start(self) -> NetplayGuest:
        self._dial_at = self.clock()
        self._start_thread("netplay-guest")
        return self

    def _extra_deadline(self) -> float | None:
        return self._dial_at if self._active is None and not self.session.finished else None

    def _before_select(self) -> None:
        # dialling blocks (name lookup, connect), so it runs without the session lock
        with self.lock:
            due = (
                self._active is None
                and self._dial_at is not None
                and not self.session.finished
                and self.clock() >= self._dial_at
            )
        if not due:
            return
        where = format_endpoint(self.host, self.port)
        try:
            sock = socket.create_connection((self.host, self.port), timeout=self.dial_timeout)
        except OSError as error:
            with self.lock:
                now = self.clock()
                delay = self.redial_delays[min(self._failed_dials, len(self.redial_delays) - 1)]
                self._failed_dials += 1
                self._dial_at = now + delay
                reason = error.strerror or type(error).__name__
                self._notice("dial_failed", f"Could not reach {where} ({reason}); trying again.")
            return
        if self._adopt_dialled(sock, where, f"Connected to {where}."):
            self._failed_dials = 0

    def _after_loss(self, now: float, why: str) -> None:
        if not self.session.finished:
            delay = self.redial_delays[min(self._failed_dials, len(self.redial_delays) - 1)]
            self._dial_at = now + delay
