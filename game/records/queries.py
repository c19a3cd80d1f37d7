"""Reading the history: pages of past games, one game's hands, and the data behind the charts.

Every query is for one profile (the current one unless told) and sees only finished games, those
with a result; a game still being played, or cut short by a crash, is not history yet. Pages are
newest first and can be narrowed to one opponent (a computer level's key, or ``network``,
``three`` or ``four`` for all network games, games of three, games of four) and to one rules
preset. Scores are always from the profile's side: `score_for` is theirs (their partnership's at
four), `score_against` the best other side's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .hands import HandRecord
from .kinds import COMPUTER, GROUPED
from .profiles import current_profile
from .recorder import unpack_replay
from .store import Records

PAGE_SIZE = 20
CHART_POINTS = 200
_FINISHED = "g.result IS NOT NULL"


@dataclass(frozen=True)
class GameFilter:
    """Which games to show: an opponent (a level key, or a kind of `GROUPED`) and a rules
    preset, or all."""

    opponent: str | None = None
    rules_preset: str | None = None

    def where(self) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []
        if self.opponent in GROUPED:
            clauses.append("g.opponent_kind = ?")
            params.append(self.opponent)
        elif self.opponent is not None:
            clauses.append("g.opponent_kind = ? AND g.opponent = ?")
            params.extend((COMPUTER, self.opponent))
        if self.rules_preset is not None:
            clauses.append("g.rules_preset = ?")
            params.append(self.rules_preset)
        return "".join(f" AND {c}" for c in clauses), params


@dataclass(frozen=True)
class GameRow:
    """One line of the history."""

    id: int
    profile: str
    started_at: str
    ended_at: str
    opponent_kind: str
    opponent: str
    rules_preset: str
    rules_digest: str
    target_score: int
    seat: int
    first_dealer: int
    deal_kind: str
    seed: int | None
    deal_sequence: int | None
    deal_game: int | None
    score_for: int
    score_against: int
    hands: int
    result: str
    restarted: bool
    replicated: bool
    replicated_from: int | None
    practice: bool
    assists: str = ""  # the help that made it practice, in words ("AutoPlay, earlier turn")
    players: int = 2
    partner: str | None = None  # the partner's level key (or name), with four players
    side_totals: tuple[int, ...] = ()  # every side's final total, by side
    online: bool = False  # played over the network

    @property
    def margin(self) -> int:
        return self.score_for - self.score_against

    @property
    def side(self) -> int:
        """The profile's side: its seat, or seat % 2 with four players."""
        return self.seat % 2 if self.players == 4 else self.seat

    @property
    def counts_for_high_scores(self) -> bool:
        return not (self.restarted or self.replicated or self.practice)


GAME_COLUMNS = (
    "g.id, p.name, g.started_at, g.ended_at, g.opponent_kind, g.opponent, g.rules_preset, "
    "g.rules_digest, g.target_score, g.seat, g.first_dealer, g.deal_kind, g.seed, "
    "g.deal_sequence, g.deal_game, g.score_for, g.score_against, g.hands, g.result, "
    "g.restarted, g.replicated, g.replicated_from, g.practice, g.assists, g.players, g.partner, "
    "g.side_totals, g.online"
)


def game_row(row: tuple[Any, ...]) -> GameRow:
    values = list(row)
    for index in (19, 20, 22):
        values[index] = bool(values[index])
    values[-2] = tuple(int(total) for total in values[-2].split(",") if total)
    values[-1] = bool(values[-1])
    return GameRow(*values)


@dataclass(frozen=True)
class HistoryPage:
    rows: list[GameRow]
    page: int
    page_size: int
    total: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // self.page_size))


def profile_or_current(records: Records, profile_id: int | None) -> int:
    return profile_id if profile_id is not None else current_profile(records).id


def history_page(
    records: Records,
    page: int = 0,
    page_size: int = PAGE_SIZE,
    game_filter: GameFilter | None = None,
    profile_id: int | None = None,
) -> HistoryPage:
    """Page `page` (from 0) of the profile's finished games, newest first."""
    where, params = (game_filter or GameFilter()).where()
    player = profile_or_current(records, profile_id)
    conn = records.conn
    total = conn.execute(
        f"SELECT COUNT(*) FROM games g WHERE g.profile_id = ? AND {_FINISHED}{where}",
        [player, *params],
    ).fetchone()[0]
    rows = conn.execute(
        f"SELECT {GAME_COLUMNS} FROM games g JOIN profiles p ON p.id = g.profile_id "
        f"WHERE g.profile_id = ? AND {_FINISHED}{where} "
        "ORDER BY g.started_at DESC, g.id DESC LIMIT ? OFFSET ?",
        [player, *params, page_size, page * page_size],
    ).fetchall()
    return HistoryPage([game_row(r) for r in rows], page, page_size, int(total))


