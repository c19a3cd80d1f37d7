"""Waiting at a network table of three or four for a player whose connection dropped.

Nobody can play a dropped guest's seat for them (the peek-proof deal opens every card with every
player's key, theirs included), so the whole table waits: the host and the other guests alike.
This dialog, over the table, names who the table waits for, counts down the time they have to
come back (the time the host's connection to them gives them), and offers to save and stop
instead: the game is saved on every side and continues later from Continue. It closes by itself,
back to the table, once they are back, and when play ends for any other reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.language import _, n_
from game.match import NetMatch
from game.scenes.dialog import DialogScene

if TYPE_CHECKING:
    from game.scenes.base import Host

STOP = "stop"


class TableWait(DialogScene):
    """The table waits for `match`'s dropped players; `stop` saves and leaves the table."""

    def __init__(self, app: Host, match: NetMatch, stop: Callable[[], None]) -> None:
        self.match = match
        self.waited, self.seconds = match.waiting_for()
        super().__init__(
            app,
            self._title(),
            self._message(),
            [(_("Save and stop"), STOP)],
            on_result=lambda choice: stop() if choice == STOP else None,
            width=720,
        )

    def _names(self) -> str:
        return ", ".join(_(name) for name in self.waited)

    def _title(self) -> str:
        return _("Waiting for {names}").format(names=self._names())

    def _message(self) -> str:
        left = n_(
            "{n} second left for them to come back.",
            "{n} seconds left for them to come back.",
            self.seconds,
        ).format(n=self.seconds)
        why = _(
            "The game cannot go on without {names}: every card is opened with every player's "
            "key, and theirs is on their computer."
        ).format(names=self._names())
        after = _(
            "If nobody comes back in time, or you stop, the game is saved for everyone and "
            "continues later from Continue."
        )
        return f"{left} {why} {after}"

    @property
    def over(self) -> bool:
        """Nobody is waited for any more: they are back, or play has ended."""
        return not self.waited

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True  # the table cannot be played until they are back: only Stop leaves
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        waited, seconds = self.match.waiting_for()
        if (waited, seconds) == (self.waited, self.seconds):
            return
        self.waited, self.seconds = waited, seconds
        if self.over:
            self.closed = True
            self.app.stack.remove(self)
            return
        self.title, self.message = self._title(), self._message()
        self.layout(self.app.size)
