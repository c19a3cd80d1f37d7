"""The command line (`game.main`, run by `main.py`, `canasta` and the built app): every option in
--help, the version, a headless run with a screenshot, errors written to the crash log."""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import game
from game import main as game_main
from game.match import autosave_exists
from game.netplay.tools import cli as netplay_cli
from game.settings import SAFE_MODE_FILE, STARTING_FILE
from tests.helpers.paths import ROOT, headless_environment


def option_strings(parser: argparse.ArgumentParser) -> set[str]:
    return {flag for action in parser._actions for flag in action.option_strings}


def test_size_argument_is_checked() -> None:
    assert game_main.parse_size("1920x1080") == (1920, 1080)
    with pytest.raises(argparse.ArgumentTypeError):
        game_main.parse_size("big")
    with pytest.raises(argparse.ArgumentTypeError):
        game_main.parse_size("100x100")


def test_help_lists_every_option_including_the_network_ones() -> None:
    parser = game_main.build_parser()
    text = parser.format_help()
    mine = option_strings(parser)
    for flag in mine:
        assert flag in text
    # A command line with --host or --join goes to the network CLI: its options must be listed.
    assert option_strings(netplay_cli.build_parser()) <= mine
    assert {"--version", "--install-desktop", "--uninstall-desktop", "--where"} <= mine


def test_a_network_option_without_host_or_join_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stop:
        game_main.main(["--bind", "127.0.0.1"])
    assert stop.value.code == 2
    assert "--bind belongs to a network game" in capsys.readouterr().err


def test_version_is_the_package_version() -> None:
    result = subprocess.run(
        [sys.executable, "main.py", "--version"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0
    assert result.stdout.strip() == f"Canasta {game.__version__}"


def test_where_prints_the_overridden_folders(
    user_dirs: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    config, data = user_dirs
    assert game_main.main(["--where"]) == 0
    out = capsys.readouterr().out
    assert str(config / "preferences.json") in out
    assert str(data / "crash.log") in out


def test_an_error_outside_the_scenes_is_written_to_the_crash_log(
    user_dirs: tuple[Path, Path],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def broken(_args: argparse.Namespace) -> int:
        raise RuntimeError("no window today")

    monkeypatch.setattr(game_main, "play", broken)
    assert game_main.main(["--frames", "1"]) == 1
    report = (user_dirs[1] / "crash.log").read_text(encoding="utf-8")
    assert f"Canasta {game.__version__}" in report
    assert "RuntimeError: no window today" in report and "Traceback" in report
    assert str(user_dirs[1] / "crash.log") in capsys.readouterr().err


@pytest.mark.slow
def test_headless_frames_and_screenshot(tmp_path: Path) -> None:
    env = headless_environment(tmp_path)
    shots = tmp_path / "shots"
    result = subprocess.run(
        [sys.executable, "main.py", "--frames", "3", "--dt", "0.016", "--screenshot", str(shots)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    # With no --scene the game opens on the title screen.
    assert (shots / "title_1280x720.png").stat().st_size > 10_000
    assert (tmp_path / "data" / "canasta.log").exists()


@pytest.fixture
def sigterm_kept() -> Iterator[None]:
    """A run in process sets its own SIGTERM handler; the test session's comes back after."""
    previous = signal.getsignal(signal.SIGTERM)
    yield
    signal.signal(signal.SIGTERM, previous)


@pytest.mark.slow
@pytest.mark.usefixtures("sigterm_kept")
def test_a_run_in_process_opens_the_title_then_the_table_when_asked(
    user_dirs: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shots = tmp_path / "shots"
    assert game_main.main(["--frames", "2", "--dt", "0.016", "--screenshot", str(shots)]) == 0
    assert (shots / "title_1280x720.png").is_file()
    argv = ["--scene", "table", "--frames", "2", "--dt", "0.016", "--screenshot", str(shots)]
    assert game_main.main(argv) == 0
    assert (shots / "table_1280x720.png").is_file()
    assert "screenshot saved" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.usefixtures("sigterm_kept")
def test_autoplay_in_process_plays_one_hand_and_exits_0(user_dirs: tuple[Path, Path]) -> None:
    argv = ["--autoplay", "--hands", "1", "--speed", "max", "--level", "carefree", "--seed", "3"]
    assert game_main.main(argv) == 0
    assert not (user_dirs[1] / "crash.log").exists()


@pytest.mark.slow
@pytest.mark.usefixtures("sigterm_kept")
def test_with_resume_at_start_the_game_in_progress_opens_instead_of_the_title(
    user_dirs: tuple[Path, Path], tmp_path: Path
) -> None:
    preferences = user_dirs[0] / "preferences.json"
    preferences.parent.mkdir(parents=True, exist_ok=True)
    preferences.write_text(json.dumps({"resume_at_start": True}), encoding="utf-8")
    shots = tmp_path / "shots"
    # No game in progress yet: the title screen.
    assert game_main.main(["--frames", "2", "--dt", "0.016", "--screenshot", str(shots)]) == 0
    assert (shots / "title_1280x720.png").is_file()
    assert game_main.main(["--scene", "table", "--frames", "30", "--dt", "0.016"]) == 0
    assert autosave_exists()
    shots = tmp_path / "again"
    assert game_main.main(["--frames", "2", "--dt", "0.016", "--screenshot", str(shots)]) == 0
    assert (shots / "table_1280x720.png").is_file()


@pytest.mark.slow
@pytest.mark.usefixtures("sigterm_kept")
def test_safe_mode_from_the_command_line_keeps_the_player_s_preferences(
    user_dirs: tuple[Path, Path],
) -> None:
    preferences = user_dirs[0] / "preferences.json"
    preferences.parent.mkdir(parents=True, exist_ok=True)
    preferences.write_text(json.dumps({"felt_colour": "teal"}), encoding="utf-8")
    assert game_main.main(["--safe-mode", "--frames", "2", "--dt", "0.016"]) == 0
    kept = json.loads((user_dirs[0] / SAFE_MODE_FILE).read_text(encoding="utf-8"))
    assert kept["preferences"]["felt_colour"] == "teal"
    assert not (user_dirs[1] / STARTING_FILE).exists()
