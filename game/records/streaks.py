"""Winning streaks, kept with each game so the statistics never rescan a whole career.

A streak runs over a profile's won and lost games in the order they ended (abandoned and
disconnected games neither extend nor break it). Each won or lost game stores, for four scopes,
the current streak and the best streak up to and including itself: over all the profile's games
(`_all`), against the same opponent (`_opp`: the same computer level, any network peer, any
table of three, any table of four), under
the same rules preset (`_rules`), and both (`_opp_rules`). The statistics read the latest game of
the scope they show. `update_game` extends the previous game's values when a game is written;
`recompute` rebuilds every value in one pass (used by the migration that introduced them).
"""

from __future__ import annotations

import sqlite3
from typing import Any

from .kinds import GROUPED

SCOPES = ("all", "opp", "rules", "opp_rules")
COLUMNS = tuple(f"{kind}_{scope}" for scope in SCOPES for kind in ("streak", "best"))


def scope_where(scope: str, kind: str) -> str:
    """The extra condition selecting a scope's games, with :kind, :opponent, :preset named."""
    where = ""
    if scope in ("opp", "opp_rules"):
        where += " AND opponent_kind = :kind"
        # All network peers make one opponent (so do all tables of three, and of four); a
        # computer level is one opponent each.
        if kind not in GROUPED:
            where += " AND opponent = :opponent"
    if scope in ("rules", "opp_rules"):
        where += " AND rules_preset = :preset"
    return where


def scope_of(opponent: bool, rules: bool) -> str:
    """The scope whose streaks a statistics view filtered this way shows."""
    return {(False, False): "all", (True, False): "opp", (False, True): "rules"}.get(
        (opponent, rules), "opp_rules"
    )


def update_game(conn: sqlite3.Connection, game_id: int) -> None:
    """Store the streaks after game `game_id`, continuing from the games that ended before it."""
    row = conn.execute(
        "SELECT profile_id, opponent_kind, opponent, rules_preset, result FROM games WHERE id = ?",
        (game_id,),
    ).fetchone()
    profile_id, kind, opponent, preset, result = row
    if result not in ("won", "lost"):
        conn.execute(
            f"UPDATE games SET {', '.join(f'{c} = NULL' for c in COLUMNS)} WHERE id = ?",
            (game_id,),
        )
        return
    params: dict[str, Any] = {
        "profile": profile_id,
        "kind": kind,
        "opponent": opponent,
        "preset": preset,
        "game": game_id,
    }
    values: list[int] = []
    for scope in SCOPES:
        before = conn.execute(
            f"SELECT streak_{scope}, best_{scope} FROM games WHERE profile_id = :profile "
            f"AND result IN ('won', 'lost') AND id != :game{scope_where(scope, kind)} "
            "ORDER BY ended_at DESC, id DESC LIMIT 1",
            params,
        ).fetchone()
        streak, best = (before[0] or 0, before[1] or 0) if before is not None else (0, 0)
        streak = streak + 1 if result == "won" else 0
        values.extend((streak, max(best, streak)))
    conn.execute(
        f"UPDATE games SET {', '.join(f'{c} = ?' for c in COLUMNS)} WHERE id = ?",
        (*values, game_id),
    )


def recompute(conn: sqlite3.Connection) -> None:
    """Rebuild every game's streaks from the whole history, in one ordered pass."""
    running: dict[tuple[Any, ...], tuple[int, int]] = {}
    rows = conn.execute(
        "SELECT id, profile_id, opponent_kind, opponent, rules_preset, result FROM games "
        "WHERE result IN ('won', 'lost') ORDER BY ended_at, id"
    ).fetchall()
    for game_id, profile_id, kind, opponent, preset, result in rows:
        against = kind if kind in GROUPED else f"{kind}:{opponent}"
        keys = {
            "all": (profile_id,),
            "opp": (profile_id, against),
            "rules": (profile_id, preset),
            "opp_rules": (profile_id, against, preset),
        }
        values: list[int] = []
        for scope in SCOPES:
            key = (scope, *keys[scope])
            streak, best = running.get(key, (0, 0))
            streak = streak + 1 if result == "won" else 0
            best = max(best, streak)
            running[key] = (streak, best)
            values.extend((streak, best))
        conn.execute(
            f"UPDATE games SET {', '.join(f'{c} = ?' for c in COLUMNS)} WHERE id = ?",
            (*values, game_id),
        )
