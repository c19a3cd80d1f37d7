"""A whole turn played from the keyboard alone."""

from __future__ import annotations

import pygame

from game.app import App
from game.logic.cards import MELD_KEY_OF_NAME
from game.ui import theme as th
from tests.helpers.scenario import position
from tests.helpers.table import (
    card_with_code,
    open_table,
)
from tests.helpers.ui_events import press


def test_a_whole_turn_can_be_played_from_the_keyboard(app: App) -> None:
    game = position(
        hands=("9C 9H 9D 4C 5D KS KH", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"Q": "QS QH QD"}, {}),
        pile="7D 6C",
        opened=(True, False),
    )
    table = open_table(app, game)
    press(app, pygame.K_F6)
    nines = {card_with_code(table, code) for code in ("9C", "9H", "9D")}
    for _ in range(len(table.board.hand_order)):
        press(app, pygame.K_RIGHT)
        if table.moves.card_focus in nines:
            press(app, pygame.K_SPACE)
    assert table.moves.selected == nines
    press(app, pygame.K_m)
    assert len(game.players[0].melds[MELD_KEY_OF_NAME["9"]]) == 3
    press(app, pygame.K_RIGHT)
    focused = table.moves.card_focus
    rect = table.board.sprites[focused].rect
    assert tuple(app.screen.get_at((rect.left - 1, rect.centery)))[:3] == th.GOLD_LIGHT
    press(app, pygame.K_SPACE)
    press(app, pygame.K_F10)
    assert game.pile[-1] == focused and game.to_move == 1
