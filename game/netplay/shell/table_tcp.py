"""The listener of a table of three or four: one port for every guest seat. Each guest seat has
its own session and its own `NetplayHost` thread (started with `start_seat`, no listener of its
own); this thread accepts every connection, reads its first frame (the `KEY_HELLO`, which names
the seat a guest already holds, or none for a first join) and hands the connection, with the
bytes read, to that seat. A first join goes to the lowest seat no guest has joined yet and no
other first join is trying for; the seat's own gate then runs the key exchange as for two
players. Nothing here reads past the first frame or decides who may sit: a wrong code, a seat
named by someone who cannot prove it, anything malformed is refused by the seat's session."""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
import time
from collections.abc import Callable

from ..addresses import format_endpoint
from ..errors import ProtocolError
from ..wire.framing import FrameDecoder
from ..wire.session_messages import KeyHello, parse_message
from .tcp import HANDSHAKE_DEADLINE, MAX_PENDING, MAX_SLEEP, READ_CHUNK, NetplayHost, _listen

MAX_FIRST_FRAME = 4096  # a KEY_HELLO is under 200 bytes


class _Waiting:
    def __init__(self, sock: socket.socket, source: str, peer: str, now: float) -> None:
        self.sock = sock
        self.source = source
        self.peer = peer
        self.opened = now
        self.data = bytearray()
        self.decoder = FrameDecoder()


class TableListener:
    """Accepts the connections of every guest seat on one port and routes each to its seat."""

    def __init__(
        self,
        seats: dict[int, NetplayHost],
        port: int = 0,
        bind_host: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seats = dict(sorted(seats.items()))
        self.clock = clock
        self._port = port
        self._bind_host = bind_host
        self._listener: socket.socket | None = None
        self._selector = selectors.DefaultSelector()
        self._waiting: list[_Waiting] = []
        self._claims: dict[int, float] = {}  # seat: when a first join was sent to it
        self._retired: list[NetplayHost] = []  # seats' sessions replaced, still saying goodbye
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        if self._listener is None:
            return self._port
        return int(self._listener.getsockname()[1])

    def start(self) -> TableListener:
        """Bind (a port in use raises `OSError` here), start every seat and the thread."""
        self._listener = _listen(self._bind_host, self._port)
        self._listener.setblocking(False)
        self._selector.register(self._listener, selectors.EVENT_READ, None)
        for seat in self.seats.values():
            seat.start_seat()
        self._thread = threading.Thread(target=self._run, name="netplay-table", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 2.0) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        for seat in [*self.seats.values(), *self._retired]:
            seat.stop(timeout)

    def replace(self, seat: int, host: NetplayHost) -> None:
        """A fresh session waits on `seat` (its guest left before the game started): first
        joins go to it from now on, while the old one finishes on its own thread."""
        host.start_seat()
        self._retired.append(self.seats[seat])
        self.seats = {**self.seats, seat: host}
        self._claims.pop(seat, None)

    @property
    def running(self) -> bool:
        return any(seat.running for seat in self.seats.values())

    def _run(self) -> None:
        try:
            while not self._stop.is_set():  # until `stop`: a seat freed may take a new guest
                for key, _mask in self._selector.select(MAX_SLEEP / 5):
                    if key.data is None:
                        self._accept()
                    else:
                        self._read(key.data)
                now = self.clock()
                for waiting in list(self._waiting):
                    if now - waiting.opened > HANDSHAKE_DEADLINE:
                        self._drop(waiting)
        finally:
            for waiting in list(self._waiting):
                self._drop(waiting)
            if self._listener is not None:
                with contextlib.suppress(KeyError, ValueError):
                    self._selector.unregister(self._listener)
                self._listener.close()
            self._selector.close()

    def _accept(self) -> None:
        assert self._listener is not None
        try:
            sock, address = self._listener.accept()
        except (BlockingIOError, InterruptedError, OSError):
            return
        if len(self._waiting) >= MAX_PENDING:
            self._drop(self._waiting[0])
        source = str(address[0])
        waiting = _Waiting(sock, source, format_endpoint(source, int(address[1])), self.clock())
        sock.setblocking(False)
        self._selector.register(sock, selectors.EVENT_READ, waiting)
        self._waiting.append(waiting)

    def _read(self, waiting: _Waiting) -> None:
        try:
            chunk = waiting.sock.recv(READ_CHUNK)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._drop(waiting)
            return
        waiting.data += chunk
        try:
            values = list(waiting.decoder.feed(chunk))
        except ProtocolError:
            values = [None]  # the seat's gate refuses it in words
        if not values and len(waiting.data) <= MAX_FIRST_FRAME:
            return
        seat = self._route(values[0] if values else None)
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(waiting.sock)
        self._waiting.remove(waiting)
        self.seats[seat].hand_over(waiting.sock, waiting.source, waiting.peer, bytes(waiting.data))

    def _route(self, first: object) -> int:
        """The seat a connection goes to: the one its KEY_HELLO names, else the lowest seat
        nobody has joined (preferring one no other first join is trying for)."""
        try:
            hello = parse_message(first)
        except ProtocolError:
            hello = None
        if isinstance(hello, KeyHello) and hello.seat in self.seats:
            return hello.seat
        now = self.clock()
        free = [seat for seat, host in self.seats.items() if not _joined(host)]
        for seat in free:
            if now - self._claims.get(seat, -HANDSHAKE_DEADLINE * 2) > HANDSHAKE_DEADLINE:
                self._claims[seat] = now
                return seat
        return free[0] if free else next(iter(self.seats))

    def _drop(self, waiting: _Waiting) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(waiting.sock)
        with contextlib.suppress(OSError):
            waiting.sock.close()
        if waiting in self._waiting:
            self._waiting.remove(waiting)


def _joined(host: NetplayHost) -> bool:
    with host.lock:
        return host.session.established
