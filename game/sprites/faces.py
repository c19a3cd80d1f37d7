"""The second deck design, "Large index", drawn at run time (User Guide 4.4.2, Deck Design).

Plain white cards with a large rank and suit in two corners (the second upside down) and one
large suit in the middle; a court card's middle is its letter in a gold frame, a Joker's a star
and its name. The inks are pure red and black on pure white, so the four-colour deck recolours
them as it does the standard faces, and the court letters are those of the notation chosen.
"""

from __future__ import annotations

import functools
import io

import pygame

from game.resources import font_path

# Sizes on the 240x336 art of the standard faces (the picture is drawn at any size).
BASE = (240, 336)
RED, BLACK = (255, 0, 0), (0, 0, 0)
WHITE = (255, 255, 255)
EDGE = (90, 90, 90)
FRAME = (214, 176, 84)
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
JOKER_INKS = {"JK_1": RED, "JK_2": BLACK}


@functools.cache
def _font_file(role: str) -> bytes | None:
    path = font_path(role)
    return path.read_bytes() if path is not None else None


def card_font(role: str, size: int) -> pygame.font.Font:
    """The bundled font of `role` at `size`, made from its bytes in memory (no font holds its
    file open), or pygame's own where it is missing."""
    if not pygame.font.get_init():
        pygame.font.init()
    data = _font_file(role)
    return pygame.font.Font(io.BytesIO(data) if data is not None else None, max(1, size))


def _ink(image: pygame.Surface) -> pygame.Surface:
    """Only the ink of a rendered text (its empty margins cut away)."""
    return image.subsurface(image.get_bounding_rect()).copy()


def _corner(rank: str, suit: str, ink: tuple[int, int, int], scale: float) -> pygame.Surface:
    """The rank over its suit, as they stand in the top-left corner."""
    letters = _ink(card_font("bold", round(58 * scale)).render(rank, True, ink))
    symbol = _ink(card_font("ui", round(50 * scale)).render(SUIT_SYMBOLS[suit], True, ink))
    width = max(letters.get_width(), symbol.get_width())
    gap = round(6 * scale)
    corner = pygame.Surface(
        (width, letters.get_height() + gap + symbol.get_height()), pygame.SRCALPHA
    )
    corner.blit(letters, letters.get_rect(midtop=(width // 2, 0)))
    corner.blit(symbol, symbol.get_rect(midbottom=(width // 2, corner.get_height())))
    return corner


def draw_face(code: str, rank_letter: str, size: tuple[int, int] = BASE) -> pygame.Surface:
    """The Large index picture of card `code` ("AS", "10H", "JK_1"), its rank written
    `rank_letter` (the notation's letter for a court card)."""
    w, h = size
    scale = h / BASE[1]
    surface = pygame.Surface(size, pygame.SRCALPHA)
    card = pygame.Rect(0, 0, w, h)
    radius = round(16 * scale)
    pygame.draw.rect(surface, WHITE, card, border_radius=radius)
    pygame.draw.rect(surface, EDGE, card, max(1, round(2 * scale)), border_radius=radius)
    if code in JOKER_INKS:
        _draw_joker(surface, JOKER_INKS[code], scale)
        return surface
    suit = code[-1]
    ink = RED if suit in ("H", "D") else BLACK
    corner = _corner(rank_letter, suit, ink, scale)
    margin = round(14 * scale)
    surface.blit(corner, (margin, margin))
    turned = pygame.transform.rotate(corner, 180)
    surface.blit(turned, turned.get_rect(bottomright=(w - margin, h - margin)))
    middle = card.inflate(-round(130 * scale), -round(150 * scale))
    if code[:-1] in ("J", "Q", "K"):
        pygame.draw.rect(surface, FRAME, middle, max(1, round(4 * scale)), border_radius=radius)
        letter = _ink(card_font("title", round(120 * scale)).render(rank_letter, True, ink))
        surface.blit(letter, letter.get_rect(center=middle.center))
    else:
        pip = _ink(card_font("ui", round(150 * scale)).render(SUIT_SYMBOLS[suit], True, ink))
        surface.blit(pip, pip.get_rect(center=card.center))
    return surface


def _draw_joker(surface: pygame.Surface, ink: tuple[int, int, int], scale: float) -> None:
    card = surface.get_rect()
    star = _ink(card_font("ui", round(150 * scale)).render("\u2605", True, ink))
    surface.blit(star, star.get_rect(center=(card.centerx, card.centery - round(20 * scale))))
    word = _ink(card_font("bold", round(40 * scale)).render("JOKER", True, ink))
    surface.blit(word, word.get_rect(midtop=(card.centerx, card.centery + round(70 * scale))))
    small = pygame.transform.rotozoom(word, 0, 0.5)
    margin = round(14 * scale)
    surface.blit(small, (margin, margin))
    turned = pygame.transform.rotate(small, 180)
    surface.blit(turned, turned.get_rect(bottomright=(card.right - margin, card.bottom - margin)))
