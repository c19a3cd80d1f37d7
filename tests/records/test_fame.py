"""Hall of fame and league table over every profile, on the hand-made history of `known`."""

from __future__ import annotations

import pytest

from game.records import FAME_RECORDS, LeagueRow, Opponent, hall_of_fame, league_table
from game.records.fame import _rank
from game.settings import SKILL_LEVELS

from . import known
from .history import add_game, hand


@pytest.fixture
def ids(records):
    return known.build(records)


def test_hall_of_fame_records(records, ids):
    fame = hall_of_fame(records)
    assert list(fame) == list(FAME_RECORDS)
    expected = {
        "highest_score_for": (7100, "Cy", "c1", None),
        "lowest_score_for": (2000, "Ann", "g2", None),
        "highest_score_against": (5500, "Ann", "g6", None),
        "lowest_score_against": (500, "Cy", "c1", None),
        "best_hand": (4100, "Cy", "c1", 2),
        "narrowest_win": (150, "Ann", "g3", None),
        "widest_win": (6600, "Cy", "c1", None),
        # g3 and c1 were both won in two hands; g3 came first.
        "fastest_win": (2, "Ann", "g3", None),
        "most_canastas_in_hand": (6, "Cy", "c1", 2),
    }
    for key, (value, who, game, hand_no) in expected.items():
        entry = fame[key]
        assert entry is not None, key
        assert (entry.value, entry.profile, entry.game_id, entry.hand_no) == (
            value,
            who,
            ids[game],
            hand_no,
        ), key


def test_hall_of_fame_says_against_whom_and_when(records, ids):
    fame = hall_of_fame(records)
    top = fame["highest_score_against"]
    assert top is not None
    assert (top.opponent_kind, top.opponent) == ("network", "Bob")
    best = fame["best_hand"]
    assert best is not None and (best.opponent_kind, best.opponent) == ("computer", "master")
    assert best.ended_at.endswith("Z")


def test_restarted_replicated_and_practice_games_never_make_the_hall_of_fame(records, ids):
    fame = hall_of_fame(records)
    marked = {ids["g5"], ids["g7"], ids["c2"]}
    assert all(e is None or e.game_id not in marked for e in fame.values())


def test_an_empty_hall_of_fame(records):
    assert hall_of_fame(records) == dict.fromkeys(FAME_RECORDS)
    add_game(records, Opponent.peer("B"), [hand(1, (100, 6000))], 1)
    fame = hall_of_fame(records)
    assert fame["narrowest_win"] is None and fame["fastest_win"] is None
    assert fame["highest_score_for"] is not None


def test_league_table(records, ids):
    table = league_table(records)
    rows = {(r.kind, r.name): r for r in table}
    ann, cy = rows["player", "Ann"], rows["player", "Cy"]
    assert (ann.played, ann.won, ann.lost, ann.points_for, ann.points_against) == (
        6,
        4,
        2,
        27150,
        24590,
    )
    assert ann.average == pytest.approx(4525)
    assert (cy.played, cy.won, cy.lost, cy.points_for, cy.points_against) == (2, 1, 1, 7400, 5500)
    beginner = rows["computer", "beginner"]
    assert (beginner.played, beginner.won, beginner.lost) == (3, 1, 2)
    assert (beginner.points_for, beginner.points_against) == (13190, 12100)
    master = rows["computer", "master"]
    assert (master.played, master.won, master.points_for) == (2, 1, 5500)
    ranked = [(r.rank, r.kind, r.name) for r in table if r.rank is not None]
    assert ranked == [
        (1, "player", "Ann"),
        (2, "player", "Cy"),
        (3, "computer", "master"),
        (4, "computer", "beginner"),
        (5, "computer", "advanced"),
    ]
    idle = [(r.kind, r.name) for r in table if r.rank is None]
    assert idle[0][0] == "player"
    assert [name for kind, name in idle if kind == "computer"] == [
        level for level in SKILL_LEVELS if level not in ("beginner", "advanced", "master")
    ]
    assert all(r.played == 0 and r.average is None for r in table if r.rank is None)


def test_network_games_count_for_the_player_but_for_no_computer(records, ids):
    rows = league_table(records)
    computer_games = sum(r.played for r in rows if r.kind == "computer")
    assert computer_games == 3 + 2 + 2  # beginner, advanced (g4 abandoned), master


def test_equal_rows_share_a_rank():
    rows = [
        LeagueRow("player", "B", 2, 1, 1, 5000, 100),
        LeagueRow("player", "A", 2, 1, 1, 5000, 900),
        LeagueRow("computer", "expert", 4, 1, 3, 1000, 100),
    ]
    assert [(r.name, r.rank) for r in _rank(rows)] == [("A", 1), ("B", 1), ("expert", 3)]
