"""Loads every committed asset with pygame and reports it, so a broken or odd file shows up early.

Prints each card image's size and each sound's duration, peak and RMS level, checks that all card
faces share one size, and can write a contact sheet of the whole deck to look at:

    python tools/check_assets.py [--sheet /tmp/cards_sheet.png]

Runs headless (dummy SDL drivers) and exits non-zero if anything is missing or fails to load.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

# Set before pygame is imported: the check must run on machines without a display or sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np
import pygame

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"
SOUNDS = ROOT / "assets" / "sounds"

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
CARD_NAMES = [r + s for s in SUITS for r in RANKS] + ["JK_1", "JK_2", "back_1", "back_2"]
SOUND_NAMES = [
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
]


def check_cards(problems: list[str]) -> dict[str, pygame.Surface]:
    """Loads every card PNG, printing sizes; returns the surfaces by name."""
    images: dict[str, pygame.Surface] = {}
    for name in CARD_NAMES:
        path = CARDS / f"{name}.png"
        if not path.exists():
            problems.append(f"missing {path}")
            continue
        images[name] = pygame.image.load(path)
    sizes = {img.get_size() for img in images.values()}
    total = sum((CARDS / f"{n}.png").stat().st_size for n in images)
    print(f"cards: {len(images)} loaded, sizes {sorted(sizes)}, {total / 1024:.0f} KiB in all")
    if len(sizes) != 1:
        problems.append(f"cards differ in size: {sorted(sizes)}")
    for name, img in images.items():
        if img.get_at((0, 0)).a != 0:
            problems.append(f"{name}: corner is not transparent")
    return images


def check_sounds(problems: list[str]) -> None:
    """Loads every sound and the music with the mixer and prints duration, peak and RMS."""
    try:
        pygame.mixer.init(frequency=44100, size=-16, channels=2)
    except pygame.error as exc:  # the game falls back to silence; here it is worth saying
        problems.append(f"mixer did not start: {exc}")
        return
    freq, _, channels = pygame.mixer.get_init()
    print(f"mixer: {freq} Hz, {channels} channel(s)")
    for name in SOUND_NAMES:
        path = SOUNDS / f"{name}.wav"
        if not path.exists():
            problems.append(f"missing {path}")
            continue
        samples = pygame.sndarray.array(pygame.mixer.Sound(path)).astype(np.float64) / 32768.0
        peak = np.abs(samples).max()
        rms = np.sqrt(np.mean(samples**2))
        print(
            f"  {name:<11} {len(samples) / freq:5.2f} s  peak {20 * np.log10(peak):6.1f} dBFS"
            f"  rms {20 * np.log10(rms):6.1f} dBFS  {path.stat().st_size / 1024:5.0f} KiB"
        )
    music = SOUNDS / "music.ogg"
    if not music.exists():
        problems.append(f"missing {music}")
        return
    pygame.mixer.music.load(music)  # the way the game plays it: streamed
    seconds = pygame.mixer.Sound(music).get_length()
    print(f"  music.ogg   {seconds:5.1f} s  {music.stat().st_size / 1024:5.0f} KiB (streams fine)")


def contact_sheet(images: dict[str, pygame.Surface], path: Path) -> None:
    """Lays the deck out in a grid (one suit per row, then Jokers and backs) on table green."""
    w, h = next(iter(images.values())).get_size()
    gap, cols, rows = 8, 13, 5
    sheet = pygame.Surface((cols * (w + gap) + gap, rows * (h + gap) + gap))
    sheet.fill((30, 90, 50))
    for i, name in enumerate(CARD_NAMES):
        if name in images:
            row, col = divmod(i, cols)
            sheet.blit(images[name], (gap + col * (w + gap), gap + row * (h + gap)))
    pygame.image.save(sheet, path)
    print(f"contact sheet: {path}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheet", type=Path, help="write a contact sheet of all cards here")
    args = parser.parse_args()
    pygame.init()
    problems: list[str] = []
    images = check_cards(problems)
    check_sounds(problems)
    if args.sheet and images:
        contact_sheet(images, args.sheet)
    for problem in problems:
        print("PROBLEM:", problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
