"""A table anyone can read: the high-contrast palette from Options, Tab through the table's
buttons, and the window following the desktop's scale factor."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.app import App
from game.logic import Game
from game.scenes.options import OptionsScene
from game.settings import Preferences
from game.sprites.cards import CardImages, Tint
from game.ui import scaling
from game.ui import theme as th
from game.ui.scaling import desktop_scale, sdl_display_dpi
from tests.helpers.card_pictures import write_card_pictures
from tests.helpers.table import centre, open_table
from tests.helpers.ui_events import click, press, step


@pytest.fixture(autouse=True)
def standard_palette_after() -> Iterator[None]:
    """The palette is the module's own state: later tests start from the standard one."""
    yield
    th.use_palette(False)


def brightness(colour: pygame.Color) -> int:
    return colour.r + colour.g + colour.b


def test_high_contrast_from_options_recolours_the_table_at_once(app: App) -> None:
    table = open_table(app, Game(seed=3))
    felt_spot = (app.size[0] // 2, app.size[1] // 2 - 20)
    before = app.screen.get_at(felt_spot)
    assert th.STANDARD_PALETTE["CREAM"] == th.CREAM
    scene = OptionsScene(app, game_in_progress=True)
    app.stack.push(scene)
    step(app)
    click(app, centre(next(tab.rect for tab in scene.tabs if tab.name == "tab:Table")))
    toggle = next(row.control for row in scene.rows if row.item.key == "high_contrast")
    for _ in range(len(scene.rows) + len(scene.tabs)):
        if toggle.focused:
            break
        press(app, pygame.K_DOWN)  # the keyboard scrolls the page to the focused row
    press(app, pygame.K_RETURN)
    assert app.prefs.high_contrast is True and app.cards.high_contrast
    assert th.CREAM == (255, 255, 255) and th.HIGH_CONTRAST_PALETTE["FELT"] == th.FELT
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    step(app)
    after = app.screen.get_at(felt_spot)
    assert brightness(after) < brightness(before) * 0.6
    # The table's buttons are drawn again in the new palette: white labels on black.
    menu = table.buttons["menu"].rect
    pixels = [app.screen.get_at((x, menu.centery)) for x in range(menu.left + 4, menu.right - 4)]
    assert any(p.r == p.g == p.b == 255 for p in pixels)
    assert any(brightness(p) == 0 for p in pixels)


def test_high_contrast_is_kept_and_applied_at_the_next_start(
    user_dirs: tuple[Path, Path],
) -> None:
    app = App(size=(1280, 720))
    try:
        app.prefs.high_contrast = True
        app.save_preferences()
    finally:
        app.close()
    again = App(size=(1280, 720))
    try:
        assert again.prefs.high_contrast and th.high_contrast
        assert brightness(again.theme.felt().get_at((640, 360))) < 60
        again.prefs.high_contrast = False
        again.preferences_changed()
        assert not th.high_contrast
        assert brightness(again.theme.felt().get_at((640, 360))) > 120
    finally:
        again.close()


def test_tab_and_shift_tab_walk_the_table_buttons_and_enter_presses_one(app: App) -> None:
    table = open_table(app, Game(seed=3))
    press(app, pygame.K_RIGHT)
    assert table.moves.card_focus is not None
    seen = []
    for _ in range(len(table.buttons)):
        press(app, pygame.K_TAB)
        step(app)
        focused = table.group.focused
        assert focused is not None and focused.focused
        assert table.moves.card_focus is None  # one visible focus, not two
        seen.append(focused.name)
        if focused.name == "melds":
            break
    assert seen[-1] == "melds" and len(set(seen)) == len(seen)
    if len(seen) > 1:
        press(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
        assert table.group.focused.name == seen[-2]
        press(app, pygame.K_TAB)
    # The focus is visible: the focused button is drawn differently from the same one unfocused.
    rect = table.buttons["melds"].rect.inflate(8, 8)
    focused_picture = app.screen.subsurface(rect).copy()
    table.group.set_focus(None)
    step(app)
    assert pygame.image.tobytes(app.screen.subsurface(rect), "RGB") != pygame.image.tobytes(
        focused_picture, "RGB"
    )
    table.group.set_focus(table.buttons["melds"])
    layout = app.prefs.meld_layout
    press(app, pygame.K_RETURN)
    assert app.prefs.meld_layout != layout


@pytest.mark.parametrize(
    ("reported", "scale"),
    [((96.0, 96.0, 96.0), 1.0), ((144.0, 144.0, 144.0), 1.5), ((192.0, 190.0, 190.0), 2.0),
     ((101.0, 101.0, 101.0), 1.0), ((0.0, 0.0, 0.0), 1.0), ((999.0, 999.0, 999.0), 4.0)],
)  # fmt: skip
def test_the_desktop_scale_follows_the_reported_dpi(
    reported: tuple[float, float, float], scale: float
) -> None:
    assert desktop_scale(SimpleNamespace(get_display_dpi=lambda index: reported)) == scale


def test_without_a_dpi_the_scale_is_one() -> None:
    def refuses(index: int) -> tuple[float, float, float]:
        raise pygame.error("no DPI")

    assert desktop_scale(SimpleNamespace()) == 1.0
    assert desktop_scale(SimpleNamespace(get_display_dpi=refuses)) == 1.0


def test_the_window_opens_larger_on_a_scaled_desktop_and_remembers_neutral_units(
    user_dirs: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        pygame.display, "get_display_dpi", lambda index=0: (192.0, 192.0, 192.0), raising=False
    )
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3840, 2160)])
    app = App(prefs=Preferences(window_size=(1200, 700)))
    try:
        assert app.ui_scale == 2.0
        assert tuple(pygame.display.get_window_size()) == (2400, 1400)
        # Laid out at the window's own pixels, with text twice the size of 100%'s.
        assert app.size == (2400, 1400) and not app.scaled
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().size = (1400, 788)
        step(app)
        assert app.prefs.window_size == (700, 394)
        # Below the minimum layout (1024x600 at 100%, so 2048x1200 here) the picture is scaled.
        assert app.scaled and app.size == (2132, 1200)
    finally:
        app.close()


def test_sdl_is_asked_for_the_dpi_and_a_headless_display_gives_scale_one(app: App) -> None:
    # The dummy video driver has no DPI: SDL says so, and the factor stays 1.0.
    assert sdl_display_dpi(0) is None
    assert app.ui_scale == 1.0


def test_the_dpi_sdl_reports_sets_the_scale(monkeypatch: pytest.MonkeyPatch) -> None:
    def get_dpi(index: int, *refs: Any) -> int:
        for ref in refs:
            ref._obj.value = 144.0
        return 0

    monkeypatch.delattr(pygame.display, "get_display_dpi", raising=False)
    monkeypatch.setattr(scaling, "_sdl_library", lambda: SimpleNamespace(SDL_GetDisplayDPI=get_dpi))
    assert scaling.sdl_display_dpi(0) == (144.0, 144.0, 144.0)
    assert desktop_scale() == 1.5


def test_tinted_cards_take_deeper_washes_in_high_contrast(app: App, tmp_path: Path) -> None:
    cards = CardImages(write_card_pictures(tmp_path))
    plain = cards.image("AS", 68, Tint.FROZEN).get_at((12, 34))
    cards.set_high_contrast(True)
    strong = cards.image("AS", 68, Tint.FROZEN).get_at((12, 34))
    assert brightness(strong) < brightness(plain) - 60
    app.prefs.high_contrast = True
    app.preferences_changed()
    assert app.cards.high_contrast
