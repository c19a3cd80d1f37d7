"""The look of the game: card-table colours, fonts, cached text and the felt background.

A `Theme` is made for one screen resolution. Sizes are given as they should look on a
1280x720 screen and scaled (`theme.px`) so a 1920x1080 screen gets larger, equally readable
text. Fonts are the game's own (DejaVu: a serif for titles, a sans for everything else, from
`game.resources`); without them a system font is looked for, then pygame's built-in one.
Rendered text, panels and the felt are cached: drawing a frame only blits. `fit` is the one way
text is cut to a width (with an ellipsis); a `TextLog` attached with `record` hears of every cut
and of every text and panel made, for the layout check (`game.ui.text_log`).
Two palettes exist: the card table's greens and golds, and a high-contrast one (near-black felt
and panels, white text, yellow rules, a cyan focus ring); the player's own felt, panel and text
colours go into either (`palette`), kept as far apart as the palette promises. `use_palette`
swaps the module's colour names in place, so everything that reads `th.CREAM` at draw time
follows at once; `Theme` drops its caches when the palette changes.
"""

from __future__ import annotations

import functools
import io
import logging
import random
from collections import OrderedDict
from collections.abc import Iterable
from typing import cast

import pygame

from game.resources import font_path
from game.ui.glyphs import FontChain
from game.ui.rtl import visual_order
from game.ui.text_log import TextLog

log = logging.getLogger(__name__)

Colour = tuple[int, int, int] | tuple[int, int, int, int]

# Card-table palette.
FELT = (28, 104, 60)
FELT_DARK = (9, 46, 26)
CREAM = (246, 238, 214)
CREAM_DIM = (206, 196, 168)
GOLD = (214, 176, 84)
GOLD_LIGHT = (246, 214, 128)
GOLD_DARK = (150, 116, 44)
INK = (24, 30, 24)
PANEL = (10, 36, 22, 226)
PANEL_LIGHT = (22, 62, 38, 236)
BUTTON = (20, 70, 42)
BUTTON_HOVER = (30, 92, 56)
BUTTON_PRESSED = (14, 52, 31)
DISABLED_TEXT = (128, 140, 122)
DISABLED_FILL = (24, 50, 34)
SHADOW = (0, 0, 0, 110)
FOCUS = GOLD_LIGHT
ERROR = (232, 120, 96)
SELECTION = (70, 110, 170)
WIN = (132, 214, 120)
LOSS = (236, 128, 104)
# Lists: the chosen row (brighter while the list has the keyboard) and every other row.
ROW_SELECTED = (60, 110, 72)
ROW_SELECTED_IDLE = (40, 80, 52)
ROW_STRIPE = (18, 56, 34)

