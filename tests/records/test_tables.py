"""Games of three and four in the records: by side, with partner and opponents, counted apart."""

from __future__ import annotations

import sqlite3

import pytest

from game.logic import Rules
from game.logic.replay import replay_document
from game.records import (
    OVERALL,
    DealSource,
    GameFilter,
    GameSetup,
    HandRecord,
    Opponent,
    export_history_csv,
    game_hands,
    get_game,
    hall_of_fame,
    history_page,
    league_table,
    open_records,
    running_totals,
    start_game,
    statistics_by_opponent,
    win_ratio_over_time,
)
from game.records.schema import SCHEMA_VERSION, migrate, user_version
from game.settings import SKILL_LEVELS

from .history import MINIMAL_REPLAY, add_game, hand, play_game, score

QUICK = Rules.from_dict({"preset": "classic", "target_score": 1500})


def _played(players: int, seed: int):
    game = play_game(seed, QUICK.with_players(players))
    assert game.phase == "game_over"
    return game


def test_a_game_of_four_is_kept_by_side_with_partner_and_opponents(records):
    game = _played(4, 11)
    setup = GameSetup(game.rules, game.history[0]["first_player"], DealSource(seed=game.seed))
    opponent = Opponent.table(4, ("advanced", "expert"), "master")
    recorder = start_game(records, setup, opponent, seat=0)
    result = recorder.finish_game(replay_document(game))
    assert result == ("won" if game.winner == 0 else "lost")
    row = get_game(records, recorder.game_id)
    assert (row.players, row.partner, row.opponent_kind) == (4, "master", "four")
    assert row.opponent == "advanced, expert"
    assert row.side_totals == tuple(game.totals)
    assert (row.score_for, row.score_against) == (game.totals[0], game.totals[1])
    hands = game_hands(records, recorder.game_id)
    assert [h.scores for h in hands] == [tuple(h["scores"]) for h in game.history]
    assert all(len(h.canastas) == len(h.pile_takes) == 2 for h in hands)
    aggregates = records.conn.execute(
        "SELECT went_out_hands, canastas FROM games WHERE id = ?", (recorder.game_id,)
    ).fetchone()
    assert aggregates == (
        sum(1 for h in hands if h.went_out == 0),
        sum(h.canastas[0] for h in hands),
    )


def test_a_game_of_three_is_scored_against_the_best_other_player(records):
    game = _played(3, 5)
    setup = GameSetup(game.rules, game.history[0]["first_player"], DealSource(seed=game.seed))
    recorder = start_game(records, setup, Opponent.table(3, ("beginner", "master")))
    recorder.finish_game(replay_document(game))
    row = get_game(records, recorder.game_id)
    assert (row.players, row.partner, row.opponent_kind) == (3, None, "three")
    assert row.side_totals == tuple(game.totals)
    assert row.score_against == max(game.totals[1:])
    assert row.result == ("won" if game.winner == 0 else "lost")
    assert all(len(h.scores) == 3 for h in game_hands(records, recorder.game_id))
    chart = running_totals(records, recorder.game_id)
    last = chart.points[-1]
    assert (last[1], last[2]) == (game.totals[0], max(game.totals[1:]))


def test_a_table_is_told_apart_from_a_game_of_two():
    with pytest.raises(ValueError, match="two opponents"):
        Opponent.table(4, ("advanced", "expert"))
    with pytest.raises(ValueError, match="two opponents"):
        Opponent.table(3, ("advanced",))
    with pytest.raises(ValueError, match="two opponents"):
        Opponent.table(2, ("advanced", "expert"))


def test_a_game_is_recorded_only_against_its_own_kind_of_table(records):
    four = GameSetup(Rules().with_players(4), 0, DealSource(seed=1))
    two = GameSetup(Rules(), 0, DealSource(seed=1))
    with pytest.raises(ValueError, match="a game of 4 is not played against computer"):
        start_game(records, four, Opponent.computer("expert"))
    with pytest.raises(ValueError, match="a game of 2 is not played against four"):
        start_game(records, two, Opponent.table(4, ("expert", "expert"), "expert"))
    with pytest.raises(ValueError, match="one of the 4 seats"):
        start_game(records, four, Opponent.table(4, ("expert", "expert"), "expert"), seat=4)
    assert history_page(records).total == 0


def side_hand(hand_no: int, totals: tuple[int, ...], went_out: int | None = None) -> HandRecord:
    sides = len(totals)
    return HandRecord(
        hand_no=hand_no,
        scores=tuple(score(t) for t in totals),
        went_out=went_out,
        canastas=(1,) * sides,
        pile_takes=(0,) * sides,
    )


