"""The host's driver of a table (`TablePeer`) and its guests' drivers (`PlayPeer` with
`TableGuest`) over real sessions on lossy links (loss, duplication, reordering, a connection
cut mid-game and resumed) on one virtual clock: every guest accepts the host's rules, the whole
table plays to the same state hash, nothing lost or repeated; a guest that counters is told the
host's rules stand, and a copy that seats only two declines a table in words."""

from __future__ import annotations

import random

from game.logic.rules import Rules
from game.netplay.play.deciders import Autopilot
from game.netplay.play.peer import TOO_MANY_PLAYERS, PlayPeer
from game.netplay.play.play_protocol import proposal
from game.netplay.play.table_peer import TABLE_RULES_STAND, TablePeer
from game.netplay.session.handshake import PeerInfo, Role
from game.netplay.session.reliable import ReliableSession
from game.netplay.tools.link import LinkedPort, LinkedSessions, LinkProfile, LossyLink, VirtualClock

LOSSY = LinkProfile(drop=0.1, duplicate=0.05, reorder=0.05, latency=0.05, jitter=0.02)
CODE = "K7QM-3WXA"


class LinkedTable:
    """A host's `TablePeer` and one `PlayPeer` per guest seat, each guest on its own link."""

    def __init__(
        self,
        players: int,
        guests: list[int],
        *,
        seed: int,
        profile: LinkProfile = LOSSY,
        guest_kwargs: dict | None = None,
    ) -> None:
        self.clock = VirtualClock()
        rng = random.Random(seed)
        self.pairs: dict[int, LinkedSessions] = {}
        for g in guests:
            host = ReliableSession(Role.HOST, PeerInfo("Hana", "1.0"), join_code=CODE)
            host.table_seat = g
            guest = ReliableSession(Role.GUEST, PeerInfo(f"Guest{g}", "1.0"), join_code=CODE)
            link = LossyLink(random.Random(rng.random()), profile)
            self.pairs[g] = LinkedSessions(host, guest, link, clock=self.clock)
            self.pairs[g].connect()
        names = ["Hana", *(f"seat {s}" for s in range(1, players))]
        computers = {
            s: Autopilot("beginner", seed=seed + s) for s in range(1, players) if s not in guests
        }
        self.host = TablePeer(
            {g: LinkedPort(pair, "a") for g, pair in self.pairs.items()},
            Autopilot("beginner", seed=seed),
            computers,
            terms=proposal(Rules.preset("classic", players), 1),
            names=names,
        )
        self.guests = {
            g: PlayPeer(
                Role.GUEST,
                LinkedPort(pair, "b"),
                Autopilot("beginner", seed=seed * 7 + g),
                name=f"Guest{g}",
                **({"max_players": 4} | (guest_kwargs or {})),
            )
            for g, pair in self.pairs.items()
        }

    def run(self, done, timeout: float = 3600.0) -> bool:
        deadline = self.clock.now + timeout
        while not done():
            self.host.pump(self.clock.now)
            for guest in self.guests.values():
                guest.pump()
            if done():
                break
            times = [
                t
                for pair in self.pairs.values()
                for t in (
                    pair.link.next_arrival(),
                    pair.host.next_deadline(),
                    pair.guest.next_deadline(),
                )
                if t is not None
            ]
            if not times or self.clock.now >= deadline:
                return False
            soonest = min(times)
            for pair in self.pairs.values():
                pair.step(until=soonest)
        return True

    def all_done(self) -> bool:
        return self.host.done and all(guest.done for guest in self.guests.values())


def test_a_table_of_four_plays_a_hand_over_lossy_links_to_the_same_state_hash():
    table = LinkedTable(4, [1, 3], seed=11)
    cut = False

    def done() -> bool:
        nonlocal cut
        play = table.host.play
        if not cut and play is not None and play.state_no >= 30:
            table.pairs[3].cut()  # the connection drops; the guest's session resumes it
            cut = True
        return table.all_done()

    assert table.run(done)
    results = [table.host.result, *(guest.result for guest in table.guests.values())]
    assert all(result is not None for result in results), table.host.halted
    assert len({result.state_hash for result in results if result is not None}) == 1
    assert cut and table.pairs[3].guest.stats.resumes >= 1
    # every action the host's copy applied reached each guest once: their records agree
    host_log = table.host.play.me.log
    for guest in table.guests.values():
        assert guest.play is not None and guest.play.log == host_log


def test_a_guest_that_counters_is_told_the_hosts_rules_stand():
    table = LinkedTable(3, [1, 2], seed=12, guest_kwargs={"answer": lambda n: "counter"})
    assert table.run(table.all_done, timeout=120)
    assert table.host.declined is not None and table.host.play is None
    declined = [g.declined for g in table.guests.values() if g.declined is not None]
    assert declined and TABLE_RULES_STAND in declined[0].text


def test_a_copy_that_seats_two_declines_a_table_in_words():
    table = LinkedTable(3, [1, 2], seed=13, guest_kwargs={"max_players": 2})
    assert table.run(table.all_done, timeout=120)
    assert table.host.declined is not None and TOO_MANY_PLAYERS in table.host.declined.text
