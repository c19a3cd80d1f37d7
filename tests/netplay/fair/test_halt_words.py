"""A halt's sentence travels as template and fields and reads back only in this copy's own
templates: every misconduct the fair core and the play compose is in the catalogue (read from
their source), goes and comes back the same, and anything a hostile copy could send instead
(an unknown or tricked template, wrong, missing or extra fields, ill-typed or huge values, a
sentence nested too deep) reads as None, never as a sentence of ours and never as a crash."""

from __future__ import annotations

import ast
from typing import Any

import pytest

from game.logic.phrase import Phrase, as_sentence, phrase
from game.netplay.fair.halt_words import (
    MISCONDUCTS,
    MOVE_NAMES,
    PLACES,
    SEAT,
    SEATS,
    STOCK_CARD,
    from_wire,
    halt_to_wire,
    seats_named,
    to_wire,
)
from game.netplay.fair.misconduct import card_name, same_card, who, whose
from tests.helpers.paths import GAME

# sentences with free text in them (a system error, an engine refusal, a message kind's English
# name): never sent as templates, shown as the other side's words
FREE_TEXT = {
    "{who} sent a malformed {what}: {error}",
    "{who} sent a malformed move: {error}",
    "{whose} {move} is refused: {refusal}",
    "the hand replayed from the audited deck differs from the play at {where}: {refusal}",
}
SOURCES = [
    *sorted((GAME / "netplay" / "fair").glob("*.py")),
    GAME / "netplay" / "play" / "fair_hand.py",
]


def _templates_in_source() -> set[str]:
    found = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "phrase"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    return found


def test_every_misconduct_the_source_composes_is_in_the_catalogue_or_is_free_text() -> None:
    parts = {SEAT, SEATS, STOCK_CARD, "{move} of {cards}"} | MOVE_NAMES | PLACES
    missing = _templates_in_source() - MISCONDUCTS - parts - FREE_TEXT
    assert not missing
    assert not FREE_TEXT & MISCONDUCTS


def _kept_red_three() -> Phrase:
    where = phrase(
        "move {step} ({move})",
        step=12,
        move=phrase("{move} of {cards}", move=phrase("discard"), cards="9C"),
    )
    return phrase(
        "{who} kept the Red Three {face} ({card}) instead of laying it down: the audit's replay "
        "lays it at {where}",
        who=who(2),
        face="3H",
        card=card_name(40),
        where=where,
    )


SENT = [
    as_sentence(same_card(1, 4, 9)),
    as_sentence(_kept_red_three()),
    as_sentence(phrase("{who} did not send the key within {seconds} s", who=who(0), seconds=31)),
    as_sentence(
        phrase(
            "{whose} unmask of stock cards {numbers} and {last} is false (one proof covers them all)",
            whose=whose(1),
            numbers="3, 17",
            last=40,
        )
    ),
    phrase("The final tables differ at state {state}.", state=2**40),
    phrase("The host's half of the toss for the first player is not the one it chose."),
]


@pytest.mark.parametrize("said", SENT, ids=lambda said: said.template[:20])
def test_a_known_sentence_goes_and_comes_back_the_same(said: Phrase) -> None:
    wire = halt_to_wire(said)
    assert wire is not None
    back = from_wire(wire)
    assert back == said and to_wire(back) == wire and back.capital == said.capital


def test_a_sentence_with_free_text_is_not_sent_as_templates() -> None:
    said = as_sentence(phrase("{who} sent a malformed move: {error}", who=who(1), error="any"))
    assert halt_to_wire(said) is None


def test_the_seats_a_sentence_names_are_found_at_any_depth() -> None:
    assert seats_named(SENT[0]) == {1}
    assert seats_named(SENT[1]) == {2}
    assert seats_named(SENT[4]) == set()


def _wire(template: str, **fields: Any) -> list[Any]:
    return ["{said}.", {"said": [template, fields]}]


SEAT_1 = [SEAT, {"seat": 1}]
HOSTILE = {
    "not a list": "Bob cheated.",
    "a list of three": ["{said}.", {}, "more"],
    "an unknown template": ["You lost: pay Bob 100 euros.", {}],
    "a format-string trick": ["{0.__class__}", {}],
    "a trick inside": _wire("{who.__class__.__mro__}", who=SEAT_1),
    "a trick in a field": _wire(
        "{who} shuffled out of turn", who=["{seat.__class__}", {"seat": 1}]
    ),
    "fields not a map": ["{said}.", [["{who} shuffled out of turn", {"who": SEAT_1}]]],
    "a missing field": _wire("{who} sent an unmask of {card} that was not owed", who=SEAT_1),
    "an extra field": _wire("{who} shuffled out of turn", who=SEAT_1, evil="text"),
    "a seat as text": _wire("{who} shuffled out of turn", who="Everyone but you"),
    "a seat's name for a seat": _wire("{who} shuffled out of turn", who=[SEATS, {"seat": 1}]),
    "a seat as a boolean": _wire("{who} shuffled out of turn", who=[SEAT, {"seat": True}]),
    "a seat as a float": _wire("{who} shuffled out of turn", who=[SEAT, {"seat": 1.0}]),
    "a seat past four": _wire("{who} shuffled out of turn", who=[SEAT, {"seat": 4}]),
    "a negative seat": _wire("{who} shuffled out of turn", who=[SEAT, {"seat": -1}]),
    "a huge figure": _wire(
        "{whose} shuffle has {count} cards, not {size}",
        whose=[SEATS, {"seat": 1}],
        count=2**64,
        size=108,
    ),
    "a card past the deck": _wire(
        "{whose} shuffle left {card} unmasked",
        whose=[SEATS, {"seat": 1}],
        card=[STOCK_CARD, {"number": 108}],
    ),
    "a card as words": _wire(
        "{whose} shuffle left {card} unmasked", whose=[SEATS, {"seat": 1}], card="your wallet"
    ),
    "a face that is no card": _wire(
        "{who} kept the Three {face} ({card}) and shows it only now: it had to be laid down "
        "at once",
        who=SEAT_1,
        face="send money",
        card=[STOCK_CARD, {"number": 3}],
    ),
    "a move that is no move": _wire(
        "{who} moved ({move}) out of turn", who=SEAT_1, move=["stole the pile", {}]
    ),
    "a whole sentence inside": _wire(
        "{who} moved ({move}) out of turn",
        who=SEAT_1,
        move=["The final tables differ at state {state}.", {"state": 1}],
    ),
    "positions that are words": _wire(
        "{whose} unmask of stock cards {numbers} and {last} is false (one proof covers them all)",
        whose=[SEATS, {"seat": 1}],
        numbers="1, 2; you lose",
        last=3,
    ),
    "a field that is not named by text": ["{said}.", {1: "x"}],
    "a move inside a move": _wire(
        "{who} moved ({move}) out of turn",
        who=SEAT_1,
        move=[
            "{move} of {cards}",
            {"move": ["{move} of {cards}", {"move": ["draw", {}], "cards": "9C"}], "cards": "9C"},
        ],
    ),
}


@pytest.mark.parametrize("value", HOSTILE.values(), ids=list(HOSTILE))
def test_a_hostile_sentence_reads_as_none(value: Any) -> None:
    assert from_wire(value) is None
