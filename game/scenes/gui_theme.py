"""pygame_gui for the records screens, dressed as the card table.

`table_gui(size, theme)` makes a `UIManager` whose text entry looks like the game's own controls:
the dark felt panel colour, cream text, a gold border that brightens with the focus, the game's
bundled DejaVu font at the theme's scale. Screens that use it feed it their events, `update(dt)`
and `draw_ui` after their own drawing.
"""

from __future__ import annotations

from typing import Any

import pygame_gui

from game.resources import font_path
from game.ui import theme as th

GUI_FONT = "canasta_ui"


def _hex(colour: th.Colour) -> str:
    return "#" + "".join(f"{value:02X}" for value in colour[:3])


def gui_theme(theme: th.Theme, text_size: int = 22) -> dict[str, Any]:
    """The pygame_gui theme (as its JSON would say) for a screen of `theme`'s scale."""
    font: dict[str, str] = {"name": GUI_FONT, "size": str(theme.px(text_size))}
    regular, bold = font_path("ui"), font_path("bold")
    if regular is not None:
        font["regular_path"] = str(regular)
    if bold is not None:
        font["bold_path"] = str(bold)
    return {
        "defaults": {
            "colours": {
                "dark_bg": _hex(th.FELT_DARK),
                "normal_text": _hex(th.CREAM),
                "normal_border": _hex(th.GOLD_DARK),
                "focused_border": _hex(th.GOLD_LIGHT),
                "selected_bg": _hex(th.SELECTION),
                "selected_text": _hex(th.CREAM),
                "text_cursor": _hex(th.GOLD_LIGHT),
                "disabled_text": _hex(th.DISABLED_TEXT),
            }
        },
        "text_entry_line": {
            "font": font,
            "misc": {
                "border_width": str(max(1, theme.px(2))),
                "shape": "rounded_rectangle",
                "shape_corner_radius": str(theme.px(8)),
                "padding": f"{theme.px(10)},{theme.px(6)}",
            },
        },
    }


def table_gui(size: tuple[int, int], theme: th.Theme) -> pygame_gui.UIManager:
    return pygame_gui.UIManager(size, gui_theme(theme))
