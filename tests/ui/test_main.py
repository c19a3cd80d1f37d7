"""The command line: a headless run that saves a screenshot, and a clear word when pygame is missing."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

import main

ROOT = Path(__file__).resolve().parents[2]


def test_missing_pygame_explains_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pygame", None)  # makes `import pygame` fail
    assert main.main(["--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "pip install -r requirements.txt" in err and "python3 -m venv .venv" in err


def test_size_argument_is_checked() -> None:
    assert main.parse_size("1920x1080") == (1920, 1080)
    with pytest.raises(argparse.ArgumentTypeError, match="1280x720"):
        main.parse_size("big")


def test_headless_frames_and_screenshot(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        CANASTA_CONFIG_DIR=str(tmp_path / "config"),
        CANASTA_DATA_DIR=str(tmp_path / "data"),
    )
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
    assert (shots / "table_1280x720.png").stat().st_size > 10_000
