"""Speech: the game's prompts, refusals, messages, points and scores read aloud (User Guide 4.4.18).

`Speaker` takes phrases from the screens (`say`, which never waits) and speaks them one after
another on a thread of its own, through the system's speech engine by way of pyttsx3 (SAPI5 on
Windows, NSSpeech on macOS, eSpeak NG on Linux). Like the network's discovery, the engine is a
blocking library that keeps state of its own, so it gets its own thread rather than the
computer's worker process. Each phrase is rendered by the engine's save-to-file into a WAV, then
played on a mixer channel kept for speech, so its volume is the player's and it can be cut off at
once (`interrupt`: a dialog closed, a new one opened). The player's side and the opponent's have
different voices (on eSpeak NG two variants of one voice, an octave apart; elsewhere two
installed voices), of the player's language where the system has one (`language`: the screens'
phrases are in it). With no engine (or no way to play sound) the game plays silently, and the first screen to
ask (`take_problem`) is told why, once.
"""

from __future__ import annotations

import atexit
import contextlib
import enum
import gc
import io
import logging
import queue
import shutil
import tempfile
import threading
import time
import wave
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.settings import Preferences

log = logging.getLogger(__name__)

# The mixer channel kept for speech: effects never take it.
SPEECH_CHANNEL = 0
# What would be spoken and what was, kept for the Options screen's note and for checking.
HISTORY = 200
# eSpeak NG's variant of its voice for the opponent's side (a woman's voice, about 200 Hz
# where the plain voice speaks at about 105).
ESPEAK_OPPONENT_VARIANT = "f2"
# pyttsx3's eSpeak NG driver now and then ends a phrase before it has begun, leaving a WAV with
# no sound in it: the phrase is rendered again, this many times at most.
RENDER_TRIES = 3
# How often the speaking thread looks whether a phrase has finished or been cut off.
PLAYBACK_POLL = 0.02
# How long closing the game waits for a phrase in the middle of being rendered.
SHUTDOWN_WAIT = 2.0

NO_ENGINE = (
    "Speech is on, but no speech engine was found on this computer (eSpeak NG on Linux, "
    "the system's own voices on Windows and macOS): the game plays silently. ({reason})"
)
NO_SOUND = "Speech is on, but sound cannot play on this computer: the game plays silently."


_ENGINES: dict[str, Any] = {}
_ENGINES_LOCK = threading.Lock()


class Side(str, enum.Enum):
    """Whose voice says a phrase: the player's side (prompts, refusals, messages, the player's
    own points) or the opponent's."""

    PLAYER = "player"
    OPPONENT = "opponent"


@dataclass(frozen=True)
class Phrase:
    text: str
    side: Side = Side.PLAYER
    language: str = "en"  # the language of `text`, spoken by a voice of it where there is one


@dataclass(frozen=True)
class Spoken:
    """A phrase the engine rendered: on which thread, and how many bytes of WAV it made."""

    phrase: Phrase
    thread: str
    wav_bytes: int


def engine_for(driver: str | None = None) -> tuple[Any, str]:
    """The process's pyttsx3 engine for `driver` (None: the system's own) and the driver's name.

    Made once and kept: pyttsx3 forgets an engine nobody holds, and a forgotten eSpeak NG driver,
    when collected, unhooks the library's one callback from under the engine made after it (which
    then renders nothing, or crashes). Raises whatever pyttsx3 raises when there is no engine.
    """
    import pyttsx3
    from pyttsx3.engine import default_engine_by_sys_platform

    name = driver or default_engine_by_sys_platform()
    with _ENGINES_LOCK:
        if name not in _ENGINES:
            _ENGINES[name] = pyttsx3.init(name)
            if len(_ENGINES) == 1:
                atexit.register(_forget_engines)
        return _ENGINES[name], name


def _forget_engines() -> None:
    # Let go while the interpreter is whole: pyttsx3's own clean-up fails (and says so) when it
    # runs as the modules are torn down.
    _ENGINES.clear()
    gc.collect()


def render(engine: Any, text: str, path: Path) -> int:
    """Have `engine` (a pyttsx3 engine) render `text` into the WAV file `path`; returns the
    file's size in bytes (0 when nothing was written)."""
    for _ in range(RENDER_TRIES):
        path.unlink(missing_ok=True)  # never the last phrase's file taken for this one
        engine.save_to_file(text, str(path))
        # pyttsx3's eSpeak NG driver prints a line for every file it saves: not for the player.
        with contextlib.redirect_stdout(io.StringIO()):
            engine.runAndWait()
        if not _silent(path):
            break
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _silent(path: Path) -> bool:
    """Whether the engine left no file, or a WAV without a single sample."""
    if not path.is_file():
        return True
    try:
        with wave.open(str(path), "rb") as wav:
            return wav.getnframes() == 0
    except (EOFError, wave.Error):
        return False  # not a WAV (NSSpeech writes AIFF): the mixer reads it as it is


