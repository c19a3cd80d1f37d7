"""Colours in Options (User Guide 4.4.4): the table's felt, the panels and the text, chosen with
the arrows, shown at once in the page's preview and on every screen, put back by Reset, kept
with high contrast, across a restart and through a damaged preferences file."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.logic import Game
from game.scenes.options import OptionsScene
from game.settings import preferences_path
from game.ui import theme as th
from tests.helpers.options import control, control_in_view, open_options
from tests.helpers.table import open_table
from tests.helpers.ui_events import click, press, step


@pytest.fixture(autouse=True)
def standard_palette_after() -> Iterator[None]:
    """The palette is the module's own state: later tests start from the standard one."""
    yield
    th.use_palette(False)


def next_choice(app: App, scene: OptionsScene, key: str) -> None:
    """Click the right arrow of a choice on the page."""
    choice = control_in_view(app, scene, key)
    click(app, (choice.rect.right - 5, choice.rect.centery))
    step(app)


def preview_felt(app: App, scene: OptionsScene) -> pygame.Color:
    """The colour of the felt in the page's preview, read from the screen."""
    preview = control_in_view(app, scene, "colour_preview")
    return app.screen.get_at((preview.rect.centerx, preview.rect.bottom - app.theme.px(3)))


def test_a_felt_colour_shows_in_the_preview_and_on_the_table_at_once(app: App) -> None:
    table = open_table(app, Game(seed=3))
    felt_spot = (app.size[0] // 2, app.size[1] // 2 - 20)
    green_table = app.screen.get_at(felt_spot)
    scene = OptionsScene(app, game_in_progress=True)
    app.stack.push(scene)
    step(app)
    click(app, next(t for t in scene.tabs if t.label == "Colours").rect.center)
    assert preview_felt(app, scene)[:3] == th.FELT_COLOURS["green"]
    next_choice(app, scene, "felt_colour")
    assert app.prefs.felt_colour == "blue"
    assert control(scene, "felt_colour").label == "Blue"
    assert preview_felt(app, scene)[:3] == th.FELT_COLOURS["blue"]
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    step(app)
    blue_table = app.screen.get_at(felt_spot)
    assert blue_table.b > blue_table.g and green_table.g > green_table.b


def test_panel_and_text_colours_and_reset_puts_all_three_back(app: App) -> None:
    scene = open_options(app, tab="Colours")
    next_choice(app, scene, "panel_colour")
    next_choice(app, scene, "text_colour")
    next_choice(app, scene, "felt_colour")
    assert (app.prefs.felt_colour, app.prefs.panel_colour, app.prefs.text_colour) == (
        "blue",
        "navy",
        "white",
    )
    assert th.CREAM == (255, 255, 255) and th.PANEL[:3] == th.PANEL_COLOURS["navy"]
    # The panel of the page itself is drawn in the new colour.
    inside = (scene.panel_rect.left + app.theme.px(12), scene.panel_rect.centery)
    assert app.screen.get_at(inside).b > app.screen.get_at(inside).g
    click(app, control_in_view(app, scene, "reset_colours").rect.center)
    step(app)
    assert (app.prefs.felt_colour, app.prefs.panel_colour, app.prefs.text_colour) == (
        "green",
        "green",
        "cream",
    )
    assert th.STANDARD_PALETTE["FELT"] == th.FELT and th.STANDARD_PALETTE["CREAM"] == th.CREAM
    assert preview_felt(app, scene)[:3] == th.FELT_COLOURS["green"]


def test_with_high_contrast_a_chosen_felt_is_darkened_and_the_text_stays_white(app: App) -> None:
    app.prefs.high_contrast = True
    app.preferences_changed()
    scene = open_options(app, tab="Colours")
    next_choice(app, scene, "felt_colour")
    shown = preview_felt(app, scene)
    assert shown.b > shown.g  # still blue
    assert th.luminance(shown) < th.luminance(th.FELT_COLOURS["blue"])
    assert th.contrast(th.CREAM, th.FELT) >= th.HIGH_TEXT_CONTRAST
    assert th.HIGH_CONTRAST_PALETTE["FOCUS"] == th.FOCUS


def test_colours_survive_a_restart_and_a_damaged_preferences_file(
    user_dirs: tuple[Path, Path],
) -> None:
    first = App(size=(1280, 720))
    try:
        scene = open_options(first, tab="Colours")
        next_choice(first, scene, "panel_colour")
        next_choice(first, scene, "felt_colour")
    finally:
        first.close()
    again = App(size=(1280, 720))
    try:
        assert (again.prefs.felt_colour, again.prefs.panel_colour) == ("blue", "navy")
        assert th.FELT_COLOURS["blue"] == th.FELT
    finally:
        again.close()
    # A first start over a damaged file (the records of players are not there yet).
    for folder in user_dirs:
        shutil.rmtree(folder, ignore_errors=True)
    path = preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps({"felt_colour": "teal", "text_colour": "pink", "sound_volume": "loud"}),
        encoding="utf-8",
    )
    damaged = App(size=(1280, 720))
    try:
        assert damaged.prefs.felt_colour == "teal" and damaged.prefs.text_colour == "cream"
        assert th.FELT_COLOURS["teal"] == th.FELT
    finally:
        damaged.close()