# The colour names a palette sets, and the high-contrast values (WCAG AAA: text on the felt and on
# panels is above 15:1; the rules and the focus ring stand out from both).
PALETTE_NAMES: tuple[str, ...] = (
    "FELT", "FELT_DARK", "CREAM", "CREAM_DIM", "GOLD", "GOLD_LIGHT", "GOLD_DARK", "INK",
    "PANEL", "PANEL_LIGHT", "BUTTON", "BUTTON_HOVER", "BUTTON_PRESSED", "DISABLED_TEXT",
    "DISABLED_FILL", "SHADOW", "FOCUS", "ERROR", "SELECTION", "WIN", "LOSS",
    "ROW_SELECTED", "ROW_SELECTED_IDLE", "ROW_STRIPE",
)  # fmt: skip
STANDARD_PALETTE: dict[str, Colour] = {name: globals()[name] for name in PALETTE_NAMES}
HIGH_CONTRAST_PALETTE: dict[str, Colour] = {
    "FELT": (6, 22, 12),
    "FELT_DARK": (0, 0, 0),
    "CREAM": (255, 255, 255),
    "CREAM_DIM": (230, 230, 230),
    "GOLD": (255, 221, 0),
    "GOLD_LIGHT": (255, 255, 90),
    "GOLD_DARK": (214, 170, 0),
    "INK": (0, 0, 0),
    "PANEL": (0, 0, 0, 250),
    "PANEL_LIGHT": (16, 16, 16, 252),
    "BUTTON": (0, 0, 0),
    "BUTTON_HOVER": (0, 40, 110),
    "BUTTON_PRESSED": (0, 20, 70),
    "DISABLED_TEXT": (175, 175, 175),
    "DISABLED_FILL": (36, 36, 36),
    "SHADOW": (0, 0, 0, 0),
    "FOCUS": (0, 255, 255),
    "ERROR": (255, 120, 100),
    "SELECTION": (0, 100, 255),
    "WIN": (120, 255, 120),
    "LOSS": (255, 150, 130),
    "ROW_SELECTED": (0, 80, 200),
    "ROW_SELECTED_IDLE": (0, 45, 120),
    "ROW_STRIPE": (26, 26, 26),
}
# The player's colours (User Guide 4.4.4), by the names `game.settings` stores: the table's felt,
# the panels (and the buttons and rows drawn in their shade) and the text. The first of each is
# the palette's own.
FELT_COLOURS: dict[str, tuple[int, int, int]] = {
    "green": (28, 104, 60),
    "blue": (26, 66, 120),
    "teal": (20, 96, 100),
    "burgundy": (110, 28, 40),
    "brown": (96, 66, 38),
    "purple": (72, 42, 104),
    "grey": (70, 76, 80),
}
PANEL_COLOURS: dict[str, tuple[int, int, int]] = {
    "green": (10, 36, 22),
    "navy": (10, 20, 50),
    "black": (12, 12, 12),
    "burgundy": (46, 10, 18),
    "brown": (42, 28, 14),
}
TEXT_COLOURS: dict[str, tuple[int, int, int]] = {
    "cream": (246, 238, 214),
    "white": (255, 255, 255),
    "yellow": (255, 236, 140),
    "light_blue": (200, 225, 255),
}
# The panel's shades, as multiples of the panel colour (the standard palette's own proportions).
_PANEL_SHADES: dict[str, float] = {
    "PANEL_LIGHT": 2.0,
    "BUTTON": 2.3,
    "BUTTON_HOVER": 3.0,
    "BUTTON_PRESSED": 1.7,
    "DISABLED_FILL": 1.9,
    "ROW_SELECTED": 3.6,
    "ROW_SELECTED_IDLE": 2.6,
    "ROW_STRIPE": 1.6,
}
# How far text must stand out from the felt and the panels: WCAG AA, and AAA well past 7:1 in
# high contrast (the high-contrast palette's own figure).
TEXT_CONTRAST = 4.5
HIGH_TEXT_CONTRAST = 15.0
high_contrast = False
_colours_in_use: tuple[bool, str, str, str] = (False, "green", "green", "cream")


