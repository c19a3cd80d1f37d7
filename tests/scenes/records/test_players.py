"""Players and the records database from the player's side: the file made at first start, the
message about a damaged file, the Players screen (create, rename, switch, remove with a
question) and each player's own preferences."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pygame
import pytest

from game import main as game_main
from game.app import App
from game.records import current_profile, open_records, profiles
from game.records.session import PlayerSession
from game.scenes.dialog import DialogScene
from game.scenes.records.entry import open_screen
from game.scenes.records.players import NameDialog, PlayersScene, show_records_message
from game.scenes.title import TitleScene
from game.settings import Preferences
from tests.helpers.ui_events import click, press, step, type_text


def test_first_start_leaves_a_valid_records_file_in_the_data_folder(user_dirs) -> None:
    _config, data = user_dirs
    assert game_main.main(["--scene", "title", "--frames", "5", "--dt", "0.016"]) == 0
    path = data / "records.sqlite3"
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 2
        assert conn.execute("SELECT COUNT(*) FROM profiles").fetchone()[0] == 1
    finally:
        conn.close()


def test_a_damaged_records_file_is_kept_aside_and_the_player_is_told(
    user_dirs, tmp_path: Path
) -> None:
    _config, data = user_dirs
    data.mkdir(parents=True)
    (data / "records.sqlite3").write_bytes(b"this is not a database" * 100)
    app = App(size=(1280, 720), players=PlayerSession(open_records()))
    try:
        app.stack.push(TitleScene(app))
        show_records_message(app)
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert "kept as records.sqlite3.damaged-" in dialog.message
        step(app)
        show_records_message(app)  # told once only
        assert app.stack.top is dialog
    finally:
        app.close()
    assert list(data.glob("records.sqlite3.damaged-*"))


def test_the_first_player_takes_over_the_existing_preferences_file(user_dirs) -> None:
    config, _data = user_dirs
    Preferences(sound_volume=17, player_name="Margaret").save(config / "preferences.json")
    app = App(size=(1280, 720), players=PlayerSession(open_records(), config / "preferences.json"))
    try:
        assert app.prefs.sound_volume == 17
        assert app.players.profile.name == app.prefs.player_name == "Margaret"
    finally:
        app.close()


def open_players(app: App) -> PlayersScene:
    app.stack.push(TitleScene(app))
    click(app, app.stack.top.buttons["Players"].rect.center)
    scene = app.stack.top
    assert isinstance(scene, PlayersScene)
    return scene


def new_player(app: App, name: str) -> None:
    press(app, pygame.K_n)
    assert isinstance(app.stack.top, NameDialog)
    type_text(app, name)
    press(app, pygame.K_RETURN)


def test_the_players_screen_opens_from_the_title_and_lists_the_current_player(app: App) -> None:
    scene = open_players(app)
    [row] = scene.table.rows
    assert row.cells[0] == app.players.profile.name and row.cells[-1] == "playing"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


def test_a_new_player_is_made_from_a_typed_name_and_a_taken_name_is_refused(app: App) -> None:
    scene = open_players(app)
    new_player(app, "Zoe")
    assert app.stack.top is scene
    assert [r.cells[0] for r in scene.table.rows][-1] == "Zoe"
    new_player(app, "zoe")
    dialog = app.stack.top
    assert isinstance(dialog, NameDialog) and "already a player called zoe" in dialog.error
    press(app, pygame.K_ESCAPE)
    assert len(profiles(app.players.records)) == 2


def test_play_as_switches_and_loads_that_player_s_preferences(app: App) -> None:
    app.prefs.sound_volume = 13
    app.preferences_changed()
    first = app.players.profile
    scene = open_players(app)
    new_player(app, "Zoe")
    scene.table.select(next(i for i, r in enumerate(scene.table.rows) if r.cells[0] == "Zoe"))
    press(app, pygame.K_RETURN)
    assert app.players.profile.name == "Zoe" and app.prefs.player_name == "Zoe"
    assert app.prefs.sound_volume == Preferences().sound_volume
    app.prefs.sound_volume = 61
    app.preferences_changed()
    scene.table.select(next(i for i, r in enumerate(scene.table.rows) if r.key == first.id))
    press(app, pygame.K_RETURN)
    assert app.prefs.sound_volume == 13
    assert app.prefs.player_name == first.name


def test_rename_changes_the_name_used_at_the_table(app: App) -> None:
    open_players(app)
    press(app, pygame.K_r)
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    type_text(app, "Grace")
    press(app, pygame.K_RETURN)
    assert current_profile(app.players.records).name == "Grace"
    assert app.prefs.player_name == "Grace"


def test_remove_asks_first_and_the_current_player_cannot_be_removed(app: App) -> None:
    scene = open_players(app)
    press(app, pygame.K_DELETE)
    assert app.stack.top is scene and scene.notice_error
    new_player(app, "Zoe")
    scene.table.select(next(i for i, r in enumerate(scene.table.rows) if r.cells[0] == "Zoe"))
    press(app, pygame.K_DELETE)
    assert isinstance(app.stack.top, DialogScene)
    press(app, pygame.K_ESCAPE)  # no
    assert len(profiles(app.players.records)) == 2
    press(app, pygame.K_DELETE)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    dialog.close(True)
    assert [p.name for p in profiles(app.players.records)] == [app.players.profile.name]


@pytest.mark.parametrize("name", ["players", "history", "stats", "charts", "fame", "league"])
def test_each_records_screen_opens_by_name_and_escape_goes_back(app: App, name: str) -> None:
    app.stack.push(TitleScene(app))
    scene = open_screen(app, name)
    step(app, 2)
    assert app.stack.top is scene
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
