"""Where the game's read-only files are: card pictures, sounds, music, fonts, the icon.

In a source checkout they sit in the top-level `assets/` folder, beside `game/`. An installed
game (`pip install .`: pyproject.toml maps the package `game.assets` to that folder) and the
frozen app (the PyInstaller spec copies it to the same place) carry them inside the package, as
`game/assets/` beside the bundled modules. Every asset path in the game comes from `asset_path`;
nothing else builds one, so moving the folder means changing `ASSETS_DIR` alone. Writable files
never go here: they belong in the platform folders (`game.settings`).
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
# Installed or frozen, the assets are package data inside `game`; in a checkout (including an
# editable install, which leaves them where they are), the folder beside the package.
ASSETS_DIR = _PACKAGE / "assets" if (_PACKAGE / "assets").is_dir() else _PACKAGE.parent / "assets"

# The bundled fonts by the role the theme asks for (see game.ui.theme). Shipping them makes text
# look the same everywhere and spares the slow system font search on start-up.
FONT_FILES: dict[str, str] = {
    "ui": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "bold_italic": "DejaVuSans-BoldOblique.ttf",
    "title": "DejaVuSerif-Bold.ttf",
    # The fallback for symbols the others lack (playing cards, chess, dice, arrows, pictographs).
    "symbols": "NotoSansSymbols2-Regular.ttf",
}


def asset_path(*parts: str) -> Path:
    """The path of a file or folder under the game's assets, e.g. `asset_path("cards")`."""
    return ASSETS_DIR.joinpath(*parts)


def font_path(role: str) -> Path | None:
    """The bundled font for a text role ("ui", "bold", "italic", "bold_italic", "title",
    "symbols"), or
    None when there is none (an unknown role, or a copy of the game whose packager removed the
    bundled fonts in favour of the system's): the theme then looks for a system font."""
    name = FONT_FILES.get(role)
    if name is None:
        return None
    path = asset_path("fonts", name)
    return path if path.is_file() else None
