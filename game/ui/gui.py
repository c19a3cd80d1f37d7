"""pygame_gui, dressed like the card table: a `UIManager` for one screen size whose text boxes,
lists, entry lines and buttons use the game's DejaVu fonts (which draw the suit symbols ♠ ♥ ♦ ♣)
and the felt-and-gold palette of `game.ui.theme`. Sizes are given as they look at 720 pixels
high and scaled like the rest of the game. Screens that need scrolling text, lists or text entry
(help, tutorial, explore) make their widgets on one of these managers.
"""

from __future__ import annotations

import warnings

import pygame_gui

from game.resources import font_path
from game.ui import theme as th

FONT_NAME = "dejavu"
BODY_SIZE = 16
ELEMENTS = (
    "text_box",
    "button",
    "label",
    "text_entry_line",
    "selection_list.@selection_list_item",
    "horizontal_slider",
)


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


def theme_dict(scale: float) -> dict[str, object]:
    """The pygame_gui theme: the table's colours, the game's fonts at `scale`."""
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
    return theme


def make_manager(size: tuple[int, int], scale: float) -> pygame_gui.UIManager:
    """A themed manager for a screen of `size`, its fonts loaded up front (text boxes ask for
    bold, italic and larger sizes as they lay out; loading them later would stutter)."""
    with warnings.catch_warnings():
        # pygame_gui warns of every font it meets before it is preloaded: noise, not a fault.
        warnings.simplefilter("ignore", UserWarning)
        manager = pygame_gui.UIManager(size, theme_dict(scale))
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
