"""Command line: `python -m game.bench engine [--hands N] [--json]`."""

import argparse
import json
import sys

from . import engine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__)
    sub = parser.add_subparsers(dest="what", required=True)
    eng = sub.add_parser("engine", help="random-play throughput and legal-move enumeration time")
    eng.add_argument("--hands", type=int, default=300, help="hands to play per preset")
    eng.add_argument("--seed", type=int, default=1)
    eng.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.what == "engine":
        result = engine.run(args.hands, args.seed)
        print(json.dumps(result) if args.json else engine.describe(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