def _table_game(records, players: int, totals: tuple[int, ...], winner: int) -> int:
    rules = Rules().with_players(players)
    setup = GameSetup(rules, 0, DealSource(seed=3))
    opponents = ("expert", "expert")
    opponent = Opponent.table(players, opponents, "master" if players == 4 else None)
    recorder = start_game(records, setup, opponent)
    hands = [side_hand(1, totals, went_out=0)]
    assert recorder.finish_with(hands, totals, winner, MINIMAL_REPLAY) is not None
    assert recorder.game_id is not None
    return recorder.game_id


@pytest.fixture
def mixed(records):
    """Two games of two against Expert, two of four and one of three."""
    add_game(records, Opponent.computer("expert"), [hand(1, (5000, 100))], 0)
    add_game(records, Opponent.computer("expert"), [hand(1, (100, 5000))], 1)
    _table_game(records, 4, (5200, 3000), 0)
    _table_game(records, 4, (5300, 2000), 0)
    _table_game(records, 3, (900, 5100, 700), 1)


def test_tables_have_their_own_statistics_and_streaks(records, mixed):
    by = statistics_by_opponent(records)
    assert list(by) == [*SKILL_LEVELS, "three", "four", OVERALL]
    expert, three, four = by["expert"], by["three"], by["four"]
    assert (expert.games, expert.won) == (2, 1)
    assert (four.games, four.won, four.current_streak, four.best_streak) == (2, 2, 2, 2)
    assert four.average_for == pytest.approx(5250) and four.average_against == 2500
    assert (three.games, three.lost, three.current_streak) == (1, 1, 0)
    assert three.average_against == 5100
    assert by[OVERALL].games == 5
    ratio = win_ratio_over_time(records)
    assert [p.win_ratio for p in ratio["four"]] == [1.0, 1.0]


def test_the_history_filters_each_kind_of_table(records, mixed):
    assert history_page(records, game_filter=GameFilter("four")).total == 2
    assert history_page(records, game_filter=GameFilter("three")).total == 1
    assert history_page(records, game_filter=GameFilter("expert")).total == 2


def test_tables_have_league_tables_of_their_own_and_stay_out_of_the_hall_of_fame(records, mixed):
    two = {row.name: row for row in league_table(records)}
    me = next(row for row in two.values() if row.kind == "player")
    assert (me.played, me.won) == (2, 1)
    assert (two["expert"].played, two["expert"].won) == (2, 1)
    (four,) = league_table(records, 4)
    assert (four.name, four.played, four.won, four.rank) == (me.name, 2, 2, 1)
    assert four.points_for == 10500 and four.points_against == 5000
    (three,) = league_table(records, 3)
    assert (three.played, three.lost) == (1, 1)
    fame = hall_of_fame(records)
    assert fame["highest_score_for"] is not None
    assert fame["highest_score_for"].value == 5000  # not a partnership's 5300
    assert fame["widest_win"] is not None and fame["widest_win"].opponent_kind == "computer"


def test_the_csv_export_names_the_players_partner_and_side_totals(records, mixed, tmp_path):
    target = tmp_path / "history.csv"
    assert export_history_csv(records, target, GameFilter("four")) == 2
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[0].endswith(",players,partner,side_totals")
    assert lines[1].endswith(",4,master,5300 2000")


def test_a_version_3_file_opens_with_its_games_as_games_of_two(tmp_path):
    path = tmp_path / "records.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, 3)
    conn.execute("INSERT INTO profiles VALUES (1, 'Old', '2025-01-01T00:00:00Z', '{}')")
    conn.execute("INSERT INTO settings VALUES ('current_profile', '1')")
    for game_id, seat in ((1, 0), (2, 1)):
        conn.execute(
            "INSERT INTO games (id, profile_id, started_at, ended_at, rules_preset, rules_digest, "
            "rules, opponent_kind, opponent, seat, first_dealer, score_for, score_against, "
            "result) VALUES (?, 1, '2025-01-01T00:00:00Z', '2025-01-01T01:00:00Z', 'classic', "
            "'d', '{}', 'computer', 'expert', ?, 0, 5100, 2300, 'won')",
            (game_id, seat),
        )
    conn.close()
    opened = open_records(path)
    assert opened.message is None
    db = opened.records
    assert user_version(db.conn) == SCHEMA_VERSION
    first, second = get_game(db, 1), get_game(db, 2)
    assert (first.players, first.partner, first.side_totals) == (2, None, (5100, 2300))
    assert second.side_totals == (2300, 5100) and second.side == 1
    assert statistics_by_opponent(db)["expert"].won == 2
    db.close()
