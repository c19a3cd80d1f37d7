"""Speech in Options: turned on by a click it speaks at once, off the main thread; its volume is
heard as it is set; it survives a restart and a damaged preferences file; a machine without a
speech engine says so once; and a dialog reads itself aloud."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pygame

from game.app import App
from game.audio import SoundManager
from game.scenes.dialog import message_dialog
from game.scenes.options import SPEECH_ON, SPEECH_SAMPLE, OptionsScene
from game.scenes.title import TitleScene
from game.settings import preferences_path
from game.speech import Speaker
from game.sprites.cards import CardImages
from tests.helpers.options import control_in_view, open_options
from tests.helpers.speech import needs_engine, speech_on, spoken_texts
from tests.helpers.ui_events import click, press, step


def flip(app: App, scene: OptionsScene, key: str) -> None:
    switch = control_in_view(app, scene, key)
    click(app, (switch.rect.left + 5, switch.rect.centery))


@needs_engine
def test_turning_speech_on_speaks_off_the_main_thread_and_survives_a_restart(
    app: App, user_dirs: tuple[Path, Path], tmp_path: Path
) -> None:
    scene = open_options(app, tab="Sound")
    app.prefs.speech_volume = 0  # rendered, not played: no waiting for real-time playback
    flip(app, scene, "speech_enabled")
    assert app.prefs.speech_enabled is True and app.speech.enabled
    assert spoken_texts(app.speech) == [SPEECH_ON]
    assert app.speech.spoken[0].thread == "speech" != threading.current_thread().name
    assert scene.error_text == ""  # there is an engine: nothing to say about it
    press(app, pygame.K_ESCAPE)  # leaving Options saves at once
    app.close()
    assert json.loads(preferences_path().read_text(encoding="utf-8"))["speech_enabled"] is True
    again = App(
        size=(1280, 720),
        sounds=SoundManager(tmp_path / "no_sounds"),
        cards=CardImages(tmp_path / "no_cards"),
    )
    try:
        assert again.prefs.speech_enabled is True and again.speech.enabled
    finally:
        again.close()


def test_speech_settings_survive_a_damaged_preferences_file(user_dirs: tuple[Path, Path]) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True)
    settings = {"speech_enabled": True, "speech_volume": 35, "speech_stop_when_interrupted": False}
    path.write_text(json.dumps({**settings, "sound_volume": "loud"}), encoding="utf-8")
    app = App(size=(1280, 720))
    try:
        assert (
            app.prefs.speech_enabled,
            app.prefs.speech_volume,
            app.prefs.speech_stop_when_interrupted,
        ) == (True, 35, False)
        assert app.speech.volume == 0.35 and not app.speech.stop_when_interrupted
    finally:
        app.close()
    path.write_text(json.dumps({**settings, "speech_volume": 250}), encoding="utf-8")
    app = App(size=(1280, 720))
    try:
        assert app.prefs.speech_enabled is True and app.prefs.speech_volume == 80
    finally:
        app.close()


@needs_engine
def test_setting_the_speech_volume_says_a_sample_at_that_volume(app: App) -> None:
    scene = open_options(app, tab="Sound")
    slider = control_in_view(app, scene, "speech_volume")
    app.prefs.speech_enabled = True
    app.preferences_changed()
    track = slider.track_rect()
    click(app, (track.left, track.centery))
    assert app.prefs.speech_volume == 0 and app.speech.volume == 0
    assert [phrase.text for phrase in app.speech.queued] == [SPEECH_SAMPLE]


def test_a_machine_without_a_speech_engine_says_so_once_in_options(app: App) -> None:
    app.speech.shutdown()
    app.speech = Speaker(driver="no_such_engine")  # as on a computer without eSpeak NG
    scene = open_options(app, tab="Sound")
    flip(app, scene, "speech_enabled")
    assert app.speech.wait_until_quiet(60)
    step(app)
    assert "no speech engine was found" in scene.error_text
    step(app)  # the help line shows it
    assert scene.help_shown()[0] == scene.error_text
    flip(app, scene, "speech_enabled")  # off
    flip(app, scene, "speech_enabled")  # and on again: it was said once
    step(app, 3)
    assert scene.error_text == ""
    assert app.prefs.speech_enabled is True


@needs_engine
def test_a_dialog_reads_its_title_and_message_aloud(app: App) -> None:
    speech_on(app)
    app.stack.push(TitleScene(app))
    message_dialog(app, "Preferences not saved", "They apply until you quit.")
    step(app)
    assert spoken_texts(app.speech) == ["Preferences not saved", "They apply until you quit."]
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)
