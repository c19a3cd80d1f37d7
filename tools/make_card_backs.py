"""Draw the six card back designs of Options → Table → Card back into `assets/cards/`.

Each design comes in the two colours of the two packs (pack 1 blue, pack 2 red, as the standard
backs), at the size of the card art, as `back_DESIGN_PACK.png`: a white border, a coloured field
with the design's pattern, a thin frame, rounded corners and the card's grey edge. Drawn with
pygame alone, so the same script makes the same files anywhere: `python tools/make_card_backs.py`.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.sprites.cards import ART_SIZE, BACK_DESIGNS, CARDS_DIR  # noqa: E402

Colour = tuple[int, int, int]
# Each pack's field and its lighter ink.
PACK_COLOURS: dict[int, tuple[Colour, Colour]] = {
    1: ((28, 58, 138), (120, 160, 230)),
    2: ((150, 28, 40), (226, 120, 112)),
}
WHITE = (250, 248, 240)
EDGE = (60, 60, 60)


def lattice(surface: pygame.Surface, field: pygame.Rect, ink: Colour) -> None:
    step = field.width // 8
    for offset in range(-field.height, field.width + field.height, step):
        pygame.draw.line(
            surface,
            ink,
            (field.left + offset, field.top),
            (field.left + offset + field.height, field.bottom),
            3,
        )
        pygame.draw.line(
            surface,
            ink,
            (field.left + offset, field.bottom),
            (field.left + offset + field.height, field.top),
            3,
        )


def diamonds(surface: pygame.Surface, field: pygame.Rect, ink: Colour) -> None:
    w, h = field.width // 6, field.height // 8
    for row in range(-1, 9):
        for col in range(-1, 7):
            x = field.left + col * w + (w // 2 if row % 2 else 0)
            y = field.top + row * h
            points = [(x, y - h // 2), (x + w // 2, y), (x, y + h // 2), (x - w // 2, y)]
            pygame.draw.polygon(surface, ink, points, 0 if (row + col) % 2 else 2)


def rings(surface: pygame.Surface, field: pygame.Rect, ink: Colour) -> None:
    step = field.width // 5
    for row in range(field.height // step + 2):
        for col in range(6):
            centre = (field.left + col * step, field.top + row * step)
            pygame.draw.circle(surface, ink, centre, step * 2 // 3, 2)
            pygame.draw.circle(surface, ink, centre, step // 6)


def stripes(surface: pygame.Surface, field: pygame.Rect, ink: Colour) -> None:
    step = field.width // 10
    for index, x in enumerate(range(field.left, field.right + step, step)):
        pygame.draw.rect(
            surface, ink, (x, field.top, step // (2 if index % 2 else 4), field.height)
        )
    centre = field.center
    pygame.draw.circle(surface, WHITE, centre, field.width // 4)
    pygame.draw.circle(surface, ink, centre, field.width // 4 - 6, 4)


def waves(surface: pygame.Surface, field: pygame.Rect, ink: Colour) -> None:
    step = field.height // 14
    for row in range(16):
        y0 = field.top + row * step
        points = [
            (field.left + x, y0 + math.sin(x / field.width * 4 * math.pi) * step * 0.6)
            for x in range(0, field.width + 1, 4)
        ]
        pygame.draw.lines(surface, ink, False, points, 3)


def stars(surface: pygame.Surface, field: pygame.Rect, ink: Colour) -> None:
    step = field.width // 4
    for row in range(field.height // step + 2):
        for col in range(5):
            cx = field.left + col * step + (step // 2 if row % 2 else 0)
            cy = field.top + row * step
            points = []
            for k in range(10):
                radius = step * (0.42 if k % 2 == 0 else 0.18)
                angle = -math.pi / 2 + k * math.pi / 5
                points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
            pygame.draw.polygon(surface, ink, points)


PATTERNS: dict[str, Callable[[pygame.Surface, pygame.Rect, Colour], None]] = {
    "lattice": lattice,
    "diamonds": diamonds,
    "rings": rings,
    "stripes": stripes,
    "waves": waves,
    "stars": stars,
}


def draw_back(design: str, pack: int) -> pygame.Surface:
    width, height = ART_SIZE
    field_colour, ink = PACK_COLOURS[pack]
    card = pygame.Rect(0, 0, width, height)
    radius = width // 12
    surface = pygame.Surface(card.size, pygame.SRCALPHA)
    pygame.draw.rect(surface, WHITE, card, border_radius=radius)
    field = card.inflate(-width // 7, -width // 7)
    pattern = pygame.Surface(field.size, pygame.SRCALPHA)
    inside = pattern.get_rect()
    pygame.draw.rect(pattern, field_colour, inside, border_radius=radius // 2)
    drawn = pygame.Surface(field.size, pygame.SRCALPHA)
    PATTERNS[design](drawn, inside, ink)
    # The pattern stays inside the field's rounded corners.
    mask = pygame.Surface(field.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), inside, border_radius=radius // 2)
    drawn.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pattern.blit(drawn, (0, 0))
    pygame.draw.rect(pattern, ink, inside, 3, border_radius=radius // 2)
    surface.blit(pattern, field)
    pygame.draw.rect(surface, EDGE, card, 2, border_radius=radius)
    return surface


def main() -> int:
    pygame.display.init()
    for design in BACK_DESIGNS:
        assert design in PATTERNS, f"no pattern drawn for {design}"
        for pack in PACK_COLOURS:
            path = CARDS_DIR / f"back_{design}_{pack}.png"
            pygame.image.save(draw_back(design, pack), str(path))
            print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
