"""A still window sleeps: the loop waits for input when nothing moves, and wakes for input."""

from __future__ import annotations

import pygame
import pytest

from game import events
from game.app import App
from game.logic import Game
from tests.helpers.table import centre, open_table
from tests.helpers.ui_events import click, step


@pytest.mark.slow
def test_a_still_table_lets_the_loop_sleep_and_input_wakes_it(app: App) -> None:
    table = open_table(app, Game(seed=4), speed=1.0)
    assert not app.idle()  # the deal is moving
    step(app, 600)
    assert not table.busy()
    assert app.idle()
    click(app, centre(table.geometry.stock_rect))
    assert not app.idle()  # the draw flies, and input just came
    step(app, 120)
    assert app.idle()


def test_the_loop_waits_for_input_instead_of_drawing_frames(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_table(app, Game(seed=4), speed=0.0)
    step(app, 60)
    waits: list[float] = []

    def wait(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 3:
            pygame.event.post(pygame.event.Event(events.REQUEST_QUIT))

    monkeypatch.setattr(app, "_wait_for_input", wait)
    app.run()
    assert len(waits) == 3


def test_waiting_keeps_the_input_that_ends_it_in_order(app: App) -> None:
    first = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    second = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)
    pygame.event.post(first)
    pygame.event.post(second)
    app._wait_for_input(5.0)
    kinds = [e.type for e in pygame.event.get() if e.type in (first.type, second.type)]
    assert kinds == [pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP]


@pytest.mark.slow
def test_the_idle_bench_reports_the_cpu_share_of_a_still_table(
    user_dirs: object, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from game.bench.__main__ import main

    assert main(["idle", "--seconds", "0.5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert 0 <= result["cpu_share"] < 1
    assert result["frames"] >= 1 and result["size"] == "1280x720"
