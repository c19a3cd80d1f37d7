"""The hall of fame and the league table, over every profile on this computer (UG 4.5.5, 4.5.6).

The hall of fame looks only at won and lost games of two that were not restarted, replicated or
played with practice tools (a partnership's score, or a score against two, is not a record of the
same game). Each record names who set it, when (the game's end), against whom, in which
game (and hand, for per-hand records); on a tie the first to set it keeps it. The league table of
games of two has one row per profile and one per computer level (from the computer's side of its
games): played (won and lost games), won, lost, points for and against, and the average (points
for per game played). Rows are ranked by win ratio, then average; equal rows share a rank, and
rows with no games come last, unranked. Games of three and of four have league tables of their
own (`league_table(records, players)`): a row per profile that played such games, ranked alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.settings import SKILL_LEVELS

from .kinds import COMPUTER, NETWORK, TABLE_KINDS
from .store import Records

_ELIGIBLE = (
    "g.result IN ('won', 'lost') AND g.restarted = 0 AND g.replicated = 0 AND g.practice = 0 "
    f"AND g.opponent_kind IN ('{COMPUTER}', '{NETWORK}')"
)


@dataclass(frozen=True)
class FameEntry:
    value: int
    profile: str
    ended_at: str
    opponent_kind: str
    opponent: str
    game_id: int
    hand_no: int | None = None


# Record key -> (value expression, order, extra condition). Ties go to the earliest game.
FAME_RECORDS: dict[str, tuple[str, str, str]] = {
    "highest_score_for": ("g.score_for", "DESC", ""),
    "lowest_score_for": ("g.score_for", "ASC", ""),
    "highest_score_against": ("g.score_against", "DESC", ""),
    "lowest_score_against": ("g.score_against", "ASC", ""),
    "best_hand": ("g.best_hand", "DESC", " AND g.best_hand IS NOT NULL"),
    "narrowest_win": ("g.score_for - g.score_against", "ASC", " AND g.result = 'won'"),
    "widest_win": ("g.score_for - g.score_against", "DESC", " AND g.result = 'won'"),
    "fastest_win": ("g.hands", "ASC", " AND g.result = 'won' AND g.hands > 0"),
    "most_canastas_in_hand": ("g.most_canastas_hand", "DESC", " AND g.most_canastas_hand > 0"),
}

# Per-hand records: the hand of the winning game that set it (the first such hand).
_HAND_OF = {
    "best_hand": "total",
    "most_canastas_in_hand": "canastas",
}


def _hand_no(records: Records, game_id: int, column: str, value: int) -> int | None:
    row = records.conn.execute(
        f"SELECT MIN(s.hand_no) FROM hand_scores s JOIN games g ON g.id = s.game_id "
        f"WHERE s.game_id = ? AND s.seat = g.seat AND s.{column} = ?",
        (game_id, value),
    ).fetchone()
    return None if row is None or row[0] is None else int(row[0])


def hall_of_fame(records: Records) -> dict[str, FameEntry | None]:
    """Every record of FAME_RECORDS, or None where no eligible game sets it yet."""
    out: dict[str, FameEntry | None] = {}
    for key, (value, order, condition) in FAME_RECORDS.items():
        row = records.conn.execute(
            f"SELECT {value}, p.name, g.ended_at, g.opponent_kind, g.opponent, g.id "
            "FROM games g JOIN profiles p ON p.id = g.profile_id "
            f"WHERE {_ELIGIBLE}{condition} ORDER BY 1 {order}, g.ended_at, g.id LIMIT 1"
        ).fetchone()
        if row is None:
            out[key] = None
            continue
        hand = _hand_no(records, row[5], _HAND_OF[key], row[0]) if key in _HAND_OF else None
        value_, name, ended_at, opponent_kind, opponent, game_id = row
        out[key] = FameEntry(value_, name, ended_at, opponent_kind, opponent, game_id, hand)
    return out


@dataclass(frozen=True)
class LeagueRow:
    kind: str  # "player" or "computer"
    name: str  # the profile's name, or the computer level's key
    played: int
    won: int
    lost: int
    points_for: int
    points_against: int
    rank: int | None = None

    @property
    def average(self) -> float | None:
        return self.points_for / self.played if self.played else None

    @property
    def win_ratio(self) -> float | None:
        return self.won / self.played if self.played else None


_TALLY = (
    "COUNT(g.id), COALESCE(SUM(g.result = 'won'), 0), COALESCE(SUM(g.result = 'lost'), 0), "
    "COALESCE(SUM(g.score_for), 0), COALESCE(SUM(g.score_against), 0)"
)


def _rank(rows: list[LeagueRow]) -> list[LeagueRow]:
    def key(row: LeagueRow) -> tuple[Any, ...]:
        return (-(row.win_ratio or 0.0), -(row.average or 0.0))

    ranked = sorted((r for r in rows if r.played), key=lambda r: (*key(r), r.name.lower()))
    out: list[LeagueRow] = []
    for position, row in enumerate(ranked, start=1):
        shared = out and key(out[-1]) == key(row)
        rank = out[-1].rank if shared else position
        out.append(LeagueRow(**{**row.__dict__, "rank": rank}))
    # Idle rows keep their given order: players by name, then the levels from weakest up.
    return out + [r for r in rows if not r.played]


def league_table(records: Records, players: int = 2) -> list[LeagueRow]:
    """The league of games of `players`: of two, every profile and computer level; of three or
    four, the profiles that played such games."""
    conn = records.conn
    finished = "g.result IN ('won', 'lost')"
    if players in TABLE_KINDS:
        return _rank(
            [
                LeagueRow("player", name, *tally)
                for name, *tally in conn.execute(
                    f"SELECT p.name, {_TALLY} FROM profiles p JOIN games g ON g.profile_id = p.id "
                    f"AND {finished} AND g.opponent_kind = ? "
                    "GROUP BY p.id ORDER BY p.name COLLATE NOCASE",
                    (TABLE_KINDS[players],),
                )
            ]
        )
    rows = [
        LeagueRow("player", name, *tally)
        for name, *tally in conn.execute(
            f"SELECT p.name, {_TALLY} FROM profiles p "
            f"LEFT JOIN games g ON g.profile_id = p.id AND {finished} "
            f"AND g.opponent_kind IN ('{COMPUTER}', '{NETWORK}') "
            "GROUP BY p.id ORDER BY p.name COLLATE NOCASE"
        )
    ]
    levels = {
        level: (played, lost, won, against, points_for)
        for level, played, won, lost, points_for, against in conn.execute(
            f"SELECT g.opponent, {_TALLY} FROM games g "
            f"WHERE g.opponent_kind = ? AND {finished} GROUP BY g.opponent",
            (COMPUTER,),
        )
    }
    for level in [*SKILL_LEVELS, *sorted(set(levels) - set(SKILL_LEVELS))]:
        rows.append(LeagueRow("computer", level, *levels.get(level, (0, 0, 0, 0, 0))))
    return _rank(rows)
