"""Sound effects and music, with a silent fallback.

`SoundManager` plays the named effects in `assets/sounds` (`shuffle`, `deal`, `draw`, `place`,
`meld`, `canasta`, `pile_taken`, `go_out`, `win`, `lose`, `illegal`, `chat`, `turn`; `.wav` or
`.ogg`) and loops `music.ogg` through `pygame.mixer.music` with fades. Effects and music each have
an on/off switch and a volume, matching the options screen. Sound is a nicety: when the mixer
cannot start (no sound card, a headless server) or a file is missing or damaged, the manager
stays silent for that sound and logs it once instead of crashing the game.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.resources import asset_path

if TYPE_CHECKING:
    from game.settings import Preferences

log = logging.getLogger(__name__)

SOUNDS_DIR = asset_path("sounds")
EFFECT_NAMES: tuple[str, ...] = (
    "shuffle",
    "deal",
    "draw",
    "place",
    "meld",
    "canasta",
    "pile_taken",
    "go_out",
    "win",
    "lose",
    "illegal",
    "chat",
    "turn",
)
EFFECT_EXTENSIONS: tuple[str, ...] = (".ogg", ".wav")
MUSIC_NAME = "music"


class SoundManager:
    """Plays effects and music; every method is safe to call with no working audio."""

    def __init__(
        self,
        directory: str | Path | None = None,
        *,
        effects_enabled: bool = True,
        effects_volume: float = 0.8,
        music_enabled: bool = True,
        music_volume: float = 0.5,
        init_mixer: bool = True,
    ) -> None:
        self.directory = Path(directory) if directory is not None else SOUNDS_DIR
        self.effects_enabled = effects_enabled
        self.music_enabled = music_enabled
        self._effects_volume = _clamp(effects_volume)
        self._music_volume = _clamp(music_volume)
        # None marks a sound known to be unusable, so it is not looked for on every play.
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._warned: set[str] = set()
        self._music_track: str | None = None
        self._music_playing = False
        self.available = self._start_mixer() if init_mixer else False

    # -- mixer -----------------------------------------------------------------------------
    def _start_mixer(self) -> bool:
        try:
            if pygame.mixer.get_init() is None:
                # A small buffer keeps card sounds in step with the animation.
                pygame.mixer.pre_init(44100, -16, 2, 512)
                pygame.mixer.init()
            return pygame.mixer.get_init() is not None
        except (pygame.error, NotImplementedError, OSError) as exc:
            self._warn_once("mixer", f"sound is off: the audio mixer could not start ({exc})")
            return False

    def _warn_once(self, key: str, message: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            log.warning(message)

    # -- effects ---------------------------------------------------------------------------
    @property
    def effects_volume(self) -> float:
        return self._effects_volume

    @effects_volume.setter
    def effects_volume(self, value: float) -> None:
        self._effects_volume = _clamp(value)
        for sound in self._cache.values():
            if sound is not None:
                sound.set_volume(self._effects_volume)

    def _find(self, name: str, extensions: tuple[str, ...]) -> Path | None:
        for extension in extensions:
            path = self.directory / f"{name}{extension}"
            if path.is_file():
                return path
        return None

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The loaded effect, or None when it cannot be played (then logged once)."""
        if name in self._cache:
            return self._cache[name]
        sound: pygame.mixer.Sound | None = None
        if self.available:
            path = self._find(name, EFFECT_EXTENSIONS)
            if path is None:
                self._warn_once(name, f"sound effect {name!r} not found in {self.directory}")
            else:
                try:
                    sound = pygame.mixer.Sound(path)
                    sound.set_volume(self._effects_volume)
                except (pygame.error, OSError) as exc:
                    self._warn_once(name, f"sound effect {path} could not be loaded: {exc}")
                    sound = None
        self._cache[name] = sound
        return sound

    def preload(self, names: tuple[str, ...] = EFFECT_NAMES) -> None:
        for name in names:
            self.sound(name)

    def play(self, name: str) -> bool:
        """Play effect `name` once; returns whether anything was played."""
        if not (self.available and self.effects_enabled and self._effects_volume > 0):
            return False
        sound = self.sound(name)
        if sound is None:
            return False
        try:
            return sound.play() is not None
        except pygame.error as exc:
            self._warn_once(f"play:{name}", f"sound effect {name!r} could not play: {exc}")
            return False

    # -- music -----------------------------------------------------------------------------
    @property
    def music_volume(self) -> float:
        return self._music_volume

    @music_volume.setter
    def music_volume(self, value: float) -> None:
        self._music_volume = _clamp(value)
        if self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.music.set_volume(self._music_volume)

    @property
    def music_playing(self) -> bool:
        return self._music_playing

    def play_music(self, name: str = MUSIC_NAME, *, loops: int = -1, fade_ms: int = 1500) -> bool:
        """Start looping the OGG track `name` with a fade-in (no-op if it is already playing)."""
        self._music_track = name
        if not (self.available and self.music_enabled):
            return False
        if self._music_playing:
            return True
        path = self._find(name, (".ogg",))
        if path is None:
            self._warn_once(f"music:{name}", f"music {name!r}.ogg not found in {self.directory}")
            return False
        try:
            pygame.mixer.music.load(path)
            pygame.mixer.music.set_volume(self._music_volume)
            pygame.mixer.music.play(loops=loops, fade_ms=fade_ms)
        except (pygame.error, OSError) as exc:
            self._warn_once(f"music:{name}", f"music {path} could not play: {exc}")
            return False
        self._music_playing = True
        return True

    def stop_music(self, fade_ms: int = 800) -> None:
        self._music_playing = False
        if not self.available:
            return
        try:
            if fade_ms > 0:
                pygame.mixer.music.fadeout(fade_ms)
            else:
                pygame.mixer.music.stop()
        except pygame.error:
            pass

    def set_music_enabled(self, enabled: bool) -> None:
        self.music_enabled = enabled
        if not enabled:
            self.stop_music()
        elif self._music_track is not None:
            self.play_music(self._music_track)

    # -- preferences -----------------------------------------------------------------------
    def apply_preferences(self, prefs: Preferences) -> None:
        self.effects_enabled = prefs.sound_enabled
        self.effects_volume = prefs.sound_volume / 100
        self.music_volume = prefs.music_volume / 100
        if prefs.music_enabled != self.music_enabled:
            self.set_music_enabled(prefs.music_enabled)

    def shutdown(self) -> None:
        self.stop_music(fade_ms=0)
        self._cache.clear()


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))
