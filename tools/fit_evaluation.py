"""Refit the search's position evaluation (`game/logic/ai/evaluation.py`).

Plays Advanced-against-Advanced hands under each preset, records the evaluation features of
positions along the way together with the margin each hand finally ended with, fits the weights by
least squares and writes them into the WEIGHTS table of evaluation.py. Run from the repository
root: `python tools/fit_evaluation.py [--hands 3000] [--seed 7] [--jobs 2]`.
"""

from __future__ import annotations

import argparse
import pprint
import random
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.logic.ai import evaluation, heuristic  # noqa: E402
from game.logic.engine import DRAW, PLAY, Game  # noqa: E402
from game.logic.rules import Rules  # noqa: E402

SAMPLE_RATE = 0.15
MAX_ACTIONS = 3000


def positions(task: tuple[str, int, int]) -> tuple[list[list[float]], list[float]]:
    """Features and final margins of sampled positions from `count` hands."""
    preset, seed, count = task
    rules = Rules.preset(preset)
    rows: list[list[float]] = []
    targets: list[float] = []
    for k in range(count):
        game = Game(rules, seed=seed * 100_003 + k)
        rng = random.Random(seed * 7 + k)
        pending: list[tuple[int, list[float]]] = []
        for _ in range(MAX_ACTIONS):
            if game.phase not in (DRAW, PLAY):
                break
            if rng.random() < SAMPLE_RATE:
                seat = rng.randrange(2)
                pending.append((seat, evaluation.features(game, seat)))
            game.apply(heuristic.choose(game, heuristic.ADVANCED, rng))
        else:
            raise RuntimeError(f"{preset} deal {seed * 100_003 + k}: the hand did not end")
        scores = [game.hand_scores[p]["total"] for p in (0, 1)]
        for seat, row in pending:
            rows.append(row)
            targets.append(float(scores[seat] - scores[1 - seat]))
    return rows, targets


def fit(preset: str, hands: int, seed: int, jobs: int) -> tuple[float, ...]:
    chunks = [(preset, seed * 1000 + i, hands // jobs) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(positions, chunks))
    x = np.array([row for rows, _ in results for row in rows])
    y = np.array([t for _, targets in results for t in targets])
    weights, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ weights
    print(
        f"{preset}: {len(y)} positions, target sd {y.std():.0f}, "
        f"residual sd {residual.std():.0f}, R^2 {1 - residual.var() / y.var():.3f}"
    )
    return tuple(round(float(w), 4) for w in weights)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    table = {
        preset: fit(preset, args.hands, args.seed, args.jobs)
        for preset in ("classic", "modern_american")
    }
    for preset, weights in table.items():
        print(preset)
        for name, weight in zip(evaluation.FEATURES, weights, strict=True):
            print(f"  {name:18} {weight:10.4f}")
    path = ROOT / "game" / "logic" / "ai" / "evaluation.py"
    text = path.read_text()
    literal = (
        "WEIGHTS: dict[str, tuple[float, ...]] = "
        + pprint.pformat(table, width=99, compact=True)
        + "\n"
    )
    text, n = re.subn(
        r"WEIGHTS: dict\[str, tuple\[float, \.\.\.\]\] = \{.*?\n\}\n", literal, text, flags=re.S
    )
    if n != 1:
        print("could not find the WEIGHTS table in evaluation.py", file=sys.stderr)
        return 1
    path.write_text(text)
    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
