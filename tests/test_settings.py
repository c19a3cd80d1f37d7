"""Preferences survive a round trip, are written atomically, and a bad file never stops the game."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game import settings
from game.settings import Preferences, atomic_write_json, load_preferences


def test_preferences_round_trip_through_disk(user_dirs: tuple[Path, Path]) -> None:
    prefs = Preferences(
        player_name="Meg",
        animation_speed="fast",
        sound_volume=35,
        music_enabled=False,
        hand_sorting="rank_groups",
        meld_layout="length",
        skill_level="master",
        aggressiveness=85,
        window_size=(1600, 900),
        last_join_address="192.0.2.7:4000",
        rules={"stock_draw": 1},
    )
    path = prefs.save()
    assert path == user_dirs[0] / "preferences.json"
    loaded, warnings = load_preferences()
    assert warnings == []
    assert loaded == prefs


def test_config_dir_can_be_overridden_by_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("CANASTA_CONFIG_DIR", str(tmp_path / "x"))
    assert settings.config_dir() == tmp_path / "x"


def test_linux_config_dir_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CANASTA_CONFIG_DIR", raising=False)
    monkeypatch.setattr(settings.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert settings.config_dir() == tmp_path / "canasta"


def test_missing_file_gives_defaults_without_warnings(user_dirs: tuple[Path, Path]) -> None:
    prefs, warnings = load_preferences()
    assert prefs == Preferences() and warnings == []


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "save.json"
    atomic_write_json(target, {"a": 1})
    atomic_write_json(target, {"a": 2, "b": [1, 2]})
    assert json.loads(target.read_text()) == {"a": 2, "b": [1, 2]}
    assert os.listdir(target.parent) == ["save.json"]


def test_a_failed_atomic_write_keeps_the_old_file_and_cleans_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "save.json"
    atomic_write_json(target, {"version": 1})

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(settings.os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_json(target, {"version": 2})
    assert json.loads(target.read_text()) == {"version": 1}
    assert os.listdir(tmp_path) == ["save.json"]


def test_corrupt_file_gives_defaults_and_is_kept_as_bak(user_dirs: tuple[Path, Path]) -> None:
    path = settings.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"player_name": "Meg", "sound_vol', encoding="utf-8")
    prefs, warnings = load_preferences()
    assert prefs == Preferences()
    assert any("not valid JSON" in w for w in warnings)
    backup = path.with_name("preferences.json.bak")
    assert backup.read_text(encoding="utf-8") == '{"player_name": "Meg", "sound_vol'


def test_bad_fields_fall_back_alone_and_good_fields_are_kept(user_dirs: tuple[Path, Path]) -> None:
    path = settings.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {
                "player_name": "Meg",
                "sound_volume": 250,
                "music_enabled": "yes",
                "skill_level": "grandmaster",
                "aggressiveness": 70,
                "window_size": [10, 10],
                "surprise": 1,
            }
        ),
        encoding="utf-8",
    )
    prefs, warnings = load_preferences()
    assert prefs.player_name == "Meg" and prefs.aggressiveness == 70
    assert prefs.sound_volume == Preferences().sound_volume
    assert prefs.music_enabled is True
    assert prefs.skill_level == Preferences().skill_level
    assert prefs.window_size == (1280, 720)
    assert len([w for w in warnings if "setting" in w]) == 5
    assert path.with_name("preferences.json.bak").exists()


def test_a_file_that_is_not_an_object_gives_defaults(user_dirs: tuple[Path, Path]) -> None:
    path = settings.preferences_path()
    path.parent.mkdir(parents=True)
    path.write_text("[1, 2, 3]", encoding="utf-8")
    prefs, warnings = load_preferences()
    assert prefs == Preferences() and warnings


def test_animation_speed_off_means_factor_zero() -> None:
    assert Preferences(animation_speed="off").animation_factor == 0.0
    assert Preferences(animation_speed="fast").animation_factor > 1.0


def test_the_default_skill_is_the_computer_opponent_s_own_default() -> None:
    from game.logic.ai import DEFAULT_LEVEL, LEVELS
    from game.settings import SKILL_LEVELS

    assert Preferences().skill_level == DEFAULT_LEVEL
    assert SKILL_LEVELS == LEVELS


def test_the_default_lobby_is_the_public_broker_and_its_levels_are_the_lobbys() -> None:
    from game.netplay.lobby import DEFAULT_BROKER, LEVELS
    from game.settings import LOBBY_LEVELS

    assert Preferences().lobby_broker == DEFAULT_BROKER
    assert tuple(LEVELS) == LOBBY_LEVELS


@pytest.mark.parametrize(
    "seats",
    [
        {"west": "you"},  # only South is the person's
        {"up": "expert"},
        {"north": "grandmaster"},
        ["west", "expert"],
    ],
)
def test_seat_players_name_known_seats_and_levels_or_fall_back(seats: object) -> None:
    prefs, warnings = Preferences.from_json({"seat_players": seats, "skill_level": "expert"})
    assert prefs.seat_players == {} and prefs.skill_level == "expert"
    assert len(warnings) == 1 and "seat_players" in warnings[0]
    good = {"south": "you", "west": "master", "east": "carefree"}
    assert Preferences.from_json({"seat_players": good})[0].seat_players == good


# Every preference of the User Guide's panels added with the Options pages Cards, Colours, Play
# and QuickSet, the language, speech and the card back, each at a value other than its default.
CHOSEN = {
    "language": "de",
    "speech_enabled": True,
    "speech_volume": 35,
    "speech_stop_when_interrupted": False,
    "card_back": "stars",
    "meld_layout": "fixed",
    "felt_colour": "burgundy",
    "panel_colour": "navy",
    "text_colour": "yellow",
    "index_notation": "dutch",
    "deck_design": "large_index",
    "wide_hand_spreads": True,
    "canasta_tints": False,
    "pile_tints": False,
    "cut_for_deal": True,
    "quick_deal": True,
    "quiet_deal": True,
    "refusals_in_dialog": True,
    "tooltips": False,
    "confirm_new_game": False,
    "start_reminders": False,
    "drag_and_drop": False,
    "resume_at_start": True,
    "autosave": False,
}


def test_the_new_preferences_survive_a_restart_and_a_damaged_file(
    user_dirs: tuple[Path, Path],
) -> None:
    defaults = Preferences()
    assert all(getattr(defaults, key) != value for key, value in CHOSEN.items())
    Preferences(**CHOSEN).save()  # type: ignore[arg-type]
    loaded, warnings = load_preferences()
    assert warnings == [] and all(getattr(loaded, k) == v for k, v in CHOSEN.items())
    # A damaged file: each bad value falls back alone, the good ones are kept.
    damaged = dict(
        CHOSEN, felt_colour="plaid", quick_deal="yes", index_notation=3, language="Deutsch!"
    )
    settings.preferences_path().write_text(json.dumps(damaged), encoding="utf-8")
    loaded, warnings = load_preferences()
    assert len(warnings) == 5  # four settings replaced, and where the original was kept
    assert loaded.felt_colour == "green" and loaded.quick_deal is False
    assert loaded.index_notation == "english" and loaded.language == ""
    replaced = ("felt_colour", "quick_deal", "index_notation", "language")
    kept = {k: v for k, v in CHOSEN.items() if k not in replaced}
    assert all(getattr(loaded, k) == v for k, v in kept.items())
