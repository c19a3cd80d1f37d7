"""`python -m game.bench fair` answers --help and prints, per table size, the CPU per side of a
hand's deck and the bytes of an opening, as JSON when asked."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from game.bench import fair
from tests.helpers.paths import ROOT

KEYS = {
    "seats",
    "cards_opened",
    "setup_ms",
    "open_ms_per_card",
    "bytes_per_open",
    "audit_ms",
    "hand_ms",
}


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game.bench", "fair", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_fair_bench_answers_help() -> None:
    result = bench("--help")
    assert result.returncode == 0 and result.stdout.startswith("usage:")
    assert "--seats" in result.stdout and "--json" in result.stdout


@pytest.mark.slow
def test_the_fair_bench_prints_json_with_the_figures_per_side() -> None:
    result = bench("--seats", "2", "--hands", "1", "--cards", "34", "--json")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert figures["target_ms_two_seats"] == 250 and figures["hands"] == 1
    two = figures["seats"]["2"]
    assert set(two) == KEYS
    assert two["cards_opened"] == 34 and two["hand_ms"] > 0
    # one draw at two seats: the last seat's value for the card (32 bytes) and one unmask (a
    # hint of the value, a proof), with a few bytes of framing each
    assert 80 < two["bytes_per_open"] < 100
    played = figures["played"]["2"]
    assert set(played) == {"seats", "moves", "hand_ms", "bytes_per_move", "exchanges_per_draw"}
    assert 1 <= played["exchanges_per_draw"] < 1.5
    assert played["moves"] > 0 and played["hand_ms"] > 0
    # the shuffles alone are 2 x 3.4 kB; every card opened adds a point and a proof
    assert played["bytes_per_move"] > 2 * 108 * 32 / played["moves"]


@pytest.mark.slow
def test_more_seats_mean_more_unmasks_per_card() -> None:
    result = fair.run((3, 4), hands=1, cards=48)
    three, four = result["seats"]["3"], result["seats"]["4"]
    assert four["bytes_per_open"] > three["bytes_per_open"]
    assert "3 seats: hand" in fair.describe(result)
    assert "whole hands played" in fair.describe(result)
