"""The Host screen remembers the table its player chose (players, and who plays each seat) in
that player's preferences: across a restart, per player, and through a damaged preferences
file."""

from __future__ import annotations

import json

import pygame
import pytest

from game.app import App
from game.records import create_profile
from game.settings import Preferences
from tests.helpers.net_screens import open_host_screen
from tests.helpers.ui_events import click, step

pytestmark = pytest.mark.net  # the Host screen listens on loopback


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))


def close_host_screen(app: App) -> None:
    click(app, centre(app.stack.top.buttons["cancel"].rect))
    step(app)


def test_the_host_screen_opens_on_the_table_chosen_last_time(app: App) -> None:
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["players"].rect))
    click(app, centre(scene.buttons["players"].rect))  # four
    click(app, centre(scene.buttons["seat2"].rect))  # North: the computer, Carefree
    click(app, centre(scene.buttons["seat2"].rect))  # Beginner
    assert (app.prefs.host_players, app.prefs.host_seats) == (4, {"2": "beginner"})
    close_host_screen(app)
    assert app.save_preferences()
    # a restart: the player's preferences read back from the records
    app.prefs, warnings = app.players.load_preferences()
    assert not any("host_players" in w or "host_seats" in w for w in warnings)
    again = open_host_screen(app)
    assert again.players == 4 and again.seat_kinds == {1: "guest", 2: "beginner", 3: "guest"}
    assert again.buttons["players"].label == "Players: 4"
    assert again.buttons["seat2"].label == "Computer, Beginner"
    assert again.table is not None and again.table.kinds == {1: None, 2: "beginner", 3: None}
    close_host_screen(app)
    # another player at this computer has a table of their own
    first = app.players.profile.id
    app.switch_player(create_profile(app.players.records, "Bea").id)
    other = open_host_screen(app)
    assert other.players == 2 and other.table is None and other.net is not None
    close_host_screen(app)
    app.switch_player(first)
    assert (app.prefs.host_players, app.prefs.host_seats) == (4, {"2": "beginner"})


def test_a_damaged_table_choice_falls_back_alone() -> None:
    chosen = {"host_players": 3, "host_seats": {"1": "master"}, "host_port": 50999}
    prefs, warnings = Preferences.from_json(chosen)
    assert (prefs.host_players, prefs.host_seats, warnings) == (3, {"1": "master"}, [])
    damaged = {"host_players": 5, "host_seats": {"4": "guest", "1": "wizard"}, "host_port": 50999}
    prefs, warnings = Preferences.from_json(json.loads(json.dumps(damaged)))
    assert (prefs.host_players, prefs.host_seats, prefs.host_port) == (2, {}, 50999)
    assert len(warnings) == 2


def test_a_table_of_computers_only_opens_with_every_seat_a_guests(app: App) -> None:
    app.prefs.host_players, app.prefs.host_seats = 3, {"1": "expert", "2": "master"}
    scene = open_host_screen(app)
    assert scene.players == 3 and scene.seat_kinds == {1: "guest", 2: "guest"}