def luminance(colour: Colour) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first: Colour, second: Colour) -> float:
    """The WCAG contrast ratio of two colours, from 1 to 21."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _scaled(colour: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    r, g, b = (min(255, round(v * factor)) for v in colour)
    return (r, g, b)


def _darkened_to(colour: tuple[int, int, int], text: Colour, ratio: float) -> tuple[int, int, int]:
    """`colour`, darker step by step (keeping its hue) until `text` stands out `ratio` to 1."""
    while contrast(colour, text) < ratio and any(colour):
        colour = _scaled(colour, 0.85)
    return colour


def mix(first: Colour, second: Colour, share: float) -> tuple[int, int, int]:
    """`first` with `share` (0 to 1) of `second` mixed in (opaque: alphas are ignored)."""
    r, g, b = (round(a + (b - a) * share) for a, b in zip(first[:3], second[:3], strict=True))
    return (r, g, b)


def _lightened(colour: tuple[int, int, int], share: float) -> tuple[int, int, int]:
    return mix(colour, (255, 255, 255), share)


def palette(high: bool, felt: str, panel: str, text: str) -> dict[str, Colour]:
    """The colours of the standard or high-contrast palette with the player's felt, panel and
    text colours in it. A colour left at its first choice keeps the palette's own value; a chosen
    one is darkened (felt, panels) or lightened (text, in high contrast) as far as it takes for
    the text to stand out as the palette promises."""
    colours: dict[str, Colour] = dict(HIGH_CONTRAST_PALETTE if high else STANDARD_PALETTE)
    ratio = HIGH_TEXT_CONTRAST if high else TEXT_CONTRAST
    if text != "cream" and text in TEXT_COLOURS:
        chosen = TEXT_COLOURS[text]
        if high:
            chosen = _lightened(chosen, 0.5)
        colours["CREAM"] = chosen
        colours["CREAM_DIM"] = _scaled(chosen, 0.9 if high else 0.84)
    ink = colours["CREAM"]
    if felt != "green" and felt in FELT_COLOURS:
        cloth = _darkened_to(FELT_COLOURS[felt], ink, ratio)
        colours["FELT"] = cloth
        colours["FELT_DARK"] = _scaled(cloth, 0.33)
    if panel != "green" and panel in PANEL_COLOURS:
        shade = _darkened_to(PANEL_COLOURS[panel], ink, ratio)
        alpha = colours["PANEL"][3] if len(colours["PANEL"]) == 4 else 226
        colours["PANEL"] = (*shade, alpha)
        for name, factor in _PANEL_SHADES.items():
            # In high contrast the rows and buttons stay as dark as the panel; the palette's
            # own highlights (hover, selection) are kept.
            if not high:
                colours[name] = _darkened_to(_scaled(shade, factor), ink, ratio)
            elif name in ("PANEL_LIGHT", "BUTTON", "DISABLED_FILL", "ROW_STRIPE"):
                colours[name] = _darkened_to(_scaled(shade, 1.3), ink, ratio)
    return colours


def use_palette(high: bool, felt: str = "green", panel: str = "green", text: str = "cream") -> bool:
    """Switch every colour name of this module to the high-contrast or standard palette with
    the player's felt, panel and text colours; returns whether anything changed."""
    global high_contrast, _colours_in_use
    wanted = (high, felt, panel, text)
    if wanted == _colours_in_use:
        return False
    _colours_in_use = wanted
    high_contrast = high
    globals().update(palette(high, felt, panel, text))
    return True


BASE_HEIGHT = 720

# Preferred installed fonts, best first; pygame.font.match_font accepts several names.
TITLE_FONTS = (
    "dejavuserif",
    "georgia",
    "palatinolinotype",
    "bookantiqua",
    "liberationserif",
    "timesnewroman",
    "times",
)
UI_FONTS = (
    "dejavusans",
    "segoeui",
    "helveticaneue",
    "helvetica",
    "arial",
    "liberationsans",
    "freesans",
)
UI_BOLD_FONTS = UI_FONTS


@functools.cache
def _font_file(path: str) -> bytes:
    """A font file's bytes, read once for the whole run."""
    with open(path, "rb") as file:
        return file.read()


def font_source(path: str | None) -> io.BytesIO | None:
    """What a font at `path` is made from: the file's bytes in memory, so that no font holds
    its file open (a font alive when pygame quits never closes it, and descriptors numbered
    above 1023 are out of reach of the lobby's `select`); None is pygame's own font."""
    return None if path is None else io.BytesIO(_font_file(path))


class FontBook:
    """Finds font files once and keeps one `pygame.font.Font` per (role, size, bold)."""

    def __init__(self) -> None:
        self._paths: dict[str, str | None] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}
        self._chains: dict[tuple[str, int], FontChain] = {}

    def _path(self, role: str) -> str | None:
        if role not in self._paths:
            names = {"title": TITLE_FONTS, "ui": UI_FONTS, "bold": UI_BOLD_FONTS}.get(
                role, UI_FONTS
            )
            bold = role in ("title", "bold", "bold_italic")
            # Running totals on the scoresheet are set in italics, as on a paper scoresheet.
            italic = role in ("italic", "bold_italic")
            bundled = font_path(role)
            path = str(bundled) if bundled is not None else None
            try:
                if path is None:
                    path = pygame.font.match_font(",".join(names), bold=bold, italic=italic)
            except Exception as exc:  # font discovery shells out on some systems; never fatal
                log.info("system font lookup failed (%s); using the built-in font", exc)
            self._paths[role] = path
        return self._paths[role]

    def get(self, role: str, size: int) -> pygame.font.Font:
        key = (role, size)
        font = self._fonts.get(key)
        if font is None:
            path = self._path(role)
            try:
                font = pygame.font.Font(font_source(path), size)
            except (OSError, pygame.error):
                font = pygame.font.Font(None, size)
            self._fonts[key] = font
        return font

    def chain(self, role: str, size: int) -> FontChain:
        """The font of `role` at `size`, then the plain sans and the bundled symbols font, for
        the characters it has no glyph for (`game.ui.glyphs`)."""
        key = (role, size)
        chain = self._chains.get(key)
        if chain is None:
            fonts = [(self.get(role, size), self._path(role) or role)]
            if role != "ui":
                fonts.append((self.get("ui", size), self._path("ui") or "ui"))
            symbols = font_path("symbols")
            cards = None
            if symbols is not None:
                fonts.append((self.get("symbols", size), str(symbols)))
                cards = (self.get("symbols", round(size * CARD_SYMBOL_SCALE)), str(symbols))
            chain = self._chains[key] = FontChain(fonts, cards)
        return chain


