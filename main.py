"""Start Canasta: `python main.py` opens the title screen.

Options for checks without a person at the keyboard: `--frames N` runs N frames and exits,
`--screenshot DIR` saves a picture of the screen there when it exits, `--size WxH` draws at
another resolution (the window still scales to any size), `--dt` steps frames with a fixed time
instead of the clock. Flags for automatic play and network games are listed but not yet active.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

INSTALL_HINT = (
    "Canasta needs pygame-ce, which is not installed for this Python.\n"
    "Install the game's requirements in a virtual environment and start it from there:\n\n"
    "    python3 -m venv .venv && .venv/bin/python -m pip install -r requirements.txt "
    "&& .venv/bin/python main.py\n"
)


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    if width < 320 or height < 180:
        raise argparse.ArgumentTypeError("size must be at least 320x180")
    return (width, height)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="canasta", description="Two-player Canasta.")
    parser.add_argument("--screenshot", metavar="DIR", type=Path,
                        help="save a PNG of the screen in DIR before exiting")
    parser.add_argument("--frames", metavar="N", type=int,
                        help="run N frames, then exit (for headless checks)")
    parser.add_argument("--size", metavar="WxH", type=parse_size,
                        help="drawing resolution (default 1280x720)")
    parser.add_argument("--dt", type=float, metavar="SECONDS",
                        help="advance each frame by this fixed time instead of the clock")
    parser.add_argument("--scene", choices=("title", "options"), default="title",
                        help="screen to open (options: straight to the preferences)")
    # Not yet active; reserved so scripts can be written against the final interface.
    later = parser.add_argument_group("coming later")
    later.add_argument("--autoplay", action="store_true", help=argparse.SUPPRESS)
    later.add_argument("--hands", type=int, help=argparse.SUPPRESS)
    later.add_argument("--speed", type=float, help=argparse.SUPPRESS)
    later.add_argument("--host", nargs="?", const="", help=argparse.SUPPRESS)
    later.add_argument("--join", metavar="ADDRESS", help=argparse.SUPPRESS)
    later.add_argument("--autopilot", action="store_true", help=argparse.SUPPRESS)
    return parser


def setup_logging() -> None:
    from game.settings import data_dir

    handlers: list[logging.Handler] = [logging.StreamHandler()]
    handlers[0].setLevel(logging.WARNING)
    try:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        file_handler = logging.FileHandler(folder / "canasta.log", mode="w", encoding="utf-8")
        file_handler.setLevel(logging.INFO)
        handlers.append(file_handler)
    except OSError:
        pass  # no writable data folder: warnings still reach the terminal
    logging.basicConfig(level=logging.INFO, handlers=handlers,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    setup_logging()

    from game.app import App
    from game.scenes.options import OptionsScene
    from game.scenes.title import TitleScene

    app = App(size=args.size, home=lambda a: TitleScene(a))
    app.stack.push(TitleScene(app))
    if args.scene == "options":
        app.stack.push(OptionsScene(app))
    if args.frames is None:
        if args.screenshot is None:
            return app.run()
        args.frames = 2
    try:
        app.run_frames(args.frames, args.dt)
        if args.screenshot is not None:
            path = app.screenshot(args.screenshot / f"{args.scene}_{app.size[0]}x{app.size[1]}.png")
            print(f"screenshot saved to {path}")
    finally:
        app.close()
    return app.exit_code


if __name__ == "__main__":
    sys.exit(main())
