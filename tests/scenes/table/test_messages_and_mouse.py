"""Messages and the mouse (User Guide 4.4.7, 4.4.8), each set in Options → Play: refusals in a
dialog, no tooltips, no "Start a new game?", no start reminders, drag and drop off; and
Operation's saving as you play."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.app import App
from game.logic import Game
from game.match import autosave_exists
from game.scenes.dialog import DialogScene
from game.scenes.options import OptionsScene
from game.scenes.table.table import TableScene
from tests.helpers.options import control_in_view
from tests.helpers.scenario import position
from tests.helpers.table import (
    card_spot,
    card_with_code,
    drag,
    engine,
    open_table,
)
from tests.helpers.ui_events import click, press, step


def switch(app: App, key: str) -> None:
    """Options over the table → Play, the preference's switch clicked, and back."""
    scene = OptionsScene(app, game_in_progress=True)
    app.stack.push(scene)
    step(app)
    click(app, next(t for t in scene.tabs if t.label == "Play").rect.center)
    before = getattr(app.prefs, key)
    click(app, control_in_view(app, scene, key).rect.center)
    assert getattr(app.prefs, key) is not before
    press(app, pygame.K_ESCAPE)


def opened(hand: str) -> Game:
    return position(hands=(hand, "6S 7D 8C"), phase="play", opened=(True, False), pile="4H")


def test_a_refusal_in_a_dialog_instead_of_the_status_bar(app: App) -> None:
    table = open_table(app, Game(seed=8))
    switch(app, "refusals_in_dialog")
    click(app, card_spot(table, table.board.hand_order[0]), button=3)  # discard before drawing
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Not allowed"
    assert "draw" in dialog.message.lower()
    assert not table.message_error
    press(app, pygame.K_RETURN)
    assert app.stack.top is table


def test_no_tooltips_on_the_status_bar_figures(app: App) -> None:
    table = open_table(app, Game(seed=8))
    box, tip = table.hud.counter_boxes[-3]
    switch(app, "tooltips")
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app)
    assert tip and table.model.tip == ""


def test_a_new_game_without_being_asked(app: App) -> None:
    table = open_table(app, Game(seed=8))
    old = engine(table)
    switch(app, "confirm_new_game")
    press(app, pygame.K_F2)
    assert app.stack.top is table and engine(table) is not old


def new_game_message(app: App, table: TableScene) -> str:
    """F2, "New game": the status bar's words then."""
    press(app, pygame.K_F2)
    ask = app.stack.top
    assert isinstance(ask, DialogScene)
    click(app, next(b for b in ask.buttons if b.label == "New game").rect.center)
    step(app)
    return table.message


def test_a_new_game_says_who_starts_it_unless_the_player_turns_that_off(app: App) -> None:
    table = open_table(app, Game(seed=8))
    said = new_game_message(app, table)
    first = table.names[table.state.to_move]
    assert said.startswith(f"A new game: good luck! {first} start") and said.endswith(" this hand.")
    switch(app, "start_reminders")
    assert new_game_message(app, table) == "A new game: good luck!"


def test_with_drag_and_drop_off_a_drag_is_a_click(app: App) -> None:
    table = open_table(app, opened("4C 5D KS KH"))
    switch(app, "drag_and_drop")
    king, four = card_with_code(table, "KS"), card_with_code(table, "4C")
    drag(app, card_spot(table, king), card_spot(table, four))
    game = engine(table)
    assert king in game.players[0].hand and not game.players[0].melds
    # A click where the button came up: the Four is selected, the King was not dragged.
    assert table.moves.selected == {four}


def test_games_are_not_saved_as_played_when_the_player_turns_that_off(
    app: App, user_dirs: tuple[Path, Path]
) -> None:
    from game.scenes import flow
    from game.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    table = flow.start_new_game(app)
    step(app, 5)
    click(app, table.buttons["autoplay"].rect.center)
    step(app, 60)
    assert autosave_exists()
    switch(app, "autosave")
    press(app, pygame.K_F2)
    click(app, next(b for b in app.stack.top.buttons if b.label == "New game").rect.center)
    step(app, 60)
    assert not autosave_exists()
