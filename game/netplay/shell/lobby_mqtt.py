"""The lobby's thin shell: one connection to an MQTT broker through paho-mqtt, driving one core
(`HostLobby` or `GuestLobby`). paho's own network thread (`loop_start`) delivers the broker's
messages to the core; what the core returns is published at once, and its events wait on a
thread-safe queue that the game loop (or a command) reads with `poll`, once a frame, as the
same-network discovery does. Calls into the core (`do`) and paho's callbacks take turns under one
lock.

The connection is made on a worker thread of its own, so the game loop never waits for the
broker: MQTT 5 first, then MQTT 3.1.1 when the broker refuses version 5. A host's connection
carries its Last Will (an empty retained message on its announcement), so a host that crashes or
loses its network is removed from the list by the broker itself. Dropped connections are redialled
by paho; the core then republishes the announcement the Last Will cleared. A broker that is down,
refuses the connection or cannot prove who it is becomes a `Problem` with a sentence saying what
to try; nothing else in the game is affected. paho is imported only when a connection starts."""

from __future__ import annotations

import logging
import queue
import ssl
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from game.logic.phrase import phrase

from ..lobby.available import PAHO_MISSING
from ..lobby.broker import BrokerAddress, parse_broker_url
from ..lobby.events import Connected, LobbyEvent, Problem, Publication, Step

if TYPE_CHECKING:
    from paho.mqtt.client import Client, ConnectFlags, DisconnectFlags, MQTTMessage
    from paho.mqtt.properties import Properties
    from paho.mqtt.reasoncodes import ReasonCode

log = logging.getLogger(__name__)

CONNECT_WAIT = 10.0  # seconds for the broker to answer a connection
CLOSE_WAIT = 3.0  # seconds a closing lobby waits for its last messages to leave
KEEPALIVE = 30  # the broker notices a host that vanished without a word within 1.5 times this
QOS = 1
UNSUPPORTED_VERSION = 132  # CONNACK "Unsupported protocol version" (MQTT 3.1.1 return code 1)
PROTOCOL_WORDS = {5: "MQTT 5", 4: "MQTT 3.1.1"}


class LobbyCore(Protocol):
    """What the shell needs of a core (both `HostLobby` and `GuestLobby` are one)."""

    @property
    def client_id(self) -> str: ...
    @property
    def subscriptions(self) -> tuple[str, ...]: ...
    @property
    def will(self) -> Publication | None: ...
    def connected(self, now: float) -> Step: ...
    def receive(self, topic: str, payload: bytes, now: float) -> Step: ...
    def tick(self, now: float) -> Step: ...
    def leave(self, now: float) -> Step: ...


CoreT = TypeVar("CoreT", bound=LobbyCore)
ResultT = TypeVar("ResultT")


def not_answering(broker: BrokerAddress) -> str:
    return phrase(
        "The lobby server at {address} did not answer: check the address in "
        "Options → Network, or try again later.",
        address=broker.endpoint,
    )


def refused(broker: BrokerAddress, reason: str) -> str:
    return phrase(
        "The lobby server at {address} refused the connection ({reason}): check the "
        "address in Options → Network, or ask whoever runs that server.",
        address=broker.endpoint,
        reason=reason,
    )


def untrusted(broker: BrokerAddress, error: str) -> str:
    return phrase(
        "The lobby server at {address} could not prove who it is ({error}): check the "
        "address in Options → Network; mqtts:// needs a certificate this computer trusts.",
        address=broker.endpoint,
        error=error,
    )


def lost(broker: BrokerAddress) -> str:
    return phrase(
        "The connection to the lobby server at {address} was lost: trying again.",
        address=broker.endpoint,
    )


def _sent(info: Any) -> bool:
    """Whether a publication is done with: sent, or failed for good."""
    try:
        return bool(info.is_published())
    except (RuntimeError, ValueError):
        return True


