"""Pictures of the screen at chosen moments, for headless runs (`--screenshot DIR`).

The table asks for a picture by name when something worth showing happens (the deal, a frozen
pile, a canasta, the score breakdown); the picture is taken right after the next frame is drawn,
so it shows the moment with everything on screen, dialogs included. Each name is taken once.
`PhotoCues`, a part the table holds, knows which moments those are.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.logic import events as ev

if TYPE_CHECKING:
    from game.logic.events import Event
    from game.match import TableState

log = logging.getLogger(__name__)


class Photographer:
    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.pending: list[str] = []
        self.taken: dict[str, Path] = {}

    def request(self, name: str) -> None:
        if name not in self.taken and name not in self.pending:
            self.pending.append(name)

    def has(self, name: str) -> bool:
        return name in self.taken or name in self.pending

    def after_draw(self, surface: pygame.Surface) -> None:
        if not self.pending:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        for name in self.pending:
            path = self.directory / f"{name}.png"
            try:
                pygame.image.save(surface, str(path))
            except (pygame.error, OSError) as exc:
                log.warning("could not save the screenshot %s: %s", path, exc)
                continue
            self.taken[name] = path
        self.pending.clear()


class PhotoCues:
    """The table's moments worth a picture: each deal, the first frozen pile, the first canasta."""

    def __init__(self, photographer: Photographer | None) -> None:
        self.photographer = photographer
        self.deal = True
        self.canasta = False

    def after(self, events: list[Event]) -> None:
        for event in events:
            if event.kind == ev.DEAL:
                self.deal = True
            elif event.kind == ev.CANASTA:
                self.canasta = True

    def take(self, state: TableState, pile_viewer: int) -> None:
        """Ask for the pictures the table at rest now shows."""
        photographer = self.photographer
        if photographer is None:
            return
        if self.deal:
            self.deal = False
            photographer.request(f"hand{state.hand_no}_deal")
        # Frozen for the player: by a wild card or Red Three in it, or (before the player has
        # opened) by the rules; a pile of a few cards makes the better picture.
        frozen = (
            bool(state.pile)
            and state.pile_frozen_for(pile_viewer)
            and not state.pile_blocked
            and (state.pile_freezers > 0 or len(state.pile) >= 3)
        )
        if frozen and not photographer.has("frozen_pile"):
            photographer.request("frozen_pile")
        if self.canasta and not photographer.has("canasta"):
            photographer.request("canasta")
        self.canasta = False
