"""Defects found in a playtest of the table, each posted as the player's real events."""

from __future__ import annotations

import pygame

from game.app import App
from game.logic import Game
from game.logic.cards import MELD_KEY_OF_NAME
from game.match import LocalGame, local_match
from game.scenes.dialog import DialogScene
from game.scenes.scores import GameOverScene, HandOverScene
from game.scenes.table import TableOptions, TableScene
from game.scenes.title import TitleScene
from tests.helpers.scenario import position
from tests.helpers.table import (
    card_spot,
    card_with_code,
    centre,
    drag,
    empty_mat_spot,
    engine,
    open_table,
    settle,
)
from tests.helpers.ui_events import click, press, step

EIGHT = MELD_KEY_OF_NAME["8"]


def pile_with_a_pair() -> Game:
    return position(hands=("8H 8S 5C 6D 9S KH KD", "4C 4D 5H 6S 7C 9D JH"), pile="7D 8D")


def test_dragging_the_pile_to_the_mat_takes_it(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    drag(app, centre(table.geometry.pile_rect), empty_mat_spot(table))
    game = engine(table)
    assert game.log[-1]["type"] == "take_pile"
    assert not game.pile
    assert table.drag is None


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


def about_to_go_out(totals: tuple[int, int] = (0, 0)) -> Game:
    """Seat 0 has a canasta and can go out this turn."""
    return position(
        hands=("9C 5D", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"K": "KS KH KD KC KS KH KD", "9": "9S 9H 9D"}, {}),
        pile="7D 6C",
        phase="play",
        opened=(True, False),
        totals=totals,
    )


def quick_autoplay_table(app: App, game: Game) -> TableScene:
    """A table whose AutoPlay plays at the quickest level, so a hand ends in a few moves."""
    match = local_match(
        LocalGame(game, levels=("carefree", "carefree")), autosave=False, worker_mode="inline"
    )
    table = TableScene(app, match, options=TableOptions(speed=0.0))
    app.stack.push(TitleScene(app))
    app.stack.push(table)
    step(app)
    return table


def autoplay_to_the_results(app: App, table: TableScene) -> None:
    click(app, centre(table.buttons["autoplay"].rect))
    assert table.match.autoplay
    for _ in range(600):
        if isinstance(app.stack.top, HandOverScene):
            return
        step(app)
    raise AssertionError("the hand never ended")


def test_autoplay_hand_results_stay_until_dismissed(app: App) -> None:
    table = quick_autoplay_table(app, about_to_go_out())
    autoplay_to_the_results(app, table)
    step(app, 250, dt=0.1)  # 25 seconds, longer than any time the preferences offer
    assert isinstance(app.stack.top, HandOverScene)
    press(app, pygame.K_RETURN)
    assert app.stack.top is table
    assert table.match.autoplay  # the next hand is played on


def test_autoplay_hand_results_stay_for_the_time_chosen(app: App) -> None:
    app.prefs.results_seconds = 10
    table = quick_autoplay_table(app, about_to_go_out())
    autoplay_to_the_results(app, table)
    step(app, 80, dt=0.1)
    assert isinstance(app.stack.top, HandOverScene)
    step(app, 30, dt=0.1)
    assert app.stack.top is table


def test_autoplay_stops_at_game_over_and_the_scores_wait(app: App) -> None:
    app.prefs.results_seconds = 5
    table = quick_autoplay_table(app, about_to_go_out(totals=(4950, 0)))
    autoplay_to_the_results(app, table)
    step(app, 60, dt=0.1)
    over = app.stack.top
    assert isinstance(over, GameOverScene)
    assert not table.match.autoplay
    step(app, 250, dt=0.1)  # no new game starts by itself
    assert app.stack.top is over
    assert engine(table).phase == "game_over"


def test_undo_turn_after_taking_the_pile_asks_first_naming_the_penalty(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    game = engine(table)
    click(app, centre(table.geometry.pile_rect))
    assert game.log[-1]["type"] == "take_pile"
    press(app, pygame.K_DELETE, mod=pygame.KMOD_LCTRL)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    assert "50 points" in dialog.message
    assert [b.label for b in dialog.buttons] == ["Give it back (-50)", "Cancel"]
    click(app, centre(dialog.buttons[1].rect))
    assert app.stack.top is table
    assert game.log[-1]["type"] == "take_pile" and not game.pile
    press(app, pygame.K_DELETE, mod=pygame.KMOD_LCTRL)
    click(app, centre(app.stack.top.buttons[0].rect))
    assert app.stack.top is table
    assert game.phase == "draw" and len(game.pile) == 2
    assert game.players[0].returns == 1


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


def opened_position_with_a_meld() -> Game:
    return position(
        hands=("9S 9H 9D 4C 5D KS KH", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"Q": "QS QH QD"}, {}),
        pile="7D 6C",
        phase="play",
        opened=(True, False),
    )
