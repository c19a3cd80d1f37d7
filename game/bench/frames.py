"""Frame-time benchmark of the card table: the busiest table, drawn headless, frame after frame.

The position is as crowded as a game gets: a 40-card hand, both meld areas full (canastas
squared up, long melds cascading), a frozen pile. While it runs, cards are always in flight: a
handful of the player's cards rise and fall every few frames and the whole hand re-sorts every
second. Each frame is the real thing (`App.step`: events, update, draw, flip) on the dummy video
driver. It prints frames per second and the median and 95th-percentile frame times; `--json`
prints them as one object with `startup_s`, the time from starting `python` to the first frame
of an interactive table (measured in a fresh process, as a player would wait for it). A second
run measures the same frames while the computer thinks at the Master level without pause in its
worker process (`thinking_median_ms`, `thinking_p95_ms`): the window must stay as smooth.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
READY = "TABLE-READY"


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def busy_game() -> Any:
    """A game at a crowded position (all 108 cards placed, seat 0 to play)."""
    from game.logic import PLAY, CardId, Game
    from game.logic.cards import IDS_OF_CODE, IS_RED_THREE, IS_WILD, MELD_KEY_OF_NAME

    free = {code: list(ids) for code, ids in IDS_OF_CODE.items()}

    def take(text: str) -> list[CardId]:
        return [free[code].pop(0) for code in text.split()]

    game = Game(seed=1)
    melds = (
        {
            "K": "KS KH KD KC KS KH KD KC",
            "Q": "QS QH QD 2C",
            "J": "JS JH JD JC",
            "10": "10S 10H 10D",
            "9": "9S 9H 9D 9C 9S 9H JK",
        },
        {"A": "AS AH AD AC AS AH 2H", "8": "8S 8H 8D", "7": "7S 7H 7D 7C", "6": "6S 6H 6D"},
    )
    for seat in (0, 1):
        player = game.players[seat]
        player.melds = {MELD_KEY_OF_NAME[k]: take(v) for k, v in melds[seat].items()}
        player.threes = take("3H" if seat == 0 else "3D")
        player.opened = True
        player.known = set()
    game.pile = take("5S 5H 2D 4C")
    game.pile_freezers = sum(1 for c in game.pile if IS_WILD[c] or IS_RED_THREE[c])
    rest = sorted(c for ids in free.values() for c in ids)
    random.Random(7).shuffle(rest)
    game.players[0].hand = rest[:40]
    game.stock = rest[40:44]
    game.players[1].hand = rest[44:]
    game.talons = []
    game._begin_turn(0, [])
    game.phase = PLAY
    game.turn.drew = "stock"
    game.log = []
    return game


def _table(app: Any, game: Any) -> Any:
    from game.match import LocalGame, local_match
    from game.scenes.table.table import TableOptions, TableScene

    match = local_match(LocalGame(game, marks=[]), autosave=False, worker_mode="inline")
    return TableScene(app, match, options=TableOptions(speed=1.0))


def _measure(
    app: Any,
    table: Any,
    worker: Any,
    frames: int,
    rng: random.Random,
    view: Any,
    speaking: bool = False,
) -> list[float]:
    """Step the table `frames` times (after a second of warm-up) and return each frame's time;
    with `speaking`, at 60 frames a second of real time, a phrase is said every half second, in
    each side's voice by turns."""
    from game.match.worker import DECIDE
    from game.speech import Side

    dt = 1 / 60
    times: list[float] = []
    for index in range(frames + 60):
        if speaking and index % 30 == 0:
            side = Side.PLAYER if index % 60 else Side.OPPONENT
            app.speech.say(f"You scored {index} points this hand.", side)
        if worker is not None:
            worker.poll()
            if not worker.busy:
                worker.submit(DECIDE, view, level="master", seed=index)
        if index % 4 == 0:  # new flights start before the last ones land
            hand = table.board.hand_order
            table.moves.selected = set(rng.sample(hand, min(6, len(hand))))
            table.relayout()
        if index % 60 == 30:
            app.prefs.hand_sorting = "rank" if app.prefs.hand_sorting != "rank" else "rank_groups"
            table.relayout()
        start = time.perf_counter()
        app.step(dt)
        elapsed = time.perf_counter() - start
        if index >= 60:  # the first second warms the caches
            times.append(elapsed)
        if speaking:
            # in real time, so that the engine says the phrases while the frames are measured
            time.sleep(max(0.0, dt - elapsed))
    return times