class Speaker:
    """Speaks phrases off the frame loop; every method is safe to call with no engine at all."""

    def __init__(
        self,
        *,
        enabled: bool = False,
        volume: float = 0.8,
        stop_when_interrupted: bool = True,
        driver: str | None = None,
    ) -> None:
        self.enabled = enabled
        self.volume = _clamp(volume)
        self.stop_when_interrupted = stop_when_interrupted
        self.driver = driver  # pyttsx3's driver name; None: the system's own
        self.language = "en"  # the language the screens' phrases are in (a code: "es")
        # Everything said to the speaker while enabled, in order: what would be spoken.
        self.queued: deque[Phrase] = deque(maxlen=HISTORY)
        # What the engine rendered, appended by the speaking thread.
        self.spoken: deque[Spoken] = deque(maxlen=HISTORY)
        self.problem = ""  # why the game is silent, once known
        self._problem_told = False
        self._queue: queue.Queue[tuple[int, Phrase] | None] = queue.Queue()
        self._generation = 0
        self._thread: threading.Thread | None = None
        self._folder: Path | None = None
        # Phrases queued and not yet spoken or dropped, under a condition to wait on.
        self._pending = 0
        self._quiet = threading.Condition()
        if enabled:
            self._start()

    # -- the screens' side -----------------------------------------------------------------------
    def say(self, text: str, side: Side = Side.PLAYER) -> None:
        """Queue `text` to be spoken after what is already queued; returns at once."""
        if not (self.enabled and text.strip()):
            return
        phrase = Phrase(text.strip(), side, self.language)
        self.queued.append(phrase)
        with self._quiet:
            self._pending += 1
        self._queue.put((self._generation, phrase))

    def interrupt(self) -> None:
        """Stop what is being said and forget what is queued, when the player wants that."""
        if self.stop_when_interrupted:
            self.silence()

    def silence(self) -> None:
        self._generation += 1
        self._drop_queued()
        if pygame.mixer.get_init() is not None:
            with contextlib.suppress(pygame.error):
                pygame.mixer.Channel(SPEECH_CHANNEL).stop()

    def take_problem(self) -> str:
        """Why speech is silent, the first time it is asked after the reason is known."""
        if not self.problem or self._problem_told:
            return ""
        self._problem_told = True
        return self.problem

    def wait_until_quiet(self, timeout: float) -> bool:
        """Block until every queued phrase is spoken (for headless runs and checks)."""
        with self._quiet:
            return self._quiet.wait_for(lambda: self._pending == 0, timeout)

    def apply_preferences(self, prefs: Preferences) -> None:
        self.volume = _clamp(prefs.speech_volume / 100)
        self.stop_when_interrupted = prefs.speech_stop_when_interrupted
        if prefs.speech_enabled and not self.enabled:
            self.enabled = True
            self._start()
        elif not prefs.speech_enabled and self.enabled:
            self.enabled = False
            self.silence()

    def shutdown(self) -> None:
        self.enabled = False
        self.silence()
        thread, self._thread = self._thread, None
        if thread is not None:
            self._queue.put(None)
            thread.join(SHUTDOWN_WAIT)
        if self._folder is not None:
            shutil.rmtree(self._folder, ignore_errors=True)
            self._folder = None

    # -- the speaking thread ---------------------------------------------------------------------
    def _start(self) -> None:
        if self._thread is not None:
            return
        if pygame.mixer.get_init() is not None:
            pygame.mixer.set_reserved(SPEECH_CHANNEL + 1)
        self._folder = Path(tempfile.mkdtemp(prefix="canasta-speech-"))
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        engine, driver = self._open_engine()
        voices = Voices(engine, driver) if engine is not None else None
        count = 0
        while True:
            item = self._queue.get()
            if item is None:
                break
            generation, phrase = item
            if engine is not None and voices is not None and generation == self._generation:
                count += 1
                self._speak(engine, voices, phrase, generation, count)
            self._done(1)

    def _done(self, phrases: int) -> None:
        with self._quiet:
            self._pending = max(0, self._pending - phrases)
            self._quiet.notify_all()

    def _drop_queued(self) -> None:
        dropped = 0
        with contextlib.suppress(queue.Empty):
            while True:
                if self._queue.get_nowait() is not None:
                    dropped += 1
        self._done(dropped)

    def _open_engine(self) -> tuple[Any | None, str]:
        """The pyttsx3 engine and its driver's name, or None when there is no engine."""
        try:
            return engine_for(self.driver)
        except Exception as exc:  # any engine's failure to start means the same: no speech
            self.problem = NO_ENGINE.format(reason=exc)
            log.warning("speech: %s", self.problem)
            return None, ""

    def _speak(self, engine: Any, voices: Voices, phrase: Phrase, generation: int, n: int) -> None:
        assert self._folder is not None
        path = self._folder / f"phrase-{n % 2}.wav"
        voices.use(phrase.side, phrase.language)
        try:
            size = render(engine, phrase.text, path)
        except Exception as exc:  # an engine that fails on one phrase may manage the next
            log.warning("speech: could not say %r: %s", phrase.text, exc)
            return
        self.spoken.append(Spoken(phrase, threading.current_thread().name, size))
        if size and self.volume > 0 and generation == self._generation:
            self._play(path, generation)

    def _play(self, path: Path, generation: int) -> None:
        if pygame.mixer.get_init() is None:
            if not self.problem:
                self.problem = NO_SOUND
                log.warning("speech: %s", NO_SOUND)
            return
        try:
            channel = pygame.mixer.Channel(SPEECH_CHANNEL)
            channel.set_volume(self.volume)
            channel.play(pygame.mixer.Sound(file=str(path)))
        except (pygame.error, OSError) as exc:
            log.warning("speech: could not play %s: %s", path, exc)
            return
        while channel.get_busy() and generation == self._generation:
            channel.set_volume(self.volume)
            time.sleep(PLAYBACK_POLL)


