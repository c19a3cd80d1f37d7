"""The application: window, clock, main loop and the stack of scenes.

`App` opens a plain resizable window and lays the screens out at the window's own size: every
resize (a drag, F11's full screen) sets `size` afresh and asks every scene on the stack to
`layout` again, which is the same path `--size` takes at start, so cards, text and panels keep
readable sizes at any window size. A window smaller than `MIN_LAYOUT` (times the desktop's
scale) is laid out at the smallest size of its shape that holds the minimum and the picture is
scaled down to it; pointer positions are scaled back. Each frame runs
events -> network inbox -> `update(dt)` -> draw -> flip. `step(dt)` runs one frame with a given
`dt` and no sleeping, which is how tests drive the game; `run()` is the real loop. An exception
in a scene does not close the window: it is written to `crash.log` in the user data folder and
shown in a dialog that can return to the title screen.
"""

from __future__ import annotations

import contextlib
import gc
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
from game.language.files import system_language, use_language
from game.records.session import PlayerSession, in_memory
from game.scenes.base import Host, Scene, SceneStack
from game.scenes.dialog import CrashScene, message_dialog
from game.settings import (
    Preferences,
    data_dir,
    forget_safe_mode,
    keep_before_safe_mode,
    preferences_before_safe_mode,
    preferences_path,
)
from game.speech import Speaker
from game.sprites.cards import CardImages
from game.ui.gui import forget_managers
from game.ui.scaling import desktop_scale
from game.ui.theme import Theme

if TYPE_CHECKING:
    from game.netplay.shell.discovery import Discovery

log = logging.getLogger(__name__)

TITLE = "Canasta"
DEFAULT_SIZE = (1280, 720)
# Below this (at a desktop scale of 100%) the screens are laid out at this size and the picture
# is scaled down to the window: text smaller than this layout's is hard to read.
MIN_LAYOUT = (1024, 600)
# The smallest window the player can drag to, and the smallest size remembered.
MIN_WINDOW = (640, 360)
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
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def layout_size(window: tuple[int, int], ui_scale: float = 1.0) -> tuple[int, int]:
    """The size the screens are laid out at in a window of `window` pixels: the window's own,
    or for a window smaller than `MIN_LAYOUT` (times the desktop's scale) the smallest size of
    the window's shape that holds the minimum, which is then scaled down to the window."""
    width, height = max(1, window[0]), max(1, window[1])
    factor = max(1.0, MIN_LAYOUT[0] * ui_scale / width, MIN_LAYOUT[1] * ui_scale / height)
    return (round(width * factor), round(height * factor))


POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def _sdl_window() -> pygame.Window | None:
    """The display module's window as a `pygame.Window` (to size it), or None without one."""
    try:
        with warnings.catch_warnings():
            # pygame-ce warns about drawing through this Window object; it is only used to
            # size the window, drawing still goes through the display surface.
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (AttributeError, pygame.error) as exc:
        log.info("the window cannot be sized: %s", exc)
        return None


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
        game_review: Callable[[Scene], Callable[[], None] | None] | None = None,
        lan: Discovery | None = None,
        language: str | None = None,
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
        # `--language` sets the language of this run only; otherwise the player's choice.
        self._language_override = language
        self.language = use_language(self._wanted_language())
        self.fps = fps
        # The desktop's scale factor (150%, 200%): the window opens that much larger.
        self.ui_scale = desktop_scale()
        # The window's own surface, and the one the scenes draw on at `size` (the same surface
        # unless the window is smaller than the minimum layout).
        self.window = self._open_window(size)
        self.size = layout_size(self.window.get_size(), self.ui_scale)
        self.screen = self._drawing_surface(self.size)
        self.clock = pygame.time.Clock()
        self.theme = Theme(self.size)
        self._set_theme_palette(prefs)
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
        self.speech = Speaker(
            enabled=prefs.speech_enabled,
            volume=prefs.speech_volume / 100,
            stop_when_interrupted=prefs.speech_stop_when_interrupted,
        )
        self.speech.language = self.language  # spoken in a voice of the player's language
        self.cards = cards if cards is not None else CardImages()
        self.cards.set_four_colour(prefs.four_colour_deck)
        self._apply_card_back()
        self.cards.set_marks(prefs.colour_blind_marks)
        self.cards.set_notation(prefs.index_notation)
        self.cards.set_design(prefs.deck_design)
        self.cards.set_high_contrast(prefs.high_contrast)
        self.autosave_exists: Callable[[], bool] = autosave_exists or (lambda: False)
        self.home = home
        self.table_menu = table_menu
        self.game_review = game_review
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
    def _open_window(self, size: tuple[int, int] | None) -> pygame.Surface:
        """Open the window at `size` (`--size`), else at the size the player left it."""
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(_window_icon())
        wanted = (size[0], size[1]) if size is not None else self._remembered_window_size()
        with warnings.catch_warnings():
            # A software renderer is plenty for a card game; no need to alarm the player.
            warnings.filterwarnings("ignore", message="no fast renderer available")
            screen = pygame.display.set_mode(wanted, pygame.RESIZABLE)
        window = _sdl_window()
        if window is not None:
            window.minimum_size = (min(MIN_WINDOW[0], wanted[0]), min(MIN_WINDOW[1], wanted[1]))
        return screen

    def _remembered_window_size(self) -> tuple[int, int]:
        """The window size the player left, in this desktop's pixels (it is remembered in
        desktop-neutral units, see `_remember_window_size`), shrunk to fit the desktop."""
        wanted = (
            int(self.prefs.window_size[0] * self.ui_scale),
            int(self.prefs.window_size[1] * self.ui_scale),
        )
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            desktops = []
        if desktops:
            dw, dh = desktops[0]
            scale = min(1.0, 0.92 * dw / wanted[0], 0.92 * dh / wanted[1])
            wanted = (int(wanted[0] * scale), int(wanted[1] * scale))
        return (max(MIN_WINDOW[0], wanted[0]), max(MIN_WINDOW[1], wanted[1]))

    def _drawing_surface(self, size: tuple[int, int]) -> pygame.Surface:
        """The window itself, or for a window below the minimum layout a surface of `size`
        that each frame is scaled down onto the window."""
        if size == self.window.get_size():
            return self.window
        return pygame.Surface(size).convert()

    @property
    def scaled(self) -> bool:
        """Whether the picture is drawn larger than the window and scaled down to it."""
        return self.screen is not self.window

    def toggle_fullscreen(self) -> None:
        """F11: full screen at the desktop's size, or back to the window; either way the
        screens are laid out again for the new size."""
        window = _sdl_window()
        if window is None:
            return
        try:
            if pygame.display.is_fullscreen():
                window.set_windowed()
            else:
                window.set_fullscreen(desktop=True)
        except pygame.error as exc:
            log.info("fullscreen not available: %s", exc)
        self._window_resized()

    def _window_resized(self) -> None:
        """The window changed size: lay the screens out for it and remember it for next start."""
        try:
            size = tuple(pygame.display.get_window_size())
            surface = pygame.display.get_surface()
        except pygame.error:
            return
        if surface is None or len(size) != 2 or min(size) < 1:
            return
        window = (int(size[0]), int(size[1]))
        if surface.get_size() != window:
            # Drivers that do not resize the display surface themselves.
            surface = pygame.display.set_mode(window, pygame.RESIZABLE)
        self.window = surface
        self.resize(layout_size(window, self.ui_scale))
        self._remember_window_size(window)

    def resize(self, size: tuple[int, int]) -> None:
        """Draw at `size` from now on: the theme, the card pictures and every scene on the stack
        are laid out again for it, as at start."""
        self.screen = self._drawing_surface(size)
        if size == self.size:
            return
        self.size = size
        self.theme.resize(size)
        self.cards.clear_scaled()
        for scene in self.stack:
            scene.layout(size)
        log.info("laid out again at %dx%d in a %dx%d window", *size, *self.window.get_size())

    def _remember_window_size(self, window: tuple[int, int]) -> None:
        if pygame.display.is_fullscreen():
            return
        size = (round(window[0] / self.ui_scale), round(window[1] / self.ui_scale))
        large_enough = size[0] >= MIN_WINDOW[0] and size[1] >= MIN_WINDOW[1]
        if size != tuple(self.prefs.window_size) and large_enough:
            self.prefs.window_size = (int(size[0]), int(size[1]))
            # Remembered for next start; written with the next save or at exit.
            self._save_countdown = self._save_countdown if self._save_countdown is not None else 5.0

    def _to_layout(self, event: pygame.event.Event) -> pygame.event.Event:
        """A pointer event in a scaled-down window, with its position in drawing pixels."""
        if not self.scaled or event.type not in POINTER_EVENTS:
            return event
        fx = self.size[0] / self.window.get_width()
        fy = self.size[1] / self.window.get_height()
        attributes = dict(event.dict)
        x, y = event.pos
        attributes["pos"] = (int(x * fx), int(y * fy))
        if "rel" in attributes:
            dx, dy = event.rel
            attributes["rel"] = (round(dx * fx), round(dy * fy))
        return pygame.event.Event(event.type, attributes)

    # -- preferences ----------------------------------------------------------------------------
    @property
    def animation_speed(self) -> float:
        return self.prefs.animation_factor

    def preferences_changed(self) -> None:
        """A scene changed `self.prefs`: apply what is live (sound, music) and save soon."""
        self.sounds.apply_preferences(self.prefs)
        self.speech.apply_preferences(self.prefs)
        self.cards.set_four_colour(self.prefs.four_colour_deck)
        self.cards.set_marks(self.prefs.colour_blind_marks)
        self.cards.set_notation(self.prefs.index_notation)
        self.cards.set_design(self.prefs.deck_design)
        self._apply_palette()
        self._apply_language()
        self._save_countdown = SAVE_DELAY

    def _wanted_language(self) -> str:
        return self._language_override or self.prefs.language or system_language()

    def _apply_language(self) -> None:
        """A language chosen in Options: every screen is laid out again in its words."""
        if self._language_override is not None:
            return
        wanted = self._wanted_language()
        if wanted != self.language:
            self.language = use_language(wanted)
            self.speech.language = self.language
            for scene in self.stack:
                scene.layout(self.size)

    def _apply_card_back(self) -> None:
        problem = self.cards.set_back(self.prefs.card_back, self.prefs.card_back_picture)
        if problem:
            log.warning("card back: %s; showing the standard backs", problem)

    def _apply_palette(self) -> None:
        """Switch the palette (and the card backs); buttons and panels the scenes built are
        built again in it."""
        self._apply_card_back()
        self.cards.set_high_contrast(self.prefs.high_contrast)
        if self._set_theme_palette(self.prefs):
            for scene in self.stack:
                scene.layout(self.size)

    def _set_theme_palette(self, prefs: Preferences) -> bool:
        return self.theme.set_palette(
            prefs.high_contrast, prefs.felt_colour, prefs.panel_colour, prefs.text_colour
        )

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

    # -- safe mode (User Guide 4.4.19) -------------------------------------------------------
    def enter_safe_mode(self) -> None:
        """Run on the default preferences; the player's own are kept to be restored."""
        keep_before_safe_mode(self.players.profile.id, self.prefs)
        fresh = Preferences()
        fresh.player_name, fresh.window_size = self.prefs.player_name, self.prefs.window_size
        self.prefs = fresh
        self.preferences_changed()
        self.save_preferences()

    def can_restore_before_safe_mode(self) -> bool:
        return preferences_before_safe_mode(self.players.profile.id) is not None

    def restore_before_safe_mode(self) -> bool:
        """Bring back the preferences kept when safe mode began; False if none are kept."""
        kept = preferences_before_safe_mode(self.players.profile.id)
        if kept is None:
            return False
        kept.player_name = self.prefs.player_name
        self.prefs = kept
        forget_safe_mode()
        self.preferences_changed()
        self.save_preferences()
        for scene in self.stack:
            scene.layout(self.size)
        return True

    def switch_player(self, profile_id: int) -> None:
        """Another player sits down: keep this one's preferences, load theirs, apply them."""
        self.save_preferences()
        self.prefs = self.players.switch(profile_id)
        self.preferences_changed()
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
            if self.scaled:
                pygame.transform.smoothscale(self.screen, self.window.get_size(), self.window)
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
                top.handle_event(self._to_layout(event))

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
        self.speech.shutdown()
        self.sounds.shutdown()
        # A font still alive when pygame quits never closes its file: the screens' fonts are
        # let go first.
        forget_managers()
        gc.collect()
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
