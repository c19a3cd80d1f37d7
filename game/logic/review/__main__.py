"""Command line: `python -m game.logic.review REPLAY --seat N [--json]` reviews a replay file (a
saved game, an arena game kept with `--save-replays`) from seat N's view and prints the review,
as one JSON object with `--json` (`accuracy`, `moments`, `habits`, ...)."""

from __future__ import annotations

import argparse
import json
import sys

from .report import Review, review


def describe(result: Review) -> str:
    lines = [
        f"Seat {result.seat}: accuracy {result.accuracy:.1f}% over {result.decisions} "
        f"decisions, about {result.points_lost} points lost in all."
    ]
    for moment in result.moments:
        lines.append(
            f"Hand {moment.hand}, turn {moment.turn} (-{moment.points_lost}): {moment.sentence}"
            f"\n  played: {moment.played_words}\n  better: {moment.better_words}"
        )
    lines.extend(result.habits)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.logic.review",
        description="Review a canasta-replay file from one seat's view: every decision that "
        "seat made weighed by a deeper Master search over deals consistent with what the seat "
        "could see.",
    )
    parser.add_argument("file", help="the replay file (JSON)")
    parser.add_argument("--seat", type=int, default=0, help="the seat reviewed (default 0)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            doc = json.load(handle)
        result = review(doc, args.seat)
    except RecursionError:
        return _fail("The file nests its data too deeply to be a replay.", args.json)
    except OSError as exc:
        return _fail(f"Cannot read {args.file}: {exc.strerror or exc}.", args.json)
    except ValueError as exc:
        # ValueError covers ReplayError, RulesError, a seat not at the table, bad JSON and text
        # that is not UTF-8.
        return _fail(str(exc), args.json)
    assert result is not None  # nothing asked it to stop
    print(json.dumps(result.to_dict()) if args.json else describe(result))
    return 0


def _fail(message: str, as_json: bool) -> int:
    if as_json:
        print(json.dumps({"error": message}))
    else:
        print(message, file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
