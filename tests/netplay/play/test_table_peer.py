"""The host's driver of a table (`TablePeer`) and its guests' drivers (`PlayPeer` with
`TableGuest`) over real sessions on lossy links (loss, duplication, reordering, a connection
cut mid-game and resumed) on one virtual clock: every guest accepts the host's rules, the whole
table plays to the same state hash, nothing lost or repeated; a guest that counters is told the
host's rules stand, and a copy that seats only two declines a table in words; a guest that
declines frees its seat, and the next guest to come takes it and plays."""

from __future__ import annotations

import random

from game.logic.rules import Rules
from game.netplay.play.chat import ChatLine
from game.netplay.play.deciders import Autopilot
from game.netplay.play.peer import TOO_MANY_PLAYERS, PlayPeer
from game.netplay.play.play_protocol import proposal
from game.netplay.play.table_peer import TABLE_RULES_STAND, SeatFreed, TablePeer
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
        self.seed = seed
        self.profile = profile
        self.rng = random.Random(seed)
        self.guest_kwargs = guest_kwargs or {}
        self.pairs: dict[int, LinkedSessions] = {}
        self.gone: list[tuple[LinkedSessions, PlayPeer]] = []  # guests whose seat was freed
        self.later: list[dict] = []  # the answers of guests who come to a freed seat, in order
        for g in guests:
            self._seat_pair(g, f"Guest{g}")
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
            reopen=self._reopen,
        )
        self.guests = {g: self._guest(g, f"Guest{g}", self.guest_kwargs) for g in self.pairs}

    def _seat_pair(self, seat: int, name: str) -> LinkedSessions:
        host = ReliableSession(Role.HOST, PeerInfo("Hana", "1.0"), join_code=CODE)
        host.table_seat = seat
        guest = ReliableSession(Role.GUEST, PeerInfo(name, "1.0"), join_code=CODE)
        link = LossyLink(random.Random(self.rng.random()), self.profile)
        self.pairs[seat] = LinkedSessions(host, guest, link, clock=self.clock)
        self.pairs[seat].connect()
        return self.pairs[seat]

    def _guest(self, seat: int, name: str, kwargs: dict) -> PlayPeer:
        return PlayPeer(
            Role.GUEST,
            LinkedPort(self.pairs[seat], "b"),
            Autopilot("beginner", seed=self.seed * 7 + seat),
            name=name,
            **({"max_players": 4} | kwargs),
        )

    def _reopen(self, seat: int) -> LinkedPort:
        """The seat is free again: a new guest comes to it (while one is expected)."""
        self.gone.append((self.pairs[seat], self.guests[seat]))
        name = f"Next{len(self.gone)}"
        pair = self._seat_pair(seat, name)
        self.guests[seat] = self._guest(seat, name, self.later.pop(0) if self.later else {})
        return LinkedPort(pair, "a")

    def all_pairs(self) -> list[LinkedSessions]:
        return [*self.pairs.values(), *(pair for pair, _guest in self.gone)]

    def run(self, done, timeout: float = 3600.0) -> bool:
        deadline = self.clock.now + timeout
        while not done():
            self.host.pump(self.clock.now)
            for guest in [*self.guests.values(), *(guest for _pair, guest in self.gone)]:
                guest.pump()
            if done():
                break
            times = [
                t
                for pair in self.all_pairs()
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
            for pair in self.all_pairs():
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


def freed(table: LinkedTable) -> list[SeatFreed]:
    return [n for n in table.host.pop_notices() if isinstance(n, SeatFreed)]


def test_a_guest_that_counters_is_told_the_hosts_rules_stand_and_frees_its_seat():
    table = LinkedTable(3, [1, 2], seed=12, guest_kwargs={"answer": lambda n: "counter"})
    table.later = [{}, {}]  # the next two guests accept
    assert table.run(table.all_done)
    declined = [guest.declined for _pair, guest in table.gone]
    assert len(declined) == 2 and all(TABLE_RULES_STAND in d.text for d in declined if d)
    assert all(guest.closed is not None for _pair, guest in table.gone)
    results = [table.host.result, *(guest.result for guest in table.guests.values())]
    assert all(result is not None for result in results), table.host.halted
    assert len({result.state_hash for result in results if result is not None}) == 1
    assert table.host.play is not None and table.host.play.names[1:] == ["Next1", "Next2"]


def test_a_guest_that_declines_frees_its_seat_and_the_table_waits_for_another():
    table = LinkedTable(4, [1, 3], seed=14)
    table.guests[3] = table._guest(3, "Guest3", {"answer": lambda n: "decline"})
    table.later = [{"answer": lambda n: "decline"}]  # the next one declines too; none comes after
    notices: list[SeatFreed] = []

    def two_gone() -> bool:
        notices.extend(freed(table))
        return len(table.gone) == 2 and all(pair.host.finished for pair, _g in table.gone)

    assert table.run(two_gone, timeout=120)
    assert [(n.seat, n.name) for n in notices] == [(3, "Guest3"), (3, "Next1")]
    assert all(guest.declined is not None for _pair, guest in table.gone)
    # the table is still open: seat 1 agreed and waits, seat 3 waits for a guest
    assert not table.host.game_over and table.host.play is None
    assert table.host.names[3] == "seat 3" and 3 not in table.host.joined
    assert 1 in table.host.joined and not table.guests[1].game_over


def test_a_copy_that_seats_two_declines_a_table_in_words_and_frees_the_seat():
    table = LinkedTable(3, [1, 2], seed=13, guest_kwargs={"max_players": 2})
    table.later = [{}, {}]
    notices: list[SeatFreed] = []

    def done() -> bool:
        notices.extend(freed(table))
        return table.all_done()

    assert table.run(done)
    assert len(notices) == 2 and all(TOO_MANY_PLAYERS in n.text for n in notices)
    assert table.host.result is not None


def test_every_guest_is_told_who_sits_where_before_the_rules_and_again_when_a_seat_frees():
    table = LinkedTable(4, [1, 3], seed=15)
    table.host.levels = {2: "expert"}
    table.guests[3] = table._guest(3, "Guest3", {"answer": lambda n: "decline"})
    table.later = [{"answer": lambda n: "decline"}]

    def told_seat_3_is_free_again() -> bool:
        seating = table.guests[1].seating
        return len(table.gone) == 2 and seating is not None and seating.joined == (1,)

    assert table.run(told_seat_3_is_free_again, timeout=120)
    first = table.guests[1].seating
    assert first is not None and first.seat == 1 and first.players == 4
    assert first.names == ("Hana", "Guest1", "seat 2", "seat 3")
    assert first.guests == (1, 3)
    assert first.levels == ("", "", "expert", "")
    told = table.gone[0][1].seating  # the guest that declined saw the table it was offered
    assert told is not None and told.seat == 3 and told.names[3] == "Guest3"


def test_a_guests_chat_line_reaches_the_other_guests_under_its_own_name():
    table = LinkedTable(3, [1, 2], seed=16, profile=LinkProfile())
    assert table.run(
        lambda: all(g.seating and len(g.seating.joined) == 2 for g in table.guests.values()),
        timeout=60,
    )
    table.guests[1].say("hello all")
    table.host.say("welcome", table.clock.now)
    heard: list = []

    def both_heard() -> bool:
        heard.extend(n for n in table.guests[2].pop_notices() if isinstance(n, ChatLine))
        return len(heard) == 2

    assert table.run(both_heard, timeout=60)
    assert {(line.name, line.text) for line in heard} == {
        ("Guest1", "hello all"),
        ("Hana", "welcome"),
    }
