"""tools/compare_arenas.py: two arena runs on the same deals compared game by game, from the replays
the arena saved."""

import json
import subprocess
import sys

import pytest

from game.logic import Rules, arena
from tests.helpers.paths import ROOT
from tests.helpers.tools import load_tool

TOOL = [sys.executable, str(ROOT / "tools" / "compare_arenas.py")]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Two runs of six hands against rusher on the same deals: Advanced, then Carefree."""
    results = {}
    for level in ("advanced", "carefree"):
        folder = tmp_path_factory.mktemp(level)
        results[level] = (folder, arena.run(level, "rusher", 6, 3, Rules(), replays=folder))
    return results


def test_each_run_is_read_back_as_the_arena_measured_it_and_the_change_is_their_difference(runs):
    tool = load_tool("compare_arenas")
    (before, first), (after, second) = runs["advanced"], runs["carefree"]
    result = tool.compare(before, after, "rusher")
    assert result["games"] == 6 and result["only_before"] == result["only_after"] == 0
    assert result["win_rate_before"] == first["win_rate_a"]
    assert result["win_rate_after"] == second["win_rate_a"]
    assert result["margin_before"] == first["margin_a"]
    assert result["margin_after"] == second["margin_a"]
    assert result["margin_change"] == pytest.approx(second["margin_a"] - first["margin_a"], abs=0.1)
    assert result["win_rate_change"] == pytest.approx(
        second["win_rate_a"] - first["win_rate_a"], abs=1e-4
    )
    assert result["margin_change_2se"] > 0


def test_a_run_against_itself_changes_nothing(runs):
    tool = load_tool("compare_arenas")
    folder = runs["advanced"][0]
    result = tool.compare(folder, folder, "rusher")
    assert result["win_rate_change"] == result["margin_change"] == 0
    assert result["win_rate_change_2se"] == result["margin_change_2se"] == 0


def test_a_game_played_in_one_run_only_is_counted_and_left_out(runs, tmp_path):
    tool = load_tool("compare_arenas")
    source = runs["advanced"][0]
    fewer = tmp_path / "fewer"
    fewer.mkdir()
    names = sorted(p.name for p in source.glob("*.json"))
    for name in names[1:]:
        (fewer / name).write_bytes((source / name).read_bytes())
    result = tool.compare(source, fewer, "rusher")
    assert result["games"] == 5 and result["only_before"] == 1 and result["only_after"] == 0


def test_whole_games_are_judged_by_their_totals(tmp_path):
    tool = load_tool("compare_arenas")
    measured = arena.run("beginner", "carefree", 2, 4, Rules(), target=1500, replays=tmp_path)
    result = tool.compare(tmp_path, tmp_path, "carefree")
    assert result["games"] == 2
    assert result["win_rate_before"] == measured["win_rate_a"]
    assert result["margin_before"] == measured["margin_a"]


def test_the_command_prints_json_and_says_clearly_what_it_cannot_read(runs, tmp_path):
    before, after = runs["advanced"][0], runs["carefree"][0]
    out = subprocess.run(
        [*TOOL, str(before), str(after), "--b", "rusher", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 6
    broken = tmp_path / "broken"
    broken.mkdir()
    name = sorted(p.name for p in before.glob("*.json"))[0]
    (broken / name).write_text("{not json", encoding="utf-8")
    for folder, said in (
        (broken, f"{name}: not a readable replay"),
        (tmp_path / "missing", "is not a folder of saved arena games"),
    ):
        out = subprocess.run(
            [*TOOL, str(before), str(folder), "--b", "rusher"],
            capture_output=True,
            text=True,
            check=False,
        )
        assert out.returncode == 2 and said in out.stderr and not out.stdout
    out = subprocess.run(
        [*TOOL, str(before), str(after), "--b", "careful"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 2 and "no saved arena games against 'careful'" in out.stderr


def test_replay_names_read_back_as_they_were_made():
    name = arena.replay_name(7, 12, 7_000_033, ("master", "mybots.greedy:Greedy"))
    assert name == "seed7-deal12-7000033-master-mybots.greedy_Greedy.json"
    assert arena.parse_replay_name(name) == (
        7,
        12,
        7_000_033,
        ("master", arena.file_safe("mybots.greedy:Greedy")),
    )
    assert arena.parse_replay_name("notes.json") is None
