"""The canasta-replay/2 file: loading, saving, the command-line tool (docs/replay-format.md)."""

import json
import subprocess
import sys

import pytest

from game.logic import Game, Rules, legal_actions
from game.logic.cards import CARD_CODE
from game.logic.replay import ReplayError, load_replay, position_summary, replay_document


def play_random(game, steps, seed=0):
    import random

    rng = random.Random(seed)
    for _ in range(steps):
        actions = legal_actions(game, include_undo=True)
        if not actions:
            break
        game.apply(rng.choice(actions))


def test_replay_document_rebuilds_the_identical_game():
    game = Game(Rules.modern_american(), seed=77)
    play_random(game, 120, seed=3)
    result = load_replay(json.loads(json.dumps(replay_document(game))))
    assert result.error is None
    assert result.game.state_hash() == game.state_hash()


def test_replay_with_an_explicit_deck():
    deck = list(range(108))
    game = Game(Rules(), deck=deck)
    play_random(game, 60, seed=1)
    doc = replay_document(game)
    assert doc["deck"] == [CARD_CODE[c] for c in deck] and "seed" not in doc
    assert load_replay(doc).game.state_hash() == game.state_hash()


def test_replay_stops_at_the_first_illegal_action():
    doc = {
        "format": "canasta-replay/2",
        "rules": {"preset": "classic"},
        "seed": 5,
        "actions": [{"type": "draw"}, {"type": "draw"}, {"type": "discard", "card": "AS"}],
    }
    result = load_replay(doc)
    assert result.applied == 1
    assert result.error["index"] == 1 and result.error["code"] == "already_drawn"


@pytest.mark.parametrize(
    "doc, words",
    [
        ([], "JSON object"),
        ({"format": "other"}, "not a canasta-replay/2"),
        ({"format": "canasta-replay/2"}, "needs a 'deck' or a 'seed'"),
        ({"format": "canasta-replay/2", "seed": 1, "rules": {"bogus": 1}}, "Unknown rule option"),
        ({"format": "canasta-replay/2", "deck": ["AS"] * 108}, "more than 2 times"),
        ({"format": "canasta-replay/2", "seed": 1, "scores": [1]}, "two whole numbers"),
        ({"format": "canasta-replay/2", "seed": 1, "extra": 1}, "Unknown field"),
    ],
)
def test_bad_replays_are_refused_with_a_clear_message(doc, words):
    with pytest.raises(ReplayError, match=words):
        load_replay(doc)


def test_next_hand_uses_the_decks_list_then_fails_without_a_seed():
    deck = list(range(108))
    game = Game(Rules(), deck=deck, decks=[deck[::-1]])
    game._end_hand("stock_exhausted", [])
    game.apply({"type": "next_hand"})
    assert game.hand_no == 2
    game._end_hand("stock_exhausted", [])
    with pytest.raises(Exception) as info:
        game.apply({"type": "next_hand"})
    assert info.value.code == "no_deck"


def test_replay_command_prints_the_position(tmp_path):
    doc = {
        "format": "canasta-replay/2",
        "rules": {"preset": "classic"},
        "scores": [0, 0],
        "first_player": 0,
        "seed": 12,
        "actions": [{"type": "draw"}],
    }
    path = tmp_path / "game.json"
    path.write_text(json.dumps(doc))
    out = subprocess.run(
        [sys.executable, "-m", "game.logic.replay", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["phase"] == "play" and summary["to_move"] == 0 and summary["error"] is None
    assert len(summary["players"][0]["hand"]) == 17
    assert set(summary["players"][0]) == {
        "hand",
        "melds",
        "threes",
        "canastas",
        "opened",
        "hand_score",
    }
    assert set(summary["pile"]) == {"size", "top", "frozen_for", "blocked"}
    assert summary["totals"] == [0, 0]


def test_replay_command_reports_a_broken_file(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    out = subprocess.run(
        [sys.executable, "-m", "game.logic.replay", str(path)], capture_output=True, text=True
    )
    assert out.returncode == 1 and json.loads(out.stdout)["error"]["code"] == "bad_replay"


def test_position_summary_shows_the_hand_score_after_the_hand():
    game = Game(Rules(), seed=3)
    game._end_hand("stock_exhausted", [])
    summary = position_summary(game)
    score = summary["players"][0]["hand_score"]
    assert set(score) == {
        "melded",
        "canasta_bonus",
        "going_out",
        "threes",
        "in_hand",
        "penalties",
        "total",
    }
    assert score["total"] == sum(v for k, v in score.items() if k != "total")
