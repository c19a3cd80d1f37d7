"""The tutorial on the real table: Next and Next rule note tell the hand with each rule note once,
Stop returns the player to their game exactly as it was, the learner can play with the hint and
the coach, and the first start offers the tutorial once."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.logic import Game
from game.logic.actions import Discard, Draw
from game.logic.assist import PARTNERSHIP_NOTES, TWO_HAND_NOTES
from game.logic.cards import CARD_CODE
from game.match.tutorial import PLAY_MODE, TutorialMatch, suggestions
from game.scenes import flow
from game.scenes.dialog import DialogScene
from game.scenes.learn.tutorial import TutorialScene
from game.scenes.table.table import TableScene
from tests.helpers.table import centre, engine, open_table
from tests.helpers.ui_events import click, press, step


def open_tutorial(app: App) -> tuple[TableScene, TutorialScene]:
    table = open_table(app, Game(seed=8))
    table.learning.open_tutorial()
    tutorial = app.stack.top
    assert isinstance(tutorial, TutorialScene)
    step(app, 2)
    return table, tutorial


def test_next_and_stop_leave_the_players_game_exactly_as_it_was(app: App) -> None:
    table = open_table(app, Game(seed=8))
    before = engine(table).state_hash()
    table.learning.open_tutorial()
    tutorial = app.stack.top
    step(app, 2)
    for _ in range(3):
        press(app, pygame.K_n)
        step(app, 5)
    click(app, centre(tutorial.buttons["note"].rect))
    step(app, 5)
    assert tutorial.match.tutorial.game.log  # the tutorial's own game moved on
    click(app, centre(tutorial.buttons["stop"].rect))
    step(app)  # pygame_gui's button event arrives in the next frame
    assert app.stack.top is table
    assert engine(table).state_hash() == before


@pytest.mark.slow
def test_a_whole_tutorial_hand_shows_each_rule_note_once(app: App) -> None:
    _table, tutorial = open_tutorial(app)
    for _ in range(200):
        if tutorial.match.finished:
            break
        press(app, pygame.K_r)
        step(app, 3)
    assert tutorial.match.finished
    step(app, 3)
    keys = [note.key for note in tutorial.notes_seen]
    assert sorted(keys) == sorted(TWO_HAND_NOTES)  # every note, none twice
    story = "".join(tutorial.html)
    assert story.count("Rule note: The frozen pile") == 1
    assert "The tutorial hand is over" in story


def test_escape_stops_the_tutorial(app: App) -> None:
    table, _tutorial = open_tutorial(app)
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table


def test_f1_opens_the_help_at_the_last_rule_note(app: App) -> None:
    from game.scenes.learn.help import HelpScene

    _table, tutorial = open_tutorial(app)
    press(app, pygame.K_r)
    step(app, 3)
    press(app, pygame.K_F1)
    assert isinstance(app.stack.top, HelpScene)
    assert app.stack.top.anchor == tutorial.notes_seen[-1].anchor


@pytest.mark.slow
def test_the_learner_plays_and_the_coach_explains_a_different_move(app: App) -> None:
    _table, tutorial = open_tutorial(app)
    click(app, centre(tutorial.buttons["mode"].rect))
    step(app)
    match = tutorial.match
    assert match.mode == PLAY_MODE and not match.watching
    game = match.tutorial.game
    assert game.to_move == match.tutorial.learner
    assert match.play(Draw()) is None
    step(app, 3)
    # Discarding at once when the tutorial's computer would meld first is explained.
    card = next(
        CARD_CODE[c] for c in game.players[0].hand if game.check(Discard(CARD_CODE[c])) is None
    )
    told_before = len(match.told)
    assert match.play(Discard(card)) is None
    remark = match.told[told_before].remark
    assert remark.startswith("The hint would rather")
    for _ in range(300):
        step(app, 3)
        if game.to_move == match.tutorial.learner:
            break
    assert game.to_move == match.tutorial.learner  # the computer answered for its seat


def test_watch_mode_refuses_the_learners_moves() -> None:
    match = TutorialMatch()
    assert match.play(Draw()) is not None
    assert not match.changes


def test_the_first_start_offers_the_tutorial_once(app: App) -> None:
    assert not app.prefs.tutorial_offered
    flow.launch(app)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.title == "New to Canasta?"
    assert app.prefs.tutorial_offered
    show_me = next(button for button in dialog.buttons if button.label == "Show me")
    click(app, centre(show_me.rect))
    assert isinstance(app.stack.top, TutorialScene)
    app.stack.clear()
    flow.launch(app)
    assert not isinstance(app.stack.top, DialogScene)


def test_the_hint_guides_the_learner_in_words(app: App) -> None:
    _table, tutorial = open_tutorial(app)
    click(app, centre(tutorial.buttons["mode"].rect))
    step(app)
    click(app, centre(tutorial.buttons["hint"].rect))
    step(app, 3)
    hint = tutorial.table.hint
    assert hint.state == "shown" and hint.can_do
    assert hint.lines and "stock" in hint.lines[0].lower()


@pytest.mark.slow
def test_the_players_game_waits_while_the_tutorial_runs(app: App) -> None:
    table = open_table(app, Game(seed=8))
    press(app, pygame.K_F6)  # draw, then discard: the computer is to move
    step(app, 2)
    game = engine(table)
    card = next(c for c in game.players[0].hand if game.check(Discard(CARD_CODE[c])) is None)
    table.act(Discard(CARD_CODE[card]))
    assert engine(table).to_move == 1
    before = engine(table).state_hash()
    table.learning.open_tutorial()
    tutorial = app.stack.top
    for _ in range(5):
        press(app, pygame.K_n)
        step(app, 20)
    assert engine(table).state_hash() == before  # the computer did not move meanwhile
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table and tutorial.closed
    for _ in range(300):
        step(app)
        if engine(table).to_move == 0:
            break
    assert engine(table).to_move == 0  # and plays on once the tutorial is over


def test_p_opens_the_partnership_lesson_and_back_over_the_untouched_game(app: App) -> None:
    table, tutorial = open_tutorial(app)
    before = engine(table).state_hash()
    press(app, pygame.K_p)
    lesson = app.stack.top
    assert isinstance(lesson, TutorialScene) and lesson.partnership and tutorial.closed
    step(app, 2)
    assert lesson.table.state.seat_count == 4
    assert lesson.buttons["lesson"].text == "Two-hand tutorial (P)"
    for _ in range(100):
        if lesson.match.finished:
            break
        click(app, centre(lesson.buttons["note"].rect))
        step(app, 3)
    step(app, 3)
    assert [note.key for note in lesson.notes_seen] == list(PARTNERSHIP_NOTES)
    story = "".join(lesson.html)
    assert "Rule note: May I go out?" in story and "North asks their partner" in story
    press(app, pygame.K_F1)
    assert app.stack.top.anchor == "side-scoring"
    press(app, pygame.K_ESCAPE)
    click(app, centre(lesson.buttons["lesson"].rect))
    step(app)
    again = app.stack.top
    assert isinstance(again, TutorialScene) and not again.partnership and lesson.closed
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is table and engine(table).state_hash() == before
    assert table.poll in app.inbox_pollers  # the game goes on once the lessons stop


@pytest.mark.slow
def test_in_the_lesson_the_learner_answers_north_in_a_dialog(app: App) -> None:
    app.prefs.animation_speed = "off"
    open_tutorial(app)
    press(app, pygame.K_p)
    lesson = app.stack.top
    assert isinstance(lesson, TutorialScene)
    step(app, 2)
    click(app, centre(lesson.buttons["mode"].rect))
    step(app)
    match = lesson.match
    learner = match.tutorial.players[0]
    for _ in range(2000):
        top = app.stack.top
        if isinstance(top, DialogScene):
            break
        if match._learner_to_move() and not match.changes:
            assert match.play(suggestions(learner, match.tutorial.view())[0]) is None
        step(app, 3)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene) and dialog.title == "North asks"
    yes = next(button for button in dialog.buttons if button.label == "Yes, go out")
    click(app, centre(yes.rect))
    for _ in range(100):
        if match.finished:
            break
        step(app, 3)
    assert match.finished and match.tutorial.game.went_out == 2
    assert any(told.lines == ('You answer "Yes".',) for told in match.told)
