"""The compiled engine (game/native): used only when built from exactly these sources by this
Python, and playing exactly as the Python modules do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import native
from game.native import build
from tests.helpers.paths import ROOT


@pytest.fixture
def build_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A build folder of one's own, with every compiled file present (empty stand-ins)."""
    build = tmp_path / "_native"
    monkeypatch.setattr(native, "BUILD", build)
    monkeypatch.setattr(native, "STAMP", build / "stamp.json")
    monkeypatch.delenv(native.ENV, raising=False)
    for path in native.files().values():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    return build


def write_stamp(build: Path, **changes: object) -> None:
    stamp = {"abi": native.abi(), "sources": native.digests(), **changes}
    (build / "stamp.json").write_text(json.dumps(stamp), encoding="utf-8")


def test_a_build_of_these_sources_by_this_python_is_used(build_dir: Path) -> None:
    write_stamp(build_dir)
    assert native.status() == "compiled"


def test_no_build_means_the_python_modules(build_dir: Path) -> None:
    assert native.status() == "not built"
    write_stamp(build_dir)
    native.extension("game.logic.engine").unlink()
    assert native.status() == "not built"


def test_a_source_edited_since_the_build_turns_it_off(build_dir: Path) -> None:
    digests = native.digests()
    digests["game.logic.legal"] = "0" * 64
    write_stamp(build_dir, sources=digests)
    assert native.status() == "out of date"


def test_a_build_for_another_python_is_not_loaded(build_dir: Path) -> None:
    write_stamp(build_dir, abi="cpython-29.cpython-29-x86_64-linux-gnu.so")
    assert native.status() == "built for another Python"


def test_a_corrupt_stamp_counts_as_no_build(build_dir: Path) -> None:
    (build_dir / "stamp.json").write_text("{not json", encoding="utf-8")
    assert native.status() == "not built"
    (build_dir / "stamp.json").write_text("[1, 2]", encoding="utf-8")
    assert native.status() == "built for another Python"


def test_the_environment_can_turn_it_off(build_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write_stamp(build_dir)
    monkeypatch.setenv(native.ENV, "python")
    assert native.status() == "turned off"


def test_nothing_is_loaded_once_the_engine_runs(
    build_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # This process already imported the engine: swapping its modules now would mix the two.
    import game.logic.engine  # noqa: F401

    finders = [f for f in sys.meta_path if not isinstance(f, native._Finder)]
    monkeypatch.setattr(sys, "meta_path", finders)
    write_stamp(build_dir)
    before = list(sys.meta_path)
    assert native.install() is False
    assert sys.meta_path == before


def test_without_a_compiler_the_build_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build.sysconfig, "get_config_var", lambda _name: None)
    monkeypatch.setattr(build.shutil, "which", lambda _name: None)
    assert build.build(quiet=True).startswith("not built: no C compiler")


# Random hands and the Master's decisions (a fixed number of samples, no clock), printed as
# digests: the compiled engine must print the same lines as the Python modules.
PLAY = """
import hashlib, json, random
from game import native
from game.native import build
from game.logic import Game, Rules, legal_actions, player_view
from game.logic.ai import ComputerPlayer
print(native.in_use())
for preset in ("classic", "modern_american"):
    rules = Rules.preset(preset)
    rng = random.Random(7)
    for seed in range(6):
        game = Game(rules, seed=seed)
        while game.phase not in ("hand_over", "game_over"):
            game.apply(rng.choice(legal_actions(game)))
        print(preset, seed, hashlib.sha256(json.dumps(game.log).encode()).hexdigest())
    game = Game(rules, seed=3)
    players = [ComputerPlayer("master", seed=s, samples=4) for s in (1, 2)]
    while game.phase not in ("hand_over", "game_over"):
        game.apply(players[game.to_move].decide(player_view(game, game.to_move)))
    print(preset, "master", game.hand_scores)
"""


def _run(code: str, engine: str) -> str:
    """What `code` prints in a fresh Python with CANASTA_ENGINE=`engine` ("auto" or "python")."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=dict(os.environ, **{native.ENV: engine}),
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return result.stdout


@pytest.mark.slow
def test_the_compiled_engine_plays_exactly_as_the_python_modules() -> None:
    state = _run("from game import native; print(native.status())", "auto").strip()
    if state != "compiled":
        pytest.skip(f"the compiled engine is {state} (python -m game.native.build builds it)")
    compiled, python = _run(PLAY, "auto").splitlines(), _run(PLAY, "python").splitlines()
    assert compiled[0] == "True" and python[0] == "False"
    assert len(compiled) == 15 and compiled[1:] == python[1:]


def test_a_blank_game_deals_nothing_for_clone_to_fill_in() -> None:
    # Compiled, Game.__new__ runs __init__ (which deals); clone and determinize ask for a blank
    # game instead, and fill in every field themselves.
    from game.logic import Game, Rules

    blank = Game(blank=True)
    assert not hasattr(blank, "players") and not hasattr(blank, "stock")
    game = Game(Rules(), seed=8)
    copy = game.clone(recording=False)
    assert copy.canonical() == game.canonical() and copy.players[0] is not game.players[0]


def test_a_deep_copy_of_what_holds_a_game_mid_turn_is_its_clone() -> None:
    # A network seat is deep-copied whole (a test's snapshot of it); compiled, the engine's
    # undo snapshots cannot be rebuilt by deepcopy, so a game copies itself with clone.
    import copy

    from game.logic import Game, Rules, legal_actions

    game = Game(Rules(), seed=8)
    game.apply(next(a for a in legal_actions(game) if a.type == "draw"))  # an undo snapshot
    holder = {"seat": [game]}
    copied = copy.deepcopy(holder)["seat"][0]
    assert copied is not game and copied.canonical() == game.canonical()
    copied.apply(legal_actions(copied)[0])
    assert copied.canonical() != game.canonical()


def test_the_records_the_computers_worker_exchanges_survive_a_pickle() -> None:
    # The worker process gets views and rules and sends back actions through pickles; a
    # compiled frozen record refuses to be filled in field by field, so each rebuilds itself.
    import pickle

    from game.logic import Discard, Game, Meld, Rules, TakePile, player_view
    from game.logic.events import Event

    game = Game(Rules.modern_american(), seed=12)
    records = [
        Rules.modern_american(),
        player_view(game, 1),
        Meld(("8H", "8S", "JK"), "8"),
        TakePile(("9C", "9D")),
        Discard("KS"),
        Event("discard", 1, (5,), None, {"from_threes": False}),
    ]
    for record in records:
        copy = pickle.loads(pickle.dumps(record))
        assert copy == record and type(copy) is type(record)


def test_an_up_to_date_build_is_not_compiled_again(
    build_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the README's commands build every time: a build of exactly these sources stands
    write_stamp(build_dir)

    def no_compiler(quiet: bool = False) -> str:
        raise AssertionError("compiled although the build was up to date")

    monkeypatch.setattr(build, "build", no_compiler)
    monkeypatch.setenv(native.ENV, "python")  # whatever the environment says of its use
    assert build.main(["--quiet"]) == 0
    assert capsys.readouterr().out.strip() == "compiled engine: compiled (up to date)"


def test_an_out_of_date_or_forced_build_compiles(
    build_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[bool] = []
    monkeypatch.setattr(build, "build", lambda quiet=False: calls.append(quiet) or "compiled")
    assert build.main(["--quiet"]) == 0  # no build at all yet
    write_stamp(build_dir)
    assert build.main(["--quiet", "--force"]) == 0
    assert calls == [True, True]
