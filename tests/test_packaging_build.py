"""The built app and the installed package, for real: `python tools/build_app.py`, then
`dist/Canasta/Canasta` plays a hand headless with the computer in its worker process, answers
--version and --help, ships its assets and licences, and writes nothing inside its own folder;
`pip install .` into a fresh venv gives a `canasta` command that opens the table.

These take a minute or more, so they run only when asked: `.ci/run` sets `CANASTA_RUN_BUILD=1`
(or run `CANASTA_RUN_BUILD=1 pytest -m build`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import game
from tests.helpers.paths import ROOT
from tests.helpers.wormhole_servers import local_servers

APP = ROOT / "dist" / "Canasta"
ASSETS = ROOT / "assets"  # what every install must ship, as in this checkout
EXECUTABLE = APP / ("Canasta.exe" if sys.platform == "win32" else "Canasta")

pytestmark = [
    pytest.mark.build,
    pytest.mark.skipif(
        os.environ.get("CANASTA_RUN_BUILD") != "1",
        reason="builds the app (a minute or more): set CANASTA_RUN_BUILD=1, as .ci/run does",
    ),
]


@pytest.fixture(scope="module")
def built() -> Path:
    result = subprocess.run(
        [sys.executable, "tools/build_app.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert f"built {APP}" in result.stdout and str(EXECUTABLE) in result.stdout
    return EXECUTABLE


def headless_env(tmp_path: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("CANASTA_", "PYTHON", "COV_", "COVERAGE"))
    }
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        CANASTA_CONFIG_DIR=str(tmp_path / "config"),
        CANASTA_DATA_DIR=str(tmp_path / "data"),
    )
    return env


def children_command_lines(pid: int) -> list[str]:
    """The command lines of the processes whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue  # ended meanwhile
        if f"\nPPid:\t{pid}\n" in status:
            found.append(cmdline)
    return found


def test_version_and_help(built: Path, tmp_path: Path) -> None:
    env = headless_env(tmp_path)
    version = subprocess.run(
        [str(built), "--version"], capture_output=True, text=True, env=env, timeout=60
    )
    assert version.returncode == 0
    assert version.stdout.strip() == f"Canasta {game.__version__}"
    helped = subprocess.run(
        [str(built), "--help"], capture_output=True, text=True, env=env, timeout=60
    )
    assert helped.returncode == 0
    assert "--autoplay" in helped.stdout and "--install-desktop" in helped.stdout


def _names(folder: Path, pattern: str) -> set[str]:
    return {path.name for path in folder.glob(pattern)}


def test_assets_icon_and_licences_ship(built: Path) -> None:
    internal = APP / "_internal" / "game" / "assets"
    assert _names(internal / "cards", "*.png") == _names(ASSETS / "cards", "*.png")
    assert (internal / "sounds" / "music.ogg").is_file()
    assert _names(internal / "fonts", "*.ttf") == _names(ASSETS / "fonts", "*.ttf")
    assert (internal / "icon.png").is_file() and (internal / "canasta.desktop").is_file()
    licences = {path.name for path in (APP / "LICENSES").iterdir()}
    assert {
        "Canasta.txt",
        "card-pictures.txt",
        "DejaVu-fonts.txt",
        "Noto-Sans-Symbols-2-font.txt",
        "pygame-ce.txt",
    } <= licences


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="watches processes in /proc")
def test_the_app_plays_a_hand_headless_with_the_computer_in_its_worker(
    built: Path, tmp_path: Path
) -> None:
    before = sorted(str(path) for path in APP.rglob("*"))
    app = subprocess.Popen(
        [str(built), "--autoplay", "--hands", "1", "--speed", "max", "--level", "beginner"],
        env=headless_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    workers: set[str] = set()
    try:
        while app.poll() is None:
            workers.update(
                line for line in children_command_lines(app.pid) if "multiprocessing-fork" in line
            )
            time.sleep(0.02)
        _out, err = app.communicate(timeout=300)
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()
    assert app.returncode == 0, err
    assert workers, "the computer did not run in a worker process"
    assert all(line.startswith(str(built)) for line in workers)
    assert "Traceback" not in err and "error" not in err.lower()
    log = (tmp_path / "data" / "canasta.log").read_text(encoding="utf-8")
    assert " ERROR " not in log and " WARNING " not in log and "Traceback" not in log
    # The build compiled the engine (this machine has a C compiler) and the app runs it.
    assert "engine: compiled" in log
    assert not (tmp_path / "data" / "crash.log").exists()
    # Writable files go to the platform folders only, never into the app.
    assert sorted(str(path) for path in APP.rglob("*")) == before


def test_pip_install_in_a_fresh_venv_gives_a_working_canasta_command(tmp_path: Path) -> None:
    """`pip install .` outside the source tree: the command, its version and the assets."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    bin_dir = venv / ("Scripts" if sys.platform == "win32" else "bin")
    install = subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", str(ROOT)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    canasta = str(bin_dir / "canasta")
    env = headless_env(tmp_path)
    version = subprocess.run(
        [canasta, "--version"], cwd=tmp_path, capture_output=True, text=True, env=env, timeout=60
    )
    assert version.stdout.strip() == f"Canasta {game.__version__}"
    shots = tmp_path / "shots"
    run = subprocess.run(
        [canasta, "--scene", "table", "--frames", "5", "--screenshot", str(shots)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert (shots / "table_1280x720.png").stat().st_size > 10_000
    # The cards, sounds and fonts came from the installed package, not from this checkout.
    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "import game.resources as r; print(r.ASSETS_DIR)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.strip()
    assets = Path(where)
    assert assets.is_relative_to(venv) and (assets / "cards" / "AS.png").is_file()
    assert (assets / "sounds" / "deal.wav").is_file() and (
        assets / "sounds" / "music.ogg"
    ).is_file()
    assert _names(assets / "fonts", "*.ttf") == _names(ASSETS / "fonts", "*.ttf")


def test_the_app_plays_an_invite_game_through_a_local_mailbox(built: Path, tmp_path: Path) -> None:
    """The invite libraries, imported only when an invite starts, ship inside the app."""
    with local_servers(tmp_path / "servers") as servers:
        where = ["--mailbox", servers.mailbox, "--relay", servers.relay]
        common = ["--autopilot", "beginner", "--hands", "1"]
        host = subprocess.Popen(
            [
                str(built),
                "--invite",
                "--direct",
                "127.0.0.1",
                "--bind",
                "127.0.0.1",
                *where,
                *common,
            ],
            env=headless_env(tmp_path),
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert host.stdout is not None
            code = json.loads(host.stdout.readline())["code"]
            guest = subprocess.run(
                [sys.executable, "main.py", "--accept", code, *where, *common],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=300,
            )
            out, _ = host.communicate(timeout=120)
        finally:
            host.kill()
        finals = [json.loads(text.strip().splitlines()[-1]) for text in (out, guest.stdout)]
        assert [f["outcome"] for f in finals] == ["finished", "finished"], guest.stderr[-2000:]
        assert finals[0]["state_hash"] == finals[1]["state_hash"]
