"""The records benchmark runs end to end on a small career (its figures are not checked here)."""

from __future__ import annotations

import json

from game.bench import records as records_bench
from game.bench.__main__ import main


def test_records_bench_fills_and_reports(tmp_path):
    result = records_bench.run(games=12, repeats=1, folder=str(tmp_path))
    assert result["games"] == 12
    assert 12 * 2 <= result["hands"] <= 12 * 11
    assert {"open_ms", "open_median_ms", "connect_ms", "fill_s", "file_mb"} <= set(result)
    assert list(tmp_path.iterdir()) == []
    assert "history first page" in records_bench.describe(result)


def test_records_bench_command_prints_json(capsys):
    assert main(["records", "--games", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 3
