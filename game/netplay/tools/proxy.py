"""A small fault-injecting TCP proxy for testing the netplay shell on loopback. It listens on a
port, opens a connection to the target for every client, and forwards bytes both ways while the
caller turns faults on and off at runtime: kill every connection now, slice forwarded data into
single bytes sent a moment apart, delay everything, or black-hole traffic (keep accepting and
reading, forward nothing). One selector thread does all the work. From a shell:
`python -m game.netplay.tools.proxy --listen 0 --target 127.0.0.1:PORT`, then type `kill`,
`slice on|off`, `delay SECONDS`, `blackhole on|off` or `quit`. In tests a `tap` sees (and may
change) every chunk read, to record a conversation or alter bytes on the way."""

from __future__ import annotations

import argparse
import contextlib
import queue
import selectors
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..addresses import format_endpoint, parse_endpoint

MAX_CONNECTIONS = 16
SLICE_GAP = 0.001  # between single bytes, so the receiver sees them as separate reads


@dataclass
class ProxyStats:
    accepted: int = 0
    killed: int = 0
    bytes_forwarded: int = 0
    bytes_swallowed: int = 0
    sends: int = 0


class _Pipe:
    """One direction of one proxied connection."""

    def __init__(self, source: socket.socket, sink: socket.socket) -> None:
        self.source = source
        self.sink = sink
        self.queue: deque[tuple[float, bytearray]] = deque()
        self.next_send = 0.0


class FaultProxy:
    def __init__(
        self, target: tuple[str, int], listen_host: str = "127.0.0.1", listen_port: int = 0
    ) -> None:
        self.target = target
        self.stats = ProxyStats()
        self.slice_bytes = False
        self.delay = 0.0
        self.black_hole = False
        # called with (toward the target?, chunk) for every chunk read; returns what to forward
        self.tap: Callable[[bool, bytes], bytes] | None = None
        self._listener = socket.create_server((listen_host, listen_port))
        self._listener.setblocking(False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._listener, selectors.EVENT_READ, None)
        self._waker_r, self._waker_w = socket.socketpair()
        self._waker_r.setblocking(False)
        self._selector.register(self._waker_r, selectors.EVENT_READ, "waker")
        self._pairs: list[tuple[socket.socket, socket.socket, _Pipe, _Pipe]] = []
        self._commands: queue.SimpleQueue[tuple[str, threading.Event]] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="fault-proxy", daemon=True)

    @property
    def port(self) -> int:
        return int(self._listener.getsockname()[1])

    @property
    def address(self) -> str:
        host, port = self._listener.getsockname()[:2]
        return format_endpoint(host, port)

    @property
    def connections(self) -> int:
        return len(self._pairs)

    def start(self) -> FaultProxy:
        self._thread.start()
        return self

    def kill_all(self, timeout: float = 2.0) -> None:
        """Close every proxied connection on both sides, and return once that is done."""
        done = threading.Event()
        self._commands.put(("kill", done))
        self._wake()
        done.wait(timeout)

    def close(self) -> None:
        self._stop.set()
        self._wake()
        if self._thread.is_alive():
            self._thread.join(2.0)
        else:
            self._cleanup()

    def __enter__(self) -> FaultProxy:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _wake(self) -> None:
        with contextlib.suppress(OSError):
            self._waker_w.send(b"\0")

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._run_commands()
                now = time.monotonic()
                self._pump(now)
                for key, _ in self._selector.select(self._timeout(now)):
                    if key.data == "waker":
                        self._drain_waker()
                    elif key.data is None:
                        self._accept()
                    else:
                        self._read(key.data, time.monotonic())
        finally:
            self._cleanup()

    def _run_commands(self) -> None:
        while True:
            try:
                command, done = self._commands.get_nowait()
            except queue.Empty:
                return
            if command == "kill":
                for pair in list(self._pairs):
                    self._close_pair(pair)
                    self.stats.killed += 1
            done.set()

    def _drain_waker(self) -> None:
        try:
            while self._waker_r.recv(4096):
                pass
        except OSError:
            pass

    def _timeout(self, now: float) -> float:
        waits = [
            max(0.0005, max(p.queue[0][0], p.next_send) - now)
            for pair in self._pairs
            for p in pair[2:]
            if p.queue
        ]
        return min([*waits, 0.2])

    def _accept(self) -> None:
        try:
            client, _ = self._listener.accept()
        except OSError:
            return
        if len(self._pairs) >= MAX_CONNECTIONS:
            client.close()
            return
        try:
            upstream = socket.create_connection(self.target, timeout=2.0)
        except OSError:
            client.close()
            return
        for sock in (client, upstream):
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        forward, backward = _Pipe(client, upstream), _Pipe(upstream, client)
        pair = (client, upstream, forward, backward)
        self._pairs.append(pair)
        self._selector.register(client, selectors.EVENT_READ, (pair, forward))
        self._selector.register(upstream, selectors.EVENT_READ, (pair, backward))
        self.stats.accepted += 1

    def _read(self, data: tuple[Any, ...], now: float) -> None:
        pair, pipe = data
        try:
            chunk = pipe.source.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._close_pair(pair)
            return
        if self.black_hole:
            self.stats.bytes_swallowed += len(chunk)
            return
        if self.tap is not None:
            chunk = self.tap(pipe is pair[2], chunk)
        pipe.queue.append((now + self.delay, bytearray(chunk)))

    def _pump(self, now: float) -> None:
        for pair in list(self._pairs):
            for pipe in pair[2:]:
                while pipe.queue and pipe.queue[0][0] <= now and pipe.next_send <= now:
                    _due, chunk = pipe.queue[0]
                    piece = chunk[:1] if self.slice_bytes else chunk
                    try:
                        sent = pipe.sink.send(piece)
                    except (BlockingIOError, InterruptedError):
                        break
                    except OSError:
                        self._close_pair(pair)
                        return
                    self.stats.sends += 1
                    self.stats.bytes_forwarded += sent
                    del chunk[:sent]
                    if not chunk:
                        pipe.queue.popleft()
                    if self.slice_bytes:
                        pipe.next_send = now + SLICE_GAP
                        break

    def _close_pair(self, pair: tuple[Any, ...]) -> None:
        if pair in self._pairs:
            self._pairs.remove(pair)
        for sock in pair[:2]:
            with contextlib.suppress(KeyError, ValueError):
                self._selector.unregister(sock)
            sock.close()

    def _cleanup(self) -> None:
        for pair in list(self._pairs):
            self._close_pair(pair)
        for sock in (self._listener, self._waker_r, self._waker_w):
            with contextlib.suppress(KeyError, ValueError):
                self._selector.unregister(sock)
            sock.close()
        self._selector.close()


