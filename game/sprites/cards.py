"""Card pictures and card sprites.

`CardImages` loads `assets/cards/{CODE}.png` once (codes such as `AS`, `10H`, `QD`, `JK_1`,
`back_1`), converts them for fast blitting, and hands out copies scaled to the card height the
table uses and tinted for the states the table shows (drawn from the stock, frozen or blocked
pile, selected, natural or mixed canasta); every scaled or tinted picture is cached, and the cache
is cleared when the resolution changes. A missing or unreadable file is replaced by a plainly
drawn card, so the game stays playable while assets are being made. `CardSprite` is a card on
the table: a float position (`FRect`) that tweens can move, face up or down, a tint, and a flip
animation that squashes the card to its edge and opens it on the other side; draw order and
hit-testing of the top card come from `pygame.sprite.LayeredUpdates`.
"""

from __future__ import annotations

import enum
import logging
from pathlib import Path

import pygame

from game.logic.cards import CARD_PACK, code_of
from game.resources import asset_path
from game.sprites.faces import card_font, draw_face
from game.sprites.notation import COURTS, court_letter
from game.sprites.tween import Animation, Animator, Call, Tween, TweenSequence, in_sine, out_sine

log = logging.getLogger(__name__)

CARDS_DIR = asset_path("cards")

RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
JOKERS: tuple[str, ...] = ("JK_1", "JK_2")
BACKS: tuple[str, ...] = ("back_1", "back_2")
# The six further back designs (drawn by tools/make_card_backs.py as `back_DESIGN_PACK.png`), a
# preference beside the standard backs and the player's own picture.
BACK_DESIGNS: tuple[str, ...] = ("lattice", "diamonds", "rings", "stripes", "waves", "stars")
OWN_BACK = "back_own"
# The player's own picture sits in a white frame this share of the card's width.
OWN_BACK_FRAME = 1 / 14
# Why a picture cannot be a card back, whole sentences with named fields.
BACK_PICTURE_PROBLEMS: dict[str, str] = {
    "none": "No picture is chosen yet: type its file below.",
    "missing": "There is no file at {path}.",
    "unreadable": "{name} is not a picture the game can read (PNG, JPEG, BMP or GIF): {reason}",
    "tiny": "{name} is too small to make a card back of.",
}
FACE_CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS) + JOKERS
# The deck designs (User Guide 4.4.2): the standard pictures, and Large index drawn at run time.
DECK_DESIGNS: tuple[str, ...] = ("standard", "large_index")
RED_SUITS = ("H", "D")
# Size of the card art; used when no file is there to measure.
ART_SIZE = (240, 336)


class Tint(enum.Enum):
    """Colour washes the table lays over cards; values multiply the picture's RGB."""

    STOCK_DRAW = (196, 222, 255)
    FROZEN = (205, 205, 205)
    BLOCKED = (120, 120, 120)
    SELECTED = (255, 236, 150)
    NATURAL_CANASTA = (170, 232, 170)
    MIXED_CANASTA = (255, 234, 140)
    WILD_CANASTA = (200, 196, 255)


# The high-contrast theme's washes: the same hues, deeper, so each state stands further apart from
# a plain card and from the others (the card's own ink stays darker than any wash).
HIGH_CONTRAST_TINTS: dict[Tint, tuple[int, int, int]] = {
    Tint.STOCK_DRAW: (140, 190, 255),
    Tint.FROZEN: (175, 175, 175),
    Tint.BLOCKED: (95, 95, 95),
    Tint.SELECTED: (255, 222, 70),
    Tint.NATURAL_CANASTA: (120, 225, 120),
    Tint.MIXED_CANASTA: (255, 214, 70),
    Tint.WILD_CANASTA: (165, 155, 255),
}


def image_code(card: int) -> str:
    """The picture of card id `card`: its code, but a Joker has its own pack's design."""
    code = code_of(card)
    return f"JK_{CARD_PACK[card] + 1}" if code == "JK" else code


def back_code(pack: int) -> str:
    """The back picture of pack 1 or 2 (the two decks have different backs)."""
    return BACKS[(pack - 1) % len(BACKS)]


