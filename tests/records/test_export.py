"""Exports: a game's replay file and the history as CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest

from game.logic import Rules
from game.logic.replay import load_replay, replay_document
from game.records import (
    CSV_COLUMNS,
    DealSource,
    GameFilter,
    GameSetup,
    Opponent,
    export_history_csv,
    export_replay,
    start_game,
    write_history_csv,
)

from . import known
from .history import add_game, hand, play_game


def test_exported_replay_is_the_replay_format_and_replays(records, tmp_path):
    rules = Rules.from_dict({"preset": "classic", "target_score": 3000})
    game = play_game(8, rules)
    doc = replay_document(game)
    recorder = start_game(records, GameSetup(rules, 0, DealSource(seed=8)), Opponent.peer("B"))
    recorder.finish_game(doc)
    path = export_replay(records, recorder.game_id, tmp_path / "out" / "game.json")
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved == doc
    result = load_replay(saved)
    assert result.error is None and result.game.state_hash() == game.state_hash()


def test_exporting_a_game_without_replay_says_so(records, tmp_path):
    with pytest.raises(KeyError):
        export_replay(records, 77, tmp_path / "x.json")


def test_history_csv_has_every_game_newest_first(records, tmp_path):
    ids = known.build(records)
    path = tmp_path / "history.csv"
    assert export_history_csv(records, path) == 7
    with open(path, encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [int(r["game"]) for r in rows] == [
        ids[g] for g in ("g7", "g6", "g5", "g4", "g3", "g2", "g1")
    ]
    g6 = rows[1]
    assert (g6["opponent"], g6["result"], g6["score_for"], g6["margin"]) == (
        "Bob",
        "lost",
        "4000",
        "-1500",
    )
    assert rows[2]["restarted"] == "1" and rows[0]["practice"] == "1"


def test_history_csv_quotes_awkward_names(records):
    name = 'Bob "the, Dealer"\nJr'
    add_game(records, Opponent.peer(name), [hand(1, (5000, 20))], 0)
    out = io.StringIO(newline="")
    assert write_history_csv(records, out) == 1
    rows = list(csv.reader(io.StringIO(out.getvalue(), newline="")))
    assert rows[1][CSV_COLUMNS.index("opponent")] == name


def test_history_csv_follows_the_filter_and_pages_through_everything(records, monkeypatch):
    monkeypatch.setattr("game.records.export._EXPORT_PAGE", 3)
    for i in range(7):
        add_game(
            records, Opponent.computer("expert" if i % 2 else "master"), [hand(1, (5000, 0))], 0
        )
    out = io.StringIO(newline="")
    assert write_history_csv(records, out) == 7
    out = io.StringIO(newline="")
    assert write_history_csv(records, out, GameFilter(opponent="expert")) == 3
    assert out.getvalue().count("expert") == 3