class Voices:
    """The two sides' voices on one engine, in a language. On eSpeak NG: its voice of the
    language for the player's side and the same voice's woman's variant for the opponent's, an
    octave apart (a change of pitch alone lags a phrase behind there); on the other engines, two
    of the installed voices of the language. The engine's own voice where it has none."""

    def __init__(self, engine: Any, driver: str) -> None:
        self.engine = engine
        self.driver = driver
        self.default: str = engine.getProperty("voice")
        self.installed = [(v.id, _codes(v.languages)) for v in engine.getProperty("voices") or ()]
        self.by_language: dict[str, dict[Side, str]] = {}

    def voice_ids(self, language: str = "en") -> dict[Side, str]:
        """Each side's voice for `language` (worked out once per language)."""
        if language not in self.by_language:
            self.by_language[language] = self._pair(language)
        return self.by_language[language]

    def _pair(self, language: str) -> dict[Side, str]:
        # A voice of exactly the language ("es") before one of a variety of it ("es-419").
        speaking = [
            vid
            for vid, codes in sorted(self.installed, key=lambda voice: language not in voice[1])
            if _speaks(codes, language)
        ]
        own = dict(self.installed).get(self.default, ())
        # The engine's own voice when it speaks the language (the system's choice of accent).
        first = self.default if _speaks(own, language) or not speaking else speaking[0]
        pair = {Side.PLAYER: first}
        if self.driver == "espeak":
            pair[Side.OPPONENT] = f"{first}+{ESPEAK_OPPONENT_VARIANT}"
        else:
            others = [vid for vid in speaking or [vid for vid, _ in self.installed] if vid != first]
            if others:
                pair[Side.OPPONENT] = others[0]
        return pair

    def use(self, side: Side, language: str = "en") -> None:
        pair = self.voice_ids(language)
        if side in pair:
            self.engine.setProperty("voice", pair[side])


def _codes(languages: Any) -> tuple[str, ...]:
    """A voice's languages as codes ("es", "en-gb"): drivers give text or bytes (eSpeak's with
    a leading priority byte), some with underscores."""
    codes = []
    for language in languages or ():
        text = language.decode("ascii", "ignore") if isinstance(language, bytes) else str(language)
        codes.append(text.strip("\x00\x01\x02\x03\x04\x05 ").lower().replace("_", "-"))
    return tuple(codes)


def _speaks(codes: tuple[str, ...], language: str) -> bool:
    """Whether a voice of `codes` speaks `language` ("es" is spoken by "es" and "es-419")."""
    return any(code == language or code.startswith(f"{language}-") for code in codes)


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))
