"""A profile's statistics, per opponent and overall, as defined in docs/records.md.

Only won and lost games count as played; abandoned and disconnected games are counted apart and
neither extend nor break a streak. Restarted, replicated and practice games do count here (they
were played), and `marked` says how many there were; they are kept out of the high scores only.
The win ratio comes with its 95% Wilson score interval, and `few_games` flags a ratio resting on
fewer than `FEW_GAMES` games, so the screen can say how much to trust it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from game.settings import SKILL_LEVELS

from .kinds import COMPUTER, FOUR, GROUPED, NETWORK, THREE
from .queries import GameFilter, profile_or_current
from .store import Records
from .streaks import scope_of, scope_where

FEW_GAMES = 10
Z_95 = 1.959964
OVERALL = "overall"


@dataclass(frozen=True)
class Statistics:
    games: int
    won: int
    lost: int
    abandoned: int
    disconnected: int
    win_ratio: float | None
    ratio_low: float | None
    ratio_high: float | None
    few_games: bool
    average_for: float | None
    average_against: float | None
    average_margin: float | None
    hands: int
    going_out_rate: float | None
    canastas_per_hand: float | None
    current_streak: int
    best_streak: int
    marked: int


def wilson_interval(won: int, games: int, z: float = Z_95) -> tuple[float, float] | None:
    """The Wilson score interval of a win ratio: honest even for a handful of games."""
    if games == 0:
        return None
    p = won / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class _Tally:
    """Running counts for one opponent (or overall) while the rows are read."""

    won: int = 0
    lost: int = 0
    abandoned: int = 0
    disconnected: int = 0
    marked: int = 0
    points_for: int = 0
    points_against: int = 0
    hands: int = 0
    went_out: int = 0
    canastas: int = 0
    streak: int = 0
    best: int = 0

    def add_group(self, result: str, row: tuple[int, ...]) -> None:
        count, points_for, points_against, hands, went_out, canastas, marked = row
        if result in ("abandoned", "misconduct"):  # a game stopped for cheating was not played out
            self.abandoned += count
            return
        if result == "disconnected":
            self.disconnected += count
            return
        if result == "won":
            self.won += count
        else:
            self.lost += count
        self.points_for += points_for
        self.points_against += points_against
        self.hands += hands
        self.went_out += went_out
        self.canastas += canastas
        self.marked += marked

    def summary(self) -> Statistics:
        played = self.won + self.lost
        interval = wilson_interval(self.won, played)
        return Statistics(
            games=played,
            won=self.won,
            lost=self.lost,
            abandoned=self.abandoned,
            disconnected=self.disconnected,
            win_ratio=self.won / played if played else None,
            ratio_low=interval[0] if interval else None,
            ratio_high=interval[1] if interval else None,
            few_games=played < FEW_GAMES,
            average_for=self.points_for / played if played else None,
            average_against=self.points_against / played if played else None,
            average_margin=(self.points_for - self.points_against) / played if played else None,
            hands=self.hands,
            going_out_rate=self.went_out / self.hands if self.hands else None,
            canastas_per_hand=self.canastas / self.hands if self.hands else None,
            current_streak=self.streak,
            best_streak=self.best,
            marked=self.marked,
        )


def _key(kind: str, opponent: str) -> str:
    return kind if kind in GROUPED else opponent


def _streaks(
    records: Records, scope: str, params: dict[str, Any], kind: str = COMPUTER
) -> tuple[int, int]:
    """(current, best) streak of a scope: read from its latest won or lost game."""
    row = records.conn.execute(
        f"SELECT streak_{scope}, best_{scope} FROM games WHERE profile_id = :profile "
        f"AND result IN ('won', 'lost'){scope_where(scope, kind)} "
        "ORDER BY ended_at DESC, id DESC LIMIT 1",
        params,
    ).fetchone()
    return (row[0] or 0, row[1] or 0) if row is not None else (0, 0)


def _tallies(
    records: Records, profile_id: int | None, game_filter: GameFilter | None
) -> tuple[dict[str, _Tally], _Tally]:
    """Per opponent key and overall. SQLite adds up the sums in the order of the index
    `games_totals`; the streaks are stored with each game (see `streaks`)."""
    game_filter = game_filter or GameFilter()
    where, args = game_filter.where()
    player = profile_or_current(records, profile_id)
    per: dict[str, _Tally] = {}
    overall = _Tally()
    for kind, opponent, result, *sums in records.conn.execute(
        "SELECT g.opponent_kind, g.opponent, g.result, COUNT(*), SUM(g.score_for), "
        "SUM(g.score_against), SUM(g.hands), SUM(g.went_out_hands), SUM(g.canastas), "
        "SUM(g.restarted OR g.replicated OR g.practice) "
        f"FROM games g WHERE g.profile_id = ? AND g.result IS NOT NULL{where} "
        "GROUP BY g.opponent_kind, g.opponent, g.result",
        [player, *args],
    ):
        per.setdefault(_key(kind, opponent), _Tally()).add_group(result, tuple(sums))
        overall.add_group(result, tuple(sums))
    preset = game_filter.rules_preset
    params: dict[str, Any] = {"profile": player, "preset": preset}
    if game_filter.opponent is None:
        overall.streak, overall.best = _streaks(
            records, scope_of(False, preset is not None), params
        )
    for key, tally in per.items():
        kind = key if key in GROUPED else COMPUTER
        scope = scope_of(True, preset is not None)
        tally.streak, tally.best = _streaks(
            records, scope, {**params, "kind": kind, "opponent": key}, kind
        )
    if game_filter.opponent is not None and per:
        # Filtered to one opponent, "overall" is that opponent.
        only = next(iter(per.values()))
        overall.streak, overall.best = only.streak, only.best
    return per, overall


def statistics(
    records: Records, profile_id: int | None = None, game_filter: GameFilter | None = None
) -> Statistics:
    """The profile's statistics over the games `game_filter` selects (all by default)."""
    return _tallies(records, profile_id, game_filter)[1].summary()


def statistics_by_opponent(
    records: Records, profile_id: int | None = None, rules_preset: str | None = None
) -> dict[str, Statistics]:
    """Statistics for every computer level (played or not), then network games, games of three
    and games of four (each if any), and overall."""
    per, overall = _tallies(records, profile_id, GameFilter(rules_preset=rules_preset))
    keys = [*SKILL_LEVELS, *sorted(set(per) - set(SKILL_LEVELS) - set(GROUPED))]
    keys.extend(key for key in (NETWORK, THREE, FOUR) if key in per)
    out = {key: per.get(key, _Tally()).summary() for key in keys}
    out[OVERALL] = overall.summary()
    return out
