"""The title screen answers real mouse clicks and keys, stepped frame by frame with a fixed dt."""

from __future__ import annotations

import signal
from pathlib import Path

import pygame
import pytest

from game import main as game_main
from game.app import App
from game.scenes.dialog import DialogScene
from game.scenes.learn.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.options import OptionsScene
from game.scenes.records.players import PlayersScene
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from tests.helpers.ui_events import click, move, press, step


def open_title(app: App) -> TitleScene:
    scene = TitleScene(app)
    app.stack.push(scene)
    step(app)
    return scene


def centre(scene: TitleScene, label: str) -> tuple[int, int]:
    return scene.buttons[label].rect.center


def test_clicking_options_opens_the_options_screen(app: App) -> None:
    title = open_title(app)
    click(app, centre(title, "Options"))
    assert isinstance(app.stack.top, OptionsScene)


def test_clicking_new_game_opens_the_table_and_the_menu_leads_back(app: App) -> None:
    app.prefs.tutorial_offered = True  # a player who has been offered the tutorial before
    title = open_title(app)
    click(app, centre(title, "New game"))
    assert isinstance(app.stack.top, TableScene)
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["Title screen"].rect.center)
    assert app.stack.top is title


def test_clicking_quit_ends_the_app(app: App) -> None:
    title = open_title(app)
    click(app, centre(title, "Quit"))
    assert not app.running
    assert app.step(1 / 60) is False


def test_arrow_keys_and_enter_choose_from_the_menu(app: App) -> None:
    open_title(app)
    # New game has the focus; Continue is disabled and skipped: Host, Join, Players, Help, Options.
    for _ in range(5):
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, OptionsScene)


def test_enter_presses_the_focused_button_not_the_one_under_a_resting_pointer(app: App) -> None:
    title = open_title(app)
    x, y = centre(title, "Host")
    move(app, (x, y))
    assert title.group.focused is title.buttons["Host"]  # pointing focuses
    for _ in range(4):  # Join, Players, Help, Options
        press(app, pygame.K_DOWN)
    move(app, (x + 3, y + 1))  # the hand on the mouse stirs, still over Host
    assert title.group.focused is title.buttons["Options"]
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, OptionsScene)


def test_pointing_at_another_button_still_takes_the_focus(app: App) -> None:
    title = open_title(app)
    move(app, centre(title, "Host"))
    press(app, pygame.K_DOWN)
    move(app, centre(title, "Options"))
    assert title.group.focused is title.buttons["Options"]


def test_up_from_the_top_wraps_to_quit_and_enter_quits(app: App) -> None:
    open_title(app)
    press(app, pygame.K_UP)
    press(app, pygame.K_RETURN)
    assert not app.running


def test_escape_quits_from_the_title(app: App) -> None:
    open_title(app)
    press(app, pygame.K_ESCAPE)
    assert not app.running


def test_window_close_button_quits(app: App) -> None:
    open_title(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    assert not app.running


def test_continue_is_disabled_without_an_autosave(app: App) -> None:
    title = open_title(app)
    assert not title.buttons["Continue"].enabled
    click(app, centre(title, "Continue"))
    assert app.stack.top is title


def test_continue_is_offered_when_an_autosave_exists(app: App) -> None:
    app.autosave_exists = lambda: True
    title = open_title(app)
    assert title.buttons["Continue"].enabled
    assert title.group.focused is title.buttons["Continue"]
    click(app, centre(title, "Continue"))
    # There is no file behind the claim: the player is told, and a new game is dealt.
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and "could not be restored" in dialog.title
    assert any(isinstance(scene, TableScene) for scene in app.stack)


def test_host_and_join_open_their_screens_and_escape_returns(app: App) -> None:
    from game.scenes.net.host import HostScene
    from game.scenes.net.join import JoinScene

    app.prefs.host_port = 0  # any free port: the test must not depend on 50410 being free
    title = open_title(app)
    for label, kind in (("Host", HostScene), ("Join", JoinScene)):
        click(app, centre(title, label))
        assert isinstance(app.stack.top, kind)
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is title


def test_clicks_do_not_reach_the_title_under_a_dialog(app: App) -> None:
    title = open_title(app)
    click(app, centre(title, "Join"))
    dialog = app.stack.top
    click(app, centre(title, "Quit"))  # hidden behind the dimmed dialog, outside its buttons
    assert app.running
    assert app.stack.top is dialog


def test_the_title_draws_at_full_hd_without_errors(user_dirs: object, tmp_path: object) -> None:
    big = App(size=(1920, 1080))
    try:
        big.stack.push(TitleScene(big))
        step(big, 2)
        assert big.last_crash is None
        assert big.screen.get_size() == (1920, 1080)
    finally:
        big.close()


def test_the_menu_reads_continue_new_game_host_join_players_help_options_quit(app: App) -> None:
    title = open_title(app)
    assert list(title.buttons) == [
        "Continue",
        "New game",
        "Host",
        "Join",
        "Players",
        "Help",
        "Options",
        "Quit",
    ]
    for button in title.buttons.values():
        assert button.rect.bottom < app.size[1] - 30  # clear of the key hints


def test_players_and_help_open_their_screens(app: App) -> None:
    title = open_title(app)
    click(app, centre(title, "Players"))
    assert isinstance(app.stack.top, PlayersScene)
    app.stack.pop()
    step(app)
    click(app, centre(title, "Help"))
    assert isinstance(app.stack.top, HelpScene)


def test_one_enter_resumes_the_saved_game_with_its_last_plays(
    app: App, user_dirs: tuple[Path, Path]
) -> None:
    from game.match import autosave_exists
    from tests.helpers.table import engine

    app.prefs.tutorial_offered = True
    title = open_title(app)
    click(app, centre(title, "New game"))
    table = app.stack.top
    assert isinstance(table, TableScene)
    press(app, pygame.K_F6)
    table.match.writer.flush()
    app.stack.remove(table)
    app.autosave_exists = autosave_exists
    step(app)
    assert app.stack.top is title
    title.resume()
    assert title.group.focused is title.buttons["Continue"]
    press(app, pygame.K_RETURN)
    restored = app.stack.top
    assert isinstance(restored, TableScene)
    assert engine(restored).log[-1] == {"type": "draw"}
    assert f"{restored.names[0]} drew 2 cards" in restored.plays


@pytest.mark.slow
def test_the_readmes_way_in_offers_a_new_player_the_tutorial_on_the_first_new_game(
    user_dirs: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The Play command (`python main.py`, no options) on a fresh profile: the title screen, a
    # click on New game, and the offer over the new table; the second new game does not ask.
    seen: list[list[str]] = []
    run_frames = App.run_frames

    def play(app: App, frames: int, dt: float | None = None) -> None:
        run_frames(app, 2, dt)
        for _ in range(2):
            title = next(scene for scene in app.stack if isinstance(scene, TitleScene))
            click(app, title.buttons["New game"].rect.center)
            run_frames(app, 2, dt)
            seen.append([scene.name for scene in app.stack])
            if isinstance(app.stack.top, DialogScene):
                seen[-1].append(app.stack.top.title)
                press(app, pygame.K_ESCAPE)  # "Not now"
            app.stack.pop()  # back to the title from the table

    monkeypatch.setattr(App, "run_frames", play)
    monkeypatch.setattr(signal, "signal", lambda *args: None)  # the test session's SIGTERM stays
    assert game_main.main(["--frames", "1", "--dt", "0.016"]) == 0
    assert seen[0] == ["TitleScene", "TableScene", "DialogScene", "New to Canasta?"]
    assert seen[1] == ["TitleScene", "TableScene"]