def run(
    frames: int = 600,
    size: tuple[int, int] = (1280, 720),
    seed: int = 3,
    thinking: bool = False,
    speaking: bool = False,
) -> dict[str, Any]:
    """Frame times of the busiest table with animations running throughout (and, with
    `thinking`, the computer searching at the Master level in its worker all the while; with
    `speaking`, speech on and a phrase said every half second)."""
    import tempfile

    _headless()
    from game.app import App
    from game.logic import player_view
    from game.match.worker import AIWorker

    with tempfile.TemporaryDirectory(prefix="canasta-bench-") as folder:
        app = App(size=size, prefs_path=os.path.join(folder, "preferences.json"))
        worker = AIWorker("process") if thinking else None
        if speaking:
            app.prefs.speech_enabled = True
            app.preferences_changed()
        try:
            game = busy_game()
            table = _table(app, game)
            app.stack.push(table)
            view = player_view(game, 1)
            times = _measure(app, table, worker, frames, random.Random(seed), view, speaking)
            in_flight = len(table.animator)
            spoken = len(app.speech.spoken)
        finally:
            if worker is not None:
                worker.close()
            app.close()
    times.sort()
    mean = statistics.fmean(times)
    return {
        "fps": round(1 / mean, 1),
        "median_ms": round(1000 * statistics.median(times), 2),
        "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 2),
        "frames": len(times),
        "size": f"{size[0]}x{size[1]}",
        "animations_at_end": in_flight,
        "phrases_spoken": spoken,
    }


def startup_seconds(timeout: float = 60.0) -> float:
    """Seconds from starting a fresh `python` to the first frame of a new game's table."""
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1"
    )
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "game.bench.frames", "--probe"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == READY:
                return round(time.perf_counter() - start, 3)
        raise RuntimeError("the start-up probe ended without reaching the table")
    finally:
        # The probe closes itself (and its opponent worker) after saying it is ready.
        try:
            child.wait(timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait(timeout)


def probe() -> int:
    """Start as `main.py` does, with private folders, and say when the table is on screen."""
    import tempfile

    _headless()
    with tempfile.TemporaryDirectory(prefix="canasta-probe-") as folder:
        os.environ["CANASTA_CONFIG_DIR"] = os.path.join(folder, "config")
        os.environ["CANASTA_DATA_DIR"] = os.path.join(folder, "data")
        from game.app import App
        from game.match import autosave_exists
        from game.scenes import flow
        from game.scenes.title import TitleScene

        app = App(home=TitleScene, autosave_exists=autosave_exists)
        app.stack.push(TitleScene(app))
        flow.launch(app)
        app.step(1 / 60)
        print(READY, flush=True)
        app.close()
    return 0


def describe(result: dict[str, Any]) -> str:
    lines = [
        f"busiest table at {result['size']}: {result['fps']} frames per second",
        f"frame time: median {result['median_ms']} ms, p95 {result['p95_ms']} ms "
        f"({result['frames']} frames, cards in flight throughout)",
    ]
    if "thinking_median_ms" in result:
        lines.append(
            f"while the computer thinks (Master, in its worker process): median "
            f"{result['thinking_median_ms']} ms, p95 {result['thinking_p95_ms']} ms"
        )
    if "speech_median_ms" in result:
        lines.append(
            f"with speech on, a phrase every half second: median {result['speech_median_ms']} ms, "
            f"p95 {result['speech_p95_ms']} ms ({result['speech_phrases']} phrases spoken)"
        )
    if "startup_s" in result:
        lines.append(f"start-up to the interactive table: {result['startup_s']} s")
    return "\n".join(lines)


if __name__ == "__main__":
    if "--probe" in sys.argv[1:]:
        sys.exit(probe())
    print(describe(run()))
