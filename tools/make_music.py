"""Renders the table's background music, an original calm jazz-lounge loop, to
assets/sounds/music.ogg (44.1 kHz stereo Ogg Vorbis, about 76 s).

A 24-bar A-B-A tune in F at 76 bpm with swung eighths: electric-piano comping, an upright-style
bass (two-feel in the A sections, walking in the bridge), a vibraphone melody and brushes, in a
small room. Everything is mixed into one loop-length buffer with ringing tails wrapped to the
start and a circular reverb, and the last bar's turnaround leads back to the first chord, so the
file loops seamlessly. Seeded, so each run writes the same audio:

    python tools/make_music.py [output.ogg]
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from ogg_vorbis import write_ogg
from synth import (
    RATE,
    band_noise,
    convolve,
    hit_envelope,
    midi_hz,
    mix_at,
    normalise,
    note_envelope,
    reverb_ir,
    samples,
    swell_envelope,
    time_axis,
)

OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds" / "music.ogg"
SEED = 7301
BEAT = 34816 / RATE  # 76 bpm, chosen so a beat is a whole number of samples: the loop is exact
SWING = 2 / 3  # swung eighths: the off-beat lands two thirds through the beat
BARS = 24
LOOP = BARS * 4 * BEAT


@dataclass(frozen=True)
class Chord:
    root: int  # pitch class, C = 0
    quality: str


# Chord tones above the root, the 9th included for colour in the piano voicings.
QUALITIES = {
    "maj7": (0, 4, 7, 11, 14),
    "m7": (0, 3, 7, 10, 14),
    "m7_11": (0, 3, 7, 10, 17),  # the iii chord: its 9th would clash with the key, the 11th sings
    "7": (0, 4, 7, 10, 14),
    "7b9": (0, 4, 7, 10, 13),
    "m6": (0, 3, 7, 9, 14),
}
F, G, A, Bb, C, D = 5, 7, 9, 10, 0, 2
Fmaj7, Dm7, Gm7, C7, Am7, D7 = (
    Chord(F, "maj7"),
    Chord(D, "m7"),
    Chord(G, "m7"),
    Chord(C, "7"),
    Chord(A, "m7_11"),
    Chord(D, "7"),
)
Bbmaj7, Bbm6, D7b9 = Chord(Bb, "maj7"), Chord(Bb, "m6"), Chord(D, "7b9")

# Each bar: (chord, beats). A sections end on Gm7-C7, which leads straight back to Fmaj7.
A_SECTION = [
    [(Fmaj7, 4)],
    [(Dm7, 4)],
    [(Gm7, 4)],
    [(C7, 4)],
    [(Am7, 4)],
    [(D7, 4)],
    [(Gm7, 4)],
    [(C7, 4)],
]
B_SECTION = [
    [(Bbmaj7, 4)],
    [(Bbm6, 4)],
    [(Am7, 4)],
    [(D7b9, 4)],
    [(Gm7, 4)],
    [(C7, 4)],
    [(Am7, 2), (D7, 2)],
    [(Gm7, 2), (C7, 2)],
]
FORM = A_SECTION + B_SECTION + A_SECTION

# Melody as (beat within the bar, length in beats, MIDI note), one list per bar of each section.
MELODY_A = [
    [(0, 1.5, 69), (1.67, 0.33, 72), (2, 2, 76)],
    [(0, 1, 74), (1, 0.67, 72), (1.67, 2.33, 69)],
    [(0.67, 0.33, 70), (1, 1, 74), (2, 0.67, 77), (2.67, 1.33, 76)],
    [(0, 1, 74), (1, 1, 70), (2, 2, 67)],
    [(0, 1.5, 72), (1.67, 0.33, 76), (2, 2, 79)],
    [(0, 1, 78), (1, 0.67, 76), (1.67, 2.33, 72)],
    [(0, 1, 70), (1, 1, 74), (2, 1, 72), (3, 1, 70)],
    [(0, 3, 76), (3.67, 0.33, 72)],
]
MELODY_B = [
    [(0, 1.5, 74), (1.67, 0.33, 77), (2, 2, 81)],
    [(0, 1, 79), (1, 0.67, 77), (1.67, 2.33, 73)],
    [(0, 1, 72), (1, 1, 76), (2, 2, 79)],
    [(0, 1.5, 78), (1.67, 0.33, 75), (2, 2, 72)],
    [(0.67, 0.33, 70), (1, 1.5, 74), (2.67, 1.33, 77)],
    [(0, 1, 76), (1, 1, 74), (2, 2, 70)],
    [(0, 1.5, 72), (1.67, 0.33, 69), (2, 2, 78)],
    [(0, 2, 77), (2, 2, 76)],
]
# The last A ends quieter and lower, leaving room for the loop to start again.
MELODY_A_LAST = [*MELODY_A[:6], [(0, 1, 70), (1, 1, 74), (2, 2, 72)], [(0, 2.5, 67)]]
MELODY = MELODY_A + MELODY_B + MELODY_A_LAST


def bar_start(bar: int) -> float:
    return bar * 4 * BEAT


def chord_timeline() -> list[tuple[float, float, Chord]]:
    """(start beat, length in beats, chord) for the whole form."""
    out, beat = [], 0.0
    for bar in FORM:
        for chord, length in bar:
            out.append((beat, float(length), chord))
            beat += length
    return out


# --- instruments ----------------------------------------------------------------------------


def electric_piano(freq: float, seconds: float, velocity: float) -> np.ndarray:
    """Rhodes-like tone: FM with the modulator at the carrier's frequency and an index that
    falls after the strike (bright 'bark' then a round sustain); low notes ring longer."""
    t = time_axis(seconds + 0.25)
    index = velocity * (1.3 * np.exp(-t / 0.18) + 0.35)
    tone = np.sin(2 * np.pi * freq * t + index * np.sin(2 * np.pi * freq * t))
    tine = 0.08 * velocity * np.sin(2 * np.pi * freq * 7.0 * t) * np.exp(-t / 0.03)
    ring = 2.2 * (220 / freq) ** 0.3
    return (tone + tine) * note_envelope(len(t), 0.004, 0.25, decay=ring)


def upright_bass(
    freq: float, seconds: float, velocity: float, rng: np.random.Generator
) -> np.ndarray:
    """Plucked bass: a few harmonics, the upper ones fading first, and a soft finger thump."""
    t = time_axis(seconds + 0.06)
    tone = (
        np.sin(2 * np.pi * freq * t)
        + 0.45 * np.sin(4 * np.pi * freq * t) * np.exp(-t / 0.25)
        + 0.15 * np.sin(6 * np.pi * freq * t) * np.exp(-t / 0.12)
    )
    thump = band_noise(rng, seconds + 0.06, 60, 400) * hit_envelope(len(t), 0.001, 0.012) * 0.15
    return velocity * (tone + thump) * note_envelope(len(t), 0.009, 0.06, decay=1.1)


def vibraphone(freq: float, seconds: float, velocity: float) -> np.ndarray:
    """Soft-mallet vibes with the motor's tremolo: the melody voice."""
    t = time_axis(seconds + 0.6)
    tone = (
        np.sin(2 * np.pi * freq * t)
        + 0.12 * np.sin(2 * np.pi * freq * 4.0 * t) * np.exp(-t / 0.15)
        + 0.03 * np.sin(2 * np.pi * freq * 10.0 * t) * np.exp(-t / 0.04)
    )
    tremolo = 1 - 0.22 * (0.5 - 0.5 * np.cos(2 * np.pi * 4.8 * t))
    env = note_envelope(len(t), 0.006, 0.6, decay=1.6)
    return velocity * tone * tremolo * env


