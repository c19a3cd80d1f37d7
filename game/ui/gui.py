"""pygame_gui, dressed like the card table: the one theme of every pygame_gui widget in the game.

`theme_dict` gives text boxes, lists, buttons and sliders the game's DejaVu fonts (which draw the
suit symbols ♠ ♥ ♦ ♣) and the felt-and-gold palette of `game.ui.theme`; text entry lines are
cream paper with ink and a gold rule, as a scorepad on the felt. Colours are read from the palette
when the theme is made, so a manager made after the switch to high contrast wears it. Sizes are
given as they look at 720 pixels high and scaled like the rest of the game. `make_manager` makes
a `UIManager` for one screen size with this theme; the help, tutorial and explore screens build
on one, and every text field (`game.ui.text_entry`) carries its own.
"""

from __future__ import annotations

import warnings

import pygame
import pygame_gui
from pygame_gui.core.gui_font_pygame import GUIFontPygame

from game.resources import font_path
from game.ui import theme as th
from game.ui.glyphs import FontChain

FONT_NAME = "dejavu"
BODY_SIZE = 16
ELEMENTS = (
    "text_box",
    "button",
    "label",
    "selection_list.@selection_list_item",
    "horizontal_slider",
)
# A text field is paper on the felt in both palettes: ink on cream reads at over 15:1.
PAPER = (246, 240, 222)
PAPER_SELECTION = (170, 196, 236)
PLACEHOLDER = (120, 120, 110)


def hex_colour(colour: th.Colour) -> str:
    """ "#rrggbb" for a palette colour (alpha dropped)."""
    return "#{:02X}{:02X}{:02X}".format(*colour[:3])


def _font(size: int) -> dict[str, str]:
    paths = {role: font_path(role) for role in ("ui", "bold", "italic", "bold_italic")}
    font = {"name": FONT_NAME, "size": str(size)}
    for role, key in (
        ("ui", "regular_path"),
        ("bold", "bold_path"),
        ("italic", "italic_path"),
        ("bold_italic", "bold_italic_path"),
    ):
        if paths[role] is not None:
            font[key] = str(paths[role])
    return font


def _scaled(size: float, scale: float) -> int:
    return max(1, round(size * scale))


def text_entry_block(scale: float, text_size: int) -> dict[str, object]:
    """The text entry line's look: paper, ink, a gold rule, the text at `text_size`."""
    return {
        "font": _font(max(8, _scaled(text_size, scale))),
        "colours": {
            "dark_bg": hex_colour(PAPER),
            "normal_text": hex_colour(th.INK),
            "selected_text": hex_colour(th.INK),
            "selected_bg": hex_colour(PAPER_SELECTION),
            "text_cursor": hex_colour(th.INK),
            "normal_border": hex_colour(th.GOLD),
            "disabled_dark_bg": hex_colour(th.DISABLED_FILL),
            "disabled_text": hex_colour(th.DISABLED_TEXT),
            "disabled_border": hex_colour(th.GOLD_DARK),
        },
        "misc": {
            "border_width": str(_scaled(2, scale)),
            "shape": "rounded_rectangle",
            "shape_corner_radius": str(_scaled(8, scale)),
            "padding": f"{_scaled(12, scale)},{_scaled(4, scale)}",
        },
    }


