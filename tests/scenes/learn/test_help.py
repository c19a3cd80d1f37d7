"""The help panel and the table's explanations: F1 and "Why?" open the help at the rule that
refused a move, the panel searches and marks the options in force, Options describe each rule
option, and the hint, "What can I do?" and "Open:" speak in words."""

from __future__ import annotations

import re

import pygame
import pytest

from game.app import App
from game.help import anchor_for, describe_option, load_help
from game.logic import Game, Rules
from game.logic.actions import Discard
from game.logic.cards import CARD_CODE
from game.match import Refused
from game.scenes import flow
from game.scenes.dialog import DialogScene
from game.scenes.learn.help import HelpScene
from game.scenes.menu import MenuScene
from game.scenes.option_items import option_sections
from game.scenes.table.learning import NAMED_WARNING, WARNING, WHY
from tests.helpers.scenario import position
from tests.helpers.table import card_spot, centre, engine, open_table
from tests.helpers.ui_events import click, press, step, type_text

CARD_CODE_PATTERN = re.compile(r"\b(10|[2-9JQKA])[SHDC]\b")


def refuse_a_discard_before_drawing(app: App, seed: int = 8) -> tuple[object, str]:
    """Right-click a card before drawing: the engine refuses it; returns the table and the
    anchor of the rule that refused it."""
    table = open_table(app, Game(seed=seed))
    card = table.board.hand_order[0]
    refusal = engine(table).check(Discard(CARD_CODE[card]))
    assert refusal is not None
    click(app, card_spot(table, card), button=3)
    return table, anchor_for(refusal.code)


def test_f1_after_a_refusal_opens_the_help_at_its_rule(app: App) -> None:
    table, anchor = refuse_a_discard_before_drawing(app)
    assert table.message_error and table.model.message.endswith("  " + WHY)
    press(app, pygame.K_F1)
    help_scene = app.stack.top
    assert isinstance(help_scene, HelpScene)
    assert help_scene.anchor == anchor == "draw-first"
    assert "Draw first" in help_scene.text_box.html_text


def test_clicking_the_refusal_message_opens_the_help_too(app: App) -> None:
    table, anchor = refuse_a_discard_before_drawing(app)
    step(app)
    click(app, centre(table.hud.message_rect))
    assert isinstance(app.stack.top, HelpScene) and app.stack.top.anchor == anchor


def test_f1_without_a_refusal_opens_how_to_play_at_the_table(app: App) -> None:
    open_table(app, Game(seed=8))
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, HelpScene)
    assert app.stack.top.anchor == "controls"
    press(app, pygame.K_ESCAPE)
    assert not isinstance(app.stack.top, HelpScene)


def test_search_narrows_the_headings_and_shows_the_first_hit(app: App) -> None:
    flow.open_help(app)
    scene = app.stack.top
    assert isinstance(scene, HelpScene)
    step(app)
    click(app, centre(scene.search_box.rect))
    type_text(app, "frozen")
    step(app, 2)
    assert scene.query == "frozen"
    assert 0 < len(scene.listed) < len(scene.document.sections)
    assert scene.anchor == scene.listed[0]
    assert "<u>" in scene.text_box.html_text  # the words found are picked out


def test_choosing_a_heading_shows_its_section(app: App) -> None:
    flow.open_help(app)
    scene = app.stack.top
    step(app)
    index = scene.listed.index("canastas")
    scene.headings.scroll_bar.set_scroll_from_start_percentage(
        index / len(scene.headings.item_list)
    )
    step(app, 2)
    button = scene.headings.item_list[index]["button_element"]
    click(app, centre(button.rect))
    step(app, 2)
    assert scene.anchor == "canastas"


def test_options_in_force_are_marked(app: App) -> None:
    on = HelpScene(app, "pile-frozen", rules=Rules(frozen_until_initial_meld=True))
    off = HelpScene(app, "pile-frozen", rules=Rules(frozen_until_initial_meld=False))
    marked_on = on.section_html("pile-frozen").count("In force")
    marked_off = off.section_html("pile-frozen").count("In force")
    assert marked_on == marked_off + 1


def test_options_screen_describes_each_rule_option_in_the_help_words() -> None:
    document = load_help()
    described = 0
    for section in option_sections():
        for item in section.items:
            if item.store == "rules":
                described += 1
                assert describe_option(document, item.key) in item.help
    assert described > 10