# The four-colour deck (a preference): Diamonds blue and Clubs green, so the four suits never
# depend on telling red from black or a small pip's shape. Each suit's ink and its blend into
# the white card is redrawn in the new ink; Clubs only in their darker half, so the grey card
# edge stays grey.
WHITE = (255, 255, 255)
FOUR_COLOUR_INKS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], float]] = {
    "D": ((255, 0, 0), (20, 80, 210), 0.0),
    "C": ((0, 0, 0), (0, 128, 48), 0.5),
}
RAMP_STEPS = 16
# Where a face's corner index lies on the 240x336 art (the other corner is the same, upside
# down), how tall its letter stands, and a point on the suit's pip under it (its ink).
INDEX_BOX = (6, 10, 30, 37)
INDEX_LETTER_SIZE = (24, 31)  # at most this wide, and this tall
INDEX_PIP = (20, 62)


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def relabel_index(surface: pygame.Surface, letter: str) -> pygame.Surface:
    """A copy of a court card's picture with `letter` in both corners instead of its own."""
    out = surface.copy()
    w, h = out.get_size()
    sx, sy = w / ART_SIZE[0], h / ART_SIZE[1]
    x, y, bw, bh = INDEX_BOX
    box = pygame.Rect(round(x * sx), round(y * sy), round(bw * sx), round(bh * sy))
    ink = out.get_at((round(INDEX_PIP[0] * sx), round(INDEX_PIP[1] * sy)))
    out.fill(WHITE, box)
    most = (round(INDEX_LETTER_SIZE[0] * sx), round(INDEX_LETTER_SIZE[1] * sy))
    glyph = index_glyph(letter, (ink.r, ink.g, ink.b), most)
    out.blit(glyph, glyph.get_rect(center=box.center))
    turned = pygame.transform.rotate(out.subsurface(box).copy(), 180)
    out.blit(turned, (w - box.right, h - box.bottom))
    return out


def index_glyph(letter: str, ink: tuple[int, int, int], size: tuple[int, int]) -> pygame.Surface:
    """`letter` in the bold serif of the titles, its ink as tall as `size` (narrowed to fit
    its width)."""
    most_w, height = size
    rendered = card_font("title", height * 2).render(letter, True, ink)
    ink_rect = rendered.get_bounding_rect()
    glyph = rendered.subsurface(ink_rect)
    width = min(most_w, max(1, round(ink_rect.width * height / max(1, ink_rect.height))))
    return pygame.transform.smoothscale(glyph, (width, max(1, height)))


def recolour_suit(surface: pygame.Surface, suit: str) -> pygame.Surface:
    """A copy of a card picture with the suit's ink redrawn for the four-colour deck."""
    ink, new_ink, lightest = FOUR_COLOUR_INKS[suit]
    out = surface.copy()
    pixels = pygame.PixelArray(out)
    try:
        for step in range(RAMP_STEPS, -1, -1):
            t = step / RAMP_STEPS
            if t < lightest:
                break
            pixels.replace(_mix(WHITE, ink, t), _mix(WHITE, new_ink, t), distance=0.05)
    finally:
        pixels.close()
    return out


MARK_INK = (20, 20, 60)


