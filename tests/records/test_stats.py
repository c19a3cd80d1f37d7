"""Statistics, history pages and chart data on the hand-made history of `known`."""

from __future__ import annotations

import pytest

from game.records import (
    OVERALL,
    GameFilter,
    game_hands,
    history_page,
    running_totals,
    statistics,
    statistics_by_opponent,
    wilson_interval,
    win_ratio_over_time,
)
from game.records.queries import RatioPoint, _thin
from game.settings import SKILL_LEVELS

from . import known

approx = pytest.approx


@pytest.fixture
def ids(records):
    return known.build(records)


def test_overall_statistics(records, ids):
    s = statistics(records)
    assert (s.games, s.won, s.lost, s.abandoned, s.disconnected) == (6, 4, 2, 1, 0)
    assert s.win_ratio == approx(4 / 6)
    assert s.ratio_low == approx(0.3000, abs=5e-4)
    assert s.ratio_high == approx(0.9032, abs=5e-4)
    assert s.few_games
    assert s.average_for == approx(27150 / 6)
    assert s.average_against == approx(24590 / 6)
    assert s.average_margin == approx(2560 / 6)
    assert s.hands == 10
    assert s.going_out_rate == approx(6 / 10)
    assert s.canastas_per_hand == approx(24 / 10)
    assert (s.current_streak, s.best_streak) == (1, 2)
    assert s.marked == 2


def test_statistics_per_opponent(records, ids):
    by = statistics_by_opponent(records)
    assert list(by) == [*SKILL_LEVELS, "network", OVERALL]
    beginner = by["beginner"]
    assert (beginner.games, beginner.won, beginner.lost) == (3, 2, 1)
    assert beginner.average_for == approx(12100 / 3)
    assert beginner.average_against == approx(13190 / 3)
    assert beginner.going_out_rate == approx(3 / 6)
    assert beginner.canastas_per_hand == approx(11 / 6)
    assert (beginner.current_streak, beginner.best_streak) == (1, 1)
    advanced = by["advanced"]
    assert (advanced.games, advanced.won, advanced.abandoned) == (2, 2, 1)
    assert (advanced.current_streak, advanced.best_streak) == (2, 2)
    assert advanced.average_margin == approx((11050 - 5900) / 2)
    assert by["network"].lost == 1 and by["network"].win_ratio == 0
    idle = by["intermediate"]
    assert idle.games == 0 and idle.win_ratio is None and idle.ratio_low is None
    assert idle.average_for is None and idle.going_out_rate is None and idle.few_games
    assert by[OVERALL] == statistics(records)


def test_statistics_filtered_by_rules(records, ids):
    modern = statistics_by_opponent(records, rules_preset="modern_american")
    assert modern[OVERALL].games == 1 and modern["advanced"].won == 1
    assert "network" not in modern
    assert (modern[OVERALL].current_streak, modern[OVERALL].best_streak) == (1, 1)
    classic = statistics(records, game_filter=GameFilter(rules_preset="classic"))
    assert classic.games == 5
    # Classic only: W (g1) L (g2) W (g5) L (g6) W (g7).
    assert (classic.current_streak, classic.best_streak) == (1, 1)
    advanced = statistics_by_opponent(records, rules_preset="classic")["advanced"]
    assert (advanced.games, advanced.current_streak, advanced.best_streak) == (1, 1, 1)


def test_statistics_filtered_by_opponent(records, ids):
    advanced = statistics(records, game_filter=GameFilter(opponent="advanced"))
    assert (advanced.games, advanced.abandoned, advanced.current_streak) == (2, 1, 2)
    network = statistics(records, game_filter=GameFilter(opponent="network"))
    assert (network.games, network.lost, network.best_streak) == (1, 1, 0)
    nobody = statistics(records, game_filter=GameFilter(opponent="carefree"))
    assert (nobody.games, nobody.current_streak, nobody.best_streak) == (0, 0, 0)


def test_stored_streaks_equal_a_full_recount(records, ids):
    from game.records.streaks import COLUMNS, recompute

    query = f"SELECT id, {', '.join(COLUMNS)} FROM games ORDER BY id"
    written = records.conn.execute(query).fetchall()
    recompute(records.conn)
    assert records.conn.execute(query).fetchall() == written


def test_statistics_are_per_profile(records, ids):
    cy = statistics(records, profile_id=ids["cy"])
    assert (cy.games, cy.won, cy.lost, cy.marked) == (2, 1, 1, 1)
    assert cy.best_streak == 1 and cy.current_streak == 0


def test_wilson_interval_known_values():
    assert wilson_interval(0, 0) is None
    low, high = wilson_interval(10, 10)
    assert high == approx(1.0) and low == approx(0.7225, abs=5e-4)
    low, high = wilson_interval(50, 100)
    assert (low, high) == (approx(0.4038, abs=5e-4), approx(0.5962, abs=5e-4))


