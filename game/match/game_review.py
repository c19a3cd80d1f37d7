"""A game review worked out off the UI thread: the review screen's one way to the worker.

`GameReview` hands the replay of a recorded game and the player's seat to a worker of its own
(`AIWorker`, kind `REVIEW`), and each frame `poll()` says how far it has got (`done` of
`total` decisions) and, at the end, gives the review (the JSON object of `game.logic.review`)
or the sentence saying why there is none. `cancel()` stops it at the next decision.
"""

from __future__ import annotations

import os
from typing import Any

from game.logic.phrase import phrase
from game.logic.review import ReviewConfig

from .worker import REVIEW, AIWorker


class GameReview:
    """One review in progress."""

    def __init__(
        self, replay: dict[str, Any], seat: int, config: ReviewConfig, mode: str | None = None
    ) -> None:
        self.worker = AIWorker(mode or os.environ.get("CANASTA_AI_WORKER", "process"))
        self.done = 0
        self.total = 0
        self.result: dict[str, Any] | None = None
        self.error: str | None = None
        self.worker.submit(REVIEW, (replay, seat, config))

    @property
    def running(self) -> bool:
        return self.result is None and self.error is None and self.worker.busy

    @property
    def fraction(self) -> float:
        return self.done / self.total if self.total else 0.0

    def poll(self) -> None:
        """Take what the worker has said since the last frame."""
        for answer in self.worker.poll():
            if answer.partial:
                self.done, self.total = answer.extra["done"], answer.extra["total"]
            elif answer.error is not None:
                self.error = phrase(
                    "The review stopped on an error: {error}", error=answer.error.splitlines()[-1]
                )
            else:
                self.result = answer.extra
        if self.result is not None or self.error is not None:
            self.worker.close()

    def cancel(self) -> None:
        self.worker.close()
