"""The lobby against a real Mosquitto on loopback (a port and config of the test's own; no other
address is ever contacted): hosts are listed within seconds, the retained announcement goes once
a guest is accepted and when the host's process is killed (its Last Will), a subscriber to every
topic sees no connection detail in the clear, and a broker that is down, refuses the connection
or speaks only MQTT 3.1.1 is handled. Every wait is bounded."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgpack
import pytest

from game.netplay.lobby import (
    Accepted,
    Announcement,
    Connected,
    Declined,
    DirectDetails,
    HostListed,
    InviteDetails,
    LobbyError,
    Problem,
)
from game.netplay.lobby.available import PAHO_MISSING
from game.netplay.lobby.guest import GuestLobby
from game.netplay.lobby.host import HostLobby
from game.netplay.shell.lobby_mqtt import LobbyConnection
from game.netplay.tools.lobby_commands import Hosted, ask_to_join, host_until_accepted, list_hosts
from tests.helpers.mosquitto import (
    Broker,
    Sniffer,
    events_until,
    free_port,
    running_mosquitto,
    until,
)
from tests.helpers.paths import ROOT

# a real broker on loopback
pytestmark = pytest.mark.net

WAIT = 10.0


def announcement(name: str = "Hosty", rules: str = "classic") -> Announcement:
    return Announcement(name, rules, since=int(time.time()), app_version="test")


@pytest.fixture
def sniffer(mosquitto: Broker) -> Iterator[Sniffer]:
    watcher = Sniffer(mosquitto)
    yield watcher
    watcher.stop()


def hosting_in_background(url: str, details: Any, **options: Any) -> tuple[threading.Thread, dict]:
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["hosted"] = host_until_accepted(
                url, announcement(), lambda guest: details, **options
            )
        except LobbyError as error:
            result["error"] = str(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, result


@pytest.mark.slow
def test_a_host_is_listed_within_seconds_and_unlisted_when_it_leaves(mosquitto: Broker) -> None:
    host = LobbyConnection(mosquitto.url, HostLobby(announcement("Anna", "modern_american")))
    try:
        assert Connected(mosquitto.url, "MQTT 5") in events_until(host, Connected)
        started = time.monotonic()
        listed = list_hosts(mosquitto.url, 1.0)
        assert time.monotonic() - started < 5
        assert [h["name"] for h in listed] == ["Anna"]
        assert list_hosts(mosquitto.url, 0.5, rules="classic") == []
        assert [h["rules"] for h in list_hosts(mosquitto.url, 0.5, rules="modern_american")] == [
            "modern_american"
        ]
    finally:
        host.close()
    assert list_hosts(mosquitto.url, 0.5) == []


def test_a_guest_watching_the_list_sees_a_host_arrive(mosquitto: Broker) -> None:
    guest = LobbyConnection(mosquitto.url, GuestLobby())
    host = None
    try:
        events_until(guest, Connected)
        host = LobbyConnection(mosquitto.url, HostLobby(announcement("Late")))
        seen = events_until(guest, HostListed)
        assert [e.host.name for e in seen if isinstance(e, HostListed)] == ["Late"]
        assert [h.name for h in guest.read(lambda core: core.hosts())] == ["Late"]
    finally:
        guest.close()
        if host is not None:
            host.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    "details",
    [
        DirectDetails("10.9.8.7:50410", "K7QM-3WXA"),
        InviteDetails("7-crossover-clockwork", "ws://10.9.8.7:4000/v1", "tcp:10.9.8.7:4001"),
    ],
    ids=["direct", "invite"],
)
def test_an_accepted_guest_gets_the_details_and_nobody_else_on_the_broker_sees_them(
    mosquitto: Broker, sniffer: Sniffer, details: Any
) -> None:
    thread, result = hosting_in_background(mosquitto.url, details, wait=WAIT * 2)
    until(lambda: list_hosts(mosquitto.url, 0.3))
    answer = ask_to_join(mosquitto.url, "hosty", "Secret Sam")
    thread.join(WAIT)
    assert answer == Accepted("Hosty", details)
    hosted = result["hosted"]
    assert isinstance(hosted, Hosted) and hosted.guest.name == "Secret Sam"
    # the announcement is gone once the guest is accepted
    assert list_hosts(mosquitto.url, 0.5) == []
    time.sleep(0.3)
    topics = {topic.split("/")[3] for topic, _ in sniffer.payloads}
    assert topics == {"hosts", "requests", "answers"}
    secrets = ["10.9.8.7", "K7QM", "3WXA", "crossover", "clockwork", "Secret Sam"]
    for topic, payload in sniffer.payloads:
        readable = repr(payload) + repr(_decoded(payload)) + topic
        for secret in secrets:
            assert secret.encode() not in payload and secret not in readable, (topic, secret)


def _decoded(payload: bytes) -> Any:
    try:
        value = msgpack.unpackb(payload, raw=False)
    except (ValueError, msgpack.UnpackException, msgpack.ExtraData):
        return None
    if isinstance(value, dict):
        return {k: _decoded(v) if isinstance(v, bytes) else v for k, v in value.items()}
    return value


@pytest.mark.slow
def test_a_guest_the_host_turns_down_is_told_in_words(mosquitto: Broker) -> None:
    details = DirectDetails("10.9.8.7:50410", "K7QM-3WXA")
    thread, result = hosting_in_background(
        mosquitto.url, details, wait=3.0, choose=lambda guest: False
    )
    until(lambda: list_hosts(mosquitto.url, 0.3))
    answer = ask_to_join(mosquitto.url, "Hosty", "Unlucky")
    assert answer == Declined("Hosty would rather not play now.")
    thread.join(WAIT)
    assert result == {"error": "Nobody asked to play within 3 seconds."}
    assert list_hosts(mosquitto.url, 0.5) == []


@pytest.mark.slow
def test_asking_for_a_host_that_is_not_listed_is_refused_in_words(mosquitto: Broker) -> None:
    with pytest.raises(LobbyError, match="No host called 'Ghost' is waiting in the lobby"):
        ask_to_join(mosquitto.url, "Ghost", "Guesty", list_wait=0.5)


HOST_SCRIPT = """
import sys, time
from game.netplay.lobby import Announcement, DirectDetails
from game.netplay.tools.lobby_commands import host_until_accepted
host_until_accepted(
    sys.argv[1],
    Announcement("Doomed", "classic", since=int(time.time())),
    lambda guest: DirectDetails("127.0.0.1:50410", "K7QM-3WXA"),
    wait=60,
    on_event=lambda event: print(type(event).__name__, flush=True),
)
"""


@pytest.mark.slow
def test_a_host_killed_outright_is_unlisted_by_its_last_will(mosquitto: Broker) -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", HOST_SCRIPT, mosquitto.url],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        until(lambda: [h for h in list_hosts(mosquitto.url, 0.3) if h["name"] == "Doomed"], 20)
        os.kill(process.pid, signal.SIGKILL)
        process.wait(WAIT)
        assert process.returncode == -signal.SIGKILL
        until(lambda: list_hosts(mosquitto.url, 0.3) == [])
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(WAIT)
        if process.stdout is not None:
            process.stdout.close()


def test_a_broker_that_is_down_is_told_in_words_and_nothing_else_happens() -> None:
    url = f"mqtt://127.0.0.1:{free_port()}"
    sentence = (
        f"The lobby server at 127.0.0.1:{url.rsplit(':', 1)[1]} did not answer: check the "
        "address in Options → Network, or try again later."
    )
    with pytest.raises(LobbyError) as raised:
        list_hosts(url, 0.5)
    assert str(raised.value) == sentence
    host = LobbyConnection(url, HostLobby(announcement()))
    assert events_until(host, Problem) == [Problem(sentence)]
    assert not host.connected and host.protocol == ""
    host.close()


@pytest.mark.slow
def test_a_broker_that_refuses_the_connection_is_told_in_words(tmp_path: Path) -> None:
    refusal = r"refused the connection \(Not authorized\)"
    closed = running_mosquitto(tmp_path / "closed", anonymous=False)
    with closed as broker, pytest.raises(LobbyError, match=refusal):
        list_hosts(broker.url, 0.5)


def test_without_paho_the_lobby_says_what_to_install(
    mosquitto: Broker, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("paho", "paho.mqtt", "paho.mqtt.client"):
        monkeypatch.setitem(sys.modules, name, None)
    guest = LobbyConnection(mosquitto.url, GuestLobby())
    assert events_until(guest, Problem) == [Problem(PAHO_MISSING)]
    guest.close()


@pytest.mark.slow
def test_a_host_comes_back_to_the_list_after_the_broker_restarts(tmp_path: Path) -> None:
    port = free_port()
    with running_mosquitto(tmp_path / "first", port=port) as broker:
        host = LobbyConnection(broker.url, HostLobby(announcement("Steady")))
        events_until(host, Connected)
    try:
        with running_mosquitto(tmp_path / "second", port=port) as broker:
            seen = events_until(host, Connected, 20)
            assert any(isinstance(e, Problem) and "was lost" in e.text for e in seen)
            until(lambda: list_hosts(broker.url, 0.3))
            assert [h["name"] for h in list_hosts(broker.url, 0.3)] == ["Steady"]
    finally:
        host.close(0.5)


class Mqtt311Only:
    """A loopback proxy in front of Mosquitto that answers an MQTT 5 CONNECT as a 3.1.1-only
    broker does (CONNACK return code 1, unacceptable protocol version) and passes any other
    connection through."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.refused = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(client,), daemon=True).start()

    def _handle(self, client: socket.socket) -> None:
        first = client.recv(65536)
        # fixed header, remaining length (one byte for so short a CONNECT), "\0\4MQTT", level
        if len(first) > 8 and first[8] == 5:
            self.refused += 1
            client.sendall(b"\x20\x02\x00\x01")
            client.close()
            return
        upstream = socket.create_connection(("127.0.0.1", self.target))
        upstream.sendall(first)
        for source, sink in ((client, upstream), (upstream, client)):
            threading.Thread(target=self._pipe, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()


@pytest.mark.slow
def test_a_broker_without_mqtt_5_is_spoken_to_in_mqtt_3_1_1(mosquitto: Broker) -> None:
    proxy = Mqtt311Only(mosquitto.port)
    url = f"mqtt://127.0.0.1:{proxy.port}"
    host = LobbyConnection(url, HostLobby(announcement("Classic Carl")))
    try:
        assert Connected(url, "MQTT 3.1.1") in events_until(host, Connected)
        assert proxy.refused == 1 and host.protocol == "MQTT 3.1.1"
        assert [h["name"] for h in until(lambda: list_hosts(url, 0.3))] == ["Classic Carl"]
    finally:
        host.close()
        proxy.close()
    assert list_hosts(mosquitto.url, 0.5) == []