def test_a_ratio_on_many_games_is_not_flagged(records):
    from game.records import Opponent

    from .history import add_game, hand

    for i in range(10):
        add_game(records, Opponent.computer("expert"), [hand(1, (5000, 0))], i % 2)
    s = statistics(records)
    assert s.games == 10 and not s.few_games and s.win_ratio == 0.5


def test_history_pages_are_newest_first(records, ids):
    first = history_page(records, page=0, page_size=3)
    assert first.total == 7 and first.pages == 3
    assert [r.id for r in first.rows] == [ids["g7"], ids["g6"], ids["g5"]]
    last = history_page(records, page=2, page_size=3)
    assert [r.id for r in last.rows] == [ids["g1"]]
    row = first.rows[1]
    assert (row.opponent_kind, row.opponent, row.result) == ("network", "Bob", "lost")
    assert (row.score_for, row.score_against, row.margin) == (4000, 5500, -1500)
    assert row.profile == "Ann"


def test_history_filters(records, ids):
    def shown(game_filter):
        return [r.id for r in history_page(records, game_filter=game_filter).rows]

    assert shown(GameFilter(opponent="beginner")) == [ids["g7"], ids["g2"], ids["g1"]]
    assert shown(GameFilter(opponent="network")) == [ids["g6"]]
    assert shown(GameFilter(rules_preset="modern_american")) == [ids["g3"]]
    assert shown(GameFilter(opponent="advanced", rules_preset="classic")) == [
        ids["g5"],
        ids["g4"],
    ]
    assert shown(GameFilter(opponent="master")) == []
    assert history_page(records, profile_id=ids["cy"]).total == 2


def test_an_empty_history(records):
    page = history_page(records)
    assert page.rows == [] and page.total == 0 and page.pages == 1
    assert statistics(records).games == 0
    assert win_ratio_over_time(records) == {}


def test_one_games_hands_with_breakdowns(records, ids):
    hands = game_hands(records, ids["g1"])
    assert [h.hand_no for h in hands] == [1, 2, 3]
    assert hands[1].totals == (1500, 1000) and hands[1].went_out == 1
    assert hands[1].canastas == (1, 2)
    assert hands[0].scores[0]["melded"] == 2000 and hands[0].scores[0]["going_out"] == 0


def test_running_totals_hand_by_hand(records, ids):
    totals = running_totals(records, ids["g1"])
    assert totals.target_score == 5000
    assert totals.points == [(0, 0, 0), (1, 2000, 1000), (2, 3500, 2000), (3, 5100, 3000)]
    assert running_totals(records, ids["g3"]).target_score == 8500


def test_running_totals_are_from_the_profiles_side(records):
    from game.records import Opponent

    from .history import add_game, hand

    game = add_game(
        records, Opponent.peer("Bob"), [hand(1, (100, 900)), hand(2, (200, 4500))], 1, seat=1
    )
    assert running_totals(records, game).points == [(0, 0, 0), (1, 900, 100), (2, 5400, 300)]


def test_win_ratio_over_time_per_opponent(records, ids):
    series = win_ratio_over_time(records)
    assert set(series) == {"beginner", "advanced", "network"}
    assert [(p.games, p.win_ratio) for p in series["beginner"]] == [
        (1, 1.0),
        (2, 0.5),
        (3, approx(2 / 3)),
    ]
    assert [(p.games, p.win_ratio) for p in series["advanced"]] == [(1, 1.0), (2, 1.0)]
    assert [(p.games, p.win_ratio) for p in series["network"]] == [(1, 0.0)]
    assert series["beginner"][0].ended_at < series["beginner"][1].ended_at


def test_long_series_are_thinned_keeping_the_last_point():
    points = [RatioPoint(i, f"t{i}", i / 1000) for i in range(1, 1001)]
    thin = _thin(points, 50)
    assert len(thin) == 50 and thin[0] == points[0] and thin[-1] == points[-1]
    assert [p.games for p in thin] == sorted(p.games for p in thin)
    assert _thin(points[:10], 50) == points[:10]


def test_disconnected_games_are_counted_apart(records):
    from game.records import Ending, Opponent

    from .history import add_game, hand

    add_game(records, Opponent.peer("Bob"), [hand(1, (5000, 0))], 0)
    add_game(records, Opponent.peer("Bob"), [hand(1, (10, 900))], None, ending=Ending.DISCONNECTED)
    s = statistics(records)
    assert (s.games, s.won, s.disconnected, s.hands) == (1, 1, 1, 1)
    assert s.current_streak == 1 and s.average_against == 0


def test_an_unknown_game_is_reported(records):
    from game.records import get_game, replay_of

    with pytest.raises(KeyError):
        get_game(records, 5)
    with pytest.raises(KeyError):
        replay_of(records, 5)
