"""Match two bots: `python -m game.logic.arena --a master --b rusher --games 400`.

A side is a skill level (carefree ... master), a sparring partner (rusher, pile_hunter, careful,
hoarder, by_the_book) or any bot written elsewhere, named `package.module:Class` (docs/bots.md);
every side is asked `decide(view)` with its own view only.

Games are played in seat-swapped pairs on the same deals (common random numbers): deal k is played
once with A in seat 0 and once with A in seat 1, so the luck of the cards cancels out. By default a
game is one hand (the fastest unbiased measure of strength); `--target 5000` plays whole games to
that score instead. It prints A's win rate with a 95% (Wilson) confidence interval, the average
score margin, and the time per decision of each side; `--json` prints one JSON object. This is a
measuring tool: unlike the engine it reads the clock, and `--jobs 2` spreads games over processes.

`--players 4` seats A as one partnership (seats 0 and 2) and B as the other, each deal played with
A on either side; `--players 3` seats A alone against two B players, each deal played three times
with A in each seat. A game is won by the side with the highest score (a tie at the top is a tie);
both sides' win rates are printed with their 95% intervals. A `--games` count is rounded down to
whole sets of seatings.

`--save-replays DIR` keeps every game played as a replay file (docs/replay-format.md) in DIR,
named by the arena's seed, the deal's number and seed, and the bot of each seat from seat 0:
`seed1-deal12-1000015-master-careful.json` is deal 12 of `--seed 1` (deal seed 1 × 1,000,003 +
12) with Master in seat 0. A whole game (`--target`) is one file holding all of its hands.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from .ai import LEVELS, ComputerPlayer
from .ai.bots import Bot, load_bot
from .ai.sparring import SPARRING
from .engine import Game
from .phases import GAME_OVER, HAND_OVER
from .replay import replay_document
from .rules import Rules
from .view import player_view

MAX_ACTIONS_PER_HAND = 5000
BUILT_IN = LEVELS + tuple(SPARRING)


def make_bot(name: str, seed: int) -> Bot:
    """The bot called `name`: a level, a sparring partner or `package.module:Class`."""
    if name in LEVELS:
        return ComputerPlayer(name, seed=seed, clock=time.perf_counter)
    if name in SPARRING:
        return SPARRING[name](seed=seed)
    if ":" in name:
        return load_bot(name, seed)
    raise ValueError(
        f"Unknown bot {name!r}: choose one of {', '.join(BUILT_IN)} or package.module:Class."
    )


def replay_name(seed: int, deal: int, deal_seed: int, levels: tuple[str, ...]) -> str:
    """The file name of a saved game: the arena's seed, the deal's number and seed, and the bot
    of each seat (a `package.module:Class` bot with its punctuation made safe for a file name)."""
    seats = "-".join(file_safe(name) for name in levels)
    return f"seed{seed}-deal{deal}-{deal_seed}-{seats}.json"


def file_safe(name: str) -> str:
    """A bot's name as a saved game's file name holds it (`mybots.greedy:Greedy` becomes
    `mybots.greedy_Greedy`)."""
    return re.sub(r"[^A-Za-z0-9_.]", "_", name)


_REPLAY_NAME = re.compile(r"seed(\d+)-deal(\d+)-(\d+)-([A-Za-z0-9_.-]+)\.json")


def parse_replay_name(name: str) -> tuple[int, int, int, tuple[str, ...]] | None:
    """The arena's seed, the deal's number and seed, and the bot of each seat (as made safe for a
    file name) of a saved game's file name (`replay_name`'s inverse); None for another name."""
    found = _REPLAY_NAME.fullmatch(name)
    if found is None:
        return None
    seed, deal, deal_seed, seats = found.groups()
    return int(seed), int(deal), int(deal_seed), tuple(seats.split("-"))


def save_replay(game: Game, path: Path) -> None:
    """Write the game's replay to `path` whole or not at all (a temporary file, then a rename)."""
    text = json.dumps(replay_document(game)) + "\n"
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp_name, path)
    except BaseException:
        os.unlink(tmp_name)
        raise


