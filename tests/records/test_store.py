"""Opening the records: a new file, migrations, and every way a file can be bad."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from game.records import current_profile, open_records, profiles
from game.records.schema import MIGRATIONS, SCHEMA_VERSION, V1_TABLES, migrate, user_version
from game.records.store import KEEP_BACKUPS, backups


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_first_start_creates_a_wal_database_at_the_current_version(tmp_path, monkeypatch):
    monkeypatch.setattr("getpass.getuser", lambda: "ada")
    path = tmp_path / "data" / "records.sqlite3"
    opened = open_records(path)
    assert opened.message is None and opened.records.persistent
    conn = opened.records.conn
    assert user_version(conn) == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"profiles", "games", "hands", "hand_scores", "replays"} <= _tables(conn)
    assert [p.name for p in profiles(opened.records)] == ["ada"]
    assert current_profile(opened.records).name == "ada"
    opened.records.close()
    with sqlite3.connect(path) as again:
        assert again.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_default_path_is_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("CANASTA_DATA_DIR", str(tmp_path / "d"))
    opened = open_records()
    assert opened.records.path == tmp_path / "d" / "records.sqlite3"
    assert opened.records.path.exists()
    opened.records.close()


def test_login_name_that_cannot_be_read_gives_player(tmp_path, monkeypatch):
    def no_login() -> str:
        raise OSError("no login")

    monkeypatch.setattr("getpass.getuser", no_login)
    opened = open_records(tmp_path / "r.sqlite3")
    assert current_profile(opened.records).name == "Player"
    opened.records.close()


def test_reopening_keeps_everything_and_adds_no_second_default(tmp_path):
    path = tmp_path / "records.sqlite3"
    first = open_records(path)
    first.records.conn.execute("INSERT INTO profiles (name, created_at) VALUES ('Zoe', 'x')")
    first.records.close()
    second = open_records(path)
    assert second.message is None
    assert len(profiles(second.records)) == 2
    second.records.close()


def test_every_schema_step_has_a_migration():
    assert len(MIGRATIONS) == SCHEMA_VERSION


def test_migration_from_empty_equals_a_fresh_file(tmp_path):
    conn = sqlite3.connect(":memory:", isolation_level=None)
    assert migrate(conn) == 0
    assert user_version(conn) == SCHEMA_VERSION
    fresh = open_records(tmp_path / "r.sqlite3").records.conn
    schema = (
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
    )
    assert conn.execute(schema).fetchall() == fresh.execute(schema).fetchall()


def _v1_file(path: Path) -> None:
    """A version-1 file with one profile, one finished game and its two hands."""
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in V1_TABLES:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO profiles VALUES (1, 'Old', '2020-01-01T00:00:00Z', '{}')")
    conn.execute("INSERT INTO settings VALUES ('current_profile', '1')")
    conn.execute(
        "INSERT INTO games (id, profile_id, started_at, ended_at, rules_preset, rules_digest, "
        "rules, opponent_kind, opponent, seat, first_dealer, seed, score_for, score_against, "
        "result) VALUES (1, 1, '2020-01-01T00:00:00Z', '2020-01-01T01:00:00Z', "
        "'modern_american', 'd', ?, 'computer', 'expert', 1, 0, 99, 8600, 3000, 'won')",
        (json.dumps({"preset": "modern_american"}),),
    )
    rows = [
        # hand, seat, went_out, total
        (1, 0, 1, 1000),
        (1, 1, 1, 3000),
        (2, 0, -1, 2000),
        (2, 1, -1, 5600),
    ]
    for hand_no, seat, went_out, total in rows:
        conn.execute(
            "INSERT INTO hand_scores VALUES (1, ?, ?, ?, ?, 0, 0, 0, 0, 0, ?)",
            (hand_no, seat, went_out, total, total),
        )
    conn.close()


def test_migration_from_version_1_keeps_and_completes_the_old_records(tmp_path):
    path = tmp_path / "records.sqlite3"
    _v1_file(path)
    opened = open_records(path)
    assert opened.message is None
    conn = opened.records.conn
    assert user_version(conn) == SCHEMA_VERSION
    assert current_profile(opened.records).name == "Old"
    game = conn.execute(
        "SELECT score_for, result, hands, went_out_hands, best_hand, target_score, deal_kind, "
        "restarted, replicated, practice FROM games WHERE id = 1"
    ).fetchone()
    assert game == (8600, "won", 2, 1, 5600, 8500, "seed", 0, 0, 0)
    assert conn.execute("SELECT hand_no, went_out FROM hands ORDER BY hand_no").fetchall() == [
        (1, 1),
        (2, None),
    ]
    assert conn.execute(
        "SELECT seat, total, canastas, pile_takes FROM hand_scores WHERE hand_no = 2 ORDER BY seat"
    ).fetchall() == [(0, 2000, 0, 0), (1, 5600, 0, 0)]
    assert "hand_scores_v2" not in _tables(conn)
    streaks = conn.execute("SELECT streak_all, best_all, streak_opp_rules FROM games").fetchone()
    assert streaks == (1, 1, 1)


def test_a_failing_migration_step_leaves_the_file_at_its_old_version(tmp_path, monkeypatch):
    path = tmp_path / "records.sqlite3"
    _v1_file(path)

    def broken(conn: sqlite3.Connection) -> None:
        conn.execute("ALTER TABLE games ADD COLUMN half_done INTEGER")
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr("game.records.schema.MIGRATIONS", (MIGRATIONS[0], broken))
    conn = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        migrate(conn)
    assert user_version(conn) == 1
    columns = [r[1] for r in conn.execute("PRAGMA table_info(games)")]
    assert "half_done" not in columns


def test_a_file_that_is_not_a_database_is_kept_and_replaced(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"this is not an SQLite file at all, just some text" * 40)
    opened = open_records(path)
    assert opened.message is not None and "could not be read" in opened.message
    assert opened.backup is not None and opened.backup.name in opened.message
    assert opened.backup.read_bytes().startswith(b"this is not an SQLite file")
    assert opened.records.persistent and user_version(opened.records.conn) == SCHEMA_VERSION
    opened.records.close()


def test_a_database_with_damaged_pages_is_kept_and_replaced(tmp_path):
    path = tmp_path / "records.sqlite3"
    first = open_records(path).records
    for i in range(400):
        first.conn.execute(
            "INSERT INTO profiles (name, created_at, preferences) VALUES (?, 'x', ?)",
            (f"p{i}", "z" * 300),
        )
    first.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    first.close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 8 * page
    data[3 * page : 6 * page] = b"\xa5" * (3 * page)
    path.write_bytes(bytes(data))
    opened = open_records(path)
    assert opened.message is not None and opened.backup is not None
    assert opened.backup.read_bytes() == bytes(data)
    assert [p.name for p in profiles(opened.records)] != []
    assert len(profiles(opened.records)) == 1
    opened.records.close()


def test_an_unopenable_path_is_set_aside_too(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.mkdir()
    (path / "inside").write_text("kept")
    opened = open_records(path)
    assert opened.message is not None and opened.backup is not None
    assert (opened.backup / "inside").read_text() == "kept"
    assert path.is_file()
    opened.records.close()


def test_backups_are_never_overwritten_and_only_the_newest_are_kept(tmp_path, clock):
    path = tmp_path / "records.sqlite3"
    made = []
    for round_no in range(KEEP_BACKUPS + 2):
        path.write_bytes(f"garbage number {round_no} ".encode() * 100)
        # Same timestamp every time: names must still never collide.
        clock.now = clock.now.replace(minute=0)
        opened = open_records(path, clock=lambda: clock.now)
        assert opened.backup is not None
        made.append(opened.backup)
        opened.records.close()
        path.unlink()
    kept = backups(path)
    assert len(set(made)) == len(made)
    assert len(kept) == KEEP_BACKUPS
    contents = [p.read_bytes().split(b" ")[2] for p in kept]
    assert contents == [str(i).encode() for i in range(2, KEEP_BACKUPS + 2)]


def test_a_bad_file_takes_its_write_ahead_log_with_it(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"not a database" * 100)
    wal = tmp_path / "records.sqlite3-wal"
    wal.write_bytes(b"stale log")
    opened = open_records(path)
    assert opened.backup is not None
    assert (tmp_path / (opened.backup.name + "-wal")).read_bytes() == b"stale log"
    assert opened.records.conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    opened.records.close()


def test_a_file_from_a_newer_version_is_left_untouched(tmp_path):
    path = tmp_path / "records.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE future (x)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    opened = open_records(path)
    assert opened.message is not None and "newer version" in opened.message
    assert not opened.records.persistent and opened.backup is None
    # This session still has a player and can record (in memory).
    assert current_profile(opened.records).name
    opened.records.close()
    assert path.read_bytes() == before
    assert backups(path) == []


def test_a_file_held_by_another_copy_of_the_game_is_not_touched(tmp_path, monkeypatch):
    monkeypatch.setattr("game.records.store.BUSY_TIMEOUT_S", 0.05)
    path = tmp_path / "records.sqlite3"
    # A file that needs migrating must be written to, so the other copy's lock stops us.
    _v1_file(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    opened = open_records(path)
    holder.execute("ROLLBACK")
    holder.close()
    assert opened.message is not None and "in use" in opened.message
    assert not opened.records.persistent and opened.backup is None
    assert backups(path) == []
    opened.records.close()
    with sqlite3.connect(path) as check:
        assert user_version(check) == 1


def test_an_unusable_folder_keeps_records_in_memory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    opened = open_records(blocker / "records.sqlite3")
    assert opened.message is not None and not opened.records.persistent
    assert blocker.read_text() == "a file where the folder should be"
    opened.records.close()


@pytest.mark.slow
def test_a_database_whose_check_finds_problems_is_kept_and_replaced(tmp_path):
    path = tmp_path / "records.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("CREATE TABLE t (x)")
    conn.execute("CREATE INDEX t_x ON t (x)")
    conn.executemany("INSERT INTO t VALUES (?)", [(str(i) * 50,) for i in range(500)])
    # Forget the index without freeing its pages: the file reads, but its check fails.
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("DELETE FROM sqlite_master WHERE name = 't_x'")
    conn.close()
    opened = open_records(path)
    assert opened.message is not None and "never used" in opened.message
    assert opened.message.count("\n") == 0
    assert opened.backup is not None and opened.records.persistent
    opened.records.close()


def test_a_bad_file_that_cannot_be_set_aside_leaves_records_in_memory(tmp_path, monkeypatch):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"not a database" * 100)

    def refuse(self, target):
        raise PermissionError("read-only folder")

    monkeypatch.setattr(Path, "rename", refuse)
    opened = open_records(path)
    assert opened.message is not None and "nor replaced" in opened.message
    assert not opened.records.persistent and opened.backup is None
    assert path.read_bytes() == b"not a database" * 100
    opened.records.close()


def test_version_1_rules_that_no_longer_load_keep_the_default_target(tmp_path):
    path = tmp_path / "records.sqlite3"
    _v1_file(path)
    with sqlite3.connect(path) as conn:
        conn.execute('UPDATE games SET rules = \'{"preset": "gone"}\'')
    opened = open_records(path)
    target = opened.records.conn.execute("SELECT target_score FROM games").fetchone()[0]
    assert target == 5000
    opened.records.close()


def test_migration_to_version_6_marks_every_game_against_a_network_player_online(tmp_path):
    path = tmp_path / "records.sqlite3"
    _v1_file(path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(
        "INSERT INTO games (id, profile_id, started_at, ended_at, rules_preset, rules_digest, "
        "rules, opponent_kind, opponent, seat, first_dealer, seed, score_for, score_against, "
        "result) VALUES (2, 1, '2020-01-02T00:00:00Z', '2020-01-02T01:00:00Z', "
        "'classic', 'd', '{}', 'network', 'Ana', 0, 0, NULL, 5000, 3000, 'won')"
    )
    conn.close()
    opened = open_records(path)
    assert opened.message is None
    online = opened.records.conn.execute("SELECT id, online FROM games ORDER BY id").fetchall()
    assert online == [(1, 0), (2, 1)]
