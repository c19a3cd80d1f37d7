"""The desktop's scale factor, as far as SDL reports it.

A desktop set to 150% or 200% (a high-density screen) expects windows to open that much larger,
so text keeps its physical size. The game draws on a fixed logical surface that SDL scales to
the window (`game.app`), so following the desktop only means sizing the window: the remembered
window size is kept in desktop-neutral units and multiplied by `desktop_scale()` when the window
opens. pygame-ce exposes a display's DPI as `pygame.display.get_display_dpi` only in some
versions; where it is missing, or reports nothing usable, the factor is 1.0.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame

log = logging.getLogger(__name__)

# The DPI a desktop at 100% reports on Windows and Linux (macOS reports 72, handled by SDL itself).
BASE_DPI = 96.0
MIN_SCALE = 1.0
MAX_SCALE = 4.0


def desktop_scale(display: Any = None, index: int = 0) -> float:
    """The scale factor of display `index` (1.0, 1.25, 1.5, ... up to 4.0); 1.0 when unknown.

    `display` is the module asked (`pygame.display` unless told, so tests can stand in for it).
    """
    display = pygame.display if display is None else display
    dpi_of = getattr(display, "get_display_dpi", None)
    if dpi_of is None:
        return 1.0
    try:
        reported = dpi_of(index)
        # SDL reports (diagonal, horizontal, vertical); the horizontal figure is the usual one.
        dpi = float(reported[1] if isinstance(reported, (tuple, list)) else reported)
    except (pygame.error, TypeError, ValueError, IndexError) as exc:
        log.info("the display's DPI is not known (%s); scale 1.0", exc)
        return 1.0
    if not dpi > 0:
        return 1.0
    # Desktops offer steps of 25%; a monitor's own odd DPI (101, 109) is not a setting.
    scale = round(dpi / BASE_DPI * 4) / 4
    return min(MAX_SCALE, max(MIN_SCALE, scale))
