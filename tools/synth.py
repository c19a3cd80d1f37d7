"""Small numpy sound-synthesis kit shared by make_sounds.py and make_music.py.

Everything works on float64 arrays at RATE samples per second, in the range -1..1: noise shaped
in the frequency domain, envelopes, a few tone generators (mallet, bell, soft brass), mixing,
a convolution reverb and writers. No filters with state, so results never depend on block sizes
and every run with the same seed gives the same bytes.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

RATE = 44100


def samples(seconds: float) -> int:
    return round(seconds * RATE)


def time_axis(seconds: float) -> np.ndarray:
    return np.arange(samples(seconds)) / RATE


# --- noise and spectral shaping -------------------------------------------------------------


def band_noise(
    rng: np.random.Generator, seconds: float, low: float, high: float, rolloff: float = 0.5
) -> np.ndarray:
    """White noise band-passed between low and high Hz, unit RMS."""
    return bandpass(rng.standard_normal(samples(seconds)), low, high, rolloff)


def bandpass(x: np.ndarray, low: float, high: float, rolloff: float = 0.5) -> np.ndarray:
    """Zero-phase band-pass with raised-cosine skirts `rolloff` octaves wide (no ringing).

    The result is scaled to unit RMS so callers set loudness with their own gains.
    """
    n = len(x)
    freqs = np.fft.rfftfreq(n, 1 / RATE)
    octaves = np.log2(np.maximum(freqs, 1.0))
    gain = np.ones_like(freqs)
    if low > 0:
        gain *= _skirt(octaves, np.log2(low), rolloff, rising=True)
    if high < RATE / 2:
        gain *= _skirt(octaves, np.log2(high), rolloff, rising=False)
    y = np.fft.irfft(np.fft.rfft(x) * gain, n)
    rms = np.sqrt(np.mean(y**2))
    return y / rms if rms > 0 else y


def _skirt(octaves: np.ndarray, edge: float, width: float, rising: bool) -> np.ndarray:
    # 0..1 over `width` octaves centred on the edge: a cosine ramp rings far less than a brick wall.
    u = np.clip((octaves - edge) / width + 0.5, 0.0, 1.0)
    shape = 0.5 - 0.5 * np.cos(np.pi * u)
    return shape if rising else 1.0 - shape


# --- envelopes ------------------------------------------------------------------------------


def hit_envelope(n: int, attack: float, decay: float) -> np.ndarray:
    """Raised-cosine rise over `attack` s, then exponential fall with time constant `decay` s."""
    t = np.arange(n) / RATE
    rise = np.clip(t / max(attack, 1e-6), 0.0, 1.0)
    rise = 0.5 - 0.5 * np.cos(np.pi * rise)
    fall = np.exp(-np.maximum(t - attack, 0.0) / decay)
    return rise * fall


def swell_envelope(n: int, peak_at: float, power: float = 2.0) -> np.ndarray:
    """Rises to 1 at `peak_at` (fraction of the length) and falls back to 0 at the end."""
    u = np.linspace(0.0, 1.0, n)
    up = np.clip(u / peak_at, 0.0, 1.0) ** power
    down = np.clip((1.0 - u) / (1.0 - peak_at), 0.0, 1.0) ** power
    return np.where(u < peak_at, up, down)


def note_envelope(n: int, attack: float, release: float, decay: float = 1e9) -> np.ndarray:
    """Soft attack, exponential decay while held, and a cosine release over the last `release` s."""
    env = hit_envelope(n, attack, decay)
    r = min(samples(release), n)
    if r > 0:
        env[n - r :] *= 0.5 + 0.5 * np.cos(np.linspace(0.0, np.pi, r))
    return env


# --- tones ----------------------------------------------------------------------------------


def midi_hz(note: float) -> float:
    return 440.0 * 2.0 ** ((note - 69) / 12)


def partials(
    freq: float,
    seconds: float,
    ratios_gains_decays: list[tuple[float, float, float]],
    attack: float = 0.004,
    release: float = 0.08,
) -> np.ndarray:
    """Sum of sine partials, each (frequency ratio, gain, decay time constant), damped to
    silence over the last `release` s so a note never stops with a click."""
    t = time_axis(seconds)
    out = np.zeros_like(t)
    for ratio, gain, decay in ratios_gains_decays:
        f = freq * ratio
        if f >= RATE / 2 * 0.9:
            continue
        out += gain * np.sin(2 * np.pi * f * t) * np.exp(-t / decay)
    return out * note_envelope(len(t), attack, release)


def mallet(freq: float, seconds: float, softness: float = 1.0) -> np.ndarray:
    """Vibraphone/marimba-like struck bar: inharmonic partials, the high ones dying fast."""
    return partials(
        freq,
        seconds,
        [
            (1.0, 1.0, 0.55 * softness),
            (3.93, 0.28 / softness, 0.09),
            (9.6, 0.08 / softness, 0.03),
        ],
        attack=0.003,
        release=min(0.15, seconds / 3),
    )


def bell(freq: float, seconds: float, brightness: float = 1.0) -> np.ndarray:
    """Soft glassy bell (two-operator FM with a decaying index): used for pings and sparkle."""
    t = time_axis(seconds)
    index = 1.6 * brightness * np.exp(-t / 0.12)
    modulator = np.sin(2 * np.pi * freq * 3.5 * t)
    tone = np.sin(2 * np.pi * freq * t + index * modulator)
    return tone * note_envelope(len(t), 0.004, min(0.15, seconds / 3), decay=seconds / 3.0)


def soft_brass(freq: float, seconds: float, rng: np.random.Generator) -> np.ndarray:
    """Mellow horn-like tone: harmonics rolled off by a brightness that swells after the attack,
    two slightly detuned voices and a late gentle vibrato, so it sounds played, not beeped."""
    t = time_axis(seconds)
    brightness = 2.0 + 4.0 * (1 - np.exp(-t / 0.06)) * np.exp(-t / 0.9)  # harmonics audible
    vibrato = 1 + 0.003 * np.sin(2 * np.pi * 5.2 * t) * np.clip((t - 0.25) / 0.3, 0, 1)
    out = np.zeros_like(t)
    for detune in (0.9985, 1.0015):
        phase = np.cumsum(freq * detune * vibrato) / RATE * 2 * np.pi + rng.uniform(0, 6.28)
        for k in range(1, 14):
            if freq * k > 9000:
                break
            out += np.sin(k * phase) * np.exp(-(k - 1) / brightness) / k
    return out * note_envelope(len(t), 0.03, min(0.3, seconds / 3))


# --- mixing, effects, output ----------------------------------------------------------------


def mix_at(
    buffer: np.ndarray, sound: np.ndarray, start: float, gain: float = 1.0, wrap: bool = False
) -> None:
    """Adds `sound` into `buffer` at `start` seconds; with wrap, what overruns goes to the start
    (for loops), otherwise it is cut."""
    i = samples(start)
    end = i + len(sound)
    if not wrap:
        end = min(end, len(buffer))
        buffer[i:end] += gain * sound[: end - i]
        return
    idx = np.arange(i, end) % len(buffer)
    np.add.at(buffer, idx, gain * sound)


def reverb_ir(
    rng: np.random.Generator, seconds: float, decay: float, damping_hz: float = 5000.0
) -> np.ndarray:
    """Synthetic room: decaying noise whose high end fades faster than its low end."""
    n = samples(seconds)
    t = np.arange(n) / RATE
    bright = bandpass(rng.standard_normal(n), 200, damping_hz, 1.0) * np.exp(-t / (decay * 0.45))
    dark = bandpass(rng.standard_normal(n), 100, 1500, 1.0) * np.exp(-t / decay)
    ir = bright + dark
    ir *= hit_envelope(n, 0.012, 1e9)  # no direct spike: the dry signal supplies that
    return ir / np.sqrt(np.sum(ir**2))


def convolve(x: np.ndarray, ir: np.ndarray, circular: bool = False) -> np.ndarray:
    """FFT convolution. Circular keeps the length and wraps the tail onto the start (for loops)."""
    if circular:
        n = len(x)
        padded = np.zeros(n)
        padded[: min(n, len(ir))] = ir[:n]
        return np.fft.irfft(np.fft.rfft(x) * np.fft.rfft(padded), n)
    n = len(x) + len(ir) - 1
    size = 1 << (n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(ir, size), size)[:n]


def fade_edges(x: np.ndarray, fade_in: float = 0.001, fade_out: float = 0.01) -> np.ndarray:
    """Cosine fades so a sound never starts or stops with a click."""
    y = x.copy()
    a, r = samples(fade_in), samples(fade_out)
    if a:
        y[:a] *= 0.5 - 0.5 * np.cos(np.linspace(0, np.pi, a))
    if r:
        y[-r:] *= 0.5 + 0.5 * np.cos(np.linspace(0, np.pi, r))
    return y


def normalise(x: np.ndarray, peak_dbfs: float = -3.0) -> np.ndarray:
    return x * (10 ** (peak_dbfs / 20) / np.max(np.abs(x)))


def to_int16(x: np.ndarray) -> np.ndarray:
    return np.round(np.clip(x, -1.0, 1.0) * 32767).astype("<i2")


def write_wav(path: Path, x: np.ndarray) -> None:
    """Mono (1-D) or stereo (n x 2) 16-bit PCM WAV with the stdlib writer."""
    channels = 1 if x.ndim == 1 else x.shape[1]
    with wave.open(str(path), "wb") as out:
        out.setnchannels(channels)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_int16(x).tobytes())
