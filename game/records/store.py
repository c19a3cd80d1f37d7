"""Opening the records database so that nothing about the file can stop the game.

`open_records()` finds `records.sqlite3` in the data folder (or takes an explicit path), brings its
schema up to date and returns a `Records` handle with a message for the player when something was
wrong. A file that cannot be read (not a database, damaged pages, no permission) is renamed to a
timestamped backup beside it, never overwritten, and a fresh database is started; at most
`KEEP_BACKUPS` such backups are kept. A file from a newer version of the game is left untouched
and this session keeps its records in memory, as it does when the folder cannot be written or the
file is held by another running copy of the game. The connection runs in autocommit mode with WAL
journaling and foreign keys on; `Records.transaction()` groups writes.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from game import settings
from game.logic.phrase import phrase

from .profiles import ensure_default_profile
from .schema import SCHEMA_VERSION, migrate, user_version

log = logging.getLogger(__name__)

RECORDS_FILE = "records.sqlite3"
BACKUP_MARK = ".damaged-"
KEEP_BACKUPS = 5
BUSY_TIMEOUT_S = 2.0
TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"
CACHE_KIB = 32 * 1024

Clock = Callable[[], datetime]


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


def default_path() -> Path:
    return settings.data_dir() / RECORDS_FILE


class Records:
    """An open records database: the connection, where it lives and the clock it stamps with."""

    def __init__(self, conn: sqlite3.Connection, path: Path | None, clock: Clock = _utc_now):
        self.conn = conn
        # None when this session's records live only in memory.
        self.path = path
        self.clock = clock
        # The last write that failed, in words for the player; writes never raise into the game.
        self.last_error: str | None = None

    @property
    def persistent(self) -> bool:
        return self.path is not None

    def now(self) -> str:
        return self.clock().astimezone(timezone.utc).strftime(TIME_FORMAT)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All writes inside land together or not at all."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()


@dataclass
class OpenedRecords:
    """What `open_records` gives: the database, and a sentence for the player if needed."""

    records: Records
    message: str | None = None
    backup: Path | None = None


def _connect(path: Path | str, uri: bool = False) -> sqlite3.Connection:
    # isolation_level=None: transactions are explicit (Records.transaction, migrate).
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S, uri=uri)
    conn.execute("PRAGMA foreign_keys = ON")
    # With WAL, NORMAL survives any crash of the game; only a power cut can lose the last commit.
    conn.execute("PRAGMA synchronous = NORMAL")
    # Statistics scan a career's worth of index pages: keep them in memory once read.
    conn.execute(f"PRAGMA cache_size = -{CACHE_KIB}")
    return conn


def _prepare(conn: sqlite3.Connection) -> None:
    migrate(conn)
    ensure_default_profile(conn, _utc_now().strftime(TIME_FORMAT))


def _in_memory(clock: Clock) -> Records:
    conn = _connect(":memory:")
    _prepare(conn)
    return Records(conn, None, clock)


def _is_busy(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _open_file(path: Path, clock: Clock) -> Records | int:
    """The database at `path`, or the newer schema version it has (then left untouched)."""
    conn = _connect(path)
    try:
        # Reading the header and the pages writes nothing: a file is checked before it is changed.
        version = user_version(conn)
        if version > SCHEMA_VERSION:
            conn.close()
            return version
        check = str(conn.execute("PRAGMA quick_check").fetchone()[0])
        if check != "ok":
            # The report can list hundreds of pages; the player needs only the first.
            problems = [line for line in check.splitlines() if not line.startswith("***")]
            raise sqlite3.DatabaseError(f"damaged: {(problems or [check])[0]}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if mode != "wal":
            log.warning("records: journal mode is %s, not WAL", mode)
        _prepare(conn)
    except BaseException:
        conn.close()
        raise
    return Records(conn, path, clock)


def _backup_order(path: Path, backup: Path) -> tuple[str, int]:
    """(timestamp, serial) of a backup's name: the order in which backups were set aside."""
    tail = backup.name[len(path.name) + len(BACKUP_MARK) :]
    stamp, _, serial = tail.partition("-")
    return stamp, int(serial) if serial.isdigit() else 1


def backups(path: Path) -> list[Path]:
    """The damaged files set aside beside `path`, oldest first."""
    found = [
        p
        for p in path.parent.glob(f"{path.name}{BACKUP_MARK}*")
        if not p.name.endswith(("-wal", "-shm"))
    ]
    return sorted(found, key=lambda p: _backup_order(path, p))


def _backup_name(path: Path, clock: Clock) -> Path:
    """A name no backup has had: the time, and a serial above any other of the same second."""
    stamp = clock().astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    serials = [s for t, s in (_backup_order(path, b) for b in backups(path)) if t == stamp]
    if not serials:
        return path.with_name(f"{path.name}{BACKUP_MARK}{stamp}")
    return path.with_name(f"{path.name}{BACKUP_MARK}{stamp}-{max(serials) + 1}")


def _set_aside(path: Path, clock: Clock) -> Path:
    """Rename the bad file (and its WAL companions, which belong to it) to a fresh backup name."""
    backup = _backup_name(path, clock)
    path.rename(backup)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(backup.with_name(backup.name + suffix))
    for old in backups(path)[:-KEEP_BACKUPS]:
        for victim in (old, old.with_name(old.name + "-wal"), old.with_name(old.name + "-shm")):
            victim.unlink(missing_ok=True)
    return backup


def open_records(path: str | Path | None = None, clock: Clock = _utc_now) -> OpenedRecords:
    """Open (creating if needed) the records database; never raises for a bad file."""
    target = Path(path) if path is not None else default_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        opened = _open_file(target, clock)
    except sqlite3.Error as exc:
        if _is_busy(exc):
            message = phrase(
                "The records file {path} is in use by another copy of Canasta; this session's "
                "games will not be recorded.",
                path=target,
            )
            log.warning("records: %s", message)
            return OpenedRecords(_in_memory(clock), message)
        return _start_afresh(target, clock, exc)
    except OSError as exc:
        message = phrase(
            "The records folder {path} cannot be used ({error}); this session's games will not "
            "be recorded.",
            path=target.parent,
            error=exc,
        )
        log.warning("records: %s", message)
        return OpenedRecords(_in_memory(clock), message)
    if isinstance(opened, int):
        message = phrase(
            "The records file {path} was written by a newer version of Canasta (records "
            "version {version}; this version reads up to {most}). It was left untouched; this "
            "session's games will not be recorded.",
            path=target,
            version=opened,
            most=SCHEMA_VERSION,
        )
        log.warning("records: %s", message)
        return OpenedRecords(_in_memory(clock), message)
    return OpenedRecords(opened)


def _start_afresh(target: Path, clock: Clock, exc: Exception) -> OpenedRecords:
    try:
        backup = _set_aside(target, clock)
        fresh = _open_file(target, clock)
    except (OSError, sqlite3.Error) as again:
        message = phrase(
            "The records file {path} could not be read ({error}) nor replaced ({again}); this "
            "session's games will not be recorded.",
            path=target,
            error=exc,
            again=again,
        )
        log.warning("records: %s", message)
        return OpenedRecords(_in_memory(clock), message)
    assert isinstance(fresh, Records)  # a file just created has the current version
    message = phrase(
        "The records file could not be read ({error}). It was kept as {backup} and a new, empty "
        "one was started.",
        error=exc,
        backup=backup.name,
    )
    log.warning("records: %s", message)
    return OpenedRecords(fresh, message, backup)
