"""A magic-wormhole mailbox and transit relay of one's own on loopback: each runs as its own
`python -m twisted` process (`wormhole-mailbox`, `transitrelay`) on a free port of 127.0.0.1 and
is stopped with the block that started it, so tests and measurements never reach the public
servers. The relay can be stopped and started again on the same port, to cut every relayed
connection at once. Needs the server packages of the `dev` extra."""

from __future__ import annotations

import contextlib
import random
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

START_WAIT = 20.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


EPHEMERAL_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")


def steady_port() -> int:
    """A free port below the system's ephemeral range, for a server that is killed and started
    again on the same port: a port picked by binding to 0 is an ephemeral one, which the
    system may hand to any outgoing connection once its server is gone, so the restart
    could not listen on it."""
    try:
        lowest = int(EPHEMERAL_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        lowest = 32768
    for _ in range(100):
        port = random.randrange(max(1024, lowest // 2), lowest)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    return free_port()


def _wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    give_up = time.monotonic() + START_WAIT
    while time.monotonic() < give_up:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
            return
        time.sleep(0.05)
    raise RuntimeError(f"the server did not listen on port {port} in time")


@dataclass
class Server:
    plugin: str
    port: int
    folder: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = self.folder / f"{self.plugin}.log"
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "twisted",
                    self.plugin,
                    f"--port=tcp:{self.port}:interface=127.0.0.1",
                ],
                cwd=self.folder,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        _wait_for_port(self.port, self.process, log)

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.kill()
        self.process.wait(10)
        self.process = None


@dataclass
class LocalServers:
    """The mailbox URL and relay hint to pass to the game, and the relay's switch."""

    mailbox_server: Server
    relay_server: Server

    @property
    def mailbox(self) -> str:
        return f"ws://127.0.0.1:{self.mailbox_server.port}/v1"

    @property
    def relay(self) -> str:
        return f"tcp:127.0.0.1:{self.relay_server.port}"

    def stop_relay(self) -> None:
        self.relay_server.stop()

    def start_relay(self) -> None:
        self.relay_server.start()

    def close(self) -> None:
        self.relay_server.stop()
        self.mailbox_server.stop()


@contextlib.contextmanager
def local_servers(folder: Path) -> Iterator[LocalServers]:
    """A mailbox and a transit relay on free loopback ports, their logs in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    servers = LocalServers(
        Server("wormhole-mailbox", free_port(), folder),
        Server("transitrelay", steady_port(), folder),
    )
    try:
        servers.mailbox_server.start()
        servers.relay_server.start()
        yield servers
    finally:
        servers.close()