# The symbols font draws its playing cards (🃏) small for its size: they are drawn this much larger.
CARD_SYMBOL_SCALE = 1.5

# Where a word too long for its line (a file path) is best cut: after one of these.
PATH_SEPARATORS = ("/", "\\", "-", "_", ".")


class Theme:
    """Palette, scaled fonts and caches for one resolution."""

    TEXT_CACHE_LIMIT = 512
    # How many measured texts (wrapped, cut, sized to fit) are kept before the memo starts over.
    MEASURE_CACHE_LIMIT = 2048

    def __init__(self, size: tuple[int, int], fonts: FontBook | None = None) -> None:
        self.fonts = fonts or FontBook()
        self._text: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        # What `wrap`, `fit` and `size_to_fit` worked out, by their arguments: the table and the
        # records draw the same texts every frame and need not measure them again.
        self._measured: dict[tuple[object, ...], object] = {}
        self._felt: pygame.Surface | None = None
        self._panels: dict[tuple[object, ...], pygame.Surface] = {}
        self.size = size
        self.scale = size[1] / BASE_HEIGHT
        self.log: TextLog | None = None

    def record(self, log: TextLog | None) -> None:
        """Tell `log` of every text and panel made from now on and of whatever does not fit
        (None: stop); the caches are emptied so nothing made before slips past it."""
        self.log = log
        self._text.clear()
        self._panels.clear()
        self._measured.clear()

    def misfit(self, text: str, how: str) -> None:
        """`text` had to be cut, squeezed or shrunk to fit (told to the log, if one listens)."""
        if self.log is not None:
            self.log.misfit(text, how)

    def _remember(self, key: tuple[object, ...], value: object) -> None:
        if len(self._measured) >= self.MEASURE_CACHE_LIMIT:
            self._measured.clear()
        self._measured[key] = value

    def fit(self, text: str, size: int, width: int, role: str = "ui") -> str:
        """`text`, cut with an ellipsis where it is wider than `width` pixels (worked out once
        for each text and width: the text log hears of a cut when it is made)."""
        key = ("fit", text, size, width, role)
        shown = cast("str | None", self._measured.get(key))
        if shown is None:
            shown = self._fit(text, size, width, role)
            self._remember(key, shown)
        return shown

    def _fit(self, text: str, size: int, width: int, role: str) -> str:
        font = self.font(size, role)
        if font.size(text)[0] <= width:
            return text
        shown = text
        while shown and font.size(shown + "\u2026")[0] > width:
            shown = shown[:-1]
        self.misfit(text, f"cut to {width} px with an ellipsis")
        return shown.rstrip() + "\u2026"

    def size_to_fit(
        self, text: str, size: int, width: int, role: str = "ui", smallest: int | None = None
    ) -> int:
        """The largest text size from `size` down to `smallest` (two thirds of it unless told)
        at which `text` is no wider than `width` pixels; `smallest` where none is."""
        low = smallest if smallest is not None else max(8, round(size * 2 / 3))
        key = ("size_to_fit", text, size, width, role, low)
        found = cast("int | None", self._measured.get(key))
        if found is None:
            found = self._size_to_fit(text, size, width, role, low)
            self._remember(key, found)
        return found

    def _size_to_fit(self, text: str, size: int, width: int, role: str, low: int) -> int:
        for candidate in range(size, low - 1, -1):
            if self.font(candidate, role).size(text)[0] <= width:
                return candidate
        return low

    def resize(self, size: tuple[int, int]) -> None:
        if size == self.size:
            return
        self.size = size
        self.scale = size[1] / BASE_HEIGHT
        self._text.clear()
        self._panels.clear()
        self._measured.clear()
        self._felt = None

    def set_palette(
        self, high: bool, felt: str = "green", panel: str = "green", text: str = "cream"
    ) -> bool:
        """Use the high-contrast palette (or the standard one) with the player's colours;
        returns whether it changed, in which case every cached text, panel and the felt are
        drawn afresh."""
        changed = use_palette(high, felt, panel, text)
        if changed:
            self._text.clear()
            self._panels.clear()
            self._felt = None
        return changed

    def px(self, value: float) -> int:
        """A length designed at 720 pixels high, for this screen."""
        return max(1, round(value * self.scale))

    def font(self, size: int, role: str = "ui") -> pygame.font.Font:
        return self.fonts.get(role, self.px(size))

    # -- text ------------------------------------------------------------------------------
    def text(
        self, text: str, size: int = 22, colour: Colour | None = None, role: str = "ui"
    ) -> pygame.Surface:
        """Rendered text, cached by content and style (least recently used dropped first);
        the palette's text colour unless told."""
        colour = CREAM if colour is None else colour
        key = (text, size, colour, role)
        surface = self._text.get(key)
        if surface is not None:
            self._text.move_to_end(key)
            return surface
        surface = self.fonts.chain(role, self.px(size)).render(visual_order(text), True, colour)
        self._text[key] = surface
        if self.log is not None:
            self.log.rendered(surface, text)
        if len(self._text) > self.TEXT_CACHE_LIMIT:
            self._text.popitem(last=False)
        return surface

    def shadowed_text(
        self,
        text: str,
        size: int,
        colour: Colour | None = None,
        role: str = "ui",
        offset: int = 2,
    ) -> pygame.Surface:
        """Text with a soft drop shadow, for titles on the felt; cached like `text`."""
        colour = CREAM if colour is None else colour
        key = ("shadow", text, size, colour, role, offset)
        surface = self._text.get(key)
        if surface is not None:
            self._text.move_to_end(key)
            return surface
        front = self.text(text, size, colour, role)
        back = self.fonts.chain(role, self.px(size)).render(visual_order(text), True, (0, 0, 0))
        back.set_alpha(120)
        off = self.px(offset)
        surface = pygame.Surface(
            (front.get_width() + off, front.get_height() + off), pygame.SRCALPHA
        )
        surface.blit(back, (off, off))
        surface.blit(front, (0, 0))
        self._text[key] = surface
        if self.log is not None:
            self.log.rendered(surface, text)
        return surface

    def wrap(self, text: str, size: int, width: int, role: str = "ui") -> list[str]:
        """Split `text` into lines no wider than `width` pixels (explicit newlines kept);
        worked out once for each text and width."""
        key = ("wrap", text, size, width, role)
        lines = cast("tuple[str, ...] | None", self._measured.get(key))
        if lines is None:
            lines = tuple(self._wrap(text, size, width, role))
            self._remember(key, lines)
        return list(lines)

    def _wrap(self, text: str, size: int, width: int, role: str) -> list[str]:
        font = self.font(size, role)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            words: list[str] = []
            for word in paragraph.split(" "):
                # A word wider than the line (a file path) is cut into pieces that fit, after a
                # separator where one lies in the piece's last two thirds ("…/share/", "canasta").
                while font.size(word)[0] > width and len(word) > 1:
                    cut = len(word) - 1
                    while cut > 1 and font.size(word[:cut])[0] > width:
                        cut -= 1
                    separator = max(word.rfind(mark, 0, cut) for mark in PATH_SEPARATORS)
                    if separator >= cut // 3:
                        cut = separator + 1
                    words.append(word[:cut])
                    word = word[cut:]
                words.append(word)
            line = ""
            for word in words:
                candidate = word if not line else f"{line} {word}"
                if font.size(candidate)[0] <= width or not line:
                    line = candidate
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines

    # -- surfaces --------------------------------------------------------------------------
    def felt(self) -> pygame.Surface:
        """The table: green felt with a faint weave and a darker rim (vignette)."""
        if self._felt is None:
            self._felt = make_felt(self.size)
        return self._felt

    def panel(
        self,
        size: tuple[int, int],
        *,
        fill: Colour | None = None,
        border: Colour | None = None,
        radius: int = 14,
        border_width: int = 2,
        shadow: bool = True,
    ) -> pygame.Surface:
        """A rounded translucent panel with a gold rule and a soft shadow; cached by look.
        The palette's panel and rule colours unless told."""
        fill = PANEL if fill is None else fill
        border = GOLD if border is None else border
        key = (size, fill, border, radius, border_width, shadow)
        surface = self._panels.get(key)
        if surface is None:
            surface = make_panel(
                size,
                fill=fill,
                border=border,
                radius=self.px(radius),
                border_width=max(1, self.px(border_width)),
                shadow=self.px(6) if shadow else 0,
            )
            self._panels[key] = surface
            if self.log is not None:
                self.log.panel(surface, size)
        return surface

    def panel_margin(self, shadow: bool = True) -> int:
        """Extra pixels around a panel surface taken by its shadow."""
        return self.px(6) if shadow else 0


