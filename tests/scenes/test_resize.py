"""Resizing the window lays every screen out again at the window's size, as `--size` does at
start: the window is really resized (the dummy driver sends its own size-changed event), frames
run, and what is on the screen is read back."""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.app import MIN_LAYOUT, App, layout_size
from game.bench.frames import busy_game
from game.scenes.base import Scene
from game.scenes.dialog import message_dialog
from game.scenes.options import OptionsScene
from game.scenes.records.entry import open_screen
from game.scenes.title import TitleScene
from tests.helpers.table import engine, open_table
from tests.helpers.ui_events import click, press, resize_window, step


def text_height(app: App) -> int:
    return app.theme.font(22).get_height()


@pytest.mark.parametrize("size", [(1024, 600), (1600, 900), (1920, 1080), (1366, 768)])
def test_the_layout_follows_the_window(app: App, size: tuple[int, int]) -> None:
    app.stack.push(TitleScene(app))
    step(app)
    resize_window(app, size)
    assert app.size == size and app.screen.get_size() == size and not app.scaled
    title = app.stack.top
    assert isinstance(title, TitleScene)
    screen = app.screen.get_rect()
    assert all(screen.contains(button.rect) for button in title.buttons.values())
    # The buttons are sized for the new height, as `--size` would have made them.
    assert title.buttons["New game"].rect.height == app.theme.px(44)
    assert app.theme.scale == pytest.approx(size[1] / 720)


def test_a_larger_window_gets_larger_text_and_a_smaller_one_no_smaller_than_the_minimum(
    app: App,
) -> None:
    app.stack.push(TitleScene(app))
    step(app)
    normal = text_height(app)
    resize_window(app, (1920, 1080))
    assert text_height(app) > normal
    resize_window(app, (800, 450))
    # Below 1024x600 the screen is laid out at the minimum and the picture scaled to the window.
    assert app.scaled and app.size == layout_size((800, 450)) == (1067, 600)
    assert app.window.get_size() == (800, 450)
    assert app.theme.scale == pytest.approx(600 / 720)
    assert pygame.display.get_surface().get_size() == (800, 450)


def test_a_click_in_a_scaled_down_window_lands_on_the_button_under_the_pointer(app: App) -> None:
    chosen: list[object] = []
    app.stack.push(TitleScene(app))
    message_dialog(app, "Pick", "Click the button.", on_close=chosen.append)
    resize_window(app, (800, 450))
    dialog = app.stack.top
    assert dialog is not None and app.scaled
    button = dialog.buttons[0].rect  # type: ignore[attr-defined]
    fx = 800 / app.size[0]
    fy = 450 / app.size[1]
    click(app, (round(button.centerx * fx), round(button.centery * fy)))
    assert chosen == [True]


def test_an_in_progress_game_survives_resizes_unchanged(app: App) -> None:
    table = open_table(app, busy_game())
    step(app, 3)
    before = engine(table).state_hash()
    hand = list(table.board.hand_order)
    height_before = table.board.sprites[hand[0]].rect.height
    for size in ((1920, 1080), (1024, 600), (1600, 900)):
        resize_window(app, size)
        step(app, 10)
        screen = app.screen.get_rect()
        assert screen.size == size
        assert table.geometry is not None and table.geometry.size == size
        for card in hand:
            rect = table.board.sprites[card].rect
            assert screen.contains(rect), (size, card, rect)
            assert table.geometry.hands[0].left <= rect.left <= table.geometry.hands[0].right
        assert engine(table).state_hash() == before
    # At 1600x900 the cards are larger than at 1280x720, as a start at that size makes them.
    assert table.board.sprites[hand[0]].rect.height > height_before
    assert app.last_crash is None


def _options(app: App) -> Scene:
    return app.stack.push(OptionsScene(app))


def _records(app: App) -> Scene:
    return open_screen(app, "history")


def _dialog(app: App) -> Scene:
    app.stack.push(TitleScene(app))
    return message_dialog(app, "A long title that has to wrap", "Some words " * 12)


