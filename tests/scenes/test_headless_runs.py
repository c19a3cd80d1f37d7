"""Whole runs of `main.py` in a subprocess: headless autoplay, and a killed game resumed."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.app import App
from game.match import HUMAN, load_autosave
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from tests.helpers.paths import ROOT, headless_environment
from tests.helpers.table import engine
from tests.helpers.ui_events import step


@pytest.mark.slow
def test_headless_autoplay_plays_a_hand_saves_pictures_and_exits_0(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    result = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--autoplay",
            "--hands",
            "1",
            "--speed",
            "max",
            "--screenshot",
            str(shots),
            "--level",
            "carefree",
            "--seed",
            "3",
        ],
        cwd=ROOT,
        env=headless_environment(tmp_path, CANASTA_AI_WORKER="process"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    names = {p.name for p in shots.glob("*.png")}
    assert {"hand1_deal.png", "hand1_score.png"} <= names
    assert all((shots / n).stat().st_size > 20_000 for n in names)


@pytest.mark.slow
def test_a_killed_game_is_resumed_by_continue(tmp_path: Path, app: App) -> None:
    # The app fixture's data folder is tmp_path/data too: the same place the child saves to.
    env = headless_environment(tmp_path, CANASTA_AI_WORKER="process")
    child = subprocess.Popen(
        [
            sys.executable,
            "main.py",
            "--autoplay",
            "--speed",
            "max",
            "--level",
            "carefree",
            "--seed",
            "9",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    save = tmp_path / "data" / "autosave.json"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if len(json.loads(save.read_text())["replay"]["actions"]) >= 12:
                    break
            except (OSError, ValueError, KeyError):
                pass
            time.sleep(0.05)
        else:
            raise AssertionError("the game was never saved")
    finally:
        # No goodbye: the process dies as if the power went off.
        child.send_signal(signal.SIGKILL)
        child.wait(10)
    saved = load_autosave(save)  # whole, whatever moment the kill caught
    assert len(saved.game.log) >= 12
    app.stack.push(TitleScene(app))
    title = app.stack.top
    app.autosave_exists = lambda: save.exists()
    title.resume()
    assert title.buttons["Continue"].enabled
    title.continue_game()
    step(app)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert engine(table).log[: len(saved.game.log)] == saved.game.log
    assert table.match.game.seats[0] == HUMAN
