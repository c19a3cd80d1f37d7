"""The tutorial core: narration in words, each rule note once, a whole hand headless."""

import re

from game.help import load_help
from game.logic import Game, Rules, player_view
from game.logic import events as ev
from game.logic.actions import Discard, Draw, TakePile
from game.logic.assist.narration import narrate
from game.logic.assist.tutorial import (
    PARTNERSHIP_NOTES,
    RULE_NOTES,
    TWO_HAND_NOTES,
    Tutorial,
    notes_for,
)
from game.logic.cards import IDS_OF_CODE
from game.logic.events import Event
from tests.helpers.scenario import position

CODE = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b|\bJK\b")


def play_whole_hand(tutorial):
    steps = [tutorial.start()]
    for _ in range(1000):
        if tutorial.finished:
            break
        steps.append(tutorial.step())
    return steps


def test_a_whole_tutorial_hand_shows_each_rule_note_exactly_once():
    steps = play_whole_hand(Tutorial())
    shown = [note.key for step in steps for note in step.notes]
    assert sorted(shown) == sorted(TWO_HAND_NOTES)
    assert steps[-1].finished
    assert all(line and not CODE.search(line) for step in steps for line in step.lines)


def test_every_rule_note_names_an_anchor_of_the_help_text():
    anchors = set(load_help().anchors())
    for note in RULE_NOTES.values():
        assert note.anchor in anchors, note.key


def test_the_tutorial_leaves_the_players_game_exactly_as_it_was():
    game = Game(Rules.modern_american(), seed=42)
    game.apply(Draw())
    before = game.state_hash()
    tutorial = Tutorial()
    tutorial.start()
    tutorial.next_note()
    tutorial.next_note()
    assert game.state_hash() == before
    assert tutorial.game is not game and tutorial.game.rules == Rules()


def test_next_rule_note_stops_at_the_first_new_note():
    tutorial = Tutorial()
    tutorial.start()
    steps = tutorial.next_note()
    assert steps[-1].notes or steps[-1].finished
    assert all(not step.notes for step in steps[:-1])


def test_the_learners_moves_come_with_the_reason():
    tutorial = Tutorial()
    tutorial.start()
    lines = [line for step in tutorial.next_note() for line in step.lines]
    assert any(line.startswith("Why: ") for line in lines)


def test_a_tutorial_is_the_same_every_time():
    first = [s.lines for s in play_whole_hand(Tutorial())]
    second = [s.lines for s in play_whole_hand(Tutorial())]
    assert first == second


def test_narration_names_your_draws_and_counts_the_opponents():
    game = position(hands=("4S 4D 8C", "QS QD 6C"), to_move=1)
    view = player_view(game, 0)
    hidden = IDS_OF_CODE["9H"][0], IDS_OF_CODE["KD"][0]
    assert narrate([Event(ev.DRAW, 1, hidden)], view) == [
        "The Computer draws two cards from the stock."
    ]
    assert narrate([Event(ev.DRAW, 0, hidden)], view) == ["You draw 9♥ K♦."]


def test_narration_of_taking_the_pile_melding_and_discarding():
    game = position(
        hands=("9C 9S KS 4D 5D", "5C 6C 7C"), pile="5D 9H", melds=({"4": "4H 4S 4C"}, {})
    )
    events = game.apply(TakePile(("9C", "9S")))
    view = player_view(game, 0)
    assert narrate(events, view) == [
        "You take the pile of two cards, melding the top card 9♥ with 9♠ 9♣."
    ]
    events = game.apply(Discard("KS"))
    assert narrate(events, player_view(game, 1), ("The Computer", "You")) == [
        "The Computer discards K♠."
    ]


def test_narration_says_what_a_discard_does_to_the_pile():
    game = position(hands=("2C 3S 8C 9C", "5C 6C 7C"), melds=({"4": "4H 4S 4C"}, {}), phase="play")
    view = player_view(game, 0)
    wild = Event(ev.DISCARD, 0, (IDS_OF_CODE["2C"][0],))
    black = Event(ev.DISCARD, 1, (IDS_OF_CODE["3S"][0],))
    assert narrate([wild, black], view) == [
        "You discard 2♣: a wild card freezes the pile.",
        "The Computer discards 3♠: a Black Three blocks the pile for one turn.",
    ]


def test_notes_follow_the_events():
    game = position(hands=("9C 9S KS 4D 5D", "5C 6C 7C"), pile="5D 9H", opened=(False, False))
    before = player_view(game, 0)
    events = game.apply(TakePile(("9C", "9S")))
    keys = notes_for(events, before, player_view(game, 0))
    assert keys == ["taking_the_pile", "opening_minimum"]


def test_the_partnership_lesson_shows_what_a_side_changes_in_order():
    tutorial = Tutorial.partnership()
    steps = play_whole_hand(tutorial)
    shown = [note.key for step in steps for note in step.notes]
    assert shown == list(PARTNERSHIP_NOTES)
    assert tutorial.game.n_players == 4 and steps[-1].finished
    lines = [line for step in steps for line in step.lines]
    assert 'North asks their partner: "May I go out?"' in lines
    assert 'You answer "Yes".' in lines
    assert any(line.endswith("for your side and 125 for theirs.") for line in lines)
    # Only cards the learner may see are named: the others' draws are counts.
    assert all(not CODE.search(line) for line in lines)
    assert "West draws one card from the stock." in lines


def test_the_learner_answers_their_partner_with_the_reason():
    tutorial = Tutorial.partnership()
    tutorial.start()
    for _ in range(200):
        step = tutorial.step()
        if step.seat == 0 and step.action is not None and step.action.type == "answer_go_out":
            break
    assert step.lines[0] == 'You answer "Yes".' and step.lines[1].startswith("Why: ")
