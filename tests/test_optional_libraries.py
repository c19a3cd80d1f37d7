"""The solo game needs neither magic-wormhole, zeroconf nor the lobby's paho-mqtt: `main.py`
starts a game and plays a hand with all of them hidden, and an invite started without
magic-wormhole says in words what is missing instead of failing on its reactor thread."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.netplay.session.handshake import Role
from game.netplay.shell.wormhole import (
    WORMHOLE_MISSING,
    InvitesUnavailable,
    Rendezvous,
    Servers,
    require_wormhole,
)
from tests.helpers.paths import MAIN, ROOT, headless_environment

HIDDEN = ("wormhole", "twisted", "zeroconf", "paho")
# Runs main.py as `python main.py ARGS` would, with the optional libraries unimportable (a None
# in sys.modules makes both find_spec and import fail for that name).
LAUNCH = (
    "import runpy, sys\n"
    f"sys.modules.update(dict.fromkeys({HIDDEN!r}))\n"
    "sys.argv = sys.argv[1:]\n"
    "runpy.run_path(sys.argv[0], run_name='__main__')\n"
)


@pytest.mark.slow
def test_main_py_plays_a_solo_hand_without_the_invite_and_network_libraries(
    tmp_path: Path,
) -> None:
    env = headless_environment(tmp_path)
    play = ["--autoplay", "--hands", "1", "--speed", "max", "--level", "carefree", "--seed", "3"]
    result = subprocess.run(
        [sys.executable, "-c", LAUNCH, str(MAIN), *play, "--screenshot", str(tmp_path / "shots")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert "Canasta needs" not in result.stdout
    # the hand was played to its score
    assert (tmp_path / "shots" / "hand1_score.png").is_file()


@pytest.mark.parametrize("missing", ["wormhole", "twisted"])
def test_an_invite_without_magic_wormhole_is_refused_with_what_to_install(missing: str) -> None:
    def find(name: str) -> object | None:
        return None if name == missing else object()

    with pytest.raises(InvitesUnavailable, match="magic-wormhole") as raised:
        require_wormhole(find)
    assert str(raised.value) == WORMHOLE_MISSING
    assert "requirements" in WORMHOLE_MISSING


def test_a_rendezvous_checks_for_magic_wormhole_before_anything_starts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "wormhole", None)
    with pytest.raises(InvitesUnavailable):
        Rendezvous(Role.HOST, Servers("ws://127.0.0.1:1/v1", "tcp:127.0.0.1:1"))
