"""Records benchmark: how fast the history and statistics screens open on a long career.

Fills a scratch database with `games` finished games of one player (every computer level, both
rule presets, a few network games, 2 to 11 hands each with full breakdowns, a real replay document
stored with each) through the same recorder the table uses, then times what the history screen
and the statistics screen read when they open: the first history page and the statistics per
opponent and overall. `open_ms` is the first (cold) such load on a freshly opened database;
`open_median_ms` the median of further loads. `connect_ms` is the time `open_records` takes to
check and open the file at start-up, reported apart.
"""

from __future__ import annotations

import random
import statistics as stats_module
import tempfile
import time
from pathlib import Path
from typing import Any

from game.logic import NextHand, Rules, legal_actions
from game.logic.engine import Game
from game.logic.replay import replay_document
from game.logic.scoring import ITEMS
from game.records import (
    DealSource,
    GameSetup,
    HandRecord,
    Opponent,
    Records,
    history_page,
    open_records,
    start_game,
    statistics_by_opponent,
)
from game.settings import SKILL_LEVELS

PRESETS = (Rules.classic(), Rules.modern_american())


def _sample_replay(seed: int) -> dict[str, Any]:
    """A real replay document of one played hand, stored with every game (realistic size)."""
    rng = random.Random(seed)
    game = Game(Rules(), seed=seed)
    while game.phase == "draw" or game.phase == "play":
        game.apply(rng.choice(legal_actions(game)))
    if game.phase == "hand_over":
        game.apply(NextHand())
    return replay_document(game)


def _hand(rng: random.Random, hand_no: int) -> HandRecord:
    scores = []
    for _ in range(2):
        score = dict.fromkeys(ITEMS, 0)
        score["melded"] = rng.randrange(0, 1200, 5)
        score["canasta_bonus"] = 300 * rng.randrange(0, 5)
        score["threes"] = 100 * rng.randrange(0, 3)
        score["in_hand"] = -rng.randrange(0, 200, 5)
        score["total"] = sum(score[item] for item in ITEMS)
        scores.append(score)
    went_out = rng.choice((0, 1, None))
    return HandRecord(
        hand_no=hand_no,
        scores=(scores[0], scores[1]),
        went_out=went_out,
        reason="went_out" if went_out is not None else "stock_out",
        turns=rng.randrange(10, 60),
        canastas=(rng.randrange(0, 5), rng.randrange(0, 5)),
        pile_takes=(rng.randrange(0, 6), rng.randrange(0, 6)),
    )


def fill(records: Records, games: int, seed: int = 1) -> int:
    """Record `games` finished games for the current player; returns the hands written."""
    rng = random.Random(seed)
    replay = _sample_replay(seed)
    written = 0
    for _ in range(games):
        rules = rng.choice(PRESETS)
        if rng.random() < 0.05:
            opponent = Opponent.peer(f"Peer {rng.randrange(20)}")
        else:
            opponent = Opponent.computer(rng.choice(SKILL_LEVELS))
        recorder = start_game(
            records,
            GameSetup(rules, rng.randrange(2), DealSource(seed=rng.getrandbits(63))),
            opponent,
            restarted=rng.random() < 0.02,
        )
        hands = [_hand(rng, n) for n in range(1, rng.randrange(3, 13))]
        totals = (sum(h.totals[0] for h in hands), sum(h.totals[1] for h in hands))
        winner = None if rng.random() < 0.03 else (0 if totals[0] >= totals[1] else 1)
        recorder.finish_with(hands, totals, winner, replay)
        written += len(hands)
    return written


def _screens(records: Records) -> float:
    start = time.perf_counter()
    history_page(records)
    statistics_by_opponent(records)
    return (time.perf_counter() - start) * 1000


def run(games: int = 10_000, repeats: int = 5, folder: str | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="canasta-records-", dir=folder) as scratch:
        path = Path(scratch) / "records.sqlite3"
        filler = open_records(path).records
        start = time.perf_counter()
        hands = fill(filler, games)
        fill_s = time.perf_counter() - start
        filler.close()
        start = time.perf_counter()
        opened = open_records(path)
        connect_ms = (time.perf_counter() - start) * 1000
        records = opened.records
        cold = _screens(records)
        warm = [_screens(records) for _ in range(repeats)]
        records.close()
        size = path.stat().st_size
    return {
        "games": games,
        "hands": hands,
        "open_ms": round(cold, 2),
        "open_median_ms": round(stats_module.median(warm), 2),
        "connect_ms": round(connect_ms, 2),
        "fill_s": round(fill_s, 2),
        "file_mb": round(size / 1e6, 2),
    }


def describe(result: dict[str, Any]) -> str:
    return (
        f"{result['games']} games, {result['hands']} hands ({result['file_mb']} MB, "
        f"filled in {result['fill_s']} s)\n"
        f"history first page + statistics: {result['open_ms']} ms cold, "
        f"{result['open_median_ms']} ms median\n"
        f"opening and checking the file: {result['connect_ms']} ms"
    )
