"""The card that froze the pile lies across it, under the cards thrown since, as at a real
table: a frozen pile shows why at a glance."""

from __future__ import annotations

from game.app import App
from game.logic.cards import CARD_CODE
from tests.helpers.scenario import position
from tests.helpers.table import engine, open_table
from tests.helpers.ui_events import step


def _card(table, code: str) -> int:
    return next(c for c in engine(table).pile if CARD_CODE[c] == code)


def test_the_wild_card_under_the_pile_lies_across_it(app: App) -> None:
    table = open_table(app, position(hands=("4C 5D", "6S 7H"), pile="7D 2C 8H 9S"))
    step(app, 2)
    wild = _card(table, "2C")
    sprite = table.board.sprites[wild]
    assert table.board.placements[wild].crosswise and sprite.crosswise and sprite.shown
    assert sprite.rect.width > sprite.rect.height  # turned a quarter
    top = table.board.sprites[_card(table, "9S")]
    assert abs(sprite.rect.centerx - top.rect.centerx) <= 8  # across the pile, centred on it
    assert sprite.image.get_size() == sprite.rect.size
    # under the cards thrown since
    layers = table.board.group
    assert layers.get_layer_of_sprite(sprite) < layers.get_layer_of_sprite(top)


def test_a_pile_without_a_freezing_card_has_nothing_across(app: App) -> None:
    table = open_table(app, position(hands=("4C 5D", "6S 7H"), pile="7D 8H 9S 2C"))
    step(app, 2)
    # the wild card on top is not yet covered: it lies straight, like the others
    assert not any(p.crosswise for p in table.board.placements.values())
    assert not table.board.sprites[_card(table, "2C")].crosswise
