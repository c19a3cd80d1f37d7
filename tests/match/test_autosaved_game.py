"""A game against the computer in progress: who sits where, turn marks, going back a turn, and the autosave file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.logic import Discard, Draw, Game, Rules
from game.logic.cards import CARD_CODE, IS_WILD
from game.match.autosaved_game import (
    AutosaveWriter,
    LocalGame,
    SavedGameError,
    autosave_path,
    load_autosave,
)
from game.settings import Preferences


def play_a_round(local: LocalGame) -> None:
    """The person draws and discards; the other seat does the same."""
    for _ in range(2):
        game = local.game
        local.apply(Draw())
        card = next(c for c in game.players[game.to_move].hand if not IS_WILD[c])
        local.apply(Discard(CARD_CODE[card]))


def test_a_new_local_game_puts_the_person_in_seat_0_against_the_chosen_level() -> None:
    local = LocalGame.new(seed=3, level="beginner")
    assert local.seats == ("human", "computer") and local.levels[1] == "beginner"
    assert not local.autoplay
    watched = LocalGame.new(seed=3, level="expert", autoplay=True)
    assert watched.autoplay and watched.levels == ("expert", "expert")


def test_unusable_rule_preferences_fall_back_to_classic_with_a_warning() -> None:
    prefs = Preferences(rules={"special_melds": True})  # needs a 13-card deal
    local, warning = LocalGame.from_preferences(prefs, seed=1)
    assert local.game.rules == Rules() and "Classic" in warning


def test_the_person_s_turns_are_marked_and_can_be_gone_back_to() -> None:
    local = LocalGame(Game(seed=6))
    play_a_round(local)
    marks = local.earlier_turns()
    assert [m.turn_no for m in marks] == [1]
    hand = sorted(local.game.players[0].hand)
    local.rewind(marks[0])
    assert local.game.turn.no == 1 and not local.game.log
    assert sorted(local.game.players[0].hand) != hand  # the draw and discard are undone


def test_a_local_game_survives_a_round_trip_through_json() -> None:
    local = LocalGame(Game(Rules.preset("modern_american"), seed=2), levels=("master", "expert"))
    play_a_round(local)
    copy = LocalGame.from_json(json.loads(json.dumps(local.to_json())))
    assert copy.game.state_hash() == local.game.state_hash()
    assert copy.levels == ("master", "expert") and copy.marks == local.marks


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "not valid JSON"),
        ("[1, 2]", "not a saved Canasta game"),
        (
            '{"format": "canasta-autosave/1", "seats": ["human", "computer"], '
            '"levels": ["master", "genius"]}',
            "unknown skill level",
        ),
    ],
)
def test_a_damaged_autosave_raises_a_readable_error(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SavedGameError, match=words):
        load_autosave(path)


def test_an_autosave_whose_moves_do_not_replay_is_refused(tmp_path: Path) -> None:
    local = LocalGame(Game(seed=2))
    data = local.to_json()
    data["replay"]["actions"] = [{"type": "discard", "card": "AS"}]
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SavedGameError, match="move 1"):
        load_autosave(path)


def test_the_writer_saves_in_the_background_and_deletes_on_request(
    user_dirs: tuple[Path, Path],
) -> None:
    writer = AutosaveWriter()
    local = LocalGame(Game(seed=4))
    local.apply(Draw())
    writer.save(local)
    assert writer.flush()
    assert load_autosave().game.log == [{"type": "draw"}]
    writer.delete()
    assert writer.flush() and not autosave_path().exists()
    writer.close()
