"""Options, Player: who plays each seat of a game of three or four, kept per player."""

from __future__ import annotations

import pygame

from game.app import App
from game.match import COMPUTER, HUMAN, LocalMatch
from game.records import create_profile
from game.scenes.flow import start_new_game
from tests.helpers.options import control_in_view, open_options
from tests.helpers.ui_events import press, step


def choose(app: App, key: str, steps: int) -> None:
    """Focus the seat's choice on the Player page and move it `steps` to the right."""
    scene = open_options(app, tab="Player")
    choice = control_in_view(app, scene, key)
    scene.group.set_focus(choice)
    for _ in range(steps):
        press(app, pygame.K_RIGHT)
    press(app, pygame.K_ESCAPE)


def test_each_seat_is_played_at_the_level_chosen_for_it(app: App) -> None:
    app.prefs.skill_level = "expert"
    choose(app, "west", 1)  # Opponent skill -> Carefree
    choose(app, "north", 6)  # -> Master
    assert app.prefs.seat_players == {"west": "carefree", "north": "master"}
    table = start_new_game(app, players=4)
    step(app)
    match = table.match
    assert isinstance(match, LocalMatch)
    assert match.game.seats == (HUMAN, COMPUTER, COMPUTER, COMPUTER)
    assert match.game.levels[1:] == ("carefree", "master", "expert")  # East: Opponent skill
    assert [match.seat_line(seat) for seat in (1, 2, 3)] == ["Carefree", "Master", "Expert"]
    assert match.level_text() == "Computers: Carefree to Master"
    # A game of three has no North: West and East only.
    three = start_new_game(app, players=3)
    assert isinstance(three.match, LocalMatch)
    assert three.match.game.levels[1:] == ("carefree", "expert")


def test_a_computer_in_south_plays_while_the_person_watches(app: App) -> None:
    choose(app, "south", 3)  # You -> Carefree, Beginner, Intermediate
    assert app.prefs.seat_players == {"south": "intermediate"}
    table = start_new_game(app, players=4)
    match = table.match
    assert isinstance(match, LocalMatch) and match.watching
    assert match.game.levels[0] == "intermediate" and match.recording is None
    # Two-player games are seated as before: the person against Opponent skill.
    two = start_new_game(app, players=2)
    assert isinstance(two.match, LocalMatch) and not two.match.watching


def test_back_to_the_default_stores_nothing_and_each_player_keeps_their_seats(app: App) -> None:
    first = app.players.profile.id
    choose(app, "east", 2)
    assert app.prefs.seat_players == {"east": "beginner"}
    other = create_profile(app.players.records, "Bea")
    app.switch_player(other.id)
    assert app.prefs.seat_players == {}
    app.switch_player(first)
    assert app.prefs.seat_players == {"east": "beginner"}
    scene = open_options(app, tab="Player")
    choice = control_in_view(app, scene, "east")
    scene.group.set_focus(choice)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    assert app.prefs.seat_players == {}
