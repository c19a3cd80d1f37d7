"""While AutoPlay plays, the hand results stay as long as the player chose, and the game's end waits
for the player."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.table.scores import GameOverScene, HandOverScene
from tests.helpers.table import (
    about_to_go_out,
    autoplay_to_the_results,
    engine,
    quick_autoplay_table,
)
from tests.helpers.ui_events import press, step


@pytest.mark.slow
def test_autoplay_hand_results_stay_until_dismissed(app: App) -> None:
    table = quick_autoplay_table(app, about_to_go_out())
    autoplay_to_the_results(app, table)
    step(app, 250, dt=0.1)  # 25 seconds, longer than any time the preferences offer
    assert isinstance(app.stack.top, HandOverScene)
    press(app, pygame.K_RETURN)
    assert app.stack.top is table
    assert table.match.autoplay  # the next hand is played on


@pytest.mark.slow
def test_autoplay_hand_results_stay_for_the_time_chosen(app: App) -> None:
    app.prefs.results_seconds = 10
    table = quick_autoplay_table(app, about_to_go_out())
    autoplay_to_the_results(app, table)
    step(app, 80, dt=0.1)
    assert isinstance(app.stack.top, HandOverScene)
    step(app, 30, dt=0.1)
    assert app.stack.top is table


@pytest.mark.slow
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
