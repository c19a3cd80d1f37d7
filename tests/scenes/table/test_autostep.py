"""AutoStep: the computer plays both hands of the player's game a turn at a time or running, the
pause between moves goes from 0 to 2 s in 200 ms steps, and Stop offers As is or As was."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.logic import Game
from game.scenes.dialog import DialogScene
from game.scenes.table.autostep import DELAY_STEP, MAX_DELAY_STEPS, AutoStepScene
from game.scenes.table.table import TableScene
from tests.helpers.table import centre, engine, open_table
from tests.helpers.ui_events import click, press, step


def open_autostep(app: App) -> tuple[TableScene, AutoStepScene]:
    table = open_table(app, Game(seed=8))
    table.learning.open_autostep()
    scene = app.stack.top
    assert isinstance(scene, AutoStepScene)
    step(app)
    return table, scene


def run_until(app: App, done: Callable[[], bool], frames: int = 3000) -> None:
    for _ in range(frames):
        if done():
            return
        step(app)


def test_faster_and_slower_move_in_200_ms_steps_between_0_and_2_s(app: App) -> None:
    table, scene = open_autostep(app)
    seen = [scene.delay]
    for _ in range(MAX_DELAY_STEPS + 2):
        click(app, centre(scene.buttons["faster"].rect))
        seen.append(scene.delay)
    assert scene.delay == 0.0 and table.step_delay == 0.0
    for _ in range(MAX_DELAY_STEPS + 2):
        click(app, centre(scene.buttons["slower"].rect))
        seen.append(scene.delay)
    assert scene.delay == 2.0 and table.step_delay == 2.0
    for before, after in itertools.pairwise(seen):
        assert round(abs(after - before), 6) in (0.0, DELAY_STEP)
    assert min(seen) == 0.0 and max(seen) == 2.0
    press(app, pygame.K_MINUS)
    assert scene.delay == 2.0  # never slower than 2 s


@pytest.mark.slow
def test_step_plays_one_turn_then_waits(app: App) -> None:
    table, scene = open_autostep(app)
    game = engine(table)
    turn = game.turn.no
    step(app, 60)
    assert engine(table).turn.no == turn  # paused: nothing happens by itself
    click(app, centre(scene.buttons["step"].rect))
    run_until(app, lambda: engine(table).turn.no == turn + 1)
    step(app, 300)
    assert engine(table).turn.no == turn + 1


@pytest.mark.slow
def test_a_full_cycle_step_is_a_preference(app: App) -> None:
    table, scene = open_autostep(app)
    click(app, centre(scene.buttons["kind"].rect))
    assert app.prefs.autostep_step == "cycle"
    turn = engine(table).turn.no
    click(app, centre(scene.buttons["step"].rect))
    run_until(app, lambda: engine(table).turn.no == turn + 2)
    step(app, 300)
    assert engine(table).turn.no == turn + 2


@pytest.mark.slow
def test_stop_as_was_returns_to_where_autostep_began(app: App) -> None:
    table, scene = open_autostep(app)
    before = engine(table).state_hash()
    told = list(table.plays)
    click(app, centre(scene.buttons["faster"].rect))
    press(app, pygame.K_SPACE)  # run
    run_until(app, lambda: engine(table).turn.no >= 4)
    assert engine(table).state_hash() != before
    press(app, pygame.K_ESCAPE)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.title == "AutoStep stopped"
    as_was = next(button for button in dialog.buttons if button.label == "As was")
    click(app, centre(as_was.rect))
    step(app, 3)
    assert app.stack.top is table and not table.match.autoplay
    assert engine(table).state_hash() == before
    # "Last plays" no longer tells the moves AutoStep made and As was took back
    assert all(line in told for line in table.plays)


@pytest.mark.slow
def test_stop_as_is_carries_on_from_there(app: App) -> None:
    table, scene = open_autostep(app)
    press(app, pygame.K_SPACE)
    run_until(app, lambda: engine(table).turn.no >= 3 and engine(table).to_move == 0)
    press(app, pygame.K_SPACE)  # pause
    step(app, 60)
    reached = engine(table).state_hash()
    click(app, centre(scene.buttons["stop"].rect))
    as_is = next(button for button in app.stack.top.buttons if button.label == "As is")
    click(app, centre(as_is.rect))
    assert engine(table).state_hash() == reached and not table.match.autoplay
