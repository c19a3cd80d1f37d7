"""The application: window, clock, main loop and the stack of scenes.

`App` opens one window with `SCALED | RESIZABLE`: the game draws on a fixed logical surface
(1280x720 unless told otherwise) and SDL scales it to whatever size the player drags the window
to, keeping the aspect ratio. Out of the box pygame-ce scales such a window only by whole
numbers with blocky pixels, which leaves a 1280x720 picture floating in black inside a
1920x1080 window; two SDL hints set before the window opens switch to smooth, fractional
scaling so any window size is filled and text stays readable. Each frame runs
events -> network inbox -> `update(dt)` -> draw -> flip. `step(dt)` runs one frame with a given
`dt` and no sleeping, which is how tests drive the game; `run()` is the real loop. An exception
in a scene does not close the window: it is written to `crash.log` in the user data folder and
shown in a dialog that can return to the title screen.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import events
from game.audio import SoundManager
from game.records.session import PlayerSession, in_memory
from game.scenes.base import Host, Scene, SceneStack
from game.scenes.dialog import CrashScene, message_dialog
from game.settings import Preferences, data_dir, preferences_path
from game.sprites.cards import CardImages
from game.ui.scaling import desktop_scale
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.netplay.shell.discovery import Discovery

log = logging.getLogger(__name__)

TITLE = "Canasta"
DEFAULT_SIZE = (1280, 720)
DEFAULT_FPS = 60
# A frame longer than this (a stall, a debugger pause) is not allowed to jump animations ahead.
MAX_DT = 0.1
# With nothing moving, the loop sleeps until input arrives, waking this often for timers (a
# message's time on screen, the network); after any input it runs at full rate this long, so
# what the input set moving (a button's glow) is never slowed.
IDLE_WAKE = 0.5
IDLE_AFTER_INPUT = 0.5
INPUT_POLL = 0.015  # how often a sleeping loop looks for input: quicker than a person notices
# Preferences are written this long after the last change, so a slider drag saves once.
SAVE_DELAY = 0.4
CRASH_LOG = "crash.log"


def _prepare_sdl() -> None:
    """Hints that must be in place before the window is created."""
    # Smooth filtering when the window is not an exact multiple of the logical size.
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
    # pygame-ce reads this name to allow fractional (not only whole-number) window scaling.
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def _window_icon() -> pygame.Surface:
    icon = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(icon, (28, 104, 60), (0, 0, 32, 32), border_radius=6)
    pygame.draw.rect(icon, (246, 238, 214), (9, 5, 16, 22), border_radius=3)
    pygame.draw.rect(icon, (214, 176, 84), (9, 5, 16, 22), 2, border_radius=3)
    pygame.draw.polygon(icon, (190, 20, 30), [(17, 10), (22, 16), (17, 22), (12, 16)])
    return icon


class App:
    """Owns the window, the clock, shared services (preferences, sound, card pictures, theme)
    and the scene stack."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        prefs: Preferences | None = None,
        prefs_path: str | os.PathLike[str] | None = None,
        fps: int = DEFAULT_FPS,
        sounds: SoundManager | None = None,
        cards: CardImages | None = None,
        autosave_exists: Callable[[], bool] | None = None,
        home: Callable[[Host], Scene] | None = None,
        players: PlayerSession | None = None,
        table_menu: Callable[[Scene], list[tuple[str, Callable[[], None]]]] | None = None,
        lan: Discovery | None = None,
    ) -> None:
        _prepare_sdl()
        # Small mixer buffer: card sounds should land with the animation, not 100 ms after.
        pygame.mixer.pre_init(44100, -16, 2, 512)
        pygame.init()
        self.prefs_path = Path(prefs_path) if prefs_path is not None else preferences_path()
        # The records and the current player; without a database file, records live in memory.
        self.players = (
            players if players is not None else PlayerSession(in_memory(), self.prefs_path)
        )
        if prefs is None:
            prefs, self.preference_warnings = self.players.load_preferences()
        else:
            self.preference_warnings = []
        self.prefs = prefs
        self.fps = fps
        self.size = (size[0], size[1]) if size is not None else DEFAULT_SIZE
        # The desktop's scale factor (150%, 200%): the window opens that much larger.
        self.ui_scale = desktop_scale()
        self.screen = self._open_window(self.size)
        self.clock = pygame.time.Clock()
        self.theme = Theme(self.size)
        self.theme.set_high_contrast(prefs.high_contrast)
        self.stack = SceneStack(on_empty=self.quit)
        self.sounds = (
            sounds
            if sounds is not None
            else SoundManager(
                effects_enabled=prefs.sound_enabled,
                effects_volume=prefs.sound_volume / 100,
                music_enabled=prefs.music_enabled,
                music_volume=prefs.music_volume / 100,
            )
        )
        self.cards = cards if cards is not None else CardImages()
        self.cards.set_four_colour(prefs.four_colour_deck)
        self.cards.set_marks(prefs.colour_blind_marks)
        self.cards.set_high_contrast(prefs.high_contrast)
        self.autosave_exists: Callable[[], bool] = autosave_exists or (lambda: False)
        self.home = home
        self.table_menu = table_menu
        self.lan = lan  # games on this network: only when a person is at the window
        # Later the network shell registers a callable here that turns peer messages into events.
        self.inbox_pollers: list[Callable[[], None]] = []
        # Called with the screen after each frame is drawn (screenshots of chosen moments).
        self.post_draw: list[Callable[[pygame.Surface], None]] = []
        self.running = True
        self.frame = 0
        self.time = 0.0
        self.exit_code = 0
        self.last_crash: str | None = None
        self._save_countdown: float | None = None
        self._quiet = 0.0  # seconds since the last input event
        self._told_prefs_failure = False
        self._closed = False

    # -- window ------------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(_window_icon())
        with warnings.catch_warnings():
            # A software renderer is plenty for a card game; no need to alarm the player.
            warnings.filterwarnings("ignore", message="no fast renderer available")
            screen = pygame.display.set_mode(size, pygame.SCALED | pygame.RESIZABLE)
        self._restore_window_size(size)
        return screen

    def _restore_window_size(self, logical: tuple[int, int]) -> None:
        """Open at the size the player left the window (fractional scaling would otherwise
        open it as large as the desktop allows), and let it shrink below the logical size."""
        try:
            with warnings.catch_warnings():
                # pygame-ce warns about drawing through this Window object; it is only used to
                # size the window, drawing still goes through the display surface.
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = (min(640, logical[0]), min(360, logical[1]))
            # The remembered size is in desktop-neutral units (see `_window_resized`).
            wanted = (
                int(self.prefs.window_size[0] * self.ui_scale),
                int(self.prefs.window_size[1] * self.ui_scale),
            )
            desktops = pygame.display.get_desktop_sizes()
            if desktops:
                dw, dh = desktops[0]
                scale = min(1.0, 0.92 * dw / wanted[0], 0.92 * dh / wanted[1])
                wanted = (int(wanted[0] * scale), int(wanted[1] * scale))
            if wanted[0] >= 320 and wanted[1] >= 180:
                window.size = wanted
        except (AttributeError, pygame.error, ValueError) as exc:
            log.info("could not set the window size: %s", exc)

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error as exc:
            log.info("fullscreen not available: %s", exc)

    def _window_resized(self) -> None:
        try:
            if pygame.display.is_fullscreen():
                return
            size = pygame.display.get_window_size()
        except (pygame.error, AttributeError):
            return
        size = (round(size[0] / self.ui_scale), round(size[1] / self.ui_scale))
        if tuple(size) != tuple(self.prefs.window_size) and size[0] >= 640 and size[1] >= 360:
            self.prefs.window_size = (int(size[0]), int(size[1]))
            # Remembered for next start; written with the next save or at exit.
            self._save_countdown = self._save_countdown if self._save_countdown is not None else 5.0

    # -- preferences ----------------------------------------------------------------------------
    @property
    def animation_speed(self) -> float:
        return self.prefs.animation_factor

    def preferences_changed(self) -> None:
        """A scene changed `self.prefs`: apply what is live (sound, music) and save soon."""
        self.sounds.apply_preferences(self.prefs)
        self.cards.set_four_colour(self.prefs.four_colour_deck)
        self.cards.set_marks(self.prefs.colour_blind_marks)
        self._apply_palette()
        self._save_countdown = SAVE_DELAY

    def _apply_palette(self) -> None:
        """Switch the palette; buttons and panels the scenes built are built again in it."""
        self.cards.set_high_contrast(self.prefs.high_contrast)
        if self.theme.set_high_contrast(self.prefs.high_contrast):
            for scene in self.stack:
                scene.layout(self.size)

    def save_preferences(self) -> bool:
        self._save_countdown = None
        self.players.save(self.prefs)
        try:
            self.prefs.save(self.prefs_path)
        except OSError as exc:
            log.warning("could not save preferences to %s: %s", self.prefs_path, exc)
            if not self._told_prefs_failure and self.running:
                # Once: the player would otherwise believe the settings kept.
                self._told_prefs_failure = True
                message_dialog(
                    self,
                    "Preferences not saved",
                    f"Your preferences could not be saved to {self.prefs_path} "
                    f"({exc.strerror or exc}). They apply until you quit.",
                )
            return False
        return True

    def switch_player(self, profile_id: int) -> None:
        """Another player sits down: keep this one's preferences, load theirs, apply them."""
        self.save_preferences()
        self.prefs = self.players.switch(profile_id)
        self.sounds.apply_preferences(self.prefs)
        self._apply_palette()
        self.save_preferences()

    # -- loop ------------------------------------------------------------------------------
    def quit(self) -> None:
        self.running = False

    def step(self, dt: float, limit: float = MAX_DT) -> bool:
        """Run one frame as if `dt` seconds had passed (at most `limit`); returns whether the
        app still runs."""
        if not self.running:
            return False
        dt = min(max(0.0, dt), limit)
        self._quiet += dt
        try:
            self._dispatch_events()
            for poll in self.inbox_pollers:
                poll()
            top = self.stack.top
            if top is not None and self.running:
                top.update(dt)
            self._tick_save(dt)
            self.draw()
            for hook in list(self.post_draw):
                hook(self.screen)
        except Exception as exc:  # a bug in a scene must not make the window vanish
            self.report_crash(exc)
        self.frame += 1
        self.time += dt
        if self.running:
            pygame.display.flip()
            if self.frame == 1:
                shown = type(self.stack.top).__name__ if self.stack.top is not None else "nothing"
                log.info("first frame shown: %s at %dx%d", shown, *self.screen.get_size())
        return self.running

    def _dispatch_events(self) -> None:
        for event in pygame.event.get():
            self._quiet = 0.0
            if event.type == pygame.QUIT:
                top = self.stack.top
                if top is None or top.wants_quit():
                    self.quit()
                continue
            if event.type == events.REQUEST_QUIT:
                self.quit()
                continue
            if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                self._window_resized()
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if not self.running:
                break
            top = self.stack.top
            if top is not None:
                top.handle_event(event)

    def _tick_save(self, dt: float) -> None:
        if self._save_countdown is None:
            return
        self._save_countdown -= dt
        if self._save_countdown <= 0:
            self.save_preferences()

    def draw(self) -> None:
        visible = self.stack.visible()
        if not visible:
            self.screen.blit(self.theme.felt(), (0, 0))
        for scene in visible:
            scene.draw(self.screen)

    def run(self) -> int:
        """The real loop; returns the process exit code."""
        try:
            while self.running:
                if self.idle():
                    self._wait_for_input(IDLE_WAKE)
                    # Nothing moves, so a long frame jumps no animation: timers see real time.
                    self.step(self.clock.tick() / 1000.0, limit=IDLE_WAKE + MAX_DT)
                else:
                    self.step(self.clock.tick(self.fps) / 1000.0)
        except KeyboardInterrupt:
            pass
        except Exception as exc:
            path = self.write_crash_report(exc)
            print(
                f"Canasta stopped because of an error. Details were written to {path}",
                file=sys.stderr,
            )
            self.exit_code = 1
        finally:
            self.close()
        return self.exit_code

    def idle(self) -> bool:
        """No input for a while, nothing to save and no scene busy: the loop may sleep."""
        return (
            self._quiet >= IDLE_AFTER_INPUT
            and self._save_countdown is None
            and not any(scene.busy() for scene in self.stack)
        )

    @staticmethod
    def _wait_for_input(seconds: float) -> None:
        """Sleep until an event is queued or `seconds` pass, looking every few milliseconds
        (SDL's own wait spins a core on some video drivers); the events stay queued."""
        deadline = time.perf_counter() + seconds
        while not pygame.event.peek() and time.perf_counter() < deadline:
            time.sleep(INPUT_POLL)

    def run_frames(self, frames: int, dt: float | None = None) -> None:
        """Run `frames` frames; with `dt`, without sleeping (headless checks, tests)."""
        for _ in range(frames):
            if not self.running:
                break
            self.step(dt if dt is not None else self.clock.tick(self.fps) / 1000.0)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            self.stack.clear()
        except Exception as exc:
            self.write_crash_report(exc)
        if self._save_countdown is not None:
            self.save_preferences()
        self.players.close()
        self.sounds.shutdown()
        pygame.quit()

    def screenshot(self, path: str | os.PathLike[str]) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(target))
        return target

    # -- crashes ----------------------------------------------------------------------------
    def crash_log_path(self) -> Path:
        return data_dir() / CRASH_LOG

    def write_crash_report(self, exc: BaseException) -> Path:
        path = self.crash_log_path()
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        scenes = ", ".join(scene.name for scene in self.stack) or "none"
        header = (
            f"=== {time.strftime('%Y-%m-%d %H:%M:%S')}  frame {self.frame}  "
            f"scenes: {scenes}  python {sys.version.split()[0]}  "
            f"pygame-ce {pygame.version.ver}\n"
        )
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(header + text + "\n")
        except OSError as write_error:
            log.error("could not write the crash report to %s: %s", path, write_error)
        log.error("error in a scene:\n%s", text)
        return path

    def report_crash(self, exc: Exception) -> None:
        """Log the error and replace the scenes with a dialog that explains it."""
        path = self.write_crash_report(exc)
        self.last_crash = f"{type(exc).__name__}: {exc}"
        if isinstance(self.stack.top, CrashScene):
            # The report screen itself failed: nothing trustworthy is left to show.
            raise exc
        for scene in self.stack.drop_all():
            with contextlib.suppress(Exception):
                scene.leave()
        self.stack.push(CrashScene(self, self.last_crash, path))
