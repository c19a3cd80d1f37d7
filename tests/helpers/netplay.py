"""Shared helpers for the netplay tests: session pairs on the in-memory link, a manual frame
shuttle for step-by-step protocol tests, and a driver that streams numbered payloads both ways."""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.netplay.session.config import SessionConfig
from game.netplay.session.events import Delivered, Event
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.reliable import ReliableSession
from game.netplay.session.secure import ChannelKeys, Opener
from game.netplay.tools.link import LinkedSessions, LinkProfile, LossyLink
from game.netplay.wire.framing import decode_body, decode_frame, encode_body, encode_frame
from game.netplay.wire.payloads import game_payload
from game.netplay.wire.session_messages import Message, Sealed, pack_message, parse_message


def host_session(config: SessionConfig | None = None, **peer: object) -> ReliableSession:
    info = PeerInfo(**{"name": "Alice", "app_version": "1.0.0", **peer})  # type: ignore[arg-type]
    return ReliableSession(Role.HOST, info, config)


def guest_session(config: SessionConfig | None = None, **peer: object) -> ReliableSession:
    info = PeerInfo(**{"name": "Bob", "app_version": "1.0.0", **peer})  # type: ignore[arg-type]
    return ReliableSession(Role.GUEST, info, config)


def linked_pair(
    profile: LinkProfile | None = None, seed: int = 1, config: SessionConfig | None = None
) -> LinkedSessions:
    link = LossyLink(random.Random(seed), profile or LinkProfile())
    pair = LinkedSessions(host_session(config), guest_session(config), link)
    pair.connect()
    assert pair.run_until(lambda: pair.host.established and pair.guest.established, 120)
    return pair


def channel_keys(session: ReliableSession) -> ChannelKeys:
    """The keys of a session's current connection (white-box, for reading its frames)."""
    if session.role is Role.HOST:
        return session._gate.exchange.keys  # type: ignore[union-attr]
    return session._kx.keys  # type: ignore[union-attr,return-value]


def read(sender: ReliableSession, frames: Iterable[bytes]) -> list[Message]:
    """What frames `sender` put on the wire say, sealed ones opened with its key."""
    messages = []
    for frame in frames:
        message = parse_message(decode_frame(frame))
        if isinstance(message, Sealed):
            keys = channel_keys(sender)
            key = keys.host_to_guest if sender.role is Role.HOST else keys.guest_to_host
            body = Opener(key, ordered=False).open(message)
            assert body is not None, "the frame opens with its sender's key"
            messages.extend(unbatch(decode_body(body)))
        else:
            messages.append(message)
    return messages


def unbatch(value: object) -> list[Message]:
    """The messages of one sealed frame's body: one, or the list of a whole flush."""
    batch = value if isinstance(value, list) and isinstance(value[0], list) else [value]
    return [parse_message(item) for item in batch]


def kinds(sender: ReliableSession, frames: Iterable[bytes]) -> list[type]:
    return [type(message) for message in read(sender, frames)]


def sealed_by(sender: ReliableSession, message: Message) -> bytes:
    """A frame carrying `message` sealed as `sender` would send it (to forge what the peer
    says once the key exchange is done)."""
    sealed = sender._channel._sealer.seal(encode_body(pack_message(message)))  # type: ignore[union-attr]
    return encode_frame(pack_message(sealed))


def numbers(events: Iterable[Event]) -> list:
    return [e.payload[1] for e in events if isinstance(e, Delivered)]


def stream_both_ways(
    pair: LinkedSessions, count: int, timeout: float, window: int = 16, cuts: Iterable[int] = ()
):
    """Send `count` numbered game payloads each way, `window` at a time, cutting the connection
    when the guest has received each of the `cuts` counts; returns once both sides have
    everything acknowledged."""
    sent = {"a": 0, "b": 0}
    cut_points = sorted(cuts)

    def progress() -> bool:
        for end, session in pair.sessions.items():
            while sent[end] < count and session.unacked_count < window and not session.finished:
                session.send(game_payload(sent[end]))
                sent[end] += 1
        received = len(numbers(pair.guest_events))
        if cut_points and received >= cut_points[0] and pair.link.up:
            while cut_points and received >= cut_points[0]:
                cut_points.pop(0)
            pair.cut()
        return all(
            len(numbers(pair.events[end])) == count and s.unacked_count == 0 and sent[end] == count
            for end, s in pair.sessions.items()
        )

    return pair.run_until(progress, timeout)


class Shuttle:
    """Carries frames between a host and a guest by hand, on a stream transport (or a datagram
    one, where frames may be reordered), so a test can drop, repeat or forge any frame."""

    def __init__(
        self, config: SessionConfig | None = None, *, datagram: bool = False, **guest_peer: object
    ) -> None:
        self.now = 0.0
        self.host = host_session(config)
        self.guest = guest_session(config, **guest_peer)
        self.host.connection_made(self.now, datagram=datagram)
        self.guest.connection_made(self.now, datagram=datagram)

    def to_host(self) -> list[bytes]:
        """Frames the guest sends now, delivered to the host."""
        frames = self.guest.poll(self.now)
        for frame in frames:
            self.host.receive_bytes(frame, self.now)
        return frames

    def to_guest(self) -> list[bytes]:
        frames = self.host.poll(self.now)
        for frame in frames:
            self.guest.receive_bytes(frame, self.now)
        return frames

    def handshake(self) -> Shuttle:
        # KEY_HELLO, KEY_REPLY, KEY_CONFIRM with the sealed HELLO, KEY_ACCEPT with WELCOME
        for _ in range(2):
            self.to_host()
            self.to_guest()
        assert self.host.established and self.guest.established
        return self

    def settle(self, rounds: int = 4) -> None:
        for _ in range(rounds):
            self.to_host()
            self.to_guest()