def make_felt(size: tuple[int, int], seed: int = 7) -> pygame.Surface:
    """Build the felt once per resolution; fixed seed so screenshots are repeatable."""
    width, height = size
    surface = pygame.Surface(size)
    surface.fill(FELT)
    rng = random.Random(seed)
    # Weave: a small noise tile multiplied over the whole table (255 = unchanged), so the
    # felt has texture without a visible pattern at normal viewing distance.
    tile = pygame.Surface((96, 96))
    for y in range(96):
        for x in range(96):
            v = min(255, 238 + rng.randint(-12, 12) + (6 if (x + 2 * y) % 5 == 0 else 0))
            tile.set_at((x, y), (v, v, v))
    layer = pygame.Surface(size)
    for y in range(0, height, 96):
        for x in range(0, width, 96):
            layer.blit(tile, (x, y))
    surface.blit(layer, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    _apply_vignette(surface)
    return surface


def _apply_vignette(surface: pygame.Surface) -> None:
    width, height = surface.get_size()
    small_w, small_h = 64, 36
    shade = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        for x in range(small_w):
            dx = (x + 0.5) / small_w * 2 - 1
            dy = (y + 0.5) / small_h * 2 - 1
            d = min(1.0, (dx * dx * 0.85 + dy * dy) ** 0.5 / 1.25)
            # 255 in the middle falling to ~45% at the corners, eased so the rim is gentle.
            v = int(255 * (1.0 - 0.55 * d**2.2))
            shade.set_at((x, y), (v, v, v))
    surface.blit(
        pygame.transform.smoothscale(shade, (width, height)),
        (0, 0),
        special_flags=pygame.BLEND_RGB_MULT,
    )


def make_panel(
    size: tuple[int, int],
    *,
    fill: Colour,
    border: Colour,
    radius: int,
    border_width: int,
    shadow: int,
) -> pygame.Surface:
    width, height = size
    surface = pygame.Surface((width + shadow, height + shadow), pygame.SRCALPHA)
    if shadow:
        shade = pygame.Surface((width + shadow, height + shadow), pygame.SRCALPHA)
        pygame.draw.rect(shade, SHADOW, (shadow, shadow, width, height), border_radius=radius)
        # Soften the shadow's edge by scaling down and up.
        small = pygame.transform.smoothscale(
            shade, (max(1, (width + shadow) // 4), max(1, (height + shadow) // 4))
        )
        surface.blit(pygame.transform.smoothscale(small, (width + shadow, height + shadow)), (0, 0))
    body = pygame.Rect(0, 0, width, height)
    panel = pygame.Surface((width, height), pygame.SRCALPHA)
    pygame.draw.rect(panel, fill, body, border_radius=radius)
    if border_width:
        pygame.draw.rect(panel, border, body, border_width, border_radius=radius)
    surface.blit(panel, (0, 0))
    return surface


def blit_centered(
    target: pygame.Surface, surface: pygame.Surface, centre: tuple[float, float]
) -> pygame.Rect:
    return target.blit(surface, surface.get_rect(center=(round(centre[0]), round(centre[1]))))


def union_all(rects: Iterable[pygame.Rect]) -> pygame.Rect:
    rects = list(rects)
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)
