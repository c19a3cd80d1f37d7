"""Fixtures for screen tests: a running app (private user folders come from
tests/conftest.py); the computer answers inline, so every test is deterministic."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.audio import SoundManager
from game.sprites.cards import CardImages

# The computer answers within the frame it is asked in: tests stay deterministic and need no
# child process (the real worker process is exercised through main.py in a subprocess).
os.environ.setdefault("CANASTA_AI_WORKER", "inline")


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
