"""Players: create, rename, switch, remove, names, and each player's own preferences."""

from __future__ import annotations

import pytest

from game.records import (
    Opponent,
    ProfileError,
    create_profile,
    current_profile,
    preferences,
    profiles,
    remove_profile,
    rename_profile,
    save_preferences,
    switch_profile,
)
from game.settings import PLAYER_NAME_MAX

from .history import add_game, hand


def test_created_players_are_listed_by_name(records):
    create_profile(records, "zoe")
    create_profile(records, "  Ann   Lee ")
    names = [p.name for p in profiles(records)]
    assert "Ann Lee" in names and "zoe" in names
    assert names == sorted(names, key=str.lower)


@pytest.mark.parametrize("bad", ["", "   ", "x" * (PLAYER_NAME_MAX + 1), "tab\u0007bell"])
def test_unusable_names_are_refused_with_a_reason(records, bad):
    with pytest.raises(ProfileError) as err:
        create_profile(records, bad)
    assert str(err.value).endswith(".")


def test_names_are_unique_whatever_their_case(records):
    create_profile(records, "Ann")
    with pytest.raises(ProfileError, match="already a player called ANN"):
        create_profile(records, "ANN")


def test_rename_keeps_the_scoreboard_and_preferences(records):
    ann = create_profile(records, "Ann")
    save_preferences(records, ann.id, {"sound_volume": 30})
    add_game(records, Opponent.computer("expert"), [hand(1, (5000, 10))], 0, profile_id=ann.id)
    renamed = rename_profile(records, ann.id, "Annie")
    assert renamed.id == ann.id and renamed.name == "Annie"
    assert preferences(records, ann.id) == {"sound_volume": 30}
    count = records.conn.execute(
        "SELECT COUNT(*) FROM games WHERE profile_id = ?", (ann.id,)
    ).fetchone()[0]
    assert count == 1


def test_rename_to_own_name_in_other_case_is_allowed_but_not_to_anothers(records):
    ann = create_profile(records, "Ann")
    create_profile(records, "Bob")
    assert rename_profile(records, ann.id, "ANN").name == "ANN"
    with pytest.raises(ProfileError):
        rename_profile(records, ann.id, "bob")


def test_switch_changes_the_current_player_and_survives_reopening(tmp_path):
    from game.records import open_records

    path = tmp_path / "r.sqlite3"
    records = open_records(path).records
    bob = create_profile(records, "Bob")
    switch_profile(records, bob.id)
    assert current_profile(records) == bob
    records.close()
    again = open_records(path).records
    assert current_profile(again).name == "Bob"
    again.close()


def test_the_current_player_cannot_be_removed(records):
    me = current_profile(records)
    with pytest.raises(ProfileError, match="switch to another player"):
        remove_profile(records, me.id)
    assert me in profiles(records)


def test_removing_a_player_removes_their_games_and_hands(records):
    bob = create_profile(records, "Bob")
    add_game(records, Opponent.computer("expert"), [hand(1, (5000, 10))], 0, profile_id=bob.id)
    remove_profile(records, bob.id)
    assert bob not in profiles(records)
    for table in ("games", "hands", "hand_scores", "replays"):
        assert records.conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] == 0


def test_unknown_players_are_reported(records):
    for call in (
        lambda: switch_profile(records, 999),
        lambda: remove_profile(records, 999),
        lambda: rename_profile(records, 999, "X"),
        lambda: preferences(records, 999),
        lambda: save_preferences(records, 999, {}),
    ):
        with pytest.raises(ProfileError, match="no such player"):
            call()


def test_each_player_has_their_own_preferences(records):
    me = current_profile(records)
    bob = create_profile(records, "Bob")
    assert preferences(records, bob.id) == {}
    save_preferences(records, me.id, {"skill_level": "master", "rules": {"preset": "classic"}})
    save_preferences(records, bob.id, {"skill_level": "beginner"})
    assert preferences(records, me.id)["skill_level"] == "master"
    assert preferences(records, bob.id) == {"skill_level": "beginner"}


def test_damaged_preferences_read_as_empty(records):
    me = current_profile(records)
    records.conn.execute("UPDATE profiles SET preferences = '[1, 2' WHERE id = ?", (me.id,))
    assert preferences(records, me.id) == {}
    records.conn.execute("UPDATE profiles SET preferences = '[1, 2]' WHERE id = ?", (me.id,))
    assert preferences(records, me.id) == {}


def test_a_lost_current_player_setting_is_repaired(records):
    records.conn.execute("DELETE FROM settings")
    assert current_profile(records).id == min(p.id for p in profiles(records))
