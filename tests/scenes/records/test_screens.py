"""The history, a game's hands, statistics, charts, high scores and league over a hand-made
history: what they list, their filters and keys, their empty states, replaying a game on the
table step by step, replicating it, and the exports."""

from __future__ import annotations

import csv
from collections.abc import Iterator

import pygame
import pytest

from game.app import App
from game.match import LocalMatch
from game.records import history_page
from game.scenes.records.charts import RATIO, ChartsScene
from game.scenes.records.entry import open_screen
from game.scenes.records.fame import FameScene
from game.scenes.records.history import GameScene, HistoryScene
from game.scenes.records.league import LeagueScene
from game.scenes.records.same_cards import ReplayTableScene
from game.scenes.records.shared import export_folder
from game.scenes.records.stats import StatsScene
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from game.ui import theme as th
from tests.helpers.records_history import fill_history
from tests.helpers.ui_events import click, press, step


@pytest.fixture
def filled(app: App) -> Iterator[App]:
    fill_history(app.players.records)
    app.stack.push(TitleScene(app))
    yield app


def test_history_lists_games_newest_first_with_wins_and_losses_coloured(filled: App) -> None:
    scene = open_screen(filled, "history")
    assert isinstance(scene, HistoryScene)
    rows = scene.table.rows
    assert len(rows) == history_page(filled.players.records).total == 11
    results = {row.cells[4]: row.colours[4] for row in rows}
    assert results["Won"] == th.WIN and results["Lost"] == th.LOSS
    assert "replica" in rows[0].cells[6]
    assert any(row.cells[1] == "Marta (network)" for row in rows)


def test_records_screens_opened_in_high_contrast_use_its_colours(filled: App) -> None:
    th.use_palette(True)
    try:
        rows = open_screen(filled, "history").table.rows
        results = {row.cells[4]: row.colours[4] for row in rows}
        assert results["Won"] == th.HIGH_CONTRAST_PALETTE["WIN"]
        assert results["Lost"] == th.HIGH_CONTRAST_PALETTE["LOSS"]
        assert rows[0].colours[0] == th.HIGH_CONTRAST_PALETTE["CREAM"] == (255, 255, 255)
    finally:
        th.use_palette(False)
    assert th.STANDARD_PALETTE["WIN"] == th.WIN


def test_history_filters_by_opponent_and_rules_with_keys(filled: App) -> None:
    scene = open_screen(filled, "history")
    for _ in range(4):  # all, carefree, beginner, intermediate, advanced
        press(filled, pygame.K_o)
    assert {row.cells[1] for row in scene.table.rows} == {"Computer, Advanced"}
    press(filled, pygame.K_p)  # Classic rules: the same games
    assert scene.table.rows and "Classic" in scene.button_map["Classic"].label
    press(filled, pygame.K_p)  # Modern American: none
    assert scene.table.rows == [] and "filters" in scene.table.empty
    press(filled, pygame.K_o, mod=pygame.KMOD_LSHIFT)
    press(filled, pygame.K_p)
    assert {row.cells[1] for row in scene.table.rows} == {"Computer, Intermediate"}


def test_history_without_games_says_so(app: App) -> None:
    scene = open_screen(app, "history")
    assert scene.table.rows == [] and "No games yet" in scene.table.empty


def test_arrow_keys_choose_and_enter_opens_the_game_with_its_hands(filled: App) -> None:
    scene = open_screen(filled, "history")
    press(filled, pygame.K_DOWN)
    press(filled, pygame.K_DOWN)
    assert scene.table.selected == 2
    press(filled, pygame.K_END)
    assert scene.table.selected == len(scene.table.rows) - 1
    press(filled, pygame.K_HOME)
    press(filled, pygame.K_DOWN)
    chosen = scene.table.current
    press(filled, pygame.K_RETURN)
    game = filled.stack.top
    assert isinstance(game, GameScene) and game.game_id == chosen.key
    assert game.table.rows and game.table.rows[0].cells[0] == "1"
    last = game.table.rows[-1].cells[-1]
    assert last.replace(",", "") == chosen.cells[3].replace(",", "")
    press(filled, pygame.K_ESCAPE)
    assert filled.stack.top is scene


def test_a_click_selects_a_row_and_a_double_click_opens_it(filled: App) -> None:
    scene = open_screen(filled, "history")
    spot = (scene.table.rect.centerx, scene.table.rect.top + int(scene.table.row_h * 2.5))
    click(filled, spot)
    assert scene.table.selected == 1
    click(filled, spot)
    assert isinstance(filled.stack.top, GameScene)


def test_replay_steps_forward_and_back_on_the_real_table(filled: App) -> None:
    scene = open_screen(filled, "history")
    press(filled, pygame.K_DOWN)
    press(filled, pygame.K_v)
    table = filled.stack.top
    assert isinstance(table, ReplayTableScene)
    step(filled, 3)
    # named as at the live table, with the computer's level beside it
    shown = scene.table.rows[scene.table.selected].cells[1]
    assert shown.startswith("Computer, ")  # "Computer, Advanced"
    level = shown.removeprefix("Computer, ")
    assert table.names[1] == "Computer"
    assert table.match.opponent_line == f"{level} level, replay"
    dealt = table.state.hand(0)
    press(filled, pygame.K_RIGHT)
    press(filled, pygame.K_RIGHT)
    assert table.match.index == 2 and table.state.turn_no >= 1
    press(filled, pygame.K_LEFT)
    press(filled, pygame.K_LEFT)
    assert table.match.index == 0 and table.state.hand(0) == dealt
    press(filled, pygame.K_ESCAPE)  # the table's menu
    filled.stack.top.choose(len(filled.stack.top.items) - 2)  # Title screen
    assert filled.stack.top is scene