def brush_tap(rng: np.random.Generator, velocity: float) -> np.ndarray:
    n = samples(0.2)
    wires = band_noise(rng, 0.2, 1800, 9000) * hit_envelope(n, 0.002, 0.035)
    skin = band_noise(rng, 0.2, 160, 320) * hit_envelope(n, 0.002, 0.03)
    return velocity * (wires + 0.3 * skin)


def brush_sweep(rng: np.random.Generator, seconds: float) -> np.ndarray:
    n = samples(seconds)
    return band_noise(rng, seconds, 2000, 8000) * swell_envelope(n, 0.7, 1.5)


def hat_chick(rng: np.random.Generator) -> np.ndarray:
    n = samples(0.08)
    return band_noise(rng, 0.08, 5000, 12000) * hit_envelope(n, 0.001, 0.012)


def soft_kick() -> np.ndarray:
    t = time_axis(0.3)
    freq = 50 + 40 * np.exp(-t / 0.03)
    return np.sin(2 * np.pi * np.cumsum(freq) / RATE) * hit_envelope(len(t), 0.003, 0.09)


# --- parts ----------------------------------------------------------------------------------


def voicing(chord: Chord, previous: list[int] | None) -> list[int]:
    """A four-note rootless voicing (3rd, 5th/6th, 7th, 9th) between E3 and D5, chosen to move
    as little as possible from the previous one, as a pianist's hands would."""
    # In pitch order within the octave, so each rotation below is a close-position inversion.
    intervals = sorted(i % 12 for i in QUALITIES[chord.quality][1:])
    tones = [(chord.root + i) % 12 for i in intervals]
    candidates = []
    for rotation in range(4):
        order = tones[rotation:] + tones[:rotation]
        for low in range(52, 64):
            if low % 12 != order[0]:
                continue
            notes = [low]
            for pc in order[1:]:
                nxt = notes[-1] + 1
                while nxt % 12 != pc:
                    nxt += 1
                notes.append(nxt)
            if notes[-1] <= 74:
                candidates.append(notes)

    def cost(v: list[int]) -> float:
        # Smooth voice leading, with a pull back to the middle so the hands do not drift down.
        moved = sum(abs(a - b) for a, b in zip(v, previous, strict=True)) if previous else 0
        return moved + 1.5 * abs(sum(v) / 4 - 62)

    return min(candidates, key=cost)


