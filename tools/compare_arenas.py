"""Compare two arena runs on the same deals, game by game: `python tools/compare_arenas.py BEFORE
AFTER --b rusher` (BEFORE and AFTER are folders of `python -m game.logic.arena --save-replays`).

Two runs with the same `--seed`, `--games` and opponent (`--b`) play the same deals in the same
seats, so a change to the measured side (a new version, another level, another setting) shows in
the paired difference of each game's result, free of most of the luck of the cards. It prints both
runs' share of games won and average margin, and the difference with two standard errors of the
paired difference (about a 95% interval); `--json` prints one JSON object. Games found in only one
of the folders are counted and left out.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.logic.arena import file_safe, final_scores, parse_replay_name  # noqa: E402
from game.logic.phases import GAME_OVER, HAND_OVER  # noqa: E402
from game.logic.replay import ReplayError, load_replay  # noqa: E402

# A game: (the arena's seed, the deal's number, the seats the opponent holds).
Key = tuple[int, int, tuple[int, ...]]


class CompareError(ValueError):
    """A folder or replay that cannot be compared, with a sentence saying why."""


def outcomes(folder: Path, opponent: str) -> dict[Key, float]:
    """Each finished game's margin for the side that is not `opponent` (its score less the best
    other side's: the last hand's scores for a one-hand game, the totals for a whole game), keyed
    by the deal and the opponent's seats."""
    if not folder.is_dir():
        raise CompareError(f"{folder} is not a folder of saved arena games.")
    found: dict[Key, float] = {}
    named = file_safe(opponent)
    for path in sorted(folder.glob("*.json")):
        parsed = parse_replay_name(path.name)
        if parsed is None:
            continue
        seed, deal, _deal_seed, seats = parsed
        theirs = tuple(seat for seat, name in enumerate(seats) if name == named)
        if not theirs or len(theirs) == len(seats):
            continue
        try:
            result = load_replay(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError, ReplayError) as exc:
            raise CompareError(f"{path}: not a readable replay ({exc}).") from None
        game = result.game
        if result.error is not None or game.phase not in (HAND_OVER, GAME_OVER):
            raise CompareError(f"{path}: the game in it did not finish.")
        scores = final_scores(game)
        mine = game.side_of(next(s for s in range(len(seats)) if s not in theirs))
        best_other = max(score for side, score in enumerate(scores) if side != mine)
        found[(seed, deal, theirs)] = float(scores[mine] - best_other)
    if not found:
        raise CompareError(f"{folder} holds no saved arena games against {opponent!r}.")
    return found


def _won(margin: float) -> float:
    """A game's share of a win: 1 won, 0.5 tied, 0 lost."""
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def _two_errors(diffs: list[float]) -> float:
    """Two standard errors of the mean of `diffs`."""
    if len(diffs) < 2:
        return 0.0
    return 2.0 * statistics.stdev(diffs) / math.sqrt(len(diffs))


def compare(before: Path, after: Path, opponent: str) -> dict[str, Any]:
    """Both runs' results on the games they share, and the paired differences."""
    first, second = outcomes(before, opponent), outcomes(after, opponent)
    keys = sorted(set(first) & set(second))
    if not keys:
        raise CompareError("The two folders share no game: were they played with the same --seed?")
    won = [[_won(runs[k]) for k in keys] for runs in (first, second)]
    margin = [[runs[k] for k in keys] for runs in (first, second)]
    won_diffs = [b - a for a, b in zip(*won, strict=True)]
    margin_diffs = [b - a for a, b in zip(*margin, strict=True)]
    return {
        "games": len(keys),
        "only_before": len(set(first) - set(second)),
        "only_after": len(set(second) - set(first)),
        "win_rate_before": round(statistics.mean(won[0]), 4),
        "win_rate_after": round(statistics.mean(won[1]), 4),
        "margin_before": round(statistics.mean(margin[0]), 1),
        "margin_after": round(statistics.mean(margin[1]), 1),
        "win_rate_change": round(statistics.mean(won_diffs), 4),
        "win_rate_change_2se": round(_two_errors(won_diffs), 4),
        "margin_change": round(statistics.mean(margin_diffs), 1),
        "margin_change_2se": round(_two_errors(margin_diffs), 1),
    }


def describe(result: dict[str, Any]) -> str:
    lines = [
        f"{result['games']} games on the same deals",
        f"  before: {100 * result['win_rate_before']:.1f}% won, margin "
        f"{result['margin_before']:+.0f}",
        f"  after:  {100 * result['win_rate_after']:.1f}% won, margin "
        f"{result['margin_after']:+.0f}",
        f"  change: {100 * result['win_rate_change']:+.2f} ± "
        f"{100 * result['win_rate_change_2se']:.2f} points of games won, margin "
        f"{result['margin_change']:+.0f} ± {result['margin_change_2se']:.0f} (± two standard "
        "errors of the paired difference)",
    ]
    if result["only_before"] or result["only_after"]:
        lines.append(
            f"  left out: {result['only_before']} games only before, "
            f"{result['only_after']} only after"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python tools/compare_arenas.py",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("before", type=Path, help="the first run's --save-replays folder")
    parser.add_argument("after", type=Path, help="the second run's --save-replays folder")
    parser.add_argument(
        "--b", required=True, help="the opponent both runs played (the arena's --b)"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        result = compare(args.before, args.after, args.b)
    except CompareError as exc:
        print(f"compare_arenas: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(result) if args.json else describe(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
