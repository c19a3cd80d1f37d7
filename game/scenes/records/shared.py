"""What the records screens share: the words for an opponent, a result, a date, the filters' choices
and where exports go.

The word helpers keep every screen saying "Computer, Expert", "Four: Expert, Expert", "Won"
and "12 Mar 2026 18:04" the same way; the filter choices and the export folder are shared too. No screen is imported here,
so every screen can use it.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from game import language
from game.match import SKILL_TITLES
from game.records import GameRow
from game.settings import SKILL_LEVELS, data_dir
from game.ui import theme as th

OPPONENT_CHOICES: tuple[str | None, ...] = (None, *SKILL_LEVELS, "network", "three", "four")
# The records' kinds of table, as the screens name them.
TABLE_WORDS = {"three": "Three players", "four": "Four players"}
RULES_CHOICES: tuple[str | None, ...] = (None, "classic", "modern_american")
RESULT_WORDS = {
    "won": "Won",
    "lost": "Lost",
    "abandoned": "Abandoned",
    "disconnected": "Cut off",
    "misconduct": "Foul play",  # stopped because a side cheated
}
_RESULT_PALETTE_NAMES = {"won": "WIN", "lost": "LOSS"}


def result_colour(result: str) -> th.Colour:
    """A game result's colour in the palette in force (read at call time, so high contrast holds)."""
    return getattr(th, _RESULT_PALETTE_NAMES.get(result, "CREAM_DIM"))  # type: ignore[no-any-return]


RULES_WORDS = {"classic": "Classic", "modern_american": "Modern American"}


def _title(level: str) -> str:
    return SKILL_TITLES.get(level, level.title())


def opponent_words(kind: str, name: str) -> str:
    """A computer level's title, the network player's name, or the other players of a table
    of three or four ("Four: Beginner, Expert": the opponents, from the player's left)."""
    if kind == "computer":
        return f"Computer, {_title(name)}"
    if kind in TABLE_WORDS:
        players = "Three" if kind == "three" else "Four"
        return f"{players}: {', '.join(_title(level) for level in name.split(', '))}"
    return f"{name} (network)"


def against_words(row: GameRow) -> str:
    """Whom a game was played against, in a sentence: "against Computer, Expert", or for a
    table "a game of four with Intermediate against Expert and Advanced"."""
    if row.opponent_kind not in TABLE_WORDS:
        return f"against {opponent_words(row.opponent_kind, row.opponent)}"
    first, second = (_title(level) for level in row.opponent.split(", "))
    if row.partner:
        return f"a game of four with {_title(row.partner)} against {first} and {second}"
    return f"a game of three against {first} and {second}"


def level_words(key: str) -> str:
    if key == "network":
        return "Network"
    if key == "overall":
        return "Overall"
    if key in TABLE_WORDS:
        return TABLE_WORDS[key]
    return _title(key)


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
        words.append(f"deal {row.deal_sequence}.{row.deal_game}")
    if row.replicated:
        words.append("replica")
    if row.restarted:
        words.append("restarted")
    if row.practice:
        words.append(f"practice ({row.assists})" if row.assists else "practice")
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
