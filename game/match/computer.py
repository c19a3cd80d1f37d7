"""The computer at a seat: asking the worker, and a plain move when its answer is no good.

`ComputerSeat` asks the worker (`AIWorker`, the one place the computer thinks) for the move of a
`PlayerView` and holds the answer until it is collected; an answer for a position that has since
changed is never asked for again, and a decision that takes far too long is given up. If the
answer is missing, broken or refused, `safe_action` keeps the game going with a plain legal move
instead of stalling. `WorkerPilot` is the same seat as a decision source for the network peer
(AutoPilot, UG 4.2.6): it never blocks the peer's pump, and never leaves the seat silent.
"""

from __future__ import annotations

import logging
import random
import time

from game.logic import Game, legal_actions
from game.logic.actions import Action, Discard, Draw, NextHand, Pass
from game.logic.cards import CARD_POINTS, IDS_OF_CODE, IS_WILD
from game.logic.phases import HAND_OVER
from game.logic.view import PlayerView, determinize
from game.match.worker import DECIDE, AIResult, AIWorker

log = logging.getLogger(__name__)

# A decision that takes longer than this is given up (the worker is probably stuck).
GIVE_UP_SECONDS = 20.0


def safe_action(game: Game, avoid: Action | None = None) -> Action | None:
    """A plain legal move: draw if possible, else discard the cheapest card, else pass (never
    `avoid`, a move just refused)."""
    actions = [a for a in legal_actions(game, include_undo=True) if a != avoid]
    if not actions:
        return None
    for action in actions:
        if isinstance(action, Draw):
            return action
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:

        def cost(action: Discard) -> tuple[bool, int]:
            card = IDS_OF_CODE[action.card][0]
            return (IS_WILD[card], CARD_POINTS[card])

        return min(discards, key=cost)
    for action in actions:
        if isinstance(action, Pass):
            return action
    return actions[0]


def safe_action_for(view: PlayerView, avoid: Action | None = None) -> Action | None:
    """`safe_action` for a player who holds only a view (the unseen cards do not matter to the
    mover's own legal moves)."""
    return safe_action(determinize(view, random.Random(view.turn_no)), avoid)


class ComputerSeat:
    """One outstanding question to the worker about a seat's move, and its answer."""

    def __init__(self, worker: AIWorker) -> None:
        self.worker = worker
        self.request_id: int | None = None
        self.asked_at = 0.0
        self.answer: AIResult | None = None

    @property
    def thinking(self) -> bool:
        return self.request_id is not None

    def reset(self) -> None:
        self.request_id = None
        self.answer = None

    def ask(self, view: PlayerView, level: str, seed: int, aggressiveness: int = 50) -> None:
        """Start thinking about `view` unless a question or an answer is already outstanding."""
        if self.request_id is not None or self.answer is not None:
            return
        self.request_id = self.worker.submit(
            DECIDE,
            view,
            level=level,
            seed=seed + 7919 * view.seat,
            aggressiveness=aggressiveness,
        )
        self.asked_at = time.monotonic()

    def receive(self, result: AIResult) -> bool:
        """Take a result if it is ours; returns whether it was."""
        if result.id != self.request_id:
            return False
        self.request_id = None
        self.answer = result
        if result.error:
            log.error("the computer failed:\n%s", result.error)
        return True

    def overdue(self) -> bool:
        return self.request_id is not None and time.monotonic() - self.asked_at > GIVE_UP_SECONDS

    def take(self) -> AIResult | None:
        answer, self.answer = self.answer, None
        return answer


class WorkerPilot:
    """AutoPilot as a decision source for `PlayPeer`: asks the worker about each view it is
    shown and answers "not yet" until the move is ready. The owner routes the worker's results
    to `receive`."""

    def __init__(self, worker: AIWorker, level: str, seed: int = 0) -> None:
        self.seat = ComputerSeat(worker)
        self.level = level
        self.seed = seed
        self._view: PlayerView | None = None
        self._refused: tuple[PlayerView, Action] | None = None
        self._last: tuple[PlayerView, Action] | None = None

    @property
    def thinking(self) -> bool:
        return self.seat.thinking

    def receive(self, result: AIResult) -> bool:
        return self.seat.receive(result)

    def choose(self, view: PlayerView, now: float) -> Action | None:
        if view.phase == HAND_OVER:
            return NextHand()
        if self._refused is not None and self._refused[0] == view:
            # the computer decides the same way for the same view: play a plain move instead
            action = safe_action_for(view, avoid=self._refused[1])
            self._refused = None
            if action is not None:
                return self._chosen(view, action)
        if view != self._view:
            self.seat.worker.cancel()
            self.seat.reset()
            self._view = view
        if self.seat.overdue():
            self.seat.worker.cancel()
            self.seat.reset()
            return self._chosen(view, safe_action_for(view))
        self.seat.ask(view, self.level, self.seed)
        answer = self.seat.take()
        if answer is None:
            return None
        if answer.error or answer.action is None:
            log.warning("AutoPilot could not decide; playing a plain move")
            return self._chosen(view, safe_action_for(view))
        return self._chosen(view, answer.action)

    def _chosen(self, view: PlayerView, action: Action | None) -> Action | None:
        self._view = None  # the next view is asked about afresh, even if it looks the same
        if action is not None:
            self._last = (view, action)
        return action

    def refused(self, action: Action, code: str, text: str) -> None:
        self._refused = self._last
