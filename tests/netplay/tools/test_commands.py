"""The command names players and scripts use keep working after the tools moved out of the
core: `python -m game.netplay.cli` and `python -m game.netplay.soak` answer `--help`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers.paths import ROOT


@pytest.mark.parametrize(
    "module, option",
    [("game.netplay.cli", "--autopilot"), ("game.netplay.soak", "--games")],
)
def test_the_old_command_names_answer_help(module, option):
    result = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert option in result.stdout and "usage:" in result.stdout


def test_the_default_player_name_is_the_cleaned_login_name(monkeypatch):
    from game.netplay.tools import cli

    monkeypatch.setattr(cli.getpass, "getuser", lambda: "zoë\u202e\u0007")
    assert cli.login_name() == "zoë"

    def no_user() -> str:
        raise OSError("no login name")

    monkeypatch.setattr(cli.getpass, "getuser", no_user)
    assert cli.login_name() == ""
