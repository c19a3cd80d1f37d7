"""A game the computer helped with is practice: AutoPlay switched on mid-game, AutoStep, or going
back to an earlier turn marks the recorded game at once, the table says so the first time, the
history names the help, and the game stays out of the high scores and the hall of fame."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.app import App
from game.logic import Game, Rules
from game.match import LocalGame, LocalMatch
from game.records import Records, get_game, hall_of_fame, history_page
from game.scenes.menu import MenuScene
from game.scenes.records.shared import marks_words
from tests.helpers.table import card_spot, engine, open_table
from tests.helpers.ui_events import click, press, step

SHORT = dataclasses.replace(Rules(), target_score=500)
PRACTICE = (
    "With {assist} this is now a practice game: it stays in your history but out of the "
    "high scores and the hall of fame."
)


@pytest.fixture
def records(memory_records: Records) -> Records:
    return memory_records


def recorded_table(app: App, records: Records, game: Game):
    table = open_table(app, game, pauses=False)
    assert isinstance(table.match, LocalMatch)
    table.match.record_in(records)
    assert table.match.recording is not None
    return table


def the_row(table, records: Records):
    return get_game(records, table.match.recording.game_id)


def test_autoplay_mid_game_makes_it_practice_and_the_table_says_so(
    app: App, records: Records
) -> None:
    table = recorded_table(app, records, Game(SHORT, seed=12))
    click(app, table.buttons["autoplay"].rect.center)
    assert PRACTICE.format(assist="AutoPlay") in table.model.message
    row = the_row(table, records)
    assert row.practice and row.assists == "AutoPlay"
    assert not row.counts_for_high_scores
    assert marks_words(row) == "practice (AutoPlay)"
    # said once: AutoPlay off and on again adds nothing
    click(app, table.buttons["autoplay"].rect.center)
    click(app, table.buttons["autoplay"].rect.center)
    assert "practice" not in table.model.message
    assert the_row(table, records).assists == "AutoPlay"


@pytest.mark.slow
def test_a_game_won_with_autoplay_stays_out_of_the_hall_of_fame(app: App, records: Records) -> None:
    table = recorded_table(app, records, Game(SHORT, seed=12))
    click(app, table.buttons["autoplay"].rect.center)
    match = table.match
    for _ in range(20_000):
        match.pump()
        while match.next_change() is not None:
            pass
        if match.finished:
            break
        if match.state.hand_over:
            match.next_hand()
    assert match.finished
    [row] = history_page(records).rows
    assert row.result in ("won", "lost") and row.practice and row.assists == "AutoPlay"
    assert all(entry is None for entry in hall_of_fame(records).values())


def test_going_back_to_an_earlier_turn_makes_it_practice(app: App, records: Records) -> None:
    table = recorded_table(app, records, Game(SHORT, seed=12))
    press(app, pygame.K_F6)
    click(app, card_spot(table, table.board.hand_order[0]), button=3)
    for _ in range(200):
        step(app)
        if engine(table).to_move == 0:
            break
    assert any("discarded" in line for line in table.plays)
    click(app, table.buttons["earlier"].rect.center)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["Turn 1"].rect.center)
    assert table.model.message.startswith("Back at the start of turn 1.")
    assert PRACTICE.format(assist="an earlier turn") in table.model.message
    # "Last plays" no longer lists the moves taken back
    assert not any("discarded" in line or "drew" in line for line in table.plays)
    row = the_row(table, records)
    assert row.practice and row.assists == "an earlier turn"
    assert marks_words(row) == "practice (an earlier turn)"


def test_the_help_had_survives_autosteps_as_was(app: App, records: Records) -> None:
    table = recorded_table(app, records, Game(SHORT, seed=12))
    match = table.match
    saved = match.snapshot()
    match.set_autoplay(True, "carefree")
    match.restore(saved)
    assert match.game.assists == ["AutoPlay"]


def test_the_help_had_survives_a_restart(records: Records) -> None:
    game = LocalGame(Game(SHORT, seed=4), levels=("master", "carefree"))
    game.assists.append("AutoPlay")
    again = LocalGame.from_json(game.to_json())
    assert again.assists == ["AutoPlay"]
    damaged = game.to_json() | {"assists": "not a list"}
    assert LocalGame.from_json(damaged).assists == []


def test_a_game_without_help_is_not_practice(app: App, records: Records) -> None:
    table = recorded_table(app, records, Game(SHORT, seed=12))
    press(app, pygame.K_F6)
    step(app, 3)
    row = the_row(table, records)
    assert not row.practice and row.assists == "" and row.counts_for_high_scores
