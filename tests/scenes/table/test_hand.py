"""The player's hand: freshly drawn cards are tinted, cards dragged within it stay where dropped
until the next sort, and it sorts by rank, suit or as drawn."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.logic import Game
from game.scenes.table.table import TableScene
from game.sprites.cards import Tint
from tests.helpers.table import (
    card_spot,
    centre,
    drag,
    engine,
    open_table,
    pile_with_a_pair,
    settle,
)
from tests.helpers.ui_events import click, press, step


def move_to(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app)


def drawn_tints(table: TableScene) -> list[Tint | None]:
    game = engine(table)
    return [table.board.layout.placements[c].tint for c in game.turn.drawn]


def test_cards_drawn_with_the_pointer_resting_on_the_hand_are_tinted(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    move_to(app, centre(table.geometry.hands[0]))
    press(app, pygame.K_F6)
    assert engine(table).turn.drawn
    assert set(drawn_tints(table)) == {Tint.STOCK_DRAW}
    move_to(app, (centre(table.geometry.hands[0])[0] + 30, centre(table.geometry.hands[0])[1]))
    assert set(drawn_tints(table)) == {Tint.STOCK_DRAW}  # still inside: no new pass
    move_to(app, centre(table.geometry.halves[0]))
    move_to(app, centre(table.geometry.hands[0]))
    assert set(drawn_tints(table)) == {None}


def test_cards_drawn_by_dragging_the_stock_to_the_hand_are_tinted(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    drag(app, centre(table.geometry.stock_rect), centre(table.geometry.hands[0]))
    assert engine(table).log[-1] == {"type": "draw"}
    assert set(drawn_tints(table)) == {Tint.STOCK_DRAW}


def test_dragging_a_card_within_the_hand_arranges_it_until_the_next_sort(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    step(app, 30)  # past the double-click time
    order = list(table.board.hand_order)
    moved = order[0]
    last = table.board.sprites[order[-1]].rect
    drag(app, card_spot(table, moved), (last.right - 4, last.centery))
    assert table.board.hand_order == [*order[1:], moved]
    assert sorted(engine(table).players[0].hand) == sorted(order)  # the game is unchanged
    settle(app, table)
    assert table.board.sprites[moved].rect.right == max(
        table.board.sprites[c].rect.right for c in order
    )
    click(app, centre(table.buttons["sort"].rect))
    assert table.board.hand_order == order  # sorted again (rank groups sort by rank too)
    assert not table.moves.arranged


def test_the_hand_sorts_by_suit_and_as_drawn(app: App) -> None:
    from game.logic.cards import CARD_SUIT

    table = open_table(app, pile_with_a_pair())
    app.prefs.hand_sorting = "none"
    table.toggle_sorting()  # none -> rank
    assert app.prefs.hand_sorting == "rank"
    table.toggle_sorting()
    table.toggle_sorting()  # -> suit
    step(app)
    assert table.buttons["sort"].label == "Sort: suit"
    suits = [CARD_SUIT[c] for c in table.board.hand_order]
    assert suits == sorted(suits)
    table.toggle_sorting()  # -> as held
    assert table.board.hand_order == list(engine(table).players[0].hand)


@pytest.mark.parametrize("frames_after_the_draw", [13, 15, 17])
def test_a_double_click_on_a_card_just_drawn_acts_while_it_still_flies_in(
    app: App, frames_after_the_draw: int
) -> None:
    table = open_table(app, Game(seed=12), speed=1.0)
    step(app, 200)  # the deal has come to rest
    before = set(engine(table).players[0].hand)
    press(app, pygame.K_F6)
    [card, *_] = [c for c in engine(table).players[0].hand if c not in before]
    step(app, frames_after_the_draw)
    assert table.choreo.busy  # the drawn cards are still on their way
    lying = table.board.placements[card]
    spot = (int(lying.x) + 6, int(lying.y) + lying.height // 2)
    # where it is going, no card shows yet: the cards around are still making room
    assert table.board.sprites[card].rect.topleft != (lying.x, lying.y)
    click(app, spot)
    click(app, spot)
    # the double-click reached the card it was aimed at: a meld of it alone, refused in words
    assert table.model.message.startswith("A new meld needs at least three cards.")
    assert table.moves.selected == {card}
