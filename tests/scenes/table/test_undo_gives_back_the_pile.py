"""An undo that gives the taken pile back asks first and names the penalty; other undos ask
nothing."""

from __future__ import annotations

import pygame

from game.app import App
from game.logic.cards import MELD_KEY_OF_NAME
from game.scenes.dialog import DialogScene
from tests.helpers.table import (
    card_spot,
    card_with_code,
    centre,
    empty_mat_spot,
    engine,
    open_table,
    opened_position_with_a_meld,
    pile_with_a_pair,
)
from tests.helpers.ui_events import click, press


def test_undo_turn_after_taking_the_pile_asks_first_naming_the_penalty(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    game = engine(table)
    click(app, centre(table.geometry.pile_rect))
    assert game.log[-1]["type"] == "take_pile"
    press(app, pygame.K_DELETE, mod=pygame.KMOD_LCTRL)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    assert "50 points" in dialog.message
    # it says what happens next: the stock, since the pile cannot be taken again this turn
    assert "draw from the stock" in dialog.message
    assert "cannot be taken again this turn" in dialog.message
    assert [b.label for b in dialog.buttons] == ["Give it back (-50)", "Cancel"]
    click(app, centre(dialog.buttons[1].rect))
    assert app.stack.top is table
    assert game.log[-1]["type"] == "take_pile" and not game.pile
    press(app, pygame.K_DELETE, mod=pygame.KMOD_LCTRL)
    click(app, centre(app.stack.top.buttons[0].rect))
    assert app.stack.top is table
    assert game.phase == "draw" and len(game.pile) == 2
    assert game.players[0].returns == 1
    # as the dialog said: the pile is refused, the stock is drawn
    click(app, centre(table.geometry.pile_rect))
    assert "draw from the stock" in table.model.message and len(game.pile) == 2
    click(app, centre(table.geometry.stock_rect))
    assert game.phase == "play"


def test_undoing_the_last_step_back_to_the_pile_take_asks_too(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    click(app, centre(table.geometry.pile_rect))
    press(app, pygame.K_DELETE)
    assert isinstance(app.stack.top, DialogScene)
    press(app, pygame.K_ESCAPE)
    assert engine(table).log[-1]["type"] == "take_pile"


def test_undo_turn_without_the_pile_asks_nothing(app: App) -> None:
    table = open_table(app, opened_position_with_a_meld())
    game = engine(table)
    for code in ("9S", "9H", "9D"):
        click(app, card_spot(table, card_with_code(table, code)))
    click(app, empty_mat_spot(table))
    assert game.players[0].melds
    press(app, pygame.K_DELETE, mod=pygame.KMOD_LCTRL)
    assert app.stack.top is table
    assert not game.players[0].melds.get(MELD_KEY_OF_NAME["9"])
