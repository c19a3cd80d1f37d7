"""Real pygame events posted as the player makes them, and frames stepped with a fixed dt."""

from __future__ import annotations

import warnings

import pygame

from game.app import App

DT = 1 / 60


def step(app: App, frames: int = 1, dt: float = DT) -> None:
    for _ in range(frames):
        app.step(dt)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """A full click as the player makes it: move there, press, release, one frame."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step(DT)


def press(app: App, key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
    )
    pygame.event.post(
        pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
    )
    app.step(DT)


def type_text(app: App, text: str) -> None:
    """Typing as the keyboard does it: a TEXTINPUT event per character, which the focused field
    (a pygame_gui entry line, through its UI manager) takes in; then a second frame, which hands
    the screen the events pygame_gui posted about it (the text changed)."""
    for character in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=character))
    app.step(DT)
    app.step(DT)


def retype(app: App, field: tuple[int, int], text: str) -> None:
    """A click on the text field at `field`, Ctrl+A to select what it holds, and `text` typed
    over it."""
    click(app, field)
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    type_text(app, text)


def move(app: App, pos: tuple[int, int]) -> None:
    """The pointer moved to `pos` (no button held), one frame."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))
    )
    app.step(DT)


def resize_window(app: App, size: tuple[int, int]) -> None:
    """The player drags the window to `size`: SDL resizes it and queues its own event; two
    frames."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().size = size
    step(app, 2)
