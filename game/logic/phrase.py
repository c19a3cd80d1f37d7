"""Sentences the rules engine and the match compose for a player, kept translatable: a `Phrase`
is the English sentence (a `str`, so logs, tests and the wire read it as before) that also keeps
its English template and named fields. The screens look the template up in the player's
language and fill in the fields after (`game.language._` does this for any `Phrase`), so a
refusal, a hint or a line of "Last plays" reads in Spanish or German without the engine
importing the translation layer, and nothing ever parses the English.

`phrase` and `phrase_n` also mark their template for `tools/translations.py`, as `_` does
(`N_` marks one kept for later). A
field that is itself a `Phrase` (a rank's name, "Yes") is translated too; other fields (a
player's name, a card, a number) are shown as they are."""

from __future__ import annotations

from typing import Any


class Phrase(str):
    """The English sentence, with the template and fields it was made from (and, for a
    counted sentence, its plural template and the count that chooses between them)."""

    template: str
    plural: str
    amount: int
    fields: dict[str, Any]
    capital: bool = False  # said with a capital first letter, in every language

    def __reduce__(self) -> tuple[Any, ...]:
        # Sent to and from the worker process whole, template and fields included.
        args = (self.template, self.plural, self.amount, self.fields, self.capital)
        return (_rebuilt, args)


def _made(
    template: str, plural: str, count: int, fields: dict[str, Any], capital: bool = False
) -> Phrase:
    english = template if plural == "" or count == 1 else plural
    english = english.format(**fields) if fields else english
    made = Phrase(f"{english[:1].upper()}{english[1:]}" if capital else english)
    made.template, made.plural, made.amount, made.fields = template, plural, count, fields
    made.capital = capital
    return made


def _rebuilt(
    template: str, plural: str, count: int, fields: dict[str, Any], capital: bool = False
) -> Phrase:
    return _made(template, plural, count, fields, capital)


def phrase_to_doc(said: Any) -> Any:
    """`said` for a JSON file: a `Phrase` as its template and fields (so that it reads in the
    player's language when it is loaded again), anything else as it is."""
    if not isinstance(said, Phrase):
        return said
    fields = {name: phrase_to_doc(value) for name, value in said.fields.items()}
    return {
        "template": said.template,
        "plural": said.plural,
        "amount": said.amount,
        "fields": fields,
        "capital": said.capital,
    }


def phrase_from_doc(doc: Any) -> Phrase | None:
    """The `Phrase` `phrase_to_doc` wrote, or None when `doc` is not one that reads back (a
    damaged or hand-made file: the caller keeps the English it saved beside it)."""
    try:
        fields = {
            str(name): phrase_from_doc(value) if isinstance(value, dict) else value
            for name, value in doc["fields"].items()
        }
        if None in fields.values() or not all(
            isinstance(value, (str, int, float)) for value in fields.values()
        ):
            return None
        return _made(
            str(doc["template"]),
            str(doc["plural"]),
            int(doc["amount"]),
            fields,
            bool(doc["capital"]),
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None


def refilled(said: Phrase, /, **fields: Any) -> Phrase:
    """`said` with some of its fields changed (a seat said as the player who reads it)."""
    return _made(said.template, said.plural, said.amount, said.fields | fields, said.capital)


def as_sentence(said: Phrase) -> Phrase:
    """`said` as a sentence of its own: a capital first letter and a full stop, in any language
    (a misconduct's words, "seat 1's key is no point", when play stops on it)."""
    return _made("{said}.", "", 0, {"said": said}, capital=True)


def N_(template: str) -> str:
    """`template` unchanged, marked for `tools/translations.py`: a sentence chosen here and made
    into a `Phrase` further on."""
    return template


def phrase(template: str, /, **fields: Any) -> Phrase:
    """`template` with its `{fields}` filled in: "You have no {card} in your hand."."""
    return _made(template, "", 0, fields)


def phrase_n(singular: str, plural: str, count: int, /, **fields: Any) -> Phrase:
    """The form of a counted sentence for `count` ("{count} card", "{count} cards"; the
    count is usually a field too)."""
    return _made(singular, plural, count, fields)
