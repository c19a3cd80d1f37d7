"""Idle benchmark: how much of a core the window takes while a player only looks at the table.

A real table (a new game against the computer, dealt and animated at normal speed, the player to
move) runs in the app's own loop, `App.run`, with no input at all for `seconds` (10 by default,
after the deal has come to rest). `cpu_share` is the process CPU time used over that span divided
by the wall time: with nothing moving, the loop must sleep until input comes, so the figure stays
under 0.03. The computer's worker is the inline one, so all the work counted is this process's.
"""

from __future__ import annotations

import os
import tempfile
import time
from typing import Any

SETTLE_LIMIT = 10.0  # seconds of frames allowed for the deal to come to rest


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def run(
    seconds: float = 10.0, size: tuple[int, int] = (1280, 720), seed: int = 4
) -> dict[str, Any]:
    """Measure the CPU share of a still table over `seconds` of the real loop."""
    _headless()
    with tempfile.TemporaryDirectory(prefix="canasta-idle-") as folder:
        os.environ["CANASTA_CONFIG_DIR"] = os.path.join(folder, "config")
        os.environ["CANASTA_DATA_DIR"] = os.path.join(folder, "data")
        import pygame

        from game import events
        from game.app import App
        from game.logic import Game
        from game.match import LocalGame, local_match
        from game.scenes.table.table import TableOptions, TableScene
        from game.scenes.title import TitleScene

        app = App(size=size)
        match = local_match(LocalGame(Game(seed=seed)), autosave=False, worker_mode="inline")
        table = TableScene(app, match, options=TableOptions(speed=1.0))
        app.stack.push(TitleScene(app))
        app.stack.push(table)
        waited = 0.0
        while (table.busy() or not app.idle()) and waited < SETTLE_LIMIT:
            app.step(1 / 60)
            waited += 1 / 60
        pygame.event.clear()
        pygame.time.set_timer(events.REQUEST_QUIT, int(seconds * 1000), loops=1)
        cpu, wall = time.process_time(), time.perf_counter()
        frames = app.frame
        app.run()  # closes the app when the timer asks it to quit
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        frames = app.frame - frames
    return {
        "cpu_share": round(cpu / wall, 4),
        "seconds": round(wall, 2),
        "frames": frames,
        "size": f"{size[0]}x{size[1]}",
        "settled_after_s": round(waited, 2),
    }


def describe(result: dict[str, Any]) -> str:
    return (
        f"still table at {result['size']}: {100 * result['cpu_share']:.1f}% of a core over "
        f"{result['seconds']} s ({result['frames']} frames drawn)"
    )
