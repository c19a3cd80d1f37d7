"""Master's thinking-time benchmark plays its hands to the end, the same way every time (its
figures are not checked here: the tests never judge the clock)."""

from __future__ import annotations

import json

from game.bench import master as master_bench
from game.bench.__main__ import main


def test_master_bench_times_every_decision_of_its_hands_the_same_way_each_run():
    first = master_bench.run(hands=2, samples=3)
    again = master_bench.run(hands=2, samples=3)
    assert first["hands"] == 2 and first["decisions"] >= 20
    assert first["decisions"] == again["decisions"]
    assert 0 <= first["p50_ms"] <= first["p95_ms"] <= first["max_ms"]
    assert 0.0 <= first["over_budget"] <= 1.0 and first["budget_ms"] == 80.0
    assert "over its 80.0 ms budget" in master_bench.describe(first)


def test_master_bench_command_prints_json(capsys, monkeypatch):
    monkeypatch.setattr(master_bench, "run", lambda hands, seed: {"hands": hands, "seed": seed})
    assert main(["master", "--hands", "3", "--seed", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"hands": 3, "seed": 5}
