"""Command line: `python -m game.bench engine [--hands N] [--json]` and
`python -m game.bench frames [--frames N] [--size WxH] [--speech] [--json]` and
`python -m game.bench idle [--seconds S] [--json]` and
`python -m game.bench fair [--seats N] [--hands N] [--json]` and
`python -m game.bench master [--hands N] [--json]`; each answers `--help`."""

import argparse
import json
import sys

from game.main import parse_size

from . import engine


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench", description=__doc__)
    sub = parser.add_subparsers(dest="what", required=True)
    eng = sub.add_parser("engine", help="random-play throughput and legal-move enumeration time")
    eng.add_argument("--hands", type=int, default=300, help="hands to play per preset")
    eng.add_argument("--seed", type=int, default=1)
    eng.add_argument("--json", action="store_true", help="print one JSON object")
    frames = sub.add_parser(
        "frames", help="frame times of the busiest card table, and start-up time"
    )
    frames.add_argument("--frames", type=int, default=600, help="frames to measure")
    frames.add_argument(
        "--size",
        type=parse_size,
        default=(1280, 720),
        metavar="WxH",
        help="drawing resolution, e.g. 1920x1080",
    )
    frames.add_argument("--no-startup", action="store_true", help="skip the start-up measurement")
    frames.add_argument(
        "--no-thinking",
        action="store_true",
        help="skip the run with the computer thinking in the background",
    )
    frames.add_argument(
        "--speech",
        action="store_true",
        help="also a run with speech on, a phrase said every half second",
    )
    frames.add_argument("--json", action="store_true", help="print one JSON object")
    recs = sub.add_parser("records", help="history and statistics load time on a long career")
    recs.add_argument("--games", type=int, default=10_000, help="games in the scratch database")
    recs.add_argument("--json", action="store_true", help="print one JSON object")
    idle = sub.add_parser("idle", help="CPU share of a still table with no input")
    idle.add_argument("--seconds", type=float, default=10.0, help="seconds to measure")
    idle.add_argument("--json", action="store_true", help="print one JSON object")
    fair = sub.add_parser("fair", help="CPU and bytes per side of a peek-proof (mental poker) deal")
    fair.add_argument(
        "--seats", type=int, choices=(2, 3, 4), help="one table size (default: 2, 3 and 4)"
    )
    fair.add_argument("--hands", type=int, default=3, help="hands per table size (the median)")
    fair.add_argument("--cards", type=int, default=50, help="cards opened in a hand")
    fair.add_argument("--json", action="store_true", help="print one JSON object")
    master = sub.add_parser("master", help="Master's decision time without a clock")
    master.add_argument("--hands", type=int, default=6, help="hands against Advanced")
    master.add_argument("--seed", type=int, default=1)
    master.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.what == "engine":
        result = engine.run(args.hands, args.seed)
        print(json.dumps(result) if args.json else engine.describe(result))
    elif args.what == "frames":
        # Imported here: the engine benchmark must not need pygame.
        from . import frames as frame_bench

        result = frame_bench.run(args.frames, args.size)
        if not args.no_thinking:
            busy = frame_bench.run(args.frames, args.size, thinking=True)
            result["thinking_median_ms"] = busy["median_ms"]
            result["thinking_p95_ms"] = busy["p95_ms"]
        if args.speech:
            speaking = frame_bench.run(args.frames, args.size, speaking=True)
            result["speech_median_ms"] = speaking["median_ms"]
            result["speech_p95_ms"] = speaking["p95_ms"]
            result["speech_phrases"] = speaking["phrases_spoken"]
        if not args.no_startup:
            result["startup_s"] = frame_bench.startup_seconds()
        print(json.dumps(result) if args.json else frame_bench.describe(result))
    elif args.what == "idle":
        from . import idle as idle_bench

        result = idle_bench.run(args.seconds)
        print(json.dumps(result) if args.json else idle_bench.describe(result))
    elif args.what == "fair":
        from . import fair as fair_bench

        counts = (args.seats,) if args.seats else (2, 3, 4)
        result = fair_bench.run(counts, args.hands, args.cards)
        print(json.dumps(result) if args.json else fair_bench.describe(result))
    elif args.what == "master":
        from . import master as master_bench

        result = master_bench.run(args.hands, args.seed)
        print(json.dumps(result) if args.json else master_bench.describe(result))
    elif args.what == "records":
        from . import records as records_bench

        result = records_bench.run(args.games)
        print(json.dumps(result) if args.json else records_bench.describe(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
