"""The player at the keyboard: the open records, the current profile and its preferences.

The app holds one `PlayerSession`. It owns the records database for the whole run, says which
profile is playing and turns that profile's stored preferences into `Preferences` (and back).
Preferences are per player; the JSON preferences file is still written as the last player's
settings, so a session whose records live only in memory (a damaged folder, a file from a newer
version) starts with the same settings. On first start the only player takes over the existing
`preferences.json`, so nothing set before players existed is lost. No pygame here.
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from game.settings import Preferences, load_preferences

from .profiles import (
    DEFAULT_NAME,
    Profile,
    ProfileError,
    current_profile,
    preferences,
    profiles,
    rename_profile,
    save_preferences,
    switch_profile,
)
from .store import OpenedRecords, Records, _in_memory, _utc_now

log = logging.getLogger(__name__)


def in_memory() -> OpenedRecords:
    """Records that live only as long as this run (tests, and screens without a database)."""
    return OpenedRecords(_in_memory(_utc_now))


class PlayerSession:
    """The open records and the profile playing now."""

    def __init__(self, opened: OpenedRecords, legacy_preferences: Path | None = None) -> None:
        self.records: Records = opened.records
        # A sentence for the player about the database (damaged, newer version), shown once.
        self.message = opened.message
        self.legacy_preferences = legacy_preferences

    @property
    def profile(self) -> Profile:
        return current_profile(self.records)

    def load_preferences(self) -> tuple[Preferences, list[str]]:
        """The current player's preferences (and warnings about fields that were replaced)."""
        profile = self.profile
        stored = preferences(self.records, profile.id)
        if stored:
            prefs, warnings = Preferences.from_json(stored)
        elif len(profiles(self.records)) == 1 and self.legacy_preferences is not None:
            # The first player inherits what was set before there were players, name too.
            prefs, warnings = load_preferences(self.legacy_preferences)
            if prefs.player_name not in ("", DEFAULT_NAME):
                try:
                    profile = rename_profile(self.records, profile.id, prefs.player_name)
                except ProfileError as exc:
                    log.info("the earlier name %r was not taken: %s", prefs.player_name, exc)
            self._store(profile.id, prefs)
        else:
            prefs, warnings = Preferences(), []
        prefs.player_name = profile.name
        return prefs, warnings

    def save(self, prefs: Preferences) -> None:
        """Keep `prefs` as the current player's; a name changed in the options renames them."""
        profile = self.profile
        if prefs.player_name != profile.name:
            try:
                rename_profile(self.records, profile.id, prefs.player_name)
            except ProfileError as exc:
                log.info("the name %r was not taken: %s", prefs.player_name, exc)
                prefs.player_name = profile.name
        self._store(profile.id, prefs)

    def _store(self, profile_id: int, prefs: Preferences) -> None:
        try:
            save_preferences(self.records, profile_id, prefs.to_json())
        except (sqlite3.Error, ProfileError) as exc:  # the settings still apply this run
            log.warning("could not keep the preferences in the records: %s", exc)

    def switch(self, profile_id: int) -> Preferences:
        """Make another player current and return their preferences."""
        switch_profile(self.records, profile_id)
        return self.load_preferences()[0]

    def close(self) -> None:
        self.records.close()
