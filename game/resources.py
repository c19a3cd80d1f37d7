"""Where the game's read-only files are: card pictures, sounds, music, fonts, the icon.

They live inside the `game` package (`game/assets/`), so one path works in every way the game
runs: from a source checkout, installed by `pip install .` (they are package data), and frozen
by PyInstaller (the spec copies them to the same place beside the bundled modules). Every asset
path in the game comes from `asset_path`; nothing else builds one, so moving the folder means
changing one line. Writable files never go here: they belong in the platform folders
(`game.settings`).
"""

from __future__ import annotations

from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parent / "assets"

# The bundled fonts by the role the theme asks for (see game.ui.theme). Shipping them makes text
# look the same everywhere and spares the slow system font search on start-up.
FONT_FILES: dict[str, str] = {
    "ui": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "bold_italic": "DejaVuSans-BoldOblique.ttf",
    "title": "DejaVuSerif-Bold.ttf",
}


def asset_path(*parts: str) -> Path:
    """The path of a file or folder under the game's assets, e.g. `asset_path("cards")`."""
    return ASSETS_DIR.joinpath(*parts)


def font_path(role: str) -> Path | None:
    """The bundled font for a text role ("ui", "bold", "italic", "bold_italic", "title"), or
    None when there is none (an unknown role, or a copy of the game whose packager removed the
    bundled fonts in favour of the system's): the theme then looks for a system font."""
    name = FONT_FILES.get(role)
    if name is None:
        return None
    path = asset_path("fonts", name)
    return path if path.is_file() else None
