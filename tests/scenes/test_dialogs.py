"""A dialog keeps its words inside its panel, and its panel inside the window: a long title wraps
like the message (the damaged-save dialog's title ran out of its box); a dialog over another
covers it."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.scenes.dialog import confirm_dialog, message_dialog
from game.scenes.title import TitleScene
from tests.helpers.ui_events import press, step

TITLE = "The saved game could not be restored"
MESSAGE = (
    "The file is not a saved Canasta game. A new game has been dealt instead; the damaged file "
    "was kept beside it as preferences.json.damaged-20261125-180000 for you to look at."
)


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_a_long_title_and_message_stay_inside_the_panel(app: App, size: tuple[int, int]) -> None:
    app.theme.resize(size)
    dialog = message_dialog(app, TITLE, MESSAGE)
    dialog.layout(size)
    t = app.theme
    room = dialog.panel_rect.width - 2 * t.px(32)
    assert pygame.Rect((0, 0), size).contains(dialog.panel_rect)
    assert all(t.font(34, "title").size(line)[0] <= room for line in dialog._title_lines)
    assert " ".join(dialog._title_lines) == TITLE
    assert all(t.font(22).size(line)[0] <= room for line in dialog._lines)
    assert all(dialog.panel_rect.contains(button.rect) for button in dialog.buttons)


def test_a_path_too_long_for_its_line_breaks_after_a_separator(app: App) -> None:
    path = "/home/maximilian/.local/share/canasta/exports/history-2026-11-25.csv"
    lines = app.theme.wrap(f"Exported to {path}", 22, app.theme.px(300))
    assert lines[0] == "Exported to" and "".join(lines[1:]) == path
    # every piece of the path but the last ends at one of its separators, none mid-word
    assert all(piece[-1] in "/\\-_." for piece in lines[1:-1]), lines
    assert all(app.theme.font(22).size(line)[0] <= app.theme.px(300) for line in lines)


def test_a_dialog_over_another_covers_it_and_the_lower_one_comes_back_when_it_closes(
    app: App,
) -> None:
    app.stack.push(TitleScene(app))
    lower = confirm_dialog(app, "Leave the game?", "Your game is saved as you play.", print)
    upper = message_dialog(app, "Preferences not saved", "They apply until you quit.")
    step(app)
    stacked = pygame.image.tobytes(app.screen, "RGB")
    # What shows is exactly the upper dialog over the title: nothing of the lower one.
    app.stack.remove(lower)
    step(app)
    assert pygame.image.tobytes(app.screen, "RGB") == stacked
    app.stack.push(lower)
    app.stack.push(upper)
    step(app)
    press(app, pygame.K_RETURN)  # OK on the upper dialog
    assert app.stack.top is lower
    alone = pygame.image.tobytes(app.screen, "RGB")
    assert alone != stacked and app.stack.visible() == [next(iter(app.stack)), lower]
