"""The canasta-replay/2 file: loading, saving, the command-line tool (docs/replay-format.md)."""

import json
import subprocess
import sys

import pytest

from game.logic import Game, Meld, Rules, legal_actions
from game.logic.cards import CARD_CODE
from game.logic.replay import ReplayError, load_replay, position_summary, replay_document
from tests.helpers.paths import ROOT


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
        cwd=ROOT,
    )
    summary = json.loads(out.stdout)
    assert summary["phase"] == "play" and summary["to_move"] == 0 and summary["error"] is None
    assert len(summary["players"][0]["hand"]) == 17
    assert set(summary["players"][0]) == {
        "hand",
        "melds",
        "threes",
        "special_meld",
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
        [sys.executable, "-m", "game.logic.replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
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


def run_replay_tool(*args):
    return subprocess.run(
        [sys.executable, "-m", "game.logic.replay", *args], capture_output=True, text=True, cwd=ROOT
    )


def cards_in_summary(summary):
    count = summary["pile"]["size"] + summary["stock_size"]
    count += sum(len(talon) for talon in summary["talons"])
    for player in summary["players"]:
        count += len(player["hand"]) + len(player["threes"]) + len(player["special_meld"])
        count += sum(len(meld) for meld in player["melds"].values())
    return count


def test_the_printed_position_accounts_for_all_108_cards_with_talons_and_special_melds():
    from tests.helpers.scenario import position

    straight = "JK 2S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 9D"
    game = position(
        Rules.modern_american(),
        hands=(straight, "4D 5D"),
        threes=("3H", ""),
        opened=(False, False),
        phase="play",
    )
    game.talons = [game.stock[-4:], game.stock[-7:-4]]
    del game.stock[-7:]
    game.apply(Meld(tuple(straight.split()), "special"))
    summary = position_summary(game)
    assert sorted(summary["players"][0]["special_meld"]) == sorted(straight.split())
    assert [len(t) for t in summary["talons"]] == [4, 3]
    assert cards_in_summary(summary) == 108


def test_the_printed_position_of_a_fresh_modern_deal_shows_the_talons(tmp_path):
    doc = {"format": "canasta-replay/2", "rules": {"preset": "modern_american"}, "seed": 3}
    path = tmp_path / "modern.json"
    path.write_text(json.dumps(doc))
    summary = json.loads(run_replay_tool(str(path)).stdout)
    assert [len(t) for t in summary["talons"]] == [4, 3]
    assert cards_in_summary(summary) == 108


@pytest.mark.parametrize(
    "text, words",
    [
        ('{"format": "canasta-replay/2", "seed": 1, "first_player": 0.0}', "first_player"),
        ('{"format": "canasta-replay/2", "seed": 1, "first_player": true}', "first_player"),
        ('{"format": "canasta-replay/2", "seed": 1.0}', "seed"),
        ('{"format": "canasta-replay/2", "seed": true}', "seed"),
        ('{"format": "canasta-replay/2", "seed": 1, "scores": [0, 0.5]}', "scores"),
        ('{"format": "canasta-replay/2", "seed": 1, "scores": [false, 0]}', "scores"),
        ('{"format": "canasta-replay/2", "seed": 1, "rules": null}', "rules"),
        ('{"format": "canasta-replay/2", "seed": 1, "rules": [1]}', "rules"),
        ('{"format": "canasta-replay/2", "seed": 1, "rules": {"stock_draw": 2.0}}', "stock_draw"),
        ('{"format": "canasta-replay/2", "seed": 1, "rules": {"talons": 1}}', "talons"),
        ('{"format": ["canasta-replay/2"], "seed": 1}', "not a canasta-replay"),
        ('{"format": "canasta-replay/2", "seed": 1, "decks": [null]}', "decks"),
        ('{"format": "canasta-replay/2", "seed": 1, "actions": {}}', "actions"),
        ("[" * 100_000 + "]" * 100_000, "too deeply"),
        ("\udcff", "decode"),
    ],
)
def test_bad_replay_files_give_the_json_error_not_a_traceback(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text, errors="surrogateescape")
    out = run_replay_tool(str(path))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    error = json.loads(out.stdout)["error"]
    assert error["code"] == "bad_replay" and words in error["message"]


def test_replay_tool_help_prints_usage():
    out = run_replay_tool("--help")
    assert out.returncode == 0 and out.stdout.startswith("usage: python -m game.logic.replay")
    assert "FILE" in out.stdout.upper()


def test_replay_tool_without_a_file_prints_usage_and_fails():
    out = run_replay_tool()
    assert out.returncode == 2 and "usage:" in out.stderr
