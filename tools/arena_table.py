"""Measure every skill level against the sparring partners and the level below, as the README's
table shows it: `python tools/arena_table.py --jobs 2` (2000 hands a heuristic level, 200 a
search level, at least 400 against the level below, 40 whole games).

Each row is one arena match (seat-swapped pairs of hands on the same deals); `--games` whole games
to 5000 of Master against each sparring partner follow. It prints a Markdown table (or, with
`--json`, every match's arena result) and takes about half an hour on two cores with the defaults.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.logic import arena  # noqa: E402
from game.logic.ai import LEVELS  # noqa: E402
from game.logic.ai.player import SEARCH  # noqa: E402
from game.logic.ai.sparring import SPARRING  # noqa: E402
from game.logic.rules import Rules  # noqa: E402


def _cell(result: dict[str, Any]) -> str:
    low, high = result["ci95_a"]
    return f"{100 * result['win_rate_a']:.0f}% ({100 * low:.0f}-{100 * high:.0f})"


def measure(
    hands: int,
    search_hands: int,
    below_hands: int,
    games: int,
    seed: int,
    jobs: int,
    rules: Rules,
) -> dict[str, Any]:
    rows: dict[str, dict[str, Any]] = {}
    for index, level in enumerate(LEVELS):
        n = search_hands if level in SEARCH else hands
        row: dict[str, Any] = {}
        for partner in SPARRING:
            row[partner] = arena.run(level, partner, n, seed, rules, jobs=jobs)
        if index:
            below = max(n, below_hands)
            row["below"] = arena.run(level, LEVELS[index - 1], below, seed, rules, jobs=jobs)
        rows[level] = row
    whole = {
        partner: arena.run("master", partner, games, seed, rules, target=5000, jobs=jobs)
        for partner in SPARRING
    }
    return {"levels": rows, "master_games": whole}


def markdown(table: dict[str, Any]) -> str:
    partners = list(SPARRING)
    lines = [
        "| level | " + " | ".join(f"vs {p}" for p in partners) + " | vs the level below "
        "| margin vs rusher | decision p50 / p95 / max |",
        "| --- " * (len(partners) + 4) + "|",
    ]
    for level, row in table["levels"].items():
        below = _cell(row["below"]) if "below" in row else ""
        ms = row["rusher"]["decision_ms_a"]
        cells = [_cell(row[p]) for p in partners]
        lines.append(
            f"| {level.capitalize()} | {' | '.join(cells)} | {below} | "
            f"{row['rusher']['margin_a']:+.0f} | {ms['p50']} / {ms['p95']} / {ms['max']} ms |"
        )
    games = ", ".join(
        f"{_cell(result)} against `{partner}` ({result['games']} games)"
        for partner, result in table["master_games"].items()
    )
    lines.append("")
    lines.append(f"Master in whole games to 5000: {games}.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/arena_table.py", description=__doc__)
    parser.add_argument("--hands", type=int, default=2000, help="hands per heuristic match")
    parser.add_argument("--search-hands", type=int, default=200, help="hands per Expert/Master")
    parser.add_argument(
        "--below-hands", type=int, default=400, help="least hands against the level below"
    )
    parser.add_argument("--games", type=int, default=40, help="Master's whole games per partner")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--rules", default="classic", choices=("classic", "modern_american"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    table = measure(
        args.hands,
        args.search_hands,
        args.below_hands,
        args.games,
        args.seed,
        args.jobs,
        Rules.preset(args.rules),
    )
    print(json.dumps(table) if args.json else markdown(table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
