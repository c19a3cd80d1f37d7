"""Master's thinking time: every decision of a few seeded hands against Advanced, without a clock.

With its clock (as players meet it) Master stops searching at its time budget, so its decision
times show the budget rather than its speed, and a faster Master shows only as a stronger one.
Here it runs every sample of every decision, so the figures measure the search itself: the time a
decision takes, and how many would fit in the budget. The same seeds give the same decisions on
every run; the figures are those of the engine in use (the first line says which).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from game import native
from game.logic import Game, Rules
from game.logic.ai import ComputerPlayer
from game.logic.ai.player import SEARCH
from game.logic.arena import decision_ms
from game.logic.phases import GAME_OVER, HAND_OVER
from game.logic.view import player_view


def run(hands: int = 6, seed: int = 1, samples: int | None = None) -> dict[str, Any]:
    """Master's decision times over `hands` two-player Classic hands, Master in seat 0 of the
    even hands and seat 1 of the odd ones (with `samples`, that many sampled games a decision
    instead of Master's own number)."""
    times: list[float] = []
    for i in range(hands):
        game = Game(Rules.preset("classic"), seed=seed * 100_003 + i)
        master_seat = i % 2
        players = {
            master_seat: ComputerPlayer("master", seed=seed + i, samples=samples),
            1 - master_seat: ComputerPlayer("advanced", seed=seed + i),
        }
        while game.phase not in (HAND_OVER, GAME_OVER):
            seat = game.to_act
            view = player_view(game, seat)
            start = time.perf_counter()
            action = players[seat].decide(view)
            if seat == master_seat:
                times.append(time.perf_counter() - start)
            game.apply(action)
    budget = SEARCH["master"].seconds
    return {
        "engine": "compiled" if native.in_use() else f"python ({native.status()})",
        "hands": hands,
        "decisions": len(times),
        "seconds": round(sum(times), 2),
        "mean_ms": round(1000 * statistics.mean(times), 2),
        # the same percentiles as the arena's decision times
        **{f"{name}_ms": value for name, value in decision_ms(times).items()},
        "budget_ms": round(1000 * budget, 1),
        "over_budget": round(sum(t > budget for t in times) / len(times), 4),
    }


def describe(result: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"engine: {result['engine']}",
            f"Master without a clock, {result['decisions']} decisions in {result['hands']} hands "
            f"against Advanced: {result['seconds']} s",
            f"per decision: mean {result['mean_ms']} ms, p50 {result['p50_ms']} ms, "
            f"p95 {result['p95_ms']} ms, max {result['max_ms']} ms",
            f"over its {result['budget_ms']} ms budget (where the clock would cut the search): "
            f"{100 * result['over_budget']:.1f}% of decisions",
        ]
    )