def test_replicate_from_the_history_deals_a_marked_game_at_the_table(filled: App) -> None:
    scene = open_screen(filled, "history")
    press(filled, pygame.K_DOWN)
    original = scene.table.current.key
    press(filled, pygame.K_c)
    table = filled.stack.top
    assert isinstance(table, TableScene) and isinstance(table.match, LocalMatch)
    recording = table.match.recording
    assert recording is not None
    row = filled.players.records.conn.execute(
        "SELECT replicated, replicated_from FROM games WHERE id = ?", (recording.game_id,)
    ).fetchone()
    assert row == (1, original)
    table.match.close()


@pytest.mark.slow
def test_export_writes_the_history_csv_and_a_game_s_replay_and_says_where(filled: App) -> None:
    scene = open_screen(filled, "history")
    press(filled, pygame.K_e)
    path = export_folder() / "canasta-history.csv"
    assert str(path) in scene.notice
    with open(path, encoding="utf-8") as handle:
        assert len(list(csv.reader(handle))) == 12  # heading and eleven games
    press(filled, pygame.K_RETURN)
    game = filled.stack.top
    press(filled, pygame.K_x)
    assert (export_folder() / f"canasta-game-{game.game_id}.json").is_file()
    assert "Replay exported" in game.notice


def test_statistics_show_each_level_overall_and_a_small_sample_hint(filled: App) -> None:
    scene = open_screen(filled, "stats")
    assert isinstance(scene, StatsScene)
    rows = {row.key: row for row in scene.table.rows}
    assert rows["overall"].cells[1:4] == ["10", "7", "3"]  # as the fixture's deals fell
    advanced = rows["advanced"]
    assert advanced.cells[1] == "4" and "(" in advanced.cells[4]  # few games: the range
    assert rows["network"].cells[1] == "1"
    assert "1 abandoned" in scene.summary
    press(filled, pygame.K_p)
    press(filled, pygame.K_p)  # Modern American: nothing
    assert {row.cells[1] for row in scene.table.rows} == {"0"}


def test_statistics_without_games_say_how_to_start(app: App) -> None:
    scene = open_screen(app, "stats")
    assert "No games yet" in scene.summary


def test_charts_draw_a_game_s_running_totals_and_the_win_ratio(filled: App) -> None:
    scene = open_screen(filled, "charts")
    assert isinstance(scene, ChartsScene)
    assert scene.points[0] == (0, 0, 0) and len(scene.points) >= 2 and scene.target == 5000
    newest = scene.caption
    press(filled, pygame.K_DOWN)
    assert scene.caption != newest
    press(filled, pygame.K_RIGHT)
    assert scene.mode == RATIO and set(scene.series) >= {"advanced", "network"}
    step(filled, 2)


def test_charts_without_games_draw_an_explanation(app: App) -> None:
    scene = open_screen(app, "charts")
    step(app, 2)
    assert scene.points == [] and scene.caption == ""


def test_high_scores_name_who_when_and_against_whom_and_skip_replicas(filled: App) -> None:
    scene = open_screen(filled, "fame")
    assert isinstance(scene, FameScene)
    top = scene.table.rows[0]
    assert top.cells[0] == "Highest score" and top.cells[2] in ("Ada", "Brian")
    replica = history_page(filled.players.records).rows[0].id
    assert all(row.key != replica for row in scene.table.rows)
    press(filled, pygame.K_RETURN)
    assert isinstance(filled.stack.top, GameScene)


def test_high_scores_and_league_without_games(app: App) -> None:
    fame = open_screen(app, "fame")
    assert all(row.cells[2] == "not set yet" for row in fame.table.rows)
    press(app, pygame.K_ESCAPE)
    league = open_screen(app, "league")
    assert all(row.cells[0] == "" for row in league.table.rows)


def test_league_ranks_players_and_computer_levels(filled: App) -> None:
    scene = open_screen(filled, "league")
    assert isinstance(scene, LeagueScene)
    names = [row.cells[1] for row in scene.table.rows]
    assert "Ada" in names and "Brian" in names and "Computer, Advanced" in names
    assert scene.table.rows[0].cells[0] == "1"
    press(filled, pygame.K_DOWN)
    assert scene.table.selected == 1


def test_charts_opened_over_a_game_in_progress_start_with_that_game(app: App) -> None:
    from game.logic import Game
    from tests.helpers.records_history import play
    from tests.helpers.table import open_table

    game = play(Game(seed=8), 8, hands=1)
    open_table(app, game)
    scene = open_screen(app, "charts")
    assert scene.caption.startswith("This game")
    assert scene.points == [(0, 0, 0), (1, *game.totals)]
    assert scene.target == game.rules.target_score


def test_dates_are_shown_in_this_computer_s_time(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from game.scenes.records.shared import when_words

    if not hasattr(time, "tzset"):
        pytest.skip("the time zone is changed this way on Unix only")
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    try:
        assert when_words("2026-03-12T18:04:00Z") == "12 Mar 2026 19:04"
        assert when_words("not a time") == "not a time"
    finally:
        monkeypatch.undo()
        time.tzset()
