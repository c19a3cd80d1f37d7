"""The scoresheet marks the dealer, and a click on it shows the last hand's score breakdown."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.logic import Game
from game.scenes.table.scores import HandOverScene
from game.ui import theme as th
from tests.helpers.table import (
    about_to_go_out,
    autoplay_to_the_results,
    centre,
    engine,
    open_table,
    pile_with_a_pair,
    quick_autoplay_table,
)
from tests.helpers.ui_events import click, press, step


def test_the_dealer_is_marked_on_the_scoresheet(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    step(app)
    dealer = 1 - engine(table).first_player
    assert table.model.dealer == dealer
    marker = table.hud.dealer_rect
    box = table.geometry.scoresheet
    assert marker is not None and box.contains(marker)
    pixel = app.screen.get_at(marker.move(1, 0).midleft)
    assert tuple(pixel)[:3] == th.GOLD


@pytest.mark.slow
def test_clicking_the_scoresheet_shows_the_last_hands_breakdown(app: App) -> None:
    table = quick_autoplay_table(app, about_to_go_out())
    click(app, centre(table.geometry.scoresheet))
    assert app.stack.top is table  # no hand is over yet: a sentence says where it will be
    assert "once a hand is over" in table.message
    autoplay_to_the_results(app, table)
    press(app, pygame.K_RETURN)
    click(app, centre(table.buttons["autoplay"].rect))  # the player takes over again
    click(app, centre(table.geometry.scoresheet))
    review = app.stack.top
    assert isinstance(review, HandOverScene) and review.review
    assert review.hand_no == 1 and review.button.label == "Close"
    press(app, pygame.K_RETURN)
    assert app.stack.top is table and engine(table).hand_no == 2


LONG_NAME = "Maximilian Ferdinand"  # twenty characters


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_the_scoresheet_shows_long_names_whole(user_dirs: object, size: tuple[int, int]) -> None:
    app = App(size=size)
    try:
        app.prefs.player_name = LONG_NAME
        table = open_table(app, Game(seed=5))
        step(app, 2)
        hud = table.hud
        font = app.theme.font(13, "bold")
        for name, room in zip(table.names, hud.name_rooms(), strict=True):
            lines = hud.name_lines(name, room)
            assert len(lines) <= 2 and " ".join(lines) == name, (name, lines)
            wide = hud.name_lines("W" * 20, room)
            assert len(wide) <= 4 and "".join(wide) == "W" * 20, wide
            assert all(font.size(line)[0] <= room for line in lines), (name, lines, room)
        assert hud.name_lines("Computer", hud.name_rooms()[1]) == ["Computer"]
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_a_long_word_of_a_name_is_set_a_point_smaller_rather_than_broken(
    user_dirs: object, size: tuple[int, int]
) -> None:
    app = App(size=size)
    try:
        table = open_table(app, Game(seed=5))
        step(app, 2)
        hud = table.hud
        for room in hud.name_rooms():
            name_size = hud.name_size("Bartholomew Rutledge", room)
            lines = hud.name_lines("Bartholomew Rutledge", room, name_size)
            assert lines == ["Bartholomew", "Rutledge"], (room, name_size, lines)
            assert name_size in (12, 13)
            assert hud.name_size("Computer", room) == 13  # short names keep their size
    finally:
        app.close()
