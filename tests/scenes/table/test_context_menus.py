"""Right-click menus on the table's objects, and the canasta details (User Guide 4.5.2)."""

from __future__ import annotations

import pygame

from game.app import App
from game.logic import Game
from game.logic.cards import MELD_KEY_OF_NAME
from game.scenes.dialog import DialogScene
from game.scenes.learn.explore import ExploreScene
from game.scenes.menu import MenuScene
from tests.helpers.scenario import position
from tests.helpers.table import card_spot, card_with_code, centre, engine, open_table
from tests.helpers.ui_events import click, press

NINE = MELD_KEY_OF_NAME["9"]


def a_canasta_on_the_table() -> Game:
    return position(
        hands=("9C 4C 5D KS KH", "4C 4D 5H 6S 7C 8D JH"),
        melds=({"9": "9S 9H 9D 9S 9H 2C 9D", "K": "KD KC KC"}, {}),
        pile="7D 6C",
        opened=(True, False),
    )


def test_right_clicking_the_stock_offers_the_draw(app: App) -> None:
    table = open_table(app, a_canasta_on_the_table())
    click(app, centre(table.geometry.stock_rect), button=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and list(menu.buttons) == ["Draw (F6)", "Cancel"]
    click(app, centre(menu.buttons["Draw (F6)"].rect))
    assert engine(table).log[-1] == {"type": "draw"}


def test_right_clicking_the_pile_offers_what_can_be_done_now(app: App) -> None:
    table = open_table(app, a_canasta_on_the_table())
    click(app, centre(table.geometry.pile_rect), button=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and "Take the pile (F7)" in menu.buttons
    assert menu.title == "The pile (2 cards)"
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_the_pile_s_menu_leads_to_the_cards_each_player_was_seen_to_take(app: App) -> None:
    game = a_canasta_on_the_table()
    game.players[1].known.add(game.players[1].hand[-1])  # the opponent was seen to take its J♥
    table = open_table(app, game)
    click(app, centre(table.geometry.pile_rect), button=3)
    menu = app.stack.top
    click(app, centre(menu.buttons["Cards seen taken from the pile"].rect))
    explore = app.stack.top
    assert isinstance(explore, ExploreScene) and explore.page == "Recall"
    assert "J\u2665" in explore.text_box.html_text


def test_right_clicking_a_meld_shows_its_cards_and_adds_the_selection(app: App) -> None:
    table = open_table(app, a_canasta_on_the_table())
    press(app, pygame.K_F6)
    click(app, card_spot(table, card_with_code(table, "9C")))
    box = table.board.layout.meld_boxes[(0, NINE)]
    click(app, centre(box), button=3)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert "mixed canasta of 7 cards" in menu.note
    click(app, centre(menu.buttons["Add the selected cards"].rect))
    assert len(engine(table).players[0].melds[NINE]) == 8


def test_canasta_details_list_every_canasta_with_its_cards(app: App) -> None:
    table = open_table(app, a_canasta_on_the_table())
    press(app, pygame.K_ESCAPE)
    click(app, centre(app.stack.top.buttons["Canasta details"].rect))
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Canasta details"
    assert "Nines (mixed, 7 cards): 9" in dialog.message
    assert "Kings" not in dialog.message  # three Kings are a meld, not a canasta
    assert "Computer's canastas:\nnone yet" in dialog.message
    assert table is not None
