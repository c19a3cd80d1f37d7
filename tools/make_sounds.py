"""Synthesises the game's sound effects into assets/sounds/NAME.wav (44.1 kHz mono 16-bit).

Card sounds (shuffle, deal, draw, place, meld, pile_taken) are shaped noise: the snap of a card
edge, the swish of a card sliding over felt, the dull thud of the table. The cues (canasta,
go_out, win, lose, illegal, chat, turn) are soft musical tones with gentle attacks. Each sound is
peak-normalised to -3 dBFS and seeded, so every run writes identical files:

    python tools/make_sounds.py [output_dir]
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
from synth import (
    RATE,
    band_noise,
    bell,
    convolve,
    fade_edges,
    hit_envelope,
    mallet,
    midi_hz,
    mix_at,
    normalise,
    reverb_ir,
    samples,
    soft_brass,
    swell_envelope,
    write_wav,
)

OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "sounds"
SEED = 20240611


# --- card building blocks -------------------------------------------------------------------


def snap(rng: np.random.Generator, weight: float = 1.0, brightness: float = 1.0) -> np.ndarray:
    """A card landing on the cloth: a short bright crack of the edge plus a dull table thud.
    `weight` scales the thud (more cards = heavier), `brightness` the crack's top end."""
    n = samples(0.16)
    crack = band_noise(rng, 0.16, 700, 6500 * brightness) * hit_envelope(n, 0.0006, 0.0055)
    air = band_noise(rng, 0.16, 1500, 5000) * hit_envelope(n, 0.002, 0.02)
    thud = band_noise(rng, 0.16, 100, 400, 1.0) * hit_envelope(n, 0.0015, 0.016)
    return crack + 0.18 * air + 0.45 * weight * thud


def swish(
    rng: np.random.Generator, seconds: float, start_hz: float, end_hz: float, peak_at: float = 0.6
) -> np.ndarray:
    """A card sliding over felt: band noise whose centre glides from start_hz to end_hz.

    The glide is a bank of overlapping bands each swelling in turn, which needs no
    time-varying filter.
    """
    n = samples(seconds)
    out = np.zeros(n)
    bands = 8
    centres = np.geomspace(start_hz, end_hz, bands)
    u = np.linspace(0.0, 1.0, n)
    for i, centre in enumerate(centres):
        focus = i / (bands - 1)
        weight = np.exp(-(((u - focus) / 0.22) ** 2))
        out += band_noise(rng, seconds, centre / 1.5, centre * 1.5) * weight
    return out * swell_envelope(n, peak_at, 1.6) / bands * 2.5


def riffle_clicks(
    rng: np.random.Generator,
    seconds: float,
    count: int,
    density_shape: np.ndarray,
    gain: float = 1.0,
) -> np.ndarray:
    """Many tiny clicks, as the corners of two half-decks fall into each other."""
    out = np.zeros(samples(seconds) + samples(0.02))
    cdf = np.cumsum(density_shape)
    cdf /= cdf[-1]
    times = np.interp(np.sort(rng.uniform(0, 1, count)), cdf, np.linspace(0, seconds, len(cdf)))
    click_n = samples(0.012)
    for t in times:
        click = band_noise(rng, 0.012, 1800, 9000) * hit_envelope(click_n, 0.0002, 0.0016)
        mix_at(out, click, t, gain * rng.uniform(0.35, 1.0))
    return out[: samples(seconds)]


# --- card sounds ----------------------------------------------------------------------------


def make_place(rng: np.random.Generator) -> np.ndarray:
    out = np.zeros(samples(0.22))
    mix_at(out, swish(rng, 0.05, 2500, 4000, peak_at=0.9), 0.0, 0.3)
    mix_at(out, snap(rng), 0.045)
    return out


def make_deal(rng: np.random.Generator) -> np.ndarray:
    out = np.zeros(samples(0.26))
    mix_at(out, swish(rng, 0.13, 5500, 2500, peak_at=0.35), 0.0, 0.55)
    mix_at(out, snap(rng, weight=0.6, brightness=0.9), 0.115, 0.8)
    return out


def make_draw(rng: np.random.Generator) -> np.ndarray:
    """Lifting the top card off the stock: a light tick of the edge, then the slide off."""
    out = np.zeros(samples(0.24))
    n = samples(0.03)
    tick = band_noise(rng, 0.03, 2500, 9000) * hit_envelope(n, 0.0003, 0.0025)
    mix_at(out, tick, 0.0, 0.7)
    mix_at(out, swish(rng, 0.18, 3200, 6000, peak_at=0.3), 0.012, 0.8)
    return out


