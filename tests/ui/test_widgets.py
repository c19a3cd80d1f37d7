"""Widgets respond to real pygame events the way a player expects."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import text_input
from game.ui.button import Button
from game.ui.controls import Choice, Slider, Toggle
from game.ui.text_input import TextInput
from game.ui.theme import Theme
from game.ui.widget import WidgetGroup


@pytest.fixture
def theme() -> Theme:
    pygame.font.init()
    return Theme((1280, 720))


def ev(kind: int, **attrs: Any) -> pygame.event.Event:
    return pygame.event.Event(kind, **attrs)


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return ev(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def focused_input(theme: Theme, **kwargs: Any) -> TextInput:
    field = TextInput((0, 0, 300, 40), theme, **kwargs)
    field.focused = True
    return field


def test_button_clicks_only_when_released_over_it(theme: Theme) -> None:
    clicks: list[int] = []
    button = Button((10, 10, 100, 40), theme, "OK", lambda: clicks.append(1))
    button.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    button.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(500, 500), button=1))
    assert clicks == []
    button.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    button.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(21, 21), button=1))
    assert clicks == [1]


def test_disabled_button_ignores_clicks_and_keys(theme: Theme) -> None:
    clicks: list[int] = []
    button = Button((10, 10, 100, 40), theme, "OK", lambda: clicks.append(1), enabled=False)
    button.focused = True
    button.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1))
    button.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(20, 20), button=1))
    button.handle_event(key(pygame.K_RETURN))
    assert clicks == []


def test_button_states_are_drawn_once_and_reused(theme: Theme) -> None:
    button = Button((0, 0, 120, 40), theme, "Deal")
    screen = pygame.Surface((200, 100))
    button.draw(screen)
    button.draw(screen)
    assert len(button._looks) == 1
    button.hovered = True
    button.draw(screen)
    assert len(button._looks) == 2


def test_focus_moves_with_arrows_and_skips_disabled_widgets(theme: Theme) -> None:
    a = Button((0, 0, 10, 10), theme, "A")
    b = Button((0, 20, 10, 10), theme, "B", enabled=False)
    c = Button((0, 40, 10, 10), theme, "C")
    group = WidgetGroup([a, b, c])
    group.focus_first()
    group.handle_event(key(pygame.K_DOWN))
    assert group.focused is c
    group.handle_event(key(pygame.K_DOWN))
    assert group.focused is a
    group.handle_event(key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT))
    assert group.focused is c


def test_toggle_flips_on_click_and_with_enter(theme: Theme) -> None:
    seen: list[bool] = []
    toggle = Toggle((0, 0, 120, 30), theme, False, seen.append)
    toggle.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    toggle.focused = True
    toggle.handle_event(key(pygame.K_RETURN))
    assert seen == [True, False]


def test_slider_follows_a_drag_and_commits_on_release(theme: Theme) -> None:
    changes: list[int] = []
    commits: list[int] = []
    slider = Slider((100, 100, 400, 40), theme, 50, 0, 100, 5, changes.append, commits.append)
    track = slider.track_rect()
    slider.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(track.left, track.centery), button=1))
    slider.handle_event(
        ev(pygame.MOUSEMOTION, pos=(track.centerx, track.centery), rel=(0, 0), buttons=(1, 0, 0))
    )
    slider.handle_event(
        ev(pygame.MOUSEMOTION, pos=(track.right + 50, track.centery), rel=(0, 0), buttons=(1, 0, 0))
    )
    slider.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(track.right + 50, track.centery), button=1))
    assert changes == [0, 50, 100]
    assert commits == [100]


def test_slider_keys_step_and_clamp(theme: Theme) -> None:
    slider = Slider((0, 0, 300, 40), theme, 95, 0, 100, 5)
    slider.focused = True
    slider.handle_event(key(pygame.K_RIGHT))
    slider.handle_event(key(pygame.K_RIGHT))
    assert slider.value == 100
    slider.handle_event(key(pygame.K_HOME))
    assert slider.value == 0


def test_choice_cycles_with_arrow_clicks_and_keys(theme: Theme) -> None:
    choice = Choice((0, 0, 300, 40), theme, [("a", "A"), ("b", "B"), ("c", "C")], "a")
    choice.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(290, 20), button=1))
    assert choice.value == "b"
    choice.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 20), button=1))
    choice.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(5, 20), button=1))
    assert choice.value == "c"
    choice.focused = True
    choice.handle_event(key(pygame.K_RIGHT))
    assert choice.value == "a"


def test_text_arrives_through_textinput_events_only(theme: Theme) -> None:
    field = focused_input(theme)
    assert field.handle_event(key(pygame.K_a, unicode="a"))  # consumed, but types nothing
    field.handle_event(ev(pygame.TEXTINPUT, text="Zoë"))
    assert field.text == "Zoë"


def test_composition_is_shown_but_not_committed(theme: Theme) -> None:
    field = focused_input(theme)
    field.handle_event(ev(pygame.TEXTEDITING, text="ni", start=2, length=0))
    assert field.text == "" and field.composition == "ni"
    field.handle_event(ev(pygame.TEXTINPUT, text="你"))
    assert field.text == "你" and field.composition == ""


def test_cursor_selection_and_deletion(theme: Theme) -> None:
    field = focused_input(theme, text="hello world")
    field.handle_event(key(pygame.K_LEFT, mod=pygame.KMOD_LCTRL))
    assert field.cursor == 6
    field.handle_event(key(pygame.K_END, mod=pygame.KMOD_LSHIFT))
    assert field.selected_text() == "world"
    field.handle_event(ev(pygame.TEXTINPUT, text="there"))
    assert field.text == "hello there"
    field.handle_event(key(pygame.K_BACKSPACE, mod=pygame.KMOD_LCTRL))
    assert field.text == "hello "
    field.handle_event(key(pygame.K_HOME))
    field.handle_event(key(pygame.K_DELETE))
    assert field.text == "ello "


def test_select_all_copy_and_paste(theme: Theme, monkeypatch: pytest.MonkeyPatch) -> None:
    board: dict[str, str] = {}
    monkeypatch.setattr(text_input, "clipboard_put", lambda text: board.__setitem__("text", text))
    monkeypatch.setattr(text_input, "clipboard_get", lambda: board.get("text", ""))
    field = focused_input(theme, text="10.0.0.5")
    field.handle_event(key(pygame.K_a, mod=pygame.KMOD_LCTRL))
    field.handle_event(key(pygame.K_c, mod=pygame.KMOD_LCTRL))
    assert board["text"] == "10.0.0.5"
    other = focused_input(theme, text="host ")
    other.handle_event(key(pygame.K_v, mod=pygame.KMOD_LCTRL))
    assert other.text == "host 10.0.0.5"


def test_length_limit_and_allowed_characters(theme: Theme) -> None:
    field = focused_input(theme, max_length=6, allowed="0123456789.")
    field.handle_event(ev(pygame.TEXTINPUT, text="1a2.3b4.5678"))
    assert field.text == "12.34."


def test_enter_submits(theme: Theme) -> None:
    sent: list[str] = []
    field = focused_input(theme, text="hi", on_submit=sent.append)
    field.handle_event(key(pygame.K_RETURN))
    assert sent == ["hi"]


def test_text_field_draws_with_a_long_text(theme: Theme) -> None:
    field = focused_input(theme, text="x" * 60)
    field.draw(pygame.Surface((400, 100)))
    assert field._scroll > 0
