"""Files the player never has to fix by hand: every loader survives any bytes, keeps what it could
not read, and the game starts; a failing save is told once; leftovers from a kill are cleared."""

from __future__ import annotations

import contextlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.app import App
from game.audio import SoundManager
from game.logic import Game
from game.logic.replay import main as replay_main
from game.match import SavedGameError, load_autosave
from game.match.autosaved_game import AUTOSAVE_FORMAT, LocalGame, NewerSaveError, autosave_path
from game.match.net_connection import save_path, saved_game
from game.netplay import Role
from game.scenes import flow
from game.scenes.dialog import DialogScene
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from game.settings import load_preferences, preferences_path
from game.sprites.cards import CardImages
from game.storage import DAMAGED_COPIES_KEPT, atomic_write_json
from tests.helpers.ui_events import step

NOT_UTF8 = b'{"format": "canasta-autosave/1", "name": "\xff\xfe\x80"}'
DEEP = "[" * 100_000 + "]" * 100_000
DEEP_OBJECT = '{"a":' * 50_000 + "1" + "}" * 50_000

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=20,
)


def autosave_shaped(value: Any, rng: random.Random) -> dict[str, Any]:
    """A document that looks like an autosave, with one part replaced by `value`."""
    doc: dict[str, Any] = LocalGame(Game(seed=rng.randrange(1000))).to_json()
    key = rng.choice([*doc, "replay.actions", "replay.seed", "replay.rules"])
    if key.startswith("replay."):
        doc["replay"][key.split(".", 1)[1]] = value
    else:
        doc[key] = value
    return doc


def every_loader(data_dir: Path, content: bytes) -> None:
    """Feed `content` to every loader; none may raise anything but its own refusal."""
    for path in (autosave_path(), preferences_path(), save_path(Role.HOST)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)
    with pytest.raises(SavedGameError):
        load_autosave()
    load_preferences()
    assert saved_game(Role.HOST) is None or isinstance(saved_game(Role.HOST), dict)
    replay = data_dir / "replay.json"
    replay.write_bytes(content)
    assert replay_main([str(replay)]) in (0, 1)


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00" * 40, NOT_UTF8, DEEP.encode(), DEEP_OBJECT.encode(), b"null", b"[]", b"{}"],
    ids=["empty", "nul", "not-utf8", "deep-list", "deep-object", "null", "list", "object"],
)
def test_every_loader_survives_hostile_bytes(
    user_dirs: tuple[Path, Path], content: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    _config, data = user_dirs
    every_loader(data, content)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=200))
def test_random_bytes_never_escape_a_loader(user_dirs: tuple[Path, Path], blob: bytes) -> None:
    _config, data = user_dirs
    every_loader(data, blob)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(json_values, st.integers(0, 10_000))
def test_random_json_never_escapes_a_loader(
    user_dirs: tuple[Path, Path], value: Any, seed: int
) -> None:
    _config, data = user_dirs
    every_loader(data, json.dumps(value).encode())
    doc = autosave_shaped(value, random.Random(seed))
    atomic_write_json(autosave_path(), doc)
    with contextlib.suppress(SavedGameError):  # refusing is fine; any other exception is not
        load_autosave()


@pytest.mark.usefixtures("user_dirs")
def test_the_game_starts_over_damaged_files(tmp_path: Path) -> None:
    for path in (autosave_path(), preferences_path()):
        path.parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_bytes(NOT_UTF8)
    preferences_path().write_bytes(DEEP.encode())
    app = App(
        size=(1280, 720),
        sounds=SoundManager(tmp_path / "no_sounds"),
        cards=CardImages(tmp_path / "no_cards"),
        autosave_exists=lambda: autosave_path().exists(),
    )
    try:
        app.stack.push(TitleScene(app))
        step(app)
        warning = app.stack.top
        assert isinstance(warning, DialogScene) and str(preferences_path()) in warning.message
        app.stack.remove(warning)
        table = flow.continue_game(app)
        step(app, 5)
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene) and "not text" in dialog.message
        assert isinstance(table, TableScene) and app.last_crash is None
        kept = autosave_path().with_name("autosave.damaged.json")
        assert kept.read_bytes() == NOT_UTF8
        assert preferences_path().with_name("preferences.json.bak").read_bytes() == DEEP.encode()
    finally:
        app.close()


def test_several_damaged_autosaves_are_kept(user_dirs: tuple[Path, Path]) -> None:
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    for n in range(DAMAGED_COPIES_KEPT + 2):
        autosave_path().write_text(f"broken {n}", encoding="utf-8")
        with pytest.raises(SavedGameError):
            load_autosave()
    kept = sorted(autosave_path().parent.glob("autosave.damaged*.json"))
    assert len(kept) == DAMAGED_COPIES_KEPT
    contents = {p.read_text(encoding="utf-8") for p in kept}
    assert f"broken {DAMAGED_COPIES_KEPT + 1}" in contents  # the newest is always kept


def test_a_save_from_a_newer_version_is_named_so_and_left_untouched(
    user_dirs: tuple[Path, Path],
) -> None:
    doc = LocalGame(Game(seed=2)).to_json()
    doc["format"] = AUTOSAVE_FORMAT.rsplit("/", 1)[0] + "/7"
    atomic_write_json(autosave_path(), doc)
    before = autosave_path().read_bytes()
    with pytest.raises(NewerSaveError, match="newer version"):
        load_autosave()
    assert autosave_path().read_bytes() == before
    assert autosave_path().with_name("autosave.newer.json").read_bytes() == before


def test_leftover_temporary_files_are_cleared_at_start(user_dirs: tuple[Path, Path]) -> None:
    folder = autosave_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    leftovers = [
        folder / ".autosave.json.k3j2.tmp",
        save_path(Role.GUEST).parent / f".{save_path(Role.GUEST).name}.x.tmp",
    ]
    for path in leftovers:
        path.write_text("{", encoding="utf-8")
    keep = folder / "autosave.json"
    keep.write_text("{}", encoding="utf-8")
    removed = flow.tidy_save_folder()
    assert sorted(removed) == sorted(leftovers)
    assert keep.exists() and not any(p.exists() for p in leftovers)


def test_an_autosave_that_fails_is_told_once_on_the_table_with_its_path(
    app: App, user_dirs: tuple[Path, Path]
) -> None:
    import pygame

    from tests.helpers.table import open_table
    from tests.helpers.ui_events import press

    autosave_path().mkdir(parents=True)  # a folder where the file should be
    table = open_table(app, Game(seed=5), autosave=True)
    table.match.writer.flush()  # the new game's first save has failed by now
    step(app, 2)
    assert "could not be saved" in table.message and str(autosave_path()) in table.message
    assert table.model.message == table.message and table.model.message_error
    told: list[str] = []
    say = table.say
    table.say = lambda text, error=False: (told.append(text), say(text, error))[1]  # type: ignore[method-assign]
    press(app, pygame.K_F6)  # the table plays on; nothing more is said about saving
    table.match.writer.flush()
    step(app, 30)
    assert not [t for t in told if "could not be saved" in t]


def test_preferences_that_cannot_be_saved_are_told_once(
    app: App, user_dirs: tuple[Path, Path]
) -> None:
    app.prefs_path.mkdir(parents=True)  # a folder where the file should be
    app.stack.push(TitleScene(app))
    assert app.save_preferences() is False
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and str(app.prefs_path) in dialog.message
    app.stack.remove(dialog)
    assert app.save_preferences() is False
    assert isinstance(app.stack.top, TitleScene)
