"""Card backs in Options → Table: six designs besides the standard backs, or the player's own
picture (any size, scaled, cropped and framed); a file that is no picture is refused with a
message and nothing changes; the choice survives a restart and a damaged preferences file."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.app import App
from game.scenes.options import OptionsScene
from game.settings import CARD_BACKS, preferences_path
from game.sprites.cards import ART_SIZE, BACK_DESIGNS, CARDS_DIR
from tests.helpers.options import control_in_view, open_options
from tests.helpers.ui_events import click, press, retype

FRAME_WHITE = (250, 248, 240)


def type_picture(app: App, scene: OptionsScene, path: Path) -> None:
    retype(app, control_in_view(app, scene, "card_back_picture").rect.center, str(path))


def test_the_choices_are_the_standard_backs_the_six_designs_and_ones_own() -> None:
    assert ("standard", *BACK_DESIGNS, "own") == CARD_BACKS
    assert len(BACK_DESIGNS) == 6
    for design in BACK_DESIGNS:
        for pack in (1, 2):
            assert pygame.image.load(CARDS_DIR / f"back_{design}_{pack}.png").get_size() == ART_SIZE


def test_clicking_the_card_back_choice_puts_the_next_design_on_the_backs(
    user_dirs: tuple[Path, Path],
) -> None:
    app = App(size=(1280, 720))  # with the game's own card pictures
    try:
        scene = open_options(app, tab="Table")
        choice = control_in_view(app, scene, "card_back")
        click(app, (choice.rect.right - 5, choice.rect.centery))
        assert app.prefs.card_back == "lattice"
        assert app.cards.back_code(1) == "back_lattice_1"
        shown = app.cards.back(2, ART_SIZE[1])
        drawn = pygame.image.load(CARDS_DIR / "back_lattice_2.png")
        standard = pygame.image.load(CARDS_DIR / "back_2.png")
        spot = (ART_SIZE[0] // 4, ART_SIZE[1] // 4)
        assert shown.get_at(spot) == drawn.get_at(spot) != standard.get_at(spot)
    finally:
        app.close()


def test_a_file_that_is_no_picture_is_refused_with_a_message(app: App, tmp_path: Path) -> None:
    bad = tmp_path / "holiday.png"
    bad.write_text("not a picture at all", encoding="utf-8")
    scene = open_options(app, tab="Table")
    type_picture(app, scene, bad)
    assert "holiday.png is not a picture the game can read" in scene.error_text
    assert app.prefs.card_back == "standard" and app.prefs.card_back_picture == ""
    assert app.cards.back_code(1) == "back_1"


def test_ones_own_picture_of_any_shape_is_scaled_cropped_and_framed_and_kept(
    app: App, user_dirs: tuple[Path, Path], tmp_path: Path
) -> None:
    wide = pygame.Surface((900, 120))
    wide.fill((200, 30, 30))
    picture = tmp_path / "wide.png"
    pygame.image.save(wide, str(picture))
    scene = open_options(app, tab="Table")
    type_picture(app, scene, picture)
    assert scene.error_text == ""
    assert app.prefs.card_back == "own" and app.prefs.card_back_picture == str(picture)
    back = app.cards.back(1, ART_SIZE[1])
    assert back.get_size() == ART_SIZE
    assert back.get_at((ART_SIZE[0] // 2, ART_SIZE[1] // 2))[:3] == (200, 30, 30)
    assert back.get_at((ART_SIZE[0] // 2, 6))[:3] == FRAME_WHITE  # the frame
    assert back.get_at((0, 0)).a == 0  # the card's rounded corner
    press(app, pygame.K_ESCAPE)
    app.close()
    assert json.loads(preferences_path().read_text(encoding="utf-8"))["card_back"] == "own"
    again = App(size=(1280, 720))
    try:
        assert again.cards.back_code(2) == "back_own"
    finally:
        again.close()


def test_a_damaged_preferences_file_or_a_lost_picture_falls_back_to_the_standard_backs(
    user_dirs: tuple[Path, Path], tmp_path: Path
) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"card_back": "stars", "music_volume": "loud"}), encoding="utf-8")
    app = App(size=(1280, 720))
    try:
        assert app.prefs.card_back == "stars" and app.cards.back_code(1) == "back_stars_1"
    finally:
        app.close()
    gone = tmp_path / "gone.png"
    path.write_text(
        json.dumps({"card_back": "own", "card_back_picture": str(gone)}), encoding="utf-8"
    )
    app = App(size=(1280, 720))
    try:
        assert app.prefs.card_back == "own"  # kept for when the picture is back
        assert app.cards.back_code(1) == "back_1"
        assert "There is no file at" in app.cards.back_problem
    finally:
        app.close()
    path.write_text(json.dumps({"card_back": "tartan"}), encoding="utf-8")
    app = App(size=(1280, 720))
    try:
        assert app.prefs.card_back == "standard"
    finally:
        app.close()


def test_choosing_ones_own_picture_without_one_says_why_the_standard_backs_show(app: App) -> None:
    scene = open_options(app, tab="Table")
    choice = control_in_view(app, scene, "card_back")
    click(app, (choice.rect.left + 5, choice.rect.centery))  # back from Standard: the last
    assert app.prefs.card_back == "own"
    assert scene.error_text == "No picture is chosen yet: type its file below."
    assert app.cards.back_code(1) == "back_1"
