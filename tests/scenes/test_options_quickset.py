"""QuickSet (User Guide 4.4.13): one click sets a group of preferences all on or all off —
Appearance (the tints), Interface (animation, drag and drop), Audio (effects, music, speech),
Operation (resume at start, saving as you play) — and the switch shows whether all are on."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app import App
from game.scenes.option_items import QUICKSET_OPTIONS, GroupOption
from game.scenes.options import OptionsScene
from tests.helpers.options import control_in_view, open_options
from tests.helpers.ui_events import click, press

GROUPS = {
    "quickset_appearance": ("canasta_tints", "pile_tints"),
    "quickset_interface": ("drag_and_drop",),
    "quickset_audio": ("sound_enabled", "music_enabled", "speech_enabled"),
    "quickset_operation": ("resume_at_start", "autosave"),
}


def quickset(app: App) -> OptionsScene:
    return open_options(app, tab="QuickSet")


def flip(app: App, scene: OptionsScene, key: str) -> None:
    click(app, control_in_view(app, scene, key).rect.center)


def test_one_click_turns_a_whole_group_off_then_on(app: App) -> None:
    scene = quickset(app)
    assert control_in_view(app, scene, "quickset_appearance").value is True
    flip(app, scene, "quickset_appearance")
    assert not app.prefs.canasta_tints and not app.prefs.pile_tints
    flip(app, scene, "quickset_appearance")
    assert app.prefs.canasta_tints and app.prefs.pile_tints
    flip(app, scene, "quickset_interface")
    assert app.prefs.animation_speed == "off" and not app.prefs.drag_and_drop
    flip(app, scene, "quickset_interface")
    assert app.prefs.animation_speed == "normal" and app.prefs.drag_and_drop


def test_a_group_partly_on_shows_off_and_one_click_turns_it_all_on(app: App) -> None:
    scene = quickset(app)
    # Speech is off by default: Audio is not all on.
    audio = control_in_view(app, scene, "quickset_audio")
    assert audio.value is False and app.prefs.sound_enabled
    flip(app, scene, "quickset_audio")
    assert app.prefs.sound_enabled and app.prefs.music_enabled and app.prefs.speech_enabled
    flip(app, scene, "quickset_audio")
    assert not (app.prefs.sound_enabled or app.prefs.music_enabled or app.prefs.speech_enabled)
    assert not app.sounds.effects_enabled
    flip(app, scene, "quickset_operation")
    assert app.prefs.resume_at_start and app.prefs.autosave


def test_a_chosen_animation_speed_is_kept_when_interface_goes_on(app: App) -> None:
    app.prefs.animation_speed = "slow"
    app.prefs.drag_and_drop = False
    scene = quickset(app)
    flip(app, scene, "quickset_interface")
    assert app.prefs.animation_speed == "slow" and app.prefs.drag_and_drop


def test_the_groups_set_by_quickset_survive_a_restart(user_dirs: tuple[Path, Path]) -> None:
    first = App(size=(1280, 720))
    try:
        scene = quickset(first)
        flip(first, scene, "quickset_appearance")
        flip(first, scene, "quickset_operation")
        press(first, pygame.K_ESCAPE)
    finally:
        first.close()
    again = App(size=(1280, 720))
    try:
        prefs = again.prefs
        assert not (prefs.canasta_tints or prefs.pile_tints)
        assert prefs.resume_at_start and prefs.autosave
    finally:
        again.close()


def test_every_group_is_on_the_page() -> None:
    members = {item.key: item.members for item in QUICKSET_OPTIONS if isinstance(item, GroupOption)}
    assert set(members) == set(GROUPS)
    for key, prefs in GROUPS.items():
        assert set(prefs) <= set(members[key])
