"""Fixtures for screen tests: generated assets and a running app (private user folders come from
tests/conftest.py); the computer answers inline, so every test is deterministic."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.audio import SoundManager
from game.sprites.cards import BACKS, FACE_CODES, CardImages

# The computer answers within the frame it is asked in: tests stay deterministic and need no
# child process (the real worker process is exercised through main.py in a subprocess).
os.environ.setdefault("CANASTA_AI_WORKER", "inline")


@pytest.fixture
def card_dir(tmp_path: Path) -> Path:
    """Small generated card pictures named like the real ones (24x34, RGBA)."""
    folder = tmp_path / "cards"
    folder.mkdir()
    for index, code in enumerate(FACE_CODES + BACKS):
        surface = pygame.Surface((24, 34), pygame.SRCALPHA)
        surface.fill((255, 255 - index, 240, 255))
        pygame.image.save(surface, str(folder / f"{code}.png"))
    return folder


@pytest.fixture
def app(user_dirs: tuple[Path, Path], tmp_path: Path) -> Iterator[App]:
    application = App(
        size=(1280, 720),
        sounds=SoundManager(tmp_path / "no_sounds"),
        cards=CardImages(tmp_path / "no_cards"),
    )
    pygame.event.clear()
    yield application
    application.close()
