"""Pictures of the screen at chosen moments, for headless runs (`--screenshot DIR`).

The table asks for a picture by name when something worth showing happens (the deal, a frozen
pile, a canasta, the score breakdown); the picture is taken right after the next frame is drawn,
so it shows the moment with everything on screen, dialogs included. Each name is taken once.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pygame

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
