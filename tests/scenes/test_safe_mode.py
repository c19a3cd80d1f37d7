"""Safe mode (User Guide 4.4.19): `--safe-mode`, or the offer after a start that never drew its
first frame, runs on the default preferences; Options → Restore mine brings the player's own
back, and a damaged file of kept preferences restores nothing rather than failing."""

from __future__ import annotations

import json
from pathlib import Path

from game import main as game_main
from game.app import App
from game.scenes.dialog import DialogScene
from game.scenes.options import OptionsScene
from game.scenes.title import TitleScene
from game.settings import (
    preferences_before_safe_mode,
    preferences_path,
    safe_mode_path,
    start_marker_path,
)
from tests.helpers.ui_events import click, step

MINE = {"felt_colour": "blue", "sound_enabled": False, "index_notation": "german"}


def own_preferences() -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(MINE), encoding="utf-8")


def footer(scene: OptionsScene) -> dict[str, object]:
    return {button.label: button for button in scene.footer}


def restore_in_options(app: App) -> None:
    scene = OptionsScene(app)
    app.stack.push(scene)
    step(app)
    click(app, footer(scene)["Restore mine"].rect.center)  # type: ignore[attr-defined]
    step(app)


def test_safe_mode_runs_on_defaults_and_restore_mine_brings_them_back(
    user_dirs: tuple[Path, Path],
) -> None:
    own_preferences()
    first = App(size=(1280, 720))
    try:
        first.stack.push(TitleScene(first))
        game_main.start_safely(first, safe_mode=True)
        assert first.prefs.felt_colour == "green" and first.prefs.sound_enabled
        told = first.stack.top
        assert isinstance(told, DialogScene) and told.title == "Safe mode"
    finally:
        first.close()
    assert safe_mode_path().is_file()
    app = App(size=(1280, 720))
    try:
        # The defaults stay until the player restores theirs (a later start too).
        assert app.prefs.felt_colour == "green" and app.prefs.sound_enabled
        assert app.can_restore_before_safe_mode()
        restore_in_options(app)
        assert app.prefs.felt_colour == "blue" and not app.prefs.sound_enabled
        assert app.cards.notation == "german" and not app.sounds.effects_enabled
        assert not safe_mode_path().exists()
        scene = app.stack.top
        assert isinstance(scene, OptionsScene) and "Restore mine" not in footer(scene)
    finally:
        app.close()
    again = App(size=(1280, 720))
    try:
        assert again.prefs.felt_colour == "blue" and again.prefs.index_notation == "german"
    finally:
        again.close()


def test_a_second_safe_start_keeps_the_player_s_own_not_the_defaults(
    user_dirs: tuple[Path, Path],
) -> None:
    own_preferences()
    app = App(size=(1280, 720))
    try:
        profile = app.players.profile.id
        app.enter_safe_mode()
        app.enter_safe_mode()
        kept = preferences_before_safe_mode(profile)
        assert kept is not None and kept.felt_colour == "blue"
    finally:
        app.close()


def test_a_start_that_never_drew_a_frame_offers_safe_mode(user_dirs: tuple[Path, Path]) -> None:
    own_preferences()
    marker = start_marker_path()
    marker.parent.mkdir(parents=True, exist_ok=True)
    marker.touch()
    app = App(size=(1280, 720))
    try:
        app.stack.push(TitleScene(app))
        game_main.start_safely(app, safe_mode=False)
        offer = app.stack.top
        assert isinstance(offer, DialogScene) and offer.title == "The game did not start last time"
        step(app)
        assert not marker.exists()  # this start drew its first frame
        click(app, next(b for b in offer.buttons if b.label == "Safe mode").rect.center)
        assert app.prefs.felt_colour == "green"
        told = app.stack.top
        assert isinstance(told, DialogScene) and told.title == "Safe mode"
        assert app.can_restore_before_safe_mode()
    finally:
        app.close()


def test_an_ordinary_start_offers_nothing_and_leaves_no_mark(user_dirs: tuple[Path, Path]) -> None:
    app = App(size=(1280, 720))
    try:
        title = TitleScene(app)
        app.stack.push(title)
        game_main.start_safely(app, safe_mode=False)
        assert start_marker_path().exists()
        step(app)
        assert app.stack.top is title and not start_marker_path().exists()
    finally:
        app.close()


def test_a_damaged_file_of_kept_preferences_restores_nothing(user_dirs: tuple[Path, Path]) -> None:
    app = App(size=(1280, 720))
    try:
        profile = app.players.profile.id
        path = safe_mode_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("{not json", encoding="utf-8")
        assert not app.can_restore_before_safe_mode()
        assert not app.restore_before_safe_mode()
        path.write_text(
            json.dumps(
                {"profile": profile, "preferences": {"felt_colour": "pink", "quick_deal": True}}
            ),
            encoding="utf-8",
        )
        kept = preferences_before_safe_mode(profile)
        assert kept is not None and kept.felt_colour == "green" and kept.quick_deal
        assert preferences_before_safe_mode(profile + 1) is None  # another player's
    finally:
        app.close()
