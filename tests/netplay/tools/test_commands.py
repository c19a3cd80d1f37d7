"""The commands players and scripts run answer `--help` under the names the README gives:
`python -m game.netplay.tools.cli`, `python -m game.netplay.tools.soak` and
`python -m game.netplay.tools.proxy`."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers.paths import ROOT


@pytest.mark.parametrize(
    "module, option",
    [
        ("game.netplay.tools.cli", "--autopilot"),
        ("game.netplay.tools.soak", "--games"),
        ("game.netplay.tools.proxy", "--target"),
    ],
)
def test_the_commands_answer_help(module, option):
    result = subprocess.run(
        [sys.executable, "-m", module, "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert option in result.stdout and "usage:" in result.stdout
    assert f"python -m {module}" in result.stdout


def test_the_default_player_name_is_the_cleaned_login_name(monkeypatch):
    from game.netplay.tools import cli

    monkeypatch.setattr(cli.getpass, "getuser", lambda: "zoë\u202e\u0007")
    assert cli.login_name() == "zoë"

    def no_user() -> str:
        raise OSError("no login name")

    monkeypatch.setattr(cli.getpass, "getuser", no_user)
    assert cli.login_name() == ""
