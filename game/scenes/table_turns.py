"""The computer's turns at the table: ask early, act when the table is ready.

`ComputerSeat` asks the worker for the computer's next move as soon as the position changes, so
the thinking overlaps the animation of the previous move; it hands the move back only once the
cards have landed and a short pause has passed (User Guide: the opponent's actions are paced so a
person can follow them). An answer for a position that has since changed is dropped. If the
computer's answer is missing, broken or refused by the engine, `safe_action` keeps the game going
with a plain legal move instead of stalling.
"""

from __future__ import annotations

import logging
import time

from game.ai_worker import DECIDE, AIResult, AIWorker
from game.logic import Game, legal_actions, player_view
from game.logic.actions import Action, Discard, Draw, Pass
from game.logic.cards import CARD_POINTS, IDS_OF_CODE, IS_WILD

log = logging.getLogger(__name__)

# A decision that takes longer than this is given up (the worker is probably stuck).
GIVE_UP_SECONDS = 20.0


def safe_action(game: Game) -> Action | None:
    """A plain legal move: draw if possible, else discard the cheapest card, else pass."""
    actions = legal_actions(game, include_undo=True)
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


class ComputerSeat:
    def __init__(self, worker: AIWorker) -> None:
        self.worker = worker
        self.request_id: int | None = None
        self.request_version = -1
        self.asked_at = 0.0
        self.answer: AIResult | None = None
        self.answer_version = -1
        self.wait = 0.0

    @property
    def thinking(self) -> bool:
        return self.request_id is not None

    def reset(self) -> None:
        self.request_id = None
        self.answer = None
        self.wait = 0.0

    def ask(self, game: Game, version: int, level: str, seed: int, aggressiveness: int) -> None:
        """Start thinking about the position `version` unless already doing so."""
        if (self.request_id is not None and self.request_version == version) or (
            self.answer is not None and self.answer_version == version
        ):
            return
        seat = game.to_move
        self.request_id = self.worker.submit(
            DECIDE,
            player_view(game, seat),
            level=level,
            seed=seed + 7919 * seat,
            aggressiveness=aggressiveness,
        )
        self.request_version = version
        self.asked_at = time.monotonic()
        self.answer = None

    def receive(self, result: AIResult) -> bool:
        """Take a result if it is ours; returns whether it was."""
        if result.id != self.request_id:
            return False
        self.request_id = None
        self.answer = result
        self.answer_version = self.request_version
        if result.error:
            log.error("the computer opponent failed:\n%s", result.error)
        return True

    def overdue(self) -> bool:
        return self.request_id is not None and time.monotonic() - self.asked_at > GIVE_UP_SECONDS

    def ready_move(
        self, version: int, table_ready: bool, dt: float, pause: float
    ) -> AIResult | None:
        """The answer for `version` once the table is idle and the pause has passed."""
        if not table_ready:
            self.wait = pause
            return None
        if self.answer is None or self.answer_version != version:
            return None
        if self.wait > 0:
            self.wait -= dt
            if self.wait > 0:
                return None
        answer, self.answer = self.answer, None
        return answer
