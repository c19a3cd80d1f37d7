"""Where cards go: pure geometry for hands, melds and piles.

Every function takes rectangles and card sizes and returns `pygame.FRect`s (top-left positions
of cards); nothing here draws, loads or needs a display, so the arithmetic is tested on its own.
A hand is a single overlapping row that squeezes to fit (40 cards fit across a 1280-pixel
window), optionally with small gaps between groups of one rank. Melds stand in columns, one per
rank, each card showing the top strip of the one beneath (its index corner), wrapping into more
rows when the mat is crowded. Piles are stacks with a slight offset so their thickness shows.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pygame import FRect, Rect

RectLike = Rect | FRect | tuple[float, float, float, float]

# Width / height of the card images (240 x 336).
CARD_ASPECT = 240 / 336


def card_size(height: float, aspect: float = CARD_ASPECT) -> tuple[float, float]:
    """Card (width, height) for a given height."""
    return (round(height * aspect), round(height))


def default_card_height(screen_size: tuple[int, int]) -> int:
    """A card height that leaves room for two hands, two meld areas and the piles."""
    width, height = screen_size
    # Height-driven, but never so tall that a 15-card hand at the default spread overflows.
    return max(40, min(round(height * 0.165), round(width * 0.095 / CARD_ASPECT)))


def _frect(area: RectLike) -> FRect:
    return FRect(area)


def hand_step(
    area_width: float,
    count: int,
    card_width: float,
    *,
    spread: float = 0.4,
    gaps: int = 0,
    gap: float = 0.0,
) -> tuple[float, float]:
    """Horizontal distance between neighbouring cards, and the gap between rank groups, for a
    hand of `count` cards with `gaps` group breaks.

    The step is at most `spread * card_width` (how much of each card shows). When the hand is
    too wide, group gaps shrink first (they are a nicety), then the step.
    """
    if count <= 1:
        return (0.0, 0.0)
    free = max(0.0, area_width - card_width)
    step = spread * card_width
    if step * (count - 1) + gap * gaps <= free:
        return (step, gap)
    if gaps and step * (count - 1) < free:
        return (step, (free - step * (count - 1)) / gaps)
    return (free / (count - 1), 0.0)


def fan_hand(
    area: RectLike,
    count: int,
    card_width: float,
    card_height: float,
    *,
    groups: Sequence[int] | None = None,
    spread: float = 0.4,
    group_gap: float = 0.3,
) -> list[FRect]:
    """Rects for a hand of `count` cards laid in one row, centred in `area`.

    `groups` are the sizes of consecutive rank groups (summing to `count`) when the player
    wants gaps between ranks; `group_gap` is that gap as a fraction of the card width.
    """
    if count <= 0:
        return []
    box = _frect(area)
    if groups:
        if sum(groups) != count or any(g <= 0 for g in groups):
            raise ValueError("group sizes must be positive and add up to the card count")
        breaks = len(groups) - 1
    else:
        breaks = 0
    step, gap = hand_step(
        box.width,
        count,
        card_width,
        spread=spread,
        gaps=breaks,
        gap=group_gap * card_width,
    )
    total = card_width + step * (count - 1) + gap * breaks
    left = box.centerx - total / 2
    top = box.centery - card_height / 2
    group_ends: set[int] = set()
    if groups:
        end = 0
        for size in groups[:-1]:
            end += size
            group_ends.add(end)
    rects: list[FRect] = []
    x = left
    for index in range(count):
        if index in group_ends:
            x += gap
        rects.append(FRect(x, top, card_width, card_height))
        x += step
    return rects


def insertion_index(rects: Sequence[FRect], x: float) -> int:
    """Where a card dropped with its left edge at `x` goes in a hand laid out as `rects`."""
    for index, rect in enumerate(rects):
        if x < rect.x + (rects[index + 1].x - rect.x if index + 1 < len(rects) else rect.width) / 2:
            return index
    return len(rects)


def meld_columns(
    area: RectLike,
    meld_sizes: Sequence[int],
    card_width: float,
    card_height: float,
    *,
    column_gap: float = 0.12,
    row_gap: float = 0.08,
    peek: float = 0.22,
    min_peek: float = 0.12,
    fill: bool = False,
) -> list[list[FRect]]:
    """Rects for melds in `area`, one column per meld, cards cascading downwards.

    Each card shows the top `peek` fraction of the card beneath it (shrinking towards
    `min_peek` when columns are long). Columns that do not fit across wrap to a new row.
    Gaps are fractions of the card width (columns) and height (rows). Returns one list of rects
    per meld, in the order given (the caller sorts melds by creation, rank or length). With
    `fill`, the columns of a row are spread evenly from the left edge to the right one (fixed
    rank columns: the last column at the right edge).
    """
    if not meld_sizes:
        return []
    box = _frect(area)
    col_gap = column_gap * card_width
    per_row = max(1, int((box.width + col_gap) // (card_width + col_gap)))
    rows = math.ceil(len(meld_sizes) / per_row)
    gap_y = row_gap * card_height
    row_height = (box.height - gap_y * (rows - 1)) / rows
    longest = max(meld_sizes)
    offset = peek * card_height
    if longest > 1:
        fitting = (row_height - card_height) / (longest - 1)
        offset = max(min_peek * card_height, min(offset, fitting))
    # Left-aligned, as melds are laid on a mat: a new meld appears to the right of the last.
    left = box.left
    across = min(per_row, len(meld_sizes))
    step = card_width + col_gap
    if fill and across > 1:
        step = max(step, (box.width - card_width) / (across - 1))
    result: list[list[FRect]] = []
    for index, size in enumerate(meld_sizes):
        row, col = divmod(index, per_row)
        x = left + col * step
        y = box.top + row * (row_height + gap_y)
        result.append([FRect(x, y + i * offset, card_width, card_height) for i in range(size)])
    return result


def pile(
    origin: tuple[float, float],
    count: int,
    card_width: float,
    card_height: float,
    *,
    every: int = 4,
    shift: tuple[float, float] = (0.6, -0.6),
    max_layers: int = 12,
) -> list[FRect]:
    """Rects for a squared-up pile whose bottom card's top-left is `origin`.

    Every `every` cards the pile steps by `shift` pixels, up to `max_layers` steps, so a full
    stock looks thick without drifting across the table.
    """
    ox, oy = origin
    rects: list[FRect] = []
    for index in range(count):
        layer = min(index // max(1, every), max_layers)
        rects.append(FRect(ox + layer * shift[0], oy + layer * shift[1], card_width, card_height))
    return rects


def spread_row(
    origin: tuple[float, float],
    count: int,
    card_width: float,
    card_height: float,
    *,
    step: float = 0.25,
) -> list[FRect]:
    """Rects for a short left-to-right spread (red threes laid down, a talon shown)."""
    ox, oy = origin
    return [FRect(ox + i * step * card_width, oy, card_width, card_height) for i in range(count)]
