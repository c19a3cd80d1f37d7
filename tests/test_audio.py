"""Sound is optional: no mixer, missing or damaged files mean silence and one log line, not a crash."""

from __future__ import annotations

import logging
import math
import struct
import wave
from pathlib import Path

import pygame
import pytest

from game.audio import SoundManager
from game.settings import Preferences


def write_tone(path: Path, seconds: float = 0.05) -> None:
    rate = 22050
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        frames = b"".join(
            struct.pack("<h", int(8000 * math.sin(2 * math.pi * 440 * i / rate)))
            for i in range(int(rate * seconds))
        )
        out.writeframes(frames)


@pytest.fixture
def no_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", fail)


def test_without_a_mixer_everything_is_silent_and_safe(
    no_mixer: None, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write_tone(tmp_path / "meld.wav")
    with caplog.at_level(logging.WARNING):
        sounds = SoundManager(tmp_path)
        assert not sounds.available
        assert sounds.play("meld") is False
        assert sounds.play_music() is False
        sounds.stop_music()
        sounds.effects_volume = 0.3
        sounds.music_volume = 0.3
        sounds.apply_preferences(Preferences(music_enabled=False))
        sounds.shutdown()
    assert sum("mixer could not start" in r.message for r in caplog.records) == 1


def test_a_missing_effect_is_logged_once(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    sounds = SoundManager(tmp_path)
    with caplog.at_level(logging.WARNING):
        assert sounds.play("canasta") is False
        assert sounds.play("canasta") is False
    assert sum("'canasta' not found" in r.message for r in caplog.records) == 1


def test_a_damaged_effect_is_silent(tmp_path: Path) -> None:
    (tmp_path / "draw.wav").write_bytes(b"RIFF\x00\x00not really a wave file")
    sounds = SoundManager(tmp_path)
    assert sounds.play("draw") is False


def test_missing_music_is_silent(tmp_path: Path) -> None:
    sounds = SoundManager(tmp_path)
    assert sounds.play_music() is False
    assert not sounds.music_playing


def test_an_effect_that_exists_plays_and_respects_the_switch(tmp_path: Path) -> None:
    write_tone(tmp_path / "place.wav")
    sounds = SoundManager(tmp_path)
    if not sounds.available:
        pytest.skip("no audio mixer on this machine")
    assert sounds.play("place") is True
    sounds.effects_enabled = False
    assert sounds.play("place") is False


def test_preferences_set_switches_and_volumes(tmp_path: Path) -> None:
    sounds = SoundManager(tmp_path)
    sounds.apply_preferences(Preferences(sound_enabled=False, sound_volume=20, music_volume=70))
    assert sounds.effects_enabled is False
    assert sounds.effects_volume == pytest.approx(0.2)
    assert sounds.music_volume == pytest.approx(0.7)
