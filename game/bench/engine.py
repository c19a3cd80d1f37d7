"""Rules-engine benchmark: complete random hands per second and legal-move enumeration time.

Random play (a uniformly random legal action each step, on one core) is the workload of the
computer opponent's rollouts; enumeration time is what every decision pays. The main figure plays
recording games, as the table does (action log, events, undo snapshots); the play-out figure plays
as many other hands the same way on `Game.clone(recording=False)` copies, as the search plays out
its candidates (no log, no events). Other deals, so that no worked-out listing of the first run
is found again. The figures are those of the engine in use: the compiled one when it is built
(`python -m game.native.build`), else the Python modules; the first line says which. The main
figures are two-player hands; three- and four-player hands are measured the same way, under both
presets seated for that count (`players` in the JSON, and `hands_per_second_3p` and `_4p`).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from game import native
from game.logic import Game, Rules, legal_actions


def _play_hands(rules: Rules, hands: int, seed: int) -> tuple[float, list[float], int]:
    rng = random.Random(seed)
    enum_times: list[float] = []
    steps = 0
    start = time.perf_counter()
    for i in range(hands):
        game = Game(rules, seed=seed * 100_003 + i)
        while game.phase not in ("hand_over", "game_over"):
            t0 = time.perf_counter()
            actions = legal_actions(game)
            enum_times.append(time.perf_counter() - t0)
            game.apply(rng.choice(actions))
            steps += 1
    return time.perf_counter() - start, enum_times, steps


def _play_outs(rules: Rules, hands: int, seed: int) -> tuple[float, int]:
    """Random hands as `_play_hands` plays them, each on a copy that does not record: the time
    includes the copy."""
    rng = random.Random(seed)
    steps = 0
    elapsed = 0.0
    for i in range(hands):
        game = Game(rules, seed=seed * 100_003 + i)
        start = time.perf_counter()
        play = game.clone(recording=False)
        while play.phase not in ("hand_over", "game_over"):
            play.apply(rng.choice(legal_actions(play)))
            steps += 1
        elapsed += time.perf_counter() - start
    return elapsed, steps


def _seated(players: int, hands: int, seed: int) -> dict[str, Any]:
    """Hands per second, recording and as play-outs, at `players` seats under both presets."""
    per_preset = {}
    total_time = playout_time = 0.0
    for name in ("classic", "modern_american"):
        rules = Rules.preset(name, players)
        elapsed, _enum_times, steps = _play_hands(rules, hands, seed)
        out_elapsed, _out_steps = _play_outs(rules, hands, seed + 1)
        total_time += elapsed
        playout_time += out_elapsed
        per_preset[name] = {
            "hands_per_second": round(hands / elapsed, 1),
            "actions_per_hand": round(steps / hands, 1),
            "playout_hands_per_second": round(hands / out_elapsed, 1),
        }
    return {
        "hands_per_second": round(2 * hands / total_time, 1),
        "playout_hands_per_second": round(2 * hands / playout_time, 1),
        "presets": per_preset,
    }


def run(hands: int = 300, seed: int = 1) -> dict[str, Any]:
    per_preset = {}
    total_time = 0.0
    playout_time = 0.0
    all_enum: list[float] = []
    for name in ("classic", "modern_american"):
        rules = Rules.preset(name)
        elapsed, enum_times, steps = _play_hands(rules, hands, seed)
        out_elapsed, out_steps = _play_outs(rules, hands, seed + 1)
        total_time += elapsed
        playout_time += out_elapsed
        all_enum.extend(enum_times)
        per_preset[name] = {
            "hands_per_second": round(hands / elapsed, 1),
            "actions_per_hand": round(steps / hands, 1),
            "legal_moves_ms": round(1000 * statistics.mean(enum_times), 4),
            "playout_hands_per_second": round(hands / out_elapsed, 1),
            "playout_actions_per_hand": round(out_steps / hands, 1),
        }
    all_enum.sort()
    seated = {str(n): _seated(n, hands, seed) for n in (3, 4)}
    return {
        "engine": "compiled" if native.in_use() else f"python ({native.status()})",
        "hands_per_second": round(2 * hands / total_time, 1),
        "legal_moves_ms": round(1000 * statistics.mean(all_enum), 4),
        "legal_moves_p95_ms": round(1000 * all_enum[int(0.95 * len(all_enum))], 4),
        "playout_hands_per_second": round(2 * hands / playout_time, 1),
        "hands": 2 * hands,
        "presets": per_preset,
        "hands_per_second_3p": seated["3"]["hands_per_second"],
        "hands_per_second_4p": seated["4"]["hands_per_second"],
        "players": seated,
    }


def describe(result: dict[str, Any]) -> str:
    lines = [
        f"engine: {result['engine']}",
        f"random hands per second (one core): {result['hands_per_second']}",
        f"legal-move enumeration: mean {result['legal_moves_ms']} ms, "
        f"p95 {result['legal_moves_p95_ms']} ms ({result['hands']} hands)",
        f"play-outs (copies that do not record): {result['playout_hands_per_second']} hands/s",
    ]
    for name, figures in result["presets"].items():
        lines.append(
            f"  {name}: {figures['hands_per_second']} hands/s, "
            f"{figures['actions_per_hand']} actions/hand, "
            f"enumeration {figures['legal_moves_ms']} ms, "
            f"play-outs {figures['playout_hands_per_second']} hands/s"
        )
    for players, figures in result.get("players", {}).items():
        lines.append(
            f"{players} players: {figures['hands_per_second']} hands/s, play-outs "
            f"{figures['playout_hands_per_second']} hands/s"
        )
        for name, preset in figures["presets"].items():
            lines.append(
                f"  {name}: {preset['hands_per_second']} hands/s, "
                f"{preset['actions_per_hand']} actions/hand, "
                f"play-outs {preset['playout_hands_per_second']} hands/s"
            )
    return "\n".join(lines)
