"""Start Canasta: `python main.py` opens the table with a game against the computer.

The saved game in progress is restored if there is one (with the offer of a fresh start); the
title screen lies beneath the table (Menu, Title screen). `--scene title` or `--scene options`
opens those screens instead. `--autoplay` lets the computer play both seats and watches it;
with `--hands N` it stops after N hands, with `--speed max` it plays as fast as it can, and with
`--screenshot DIR` it saves pictures of the key moments (the deal, a frozen pile, a canasta, the
score breakdown) in DIR. `--level` picks the computer's skill, `--seed` the deal.

Options for checks without a person at the keyboard: `--frames N` runs N frames and exits,
`--screenshot DIR` saves a picture of the screen there when it exits, `--size WxH` draws at
another resolution (the window still scales to any size), `--dt` steps frames with a fixed time
instead of the clock. Network play flags are listed but not yet active.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app import App

# Kept free of pygame so the computer opponent's worker process can import this file cheaply.
SKILL_LEVELS = ("carefree", "beginner", "intermediate", "advanced", "expert", "master")
# Fixed frame time for `--speed max`: the clock is not consulted, frames follow one another.
MAX_SPEED_DT = 1 / 60
# A watched game that has not ended after this many frames is stuck: give up with an error.
AUTOPLAY_FRAME_LIMIT = 400_000

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


def parse_speed(text: str) -> float:
    """Animation speed: "max" (no animation, no pauses), "off", or a factor such as 2."""
    lowered = text.strip().lower()
    if lowered in ("max", "off"):
        return 0.0
    try:
        value = float(lowered)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"speed must be max, off or a number, not {text!r}"
        ) from None
    if not 0 < value <= 20:
        raise argparse.ArgumentTypeError("speed must be between 0 and 20 (or max)")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="canasta", description="Two-player Canasta.")
    parser.add_argument(
        "--screenshot",
        metavar="DIR",
        type=Path,
        help="save a PNG of the screen in DIR before exiting",
    )
    parser.add_argument(
        "--frames", metavar="N", type=int, help="run N frames, then exit (for headless checks)"
    )
    parser.add_argument(
        "--size", metavar="WxH", type=parse_size, help="drawing resolution (default 1280x720)"
    )
    parser.add_argument(
        "--dt",
        type=float,
        metavar="SECONDS",
        help="advance each frame by this fixed time instead of the clock",
    )
    parser.add_argument(
        "--scene",
        choices=("table", "title", "options"),
        default="table",
        help="screen to open (default: the table)",
    )
    play = parser.add_argument_group("automatic play")
    play.add_argument(
        "--autoplay",
        action="store_true",
        help="the computer plays both seats; watch (or record with --screenshot)",
    )
    play.add_argument("--hands", type=int, metavar="N", help="with --autoplay: stop after N hands")
    play.add_argument(
        "--speed",
        type=parse_speed,
        metavar="max|FACTOR",
        help="animation speed: max (as fast as possible) or a factor such as 2",
    )
    play.add_argument("--level", choices=SKILL_LEVELS, help="the computer's skill level")
    play.add_argument("--seed", type=int, metavar="N", help="deal the game from this seed")
    net = parser.add_argument_group(
        "network games (handled by game.netplay.cli; see python -m game.netplay.cli --help)"
    )
    net.add_argument("--host", nargs="?", metavar="PORT", help="host a game on this port")
    net.add_argument("--join", metavar="HOST:PORT", help="join the game hosted at this address")
    net.add_argument("--code", metavar="CODE", help="the join code the host shows (with --join)")
    net.add_argument(
        "--autopilot", nargs="?", metavar="LEVEL", help="let the computer play this seat (at LEVEL)"
    )
    return parser


NETWORK_FLAGS = ("--host", "--join")


def wants_network(argv: list[str]) -> bool:
    return any(arg == flag or arg.startswith(flag + "=") for arg in argv for flag in NETWORK_FLAGS)


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
    logging.basicConfig(
        level=logging.INFO,
        handlers=handlers,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if wants_network(argv):
        # Network games from the command line run without a window (the title screen's Host
        # and Join are the windowed way): the network CLI owns these flags, never imports pygame.
        from game.netplay.cli import run

        return run(argv)
    args = build_parser().parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
    except ImportError:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    setup_logging()

    from game.app import App
    from game.scenes import flow
    from game.scenes.options import OptionsScene
    from game.session import autosave_exists

    app = App(size=args.size, home=flow.title_scene, autosave_exists=autosave_exists)
    quit_on_terminate(app)
    app.stack.push(flow.title_scene(app))
    if args.autoplay:
        return run_autoplay(app, args)
    if args.scene == "table":
        from game.scenes.table import TableOptions

        options = TableOptions(speed=args.speed)
        if args.seed is not None or args.level is not None:
            flow.start_new_game(app, options, seed=args.seed, level=args.level)
        else:
            flow.launch(app, options)
    elif args.scene == "options":
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


def quit_on_terminate(app: App) -> None:
    """A polite stop (SIGTERM, as from a logout) ends the loop normally: the game is saved
    and the computer's worker process is closed, instead of both being cut off."""
    try:
        signal.signal(signal.SIGTERM, lambda _signum, _frame: app.quit())
    except (ValueError, OSError, AttributeError):
        pass  # not the main thread, or a platform without it


def run_autoplay(app: App, args: argparse.Namespace) -> int:
    """The computer plays both seats through the table, exactly as a person's game runs."""
    from game.scenes import flow
    from game.scenes.photographer import Photographer
    from game.scenes.table import TableOptions

    fastest = args.speed == 0.0
    photographer = Photographer(args.screenshot) if args.screenshot is not None else None
    options = TableOptions(
        speed=args.speed, pauses=not fastest, hands=args.hands, photographer=photographer
    )
    flow.start_new_game(app, options, seed=args.seed, level=args.level, autoplay=True)
    try:
        if fastest or args.dt is not None:
            frames = 0
            dt = args.dt if args.dt is not None else MAX_SPEED_DT
            limit = args.frames if args.frames is not None else AUTOPLAY_FRAME_LIMIT
            while app.running and frames < limit:
                app.step(dt)
                frames += 1
            if app.running and args.frames is None:
                print("autoplay did not finish in time", file=sys.stderr)
                app.exit_code = 1
        else:
            app.exit_code = app.run()
    finally:
        app.close()
    if photographer is not None:
        for name in sorted(photographer.taken):
            print(f"screenshot saved to {photographer.taken[name]}")
    if app.last_crash is not None:
        return 1
    return app.exit_code


if __name__ == "__main__":
    sys.exit(main())
