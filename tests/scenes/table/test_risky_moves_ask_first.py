"""Misclick protection preferences (User Guide 4.4), with the player's real clicks and drags."""

from __future__ import annotations

import pygame

from game.app import App
from game.logic import Game
from game.scenes.dialog import DialogScene
from tests.helpers.scenario import position
from tests.helpers.table import (
    card_spot,
    card_with_code,
    centre,
    drag,
    empty_mat_spot,
    engine,
    open_table,
)
from tests.helpers.ui_events import click


def meld_of_nines(pile: str = "7D 6C") -> Game:
    return position(
        hands=("9C 4C 5D KS KH", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"9": "9S 9H 9D"}, {}),
        pile=pile,
        phase="play",
        opened=(True, False),
    )


def big_pile_with_a_pair() -> Game:
    return position(
        hands=("8H 8S 5C 6D 9S KH KD", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"Q": "QS QH QD"}, {}),
        pile="4H 5H 6H 7S 9C 10D JC JS KC 8D",
        opened=(True, False),
    )


def test_discarding_a_card_that_fits_a_meld_asks_first_when_chosen(app: App) -> None:
    app.prefs.confirm_meldable_discard = True
    table = open_table(app, meld_of_nines())
    game = engine(table)
    click(app, card_spot(table, card_with_code(table, "9C")), button=3)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and "Nines" in dialog.message
    click(app, centre(dialog.buttons[1].rect))  # Cancel
    assert game.to_move == 0 and len(game.pile) == 2
    click(app, card_spot(table, card_with_code(table, "4C")), button=3)  # fits no meld: no question
    assert app.stack.top is table and game.to_move == 1


def test_a_meldable_discard_asked_about_can_still_be_made(app: App) -> None:
    app.prefs.confirm_meldable_discard = True
    table = open_table(app, meld_of_nines())
    card = card_with_code(table, "9C")
    click(app, card_spot(table, card), button=3)
    click(app, centre(app.stack.top.buttons[0].rect))  # Discard
    assert engine(table).pile[-1] == card


def test_without_the_preference_a_meldable_card_is_discarded_at_once(app: App) -> None:
    table = open_table(app, meld_of_nines())
    card = card_with_code(table, "9C")
    click(app, card_spot(table, card), button=3)
    assert app.stack.top is table and engine(table).pile[-1] == card


def test_a_discard_onto_a_big_pile_asks_first_when_chosen(app: App) -> None:
    app.prefs.confirm_big_pile_discard = 8
    table = open_table(app, meld_of_nines(pile="3C 5H 6H 7S 10C 10D JS"))
    drag(app, card_spot(table, card_with_code(table, "KS")), centre(table.geometry.pile_rect))
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and "8 cards" in dialog.message
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(1 / 60)
    assert len(engine(table).pile) == 7


def test_a_protected_big_pile_is_not_taken_by_a_stray_click(app: App) -> None:
    app.prefs.protect_pile = True
    table = open_table(app, big_pile_with_a_pair())
    game = engine(table)
    click(app, centre(table.geometry.pile_rect))
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and "10 cards" in dialog.title
    click(app, centre(dialog.buttons[1].rect))  # Cancel
    assert len(game.pile) == 10
    drag(app, centre(table.geometry.pile_rect), empty_mat_spot(table))  # a drag means it
    assert not game.pile
