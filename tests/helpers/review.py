"""A recorded game to review: the arena hand of tests/logic/data (Master in seat 0 against
Carefree) kept in the records, and a review of it with one costly moment, as the review screen
stores it."""

from __future__ import annotations

import json
from typing import Any

from game.logic import Draw
from game.logic.replay import game_from_replay
from game.logic.review.decisions import Decision, decisions
from game.logic.review.judge import Judgement
from game.logic.review.report import habit_counts, habits_said, moment
from game.records import Ending, Opponent, Records, setup_from_replay, start_game
from tests.helpers.paths import ROOT

REPLAY = ROOT / "tests" / "logic" / "data" / "seed7-deal0-7000021-master-carefree.json"
# Action 57: seat 0 takes a pile of 12 cards with its two Nines.
TAKES_THE_PILE = 57


def arena_hand() -> dict[str, Any]:
    return dict(json.loads(REPLAY.read_text(encoding="utf-8")))


def record_arena_hand(records: Records) -> int:
    """The arena hand kept as a game of the current player (seat 0); its id."""
    doc = arena_hand()
    recorder = start_game(records, setup_from_replay(doc), Opponent.computer("carefree"), 0)
    recorder.finish_game(doc, Ending.ABANDONED)
    assert recorder.game_id is not None
    return recorder.game_id


def review_with_a_blunder() -> dict[str, Any]:
    """A review of the arena hand whose one moment is drawing instead of taking that pile
    (worth 200 points), with the habits of that decision."""
    game, actions = game_from_replay(arena_hand())
    found = next(d for d in decisions(game, actions, 0) if d.index == TAKES_THE_PILE)
    took = found.played
    drew = Decision(found.index, found.view, (Draw(),), found.model, True)
    judged = Judgement(drew, ((Draw(),), took), (0.0, 200.0), 0, 1, 200.0, 40.0)
    return {
        "seat": 0,
        "decisions": 32,
        "accuracy": 96.9,
        "points_lost": 200,
        "moments": [moment(judged).to_dict()],
        "habits": [str(habit) for habit in habits_said(habit_counts([judged]))],
        "habit_counts": habit_counts([judged]),
    }