def draw_mark(surface: pygame.Surface, tint: Tint) -> None:
    """The pattern that tells a tinted state without its colour: drawn cards a corner flag
    (bottom left),
    selected ones a bar at the top, locked or frozen ones diagonal hatching, blocked ones
    cross-hatching, canastas a band across the middle."""
    w, h = surface.get_size()
    line = max(1, w // 30)
    if tint is Tint.STOCK_DRAW:
        size = max(6, w // 4)
        # Bottom left: the corner a fanned hand leaves in view.
        pygame.draw.polygon(surface, MARK_INK, [(0, h - 1), (0, h - size), (size, h - 1)])
    elif tint is Tint.SELECTED:
        pygame.draw.rect(surface, MARK_INK, (0, 0, w, max(3, h // 18)))
    elif tint in (Tint.FROZEN, Tint.BLOCKED):
        step = max(6, w // 6)
        for x in range(-h, w, step):
            pygame.draw.line(surface, MARK_INK, (x, h), (x + h, 0), line)
            if tint is Tint.BLOCKED:
                pygame.draw.line(surface, MARK_INK, (x, 0), (x + h, h), line)
    else:
        band = max(3, h // 14)
        pygame.draw.rect(surface, MARK_INK, (0, h // 2 - band // 2, w, band))


class BackPictureError(ValueError):
    """The player's own card back cannot be used; the message says why, in a sentence: the
    sentence of `BACK_PICTURE_PROBLEMS[kind]` with `fields` filled in (kept apart, so that a
    screen can show the sentence in the player's language)."""

    def __init__(self, kind: str, **fields: object) -> None:
        super().__init__(BACK_PICTURE_PROBLEMS[kind].format(**fields))
        self.kind = kind
        self.fields = fields


def framed_back(path: str | Path) -> pygame.Surface:
    """The picture at `path` as a card back at the card art's size: scaled to fill the card
    (the overflow of another shape cropped evenly), in a white frame, with the card's rounded
    corners and grey edge. Raises `BackPictureError` when the file is no usable picture."""
    if not str(path).strip():
        raise BackPictureError("none")
    source = Path(path).expanduser()
    if not source.is_file():
        raise BackPictureError("missing", path=source)
    try:
        picture = pygame.image.load(str(source))
    except (pygame.error, OSError, ValueError) as exc:
        raise BackPictureError("unreadable", name=source.name, reason=exc) from exc
    if min(picture.get_size()) < 8:
        raise BackPictureError("tiny", name=source.name)
    width, height = ART_SIZE
    card = pygame.Rect(0, 0, width, height)
    radius = width // 12
    frame = round(width * OWN_BACK_FRAME)
    field = card.inflate(-2 * frame, -2 * frame)
    scale = max(field.width / picture.get_width(), field.height / picture.get_height())
    size = (max(1, round(picture.get_width() * scale)), max(1, round(picture.get_height() * scale)))
    if picture.get_width() > 2 * size[0]:  # a camera's photo: roughly first, then smoothly
        picture = pygame.transform.scale(picture, (2 * size[0], 2 * size[1]))
    # Any depth (a paletted GIF too) onto 32 bits, which smooth scaling needs.
    rgba = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
    rgba.blit(picture, (0, 0))
    scaled = pygame.transform.smoothscale(rgba, size)
    crop = pygame.Rect(0, 0, *field.size)
    crop.center = (size[0] // 2, size[1] // 2)
    surface = pygame.Surface(card.size, pygame.SRCALPHA)
    pygame.draw.rect(surface, (250, 248, 240), card, border_radius=radius)
    surface.blit(scaled, field, crop)
    pygame.draw.rect(surface, (60, 60, 60), card, 2, border_radius=radius)
    return surface


class CardImages:
    """Loads the card art once and caches scaled and tinted copies.

    Loading is lazy (first use), so this can be created before the display exists; images are
    converted with `convert_alpha` only when a display mode is set, since that needs one.
    """

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else CARDS_DIR
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, Tint | None], pygame.Surface] = {}
        self._missing_logged = False
        self.four_colour = False
        # Tinted cards also carry a pattern (a preference), so no state is told by colour alone.
        self.marks = False
        self.high_contrast = False
        # The letters on the court cards' corners (game.sprites.notation.INDEX_NOTATIONS), and
        # the faces: the standard pictures or the Large index design drawn here.
        self.notation = "english"
        self.design = "standard"
        # The backs: the standard pair, one of BACK_DESIGNS, or the player's own picture.
        self.back_design = "standard"
        self._back_choice = ("standard", "", "")  # as asked for, and why it could not be
        # Goes up whenever the pictures change, so sprites know to fetch them again.
        self.version = 0

    def set_back(self, design: str, picture: str = "") -> str:
        """Use `design` for the backs ("standard", one of BACK_DESIGNS, or "own" with the
        picture file `picture`). Returns why the player's picture cannot be used ("" when it
        can); then the standard backs show."""
        if (design, picture) == self._back_choice[:2]:
            return self._back_choice[2]
        problem = ""
        self._originals.pop(OWN_BACK, None)
        chosen = (design, picture)
        if design == "own":
            try:
                self._originals[OWN_BACK] = framed_back(picture)
            except BackPictureError as exc:
                problem, design = str(exc), "standard"
        elif design not in BACK_DESIGNS:
            design = "standard"
        if design != self.back_design or design == "own":
            self._scaled.clear()
            self.version += 1
        self.back_design = design
        self._back_choice = (*chosen, problem)
        return problem

    @property
    def back_problem(self) -> str:
        """Why the chosen back could not be used ("" when it is in use)."""
        return self._back_choice[2]

    def back_code(self, pack: int) -> str:
        """The picture on the back of a card of pack 1 or 2, in the chosen design."""
        if self.back_design == "own":
            return OWN_BACK
        if self.back_design in BACK_DESIGNS:
            return f"back_{self.back_design}_{2 if pack % 2 == 0 else 1}"
        return back_code(pack)

    def set_marks(self, on: bool) -> None:
        """Patterns on tinted cards as well as the tint (colour-blind-safe marks)."""
        if on != self.marks:
            self.marks = on
            self._scaled.clear()
            self.version += 1

    def set_high_contrast(self, on: bool) -> None:
        """Deeper washes on tinted cards, for the high-contrast theme (or the usual ones)."""
        if on != self.high_contrast:
            self.high_contrast = on
            self._scaled.clear()
            self.version += 1

    def set_notation(self, notation: str) -> None:
        """Put the letters of `notation` on the corners of the Kings, Queens and Jacks."""
        if notation == self.notation:
            return
        self.notation = notation
        for code in [c for c in self._originals if c[:-1] in COURTS]:
            del self._originals[code]
        self._scaled.clear()
        self.version += 1

    def set_design(self, design: str) -> None:
        """The faces of DECK_DESIGNS: "standard" (the pictures) or "large_index"."""
        if design == self.design:
            return
        self.design = design
        for code in [c for c in self._originals if c in FACE_CODES]:
            del self._originals[code]
        self._scaled.clear()
        self.version += 1

    def set_four_colour(self, on: bool) -> None:
        """Diamonds blue and Clubs green (or back to red and black)."""
        if on == self.four_colour:
            return
        self.four_colour = on
        for code in [c for c in self._originals if c[-1] in FOUR_COLOUR_INKS]:
            del self._originals[code]
        self._scaled.clear()
        self.version += 1

    # -- originals ---------------------------------------------------------------------------
    def original(self, code: str) -> pygame.Surface:
        surface = self._originals.get(code)
        if surface is None:
            surface = self._load(code)
            self._originals[code] = surface
        return surface

    def _load(self, code: str) -> pygame.Surface:
        if self.design == "large_index" and code in FACE_CODES:
            surface = draw_face(code, court_letter(code[:-1], self.notation), ART_SIZE)
            return self._finished(surface, code)
        path = self.directory / f"{code}.png"
        try:
            surface = pygame.image.load(path)
        except (pygame.error, FileNotFoundError, OSError) as exc:
            if not self._missing_logged:
                log.warning("card picture %s unusable (%s); drawing plain cards instead", path, exc)
                self._missing_logged = True
            surface = self._placeholder(code)
        else:
            letter = court_letter(code[:-1], self.notation)
            if code in FACE_CODES and letter != code[:-1]:
                surface = relabel_index(surface, letter)
        return self._finished(surface, code)

    def _finished(self, surface: pygame.Surface, code: str) -> pygame.Surface:
        """A loaded or drawn picture made ready: converted for the display, four-coloured."""
        if pygame.display.get_surface() is not None:
            surface = surface.convert_alpha()
        if self.four_colour and code in FACE_CODES and code[-1] in FOUR_COLOUR_INKS:
            surface = recolour_suit(surface, code[-1])
        return surface

    def _art_size(self) -> tuple[int, int]:
        for surface in self._originals.values():
            return surface.get_size()
        return ART_SIZE

    def _placeholder(self, code: str) -> pygame.Surface:
        """A simple, readable card for when the art is missing."""
        width, height = self._art_size()
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        radius = width // 12
        card = pygame.Rect(0, 0, width, height)
        if code.startswith("back"):
            colour = (150, 30, 40) if code.endswith("1") else (30, 60, 140)
            pygame.draw.rect(surface, (250, 248, 240), card, border_radius=radius)
            inner = card.inflate(-width // 8, -width // 8)
            pygame.draw.rect(surface, colour, inner, border_radius=radius // 2)
            step = max(6, width // 12)
            lighter = tuple(min(255, c + 40) for c in colour)
            for offset in range(-inner.height, inner.width, step):
                pygame.draw.line(
                    surface,
                    lighter,
                    (inner.left + max(0, offset), inner.top + max(0, -offset)),
                    (
                        inner.left + min(inner.width, offset + inner.height) - 1,
                        inner.top + min(inner.height, inner.width - offset) - 1,
                    ),
                    2,
                )
            pygame.draw.rect(surface, (40, 40, 40), card, 2, border_radius=radius)
            return surface
        pygame.draw.rect(surface, (252, 250, 244), card, border_radius=radius)
        pygame.draw.rect(surface, (60, 60, 60), card, 2, border_radius=radius)
        if code in JOKERS:
            rank, colour = "JOKER", (150, 30, 120)
        else:
            rank, suit = court_letter(code[:-1], self.notation), code[-1]
            colour = (190, 20, 30) if suit in RED_SUITS else (20, 20, 20)
        if pygame.font.get_init():
            label = pygame.font.Font(None, height // 5).render(rank, True, colour)
            surface.blit(label, (width // 14, height // 24))
        # Suit glyphs are not in every font, so suits are drawn shapes.
        self._draw_pip(
            surface, code, (width // 8 + 4, height // 4 + height // 16), width // 12, colour
        )
        self._draw_pip(surface, code, card.center, width // 5, colour)
        return surface

    @staticmethod
    def _draw_pip(
        surface: pygame.Surface,
        code: str,
        centre: tuple[int, int],
        size: int,
        colour: tuple[int, int, int],
    ) -> None:
        x, y = centre
        suit = code[-1] if code not in JOKERS else "J"
        if suit == "D":
            pygame.draw.polygon(
                surface,
                colour,
                [(x, y - size), (x + size * 3 // 4, y), (x, y + size), (x - size * 3 // 4, y)],
            )
        elif suit == "H":
            pygame.draw.circle(surface, colour, (x - size // 2, y - size // 4), size // 2)
            pygame.draw.circle(surface, colour, (x + size // 2, y - size // 4), size // 2)
            pygame.draw.polygon(
                surface,
                colour,
                [(x - size, y - size // 8), (x + size, y - size // 8), (x, y + size)],
            )
        elif suit == "S":
            pygame.draw.circle(surface, colour, (x - size // 2, y + size // 8), size // 2)
            pygame.draw.circle(surface, colour, (x + size // 2, y + size // 8), size // 2)
            pygame.draw.polygon(surface, colour, [(x - size, y), (x + size, y), (x, y - size)])
            pygame.draw.rect(surface, colour, (x - size // 8, y, size // 4, size))
        elif suit == "C":
            for dx, dy in ((0, -size // 2), (-size // 2, size // 6), (size // 2, size // 6)):
                pygame.draw.circle(surface, colour, (x + dx, y + dy), size // 2)
            pygame.draw.rect(surface, colour, (x - size // 8, y, size // 4, size))
        else:
            pygame.draw.circle(surface, colour, (x, y), size // 2)

    def preload(self) -> None:
        """Load every face and back now (for example behind a loading screen)."""
        for code in FACE_CODES + BACKS:
            self.original(code)

    # -- scaled and tinted copies -----------------------------------------------------------
    def size_for(self, height: int) -> tuple[int, int]:
        width, art_height = self.original(BACKS[0]).get_size()
        return (max(1, round(width * height / art_height)), max(1, int(height)))

    def image(self, code: str, height: int, tint: Tint | None = None) -> pygame.Surface:
        """`code` scaled to `height` pixels, optionally tinted; cached, do not modify."""
        height = max(1, int(height))
        key = (code, height, tint)
        cached = self._scaled.get(key)
        if cached is not None:
            return cached
        if tint is not None:
            surface = self.image(code, height).copy()
            # Multiply RGB only, so rounded transparent corners stay transparent.
            wash = HIGH_CONTRAST_TINTS[tint] if self.high_contrast else tint.value
            surface.fill(wash, special_flags=pygame.BLEND_RGB_MULT)
            if self.marks:
                draw_mark(surface, tint)
        else:
            original = self.original(code)
            size = (max(1, round(original.get_width() * height / original.get_height())), height)
            surface = (
                original
                if size == original.get_size()
                else pygame.transform.smoothscale(original, size)
            )
        self._scaled[key] = surface
        return surface

    def back(self, pack: int, height: int, tint: Tint | None = None) -> pygame.Surface:
        return self.image(self.back_code(pack), height, tint)

    def clear_scaled(self) -> None:
        """Forget scaled copies (call when the card height or resolution changes)."""
        self._scaled.clear()

    def cache_size(self) -> int:
        return len(self._scaled)


class CardSprite(pygame.sprite.Sprite):
    """One card on the table.

    Position is `rect` (an `FRect`, so slow tweens do not stutter from rounding); `x`, `y` and
    `pos` are properties tweens can animate. `flip_scale` (1 = full width, 0 = edge on) is what
    the flip animation drives; the picture is rebuilt only when something visible changes.
    """

    rect: pygame.FRect

    def __init__(
        self,
        images: CardImages,
        code: str,
        *,
        pack: int = 1,
        face_up: bool = False,
        height: int = 120,
        pos: tuple[float, float] = (0.0, 0.0),
        layer: int = 0,
        tint: Tint | None = None,
    ) -> None:
        self._layer = layer
        super().__init__()
        self.images = images
        self.code = code
        self.pack = pack
        self._face_up = face_up
        self._height = int(height)
        self._tint = tint
        self._flip_scale = 1.0
        self._crosswise = False
        width, height_px = images.size_for(self._height)
        self.rect = pygame.FRect(pos[0], pos[1], width, height_px)
        self.image: pygame.Surface = self._picture()
        self._squashed: pygame.Surface | None = None
        # Cards deep inside the stock or the pile are not drawn: only their top shows anyway.
        self.shown = True

    # -- tweenable position -----------------------------------------------------------------
    @property
    def x(self) -> float:
        return self.rect.x

    @x.setter
    def x(self, value: float) -> None:
        self.rect.x = value

    @property
    def y(self) -> float:
        return self.rect.y

    @y.setter
    def y(self, value: float) -> None:
        self.rect.y = value

    @property
    def pos(self) -> tuple[float, float]:
        return (self.rect.x, self.rect.y)

    @pos.setter
    def pos(self, value: tuple[float, float]) -> None:
        self.rect.topleft = value

    # -- appearance -------------------------------------------------------------------------
    @property
    def face_up(self) -> bool:
        return self._face_up

    @face_up.setter
    def face_up(self, value: bool) -> None:
        if value != self._face_up:
            self._face_up = value
            self._refresh()

    @property
    def tint(self) -> Tint | None:
        return self._tint

    @tint.setter
    def tint(self, value: Tint | None) -> None:
        if value != self._tint:
            self._tint = value
            self._refresh()

    @property
    def height(self) -> int:
        return self._height

    @height.setter
    def height(self, value: int) -> None:
        value = int(value)
        if value != self._height:
            self._height = value
            self._resize()
            self._refresh()

    @property
    def crosswise(self) -> bool:
        """Turned a quarter, lying across (the card that froze the pile, under it)."""
        return self._crosswise

    @crosswise.setter
    def crosswise(self, value: bool) -> None:
        if value != self._crosswise:
            self._crosswise = value
            self._resize()
            self._refresh()

    def _resize(self) -> None:
        centre = self.rect.center
        width, height = self.images.size_for(self._height)
        self.rect.size = (height, width) if self._crosswise else (width, height)
        self.rect.center = centre

    @property
    def flip_scale(self) -> float:
        return self._flip_scale

    @flip_scale.setter
    def flip_scale(self, value: float) -> None:
        value = min(1.0, max(0.0, value))
        if value != self._flip_scale:
            self._flip_scale = value
            self._refresh()

    def _picture(self) -> pygame.Surface:
        if self._face_up:
            return self.images.image(self.code, self._height, self._tint)
        return self.images.back(self.pack, self._height, self._tint)

    def _refresh(self) -> None:
        picture = self._picture()
        if self._crosswise:
            # across the pile, face up: no flip is played on it
            self.image = pygame.transform.rotate(picture, 90)
            return
        if self._flip_scale >= 1.0:
            self.image = picture
            return
        # Same-sized transparent frame so `rect` (position, hit area) is untouched by the flip.
        if self._squashed is None or self._squashed.get_size() != picture.get_size():
            self._squashed = pygame.Surface(picture.get_size(), pygame.SRCALPHA)
        self._squashed.fill((0, 0, 0, 0))
        width = round(picture.get_width() * self._flip_scale)
        if width > 0:
            narrow = pygame.transform.smoothscale(picture, (width, picture.get_height()))
            self._squashed.blit(narrow, ((picture.get_width() - width) // 2, 0))
        self.image = self._squashed

    def reload(self) -> None:
        """Pick up new pictures after `CardImages.clear_scaled()` (resolution change)."""
        self._resize()
        self._refresh()

    # -- animations -------------------------------------------------------------------------
    def flip(self, animator: Animator | None = None, duration: float = 0.3) -> Animation:
        """Turn the card over: squash to its edge, change side, open up again."""
        half = duration / 2
        animation = TweenSequence(
            Tween(self, half, easing=in_sine, flip_scale=0.0),
            Call(lambda: setattr(self, "face_up", not self._face_up)),
            Tween(self, half, easing=out_sine, flip_scale=1.0),
        )
        if animator is not None:
            animator.add(animation)
        return animation

    def move_to(
        self,
        pos: tuple[float, float],
        duration: float,
        animator: Animator | None = None,
        **kwargs: object,
    ) -> Tween:
        """Glide to `pos` (top-left) over `duration` seconds."""
        tween = Tween(self, duration, pos=(float(pos[0]), float(pos[1])), **kwargs)  # type: ignore[arg-type]
        if animator is not None:
            animator.cancel_target(self)
            animator.add(tween)
        return tween
