"""Meld display (User Guide 4.4.2): in fixed rank columns, each rank has its own column on the
mat, Eights near the middle and Aces at the right, and both sides' melds of a rank lie opposite
each other whatever else was melded; the Melds button steps through the four layouts, and the
choice survives a restart."""

from __future__ import annotations

import json
from pathlib import Path

from game.app import App
from game.logic.cards import CARD_CODE
from game.scenes.table.table import TableScene
from game.settings import preferences_path
from tests.helpers.scenario import position
from tests.helpers.table import open_table
from tests.helpers.ui_events import click, step

# The player melded Kings first, then Fives; the opponent Nines first, then Kings and Aces.
MELDS = (
    {"K": "KS KH KD", "5": "5S 5H 5D 5C"},
    {"9": "9S 9H 9D", "K": "KC KS KH KD", "A": "AS AH AD"},
)


def meld_table(app: App) -> TableScene:
    return open_table(app, position(hands=("4C 6D 7H", "6S 7D 8C"), melds=MELDS))


def meld_left(table: TableScene, seat: int, code: str) -> int:
    """Where the cards of a meld lie across the mat, read from their sprites."""
    lefts = {
        table.board.sprites[card].rect.x
        for card, placement in table.board.placements.items()
        if placement.zone.kind == "meld"
        and placement.zone.seat == seat
        and CARD_CODE[card].startswith(code)
    }
    assert len(lefts) == 1, lefts
    return lefts.pop()


def press_melds_button_until(app: App, table: TableScene, layout: str) -> None:
    for _ in range(4):
        if app.prefs.meld_layout == layout:
            return
        click(app, table.buttons["melds"].rect.center)
        step(app)
    assert app.prefs.meld_layout == layout


def test_fixed_rank_columns_put_a_rank_s_melds_opposite_each_other(app: App) -> None:
    table = meld_table(app)
    assert app.prefs.meld_layout == "created"
    # As created, the Kings are the player's first meld and the opponent's second.
    assert meld_left(table, 0, "K") != meld_left(table, 1, "K")
    press_melds_button_until(app, table, "fixed")
    assert table.buttons["melds"].label == "Melds: in columns"
    assert meld_left(table, 0, "K") == meld_left(table, 1, "K")
    half = table.geometry.halves[0]
    fives, nines, aces = (
        meld_left(table, 0, "5"),
        meld_left(table, 1, "9"),
        meld_left(table, 1, "A"),
    )
    card_w = next(s.rect.width for c, s in table.board.sprites.items() if CARD_CODE[c] == "AS")
    # Every rank keeps its place: Fives near the left, Nines in the middle, Aces rightmost.
    assert fives < half.left + half.width * 0.25
    assert abs(nines + card_w / 2 - half.centerx) < card_w
    assert nines < meld_left(table, 1, "K") < aces
    assert aces + card_w > half.right - card_w / 2
    # Both halves show their cards at the same size.
    heights = {
        table.board.sprites[card].rect.height
        for card, placement in table.board.placements.items()
        if placement.zone.kind == "meld"
    }
    assert len(heights) == 1


def test_the_melds_button_steps_through_the_four_layouts_and_back(app: App) -> None:
    table = meld_table(app)
    seen = []
    for _ in range(4):
        click(app, table.buttons["melds"].rect.center)
        step(app)
        seen.append(app.prefs.meld_layout)
    assert seen == ["length", "rank", "fixed", "created"]


def test_fixed_rank_columns_survive_a_restart(user_dirs: tuple[Path, Path]) -> None:
    first = App(size=(1280, 720))
    try:
        press_melds_button_until(first, meld_table(first), "fixed")
    finally:
        first.close()
    again = App(size=(1280, 720))
    try:
        assert again.prefs.meld_layout == "fixed"
        table = meld_table(again)
        assert meld_left(table, 0, "K") == meld_left(table, 1, "K")
    finally:
        again.close()


def test_fixed_rank_columns_survive_a_damaged_preferences_file(
    user_dirs: tuple[Path, Path],
) -> None:
    path = preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"meld_layout": "fixed", "sound_volume": "loud"}), encoding="utf-8")
    app = App(size=(1280, 720))
    try:
        assert app.prefs.meld_layout == "fixed"
    finally:
        app.close()