def play_game(
    rules: Rules,
    deal_seed: int,
    levels: tuple[str, ...],
    target: int | None,
    player_seeds: tuple[int, ...],
    save_to: Path | None = None,
) -> dict[str, Any]:
    """One game (or one hand when `target` is None) between bots, one per seat (`levels` and
    `player_seeds` by seat, as many as `rules.players`); seat 0 plays first. Scores, goings out,
    cards caught in hand and decision times are by side. With `save_to`, the game's replay is
    written there, also when a bot fails or a hand does not end (the file shows how)."""
    if target is not None:
        rules = Rules.from_dict(rules.to_dict() | {"target_score": target})
    game = Game(rules, seed=deal_seed)
    seats = range(game.n_players)
    sides = range(game.n_sides)
    players = [make_bot(levels[p], player_seeds[p]) for p in seats]
    times: list[list[float]] = [[] for _side in sides]
    actions = 0
    try:
        while True:
            while game.phase not in (HAND_OVER, GAME_OVER):
                seat = game.to_act
                start = time.perf_counter()
                action = players[seat].decide(player_view(game, seat))
                times[game.side_of(seat)].append(time.perf_counter() - start)
                game.apply(action)
                actions += 1
                if actions > MAX_ACTIONS_PER_HAND * game.hand_no:
                    raise RuntimeError(f"deal {deal_seed}: a hand did not end")
            if target is None or game.phase == GAME_OVER:
                break
            game.apply({"type": "next_hand"})
    finally:
        if save_to is not None:
            save_replay(game, save_to)
    went_out = [0 for _side in sides]
    in_hand = [0 for _side in sides]
    for record in game.history:
        if record["went_out"] is not None:
            went_out[game.side_of(record["went_out"])] += 1
        for side in sides:
            in_hand[side] -= record["scores"][side]["in_hand"]
    return {
        "scores": final_scores(game),
        "times": times,
        "hands": game.hand_no,
        "went_out": went_out,
        "in_hand": in_hand,
    }


def final_scores(game: Game) -> list[int]:
    """Each side's result of a finished arena game: its totals once the game is over (a whole
    game, or a single hand that reached the target), else the hand's scores (a one-hand game)."""
    if game.phase == GAME_OVER:
        return list(game.totals)
    return [side["total"] for side in game.history[-1]["scores"]]


def seatings(players: int, a: str, b: str) -> list[tuple[int, tuple[str, ...]]]:
    """The ways one deal is played: (A's side, the bot of each seat). Two players: A in seat 0,
    then 1; four: A as partners 0 and 2, then 1 and 3; three: A alone in seat 0, 1, then 2."""
    if players == 4:
        return [(0, (a, b, a, b)), (1, (b, a, b, a))]
    return [(seat, tuple(a if s == seat else b for s in range(players))) for seat in range(players)]


