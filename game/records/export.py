"""Taking records out of the game: one game's replay file, and the history as a CSV table.

The replay file is the stored replay document written as it is (``canasta-replay/1``, readable by
`python -m game.logic.replay`). The CSV has one row per finished game of a profile, newest first,
with the columns of `CSV_COLUMNS`; the `csv` module does the quoting, so any player or peer name
survives a spreadsheet round trip.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import TextIO

from game.storage import atomic_write_json

from .queries import GameFilter, history_page, replay_of
from .store import Records

CSV_COLUMNS = (
    "game",
    "player",
    "started",
    "ended",
    "opponent_kind",
    "opponent",
    "rules_preset",
    "rules_digest",
    "result",
    "score_for",
    "score_against",
    "margin",
    "hands",
    "deal",
    "seed",
    "deal_sequence",
    "deal_game",
    "restarted",
    "replicated",
    "replicated_from",
    "practice",
    "players",
    "partner",
    "side_totals",
)
_EXPORT_PAGE = 500


def export_replay(records: Records, game_id: int, path: str | os.PathLike[str]) -> Path:
    """Write game `game_id`'s replay document to `path` (atomically); KeyError if none."""
    target = Path(path)
    atomic_write_json(target, replay_of(records, game_id))
    return target


def write_history_csv(
    records: Records,
    out: TextIO,
    game_filter: GameFilter | None = None,
    profile_id: int | None = None,
) -> int:
    """Write the history as CSV to `out` (opened with newline=""); returns the games written."""
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    written = page = 0
    while True:
        rows = history_page(records, page, _EXPORT_PAGE, game_filter, profile_id).rows
        for g in rows:
            writer.writerow(
                (
                    g.id,
                    g.profile,
                    g.started_at,
                    g.ended_at,
                    g.opponent_kind,
                    g.opponent,
                    g.rules_preset,
                    g.rules_digest,
                    g.result,
                    g.score_for,
                    g.score_against,
                    g.margin,
                    g.hands,
                    g.deal_kind,
                    "" if g.seed is None else g.seed,
                    "" if g.deal_sequence is None else g.deal_sequence,
                    "" if g.deal_game is None else g.deal_game,
                    int(g.restarted),
                    int(g.replicated),
                    "" if g.replicated_from is None else g.replicated_from,
                    int(g.practice),
                    g.players,
                    g.partner or "",
                    " ".join(str(total) for total in g.side_totals),
                )
            )
        written += len(rows)
        if len(rows) < _EXPORT_PAGE:
            return written
        page += 1


def export_history_csv(
    records: Records,
    path: str | os.PathLike[str],
    game_filter: GameFilter | None = None,
    profile_id: int | None = None,
) -> int:
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "w", encoding="utf-8", newline="") as handle:
        return write_history_csv(records, handle, game_filter, profile_id)