def make_shuffle(rng: np.random.Generator) -> np.ndarray:
    """A riffle: the two halves purr into each other, then the bridge cascades and squares up."""
    total = 1.25
    out = np.zeros(samples(total))
    riffle_len = 0.72
    u = np.linspace(0, 1, 400)
    density = 0.3 + np.sin(np.pi * u) ** 0.7  # slow-fast-slow, as the thumbs release
    mix_at(out, riffle_clicks(rng, riffle_len, 150, density), 0.05)
    bed = band_noise(rng, riffle_len, 1500, 7000) * swell_envelope(samples(riffle_len), 0.5, 1.2)
    mix_at(out, bed, 0.05, 0.05)
    bridge_len = 0.3
    bridge_density = np.exp(-np.linspace(0, 3, 300))  # the arched cards let go all at once
    mix_at(out, riffle_clicks(rng, bridge_len, 110, bridge_density, gain=0.8), 0.85)
    mix_at(out, swish(rng, bridge_len, 4500, 2000, peak_at=0.15), 0.85, 0.25)
    mix_at(out, snap(rng, weight=1.4, brightness=0.7), 1.13, 0.55)
    return out


def make_meld(rng: np.random.Generator) -> np.ndarray:
    """Three cards fanned onto the table, with a faint chime that says it counted."""
    out = np.zeros(samples(0.75))
    for i, (t, g) in enumerate([(0.0, 0.75), (0.07, 0.85), (0.14, 1.0)]):
        mix_at(out, snap(rng, weight=0.8 + 0.1 * i), t, g)
    for t, note in [(0.19, 79), (0.25, 84)]:  # G5 then C6
        mix_at(out, mallet(midi_hz(note), 0.5), t, 0.12)
    return out


def make_pile_taken(rng: np.random.Generator) -> np.ndarray:
    """Sweeping the whole discard pile up: a long scrape full of edges, then squaring it."""
    out = np.zeros(samples(0.8))
    scrape_len = 0.45
    mix_at(out, swish(rng, scrape_len, 2200, 5000, peak_at=0.55), 0.0, 0.6)
    shape = np.sin(np.linspace(0, np.pi, 200)) + 0.2
    mix_at(out, riffle_clicks(rng, scrape_len, 35, shape, gain=0.45), 0.0)
    mix_at(out, snap(rng, weight=1.5, brightness=0.7), 0.47, 0.7)
    mix_at(out, snap(rng, weight=1.3, brightness=0.6), 0.56, 0.45)
    return out


# --- musical cues ---------------------------------------------------------------------------


def with_room(
    rng: np.random.Generator, dry: np.ndarray, wet: float = 0.2, seconds: float = 1.1
) -> np.ndarray:
    """A small room so the tones sound played in a space, then a long fade so the cue dies away
    rather than stops (the room's tail past the dry length is dropped)."""
    ir = reverb_ir(rng, seconds, 0.35)
    return fade_edges(dry + wet * convolve(dry, ir)[: len(dry)], 0.0, 0.3)


def make_canasta(rng: np.random.Generator) -> np.ndarray:
    """A short, warm fanfare: a rising C-major arpeggio that blooms into a held chord."""
    out = np.zeros(samples(1.4))
    for t, note in [(0.0, 67), (0.11, 72), (0.22, 76)]:
        mix_at(out, soft_brass(midi_hz(note), 0.2, rng), t, 0.5)
    for note in (60, 67, 72, 76, 79):
        mix_at(out, soft_brass(midi_hz(note), 1.0, rng), 0.34, 0.32)
    for t, note in [(0.34, 84), (0.42, 88), (0.5, 91)]:  # sparkle on top
        mix_at(out, bell(midi_hz(note), 0.8, 0.6), t, 0.12)
    return with_room(rng, out)


def make_go_out(rng: np.random.Generator) -> np.ndarray:
    """Going out: a quick pentatonic run of mallets up to a bright open chord."""
    out = np.zeros(samples(1.2))
    run = [72, 74, 76, 79, 81, 84]
    for i, note in enumerate(run):
        mix_at(out, mallet(midi_hz(note), 0.6), i * 0.055, 0.4 + 0.05 * i)
    for note in (72, 79, 84, 88):
        mix_at(out, mallet(midi_hz(note), 0.8, softness=1.4), 0.36, 0.35)
    mix_at(out, bell(midi_hz(96), 0.7, 0.5), 0.36, 0.1)
    return with_room(rng, out)


