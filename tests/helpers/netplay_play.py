"""Helpers for the play-protocol tests: agreed terms, a hand-carried pair of play objects with the
computer playing both seats, and complete peers over the in-memory link."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from game.logic.actions import NextHand
from game.logic.ai import ComputerPlayer
from game.logic.rules import Rules
from game.netplay.play.deciders import Autopilot
from game.netplay.play.peer import PlayPeer
from game.netplay.play.play_protocol import GuestPlay, HostPlay, Terms, proposal
from game.netplay.session.config import SessionConfig
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.reliable import ReliableSession
from game.netplay.tools.link import LinkedPort, LinkedSessions, LinkProfile, LossyLink, run_linked


def terms(hands: int = 1, rules: Rules | None = None) -> Terms:
    return Terms.from_agreed(proposal(rules or Rules(), hands))


def seeded_bytes(seed: int) -> Callable[[int], bytes]:
    rng = random.Random(seed)
    return lambda n: rng.getrandbits(8 * n).to_bytes(n, "big")


def host_play(t: Terms, seed: int = 1, cls: type[HostPlay] = HostPlay) -> HostPlay:
    return cls(t, randomness=seeded_bytes(seed))


def guest_play(t: Terms, seed: int = 2, cls: type[GuestPlay] = GuestPlay) -> GuestPlay:
    return cls(t, randomness=seeded_bytes(seed))


class FalseUnmaskGuest(GuestPlay):
    """A guest whose unmasks turn false once the hand has gone on a while: each proof's challenge
    is altered, the values honest."""

    def _deal_out(self, body):
        if isinstance(body, bytes) and self.state_no >= 20:  # an unmask
            body = body[:-48] + bytes([body[-48] ^ 1]) + body[-47:]
        return super()._deal_out(body)


@dataclass
class Table:
    """A host and a guest play object with the messages carried by hand, so a test can read,
    change or drop any of them."""

    host: HostPlay
    guest: GuestPlay
    to_guest: list = field(default_factory=list)
    to_host: list = field(default_factory=list)
    players: tuple = (ComputerPlayer("beginner", seed=1), ComputerPlayer("beginner", seed=2))

    @classmethod
    def new(
        cls, t: Terms | None = None, host_cls: type[HostPlay] = HostPlay, seed: int = 1
    ) -> Table:
        t = t or terms()
        table = cls(host_play(t, seed, host_cls), guest_play(t, seed + 1))
        table.to_guest += table.host.begin()
        return table

    def deliver(self) -> None:
        """Carry messages both ways until both sides are quiet."""
        while self.to_guest or self.to_host:
            batch, self.to_guest = self.to_guest, []
            for payload in batch:
                self.to_host += self.guest.receive(payload)
            batch, self.to_host = self.to_host, []
            for payload in batch:
                self.to_guest += self.host.receive(payload)

    def move(self) -> bool:
        """Deliver, then let whichever side may act make one move; False if nobody can."""
        self.deliver()
        if self.host.my_turn:
            self.to_guest += self.host.act(self.players[0].decide(self.host.view))
        elif self.host.wants_next_hand:
            self.to_guest += self.host.act(NextHand())
        elif self.guest.my_turn:
            self.to_host += self.guest.act(self.players[1].decide(self.guest.view))
        elif self.guest.wants_next_hand:
            self.to_host += self.guest.act(NextHand())
        else:
            return False
        return True

    def play_until(self, done: Callable[[], bool], limit: int = 5000) -> None:
        for _ in range(limit):
            self.deliver()
            if done() or not self.move():
                break
        self.deliver()

    def guest_to_move(self) -> None:
        self.play_until(lambda: self.guest.my_turn)
        assert self.guest.my_turn


class MemoryStore:
    """A `SaveStore` that keeps the last saved document in memory."""

    def __init__(self, where: str = "memory") -> None:
        self.where = where
        self.document: dict | None = None
        self.writes = 0

    def write(self, document: dict) -> None:
        self.document = document
        self.writes += 1


@dataclass
class LinkedGame:
    pair: LinkedSessions
    host: PlayPeer
    guest: PlayPeer

    def run(self, timeout: float = 20_000, until: Callable[[], bool] | None = None) -> bool:
        return run_linked(self.pair, self.host, self.guest, timeout, until)


def linked_game(
    profile: LinkProfile | None = None,
    *,
    seed: int = 1,
    hands: int = 1,
    config: SessionConfig | None = None,
    host_kwargs: dict | None = None,
    guest_kwargs: dict | None = None,
    host_decider=None,
    guest_decider=None,
) -> LinkedGame:
    link = LossyLink(random.Random(seed), profile or LinkProfile())
    pair = LinkedSessions(
        ReliableSession(Role.HOST, PeerInfo("Alice", "1.0"), config),
        ReliableSession(Role.GUEST, PeerInfo("Bob", "1.0"), config),
        link,
    )
    pair.connect()
    agreed = proposal(Rules(), hands)
    host = PlayPeer(
        Role.HOST,
        LinkedPort(pair, "a"),
        host_decider or Autopilot("beginner", seed=seed),
        **(
            {"terms": agreed, "name": "Alice", "randomness": seeded_bytes(seed * 2)}
            | (host_kwargs or {})
        ),
    )
    guest = PlayPeer(
        Role.GUEST,
        LinkedPort(pair, "b"),
        guest_decider or Autopilot("beginner", seed=seed + 1),
        **(
            {"terms": agreed, "name": "Bob", "randomness": seeded_bytes(seed * 2 + 1)}
            | (guest_kwargs or {})
        ),
    )
    return LinkedGame(pair, host, guest)