@pytest.mark.parametrize(
    "opener", [_options, _records, _dialog], ids=["options", "records", "dialog"]
)
def test_screens_are_laid_out_again_at_the_new_size(
    app: App, opener: Callable[[App], Scene]
) -> None:
    scene = opener(app)
    step(app)
    resize_window(app, (1920, 1080))
    assert app.stack.top is scene and app.screen.get_size() == (1920, 1080)
    panel = getattr(scene, "panel_rect", None) or getattr(scene, "panel", None)
    assert isinstance(panel, pygame.Rect)
    assert app.screen.get_rect().contains(panel)
    assert panel.width > 1280 * 0.5  # laid out for the larger window, not left at 1280x720
    resize_window(app, (1024, 600))
    assert app.screen.get_rect().contains(panel_of(scene))
    assert app.last_crash is None


def panel_of(scene: Scene) -> pygame.Rect:
    panel = getattr(scene, "panel_rect", None) or getattr(scene, "panel", None)
    assert isinstance(panel, pygame.Rect)
    return panel


def test_f11_fills_the_desktop_and_lays_out_again_and_f11_comes_back(app: App) -> None:
    app.stack.push(TitleScene(app))
    step(app)
    press(app, pygame.K_F11)
    step(app, 2)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert pygame.display.is_fullscreen()
    assert app.window.get_size() == tuple(desktop)
    assert app.size == layout_size(tuple(desktop))
    press(app, pygame.K_F11)
    step(app, 2)
    assert not pygame.display.is_fullscreen()
    assert app.size == (1280, 720)
    assert app.prefs.window_size == (1280, 720)  # the full screen is not remembered as a window


def test_the_window_size_is_remembered_for_next_start(
    app: App, user_dirs: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    app.stack.push(TitleScene(app))
    resize_window(app, (1600, 900))
    assert app.prefs.window_size == (1600, 900)
    app.close()
    saved = json.loads((user_dirs[0] / "preferences.json").read_text(encoding="utf-8"))
    assert saved["window_size"] == [1600, 900]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    again = App()
    try:
        assert again.window.get_size() == again.size == (1600, 900)
    finally:
        again.close()


def test_the_minimum_layout_grows_with_the_desktop_scale() -> None:
    assert layout_size((1280, 720)) == (1280, 720)
    assert layout_size(MIN_LAYOUT) == MIN_LAYOUT
    assert layout_size((1280, 720), 2.0) == (2133, 1200)
    assert layout_size((2560, 1440), 2.0) == (2560, 1440)


def test_a_drag_lays_the_screens_out_once_a_frame_for_where_the_window_ends(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.stack.push(TitleScene(app))
    step(app)
    laid_out: list[tuple[int, int]] = []
    layout = TitleScene.layout

    def counted(scene: TitleScene, size: tuple[int, int]) -> None:
        laid_out.append(size)
        layout(scene, size)

    monkeypatch.setattr(TitleScene, "layout", counted)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
        for width in range(1300, 1700, 50):
            window.size = (width, 720 + (width - 1280) // 2)
    step(app)
    assert laid_out == [(1650, 905)] and app.size == (1650, 905)


def _open_font_files() -> int:
    fonts = Path("/proc/self/fd")
    return sum(1 for fd in fonts.iterdir() if "/fonts/" in _target(fd))


def _target(fd: Path) -> str:
    try:
        return str(fd.readlink())
    except OSError:  # the descriptor closed while the directory was read
        return ""


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="lists descriptors through /proc")
def test_screens_laid_out_at_many_sizes_leave_no_font_file_open(app: App) -> None:
    # A font alive when pygame quits never closes its file: a long session, or a process that
    # opens the game many times, would run out of descriptors the lobby's select can reach.
    before = _open_font_files()
    app.stack.push(TitleScene(app))
    app.stack.push(OptionsScene(app))  # text fields: pygame_gui's fonts and the symbol fallback
    for height in range(600, 1000, 50):
        resize_window(app, (height * 16 // 9, height))
    app.close()
    assert _open_font_files() == before
