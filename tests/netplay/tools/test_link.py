"""The in-memory link misbehaves as configured, reproducibly, and can be cut."""

from __future__ import annotations

import random

import pytest

from game.netplay.tools.link import LinkProfile, LossyLink, VirtualClock
from tests.helpers.netplay import linked_pair


def _send_many(link: LossyLink, count: int = 2000) -> list[bytes]:
    link.restore()
    link.send("a", [str(i).encode() for i in range(count)], 0.0)
    return [frame for _, frame in link.arrivals(1e9)]


def test_the_same_seed_gives_the_same_misbehaviour():
    profile = LinkProfile(drop=0.2, duplicate=0.2, reorder=0.2, latency=0.1, jitter=0.1)
    assert _send_many(LossyLink(random.Random(7), profile)) == _send_many(
        LossyLink(random.Random(7), profile)
    )


def test_drop_and_duplicate_rates_are_roughly_as_configured():
    link = LossyLink(random.Random(1), LinkProfile(drop=0.25, duplicate=0.25))
    _send_many(link, 4000)
    assert 0.22 < link.stats.dropped / 4000 < 0.28
    assert 0.22 < link.stats.duplicated / (4000 - link.stats.dropped) < 0.28


def test_reordering_delivers_some_frames_after_later_ones():
    arrived = _send_many(LossyLink(random.Random(2), LinkProfile(reorder=0.2, latency=0.01)), 500)
    numbers = [int(f) for f in arrived]
    assert sorted(numbers) == list(range(500)) and numbers != list(range(500))


def test_latency_holds_frames_until_they_are_due():
    link = LossyLink(random.Random(3), LinkProfile(latency=1.0))
    link.restore()
    link.send("b", [b"x"], 5.0)
    assert link.arrivals(5.99) == [] and link.next_arrival() == pytest.approx(6.0)
    assert link.arrivals(6.0) == [("a", b"x")]


def test_a_cut_loses_whatever_is_in_flight():
    link = LossyLink(random.Random(4), LinkProfile(latency=1.0))
    link.restore()
    link.send("a", [b"1", b"2"], 0.0)
    link.cut()
    link.send("a", [b"3"], 0.5)
    link.restore()
    assert link.arrivals(10.0) == [] and link.stats.lost_in_cut == 3


def test_the_virtual_clock_only_moves_forward():
    clock = VirtualClock(5.0)
    clock.advance_to(3.0)
    assert clock() == 5.0


def test_the_event_loop_jumps_straight_to_the_next_deadline():
    pair = linked_pair(LinkProfile(latency=0.25))
    before = pair.clock.now
    steps = 0
    while pair.clock.now < before + 60:
        pair.step()
        steps += 1
    assert steps < 1000, "an idle minute is a few hundred heartbeat steps, not a busy loop"
