"""The game's command line: what `canasta`, `python main.py` and the built app all run.

With no options it opens the title screen (Continue resumes the saved game, New game deals one
against the computer). `--scene table` opens the table at once (the saved game in progress if
there is one, with the offer of a fresh start; `--seed` or `--level` also deal a game at once);
`--scene options` opens the options.
`--autoplay` lets the computer play both seats and watches it; with `--hands N` it stops after N
hands, with `--speed max` it plays as fast as it can, and with `--screenshot DIR` it saves
pictures of the key moments (the deal, a frozen pile, a canasta, the score breakdown) in DIR.
`--level` picks the computer's skill, `--seed` the deal, `--players` seats 2, 3 or 4 (the
person at the bottom, the computer in every other seat). After `--autoplay` the last line printed
is the outcome as JSON (`winner`, the totals, the hands played); with `--speed max` the game
ends the run once its final scores are shown.

Options for checks without a person at the keyboard: `--frames N` runs N frames and exits,
`--screenshot DIR` saves a picture of the screen there when it exits (at 1280x720), `--size WxH`
opens the window at another size (laid out again whenever it is resized), `--dt` steps frames with a fixed time
instead of the clock. `--host`/`--join` (or `--invite`/`--accept` with an invite code, or
`--lobby-host`/`--lobby-join` through the lobby) play a network game without a window and
`--lobby-list` lists the lobby's waiting hosts (handed to `game.netplay.tools.cli`). `--install-desktop` adds the
game to a Linux desktop's menu.

An error that escapes the game is written to `crash.log` in the data folder (the built app has no
console to show it in) and the exit status is 1. `--safe-mode` runs on the default preferences
and keeps the player's own to restore; a start that never reached its first frame is noticed at
the next one, which offers safe mode.
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import os
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from game import __version__

if TYPE_CHECKING:
    from game.app import App
    from game.netplay.shell.discovery import Discovery

# Kept free of pygame so that `--help`, `--version` and the network flags answer at once.
SKILL_LEVELS = ("carefree", "beginner", "intermediate", "advanced", "expert", "master")
# The players and records screens `--scene` opens (game.scenes.records.shared.SCREENS).
RECORD_SCREENS = ("players", "history", "stats", "charts", "fame", "league")
# Fixed frame time for `--speed max`: the clock is not consulted, frames follow one another.
MAX_SPEED_DT = 1 / 60
# A watched game that has not ended after this many frames is stuck: give up with an error.
AUTOPLAY_FRAME_LIMIT = 400_000
# The same file the app writes a scene's error to (game.app.CRASH_LOG, not imported: pygame).
CRASH_LOG = "crash.log"
# The window of a check with no one at it (as `game.app.DEFAULT_SIZE`, which is not imported
# before it is needed: the command line answers --help without pygame).
DEFAULT_WINDOW = (1280, 720)
LOG_FILE = "canasta.log"
# A command line with one of these is a network game without a window (`--resume` continues a
# saved one: the save knows the role, the address and the code).
NETWORK_FLAGS = (
    "--host",
    "--join",
    "--invite",
    "--accept",
    "--resume",
    "--lobby-host",
    "--lobby-join",
    "--lobby-list",
)
# Options that mean something only with NETWORK_FLAGS (as argparse destinations).
NETWORK_ONLY = (
    "autopilot",
    "code",
    "bind",
    "name",
    "rules",
    "save",
    "say",
    "give_up",
    "owed_within",
    "timeout",
    "mailbox",
    "relay",
    "direct",
    "wait",
    "advertise",
    "broker",
    "lobby_level",
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
    """Every option of the game. Each group is built by its own function so that a feature adds
    its flags in one place (the network group is only listed here: its flags are parsed by
    `game.netplay.tools.cli`)."""
    parser = argparse.ArgumentParser(
        prog="canasta",
        description="Canasta for two, three or four against the computer, or for two over the "
        "network.",
        epilog="Preferences, the saved game, the log and crash reports live in the folders "
        "`canasta --where` prints.",
    )
    parser.add_argument("--version", action="version", version=f"Canasta {__version__}")
    add_screen_options(parser)
    add_play_options(parser.add_argument_group("automatic play"))
    add_network_options(
        parser.add_argument_group(
            "network games without a window (see python -m game.netplay.tools.cli --help)"
        )
    )
    add_install_options(parser.add_argument_group("this computer"))
    return parser


def add_screen_options(parser: argparse.ArgumentParser) -> None:
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
        "--size",
        metavar="WxH",
        type=parse_size,
        help="window size (default: as the player left it; 1280x720 for checks)",
    )
    parser.add_argument(
        "--dt",
        type=float,
        metavar="SECONDS",
        help="advance each frame by this fixed time instead of the clock",
    )
    parser.add_argument(
        "--scene",
        choices=("table", "title", "options", *RECORD_SCREENS, "help", "tutorial", "explore"),
        default=None,
        help="screen to open (default: the title screen; the table with --seed or --level)",
    )
    parser.add_argument(
        "--safe-mode",
        action="store_true",
        help="run on the default preferences, keeping yours to restore (Options → Restore mine)",
    )


def add_play_options(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--autoplay",
        action="store_true",
        help="the computer plays both seats; watch (or record with --screenshot)",
    )
    group.add_argument("--hands", type=int, metavar="N", help="with --autoplay: stop after N hands")
    group.add_argument(
        "--speed",
        type=parse_speed,
        metavar="max|FACTOR",
        help="animation speed: max (as fast as possible) or a factor such as 2",
    )
    group.add_argument("--level", choices=SKILL_LEVELS, help="the computer's skill level")
    group.add_argument(
        "--language",
        metavar="CODE",
        help="the language of this run's texts (en, es, de); otherwise the one chosen in Options, "
        "or the system's",
    )
    group.add_argument(
        "--players",
        type=int,
        choices=(2, 3, 4),
        help="players at the table: 2, 3 (each for themself) or 4 (two partnerships); "
        "you sit at the bottom, the computer takes every other seat",
    )
    group.add_argument("--seed", type=int, metavar="N", help="deal the game from this seed")


def add_network_options(group: argparse._ArgumentGroup) -> None:
    """Listed for --help only: `main` hands any command line with --host or --join to
    `game.netplay.tools.cli` before parsing (a test keeps this list and that parser in step)."""
    group.add_argument("--host", nargs="?", metavar="PORT", help="host a game on this port")
    group.add_argument("--join", metavar="HOST:PORT", help="join the game hosted at this address")
    group.add_argument(
        "--invite", action="store_true", help="host a game over the internet: print an invite code"
    )
    group.add_argument("--accept", metavar="CODE", help="join the game behind this invite code")
    group.add_argument("--mailbox", metavar="URL", help="invite codes: the mailbox server")
    group.add_argument("--relay", metavar="HINT", help="invite codes: the transit relay")
    group.add_argument(
        "--direct", metavar="ADDRESSES", help="--invite: addresses offered for a direct connection"
    )
    group.add_argument(
        "--wait", metavar="SECONDS", help="invite codes: how long to wait for the other side"
    )
    group.add_argument(
        "--code", metavar="CODE", help="the join code the host shows (the guest must give it)"
    )
    group.add_argument(
        "--autopilot",
        nargs="?",
        const="",
        metavar="LEVEL",
        help="let the computer play this seat (at LEVEL)",
    )
    group.add_argument(
        "--seats",
        metavar="LIST",
        help="host of three or four (--players): who plays seats 1.., e.g. "
        "guest,computer:advanced,guest",
    )
    group.add_argument("--bind", metavar="ADDRESS", help="host: listen on this address only")
    group.add_argument(
        "--advertise",
        action="store_const",
        const=True,
        help="host: list the game for players on the same network until the seat is taken",
    )
    group.add_argument("--name", help="the player name shown to the other side")
    group.add_argument(
        "--rules", metavar="PRESET", help="the rules to propose (host); --lobby-list: only these"
    )
    group.add_argument("--save", metavar="PATH", help="save the game here after every move")
    group.add_argument(
        "--resume", metavar="PATH", help="continue the network game saved in PATH (after a crash)"
    )
    group.add_argument("--say", metavar="TEXT", help="send this chat line once connected")
    group.add_argument(
        "--give-up", metavar="SECONDS", help="how long a silent other side is waited for"
    )
    group.add_argument(
        "--owed-within",
        metavar="SECONDS",
        help="guest: how long to wait for a step the host owes before saving and leaving",
    )
    group.add_argument("--timeout", metavar="SECONDS", help="stop if the game is not over by then")
    group.add_argument(
        "--lobby-host",
        action="store_true",
        help="host and wait in the lobby: the first guest to ask gets the address and join code "
        "(a table of --players 3 or 4: each guest who asks while a seat is free)",
    )
    group.add_argument(
        "--lobby-join", metavar="NAME", help="ask the host called NAME in the lobby, then join it"
    )
    group.add_argument(
        "--lobby-list", action="store_true", help="print the hosts waiting in the lobby and exit"
    )
    group.add_argument("--broker", metavar="URL", help="the lobby's MQTT broker (mqtt://HOST:PORT)")
    group.add_argument(
        "--lobby-level", metavar="LEVEL", help="--lobby-host: the level of play hoped for"
    )


def add_install_options(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--where",
        action="store_true",
        help="print the folders of preferences, saved games, the log and crash reports",
    )
    group.add_argument(
        "--install-desktop",
        action="store_true",
        help="Linux: add Canasta to the desktop's application menu (for this user)",
    )
    group.add_argument(
        "--uninstall-desktop",
        action="store_true",
        help="Linux: remove Canasta from the desktop's application menu",
    )


def wants_network(argv: list[str]) -> bool:
    return any(arg == flag or arg.startswith(flag + "=") for arg in argv for flag in NETWORK_FLAGS)


def setup_logging() -> None:
    from game.settings import data_dir

    handlers: list[logging.Handler] = [logging.StreamHandler()]
    handlers[0].setLevel(logging.WARNING)
    try:
        folder = data_dir()
        folder.mkdir(parents=True, exist_ok=True)
        file_handler = logging.FileHandler(folder / LOG_FILE, mode="w", encoding="utf-8")
        file_handler.setLevel(logging.INFO)
        handlers.append(file_handler)
    except OSError as exc:
        # No writable data folder: warnings still reach the terminal.
        print(f"canasta: no log file ({exc})", file=sys.stderr)
    logging.basicConfig(
        level=logging.INFO,
        handlers=handlers,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


def write_crash_report(exc: BaseException) -> Path | None:
    """Append the error to `crash.log` in the data folder; returns the file, or None if even
    that could not be written. Used for errors outside a scene (a scene's own errors are
    reported by the app, on screen and in the same file)."""
    from game.settings import data_dir

    path = data_dir() / CRASH_LOG
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    header = (
        f"=== {time.strftime('%Y-%m-%d %H:%M:%S')}  Canasta {__version__}  "
        f"python {sys.version.split()[0]}  {sys.platform}\n"
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(header + text + "\n")
    except OSError:
        return None
    return path


def print_folders() -> None:
    from game.settings import data_dir, preferences_path

    print(f"preferences:             {preferences_path()}")
    print(f"saved games and the log: {data_dir()}")
    print(f"crash reports:           {data_dir() / CRASH_LOG}")


def main(argv: list[str] | None = None) -> int:
    # First of all: in the built app the computer's worker process starts this same program,
    # and freeze_support turns that start into the worker instead of a second game.
    multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    if wants_network(argv):
        # Network games from the command line run without a window (the title screen's Host
        # and Join are the windowed way): the network CLI owns these flags, never imports pygame.
        from game.netplay.tools.cli import run

        return run(argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    stray = [name for name in NETWORK_ONLY if getattr(args, name) is not None]
    if stray:
        flag = "--" + stray[0].replace("_", "-")
        parser.error(
            f"{flag} belongs to a network game: add --host, --join, --invite, --accept or --resume"
        )
    if args.language is not None:
        from game.language.files import languages

        if args.language not in languages():
            known = ", ".join(languages())
            parser.error(f"--language {args.language}: the game has no such language ({known})")
    if args.where:
        print_folders()
        return 0
    if args.install_desktop or args.uninstall_desktop:
        from game import desktop

        return desktop.command(adding=args.install_desktop)
    try:
        return play(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        path = write_crash_report(exc)
        where = f"; the details are in {path}" if path is not None else ""
        print(f"Canasta stopped with an error: {type(exc).__name__}: {exc}{where}", file=sys.stderr)
        logging.getLogger(__name__).error("stopped by an error", exc_info=exc)
        return 1


def start_safely(app: App, safe_mode: bool) -> None:
    """Safe mode (User Guide 4.4.19) when asked for, or offered when the last start never drew
    its first frame; the mark of this start goes once its first frame is drawn."""
    from game.scenes.dialog import confirm_dialog, message_dialog
    from game.settings import start_marker_path

    marker = start_marker_path()
    failed_before = marker.exists()
    try:
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()
    except OSError as exc:
        logging.getLogger(__name__).warning("could not mark the start: %s", exc)

    def started(_screen: object) -> None:
        marker.unlink(missing_ok=True)
        app.post_draw.remove(started)

    app.post_draw.append(started)

    def enter(yes: bool = True) -> None:
        if not yes:
            return
        app.enter_safe_mode()
        message_dialog(
            app,
            "Safe mode",
            "The game runs on the default preferences. Yours are kept: Restore mine, in "
            "Options, brings them back.",
        )

    if safe_mode:
        enter()
    elif failed_before:
        confirm_dialog(
            app,
            "The game did not start last time",
            "Start in safe mode, on the default preferences? Yours are kept to restore.",
            enter,
            yes="Safe mode",
            no="As usual",
        )


def play(args: argparse.Namespace) -> int:
    """Open the window and run the game the options ask for."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    setup_logging()
    from game import native
    from game.settings import adopt_legacy_files

    engine = "compiled" if native.in_use() else f"python ({native.status()})"
    logging.getLogger(__name__).info("engine: %s", engine)

    adopt_legacy_files()

    from game.app import App
    from game.match import autosave_exists
    from game.records import open_records
    from game.records.session import PlayerSession
    from game.scenes import flow
    from game.scenes.options import OptionsScene
    from game.scenes.records.entry import game_review, open_screen, table_menu_items
    from game.scenes.records.players import show_records_message
    from game.scenes.title import TitleScene
    from game.settings import preferences_path

    flow.tidy_save_folder()
    players = PlayerSession(open_records(), preferences_path())
    app = App(
        size=window_size(args),
        home=TitleScene,
        autosave_exists=autosave_exists,
        players=players,
        table_menu=table_menu_items,
        game_review=game_review,
        lan=lan_discovery(args),
        language=args.language,
    )
    quit_on_terminate(app)
    app.stack.push(TitleScene(app))
    start_safely(app, args.safe_mode)
    if args.autoplay:
        return run_autoplay(app, args)
    if args.scene is None:
        deal = (args.seed, args.level, args.players)
        # A player who asked for it comes back to the game in progress (User Guide 4.4.6).
        resume = app.prefs.resume_at_start and autosave_exists()
        args.scene = "table" if resume or any(a is not None for a in deal) else "title"
    if args.scene == "table":
        from game.scenes.table.table import TableOptions

        options = TableOptions(speed=args.speed)
        if args.seed is not None or args.level is not None or args.players is not None:
            flow.start_new_game(
                app, options, seed=args.seed, level=args.level, players=args.players
            )
        else:
            flow.launch(app, options)
    elif args.scene == "options":
        app.stack.push(OptionsScene(app))
    elif args.scene in RECORD_SCREENS:
        open_screen(app, args.scene)
    elif args.scene in ("help", "tutorial", "explore"):
        flow.open_learning_scene(app, args.scene, seed=args.seed)
    show_records_message(app)
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


