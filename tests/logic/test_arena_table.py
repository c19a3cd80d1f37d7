"""tools/arena_table.py: the README's table of the levels, from one arena match per cell."""

from game.logic import arena
from game.logic.ai import LEVELS
from game.logic.ai.sparring import SPARRING
from tests.helpers.tools import load_tool


def test_every_level_meets_every_partner_and_the_level_below(monkeypatch):
    calls = []

    def fake_run(a, b, games, seed, rules, target=None, jobs=1):
        calls.append((a, b, games, target))
        rate = 0.5 + 0.05 * (LEVELS.index(a) if a in LEVELS else 0)
        return {
            "win_rate_a": rate,
            "ci95_a": [rate - 0.04, rate + 0.04],
            "margin_a": 12.0,
            "games": games,
            "decision_ms_a": {"p50": 1.0, "p95": 2.0, "max": 3.0},
        }

    monkeypatch.setattr(arena, "run", fake_run)
    tool = load_tool("arena_table")
    table = tool.measure(60, 20, 40, 4, 1, 1, None)
    text = tool.markdown(table)
    assert len(calls) == len(LEVELS) * len(SPARRING) + len(LEVELS) - 1 + len(SPARRING)
    assert ("master", "expert", 40, None) in calls and ("advanced", "rusher", 60, None) in calls
    assert ("master", "rusher", 20, None) in calls and ("beginner", "carefree", 60, None) in calls
    assert all(("master", p, 4, 5000) in calls for p in SPARRING)
    assert "| Master | 75% (71-79) |" in text and "| Carefree | 50% (46-54) |" in text
    assert "Master in whole games to 5000: 75% (71-79) against `rusher` (4 games)" in text
