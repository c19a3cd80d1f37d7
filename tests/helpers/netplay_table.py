"""A table of three or four over the play protocol in memory: the host's copy and its guests
joined by in-order links that deliver in a random order, every seat played by a beginner
AutoPilot (tests of `table_protocol`, the hidden-cards audit)."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from game.logic.rules import Rules
from game.netplay.play import play_messages as m
from game.netplay.play.deciders import Autopilot
from game.netplay.play.play_protocol import Terms, proposal
from game.netplay.play.table_protocol import TableGuest, TableHost
from tests.netplay.fair.streams import seeded


class Table:
    """A host's copy and its guests joined by in-order links, delivered in a random order."""

    def __init__(self, players: int, guests: list[int], seed: int, hands: int = 1) -> None:
        self.terms = Terms.from_agreed(proposal(Rules.preset("classic", players), hands))
        names = ["Hana", "Ivo", "Jun", "Kai"][:players]
        self.host = TableHost(self.terms, names, guests, randomness=seeded(b"host-%d" % seed))
        self.guests = {
            g: TableGuest(self.terms, randomness=seeded(b"guest-%d-%d" % (seed, g))) for g in guests
        }
        self.deciders = {s: Autopilot("beginner", seed=seed * 10 + s) for s in range(players)}
        self.down: dict[int, deque[list[Any]]] = {g: deque() for g in guests}
        self.up: dict[int, deque[list[Any]]] = {g: deque() for g in guests}
        self.rng = random.Random(seed)
        self.relayed: list[tuple[int, int]] = []  # (to guest, from seat) of every `from`
        self._send_down(self.host.begin())

    def _send_down(self, sent: list[tuple[int, list[Any]]]) -> None:
        for g, payload in sent:
            body = payload[1]
            if body[0] == m.TAGS["from"]:
                self.relayed.append((g, body[1]))
            self.down[g].append(payload)

    def moves(self) -> None:
        moved = True
        while moved:
            moved = False
            for s, seat in self.host.seats.items():
                if not seat.over and (seat.my_turn or seat.wants_next_hand):
                    assert seat.view is not None
                    action = self.deciders[s].choose(seat.view, 0.0)
                    assert action is not None
                    self._send_down(self.host.act(s, action))
                    moved = True
            for g, guest in self.guests.items():
                if not guest.over and (guest.my_turn or guest.wants_next_hand):
                    assert guest.view is not None
                    action = self.deciders[g].choose(guest.view, 0.0)
                    assert action is not None
                    self.up[g].extend(guest.act(action))
                    moved = True

    def step(self) -> bool:
        """Deliver one message (after every move that can be made); False when none is left."""
        self.moves()
        links = [("down", g) for g, q in self.down.items() if q]
        links += [("up", g) for g, q in self.up.items() if q]
        if not links:
            return False
        way, g = self.rng.choice(links)
        if way == "down":
            self.up[g].extend(self.guests[g].receive(self.down[g].popleft()))
        else:
            self._send_down(self.host.receive(g, self.up[g].popleft()))
        return True

    def run(self, limit: int = 100_000) -> None:
        for _ in range(limit):
            if not self.step():
                return
        raise AssertionError("the table never settled")

    def hashes(self) -> set[str]:
        results = [self.host.finished, *(guest.finished for guest in self.guests.values())]
        assert all(result is not None for result in results), [
            self.host.halted,
            *(guest.halted for guest in self.guests.values()),
        ]
        return {result.state_hash for result in results if result is not None}
