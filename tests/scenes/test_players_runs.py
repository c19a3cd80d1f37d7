"""Three and four players from the command line: `--players` checked, and a whole watched game
at each count played to its end through the table, ending in the outcome as a JSON line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import main as game_main
from tests.helpers.paths import ROOT, headless_environment


def test_players_takes_two_three_or_four_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert game_main.build_parser().parse_args(["--players", "4"]).players == 4
    with pytest.raises(SystemExit) as stop:
        game_main.build_parser().parse_args(["--players", "5"])
    assert stop.value.code == 2
    assert "invalid choice: 5" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_a_whole_watched_game_ends_with_its_winner(tmp_path: Path, players: int) -> None:
    shots = tmp_path / "shots"
    result = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--players",
            str(players),
            "--autoplay",
            "--speed",
            "max",
            "--seed",
            "7",
            "--screenshot",
            str(shots),
        ],
        cwd=ROOT,
        env=headless_environment(tmp_path, CANASTA_AI_WORKER="process"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["players"] == players and outcome["over"] is True
    assert len(outcome["sides"]) == (2 if players == 4 else 3)
    assert outcome["winner"] == outcome["sides"][outcome["winner_side"]]
    # The winner is the side that reached the target with the highest total.
    assert outcome["totals"][outcome["winner_side"]] == max(outcome["totals"]) >= 5000
    assert (shots / "game_over.png").is_file() and (shots / "hand1_deal.png").is_file()