def make_win(rng: np.random.Generator) -> np.ndarray:
    """Victory: a triplet pick-up, IV-V, then a full tonic chord with bells."""
    out = np.zeros(samples(1.5))
    for i, note in enumerate((67, 67, 67)):
        mix_at(out, soft_brass(midi_hz(note), 0.11, rng), i * 0.09, 0.45)
    mix_at(out, sum_chord(rng, (65, 69, 72), 0.22), 0.27, 0.3)  # F
    mix_at(out, sum_chord(rng, (67, 71, 74), 0.22), 0.47, 0.3)  # G
    mix_at(out, sum_chord(rng, (60, 64, 67, 72, 76), 0.85), 0.65, 0.28)  # C
    for t, note in [(0.65, 84), (0.73, 88), (0.81, 91), (0.89, 96)]:
        mix_at(out, bell(midi_hz(note), 0.6, 0.6), t, 0.09)
    return with_room(rng, out)


def sum_chord(rng: np.random.Generator, notes: tuple[int, ...], seconds: float) -> np.ndarray:
    return np.sum([soft_brass(midi_hz(n), seconds, rng) for n in notes], axis=0)


def make_lose(rng: np.random.Generator) -> np.ndarray:
    """A gentle, slightly wistful descending minor phrase: sorry, not mocking."""
    out = np.zeros(samples(1.5))
    for i, note in enumerate((75, 72, 68, 67)):  # Eb5 C5 Ab4 G4
        length = 0.9 if i == 3 else 0.45
        mix_at(out, mallet(midi_hz(note), length, softness=1.5), i * 0.2, 0.5)
        mix_at(out, mallet(midi_hz(note - 12), length, softness=1.8), i * 0.2, 0.2)
    for note in (55, 60, 63):  # a soft C-minor bed under the last note
        mix_at(out, soft_brass(midi_hz(note), 0.8, rng), 0.6, 0.12)
    return with_room(rng, out, wet=0.22)


def make_illegal(rng: np.random.Generator) -> np.ndarray:
    """Two soft low buzzes: 'not allowed', felt more than heard."""
    out = np.zeros(samples(0.3))
    t = np.arange(samples(0.1)) / RATE
    tone = np.zeros_like(t)
    for k in (1, 2, 3, 4, 5, 6, 7):  # a mellow reed: harmonics falling off steeply
        tone += np.sin(2 * np.pi * 150 * k * t) / k**1.6
    tone *= 1 + 0.25 * np.sin(2 * np.pi * 30 * t)  # a slow flutter makes it a buzz, not a beep
    env = hit_envelope(len(t), 0.012, 0.06)
    env[-samples(0.02) :] *= np.linspace(1, 0, samples(0.02))
    mix_at(out, tone * env, 0.0)
    mix_at(out, tone * env, 0.14, 0.8)
    return out


def make_chat(rng: np.random.Generator) -> np.ndarray:
    """A gentle two-note ping for an incoming chat line."""
    out = np.zeros(samples(0.7))
    mix_at(out, bell(midi_hz(88), 0.55, 0.5), 0.0, 0.6)  # E6
    mix_at(out, bell(midi_hz(95), 0.6, 0.4), 0.09, 0.5)  # B6
    return with_room(rng, out, wet=0.12)


def make_turn(rng: np.random.Generator) -> np.ndarray:
    """A subtle wooden two-note 'your move' cue."""
    out = np.zeros(samples(0.6))
    mix_at(out, mallet(midi_hz(74), 0.45), 0.0, 0.7)  # D5
    mix_at(out, mallet(midi_hz(81), 0.5), 0.1, 0.6)  # A5
    return with_room(rng, out, wet=0.12)


SOUNDS: dict[str, Callable[[np.random.Generator], np.ndarray]] = {
    "shuffle": make_shuffle,
    "deal": make_deal,
    "draw": make_draw,
    "place": make_place,
    "meld": make_meld,
    "canasta": make_canasta,
    "pile_taken": make_pile_taken,
    "go_out": make_go_out,
    "win": make_win,
    "lose": make_lose,
    "illegal": make_illegal,
    "chat": make_chat,
    "turn": make_turn,
}


def main() -> None:
    out_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT_DIR
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        # One generator per sound, keyed by name, so changing one sound never changes the others.
        rng = np.random.default_rng([SEED, zlib.crc32(name.encode())])
        sound = normalise(fade_edges(make(rng), 0.0005, 0.02))
        write_wav(out_dir / f"{name}.wav", sound)
        print(f"{name:<11} {len(sound) / RATE:.2f} s")


if __name__ == "__main__":
    main()
