"""The records database's tables and the migrations that bring any older file up to date.

The schema version lives in SQLite's own `PRAGMA user_version`. `MIGRATIONS[n]` turns a version-n
database into version n+1, inside one transaction with the version bump, so a file is always at
exactly one version. An empty file is version 0 and runs every step. Version 1 was the first
published layout (profiles, games with their final scores, per-seat hand scores); version 2 added
the deal source, the flags that keep restarted, replicated and practice games out of the high
scores, per-hand turns, pile takes and canastas, per-game aggregates and stored winning streaks
for fast statistics, the replay documents and the indexes the history and statistics screens
need. Version 3 names the help a practice game had (`assists`: AutoPlay, an earlier turn).
Version 4 records games of three and four: how many played (`players`), the partner, and every
side's final total (`side_totals`); `hand_scores.seat` is then the side. Version 5
keeps each game's review ("How did I play?", `reviews`). Version 6 marks a game played over the
network (`online`): every game against a network player, and a table of three or four hosted or
joined over the network. docs/records.md
describes every column.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

from game.logic.rules import Rules, RulesError

from .streaks import recompute

SCHEMA_VERSION = 6

# Version 1, kept verbatim: it is history, and the migration test builds old files from it.
V1_TABLES = (
    """CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL,
        preferences TEXT NOT NULL DEFAULT '{}'
    )""",
    "CREATE UNIQUE INDEX profiles_name ON profiles (name COLLATE NOCASE)",
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
        started_at TEXT NOT NULL,
        ended_at TEXT,
        rules_preset TEXT NOT NULL,
        rules_digest TEXT NOT NULL,
        rules TEXT NOT NULL,
        opponent_kind TEXT NOT NULL,
        opponent TEXT NOT NULL,
        seat INTEGER NOT NULL,
        first_dealer INTEGER NOT NULL,
        seed INTEGER,
        score_for INTEGER NOT NULL DEFAULT 0,
        score_against INTEGER NOT NULL DEFAULT 0,
        result TEXT
    )""",
    """CREATE TABLE hand_scores (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        hand_no INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        went_out INTEGER NOT NULL,
        melded INTEGER NOT NULL,
        canasta_bonus INTEGER NOT NULL,
        going_out INTEGER NOT NULL,
        threes INTEGER NOT NULL,
        in_hand INTEGER NOT NULL,
        penalties INTEGER NOT NULL,
        total INTEGER NOT NULL,
        PRIMARY KEY (game_id, hand_no, seat)
    )""",
)

_V2_GAME_COLUMNS = (
    "target_score INTEGER NOT NULL DEFAULT 5000",
    "deal_kind TEXT NOT NULL DEFAULT 'seed'",
    "deal_sequence INTEGER",
    "deal_game INTEGER",
    "hands INTEGER NOT NULL DEFAULT 0",
    "went_out_hands INTEGER NOT NULL DEFAULT 0",
    "canastas INTEGER NOT NULL DEFAULT 0",
    "best_hand INTEGER",
    "most_canastas_hand INTEGER NOT NULL DEFAULT 0",
    *(
        f"{kind}_{scope} INTEGER"
        for scope in ("all", "opp", "rules", "opp_rules")
        for kind in ("streak", "best")
    ),
    "restarted INTEGER NOT NULL DEFAULT 0",
    "replicated INTEGER NOT NULL DEFAULT 0",
    "replicated_from INTEGER",
    "practice INTEGER NOT NULL DEFAULT 0",
)

