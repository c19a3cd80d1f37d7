"""The soak tool's figures: complete games, nothing lost, and what a move costs on the wire."""

from __future__ import annotations

from game.netplay.tools.link import LinkProfile
from game.netplay.tools.soak import run


def test_a_move_costs_at_most_175_bytes_on_a_clean_link_everything_counted():
    # the peek-proof deal's shuffles (the first seat's deck, 3.4 kB, and the last seat's as far
    # as the hand reaches) and a proof for every message of unmasks are most of it; these three
    # games cost 170, twenty 156 (PROTOCOL.md, "Bytes per move"; it was 314 before protocol 6)
    report = run(3, LinkProfile(latency=0.05), seed=1)
    assert report.clean and report.moves > 200
    assert report.bytes_per_move <= 175


def test_a_lossy_link_loses_and_repeats_nothing():
    report = run(2, LinkProfile(drop=0.25, duplicate=0.25, latency=1.0), seed=2)
    assert report.clean and report.retransmits_per_message > 0
