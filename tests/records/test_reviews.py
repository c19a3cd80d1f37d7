"""A game's review kept with its record: replaced by a newer one, gone with the game, and a file
of the version before reviews (4) still opens, with its games, and keeps reviews from then on."""

import sqlite3

from game.records import open_records, review_of, save_review
from game.records.schema import SCHEMA_VERSION, migrate, user_version
from tests.helpers.review import record_arena_hand

REVIEW = {
    "seat": 0,
    "decisions": 3,
    "accuracy": 88.2,
    "points_lost": 40,
    "moments": [],
    "habits": [],
}


def test_a_review_is_kept_with_its_game_and_a_newer_one_replaces_it(tmp_path):
    records = open_records(tmp_path / "records.sqlite3").records
    game_id = record_arena_hand(records)
    assert review_of(records, game_id) is None
    assert save_review(records, game_id, REVIEW) is None
    assert review_of(records, game_id) == REVIEW
    save_review(records, game_id, {**REVIEW, "accuracy": 90.0})
    assert review_of(records, game_id) == {**REVIEW, "accuracy": 90.0}
    records.conn.execute("DELETE FROM games WHERE id = ?", (game_id,))
    assert records.conn.execute("SELECT COUNT(*) FROM reviews").fetchone()[0] == 0
    records.close()


def test_a_records_file_from_before_reviews_opens_and_keeps_them(tmp_path):
    path = tmp_path / "records.sqlite3"
    old = open_records(path).records
    game_id = record_arena_hand(old)
    old.close()
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DROP TABLE reviews")
    conn.execute("ALTER TABLE games DROP COLUMN online")  # version 6's
    conn.execute("PRAGMA user_version = 4")
    conn.close()
    opened = open_records(path)
    assert opened.message is None and user_version(opened.records.conn) == SCHEMA_VERSION
    assert save_review(opened.records, game_id, REVIEW) is None
    assert review_of(opened.records, game_id) == REVIEW
    opened.records.close()


def test_an_unreadable_review_is_worked_out_again(tmp_path):
    records = open_records(tmp_path / "records.sqlite3").records
    game_id = record_arena_hand(records)
    records.conn.execute(
        "INSERT INTO reviews (game_id, document) VALUES (?, '{not json')", (game_id,)
    )
    assert review_of(records, game_id) is None
    records.close()


def test_migrating_to_the_current_version_adds_the_reviews_table():
    conn = sqlite3.connect(":memory:", isolation_level=None)
    migrate(conn, 4)
    assert not conn.execute("SELECT name FROM sqlite_master WHERE name = 'reviews'").fetchall()
    migrate(conn)
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'reviews'").fetchall()
