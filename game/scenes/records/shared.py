"""What the records screens share: the words for an opponent, a result, a date, the filters' choices
and where exports go.

The word helpers keep every screen saying "Computer, Expert", "Four: Expert, Expert", "Won"
and "12 Mar 2026 18:04" the same way, in the player's language; the filter choices and the
export folder are shared too. No screen is imported here, so every screen can use it.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from game import language
from game.language import N_, _
from game.match import SKILL_TITLES
from game.records import GameRow
from game.settings import SKILL_LEVELS, data_dir
from game.ui import theme as th

OPPONENT_CHOICES: tuple[str | None, ...] = (None, *SKILL_LEVELS, "network", "three", "four")
# The records' kinds of table, as the screens name them.
TABLE_WORDS = {"three": N_("Three players"), "four": N_("Four players")}
RULES_CHOICES: tuple[str | None, ...] = (None, "classic", "modern_american")
RESULT_WORDS = {
    "won": N_("Won"),
    "lost": N_("Lost"),
    "abandoned": N_("Abandoned"),
    "disconnected": N_("Cut off"),
    "misconduct": N_("Foul play"),  # stopped because a side cheated
}
_RESULT_PALETTE_NAMES = {"won": "WIN", "lost": "LOSS"}


def result_colour(result: str) -> th.Colour:
    """A game result's colour in the palette in force (read at call time, so high contrast holds)."""
    return getattr(th, _RESULT_PALETTE_NAMES.get(result, "CREAM_DIM"))  # type: ignore[no-any-return]


RULES_WORDS = {"classic": N_("Classic"), "modern_american": N_("Modern American")}


def result_words(result: str) -> str:
    return _(RESULT_WORDS[result]) if result in RESULT_WORDS else result


def rules_words(preset: str) -> str:
    return _(RULES_WORDS[preset]) if preset in RULES_WORDS else preset


def _title(level: str) -> str:
    return _(SKILL_TITLES[level]) if level in SKILL_TITLES else level.title()


def opponent_words(kind: str, name: str, online: bool = False) -> str:
    """A computer level's title, the network player's name, or the other players of a table
    of three or four ("Four: Beginner, Expert": the opponents, from the player's left)."""
    if kind == "computer":
        return _("Computer, {level}").format(level=_title(name))
    if kind in TABLE_WORDS:
        levels = ", ".join(_title(level) for level in name.split(", "))
        if kind == "three":
            words = _("Three: {levels}").format(levels=levels)
        else:
            words = _("Four: {levels}").format(levels=levels)
        return _("{table} (network)").format(table=words) if online else words
    return _("{name} (network)").format(name=name)


def against_words(row: GameRow) -> str:
    """Whom a game was played against, in a sentence: "against Computer, Expert", or for a
    table "a game of four with Intermediate against Expert and Advanced"."""
    if row.opponent_kind not in TABLE_WORDS:
        return _("against {opponent}").format(
            opponent=opponent_words(row.opponent_kind, row.opponent)
        )
    first, second = (_title(level) for level in row.opponent.split(", "))
    if row.partner:
        words = _("a game of four with {partner} against {first} and {second}").format(
            partner=_title(row.partner), first=first, second=second
        )
    else:
        words = _("a game of three against {first} and {second}").format(first=first, second=second)
    return _("{table} (network)").format(table=words) if row.online else words


def level_words(key: str) -> str:
    if key == "network":
        return _("Network")
    if key == "overall":
        return _("Overall")
    if key in TABLE_WORDS:
        return _(TABLE_WORDS[key])
    return _title(key)


def opponent_filter_name(index: int) -> str:
    """The opponent filter's button, named in English."""
    key = OPPONENT_CHOICES[index]
    if key is None:
        return "Opponent: all"
    return TABLE_WORDS.get(key, f"vs {key}")


def opponent_filter_text(index: int) -> str:
    """What the opponent filter's button shows."""
    key = OPPONENT_CHOICES[index]
    if key is None:
        return _("Opponent: all")
    if key in TABLE_WORDS:
        return _(TABLE_WORDS[key])
    return _("vs {opponent}").format(opponent=level_words(key))


def rules_filter_name(index: int) -> str:
    key = RULES_CHOICES[index]
    return "Rules: all" if key is None else RULES_WORDS.get(key, key)


def rules_filter_text(index: int) -> str:
    key = RULES_CHOICES[index]
    return _("Rules: all") if key is None else rules_words(key)


def when_words(stamp: str) -> str:
    """`2026-03-12T18:04:00Z` (stored in UTC) as `12 Mar 2026 19:04` in this computer's time,
    written as the language in use writes a date."""
    try:
        moment = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except (TypeError, ValueError):
        return stamp or ""
    return language.moment(moment.astimezone())


def marks_words(row: GameRow) -> str:
    """Why a game stays out of the high scores, or its numbered deal."""
    words = []
    if row.deal_sequence is not None:
        words.append(_("deal {number}").format(number=f"{row.deal_sequence}.{row.deal_game}"))
    if row.replicated:
        words.append(_("replica"))
    if row.restarted:
        words.append(_("restarted"))
    if row.practice:
        practice = _("practice ({assists})").format(assists=row.assists)
        words.append(practice if row.assists else _("practice"))
    return ", ".join(words)


def export_folder() -> Path:
    """Where exported files go: a Canasta folder in the player's documents, else in the data
    folder (a system without a documents folder, or a data folder chosen by `CANASTA_DATA_DIR`,
    as tests and portable installs do)."""
    if os.environ.get("CANASTA_DATA_DIR"):
        return data_dir() / "exports"
    documents = Path(platformdirs.user_documents_dir())
    if documents.is_dir():
        return documents / "Canasta"
    return data_dir() / "exports"