def test_the_hint_speaks_in_words_and_suits(app: App) -> None:
    table = open_table(app, Game(seed=8))
    press(app, pygame.K_F6)  # draw, so the hint suggests melds and a discard
    step(app, 2)
    press(app, pygame.K_h)
    step(app, 2)
    assert table.hint.state == "shown" and table.hint.lines
    text = " ".join([table.hint.reason, *table.hint.lines])
    assert not CARD_CODE_PATTERN.search(text)
    assert any(symbol in text for symbol in "\u2660\u2665\u2666\u2663") or "Joker" in text


def test_what_can_i_do_describes_the_choices(app: App) -> None:
    open_table(app, Game(seed=8))
    press(app, pygame.K_F3)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.title == "What can I do?"
    assert "stock" in dialog.message.lower()


def test_clicking_open_shows_the_opening_scenario(app: App) -> None:
    table = open_table(app, Game(seed=8))
    step(app)
    click(app, centre(table.hud.open_rect))
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Opening meld"
    assert dialog.message


def test_the_menu_leads_to_help_and_learning(app: App) -> None:
    table = open_table(app, Game(seed=8))
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, centre(menu.buttons["Help and learning"].rect))
    learning = app.stack.top
    assert isinstance(learning, MenuScene) and learning.title == "Help and learning"
    click(app, centre(learning.buttons["Rules and help (F1)"].rect))
    assert isinstance(app.stack.top, HelpScene)
    assert app.stack.top.rules == table.state.rules


def test_the_going_out_warning_is_worked_out_from_the_view(app: App) -> None:
    table = open_table(app, Game(seed=8))
    assert table.learning.going_out_warning() == ""  # nobody has melded at the deal


def test_the_status_bar_warns_when_the_opponent_may_go_out(app: App) -> None:
    game = position(
        hands=("4S 4D 8C 9C", "5C"),
        melds=({}, {"K": "KS KD KH KS KD KH KC", "Q": "QS QD QH QS QD QH QC"}),
        to_move=0,
    )
    table = open_table(app, game)
    step(app)
    assert table.model.message == WARNING


@pytest.mark.parametrize(("short", "long"), [(3, 1), (1, 3)])
def test_at_four_the_warning_names_the_opponent_who_may_go_out(app: App, short, long) -> None:
    hands = ["4S 4D 8C 9C", "", "6S 6D 8H 9H", ""]
    hands[short] = "5C"
    hands[long] = "4C 5D 6C 7D 8D 9D JC JD QC"  # its side's canasta, but far too many cards
    game = position(
        Rules().with_players(4),
        hands=hands,
        melds=({}, {"K": "KS KD KH KS KD KH KC"}),
        to_move=0,
    )
    table = open_table(app, game)
    step(app)
    assert table.model.message == NAMED_WARNING.format(name=table.names[short])
    assert table.names[short] not in (table.names[long], "")


def test_a_refusal_that_arrives_later_still_offers_why(app: App) -> None:
    from tests.scenes.table.test_any_match import open_scripted

    table, match = open_scripted(app)
    card = table.board.hand_order[0]
    click(app, card_spot(table, card), button=3)  # sent to the other side, refused later
    assert match.played == [Discard(CARD_CODE[card])]
    match.notes.append(Refused("Draw first."))
    step(app)
    assert table.model.message.endswith("  " + WHY)
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, HelpScene) and app.stack.top.anchor == "draw-first"


def test_at_four_a_meld_short_of_the_side_s_minimum_opens_opening_as_a_side(app: App) -> None:
    game = position(
        Rules().with_players(4),
        hands=("5H 5S 5D 9C KS", "4C 6D 8H", "4D 6S 8C", "4S 6H 8D"),
        pile="QH",
        phase="play",
    )
    table = open_table(app, game)
    fives = [c for c in table.board.hand_order if CARD_CODE[c].startswith("5")]
    for card in fives:
        click(app, card_spot(table, card))
    press(app, pygame.K_m)  # 15 points: a start, short of the side's 50
    step(app)
    assert len(engine(table).players[0].melds) == 1
    king = next(c for c in table.board.hand_order if CARD_CODE[c] == "KS")
    click(app, card_spot(table, king), button=3)  # discarding would end the turn short of it
    assert table.message_error and table.model.message.endswith("  " + WHY)
    press(app, pygame.K_F1)
    help_scene = app.stack.top
    assert isinstance(help_scene, HelpScene) and help_scene.anchor == "side-opening"
    assert "Opening as a side" in help_scene.text_box.html_text
