"""Where a seat's moves come from, for the peer driver: the computer opponent (AutoPilot, UG
4.2.6) or a human at the table. In the window the computer thinks in the match layer's worker
process (`game.match.worker`), the one place slow work runs off the UI thread.

A decision source is asked `choose(view, now)` whenever its seat may act (its turn, or between
hands, where the only choice is the next hand) and returns an action or None for "not yet". It is
told when an action was refused, so a human sees why and the computer does not repeat itself.
Nothing here blocks the caller unless the source itself is synchronous, as the plain `Autopilot`
is on purpose: on a virtual clock a soak run wants decisions made at once."""

from __future__ import annotations

import queue
import random
from collections.abc import Callable
from typing import Protocol

from game.logic.actions import Action, NextHand
from game.logic.ai import ComputerPlayer
from game.logic.legal import legal_actions
from game.logic.phases import HAND_OVER
from game.logic.view import PlayerView, determinize


class DecisionSource(Protocol):
    def choose(self, view: PlayerView, now: float) -> Action | None:
        """The action for this view, or None if none is ready yet."""

    def refused(self, action: Action, code: str, text: str) -> None:
        """The last action chosen was not accepted; nothing changed."""


class Autopilot:
    """The computer opponent playing one seat. `clock` (e.g. `time.perf_counter`) lets the
    stronger levels keep to their time budget; leave it out on a virtual clock."""

    def __init__(
        self, level: str = "beginner", seed: int = 0, clock: Callable[[], float] | None = None
    ) -> None:
        self.player = ComputerPlayer(level, seed=seed)
        self.clock = clock
        self._last: tuple[PlayerView, Action] | None = None
        self._refused: tuple[PlayerView, Action] | None = None
        self.refusals = 0

    def choose(self, view: PlayerView, now: float) -> Action | None:
        if view.phase == HAND_OVER:
            return NextHand()
        action: Action | None = None
        if self._refused is not None and self._refused[0] == view:
            # the computer decides the same way for the same view: pick another legal move
            # rather than asking again forever
            world = determinize(view, random.Random(f"refused:{view.hand_no}:{view.turn_no}"))
            action = next((a for a in legal_actions(world, True) if a != self._refused[1]), None)
        if action is None:
            action = self.player.decide(view, now=self.clock)
        self._last = (view, action)
        return action

    def refused(self, action: Action, code: str, text: str) -> None:
        self.refusals += 1
        self._refused = self._last


class Manual:
    """A human at the table: the UI thread calls `submit` and the driver picks the action up.
    `last_refusal` holds the sentence to show when the move was not allowed."""

    def __init__(self) -> None:
        self._actions: queue.SimpleQueue[Action] = queue.SimpleQueue()
        self.last_refusal: tuple[Action, str, str] | None = None

    def submit(self, action: Action) -> None:
        self._actions.put(action)

    def choose(self, view: PlayerView, now: float) -> Action | None:
        try:
            return self._actions.get_nowait()
        except queue.Empty:
            return None

    def refused(self, action: Action, code: str, text: str) -> None:
        self.last_refusal = (action, code, text)
