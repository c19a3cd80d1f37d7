"""Widgets respond to real pygame events the way a player expects."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import text_entry
from game.ui.button import Button
from game.ui.controls import Choice, Slider, Toggle
from game.ui.gui import PAPER
from game.ui.text_entry import TextEntry
from game.ui.text_log import TextLog
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


def focused_input(theme: Theme, **kwargs: Any) -> TextEntry:
    """A text field with the keyboard, as a click or Tab leaves it."""
    if pygame.display.get_surface() is None:
        pygame.display.set_mode(theme.size)  # pygame_gui draws its fields for a display
    field = TextEntry((0, 0, 300, 40), theme, **kwargs)
    field.set_focus(True)
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


def test_a_long_label_goes_on_two_lines_between_words_never_inside_one(theme: Theme) -> None:
    log = TextLog()
    theme.record(log)
    screen = pygame.Surface((400, 100))
    Button((0, 0, 110, 40), theme, "Wait for partners", text_size=18).draw(screen)
    assert log.misfits == []  # "Wait for" over "partners"
    Button((0, 0, 90, 40), theme, "Übernehmen", text_size=18).draw(screen)
    assert [misfit.text for misfit in log.misfits] == ["Übernehmen"], (
        "a word too wide is squeezed and reported, not cut in two"
    )


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
    screen = pygame.Surface((320, 60))
    field.draw(screen)
    assert field.handle_event(key(pygame.K_BACKSPACE))  # the input method's key, not the field's
    field.handle_event(ev(pygame.TEXTINPUT, text="你"))
    assert field.text == "你" and field.composition == ""


def test_cursor_selection_and_deletion(theme: Theme) -> None:
    field = focused_input(theme, text="hello world")
    field.handle_event(key(pygame.K_LEFT, mod=pygame.KMOD_LCTRL))
    assert field.entry.edit_position == 6
    field.handle_event(key(pygame.K_END, mod=pygame.KMOD_LSHIFT))
    assert field.selected_text() == "world"
    field.handle_event(ev(pygame.TEXTINPUT, text="there"))
    assert field.text == "hello there"
    field.handle_event(key(pygame.K_BACKSPACE, mod=pygame.KMOD_LCTRL))
    assert field.text == "hello "
    field.handle_event(key(pygame.K_HOME))
    field.handle_event(key(pygame.K_DELETE))
    assert field.text == "ello "
    field.handle_event(key(pygame.K_RIGHT, mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    assert field.selected_text() == "ello"


def test_select_all_copy_and_paste(theme: Theme, monkeypatch: pytest.MonkeyPatch) -> None:
    board: dict[str, str] = {}
    monkeypatch.setattr(text_entry, "clipboard_put", lambda text: board.__setitem__("text", text))
    monkeypatch.setattr(text_entry, "clipboard_get", lambda: board.get("text", ""))
    field = focused_input(theme, text="10.0.0.5")
    field.handle_event(key(pygame.K_a, mod=pygame.KMOD_LCTRL))
    field.handle_event(key(pygame.K_c, mod=pygame.KMOD_LCTRL))
    assert board["text"] == "10.0.0.5"
    other = focused_input(theme, text="host ")
    other.handle_event(key(pygame.K_v, mod=pygame.KMOD_LCTRL))
    assert other.text == "host 10.0.0.5"
    field.handle_event(key(pygame.K_a, mod=pygame.KMOD_LCTRL))
    field.handle_event(key(pygame.K_x, mod=pygame.KMOD_LCTRL))
    assert field.text == "" and board["text"] == "10.0.0.5"


def test_a_paste_becomes_one_line_cut_to_the_room_left(
    theme: Theme, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(text_entry, "clipboard_get", lambda: "line one\r\nline\ttwo")
    changes: list[str] = []
    field = focused_input(theme, text="> ", max_length=14, on_change=changes.append)
    field.handle_event(key(pygame.K_v, mod=pygame.KMOD_LCTRL))
    assert field.text == "> line one lin" and changes == [field.text]
    digits = focused_input(theme, max_length=5, allowed="0123456789")
    monkeypatch.setattr(text_entry, "clipboard_get", lambda: "port 50 410\n")
    digits.handle_event(key(pygame.K_v, mod=pygame.KMOD_LCTRL))
    assert digits.text == "50410"


def test_length_limit_and_allowed_characters(theme: Theme) -> None:
    field = focused_input(theme, max_length=6, allowed="0123456789.")
    field.handle_event(ev(pygame.TEXTINPUT, text="1a2.3b4.5678"))
    assert field.text == "12.34."
    field.set_text("192.168.1.5")
    assert field.text == "192.16"


def test_enter_submits_and_changes_are_told_at_once(theme: Theme) -> None:
    sent: list[str] = []
    changes: list[str] = []
    field = focused_input(theme, text="hi", on_submit=sent.append, on_change=changes.append)
    field.handle_event(ev(pygame.TEXTINPUT, text="!"))
    assert changes == ["hi!"]
    assert field.handle_event(key(pygame.K_RETURN))
    assert sent == ["hi!"]
    quiet = focused_input(theme, text="hi")
    assert not quiet.handle_event(key(pygame.K_RETURN))  # no submit: Enter is the screen's


def test_tab_and_escape_are_left_to_the_screen_and_tab_moves_the_focus(theme: Theme) -> None:
    field = focused_input(theme, text="Ann")
    ok = Button((0, 60, 100, 40), theme, "OK")
    group = WidgetGroup([field, ok], horizontal_moves_focus=True)
    group.set_focus(field)
    assert not field.handle_event(key(pygame.K_ESCAPE))
    group.handle_event(key(pygame.K_LEFT))  # edits: the caret moves, the focus stays
    assert group.focused is field and field.entry.edit_position == 2
    group.handle_event(key(pygame.K_TAB))
    assert group.focused is ok and not field.entry.is_focused
    group.handle_event(ev(pygame.TEXTINPUT, text="x"))
    assert field.text == "Ann"  # typing reaches the field only while it has the focus
    group.handle_event(ev(pygame.MOUSEBUTTONDOWN, pos=(10, 20), button=1))
    group.handle_event(ev(pygame.MOUSEBUTTONUP, pos=(10, 20), button=1))
    assert group.focused is field and field.entry.is_focused


def test_a_disabled_field_takes_no_typing(theme: Theme) -> None:
    field = focused_input(theme, text="Ann")
    field.enabled = False
    assert not field.handle_event(ev(pygame.TEXTINPUT, text="x"))
    assert field.text == "Ann" and not field.entry.is_enabled


def test_the_placeholder_shows_on_an_empty_field_even_with_the_focus(theme: Theme) -> None:
    field = focused_input(theme, placeholder="192.168.1.5:50410")
    screen = pygame.Surface((320, 60))
    field.draw(screen)
    inside = [screen.get_at((x, 20))[:3] for x in range(field.text_left(), 200)]
    assert any(colour != PAPER for colour in inside)  # the hint is there
    field.handle_event(ev(pygame.TEXTINPUT, text=" "))
    screen.fill((0, 0, 0))
    field.draw(screen)
    inside = [screen.get_at((x, 20))[:3] for x in range(field.text_left() + 10, 200)]
    assert all(colour == PAPER for colour in inside)  # a space typed: no hint, no text


def test_a_field_moves_with_its_row_and_draws_inside_the_clip(theme: Theme) -> None:
    field = focused_input(theme, text="x" * 60)
    field.rect = pygame.Rect(20, 30, 300, 40)
    assert field.entry.rect.topleft == (20, 30)
    screen = pygame.Surface((400, 100))
    screen.fill((1, 2, 3))
    screen.set_clip(pygame.Rect(0, 0, 400, 50))
    field.draw(screen)
    assert screen.get_at((100, 40))[:3] != (1, 2, 3)  # drawn above the clip's edge
    assert screen.get_at((100, 60))[:3] == (1, 2, 3)  # and not below it
    assert screen.get_at((360, 40))[:3] == (1, 2, 3)  # a long text stays inside the field
