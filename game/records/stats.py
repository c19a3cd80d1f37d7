"""A profile's statistics, per opponent and overall, as defined in docs/records.md.

Only won and lost games count as played; abandoned and disconnected games are counted apart and
neither extend nor break a streak. Restarted, replicated and practice games do count here (they
were played), and `marked` says how many there were; they are kept out of the high scores only.
The win ratio comes with its 95% Wilson score interval, and `few_games` flags a ratio resting on
fewer than `FEW_GAMES` games, so the screen can say how much to trust it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from game.settings import SKILL_LEVELS

from .queries import GameFilter, profile_or_current
from .recorder import NETWORK
from .store import Records

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


@dataclass(frozen=True)
class _Game:
    result: str
    score_for: int
    score_against: int
    hands: int
    went_out_hands: int
    canastas: int
    marked: bool


def _summarise(games: Iterable[_Game]) -> Statistics:
    won = lost = abandoned = disconnected = marked = 0
    points_for = points_against = hands = went_out = canastas = 0
    streak = best = 0
    for game in games:
        if game.result == "abandoned":
            abandoned += 1
            continue
        if game.result == "disconnected":
            disconnected += 1
            continue
        if game.result == "won":
            won += 1
            streak += 1
            best = max(best, streak)
        else:
            lost += 1
            streak = 0
        marked += game.marked
        points_for += game.score_for
        points_against += game.score_against
        hands += game.hands
        went_out += game.went_out_hands
        canastas += game.canastas
    played = won + lost
    interval = wilson_interval(won, played)
    return Statistics(
        games=played,
        won=won,
        lost=lost,
        abandoned=abandoned,
        disconnected=disconnected,
        win_ratio=won / played if played else None,
        ratio_low=interval[0] if interval else None,
        ratio_high=interval[1] if interval else None,
        few_games=played < FEW_GAMES,
        average_for=points_for / played if played else None,
        average_against=points_against / played if played else None,
        average_margin=(points_for - points_against) / played if played else None,
        hands=hands,
        going_out_rate=went_out / hands if hands else None,
        canastas_per_hand=canastas / hands if hands else None,
        current_streak=streak,
        best_streak=best,
        marked=marked,
    )


def _games(
    records: Records, profile_id: int | None, game_filter: GameFilter | None
) -> list[tuple[str, _Game]]:
    where, params = (game_filter or GameFilter()).where()
    rows = records.conn.execute(
        "SELECT g.opponent_kind, g.opponent, g.result, g.score_for, g.score_against, g.hands, "
        "g.went_out_hands, g.canastas, g.restarted OR g.replicated OR g.practice "
        f"FROM games g WHERE g.profile_id = ? AND g.result IS NOT NULL{where} "
        "ORDER BY g.ended_at, g.id",
        [profile_or_current(records, profile_id), *params],
    ).fetchall()
    return [
        (
            NETWORK if kind == NETWORK else opponent,
            _Game(result, score_for, against, hands, went_out, canastas, bool(marked)),
        )
        for kind, opponent, result, score_for, against, hands, went_out, canastas, marked in rows
    ]


def statistics(
    records: Records, profile_id: int | None = None, game_filter: GameFilter | None = None
) -> Statistics:
    """The profile's statistics over the games `game_filter` selects (all by default)."""
    return _summarise(game for _, game in _games(records, profile_id, game_filter))


def statistics_by_opponent(
    records: Records, profile_id: int | None = None, rules_preset: str | None = None
) -> dict[str, Statistics]:
    """Statistics for every computer level (played or not), network games if any, and overall."""
    games = _games(records, profile_id, GameFilter(rules_preset=rules_preset))
    played = {k for k, _ in games}
    keys = [*SKILL_LEVELS, *sorted(played - set(SKILL_LEVELS) - {NETWORK})]
    if NETWORK in played:
        keys.append(NETWORK)
    out = {key: _summarise(g for k, g in games if k == key) for key in keys}
    out[OVERALL] = _summarise(g for _, g in games)
    return out
