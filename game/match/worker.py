"""The one way the computer thinks off the UI thread: a worker process.

Every use of the computer while a window is open (the opponent's moves, hints, AutoPilot in a
network game) hands `AIWorker` a `PlayerView` (a picklable record of what one seat may see) and
asks for a decision or a hint; a game review (`REVIEW`) hands it a replay document and a seat,
and hears how far the review has got (results marked `partial`) before the review itself. The
answer comes back later through `poll()`, so the window keeps
drawing, moving and closing while the computer thinks. The work runs in one persistent child
process started with the "spawn" method (the same on every platform, and safe in a frozen app):
the search is pure Python, and in a thread it would hold the interpreter lock and starve the
render loop on a small machine. `cancel()` makes a search in progress stop at its next check (the
engine's `should_stop` callable reads a counter shared with the child) and drops its answer. The
"inline" mode answers on the next `poll` in the caller's own thread: deterministic tests use it,
and it is the last resort when no process can be started. No pygame here: the child imports only
the rules package.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import multiprocessing
import os
import queue
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

DECIDE = "decide"
HINT = "hint"
REVIEW = "review"  # view: (replay document, seat, ReviewConfig)
MODES = ("process", "inline")


@dataclass(frozen=True)
class AIRequest:
    id: int
    generation: int
    kind: str
    view: Any
    level: str = "intermediate"
    seed: int = 0
    aggressiveness: int = 50
    model: Any = None  # a hint's memory of the opponent (OpponentModel)


@dataclass
class AIResult:
    id: int
    kind: str
    action: Any = None
    actions: tuple[Any, ...] = ()
    reason: str = ""
    error: str | None = None
    cancelled: bool = False
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)
    partial: bool = False  # a review's progress (extra: done, total); the answer comes later


class _Brain:
    """Computer players by (level, seed, aggressiveness), made once and reused."""

    def __init__(self) -> None:
        self._players: dict[tuple[str, int, int], Any] = {}

    def answer(
        self,
        request: AIRequest,
        should_stop: Callable[[], bool],
        report: Callable[[AIResult], None] = lambda _result: None,
    ) -> AIResult:
        from game.logic.ai import ComputerPlayer, hint

        start = time.perf_counter()
        try:
            if request.kind == REVIEW:
                result = self._review(request, should_stop, report)
            elif request.kind == HINT:
                # No clock: the hint is Master's whole search, the same move however busy the
                # machine is (a new position still stops it through `should_stop`).
                suggestion = hint(
                    request.view, seed=request.seed, should_stop=should_stop, model=request.model
                )
                result = AIResult(
                    request.id, HINT, actions=tuple(suggestion.actions), reason=suggestion.reason
                )
            else:
                key = (request.level, request.seed, request.aggressiveness)
                player = self._players.get(key)
                if player is None:
                    player = ComputerPlayer(
                        request.level, seed=request.seed, aggressiveness=request.aggressiveness
                    )
                    self._players[key] = player
                action = player.decide(request.view, should_stop=should_stop, now=time.perf_counter)
                result = AIResult(request.id, DECIDE, action=action)
        except Exception:  # a bug in the opponent must not take the table down with it
            result = AIResult(request.id, request.kind, error=traceback.format_exc())
        result.seconds = time.perf_counter() - start
        return result

    @staticmethod
    def _review(
        request: AIRequest, should_stop: Callable[[], bool], report: Callable[[AIResult], None]
    ) -> AIResult:
        from game.logic.review import review

        doc, seat, config = request.view

        def progress(done: int, total: int) -> None:
            report(AIResult(request.id, REVIEW, partial=True, extra={"done": done, "total": total}))

        reviewed = review(doc, seat, config, progress, should_stop)
        if reviewed is None:
            return AIResult(request.id, REVIEW, cancelled=True)
        return AIResult(request.id, REVIEW, extra=reviewed.to_dict())


# How often an idle worker checks that the game that started it is still running.
PARENT_CHECK_SECONDS = 0.5


def _moved_on(generation: Any, asked_in: int) -> bool:
    """Whether the caller cancelled everything asked before (the search should stop)."""
    return bool(generation.value != asked_in)


def _serve(requests: Any, results: Any, generation: Any) -> None:
    """The worker: answer requests until a None arrives, or until the game is gone."""
    brain = _Brain()
    # A process whose game was killed (no chance to say goodbye) must not linger: without this
    # it would wait on its queue forever.
    parent = multiprocessing.parent_process()
    if hasattr(os, "nice"):
        # When the cores are busy, drawing the table comes first; the search has a time budget.
        with contextlib.suppress(OSError):
            os.nice(5)
    while True:
        try:
            request = requests.get(timeout=PARENT_CHECK_SECONDS)
        except queue.Empty:
            if parent is None or not parent.is_alive():
                return
            continue
        if request is None:
            return
        if request.generation != generation.value:
            results.put(AIResult(request.id, request.kind, cancelled=True))
            continue
        stop = functools.partial(_moved_on, generation, request.generation)
        result = brain.answer(request, stop, results.put)
        if stop():
            result = AIResult(request.id, request.kind, cancelled=True)
        results.put(result)


class _Counter:
    """Stands in for `multiprocessing.Value` before the process starts and in inline mode."""

    def __init__(self) -> None:
        self.value = 0


class AIWorker:
    """Asks the computer opponent for decisions and hints without blocking the caller."""

    def __init__(self, mode: str = "process") -> None:
        if mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}")
        self.mode = mode
        self._next_id = 1
        self._outstanding: dict[int, AIRequest] = {}
        self._inline: list[AIRequest] = []
        self._brain = _Brain() if mode == "inline" else None
        self._process: Any = None
        self._requests: Any = None
        self._results: Any = None
        self._generation: Any = _Counter()
        self._restarts = 0
        self._closed = False
        if mode != "inline":
            self._start()

    # -- the worker ---------------------------------------------------------------------------
    def _start(self) -> None:
        try:
            context = multiprocessing.get_context("spawn")
            self._requests = context.Queue()
            self._results = context.Queue()
            self._generation = context.Value("i", self._generation.value)
            self._process = context.Process(
                target=_serve,
                args=(self._requests, self._results, self._generation),
                name="canasta-opponent",
                daemon=True,
            )
            self._process.start()
        except (OSError, ValueError, RuntimeError) as exc:
            log.warning("could not start the computer's process (%s); thinking inline", exc)
            self._think_inline(list(self._outstanding.values()))

    def _think_inline(self, waiting: list[AIRequest]) -> None:
        self.mode = "inline"
        self._brain = _Brain()
        self._generation = _Counter()
        self._inline = waiting

    def _alive(self) -> bool:
        return self._process is not None and self._process.is_alive()

    # -- asking -------------------------------------------------------------------------------
    def submit(
        self,
        kind: str,
        view: Any,
        *,
        level: str = "intermediate",
        seed: int = 0,
        aggressiveness: int = 50,
        model: Any = None,
    ) -> int:
        """Ask for a decision (`DECIDE`) or a hint (`HINT`) for `view`, or a review (`REVIEW`);
        returns the request id."""
        request = AIRequest(
            self._next_id, self._generation.value, kind, view, level, seed, aggressiveness, model
        )
        self._next_id += 1
        self._outstanding[request.id] = request
        if self.mode == "inline":
            self._inline.append(request)
        else:
            self._requests.put(request)
        return request.id

    def cancel(self) -> None:
        """Stop whatever is being thought about; its answers are dropped."""
        if self.mode == "process":
            with self._generation.get_lock():
                self._generation.value += 1
        else:
            self._generation.value += 1
        self._outstanding.clear()
        self._inline.clear()

    @property
    def busy(self) -> bool:
        return bool(self._outstanding)

    def poll(self) -> list[AIResult]:
        """Answers that have arrived (cancelled ones left out)."""
        out: list[AIResult] = []
        if self.mode == "inline":
            while self._inline:
                request = self._inline.pop(0)
                assert self._brain is not None
                out.append(self._brain.answer(request, lambda: False, out.append))
        else:
            while True:
                try:
                    out.append(self._results.get_nowait())
                except (queue.Empty, EOFError, OSError):
                    break
            if self._outstanding and not self._alive() and not self._closed:
                self._recover()
        answered = []
        for result in out:
            if result.id in self._outstanding and not result.cancelled:
                if not result.partial:
                    del self._outstanding[result.id]
                answered.append(result)
        return answered

    def _recover(self) -> None:
        """The worker died (killed, out of memory): start another and ask again."""
        self._restarts += 1
        log.warning("the opponent worker stopped; restarting it (restart %d)", self._restarts)
        if self._restarts > 3:
            self._think_inline(list(self._outstanding.values()))
            return
        self._start()
        for request in self._outstanding.values():
            self._requests.put(request)

    def wait(self, timeout: float = 10.0) -> list[AIResult]:
        """Block until at least one answer arrives (tools and tests only, never the game loop)."""
        deadline = time.monotonic() + timeout
        while True:
            results = self.poll()
            if results or not self._outstanding or time.monotonic() > deadline:
                return results
            time.sleep(0.002)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.cancel()
        if self.mode == "process":
            try:
                self._requests.put(None)
                self._process.join(0.5)
                if self._process.is_alive():
                    self._process.terminate()
                    self._process.join(0.5)
            except (OSError, ValueError, AssertionError):
                pass
            for q in (self._requests, self._results):
                try:
                    q.close()
                    q.cancel_join_thread()
                except (OSError, ValueError, AttributeError):
                    pass