# Comping rhythms for a 4-beat chord: (beat, length) hits, swung.
COMP_PATTERNS = [
    [(0, 1.5), (1 + SWING, 2.2)],
    [(0, 2.5), (2 + SWING, 1.2)],
    [(SWING, 1.2), (2, 1.8)],
    [(0, 3.6)],
    [(0, 1.2), (1 + SWING, 1.0), (3, 0.9)],
]


def keys_part(rng: np.random.Generator, out: np.ndarray) -> None:
    previous = None
    for start, length, chord in chord_timeline():
        notes = voicing(chord, previous)
        previous = notes
        if length == 4:
            pattern = COMP_PATTERNS[rng.integers(len(COMP_PATTERNS))]
        else:
            pattern = [(0, length - 0.2)]
        for beat, dur in pattern:
            velocity = rng.uniform(0.55, 0.8)
            for k, note in enumerate(notes):
                roll = k * rng.uniform(0.004, 0.012)  # fingers never land at once
                when = (start + beat) * BEAT + roll + rng.normal(0, 0.004)
                tone = electric_piano(midi_hz(note), dur * BEAT, velocity)
                mix_at(out, tone, when % LOOP, 0.16 * velocity, wrap=True)


def bass_part(rng: np.random.Generator, out: np.ndarray) -> None:
    timeline = chord_timeline()
    bridge = (32.0, 64.0)  # bars 9-16 walk; the A sections keep a relaxed two-feel
    last = 41  # F2
    for i, (start, length, chord) in enumerate(timeline):
        next_root = timeline[(i + 1) % len(timeline)][2].root
        root = nearest(chord.root, last, 33, 48)
        third = root + QUALITIES[chord.quality][1]
        fifth = root + 7
        target = nearest(next_root, root, 33, 48)
        approach = target + (1 if rng.random() < 0.5 else -1)
        walking = bridge[0] <= start < bridge[1]
        if walking and length == 4:
            second = third if rng.random() < 0.6 else fifth
            third_beat = fifth if rng.random() < 0.6 else root + 12
            notes = [(b, 1.0, n) for b, n in enumerate([root, second, third_beat, approach])]
        elif walking or length == 2:
            notes = [(0, 1.0, root), (1, 1.0, approach)] if walking else [(0, 2.0, root)]
        elif rng.random() < 0.5:
            notes = [(0, 2.0, root), (2, 1.0 + SWING, fifth), (3 + SWING, 1 - SWING, approach)]
        else:
            notes = [(0, 2.0, root), (2, 2.0, fifth)]
        for beat, dur, note in notes:
            velocity = rng.uniform(0.8, 1.0) * (1.0 if beat == 0 else 0.85)
            when = (start + beat) * BEAT + rng.normal(0, 0.003)
            tone = upright_bass(midi_hz(note), dur * BEAT * 0.95, velocity, rng)
            mix_at(out, tone, when % LOOP, 0.32, wrap=True)
            last = note


