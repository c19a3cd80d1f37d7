"""Players on this computer: create, rename, switch, remove, and each one's own preferences.

A profile is a name (unique whatever its letter case, at most `PLAYER_NAME_MAX` printable
characters) with its own scoreboard and a preferences blob (the JSON object the options screen
saves). One profile is always current; on first start it is created silently and named after the
login. The current profile cannot be removed (switch first, as in UG 4.3.2), and removing one takes
its games with it.
"""

from __future__ import annotations

import getpass
import json
import sqlite3
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from game.settings import PLAYER_NAME_MAX


class Records(Protocol):
    """What profiles need of the open store (`store.Records`), named here so that the store can
    create the first profile without an import cycle."""

    conn: sqlite3.Connection

    def now(self) -> str: ...

    def transaction(self) -> AbstractContextManager[Any]: ...


DEFAULT_NAME = "Player"
_CURRENT_KEY = "current_profile"


# Why a change of players is refused: whole sentences with named fields.
PROFILE_PROBLEMS: dict[str, str] = {
    "empty": "A player's name cannot be empty.",
    "long": "A player's name can be at most {most} characters long.",
    "unprintable": "A player's name can only hold printable characters.",
    "unknown": "There is no such player.",
    "taken": "There is already a player called {name}.",
    "current": "The current player cannot be removed: switch to another player first.",
}


class ProfileError(ValueError):
    """A profile change that cannot be made; the message says why, in a sentence: the sentence
    of `PROFILE_PROBLEMS[kind]` with `fields` filled in (kept apart, so that a screen can show
    the sentence in the player's language)."""

    def __init__(self, kind: str, **fields: object) -> None:
        super().__init__(PROFILE_PROBLEMS[kind].format(**fields))
        self.kind = kind
        self.fields = fields


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    created_at: str


def clean_name(name: str) -> str:
    """The name as stored, or ProfileError saying what is wrong with it."""
    text = " ".join(name.split())
    if not text:
        raise ProfileError("empty")
    if len(text) > PLAYER_NAME_MAX:
        raise ProfileError("long", most=PLAYER_NAME_MAX)
    if not text.isprintable():
        raise ProfileError("unprintable")
    return text


def login_name() -> str:
    """The name of the person logged in, made into a usable player name ("Player" if none)."""
    try:
        raw = getpass.getuser()
    except (OSError, KeyError, ImportError):
        return DEFAULT_NAME
    text = "".join(ch for ch in raw if ch.isprintable()).strip()[:PLAYER_NAME_MAX].strip()
    return text or DEFAULT_NAME


def _row(row: tuple[Any, ...]) -> Profile:
    return Profile(int(row[0]), str(row[1]), str(row[2]))


def ensure_default_profile(conn: sqlite3.Connection, now: str) -> None:
    """First start: one profile named after the login, and it is the current one."""
    if conn.execute("SELECT 1 FROM profiles LIMIT 1").fetchone() is None:
        conn.execute("INSERT INTO profiles (name, created_at) VALUES (?, ?)", (login_name(), now))
    current = conn.execute(
        "SELECT 1 FROM settings s JOIN profiles p ON p.id = CAST(s.value AS INTEGER) "
        "WHERE s.key = ?",
        (_CURRENT_KEY,),
    ).fetchone()
    if current is None:
        first = conn.execute("SELECT MIN(id) FROM profiles").fetchone()[0]
        conn.execute(
            "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (_CURRENT_KEY, str(first))
        )


def profiles(records: Records) -> list[Profile]:
    """Every profile, by name."""
    rows = records.conn.execute(
        "SELECT id, name, created_at FROM profiles ORDER BY name COLLATE NOCASE"
    ).fetchall()
    return [_row(r) for r in rows]


def get_profile(records: Records, profile_id: int) -> Profile:
    row = records.conn.execute(
        "SELECT id, name, created_at FROM profiles WHERE id = ?", (profile_id,)
    ).fetchone()
    if row is None:
        raise ProfileError("unknown")
    return _row(row)


def current_profile(records: Records) -> Profile:
    row = records.conn.execute(
        "SELECT p.id, p.name, p.created_at FROM settings s "
        "JOIN profiles p ON p.id = CAST(s.value AS INTEGER) WHERE s.key = ?",
        (_CURRENT_KEY,),
    ).fetchone()
    if row is None:
        # Only a file edited by hand gets here; repair it rather than fail.
        ensure_default_profile(records.conn, records.now())
        return current_profile(records)
    return _row(row)


def _check_free(records: Records, name: str, except_id: int | None = None) -> None:
    row = records.conn.execute(
        "SELECT id FROM profiles WHERE name = ? COLLATE NOCASE", (name,)
    ).fetchone()
    if row is not None and row[0] != except_id:
        raise ProfileError("taken", name=name)


def create_profile(records: Records, name: str) -> Profile:
    text = clean_name(name)
    with records.transaction() as conn:
        _check_free(records, text)
        cursor = conn.execute(
            "INSERT INTO profiles (name, created_at) VALUES (?, ?)", (text, records.now())
        )
    assert cursor.lastrowid is not None
    return get_profile(records, cursor.lastrowid)


def rename_profile(records: Records, profile_id: int, name: str) -> Profile:
    """A new name; the scoreboard and preferences stay with the player (UG 4.3.1)."""
    text = clean_name(name)
    get_profile(records, profile_id)
    with records.transaction() as conn:
        _check_free(records, text, except_id=profile_id)
        conn.execute("UPDATE profiles SET name = ? WHERE id = ?", (text, profile_id))
    return get_profile(records, profile_id)


def switch_profile(records: Records, profile_id: int) -> Profile:
    profile = get_profile(records, profile_id)
    records.conn.execute(
        "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
        (_CURRENT_KEY, str(profile_id)),
    )
    return profile


def remove_profile(records: Records, profile_id: int) -> None:
    """Delete a player with their games and preferences; the current player cannot be removed."""
    get_profile(records, profile_id)
    if current_profile(records).id == profile_id:
        raise ProfileError("current")
    with records.transaction() as conn:
        conn.execute("DELETE FROM profiles WHERE id = ?", (profile_id,))


def preferences(records: Records, profile_id: int) -> dict[str, Any]:
    """The player's saved preferences object ({} until first saved)."""
    row = records.conn.execute(
        "SELECT preferences FROM profiles WHERE id = ?", (profile_id,)
    ).fetchone()
    if row is None:
        raise ProfileError("unknown")
    try:
        data = json.loads(row[0])
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def save_preferences(records: Records, profile_id: int, data: dict[str, Any]) -> None:
    get_profile(records, profile_id)
    text = json.dumps(data, sort_keys=True, ensure_ascii=False)
    records.conn.execute("UPDATE profiles SET preferences = ? WHERE id = ?", (text, profile_id))
