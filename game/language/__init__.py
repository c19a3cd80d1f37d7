"""The words the game shows, in the player's language: every text a player reads is written in
English in the source, marked with `_` (or `n_` where it depends on a count), and looked up here
in the catalog of the language in use. The lookup is pure (a dictionary): the rules engine and
the help use it as the screens do. `game.language.files` reads a language's catalog from its
`.po` file and installs it; until then, and for any text a catalog lacks, the English is shown.

A text with figures or names in it is marked whole, with named fields filled in after the
lookup, so that a translation can put them where its language wants them:
`_("{name} took the pile").format(name=name)`. The rules engine and the match, which do not
import this layer, compose their sentences as `game.logic.phrase.Phrase`s (the English, with its
template and fields kept); `_` says any of them in the language in use."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

ENGLISH = "en"


def _english_plural(count: int) -> int:
    return 0 if count == 1 else 1


def _english_number(value: int) -> str:
    return f"{value:,}"


def _english_decimal(value: float, digits: int) -> str:
    return f"{value:,.{digits}f}"


def _english_moment(when: datetime) -> str:
    return when.strftime("%d %b %Y %H:%M")


@dataclass(frozen=True)
class Catalog:
    """One language's texts: English text → translation; a counted text's forms under
    (singular, plural) in its language's order, chosen by `plural`; its numbers as
    `number` writes them ("1,355", "1.355"), with decimals as `decimal` does ("0.25",
    "0,25"); a date and time as `moment` does ("25 Nov 2026 23:05", "25. Nov. 2026 23:05")."""

    code: str = ENGLISH
    name: str = "English"
    texts: dict[str, str] = field(default_factory=dict)
    counted: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    plural: Callable[[int], int] = _english_plural
    number: Callable[[int], str] = _english_number
    decimal: Callable[[float, int], str] = _english_decimal
    moment: Callable[[datetime], str] = _english_moment


_catalog = Catalog()


def install(catalog: Catalog) -> None:
    """Use `catalog` from now on (the screens lay themselves out again to show it)."""
    global _catalog
    _catalog = catalog


def current() -> Catalog:
    return _catalog


def _(text: str) -> str:
    """`text` in the language in use (a `Phrase`: its template, with its fields filled in, a
    field that is a `Phrase` said too and a figure written as the language writes it)."""
    template = getattr(text, "template", None)
    if template is None:
        return _catalog.texts.get(text) or text
    plural: str = getattr(text, "plural", "")
    words = n_(template, plural, text.amount) if plural else _(template)  # type: ignore[attr-defined]
    fields: dict[str, object] = text.fields  # type: ignore[attr-defined]
    said = words.format(**{key: _field(value) for key, value in fields.items()})
    return f"{said[:1].upper()}{said[1:]}" if getattr(text, "capital", False) else said


class _Figure(int):
    """A figure in a sentence, written as the language writes it ("{points}", "{points:+}")."""

    def __format__(self, spec: str) -> str:
        if spec in ("", "d"):
            return number(int(self))
        if spec in ("+", "+d"):
            return ("+" if self >= 0 else "") + number(int(self))
        return int.__format__(int(self), spec)


def _field(value: object) -> object:
    if isinstance(value, str):
        return _(value) if hasattr(value, "template") else value
    if isinstance(value, int) and not isinstance(value, bool):
        return _Figure(value)
    return value


def N_(text: str) -> str:
    """`text` unchanged, marked to be translated where it is shown (a label kept in a table,
    looked up with `_` when it is drawn)."""
    return text


def n_(singular: str, plural: str, count: int) -> str:
    """The form of a counted text for `count` in the language in use ("1 card", "3 cards")."""
    forms = _catalog.counted.get((singular, plural))
    if forms:
        return forms[min(_catalog.plural(count), len(forms) - 1)]
    return singular if count == 1 else plural


def number(value: int) -> str:
    """`value` with its digits grouped as the language in use writes them."""
    return _catalog.number(value)


def decimal(value: float, digits: int) -> str:
    """`value` with `digits` decimals, as the language in use writes it."""
    return _catalog.decimal(value, digits)


def moment(when: datetime) -> str:
    """A date and time as the language in use writes them."""
    return _catalog.moment(when)