def window_size(args: argparse.Namespace) -> tuple[int, int] | None:
    """`--size`; else for a check with no one at the window (frames, a screenshot) the default
    size, so its pictures do not depend on the desktop; else None: the size the player left."""
    if args.size is not None:
        return (args.size[0], args.size[1])
    if args.frames is not None or args.screenshot is not None:
        return DEFAULT_WINDOW
    return None


def lan_discovery(args: argparse.Namespace) -> Discovery | None:
    """Games on this network are advertised and listed only with a person at the window: a
    headless check (frames, screenshots, autoplay) never sends multicast."""
    if args.frames is not None or args.screenshot is not None or args.autoplay:
        return None
    from game.netplay.shell.discovery import LanDiscovery

    return LanDiscovery()


def quit_on_terminate(app: App) -> None:
    """A polite stop (SIGTERM, as from a logout) ends the loop normally: the game is saved
    and the computer's worker process is closed, instead of both being cut off."""
    try:
        signal.signal(signal.SIGTERM, lambda _signum, _frame: app.quit())
    except (ValueError, OSError, AttributeError) as exc:
        # Not the main thread, or a platform without SIGTERM: the default stop still applies.
        logging.getLogger(__name__).info("SIGTERM not handled: %s", exc)


def run_autoplay(app: App, args: argparse.Namespace) -> int:
    """The computer plays both seats through the table, exactly as a person's game runs."""
    from game.scenes import flow
    from game.scenes.table.photographer import Photographer
    from game.scenes.table.table import TableOptions

    fastest = args.speed == 0.0
    photographer = Photographer(args.screenshot) if args.screenshot is not None else None
    options = TableOptions(
        speed=args.speed,
        pauses=not fastest,
        hands=args.hands,
        photographer=photographer,
        quit_at_end=fastest,
    )
    table = flow.start_new_game(
        app, options, seed=args.seed, level=args.level, autoplay=True, players=args.players
    )
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
    print(json.dumps(table.outcome(), sort_keys=True))
    return app.exit_code


if __name__ == "__main__":
    sys.exit(main())
