"""The records screens with games of three and four: history, one game's hands, statistics,
league, replay and replicate, driven by real key presses."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.app import App
from game.match import LocalMatch
from game.records import get_game
from game.scenes.records.entry import open_screen
from game.scenes.records.history import GameScene, HistoryScene
from game.scenes.records.same_cards import ReplayTableScene
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from game.ui.numbers import grouped
from tests.helpers.records_history import fill_history, record_table_game
from tests.helpers.ui_events import press, step


@pytest.fixture
def tables(app: App) -> Iterator[tuple[App, int, int]]:
    """Ada's history of two, then a game of three and (the newest) a game of four."""
    records = app.players.records
    fill_history(records)
    three = record_table_game(records, 3, 41, ("beginner", "master"))
    four = record_table_game(records, 4, 42, ("expert", "advanced"), "intermediate")
    app.stack.push(TitleScene(app))
    yield app, three, four


def test_the_history_names_the_table_and_filters_each_kind(tables: tuple[App, int, int]) -> None:
    app, three, four = tables
    scene = open_screen(app, "history")
    assert isinstance(scene, HistoryScene)
    shown = {row.key: row.cells[1] for row in scene.table.rows}
    assert shown[four] == "Four: Expert, Advanced"
    assert shown[three] == "Three: Beginner, Master"
    # O steps past the levels and network games to the games of three, then of four.
    for _ in range(8):
        press(app, pygame.K_o)
    assert [row.key for row in scene.table.rows] == [three]
    assert scene.button_map["Three players"] is not None
    assert scene.notice == "1 game of three players, all rules."
    press(app, pygame.K_o)
    assert [row.key for row in scene.table.rows] == [four]


def test_a_game_of_four_shows_both_sides_and_names_the_partner(
    tables: tuple[App, int, int],
) -> None:
    app, _three, four = tables
    scene = open_screen(app, "history")
    assert scene.table.current is not None and scene.table.current.key == four
    press(app, pygame.K_RETURN)
    game = app.stack.top
    assert isinstance(game, GameScene)
    headings = [column.heading for column in game.table.columns]
    assert headings[-3:] == ["Us", "Them", "Score"]
    row = get_game(app.players.records, four)
    assert game.table.rows[-1].cells[-1] == " \u2013 ".join(grouped(t) for t in row.side_totals)
    assert "a game of four with Intermediate against Expert and Advanced, " in game.notice
    assert [line.split(":")[0] for line in game.opponent_lines[1]] == ["Them"]
    step(app)


def test_a_game_of_three_shows_each_player_on_the_left_and_right(
    tables: tuple[App, int, int],
) -> None:
    app, three, _four = tables
    scene = open_screen(app, "history")
    press(app, pygame.K_DOWN)
    assert scene.table.current is not None and scene.table.current.key == three
    press(app, pygame.K_RETURN)
    game = app.stack.top
    assert isinstance(game, GameScene)
    headings = [column.heading for column in game.table.columns]
    assert headings[-4:] == ["You", "West", "East", "Score"]
    totals = get_game(app.players.records, three).side_totals
    assert game.table.rows[-1].cells[-1] == " \u2013 ".join(grouped(t) for t in totals)
    assert [line.split(":")[0] for line in game.opponent_lines[1]] == ["West", "East"]
    assert "a game of three against Beginner and Master, " in game.notice
    assert game.footer_height == 64  # a line for each of the two others
    step(app)


def test_statistics_and_league_keep_the_tables_apart(tables: tuple[App, int, int]) -> None:
    app, _three, _four = tables
    stats = open_screen(app, "stats")
    labels = [row.cells[0] for row in stats.table.rows]
    assert labels[-3:] == ["Three players", "Four players", "Overall"]
    by = {row.cells[0]: row.cells for row in stats.table.rows}
    assert by["Four players"][1] == "1" and by["Three players"][1] == "1"
    assert by["Overall"][1] == "12"  # Ada's ten of two and the two tables
    press(app, pygame.K_ESCAPE)
    league = open_screen(app, "league")
    names = [row.cells[1] for row in league.table.rows]
    three_at = names.index("Games of three")
    four_at = names.index("Games of four, in partnerships")
    assert names[three_at + 1] == "Ada" and names[four_at + 1] == "Ada"
    assert league.table.rows[four_at + 1].cells[0] == "1"
    assert league.table.rows[four_at + 1].cells[2] == "1"


def test_a_game_of_four_replays_with_every_seat_named_and_is_replicated_for_four(
    tables: tuple[App, int, int],
) -> None:
    app, _three, four = tables
    open_screen(app, "history")
    press(app, pygame.K_v)
    table = app.stack.top
    assert isinstance(table, ReplayTableScene)
    step(app, 3)
    assert table.match.other_names == ("West", "North", "East")
    press(app, pygame.K_RIGHT)
    assert table.match.index == 1
    press(app, pygame.K_ESCAPE)
    app.stack.top.choose(len(app.stack.top.items) - 2)  # back to the history
    press(app, pygame.K_c)
    live = app.stack.top
    assert isinstance(live, TableScene) and isinstance(live.match, LocalMatch)
    local = live.match.game
    assert local.game.n_players == 4
    assert local.levels[1:] == ("expert", "intermediate", "advanced")
    assert live.match.recording is not None
    replica = get_game(app.players.records, live.match.recording.game_id or -1)
    assert replica.replicated and replica.replicated_from == four and replica.players == 4
