"""Small generated card pictures named like the real ones (24x34, RGBA), for tests that load a
card folder without the game's assets."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.sprites.cards import BACKS, FACE_CODES


def write_card_pictures(parent: Path) -> Path:
    """A folder `cards` under `parent` holding one picture per face and back."""
    folder = parent / "cards"
    folder.mkdir()
    for index, code in enumerate(FACE_CODES + BACKS):
        surface = pygame.Surface((24, 34), pygame.SRCALPHA)
        surface.fill((255, 255 - index, 240, 255))
        pygame.image.save(surface, str(folder / f"{code}.png"))
    return folder
