"""The base class of every screen (title, options, dialogs, later the table and scores).

Scenes live on the app's `SceneStack`. The top scene gets events and `update(dt)`; the one it
covered is paused (a dialog over the table freezes the table's animations) and resumed when the
cover is removed. An `overlay` scene (a dialog) is drawn over the scenes below it instead of
replacing them. `layout(size)` is where a scene places its widgets for the screen size; it runs
on `enter` and again whenever the resolution changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.app import App


class Scene:
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app

    # -- lifetime, called by the SceneStack ---------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack (or replaced another)."""
        self.layout(self.app.size)

    def leave(self) -> None:
        """Removed from the stack for good."""

    def pause(self) -> None:
        """Another scene was pushed on top of this one."""

    def resume(self) -> None:
        """The scene on top of this one was removed."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a screen of `size` pixels."""

    # -- every frame ----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to an event; returns True if it was used."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def wants_quit(self) -> bool:
        """The window's close button was pressed: return False to stay open (for example to
        ask "Leave the game in progress?"), True to let the app quit."""
        return True

    @property
    def name(self) -> str:
        return type(self).__name__
