"""Draws the game's icon and writes it in every form the platforms want.

The design is the window icon's (`game.app`), drawn large: two cream cards fanned on a felt-green
rounded square with a gold rim, a red diamond and a black spade as their pips. It is drawn four
times larger than each size and smoothed down, so edges are anti-aliased. Writes:

- `assets/icon.png` (256 px): the Linux menu icon, installed by `canasta --install-desktop`;
- `packaging/canasta.ico` (16 to 256 px): the Windows executable's icon;
- `packaging/canasta.icns` (128 to 1024 px): the macOS app's icon.

Run from the repository root: `python tools/make_icon.py` (needs pygame-ce, like the game).
"""

from __future__ import annotations

import io
import os
import struct
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # after the prompt setting, which pygame reads on import

ROOT = Path(__file__).resolve().parent.parent
PNG_OUT = ROOT / "assets" / "icon.png"
ICO_OUT = ROOT / "packaging" / "canasta.ico"
ICNS_OUT = ROOT / "packaging" / "canasta.icns"

FELT = (28, 104, 60)
FELT_DARK = (9, 46, 26)
CREAM = (246, 238, 214)
GOLD = (214, 176, 84)
RED = (190, 20, 30)
INK = (24, 30, 24)
SUPERSAMPLE = 4
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# Apple's PNG-bearing icon types and their pixel sizes.
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024))


def _card(size: int, pip: str, pip_x: float) -> pygame.Surface:
    """One upright card with a rim and a single pip at `pip_x` of its width, on a transparent
    surface."""
    width, height = size * 40 // 100, size * 56 // 100
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = width // 8
    pygame.draw.rect(card, CREAM, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, GOLD, card.get_rect(), max(2, width // 16), border_radius=radius)
    cx, cy, r = int(width * pip_x), height // 2, width // 5
    if pip == "diamond":
        pygame.draw.polygon(
            card,
            RED,
            [(cx, cy - r * 13 // 10), (cx + r, cy), (cx, cy + r * 13 // 10), (cx - r, cy)],
        )
    else:
        # A spade: a heart upside down (two circles and a point) on a short stem.
        lobe = r * 55 // 100
        pygame.draw.circle(card, INK, (cx - lobe, cy + lobe // 3), lobe)
        pygame.draw.circle(card, INK, (cx + lobe, cy + lobe // 3), lobe)
        pygame.draw.polygon(
            card,
            INK,
            [
                (cx, cy - r * 12 // 10),
                (cx + r * 2 - lobe // 2, cy + lobe // 4),
                (cx - r * 2 + lobe // 2, cy + lobe // 4),
            ],
        )
        pygame.draw.polygon(
            card,
            INK,
            [
                (cx, cy + lobe // 2),
                (cx + lobe // 2, cy + r * 13 // 10),
                (cx - lobe // 2, cy + r * 13 // 10),
            ],
        )
    return card


def draw(size: int) -> pygame.Surface:
    """The icon at `size` pixels square."""
    big = size * SUPERSAMPLE
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    margin = big // 32
    tile = pygame.Rect(margin, margin, big - 2 * margin, big - 2 * margin)
    pygame.draw.rect(canvas, FELT_DARK, tile, border_radius=big // 5)
    pygame.draw.rect(canvas, FELT, tile.inflate(-big // 24, -big // 24), border_radius=big // 6)
    pygame.draw.rect(canvas, GOLD, tile, max(2, big // 48), border_radius=big // 5)
    # The back card's pip sits left of its middle, where the front card leaves it in view.
    for pip, pip_x, angle, shift in (
        ("spade", 0.3, 14, -big // 9),
        ("diamond", 0.5, -10, big // 10),
    ):
        card = pygame.transform.rotate(_card(big, pip, pip_x), angle)
        canvas.blit(card, card.get_rect(center=(big // 2 + shift, big // 2)))
    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG per size (Windows Vista and later read PNG entries)."""
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in sorted(images.items()):
        dim = 0 if size >= 256 else size  # 0 means 256 in the directory entry
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(images: dict[bytes, bytes]) -> bytes:
    """A macOS .icns holding PNG entries (type, big-endian length including the 8-byte head)."""
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main() -> int:
    # Drawing and saving need no display or sound, so pygame is not initialised.
    PNG_OUT.write_bytes(png_bytes(draw(256)))
    ICO_OUT.parent.mkdir(parents=True, exist_ok=True)
    ICO_OUT.write_bytes(ico_bytes({size: png_bytes(draw(size)) for size in ICO_SIZES}))
    ICNS_OUT.write_bytes(icns_bytes({kind: png_bytes(draw(size)) for kind, size in ICNS_TYPES}))
    for path in (PNG_OUT, ICO_OUT, ICNS_OUT):
        print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