class LobbyConnection(Generic[CoreT]):
    """One core on one broker connection, from `__init__` (which returns at once) to `close`."""

    def __init__(
        self,
        broker: str | BrokerAddress,
        core: CoreT,
        *,
        connect_wait: float = CONNECT_WAIT,
        ca_certs: str | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.broker = parse_broker_url(broker) if isinstance(broker, str) else broker
        self.core = core
        self.protocol = ""  # "MQTT 5" or "MQTT 3.1.1" once connected
        self._connect_wait = connect_wait
        self._ca_certs = ca_certs
        self._clock = clock
        self._lock = threading.RLock()
        self._events: queue.SimpleQueue[LobbyEvent] = queue.SimpleQueue()
        self._client: Client | None = None
        self._version = 5
        self._connack = threading.Event()
        self._refusal: ReasonCode | None = None
        self._connected = False
        self._ever_connected = False
        self._closing = False
        self._in_flight: list[Any] = []  # paho's MQTTMessageInfo of publications not yet sent
        self._worker = threading.Thread(target=self._connect, name="canasta-lobby", daemon=True)
        self._worker.start()

    @property
    def connected(self) -> bool:
        return self._connected

    def poll(self) -> list[LobbyEvent]:
        """What happened since the last call (on the game loop, once a frame); lets the core
        keep its time (lapsed requests, the announcement's refresh) too."""
        if not self._closing:
            self.do(lambda core, now: core.tick(now))
        events: list[LobbyEvent] = []
        while True:
            try:
                events.append(self._events.get_nowait())
            except queue.Empty:
                return events

    def do(self, action: Callable[[CoreT, float], Step]) -> None:
        """Run `action(core, now)` (ask, accept, decline, block, cancel...) and carry out what
        it returns; a `LobbyError` it raises reaches the caller unchanged."""
        with self._lock:
            self._carry_out(action(self.core, self._clock()))

    def read(self, look: Callable[[CoreT], ResultT]) -> ResultT:
        """`look(core)`, taken while paho's thread keeps out (the list, the pending requests)."""
        with self._lock:
            return look(self.core)

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """Leave the lobby (a host's announcement is removed, its pending guests told) and
        disconnect; waits up to `wait` seconds for those last messages to leave."""
        if self._closing:
            return
        with self._lock:
            self._carry_out(self.core.leave(self._clock()))
            self._closing = True
            client = self._client
            infos = [info for info in self._in_flight if not _sent(info)]
        deadline = time.monotonic() + wait
        for info in infos:
            try:
                info.wait_for_publish(max(0.0, deadline - time.monotonic()))
            except (ValueError, RuntimeError):
                continue  # not sent: the connection is gone (a host's Last Will clears it then)
        if client is not None:
            client.disconnect()
            client.loop_stop()
        self._worker.join(max(0.0, deadline - time.monotonic()))

    # -- inside, under the lock ---------------------------------------------------------------------
    def _carry_out(self, step: Step) -> None:
        client = self._client
        if client is not None and not self._closing:
            for topic in step.subscribe:
                client.subscribe(topic, qos=QOS)
            if step.publications:
                self._in_flight = [i for i in self._in_flight if not _sent(i)]
            for publication in step.publications:
                self._in_flight.append(self._publish(client, publication))
            for topic in step.unsubscribe:
                client.unsubscribe(topic)
        for event in step.events:
            self._events.put(event)

    def _publish(self, client: Client, publication: Publication) -> Any:
        properties = None
        if publication.expiry is not None and self._version == 5:
            from paho.mqtt.packettypes import PacketTypes
            from paho.mqtt.properties import Properties

            properties = Properties(PacketTypes.PUBLISH)  # type: ignore[no-untyped-call]
            properties.MessageExpiryInterval = publication.expiry
        return client.publish(
            publication.topic,
            publication.payload,
            qos=QOS,
            retain=publication.retain,
            properties=properties,
        )

    # -- on the worker thread -----------------------------------------------------------------------
    def _connect(self) -> None:
        try:
            from paho.mqtt import client as mqtt
        except ImportError:
            self._events.put(Problem(PAHO_MISSING))
            return
        for version in (5, 4):
            with self._lock:
                if self._closing:
                    return
                client = self._make_client(mqtt, version)
                self._client = client
                self._version = version
                self._connack.clear()
                self._refusal = None
            try:
                client.connect(self.broker.host, self.broker.port, keepalive=KEEPALIVE)
            except ssl.SSLError as error:
                self._fail(untrusted(self.broker, error.reason or str(error)))
                return
            except (OSError, ValueError) as error:
                log.info("lobby server %s: %s", self.broker.url, error)
                self._fail(not_answering(self.broker))
                return
            client.loop_start()
            if not self._connack.wait(self._connect_wait):
                self._fail(not_answering(self.broker))
                return
            refusal = self._refusal
            if refusal is None:
                return
            self._stop_client()
            if version == 5 and refusal.value == UNSUPPORTED_VERSION:
                continue  # an MQTT 3.1.1 broker: ask again in its version
            self._fail(refused(self.broker, str(refusal)))
            return

    def _make_client(self, mqtt: Any, version: int) -> Client:
        client: Client = mqtt.Client(
            mqtt.CallbackAPIVersion.VERSION2,
            client_id=f"canasta-{self.core.client_id}",
            protocol=mqtt.MQTTv5 if version == 5 else mqtt.MQTTv311,
            reconnect_on_failure=True,
        )
        client.connect_timeout = self._connect_wait
        client.reconnect_delay_set(1, 30)
        if self.broker.tls:
            client.tls_set(ca_certs=self._ca_certs)
        will = self.core.will
        if will is not None:
            client.will_set(will.topic, will.payload, qos=QOS, retain=will.retain)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        return client

    def _stop_client(self) -> None:
        with self._lock:
            client = self._client
            self._client = None
        if client is not None:
            client.disconnect()
            client.loop_stop()

    def _fail(self, text: str) -> None:
        self._stop_client()
        if not self._closing:
            self._events.put(Problem(text))

    # -- on paho's network thread -----------------------------------------------------------------
    def _on_connect(
        self,
        client: Client,
        userdata: Any,
        flags: ConnectFlags,
        reason: ReasonCode,
        properties: Properties | None,
    ) -> None:
        if reason.is_failure:
            self._refusal = reason
            self._connack.set()
            if self._ever_connected:  # a redial refused: paho keeps trying, the player is told
                self._events.put(Problem(refused(self.broker, str(reason))))
            return
        with self._lock:
            if self._closing or client is not self._client:
                return
            self.protocol = PROTOCOL_WORDS[self._version]
            for topic in self.core.subscriptions:
                client.subscribe(topic, qos=QOS)
            self._connected = self._ever_connected = True
            self._events.put(Connected(self.broker.url, self.protocol))
            self._carry_out(self.core.connected(self._clock()))
        self._connack.set()

    def _on_disconnect(
        self,
        client: Client,
        userdata: Any,
        flags: DisconnectFlags,
        reason: ReasonCode,
        properties: Properties | None,
    ) -> None:
        with self._lock:
            was_connected = self._connected
            self._connected = False
            if was_connected and not self._closing and client is self._client:
                self._events.put(Problem(lost(self.broker)))

    def _on_message(self, client: Client, userdata: Any, message: MQTTMessage) -> None:
        with self._lock:
            if self._closing or client is not self._client:
                return
            self._carry_out(self.core.receive(message.topic, bytes(message.payload), self._clock()))