def _switch(word: str) -> bool:
    return word.lower() in ("on", "1", "yes", "true")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.netplay.tools.proxy", description=__doc__.split(".")[0] + "."
    )
    parser.add_argument(
        "--listen", type=int, default=0, help="port to listen on (0 picks a free one)"
    )
    parser.add_argument("--listen-host", default="127.0.0.1")
    parser.add_argument("--target", required=True, help="HOST:PORT to forward to")
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--slice", action="store_true", help="forward one byte at a time")
    parser.add_argument("--black-hole", action="store_true", help="forward nothing")
    args = parser.parse_args(argv)
    try:
        target = parse_endpoint(args.target, 0)
    except ValueError as error:
        parser.error(str(error))
    proxy = FaultProxy(target, args.listen_host, args.listen)
    proxy.delay, proxy.slice_bytes, proxy.black_hole = args.delay, args.slice, args.black_hole
    proxy.start()
    print(
        f"Proxy listening on {proxy.address}, forwarding to {format_endpoint(*target)}.", flush=True
    )
    print("Commands: kill | slice on|off | delay SECONDS | blackhole on|off | quit", flush=True)
    try:
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "quit":
                break
            if words[0] == "kill":
                proxy.kill_all()
            elif words[0] == "slice" and len(words) == 2:
                proxy.slice_bytes = _switch(words[1])
            elif words[0] == "blackhole" and len(words) == 2:
                proxy.black_hole = _switch(words[1])
            elif words[0] == "delay" and len(words) == 2:
                try:
                    proxy.delay = max(0.0, float(words[1]))
                except ValueError:
                    print("delay needs a number of seconds", flush=True)
                    continue
            else:
                print(f"unknown command: {line.strip()}", flush=True)
                continue
            print(f"ok ({proxy.stats})", flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        proxy.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
