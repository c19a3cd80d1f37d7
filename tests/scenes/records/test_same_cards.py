"""The same cards again from the table's menu (restart hand, restart game, replicate a past game)
and numbered deals chosen in the options, as the player reaches them."""

from __future__ import annotations

import pygame

from game.app import App
from game.logic import Game
from game.logic.actions import Discard, Draw
from game.logic.cards import CARD_CODE, IS_WILD
from game.match import ME, LocalMatch
from game.records import history_page, numbered_deal_seed
from game.scenes.dialog import DialogScene
from game.scenes.flow import start_new_game
from game.scenes.menu import MenuScene
from game.scenes.records.entry import table_menu_items
from game.scenes.records.history import HistoryScene
from game.scenes.table.table import TableOptions, TableScene
from game.scenes.title import TitleScene
from tests.helpers.ui_events import click, press, step


def table_with_records(app: App, seed: int = 5) -> TableScene:
    app.table_menu = table_menu_items  # as main.py lends it
    app.stack.push(TitleScene(app))
    table = start_new_game(app, TableOptions(speed=0.0), seed=seed, level="carefree")
    step(app, 2)
    return table


def play_a_turn(table: TableScene) -> None:
    assert table.match.play(Draw()) is None
    card = next(c for c in table.match.state.hand(ME) if not IS_WILD[c])
    assert table.match.play(Discard(CARD_CODE[card])) is None


def menu_choice(app: App, label: str) -> None:
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons[label].rect.center)


def test_restart_hand_from_the_menu_deals_the_same_cards(app: App) -> None:
    table = table_with_records(app)
    dealt = sorted(table.state.hand(ME))
    play_a_turn(table)
    step(app, 5)
    menu_choice(app, "Restart hand")
    step(app, 2)
    assert app.stack.top is table
    assert sorted(table.state.hand(ME)) == dealt
    assert isinstance(table.match, LocalMatch) and table.match.hand_restarted


def test_restart_game_from_the_menu_records_the_old_game_and_marks_the_new_one(app: App) -> None:
    table = table_with_records(app)
    dealt = sorted(table.state.hand(ME))
    play_a_turn(table)
    step(app, 5)
    menu_choice(app, "Restart game")
    step(app, 2)
    assert sorted(table.state.hand(ME)) == dealt
    [old] = history_page(app.players.records).rows
    assert old.result == "abandoned"
    match = table.match
    assert isinstance(match, LocalMatch) and match.recording is not None
    restarted = app.players.records.conn.execute(
        "SELECT restarted FROM games WHERE id = ?", (match.recording.game_id,)
    ).fetchone()[0]
    assert restarted == 1


def test_replicate_from_the_menu_opens_the_history_to_choose_a_game(app: App) -> None:
    table_with_records(app)
    menu_choice(app, "Replicate a game\u2026")
    scene = app.stack.top
    assert isinstance(scene, HistoryScene) and "Replicate" in scene.notice


def test_numbered_deals_from_the_preferences_deal_the_sequence_s_next_game(app: App) -> None:
    app.prefs.deal_sequence = 12
    app.stack.push(TitleScene(app))
    table = start_new_game(app, TableOptions(speed=0.0))
    match = table.match
    assert isinstance(match, LocalMatch)
    assert match.game.game.seed == numbered_deal_seed(12, 1)
    assert "Numbered deal 12, game 1" in table.options.notice
    assert Game(match.game.game.rules, seed=numbered_deal_seed(12, 1)).players[0].hand == (
        match.game.game.players[0].hand
    )


def test_a_new_game_from_the_table_announces_the_next_numbered_deal(app: App) -> None:
    app.prefs.deal_sequence = 12
    app.stack.push(TitleScene(app))
    table = start_new_game(app, TableOptions(speed=0.0))
    step(app, 2)
    play_a_turn(table)
    step(app, 5)
    press(app, pygame.K_F2)  # new game, from the table
    dialog = app.stack.top
    if isinstance(dialog, DialogScene):  # "Are you sure?"
        click(app, dialog.buttons[0].rect.center)
    step(app, 2)
    # a game given up does not move the sequence on: game 1 is dealt again, and said so
    assert table.match.game.game.seed == numbered_deal_seed(12, 1)
    assert table.model.message == "Numbered deal 12, game 1: good luck!"
