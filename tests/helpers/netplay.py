"""Shared helpers for the netplay tests: session pairs on the in-memory link, a manual frame
shuttle for step-by-step protocol tests, and a driver that streams numbered payloads both ways."""

from __future__ import annotations

import random
from collections.abc import Iterable

from game.netplay.handshake import PeerInfo, Role
from game.netplay.payloads import game_payload
from game.netplay.session import Delivered, Event, ReliableSession, SessionConfig
from game.netplay.tools.link import LinkedSessions, LinkProfile, LossyLink


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
    """Carries frames between a host and a guest by hand, on a stream transport, so a test can
    drop, repeat or forge any frame."""

    def __init__(self, config: SessionConfig | None = None, **guest_peer: object) -> None:
        self.now = 0.0
        self.host = host_session(config)
        self.guest = guest_session(config, **guest_peer)
        self.host.connection_made(self.now)
        self.guest.connection_made(self.now)

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
        self.to_host()
        self.to_guest()
        assert self.host.established and self.guest.established
        return self

    def settle(self, rounds: int = 4) -> None:
        for _ in range(rounds):
            self.to_host()
            self.to_guest()
