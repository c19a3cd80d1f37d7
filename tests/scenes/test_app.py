"""The app's loop and scene stack: lifecycle calls, fixed-dt stepping, and crashes reported."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game.app import App, SceneStack
from game.scenes.base import Scene
from game.scenes.dialog import CrashScene
from game.scenes.title import TitleScene
from tests.helpers.ui_events import press, step


class Recorder(Scene):
    def __init__(self, app: App, name: str, log: list[str]) -> None:
        super().__init__(app)
        self.tag = name
        self.log = log
        self.updates = 0.0

    def enter(self) -> None:
        self.log.append(f"{self.tag}.enter")

    def leave(self) -> None:
        self.log.append(f"{self.tag}.leave")

    def pause(self) -> None:
        self.log.append(f"{self.tag}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.tag}.resume")

    def update(self, dt: float) -> None:
        self.updates += dt


class Exploding(Scene):
    def update(self, dt: float) -> None:
        raise RuntimeError("the deck fell off the table")


def test_stack_calls_enter_pause_resume_leave_in_order(app: App) -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = (Recorder(app, n, log) for n in "abc")
    stack.push(a)
    stack.push(b)
    stack.replace(c)
    stack.pop()
    assert log == ["a.enter", "a.pause", "b.enter", "b.leave", "c.enter", "c.leave", "a.resume"]


def test_an_empty_stack_ends_the_app(app: App) -> None:
    app.stack.push(Recorder(app, "only", []))
    app.stack.pop()
    assert not app.running


def test_only_the_top_scene_is_updated_with_the_given_dt(app: App) -> None:
    log: list[str] = []
    below, top = Recorder(app, "below", log), Recorder(app, "top", log)
    app.stack.push(below)
    app.stack.push(top)
    started = time.perf_counter()
    step(app, 10, dt=0.05)
    assert time.perf_counter() - started < 1.0  # no sleeping in step()
    assert top.updates == pytest.approx(0.5)
    assert below.updates == 0


def test_a_long_stall_does_not_jump_animations_ahead(app: App) -> None:
    scene = Recorder(app, "s", [])
    app.stack.push(scene)
    app.step(5.0)
    assert scene.updates == pytest.approx(0.1)


def test_a_crash_in_a_scene_is_logged_and_shown_not_fatal(
    app: App, user_dirs: tuple[Path, Path]
) -> None:
    app.home = lambda a: TitleScene(a)
    app.stack.push(Exploding(app))
    step(app)
    assert app.running
    assert isinstance(app.stack.top, CrashScene)
    report = (user_dirs[1] / "crash.log").read_text(encoding="utf-8")
    assert "the deck fell off the table" in report and "Exploding" in report
    press(app, pygame.K_RETURN)  # "Back to title"
    assert isinstance(app.stack.top, TitleScene)
    assert app.running


def test_request_quit_event_closes_the_app(app: App) -> None:
    from game import events

    app.stack.push(Recorder(app, "s", []))
    events.post(events.REQUEST_QUIT)
    step(app)
    assert not app.running


def test_screenshot_writes_a_png(app: App, tmp_path: Path) -> None:
    app.stack.push(TitleScene(app))
    step(app)
    path = app.screenshot(tmp_path / "shots" / "title.png")
    assert pygame.image.load(str(path)).get_size() == (1280, 720)


def test_the_first_frame_shown_is_logged_with_its_scene_and_size(
    app: App, caplog: pytest.LogCaptureFixture
) -> None:
    # The log line is how a scripted start (CI's run of the README's Play command) knows that
    # the window really opened on the title screen.
    app.stack.push(TitleScene(app))
    with caplog.at_level("INFO", logger="game.app"):
        app.run_frames(2, dt=0.016)
    shown = [r.getMessage() for r in caplog.records if "first frame shown" in r.getMessage()]
    assert shown == ["first frame shown: TitleScene at 1280x720"]