def get_game(records: Records, game_id: int) -> GameRow:
    row = records.conn.execute(
        f"SELECT {GAME_COLUMNS} FROM games g JOIN profiles p ON p.id = g.profile_id WHERE g.id = ?",
        (game_id,),
    ).fetchone()
    if row is None:
        raise KeyError(f"there is no recorded game {game_id}")
    return game_row(row)


def game_hands(records: Records, game_id: int) -> list[HandRecord]:
    """The game's hands in order, each with every side's breakdown."""
    hands = records.conn.execute(
        "SELECT hand_no, went_out, concealed, reason, turns FROM hands WHERE game_id = ? "
        "ORDER BY hand_no",
        (game_id,),
    ).fetchall()
    scores: dict[int, dict[int, tuple[dict[str, int], int, int]]] = {}
    for row in records.conn.execute(
        "SELECT hand_no, seat, melded, canasta_bonus, going_out, threes, in_hand, penalties, "
        "total, canastas, pile_takes FROM hand_scores WHERE game_id = ?",
        (game_id,),
    ):
        items = ("melded", "canasta_bonus", "going_out", "threes", "in_hand", "penalties", "total")
        by_side = scores.setdefault(row[0], {})
        by_side[row[1]] = (dict(zip(items, row[2:9], strict=True)), row[9], row[10])
    out = []
    for hand_no, went_out, concealed, reason, turns in hands:
        sides = [scores[hand_no][side] for side in sorted(scores[hand_no])]
        out.append(
            HandRecord(
                hand_no=hand_no,
                scores=tuple(side[0] for side in sides),
                went_out=went_out,
                concealed=bool(concealed),
                reason=reason,
                turns=turns,
                canastas=tuple(side[1] for side in sides),
                pile_takes=tuple(side[2] for side in sides),
            )
        )
    return out


def replay_of(records: Records, game_id: int) -> dict[str, Any]:
    """The game's replay document (format ``canasta-replay/1``)."""
    row = records.conn.execute(
        "SELECT document FROM replays WHERE game_id = ?", (game_id,)
    ).fetchone()
    if row is None:
        raise KeyError(f"there is no replay of game {game_id}")
    return unpack_replay(row[0])


@dataclass(frozen=True)
class RunningTotals:
    """A game's scores after each hand, from the profile's side, for the scores chart."""

    target_score: int
    # (hand number, total for, total against); the first point is (0, 0, 0). Against three
    # players, "against" is the leading opponent's total after each hand.
    points: list[tuple[int, int, int]]


def running_totals(records: Records, game_id: int) -> RunningTotals:
    game = get_game(records, game_id)
    side = game.side
    running: list[int] = []
    points = [(0, 0, 0)]
    for hand in game_hands(records, game_id):
        running = [
            a + b for a, b in zip(running or [0] * len(hand.totals), hand.totals, strict=True)
        ]
        best_other = max(total for other, total in enumerate(running) if other != side)
        points.append((hand.hand_no, running[side], best_other))
    return RunningTotals(game.target_score, points)


@dataclass(frozen=True)
class RatioPoint:
    games: int  # won and lost games so far against this opponent
    ended_at: str
    win_ratio: float


def _thin(points: list[RatioPoint], limit: int) -> list[RatioPoint]:
    """At most `limit` points, evenly spread, always keeping the last (the current ratio)."""
    if len(points) <= limit:
        return points
    step = len(points) / limit
    picked = [points[int(i * step)] for i in range(limit - 1)]
    return [*picked, points[-1]]


def win_ratio_over_time(
    records: Records, profile_id: int | None = None, max_points: int = CHART_POINTS
) -> dict[str, list[RatioPoint]]:
    """Per opponent (level key, or a kind of `GROUPED`), the win ratio after each won or lost
    game."""
    player = profile_or_current(records, profile_id)
    series: dict[str, list[RatioPoint]] = {}
    tallies: dict[str, list[int]] = {}
    for kind, opponent, result, ended_at in records.conn.execute(
        "SELECT opponent_kind, opponent, result, ended_at FROM games "
        "WHERE profile_id = ? AND result IN ('won', 'lost') ORDER BY ended_at, id",
        (player,),
    ):
        key = kind if kind in GROUPED else opponent
        tally = tallies.setdefault(key, [0, 0])
        tally[0] += result == "won"
        tally[1] += 1
        series.setdefault(key, []).append(RatioPoint(tally[1], ended_at, tally[0] / tally[1]))
    return {key: _thin(points, max_points) for key, points in series.items()}
