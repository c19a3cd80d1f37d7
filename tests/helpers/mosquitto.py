"""A Mosquitto broker of the test's own on 127.0.0.1 and a free port, with its config file in the
test's tmp folder: the lobby tests never reach any other broker. Skipped, saying how to install
it, where Mosquitto is missing (`.ci/run` installs Debian's package). `Sniffer` keeps every
payload published on such a broker, for the tests that nothing travels in the clear."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from game.netplay.lobby import LobbyEvent
    from game.netplay.shell.lobby_mqtt import LobbyConnection

MOSQUITTO = Path("/usr/sbin/mosquitto")
START_WAIT = 10.0


@dataclass(frozen=True)
class Broker:
    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"


def mosquitto_path() -> Path:
    found = MOSQUITTO if MOSQUITTO.is_file() else None
    if found is None and shutil.which("mosquitto"):
        found = Path(str(shutil.which("mosquitto")))
    if found is None:
        pytest.skip(
            "Mosquitto is not installed: apt-get install mosquitto (the lobby tests need it)"
        )
    return found


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True
    except OSError:
        return False


@contextlib.contextmanager
def running_mosquitto(
    folder: Path, extra: str = "", *, port: int | None = None, anonymous: bool = True
) -> Iterator[Broker]:
    """Mosquitto on 127.0.0.1 (no persistence; anonymous clients allowed unless `anonymous` is
    False), `extra` lines added to its listener; stopped on leaving."""
    program = mosquitto_path()
    folder.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    config = folder / "mosquitto.conf"
    lines = [
        f"listener {port} 127.0.0.1",
        f"allow_anonymous {'true' if anonymous else 'false'}",
        "persistence false",
        "log_dest stderr",
        "log_type all",
    ]
    if os.geteuid() == 0:
        # as root Mosquitto would switch to its own user, who cannot read the test's tmp folder
        lines.append("user root")
    config.write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    log = folder / "mosquitto.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [str(program), "-c", str(config)], stdout=sink, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + START_WAIT
        while not _answers(port):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"Mosquitto did not start:\n{log.read_text(errors='replace')}")
            time.sleep(0.05)
        yield Broker(port, process, log)
    finally:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[Broker]:
    """A fresh Mosquitto for one test."""
    with running_mosquitto(tmp_path / "mosquitto") as broker:
        yield broker


EVENT_WAIT = 10.0


def until(check: Callable[[], Any], wait: float = EVENT_WAIT) -> Any:
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"not within {wait} s")


def events_until(
    connection: LobbyConnection[Any], wanted: type, wait: float = EVENT_WAIT
) -> list[LobbyEvent]:
    seen: list[LobbyEvent] = []

    def arrived() -> bool:
        seen.extend(connection.poll())
        return any(isinstance(e, wanted) for e in seen)

    until(arrived, wait)
    return seen


class Sniffer:
    """A client subscribed to every topic on the broker, keeping every payload."""

    def __init__(self, broker: Broker) -> None:
        from paho.mqtt import client as mqtt

        self.payloads: list[tuple[str, bytes]] = []
        self.ready = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
        self.client.on_connect = lambda c, *_: (c.subscribe("#", qos=1), self.ready.set())
        self.client.on_message = lambda c, u, m: self.payloads.append((m.topic, bytes(m.payload)))
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        assert self.ready.wait(EVENT_WAIT)
        time.sleep(0.2)  # the SUBACK

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