def nearest(pitch_class: int, near: int, low: int, high: int) -> int:
    """The note of this pitch class closest to `near`, kept within low..high."""
    options = [n for n in range(low, high + 1) if n % 12 == pitch_class]
    return min(options, key=lambda n: abs(n - near))


def melody_part(rng: np.random.Generator, out: np.ndarray) -> None:
    for bar, notes in enumerate(MELODY):
        for beat, length, note in notes:
            velocity = rng.uniform(0.75, 0.95) * (0.85 if beat % 1 else 1.0)  # off-beats lighter
            when = bar_start(bar) + beat * BEAT + rng.normal(0, 0.006)
            tone = vibraphone(midi_hz(note), length * BEAT, velocity)
            mix_at(out, tone, when % LOOP, 0.3, wrap=True)


def drums_part(rng: np.random.Generator, out: np.ndarray) -> None:
    # Ride pattern on the snare with brushes: 1, 2, 2-and, 3, 4, 4-and (swung).
    ride = [(0, 0.5), (1, 0.75), (1 + SWING, 0.35), (2, 0.5), (3, 0.75), (3 + SWING, 0.35)]
    for bar in range(BARS):
        t0 = bar_start(bar)
        for half in (0, 2):  # one circular sweep per half bar, the brush never leaving the head
            mix_at(out, brush_sweep(rng, 2 * BEAT), (t0 + half * BEAT) % LOOP, 0.05, wrap=True)
        for beat, accent in ride:
            when = t0 + beat * BEAT + rng.normal(0, 0.004)
            tap = brush_tap(rng, accent * rng.uniform(0.8, 1.1))
            mix_at(out, tap, when % LOOP, 0.15, wrap=True)
        for beat in (1, 3):
            mix_at(out, hat_chick(rng), t0 + beat * BEAT, 0.05, wrap=True)
        for beat in (0, 2):
            mix_at(out, soft_kick(), t0 + beat * BEAT, 0.16, wrap=True)
        if bar % 8 == 7:  # a brush swell at each section's end pulls into the next one
            swell = band_noise(rng, BEAT, 1500, 7000) * swell_envelope(samples(BEAT), 0.9, 2.5)
            mix_at(out, swell, (t0 + 3 * BEAT) % LOOP, 0.08, wrap=True)


# --- mix ------------------------------------------------------------------------------------


def pan_gains(position: float) -> np.ndarray:
    """Equal-power (left, right) gains for a position from -1 (left) to 1 (right)."""
    angle = (position + 1) * np.pi / 4
    return np.array([np.cos(angle), np.sin(angle)])


def pan(mono: np.ndarray, position: float) -> np.ndarray:
    return mono[:, None] * pan_gains(position)


def render() -> np.ndarray:
    n = samples(LOOP)
    rng = np.random.default_rng(SEED)
    parts = {name: np.zeros(n) for name in ("keys", "bass", "melody", "drums")}
    keys_part(np.random.default_rng([SEED, 1]), parts["keys"])
    bass_part(np.random.default_rng([SEED, 2]), parts["bass"])
    melody_part(np.random.default_rng([SEED, 3]), parts["melody"])
    drums_part(np.random.default_rng([SEED, 4]), parts["drums"])

    # A slow auto-pan on the piano, one sweep every two bars so it too repeats with the loop.
    t = np.arange(n) / RATE
    drift = 0.25 * np.sin(2 * np.pi * t / (8 * BEAT))
    keys = np.stack([parts["keys"] * (1 - drift), parts["keys"] * (1 + drift)], axis=1)
    dry = (
        pan(parts["bass"], 0.0)
        + pan(parts["melody"], 0.3)
        + pan(parts["drums"], 0.15)
        + keys * pan_gains(-0.3)
    )

    send = (
        0.05 * parts["bass"] + 0.35 * parts["keys"] + 0.45 * parts["melody"] + 0.25 * parts["drums"]
    )
    wet = np.stack(
        [
            convolve(send, reverb_ir(rng, 2.5, 0.4, 4500), circular=True),
            convolve(send, reverb_ir(rng, 2.5, 0.4, 4500), circular=True),
        ],
        axis=1,
    )
    mix = dry + 0.6 * wet
    return normalise(mix, -3.0)


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    audio = render()
    write_ogg(out, audio, RATE)
    print(f"{out}: {len(audio) / RATE:.1f} s, {out.stat().st_size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
