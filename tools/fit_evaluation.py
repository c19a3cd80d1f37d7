"""Refit the search's position evaluation (`game/logic/ai/evaluation.py`).

Plays Advanced-against-Advanced hands under each preset, records the evaluation features of
positions along the way together with the margin each hand finally ended with, fits the weights by
least squares (plain Python: the tool needs nothing beyond the game) and writes them into the
WEIGHTS table of evaluation.py. Run from the repository root:
`python tools/fit_evaluation.py [--hands 3000] [--seed 7] [--jobs 2] [--players 2]`.
`--players 3` or `4` fits the weights of that table (`classic/4` ...) and keeps the others.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.logic.ai import evaluation, heuristic  # noqa: E402
from game.logic.engine import Game  # noqa: E402
from game.logic.phases import DRAW, PLAY  # noqa: E402
from game.logic.rules import Rules  # noqa: E402

SAMPLE_RATE = 0.15
MAX_ACTIONS = 3000


def positions(task: tuple[str, int, int, int]) -> tuple[list[list[float]], list[float]]:
    """Features and final margins of sampled positions from `count` hands of `players`."""
    preset, seed, count, players = task
    rules = Rules.preset(preset, players)
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
                seat = rng.randrange(players)
                pending.append((seat, evaluation.features(game, seat)))
            game.apply(heuristic.choose(game, heuristic.ADVANCED, rng))
        else:
            raise RuntimeError(f"{preset} deal {seed * 100_003 + k}: the hand did not end")
        for seat, row in pending:
            rows.append(row)
            targets.append(evaluation.value(game, seat))  # the hand's true margin for the seat
    return rows, targets


def fit(preset: str, hands: int, seed: int, jobs: int, players: int = 2) -> tuple[float, ...]:
    chunks = [(preset, seed * 1000 + i, hands // jobs, players) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        results = list(pool.map(positions, chunks))
    x = [row for rows, _ in results for row in rows]
    y = [t for _, targets in results for t in targets]
    weights = least_squares(x, y)
    residual = [
        t - sum(w * f for w, f in zip(weights, row, strict=True))
        for row, t in zip(x, y, strict=True)
    ]
    print(
        f"{evaluation.table_name(preset, players)}: {len(y)} positions, target sd {statistics.pstdev(y):.0f}, "
        f"residual sd {statistics.pstdev(residual):.0f}, "
        f"R^2 {1 - statistics.pvariance(residual) / statistics.pvariance(y):.3f}"
    )
    return tuple(round(w, 4) for w in weights)


def least_squares(x: list[list[float]], y: list[float]) -> list[float]:
    """The weights w minimising |x w - y|: the normal equations solved by Gaussian elimination
    (a feature that never varies, such as Modern penalties under Classic rules, gets 0)."""
    n = len(x[0])
    a = [[sum(row[i] * row[j] for row in x) for j in range(n)] for i in range(n)]
    b = [sum(row[i] * t for row, t in zip(x, y, strict=True)) for i in range(n)]
    for i in range(n):
        a[i][i] += 1e-6  # a tiny ridge keeps the system solvable when a feature is always 0
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            for c in range(col, n):
                a[r][c] -= factor * a[col][c]
            b[r] -= factor * b[col]
    weights = [0.0] * n
    for r in range(n - 1, -1, -1):
        weights[r] = (b[r] - sum(a[r][c] * weights[c] for c in range(r + 1, n))) / a[r][r]
    return weights


WEIGHTS_TABLE = re.compile(
    r"WEIGHTS: Final\[dict\[str, tuple\[float, \.\.\.\]\]\] = \{.*?\n\}\n", flags=re.S
)


def replace_weights(source: str, table: dict[str, tuple[float, ...]]) -> str:
    """evaluation.py's source with its WEIGHTS table replaced by `table`, laid out as the
    formatter lays it out (one weight a line)."""
    lines = ["WEIGHTS: Final[dict[str, tuple[float, ...]]] = {"]
    for preset, weights in table.items():
        lines.append(f'    "{preset}": (')
        lines += [f"        {weight!r}," for weight in weights]
        lines.append("    ),")
    literal = "\n".join(lines) + "\n}\n"
    text, n = WEIGHTS_TABLE.subn(lambda _match: literal, source)
    if n != 1:
        raise ValueError("could not find the WEIGHTS table in evaluation.py")
    return text


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    args = parser.parse_args()
    table = dict(evaluation.WEIGHTS)
    fitted = {
        evaluation.table_name(preset, args.players): fit(
            preset, args.hands, args.seed, args.jobs, args.players
        )
        for preset in ("classic", "modern_american")
    }
    table.update(fitted)
    for preset, weights in fitted.items():
        print(preset)
        for name, weight in zip(evaluation.FEATURES, weights, strict=True):
            print(f"  {name:18} {weight:10.4f}")
    path = ROOT / "game" / "logic" / "ai" / "evaluation.py"
    try:
        text = replace_weights(path.read_text(), table)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 1
    path.write_text(text)
    print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