def _pair(
    args: tuple[Rules, int, int, str, str, int | None, Path | None],
) -> list[dict[str, Any]]:
    rules, seed, deal, a, b, target, replays = args
    deal_seed = seed * 1_000_003 + deal
    out = []
    for a_side, levels in seatings(rules.players, a, b):
        # Seeds by deal, so that what a player decides once per hand (Aggressiveness: whether
        # to play the hand fast) varies from deal to deal in one-hand games too.
        player_seeds = tuple(deal_seed + 1 + seat for seat in range(rules.players))
        save_to = None
        if replays is not None:
            save_to = replays / replay_name(seed, deal, deal_seed, levels)
        result = play_game(rules, deal_seed, levels, target, player_seeds, save_to)
        out.append({"a_side": a_side, **result})
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def decision_ms(samples: list[float]) -> dict[str, float]:
    """Decision times in seconds as milliseconds: median, 95th percentile and slowest."""
    if not samples:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    ordered = sorted(samples)
    return {
        "p50": round(1000 * statistics.median(ordered), 2),
        "p95": round(1000 * ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "max": round(1000 * ordered[-1], 2),
    }


def run(
    a: str,
    b: str,
    games: int,
    seed: int,
    rules: Rules,
    target: int | None = None,
    jobs: int = 1,
    replays: Path | None = None,
) -> dict[str, Any]:
    """Play the match; with `replays` (an existing folder) every game's replay is saved there."""
    per_deal = len(seatings(rules.players, a, b))
    pairs = max(1, games // per_deal)
    tasks = [(rules, seed, k, a, b, target, replays) for k in range(pairs)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = [r for pair in pool.map(_pair, tasks) for r in pair]
    else:
        results = [r for task in tasks for r in _pair(task)]
    wins_a = wins_b = ties = 0
    margins, times_a, times_b = [], [], []
    hands = out_a = out_b = held_a = held_b = 0
    for r in results:
        side = r["a_side"]
        others = [s for s in range(len(r["scores"])) if s != side]
        hands += r["hands"]
        out_a += r["went_out"][side]
        out_b += sum(r["went_out"][s] for s in others)
        held_a += r["in_hand"][side]
        held_b += sum(r["in_hand"][s] for s in others) / len(others)
        mine, theirs = r["scores"][side], max(r["scores"][s] for s in others)
        margins.append(mine - theirs)
        wins_a += mine > theirs
        wins_b += theirs > mine and [r["scores"][s] for s in others].count(theirs) == 1
        ties += mine == theirs
        times_a += r["times"][side]
        for s in others:
            times_b += r["times"][s]
    n = len(results)
    score_a = wins_a + 0.5 * ties
    low, high = wilson(score_a, n)
    extra: dict[str, Any] = {}
    if rules.players != 2:
        # A side's own wins (a tie at the top, or two B players tied at the top, is nobody's).
        low_a, high_a = wilson(wins_a, n)
        low_b, high_b = wilson(wins_b, n)
        extra = {
            "players": rules.players,
            "side_win_rate_a": round(wins_a / n, 4),
            "side_ci95_a": [round(low_a, 4), round(high_a, 4)],
            "side_win_rate_b": round(wins_b / n, 4),
            "side_ci95_b": [round(low_b, 4), round(high_b, 4)],
        }
    return {
        **extra,
        "a": a,
        "b": b,
        "rules": rules.nearest_preset(),
        "unit": "game" if target else "hand",
        "games": n,
        "wins_a": wins_a,
        "wins_b": wins_b,
        "ties": ties,
        "win_rate_a": round(score_a / n, 4),
        "ci95_a": [round(low, 4), round(high, 4)],
        "margin_a": round(statistics.mean(margins), 1),
        "hands": hands,
        "went_out_a": round(out_a / hands, 3),
        "went_out_b": round(out_b / hands, 3),
        "caught_with_a": round(held_a / hands, 1),
        "caught_with_b": round(held_b / hands, 1),
        "decision_ms_a": decision_ms(times_a),
        "decision_ms_b": decision_ms(times_b),
    }


def describe(result: dict[str, Any]) -> str:
    low, high = result["ci95_a"]
    ta, tb = result["decision_ms_a"], result["decision_ms_b"]
    sides = ""
    if "players" in result:
        la, ha = result["side_ci95_a"]
        lb, hb = result["side_ci95_b"]
        sides = (
            f"  {result['players']} players: side {result['a']} wins "
            f"{100 * result['side_win_rate_a']:.1f}% (95% CI {100 * la:.1f}-{100 * ha:.1f}%), "
            f"side {result['b']} wins {100 * result['side_win_rate_b']:.1f}% "
            f"(95% CI {100 * lb:.1f}-{100 * hb:.1f}%)"
        )
    return "\n".join(filter(None, [_describe_pair(result, low, high, ta, tb), sides]))


def _describe_pair(
    result: dict[str, Any], low: float, high: float, ta: dict[str, float], tb: dict[str, float]
) -> str:
    return (
        f"{result['a']} vs {result['b']} ({result['rules']}, {result['games']} "
        f"{result['unit']}s, seats swapped on the same deals)\n"
        f"  {result['a']} wins {result['wins_a']}, {result['b']} wins {result['wins_b']}, "
        f"ties {result['ties']}\n"
        f"  win rate {100 * result['win_rate_a']:.1f}% (95% CI {100 * low:.1f}-"
        f"{100 * high:.1f}%), average margin {result['margin_a']:+.0f} points\n"
        f"  went out in {100 * result['went_out_a']:.0f}% / {100 * result['went_out_b']:.0f}% "
        f"of {result['hands']} hands, caught with {result['caught_with_a']:.0f} / "
        f"{result['caught_with_b']:.0f} points a hand\n"
        f"  ms per decision: {result['a']} p50 {ta['p50']} p95 {ta['p95']} max {ta['max']}; "
        f"{result['b']} p50 {tb['p50']} p95 {tb['p95']} max {tb['max']}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.logic.arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sides = f"{', '.join(BUILT_IN)}, or package.module:Class"
    parser.add_argument("--a", default="master", help=f"the bot measured: {sides}")
    parser.add_argument("--b", default="expert", help=f"its opponent: {sides}")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="classic", choices=("classic", "modern_american"))
    parser.add_argument(
        "--target",
        type=int,
        default=None,
        help="play whole games to this score (default: one hand per game)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        choices=(2, 3, 4),
        help="players at the table: 4 seats A and B as partnerships, 3 seats A against two B",
    )
    parser.add_argument(
        "--save-replays",
        metavar="DIR",
        type=Path,
        default=None,
        help="keep every game played as a replay file in DIR (made if missing)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    for name in (args.a, args.b):
        try:
            make_bot(name, 0)
        except ValueError as exc:
            parser.error(str(exc))
    if args.save_replays is not None:
        try:
            args.save_replays.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            parser.error(
                f"--save-replays: cannot use {str(args.save_replays)!r} as a folder: {exc}"
            )
    rules = Rules.preset(args.rules, args.players)
    result = run(
        args.a, args.b, args.games, args.seed, rules, args.target, args.jobs, args.save_replays
    )
    print(json.dumps(result) if args.json else describe(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