def theme_dict(scale: float, entry_size: int = BODY_SIZE) -> dict[str, object]:
    """The pygame_gui theme: the table's colours, the game's fonts at `scale`, text entry lines
    with their text at `entry_size`."""
    size = max(8, round(BODY_SIZE * scale))
    colours = {
        "dark_bg": hex_colour(th.PANEL[:3]),
        "normal_bg": hex_colour(th.BUTTON),
        "hovered_bg": hex_colour(th.BUTTON_HOVER),
        "active_bg": hex_colour(th.BUTTON_PRESSED),
        "selected_bg": hex_colour(th.SELECTION),
        "disabled_bg": hex_colour(th.DISABLED_FILL),
        "normal_text": hex_colour(th.CREAM),
        "hovered_text": hex_colour(th.GOLD_LIGHT),
        "selected_text": hex_colour(th.CREAM),
        "disabled_text": hex_colour(th.DISABLED_TEXT),
        "text_cursor": hex_colour(th.GOLD_LIGHT),
        "normal_border": hex_colour(th.GOLD),
        "hovered_border": hex_colour(th.GOLD_LIGHT),
        "selected_border": hex_colour(th.GOLD_LIGHT),
        "active_border": hex_colour(th.GOLD_LIGHT),
        "filled_bar": hex_colour(th.GOLD),
        "unfilled_bar": hex_colour(th.FELT_DARK),
    }
    theme: dict[str, object] = {"defaults": {"colours": colours}}
    for element in ELEMENTS:
        block: dict[str, object] = {"font": _font(size)}
        if element.startswith("selection_list"):
            block["misc"] = {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "8"}
        theme[element] = block
    theme["button"] = {
        "font": _font(size),
        "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6"},
    }
    theme["text_entry_line"] = text_entry_block(scale, entry_size)
    return theme


def forget_managers() -> None:
    """pygame_gui keeps the last manager made as its default: let it go with its screen."""
    pygame_gui.core.utility.set_default_manager(None)


def make_manager(
    size: tuple[int, int], scale: float, entry_size: int = BODY_SIZE
) -> pygame_gui.UIManager:
    """A themed manager for a screen of `size`, its fonts loaded up front (text boxes ask for
    bold, italic and larger sizes as they lay out; loading them later would stutter)."""
    with warnings.catch_warnings():
        # pygame_gui warns of every font it meets before it is preloaded: noise, not a fault.
        warnings.simplefilter("ignore", UserWarning)
        manager = pygame_gui.UIManager(size, theme_dict(scale, entry_size))
        body = max(8, round(BODY_SIZE * scale))
        wanted: list[dict[str, str | int | float]] = []
        for point in sorted({body, round(body * 1.25), round(body * 1.5), round(body * 1.9)}):
            for style in ("regular", "bold", "italic"):
                wanted.append({"name": FONT_NAME, "point_size": point, "style": style})
        manager.preload_fonts(wanted)
    return manager


def quiet_update(manager: pygame_gui.UIManager, dt: float) -> None:
    """`manager.update`, without pygame_gui's font warnings (sizes met in markup)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        manager.update(dt)


def escape(text: str) -> str:
    """Text safe inside pygame_gui's HTML-like markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class FallbackFont(GUIFontPygame):
    """pygame_gui's font for a text field, drawing through a `FontChain`: a symbol the game's
    font lacks (🃏 typed in the chat) is drawn in the fallback font, not as an empty box."""

    def __init__(self, chain: FontChain, point_size: int) -> None:
        ui = font_path("ui")
        super().__init__(th.font_source(None if ui is None else str(ui)), point_size)
        self.chain = chain

    def get_rect(self, text: str) -> pygame.Rect:
        if text == "":
            return pygame.Rect(0, 0, 0, 0)
        return pygame.Rect((0, self.chain.first.get_ascent()), self.chain.size(text))

    def render_premul(self, text: str, text_color: pygame.Color) -> pygame.Surface:
        surface = self.chain.render(text, self.antialiased, text_color).convert_alpha()
        return surface.premul_alpha() if surface.get_width() and surface.get_height() else surface

    def render_premul_to(
        self,
        text: str,
        text_colour: pygame.Color,
        surf_size: tuple[int, int],
        surf_position: tuple[int, int],
    ) -> pygame.Surface:
        surface = pygame.Surface(surf_size, depth=32, flags=pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        text_image = self.render_premul(text, text_colour)
        if text_image.get_width() and text_image.get_height():
            spot = (surf_position[0], surf_position[1] - self.chain.first.get_ascent())
            surface.blit(text_image, spot, special_flags=pygame.BLEND_PREMULTIPLIED)
        return surface
