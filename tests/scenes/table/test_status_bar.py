"""The status bar: a long message wraps and is never cut; its figures are words, with details on
hover; "Why?" follows a refusal only, and a refusal leaves once the selection it spoke of
changed."""

from __future__ import annotations

import pygame

from game.app import App
from game.logic import Game
from game.scenes.learn.help import HelpScene
from game.scenes.table.learning import TABLE_ANCHOR, WHY
from game.scenes.table.table import TableScene
from tests.helpers.table import (
    card_spot,
    open_table,
    pile_with_a_pair,
)
from tests.helpers.ui_events import click, press, step

LONG = (
    "The pile is frozen: you need two natural cards of the top card's rank in your hand to take "
    "it, and the cards you meld with it must reach your opening minimum of 50 points."
)


def shown_status_lines(app: App, table: TableScene) -> list[str]:
    """The status message lines on screen now, as the HUD laid them out."""
    hud = table.hud
    size, lines = hud.message_lines(table.model.message, hud.last_message_room)
    per_page = 1 if size == 15 else 2
    first = (table.model.message_page % hud.message_pages) * per_page
    return lines[first : first + per_page]


def test_a_long_status_message_wraps_and_is_never_cut(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    table.refuse(LONG)
    step(app)
    seen: list[str] = []
    while table.model.message == LONG:
        for line in shown_status_lines(app, table):
            if line not in seen:
                seen.append(line)
        step(app, 31, dt=0.1)  # the next page, if any
    assert " ".join(seen) == LONG
    assert "\u2026" not in "".join(seen)
    room = table.hud.last_message_room
    for line in seen:
        assert app.theme.font(13).size(line)[0] <= room


def test_status_bar_figures_are_words_with_details_on_hover(app: App) -> None:
    table = open_table(app, pile_with_a_pair())
    texts = [c.text for c in table.model.counters]
    assert texts[0] == "Hand 1, turn 1"
    assert texts[1].startswith("To open: ")
    assert texts[2].startswith("In hand: ") and texts[2].endswith(" points")
    assert not any("(" in t for t in texts)
    box, tip = table.hud.counter_boxes[-3]  # drawn right to left: the cards in hand
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app)
    assert table.model.tip == tip and "If the hand ended now" in tip
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 300), rel=(0, 0), buttons=(0, 0, 0))
    )
    step(app)
    assert table.model.tip == ""


def _refused_discard(app: App) -> TableScene:
    table = open_table(app, Game(seed=8))
    click(app, card_spot(table, table.board.hand_order[0]), button=3)  # discard before drawing
    assert table.message_error and table.model.message.endswith("  " + WHY)
    return table


def test_why_is_offered_after_a_refusal_only_not_after_the_lines_that_follow(app: App) -> None:
    table = _refused_discard(app)
    click(app, table.buttons["autoplay"].rect.center)
    assert table.model.message.startswith("AutoPlay on")
    assert not table.model.message.endswith("  " + WHY)
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, HelpScene) and app.stack.top.anchor == TABLE_ANCHOR


def test_a_refusal_leaves_the_status_bar_once_the_selection_changes(app: App) -> None:
    table = _refused_discard(app)
    refusal = table.model.message
    click(app, card_spot(table, table.board.hand_order[1]))
    step(app)
    assert table.model.message != refusal and not table.model.message_error
    assert not table.model.message.endswith("  " + WHY)
    press(app, pygame.K_DELETE)  # with cards selected: clears the selection
    assert table.model.message == "Selection cleared."