_V2_STATEMENTS = (
    *(f"ALTER TABLE games ADD COLUMN {column}" for column in _V2_GAME_COLUMNS),
    """CREATE TABLE hands (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        hand_no INTEGER NOT NULL,
        went_out INTEGER,
        concealed INTEGER NOT NULL DEFAULT 0,
        reason TEXT NOT NULL DEFAULT '',
        turns INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, hand_no)
    ) WITHOUT ROWID""",
    # Version 1 stored who went out on every seat's row (-1 for nobody); it belongs to the hand.
    """INSERT INTO hands (game_id, hand_no, went_out)
        SELECT game_id, hand_no, NULLIF(MAX(went_out), -1) FROM hand_scores
        GROUP BY game_id, hand_no""",
    """CREATE TABLE hand_scores_v2 (
        game_id INTEGER NOT NULL,
        hand_no INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        melded INTEGER NOT NULL,
        canasta_bonus INTEGER NOT NULL,
        going_out INTEGER NOT NULL,
        threes INTEGER NOT NULL,
        in_hand INTEGER NOT NULL,
        penalties INTEGER NOT NULL,
        total INTEGER NOT NULL,
        canastas INTEGER NOT NULL DEFAULT 0,
        pile_takes INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, hand_no, seat),
        FOREIGN KEY (game_id, hand_no) REFERENCES hands (game_id, hand_no) ON DELETE CASCADE
    ) WITHOUT ROWID""",
    """INSERT INTO hand_scores_v2 (game_id, hand_no, seat, melded, canasta_bonus, going_out,
            threes, in_hand, penalties, total)
        SELECT game_id, hand_no, seat, melded, canasta_bonus, going_out, threes, in_hand,
            penalties, total FROM hand_scores""",
    "DROP TABLE hand_scores",
    "ALTER TABLE hand_scores_v2 RENAME TO hand_scores",
    """CREATE TABLE replays (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        document BLOB NOT NULL
    )""",
    # Per-game aggregates of the profile's own seat: statistics read one row per game.
    """UPDATE games SET
        hands = (SELECT COUNT(*) FROM hands h WHERE h.game_id = games.id),
        went_out_hands = (SELECT COUNT(*) FROM hands h
            WHERE h.game_id = games.id AND h.went_out = games.seat),
        best_hand = (SELECT MAX(s.total) FROM hand_scores s
            WHERE s.game_id = games.id AND s.seat = games.seat)""",
    # The history screen: one profile's games, newest first, optionally of one opponent/rules.
    "CREATE INDEX games_history ON games (profile_id, started_at DESC, id DESC)",
    "CREATE INDEX games_opponent ON games (profile_id, opponent_kind, opponent, started_at DESC)",
    "CREATE INDEX games_rules ON games (profile_id, rules_preset, started_at DESC)",
    "CREATE INDEX games_numbered ON games (profile_id, deal_sequence, deal_game)",
    # Statistics add up their sums from this index alone, grouped by opponent in index order.
    """CREATE INDEX games_totals ON games (profile_id, opponent_kind, opponent, result,
        rules_preset, score_for, score_against, hands, went_out_hands, canastas, restarted,
        replicated, practice)""",
    # The latest won or lost game of a streak scope (see streaks.py).
    "CREATE INDEX games_streaks ON games (profile_id, ended_at, id, result, rules_preset)",
    """CREATE INDEX games_opponent_streaks ON games (profile_id, opponent_kind, opponent,
        ended_at, id, result, rules_preset)""",
)


def _v2_target_scores(conn: sqlite3.Connection) -> None:
    """Version 1 kept no target score; it follows from each game's stored rules."""
    rows = conn.execute("SELECT id, rules FROM games").fetchall()
    for game_id, rules_text in rows:
        try:
            target = Rules.from_dict(json.loads(rules_text)).target_score
        except (ValueError, RulesError, TypeError):
            continue
        conn.execute("UPDATE games SET target_score = ? WHERE id = ?", (target, game_id))


def _to_v1(conn: sqlite3.Connection) -> None:
    for statement in V1_TABLES:
        conn.execute(statement)


def _to_v2(conn: sqlite3.Connection) -> None:
    for statement in _V2_STATEMENTS:
        conn.execute(statement)
    _v2_target_scores(conn)
    recompute(conn)


def _to_v3(conn: sqlite3.Connection) -> None:
    # The help that made a game practice, in words ("AutoPlay, earlier turn"); empty for games
    # played without it and for older practice games (Doctor hand, Swap cards).
    conn.execute("ALTER TABLE games ADD COLUMN assists TEXT NOT NULL DEFAULT ''")


def _to_v4(conn: sqlite3.Connection) -> None:
    # Games of three and four: every game so far was played by two, so its side totals are
    # its two scores in seat order.
    for column in (
        "players INTEGER NOT NULL DEFAULT 2",
        "partner TEXT",
        "side_totals TEXT NOT NULL DEFAULT ''",
    ):
        conn.execute(f"ALTER TABLE games ADD COLUMN {column}")
    conn.execute(
        "UPDATE games SET side_totals = CASE seat WHEN 0 THEN score_for || ',' || score_against "
        "ELSE score_against || ',' || score_for END"
    )


def _to_v5(conn: sqlite3.Connection) -> None:
    # A game's review from the seat of the player who kept it (game.logic.review), as JSON.
    conn.execute(
        """CREATE TABLE reviews (
            game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            document TEXT NOT NULL
        )"""
    )


def _to_v6(conn: sqlite3.Connection) -> None:
    # Tables of three or four are played over the network too: the kind no longer tells.
    conn.execute("ALTER TABLE games ADD COLUMN online INTEGER NOT NULL DEFAULT 0")
    conn.execute("UPDATE games SET online = 1 WHERE opponent_kind = 'network'")


# MIGRATIONS[n] upgrades a version-n file to version n+1.
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _to_v1,
    _to_v2,
    _to_v3,
    _to_v4,
    _to_v5,
    _to_v6,
)


def user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = SCHEMA_VERSION) -> int:
    """Bring `conn` (in autocommit mode) up to `target`, one transaction per step.

    Returns the version the file had before. A step that fails rolls back whole, leaving the file
    at the previous version.
    """
    start = user_version(conn)
    for version in range(start, target):
        conn.execute("BEGIN IMMEDIATE")
        try:
            MIGRATIONS[version](conn)
            conn.execute(f"PRAGMA user_version = {version + 1}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
    return start
