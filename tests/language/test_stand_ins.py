"""A stand-in for a player ("the host", "the guest", "a guest", "your opponent", and "you" for a
seat in a halt) takes the place of a name in a sentence, so in Spanish and German every sentence
that can hold one must read right with it as with a name. A translation that puts the name
after a preposition would need another case or a contraction ("Reglas de el anfitrión" for "del
anfitrión", "Verbunden mit der Gast" for "dem Gast"): every template of each catalogue with a
player's field is said with each stand-in, and none may put one there."""

from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from game.language import _
from game.language.files import use_language
from game.resources import asset_path

STAND_INS = ("the host", "the guest", "a guest", "your opponent")
SEAT_STAND_INS = ("you", "your")  # a seat in a halt read by its own player
PLAYER_FIELDS = {"name", "peer", "saved_by", "role", "they", "who", "whose"}
# sentences whose player is always a name a person typed (a profile, a lobby's host or guest,
# who must choose a name before they are listed): no stand-in ever takes its place
TYPED_NAMES = {
    "Remove {name}?",
    "{name}'s games and preferences will be deleted for good.",
    "{name} joins. Choose Play as to play as {name}.",
    "Renamed to {name}.",
    "Block {name}",
    "You declined {name}'s request; still waiting.",
    "Players looking for a partner see {name}, ",  # (the start of a long text)
    "Listed in the lobby at {address} as {name}.",
    "Waiting for {name}'s answer\u2026",
    "You are already waiting for {name}'s answer: cancel that first.",
    "{name}'s announcement is damaged: pick another host.",
}
SPANISH_PREPOSITIONS = [
    "a",
    "ante",
    "bajo",
    "con",
    "contra",
    "de",
    "desde",
    "en",
    "entre",
    "hacia",
    "hasta",
    "para",
    "por",
    "según",
    "sin",
    "sobre",
    "tras",
]
GERMAN_PREPOSITIONS = [
    "mit",
    "von",
    "zu",
    "zum",
    "zur",
    "bei",
    "aus",
    "nach",
    "seit",
    "gegenüber",
    "für",
    "gegen",
    "ohne",
    "um",
    "durch",
    "an",
    "auf",
    "in",
    "über",
    "unter",
    "vor",
    "hinter",
    "neben",
    "zwischen",
    "wegen",
    "trotz",
    "statt",
]


def _after(prepositions: list[str], words: list[str]) -> re.Pattern[str]:
    return re.compile(rf"\b({'|'.join(prepositions)}) ({'|'.join(map(re.escape, words))})\b")


def _player_templates(code: str) -> list[tuple[str, str, set[str]]]:
    """(template, its translation, its player fields) of every sentence of `code` that names a
    player who may be a stand-in."""
    with asset_path("locale", f"{code}.po").open("rb") as file:
        catalog = read_po(file, locale=code)
    found = []
    for message in catalog:
        if not isinstance(message.id, str) or not message.string or _typed(message.id):
            continue
        fields = {name for _, name, _, _ in string.Formatter().parse(message.id) if name}
        if fields & PLAYER_FIELDS:
            found.append((message.id, str(message.string), fields))
    return found


def _typed(template: str) -> bool:
    return any(template.startswith(typed) for typed in TYPED_NAMES)


def _bad_joins(code: str) -> list[str]:
    use_language(code)
    stand_ins = [_(text) for text in STAND_INS]
    seats = [_(text) for text in SEAT_STAND_INS]
    if code == "es":
        # "de el" and "a el" contract; "tú" after a preposition is "ti"
        wrong = [
            re.compile(r"\b(de|a) el\b"),
            _after(SPANISH_PREPOSITIONS, ["tú"]),
        ]
    else:
        # a preposition never takes the nominative the stand-in is written in
        wrong = [_after(GERMAN_PREPOSITIONS, [*stand_ins, *seats])]
    bad = []
    for template, translated, fields in _player_templates(code):
        players = fields & PLAYER_FIELDS
        for stand_in in (*stand_ins, *seats):
            if stand_in in seats and not players & {"who", "whose"}:
                continue
            said = translated.format(**{f: stand_in if f in players else "7" for f in fields})
            bad.extend(f"{template!r}: {said!r}" for pattern in wrong if pattern.search(said))
    return bad


@pytest.mark.parametrize("code", ["es", "de"])
def test_no_sentence_puts_a_stand_in_where_its_case_would_be_wrong(code: str) -> None:
    assert len(_player_templates(code)) > 50
    with asset_path("locale", f"{code}.po").open("rb") as file:
        templates = [message.id for message in read_po(file, locale=code)]
    assert all(any(str(t).startswith(typed) for t in templates) for typed in TYPED_NAMES)
    assert _bad_joins(code) == []


def test_the_check_finds_the_joins_it_guards_against() -> None:
    use_language("es")
    assert re.search(r"\b(de|a) el\b", "Reglas de {name}".format(name=_("the host")))
    use_language("de")
    joined = "Verbunden mit {name}".format(name=_("the guest"))
    assert _after(GERMAN_PREPOSITIONS, [_("the guest")]).search(joined)
