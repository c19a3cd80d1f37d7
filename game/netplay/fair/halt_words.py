"""A halt's sentence as it travels to the other copy, and read back only in words this copy
knows, so that the player reads the other side's halt in their own language with the seats named
as they see them ("you", a name, "the host").

On the wire the sentence is its template and fields, `[template, {field: value}]`, a field that
is itself a sentence (a seat, a stock card, a move) the same way, each seat as its seat number.
The reader accepts it only if every template is one of `SENTENCES` (or, inside one, of the
templates its field may hold), every field is one the template names and every value is of the
kind that field's name promises (a seat, a stock card, a figure, a card code) within its bounds.
Anything else (an unknown template, a missing, extra or ill-typed field, a huge figure, a
template written to trick a formatter) reads as None, and the caller shows the English the halt
carries beside it as the other side's words. A sentence with free text in it (a system error, an
engine refusal) is never sent this way: it could not be told from text the peer made up."""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from typing import Any

from game.logic.cards import CARD_CODE, N_CARDS
from game.logic.phrase import Phrase, as_sentence, phrase

MAX_SEAT = 3
MAX_FIGURE = 2**53
# the deepest sentence: "{said}." > "{who} kept ... at {where}" > "move {step} ({move})" >
# "{move} of {cards}" > "discard"
MAX_DEPTH = 5

SEAT = "seat {seat}"
SEATS = "seat {seat}'s"
STOCK_CARD = "stock card {number}"
SENTENCE = "{said}."  # `as_sentence`: a misconduct said as a sentence of its own

# what a misconduct says (the fair core and the play), each a part of "{said}."
MISCONDUCTS = frozenset(
    {
        "{card} is no card",
        "{whose} unmask of {card} is false",
        "{card} is the same card as {other}",
        "{whose} shuffle put a card at {card} that was not in the deck it received",
        "{who} did not send the key within {seconds} s",
        "{who} did not send the shuffle within {seconds} s",
        "{who} did not send the secret within {seconds} s",
        "{who} did not send the unmask of {card} within {seconds} s",
        "{who} did not send a step within {seconds} s",
        "{whose} unmask of stock cards {numbers} and {last} is false (one proof covers them all)",
        "{whose} shuffle has {count} cards, not {size}",
        "{who} sent the deck from {card}, not from {expected}",
        "{who} sent a malformed unmask message: its values are {count} bytes, not {size}",
        "{whose} unmask of {card} is no point",
        "{who} released the secret before the hand was over, or twice",
        "{whose} released secret does not match the key",
        "{whose} shuffle puts no point at {card}",
        "{whose} shuffle left {card} unmasked",
        "{who} sent a key when none was owed",
        "{whose} key is no point",
        "{whose} key proof is false",
        "{who} shuffled out of turn",
        "{who} sent an unmask of {card} that was not owed",
        "{whose} unmask of {card} opens no card",
        "{whose} unmask of {card} opens no card: the shuffle or the unmask was false",
        "{whose} shuffle puts the same card at {card} and {other}",
        "{card}, opened to {who}, is no card: a shuffle was false",
        "{card}, opened to every seat, is no card: a shuffle was false",
        "the hand replayed from the audited deck differs from the play at {where}",
        "{who} acknowledged {count} cards opened, not {given}",
        "{who} moved ({move}) out of turn",
        "{who} kept the Red Three {face} ({card}) instead of laying it down: the audit's replay "
        "lays it at {where}",
        "{who} showed {card}, which is not in that hand",
        "{who} kept the Three {face} ({card}) and shows it only now: it had to be laid down "
        "at once",
        # the toss and the end of the game, at a table of three or four
        "{whose} half of the toss for the first player is not the one announced at the start",
        "{whose} final table and the host's differ at state {state}",
    }
)
# a whole sentence: a misconduct, or a halt of the play said in full
SENTENCES = frozenset(
    {
        SENTENCE,
        "The final tables differ at state {state}.",
        "The host's half of the toss for the first player is not the one it chose.",
    }
)
MOVE_NAMES = frozenset(
    {
        "draw",
        "take pile",
        "meld",
        "discard",
        "pass",
        "undo",
        "undo turn",
        "next hand",
        "ask go out",
        "answer go out",
    }
)
MOVES = MOVE_NAMES | {"{move} of {cards}"}
PLACES = frozenset({"the deal", "move {step} ({move})"})

