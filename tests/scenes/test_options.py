"""The options screen changes preferences by mouse and keyboard, applies them and saves them."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.app import App
from game.scenes.option_items import BoolOption, IntRangeOption, OptionSection, option_sections
from game.scenes.title import TitleScene
from game.settings import preferences_path
from tests.helpers.options import control, open_options
from tests.helpers.ui_events import click, press, retype, step, type_text


def saved() -> dict:
    return json.loads(preferences_path().read_text(encoding="utf-8"))


def test_clicking_the_sound_switch_turns_effects_off_and_saves(
    app: App, user_dirs: tuple[Path, Path]
) -> None:
    scene = open_options(app, tab="Sound")
    switch = control(scene, "sound_enabled")
    click(app, (switch.rect.left + 5, switch.rect.centery))
    assert app.prefs.sound_enabled is False
    assert app.sounds.effects_enabled is False
    step(app, 30)  # half a second: the delayed save happens
    assert saved()["sound_enabled"] is False


def test_keyboard_changes_the_animation_speed(app: App) -> None:
    scene = open_options(app, section=1)
    choice = control(scene, "animation_speed")
    scene.group.set_focus(choice)
    press(app, pygame.K_RIGHT)
    assert app.prefs.animation_speed == "fast"
    assert app.animation_speed > 1.0


def test_animation_speeds_are_listed_slowest_first_then_off() -> None:
    from game.scenes.option_items import TABLE_OPTIONS, ChoiceOption
    from game.settings import ANIMATION_SPEED_FACTORS

    item = next(i for i in TABLE_OPTIONS if i.key == "animation_speed")
    assert isinstance(item, ChoiceOption)
    keys = [key for key, _ in item.choices]
    assert keys[-1] == "off"
    factors = [ANIMATION_SPEED_FACTORS[k] for k in keys[:-1]]
    assert factors == sorted(factors)


def test_typing_a_name_changes_it_and_leaving_saves_at_once(app: App) -> None:
    scene = open_options(app)
    retype(app, control(scene, "player_name").rect.center, "Margaret")
    assert app.prefs.player_name == "Margaret"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
    assert saved()["player_name"] == "Margaret"


def test_an_emptied_name_is_not_stored(app: App) -> None:
    before = app.prefs.player_name
    scene = open_options(app)
    field = control(scene, "player_name")
    click(app, field.rect.center)
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    press(app, pygame.K_BACKSPACE)
    assert app.prefs.player_name == before


def test_dragging_the_music_volume_applies_it_live(app: App) -> None:
    scene = open_options(app, section=2)
    slider = control(scene, "music_volume")
    track = slider.track_rect()
    click(app, (track.left, track.centery))
    assert app.prefs.music_volume == 0
    assert app.sounds.music_volume == 0


def test_defaults_restores_everything_after_confirmation(app: App) -> None:
    app.prefs.skill_level = "master"
    scene = open_options(app)
    click(app, scene.footer[0].rect.center)  # Defaults
    press(app, pygame.K_LEFT)  # from Cancel to Restore
    press(app, pygame.K_RETURN)
    assert app.prefs.skill_level == "advanced"
    assert app.stack.top is scene
    assert control(scene, "skill_level").value == "advanced"


def test_rule_options_are_rendered_from_descriptors(app: App) -> None:
    rules = OptionSection(
        "Rules",
        (
            IntRangeOption(
                "stock_draw",
                "Cards drawn from the stock",
                store="rules",
                default=2,
                minimum=1,
                maximum=2,
                style="stepper",
            ),
            BoolOption("one_card_pile_rule", "One-card pile rule", store="rules", default=True),
        ),
    )
    scene = open_options(app, sections=[rules])
    stepper = control(scene, "stock_draw")
    scene.group.set_focus(stepper)
    press(app, pygame.K_LEFT)
    assert app.prefs.rules == {"stock_draw": 1}
    press(app, pygame.K_RIGHT)
    assert app.prefs.rules == {}  # back at the Classic default: nothing stored


def test_many_options_scroll_to_keep_the_focused_row_visible(app: App) -> None:
    items = tuple(
        BoolOption(f"r{i}", f"Rule number {i}", store="rules", default=False) for i in range(20)
    )
    scene = open_options(app, sections=[OptionSection("Rules", items)])
    scene.group.set_focus(scene.rows[0].control)
    for _ in range(19):
        press(app, pygame.K_DOWN)
    last = scene.rows[-1]
    assert scene.group.focused is last.control
    assert scene.scroll > 0
    assert scene.content_rect.contains(last.control.rect)


def test_the_lobby_server_is_checked_as_typed_and_kept_in_the_preferences(app: App) -> None:
    scene = open_options(app, tab="Network")
    field = control(scene, "lobby_broker")
    assert field.text == "mqtt://test.mosquitto.org:1883"  # the public broker by default
    retype(app, field.rect.center, "http://club.example.org")
    assert "must start with mqtt:// or mqtts://" in scene.error_text
    assert app.prefs.lobby_broker == "mqtt://test.mosquitto.org:1883"  # nothing stored
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    type_text(app, "mqtts://club.example.org:8883")
    assert scene.error_text == ""
    assert app.prefs.lobby_broker == "mqtts://club.example.org:8883"
    press(app, pygame.K_ESCAPE)
    assert saved()["lobby_broker"] == "mqtts://club.example.org:8883"
    again = open_options(app, section=len(scene.sections) - 1)
    assert control(again, "lobby_broker").text == "mqtts://club.example.org:8883"


def test_each_player_keeps_a_lobby_server_of_their_own(app: App) -> None:
    from game.records import create_profile

    first = app.players.profile.id
    scene = open_options(app, section=len(option_sections()) - 1)
    retype(app, control(scene, "lobby_broker").rect.center, "mqtt://club.example.org")
    press(app, pygame.K_ESCAPE)
    other = create_profile(app.players.records, "Bea")
    app.switch_player(other.id)
    assert app.prefs.lobby_broker == "mqtt://test.mosquitto.org:1883"
    app.switch_player(first)
    assert app.prefs.lobby_broker == "mqtt://club.example.org"


def test_a_symbol_typed_in_the_name_field_is_drawn_not_boxed(app: App) -> None:
    # 👍 is not in the field's font (DejaVu Sans): the fallback font draws it.
    scene = open_options(app)
    field = control(scene, "player_name")
    retype(app, field.rect.center, "Ann 👍")
    assert field.text == "Ann 👍" and app.prefs.player_name == "Ann 👍"
    typed = app.screen.subsurface(field.rect).copy()
    press(app, pygame.K_BACKSPACE)
    type_text(app, "\u0378")  # a code point no font has: its missing-glyph box
    boxed = app.screen.subsurface(field.rect).copy()
    assert field.text.endswith("\u0378")
    assert pygame.image.tobytes(typed, "RGB") != pygame.image.tobytes(boxed, "RGB")
