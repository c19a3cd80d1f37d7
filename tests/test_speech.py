"""Speech is rendered by the system's engine on a thread of its own, in two voices of the player's
language (where the system has one), can be cut off, and a machine without an engine plays
silently and says so once."""

from __future__ import annotations

import threading
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.audio import SoundManager
from game.speech import Phrase, Side, Speaker, Voices, engine_for, render
from tests.helpers.speech import needs_engine, spoken_texts, voice_pitch


@pytest.fixture
def mixer(tmp_path: Path) -> Iterator[SoundManager]:
    """The mixer started as the game starts it (the dummy audio driver in tests)."""
    sounds = SoundManager(tmp_path / "no_sounds")
    yield sounds
    sounds.shutdown()
    pygame.mixer.quit()


@pytest.fixture
def speaker(mixer: SoundManager) -> Iterator[Speaker]:
    voice = Speaker(enabled=True)
    yield voice
    voice.shutdown()


@needs_engine
def test_the_engine_saves_a_phrase_to_a_wav_that_is_not_empty(tmp_path: Path) -> None:
    engine, _ = engine_for()
    path = tmp_path / "phrase.wav"
    size = render(engine, "You scored one hundred points this hand.", path)
    assert size == path.stat().st_size > 44  # more than a WAV header
    with wave.open(str(path), "rb") as wav:
        assert wav.getnframes() > wav.getframerate() // 2  # over half a second of speech


@needs_engine
def test_the_opponent_speaks_in_a_voice_well_above_the_players(tmp_path: Path) -> None:
    engine, driver = engine_for()
    voices = Voices(engine, driver)
    text = "You made a natural canasta of Kings."
    pitches = {}
    for n, side in enumerate((Side.PLAYER, Side.OPPONENT, Side.PLAYER)):
        voices.use(side)
        render(engine, text, tmp_path / f"{n}.wav")
        pitches[n] = voice_pitch(tmp_path / f"{n}.wav")
    assert pitches[1] > 1.4 * pitches[0]
    assert pitches[1] > 1.4 * pitches[2]  # and back to the player's own


@needs_engine
def test_phrases_are_spoken_in_order_off_the_main_thread(speaker: Speaker) -> None:
    speaker.volume = 0  # rendered, not played: the check needs no real-time playback
    speaker.say("Your turn.")
    speaker.say("Computer took the pile: 9 cards.", Side.OPPONENT)
    assert list(speaker.queued) == [
        Phrase("Your turn."),
        Phrase("Computer took the pile: 9 cards.", Side.OPPONENT),
    ]
    assert spoken_texts(speaker) == ["Your turn.", "Computer took the pile: 9 cards."]
    main = threading.current_thread().name
    assert all(item.thread == "speech" != main for item in speaker.spoken)
    assert all(item.wav_bytes > 44 for item in speaker.spoken)
    assert [item.phrase.side for item in speaker.spoken] == [Side.PLAYER, Side.OPPONENT]


@pytest.mark.slow
@needs_engine
def test_an_interruption_cuts_the_phrase_off_and_drops_what_was_queued(speaker: Speaker) -> None:
    speaker.say("This is a long sentence that goes on and on, so it is still being read aloud.")
    channel = pygame.mixer.Channel(0)
    for _ in range(2000):  # until the engine has rendered it and the mixer plays it
        if channel.get_busy():
            break
        pygame.time.wait(5)
    assert channel.get_busy()
    for n in range(5):
        speaker.say(f"Queued phrase {n}.")
    speaker.interrupt()
    assert not channel.get_busy()
    speaker.say("After the interruption.")
    assert spoken_texts(speaker) == [speaker.queued[0].text, "After the interruption."]


@needs_engine
def test_without_stop_when_interrupted_everything_queued_is_spoken(speaker: Speaker) -> None:
    speaker.stop_when_interrupted = False
    speaker.volume = 0
    for n in range(3):
        speaker.say(f"Phrase {n}.")
    speaker.interrupt()
    assert spoken_texts(speaker) == ["Phrase 0.", "Phrase 1.", "Phrase 2."]


def test_without_an_engine_the_game_is_silent_and_says_so_once(mixer: SoundManager) -> None:
    speaker = Speaker(enabled=True, driver="no_such_engine")
    try:
        speaker.say("Your turn.")
        assert spoken_texts(speaker) == []
        problem = speaker.take_problem()
        assert "no speech engine was found" in problem and "plays silently" in problem
        assert speaker.take_problem() == ""
    finally:
        speaker.shutdown()


def test_speech_off_queues_nothing_and_starts_no_thread() -> None:
    speaker = Speaker(enabled=False)
    speaker.say("Your turn.")
    assert list(speaker.queued) == []
    assert all(thread.name != "speech" for thread in threading.enumerate())
    assert speaker.wait_until_quiet(0)


@needs_engine
@pytest.mark.parametrize("language", ["es", "de"])
def test_spanish_and_german_are_spoken_in_a_voice_of_the_language(
    tmp_path: Path, language: str
) -> None:
    engine, driver = engine_for()
    voices = Voices(engine, driver)
    spoken_by = {voice.id: voice.languages for voice in engine.getProperty("voices")}
    player = voices.voice_ids(language)[Side.PLAYER]
    assert language in [str(code) for code in spoken_by[player]]
    # The opponent's side in the same language, in its own voice.
    assert voices.voice_ids(language)[Side.OPPONENT].startswith(player)
    # The voice is really changed: one sentence sounds otherwise in the language's voice.
    text = "Has ganado la partida." if language == "es" else "Du hast das Spiel gewonnen."
    voices.use(Side.PLAYER, "en")
    render(engine, text, tmp_path / "en.wav")
    voices.use(Side.PLAYER, language)
    render(engine, text, tmp_path / f"{language}.wav")
    assert (tmp_path / "en.wav").read_bytes() != (tmp_path / f"{language}.wav").read_bytes()


@needs_engine
def test_a_language_the_engine_lacks_is_spoken_in_its_own_voice() -> None:
    engine, driver = engine_for()
    voices = Voices(engine, driver)
    assert voices.voice_ids("xx")[Side.PLAYER] == engine.getProperty("voice")


@needs_engine
def test_the_phrases_queued_carry_their_language_and_are_spoken_in_it(speaker: Speaker) -> None:
    speaker.volume = 0
    speaker.language = "de"
    speaker.say("Du bist dran.")
    speaker.say("Computer hat den Ablagestapel genommen: 9 Karten.", Side.OPPONENT)
    assert list(speaker.queued) == [
        Phrase("Du bist dran.", Side.PLAYER, "de"),
        Phrase("Computer hat den Ablagestapel genommen: 9 Karten.", Side.OPPONENT, "de"),
    ]
    assert spoken_texts(speaker) == [phrase.text for phrase in speaker.queued]
    assert [item.phrase.language for item in speaker.spoken] == ["de", "de"]
