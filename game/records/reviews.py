"""A game's review ("How did I play?") kept with its record, so that it is worked out once.

The review is the JSON object `game.logic.review` makes (accuracy, moments, habits), from the
seat of the player who kept the game; `save_review` replaces an earlier one of the same game and
`review_of` reads it back (None when the game has not been reviewed yet).
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from game.logic.phrase import phrase

from .store import Records


def save_review(records: Records, game_id: int, review: dict[str, Any]) -> str | None:
    """Keep `review` with game `game_id`; None, or a sentence saying why it could not be kept."""
    try:
        with records.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO reviews (game_id, document) VALUES (?, ?)",
                (game_id, json.dumps(review)),
            )
    except sqlite3.Error as exc:
        return phrase("The review could not be kept with the game ({error}).", error=exc)
    return None


def review_of(records: Records, game_id: int) -> dict[str, Any] | None:
    """The review kept with game `game_id`, or None."""
    row = records.conn.execute(
        "SELECT document FROM reviews WHERE game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    try:
        document = json.loads(row[0])
    except ValueError:
        return None  # an unreadable review is worked out again
    return document if isinstance(document, dict) else None
