"""Rules-engine benchmark: complete random hands per second and legal-move enumeration time.

Random play (a uniformly random legal action each step, on one core) is the workload of the
computer opponent's rollouts; enumeration time is what every decision pays.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

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


def run(hands: int = 300, seed: int = 1) -> dict[str, Any]:
    per_preset = {}
    total_time = 0.0
    all_enum: list[float] = []
    for name in ("classic", "modern_american"):
        elapsed, enum_times, steps = _play_hands(Rules.preset(name), hands, seed)
        total_time += elapsed
        all_enum.extend(enum_times)
        per_preset[name] = {
            "hands_per_second": round(hands / elapsed, 1),
            "actions_per_hand": round(steps / hands, 1),
            "legal_moves_ms": round(1000 * statistics.mean(enum_times), 4),
        }
    all_enum.sort()
    return {
        "hands_per_second": round(2 * hands / total_time, 1),
        "legal_moves_ms": round(1000 * statistics.mean(all_enum), 4),
        "legal_moves_p95_ms": round(1000 * all_enum[int(0.95 * len(all_enum))], 4),
        "hands": 2 * hands,
        "presets": per_preset,
    }


def describe(result: dict[str, Any]) -> str:
    lines = [
        f"random hands per second (one core): {result['hands_per_second']}",
        f"legal-move enumeration: mean {result['legal_moves_ms']} ms, "
        f"p95 {result['legal_moves_p95_ms']} ms ({result['hands']} hands)",
    ]
    for name, figures in result["presets"].items():
        lines.append(
            f"  {name}: {figures['hands_per_second']} hands/s, "
            f"{figures['actions_per_hand']} actions/hand, "
            f"enumeration {figures['legal_moves_ms']} ms"
        )
    return "\n".join(lines)
