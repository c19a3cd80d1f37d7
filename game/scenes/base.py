"""The base class of every screen (title, options, dialogs, the table and scores), the stack they
live on, and `Host`: what a scene may use of the application that runs it.

Scenes live on the app's `SceneStack`. The top scene gets events and `update(dt)`; the one it
covered is paused (a dialog over the table freezes the table's animations) and resumed when the
cover is removed. An `overlay` scene (a dialog) is drawn over the scenes below it instead of
replacing them. `layout(size)` is where a scene places its widgets for the screen size; it runs
on `enter` and again whenever the resolution changes. Scenes know the app only as a `Host` (the
services it lends them), so the screens never import the application that imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

import pygame

if TYPE_CHECKING:
    from game.audio import SoundManager
    from game.netplay.shell.discovery import Discovery
    from game.records.session import PlayerSession
    from game.settings import Preferences
    from game.speech import Speaker
    from game.sprites.cards import CardImages
    from game.ui.theme import Theme


class Host(Protocol):
    """What a scene may use of the application running it (`game.app.App` is one)."""

    running: bool

    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def prefs(self) -> Preferences: ...
    @property
    def theme(self) -> Theme: ...
    @property
    def sounds(self) -> SoundManager: ...
    @property
    def speech(self) -> Speaker: ...
    @property
    def cards(self) -> CardImages: ...
    @property
    def stack(self) -> SceneStack: ...
    @property
    def home(self) -> Callable[[Host], Scene] | None:
        """The title screen, for a way home after a crash (None in tests that need none)."""

    @property
    def table_menu(self) -> Callable[[Scene], list[tuple[str, Callable[[], None]]]] | None:
        """More entries for the table's menu (the same cards again, the records), or None."""

    @property
    def game_review(self) -> Callable[[Scene], Callable[[], None] | None] | None:
        """For a table whose game is over: the way to its review (How did I play?), or None
        when the game left no record to review."""

    @property
    def autosave_exists(self) -> Callable[[], bool]: ...
    @property
    def lan(self) -> Discovery | None:
        """Advertising and finding games on this network (None: never, as in tests)."""

    @property
    def inbox_pollers(self) -> list[Callable[[], None]]:
        """Called every frame, whichever scene is on top (the network, the computer)."""

    @property
    def post_draw(self) -> list[Callable[[pygame.Surface], None]]:
        """Called with the screen after each frame is drawn."""

    @property
    def players(self) -> PlayerSession:
        """The records and the player at the keyboard."""

    def switch_player(self, profile_id: int) -> None: ...
    def can_restore_before_safe_mode(self) -> bool: ...
    def restore_before_safe_mode(self) -> bool: ...
    def quit(self) -> None: ...
    def preferences_changed(self) -> None:
        """A scene changed the preferences: apply what is live and save soon."""

    def save_preferences(self) -> bool: ...


class Scene:
    overlay = False
    # A dialog covers the overlays under it (a menu, another dialog): they are not drawn, so
    # they never show through it.
    covers_overlays = False

    def __init__(self, app: Host) -> None:
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

    def busy(self) -> bool:
        """Whether the scene needs frames at the full rate with no input arriving (something
        moves or is awaited); when every scene says no, the app sleeps until input comes."""
        return True

    def wants_quit(self) -> bool:
        """The window's close button was pressed: return False to stay open (for example to
        ask "Leave the game in progress?"), True to let the app quit."""
        return True

    @property
    def name(self) -> str:
        return type(self).__name__


class SceneStack:
    """Scenes on top of each other; only the top one is active.

    `push` pauses the current top and enters the new scene; `pop` leaves the top and resumes
    the one beneath; `replace` swaps the top without resuming anything in between.
    """

    def __init__(self, on_empty: Callable[[], None] | None = None) -> None:
        self._scenes: list[Scene] = []
        self.on_empty = on_empty

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def __contains__(self, scene: object) -> bool:
        return scene in self._scenes

    def push(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes[-1].pause()
        self._scenes.append(scene)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.leave()
        if self._scenes:
            self._scenes[-1].resume()
        elif self.on_empty is not None:
            self.on_empty()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take a scene out from anywhere (a dialog closed while something is above it)."""
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
            scene.leave()

    def replace(self, scene: Scene) -> Scene:
        if self._scenes:
            self._scenes.pop().leave()
        self._scenes.append(scene)
        scene.enter()
        return scene

    def clear(self) -> None:
        while self._scenes:
            self._scenes.pop().leave()

    def drop_all(self) -> list[Scene]:
        """Empty the stack without calling anything on the scenes (after a crash, when their
        own code cannot be trusted); returns them."""
        scenes, self._scenes = self._scenes, []
        return scenes

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the topmost full-screen scene and the overlays
        above it, from the highest one that covers the overlays under it."""
        start = 0
        for index in range(len(self._scenes) - 1, -1, -1):
            if not self._scenes[index].overlay:
                start = index
                break
        overlays = self._scenes[start + 1 :]
        covering = [i for i, scene in enumerate(overlays) if scene.covers_overlays]
        if covering:
            overlays = overlays[covering[-1] :]
        return self._scenes[start : start + 1] + overlays