_POSITIONS = re.compile(r"\d{1,3}(, \d{1,3}){0,107}")
_CODES = frozenset(CARD_CODE)

Reader = Callable[[Any, int], Any]


def to_wire(said: Phrase) -> list[Any]:
    """`said` as its template and fields, a field that is a sentence the same way."""
    fields = {
        name: to_wire(value) if isinstance(value, Phrase) else value
        for name, value in said.fields.items()
    }
    return [said.template, fields]


def halt_to_wire(said: Phrase) -> list[Any] | None:
    """What a halt carries of `said` for the other copy: its template and fields, or None when
    the other copy could not read them back (a sentence holding free text)."""
    wire = to_wire(said)
    return wire if from_wire(wire) is not None else None


def from_wire(value: Any) -> Phrase | None:
    """The sentence the other copy sent, as a `Phrase` of this copy's own templates (seats are
    still seat numbers: the reader names them), or None when it is not one this copy knows."""
    try:
        return _read(value, SENTENCES, 0)
    except (ValueError, TypeError):
        return None


def _read(value: Any, allowed: frozenset[str], depth: int) -> Phrase:
    if depth >= MAX_DEPTH or not isinstance(value, list) or len(value) != 2:
        raise ValueError("not a sentence")
    template, fields = value
    if not isinstance(template, str) or template not in allowed or not isinstance(fields, dict):
        raise ValueError("a template this copy does not know")
    if set(fields) != _field_names(template):
        raise ValueError("fields that are not the template's")
    kinds = _FIELDS | _INSIDE.get(template, {})
    read = {name: kinds[name](fields[name], depth + 1) for name in fields}
    if template == SENTENCE:
        return as_sentence(read["said"])
    return phrase(template, **read)


def _field_names(template: str) -> set[str]:
    # only the catalogue's own templates get here: plain named fields
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _sentence_of(allowed: frozenset[str]) -> Reader:
    return lambda value, depth: _read(value, allowed, depth)


def _figure(high: int) -> Reader:
    def read(value: Any, depth: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
            raise ValueError("not a figure in range")
        return value

    return read


def _text(pattern: Callable[[str], bool]) -> Reader:
    def read(value: Any, depth: int) -> str:
        if not isinstance(value, str) or len(value) > 500 or not pattern(value):
            raise ValueError("not the text this field holds")
        return value

    return read


def _is_codes(text: str) -> bool:
    codes = text.split(" ")
    return 0 < len(codes) <= N_CARDS and all(code in _CODES for code in codes)


# a field's name says what it holds, in every template
_FIELDS: dict[str, Reader] = {
    "said": _sentence_of(MISCONDUCTS),
    "who": _sentence_of(frozenset({SEAT})),
    "whose": _sentence_of(frozenset({SEATS})),
    "seat": _figure(MAX_SEAT),
    "card": _sentence_of(frozenset({STOCK_CARD})),
    "other": _sentence_of(frozenset({STOCK_CARD})),
    "expected": _sentence_of(frozenset({STOCK_CARD})),
    "number": _figure(N_CARDS - 1),
    "last": _figure(N_CARDS - 1),
    "numbers": _text(lambda text: _POSITIONS.fullmatch(text) is not None),
    "count": _figure(MAX_FIGURE),
    "size": _figure(MAX_FIGURE),
    "given": _figure(MAX_FIGURE),
    "seconds": _figure(MAX_FIGURE),
    "state": _figure(MAX_FIGURE),
    "step": _figure(MAX_FIGURE),
    "face": _text(lambda text: text in _CODES),
    "cards": _text(_is_codes),
    "move": _sentence_of(MOVES),
    "where": _sentence_of(PLACES),
}
# where a field of that name holds less: a move's name, never another move with its cards
_INSIDE: dict[str, dict[str, Reader]] = {"{move} of {cards}": {"move": _sentence_of(MOVE_NAMES)}}


def seats_named(said: Phrase) -> set[int]:
    """Every seat `said` names (a reader checks that its table has them)."""
    found: set[int] = set()
    for value in said.fields.values():
        if isinstance(value, Phrase) and value.template in (SEAT, SEATS):
            found.add(value.fields["seat"])
        elif isinstance(value, Phrase):
            found |= seats_named(value)
    return found
