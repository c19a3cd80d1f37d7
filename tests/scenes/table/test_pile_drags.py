"""The pile dragged to the mat or a meld is taken; dropped back on itself, it springs back."""

from __future__ import annotations

from game.app import App
from game.logic.cards import MELD_KEY_OF_NAME
from tests.helpers.scenario import position
from tests.helpers.table import (
    centre,
    drag,
    empty_mat_spot,
    engine,
    open_table,
    pile_with_a_pair,
    settle,
)

EIGHT = MELD_KEY_OF_NAME["8"]


def test_dragging_the_pile_to_the_mat_takes_it(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    drag(app, centre(table.geometry.pile_rect), empty_mat_spot(table))
    game = engine(table)
    assert game.log[-1]["type"] == "take_pile"
    assert not game.pile
    assert table.moves.drag is None


def test_dragging_the_pile_onto_a_meld_takes_it(app: App) -> None:
    game = position(
        hands=("8H 5C 6D 9S KH KD", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"8": "8S 8C 8D"}, {}),
        pile="7D 8D",
        opened=(True, False),
    )
    table = open_table(app, game)
    box = table.board.layout.meld_boxes[(0, EIGHT)]
    drag(app, centre(table.geometry.pile_rect), centre(box))
    assert game.log[-1]["type"] == "take_pile"
    assert len(game.players[0].melds[EIGHT]) >= 4


def test_a_pile_dropped_back_on_the_pile_springs_back(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    start = centre(table.geometry.pile_rect)
    drag(app, start, (start[0] + 20, start[1] + 4))
    assert not engine(table).log
    top = engine(table).pile[-1]
    settle(app, table)
    assert table.board.sprites[top].rect.collidepoint(start)
