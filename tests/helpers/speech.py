"""Speech in tests: whether pyttsx3 can reach a speech engine here (eSpeak NG's library on
Linux, which `.ci/run` installs), speech turned on in the app, and a wait for the speaking
thread."""

from __future__ import annotations

import array
import ctypes
import statistics
import sys
import wave
from pathlib import Path

import pytest

from game.app import App
from game.speech import Speaker


def _engine_present() -> bool:
    if sys.platform != "linux":
        return True  # SAPI5 and NSSpeech come with the system
    try:
        ctypes.cdll.LoadLibrary("libespeak-ng.so.1")
    except OSError:
        return False
    return True


needs_engine = pytest.mark.skipif(
    not _engine_present(), reason="eSpeak NG is not installed (.ci/run installs it)"
)


def speech_on(app: App) -> None:
    """Speech turned on as Options does it, at volume 0: rendered, not played, so no waiting
    for real-time playback."""
    app.prefs.speech_enabled = True
    app.prefs.speech_volume = 0
    app.preferences_changed()


def spoken_texts(speaker: Speaker) -> list[str]:
    """What the speaking thread rendered, once everything queued has been spoken."""
    assert speaker.wait_until_quiet(120), "the speaking thread never caught up"
    return [item.phrase.text for item in speaker.spoken]


def voice_pitch(path: Path) -> float:
    """The median fundamental frequency (Hz) of the loudest stretches of a WAV of speech, by
    autocorrelation: enough to tell a low voice from a high one."""
    with wave.open(str(path), "rb") as wav:
        rate = wav.getframerate()
        samples = array.array("h", wav.readframes(wav.getnframes()))
    samples, rate = samples[::2], rate // 2  # voices lie far below half the sample rate
    size = rate // 20
    windows = [samples[i : i + size] for i in range(0, len(samples) - size, size)]
    loudest = sorted(windows, key=lambda w: sum(abs(x) for x in w), reverse=True)[:8]
    found = []
    for window in loudest:
        lag = max(
            range(rate // 400, rate // 60),
            key=lambda k: sum(window[i] * window[i + k] for i in range(size - k)),
        )
        found.append(rate / lag)
    return statistics.median(found)
