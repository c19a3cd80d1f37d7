"""The desktop's scale factor, as far as SDL reports it.

A desktop set to 150% or 200% (a high-density screen) expects windows to open that much larger,
so text keeps its physical size. The game lays its screens out at the window's own size
(`game.app`), text in proportion to the height, so following the desktop means sizing the window:
the remembered window size is kept in desktop-neutral units and multiplied by `desktop_scale()`
when the window opens, and the smallest layout grows by the same factor. The DPI comes from `pygame.display.get_display_dpi` where pygame-ce has it, else from
SDL's own `SDL_GetDisplayDPI` in the SDL library pygame loaded (through ctypes, and only when that
library is the one whose video is running). Where neither reports anything usable, the factor is
1.0.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import glob
import logging
import os
from typing import Any

import pygame

log = logging.getLogger(__name__)

# The DPI a desktop at 100% reports on Windows and Linux (macOS reports 72, handled by SDL itself).
BASE_DPI = 96.0
MIN_SCALE = 1.0
MAX_SCALE = 4.0
SDL_INIT_VIDEO = 0x20


def _sdl_library() -> Any:
    """The SDL library pygame runs on, or None: the copy bundled with the pygame-ce wheel
    (Linux, Windows, macOS layouts), else the system's; only a copy whose video is initialised
    is the one pygame uses."""
    package = os.path.dirname(pygame.__file__)
    candidates = [
        *glob.glob(os.path.join(package, os.pardir, "pygame_ce.libs", "libSDL2-*")),
        *glob.glob(os.path.join(package, "SDL2.dll")),
        *glob.glob(os.path.join(package, ".dylibs", "libSDL2*.dylib")),
    ]
    system = ctypes.util.find_library("SDL2-2.0") or ctypes.util.find_library("SDL2")
    if system:
        candidates.append(system)
    for path in candidates:
        try:
            library = ctypes.CDLL(path)
            if library.SDL_WasInit(SDL_INIT_VIDEO) & SDL_INIT_VIDEO:
                return library
        except (OSError, AttributeError):
            continue
    return None


def sdl_display_dpi(index: int = 0) -> tuple[float, float, float] | None:
    """SDL's (diagonal, horizontal, vertical) DPI of display `index`; None if SDL has none."""
    library = _sdl_library()
    if library is None:
        return None
    dpi = (ctypes.c_float(), ctypes.c_float(), ctypes.c_float())
    if library.SDL_GetDisplayDPI(index, *(ctypes.byref(v) for v in dpi)) != 0:
        return None  # the video driver does not know (a headless or remote display)
    return (dpi[0].value, dpi[1].value, dpi[2].value)


class _SdlDisplay:
    """Stands in for a `pygame.display` that has no `get_display_dpi`."""

    @staticmethod
    def get_display_dpi(index: int) -> tuple[float, float, float]:
        reported = sdl_display_dpi(index)
        if reported is None:
            raise pygame.error("SDL does not know this display's DPI")
        return reported


def desktop_scale(display: Any = None, index: int = 0) -> float:
    """The scale factor of display `index` (1.0, 1.25, 1.5, ... up to 4.0); 1.0 when unknown.

    `display` is the module asked (`pygame.display` unless told, so tests can stand in for it).
    """
    if display is None:
        display = pygame.display if hasattr(pygame.display, "get_display_dpi") else _SdlDisplay
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
