"""Linux desktop integration: put Canasta in the desktop's application menu, or take it out.

`canasta --install-desktop` writes a freedesktop.org `.desktop` entry into the user's
applications folder (`$XDG_DATA_HOME/applications`, normally `~/.local/share/applications`) and
the icon into the user's hicolor icon theme, so GNOME, KDE and the others list the game with its
icon. The entry starts the program that ran the command: the built app's own executable, or this
Python with `-m game.main` from the folder that holds the game. `--uninstall-desktop` removes
both files. Nothing outside the user's own folders is touched, so no administrator is needed.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from game import __version__
from game.resources import asset_path

APP_ID = "canasta"
DESKTOP_TEMPLATE = asset_path("canasta.desktop")
ICON_SOURCE = asset_path("icon.png")
ICON_SIZE = "256x256"
EXEC_RESERVED = frozenset(" \t\n\"'\\><~|&;$*?#()`")


def data_home() -> Path:
    """The user's XDG data folder (where desktops look for applications and icons)."""
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def desktop_file() -> Path:
    return data_home() / "applications" / f"{APP_ID}.desktop"


def icon_file() -> Path:
    return data_home() / "icons" / "hicolor" / ICON_SIZE / "apps" / f"{APP_ID}.png"


def launch_command() -> tuple[list[str], Path | None]:
    """The command line that starts this copy of the game, and the folder to start it in."""
    if getattr(sys, "frozen", False):
        return [sys.executable], None
    package_parent = Path(__file__).resolve().parent.parent
    return [sys.executable, "-m", "game.main"], package_parent


def exec_argument(argument: str) -> str:
    """One argument as the Exec key wants it: double-quoted when it holds a reserved character,
    with `"`, `` ` ``, `$` and `\\` escaped; then backslashes doubled again, as in every string
    value of a desktop file (Desktop Entry Specification, "The Exec key"); `%` is written `%%`."""
    argument = argument.replace("%", "%%")
    if argument and not any(char in EXEC_RESERVED for char in argument):
        return argument
    quoted = '"' + re.sub(r'(["`$\\])', r"\\\1", argument) + '"'
    return quoted.replace("\\", "\\\\")


def desktop_entry() -> str:
    """The `.desktop` file's text: the template with this copy's command, folder and version."""
    command, folder = launch_command()
    exec_line = " ".join(exec_argument(part) for part in command)
    text = DESKTOP_TEMPLATE.read_text(encoding="utf-8")
    text = text.replace("@EXEC@", exec_line).replace("@VERSION@", __version__)
    lines = text.splitlines()
    if folder is not None:
        lines.insert(lines.index("[Desktop Entry]") + 1, f"Path={folder}")
    return "\n".join(lines) + "\n"


def install() -> list[Path]:
    """Write the entry and the icon; returns the files written."""
    entry, icon = desktop_file(), icon_file()
    icon.parent.mkdir(parents=True, exist_ok=True)
    icon.write_bytes(ICON_SOURCE.read_bytes())
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(desktop_entry(), encoding="utf-8")
    entry.chmod(0o755)  # some desktops only trust launchers marked executable
    _refresh(entry.parent)
    return [entry, icon]


def uninstall() -> list[Path]:
    """Remove the entry and the icon; returns the files that were there and are gone."""
    removed = []
    for path in (desktop_file(), icon_file()):
        if path.exists():
            path.unlink()
            removed.append(path)
    _refresh(desktop_file().parent)
    return removed


def _refresh(applications: Path) -> None:
    """Ask the desktop to re-read its menu at once; without the tool it notices on its own."""
    try:
        subprocess.run(
            ["update-desktop-database", "-q", str(applications)],
            check=False,
            capture_output=True,
            timeout=20,
        )
    except (OSError, subprocess.SubprocessError):
        return


def command(adding: bool) -> int:
    """`--install-desktop` (adding) or `--uninstall-desktop`: do it and say what was done."""
    if not sys.platform.startswith("linux"):
        print("Desktop integration is for Linux; on Windows and macOS the app itself is the icon.")
        return 2
    if adding:
        for path in install():
            print(f"installed {path}")
        print("Canasta is now in the application menu (log out and in if it does not show yet).")
        return 0
    removed = uninstall()
    for path in removed:
        print(f"removed {path}")
    if not removed:
        print("Canasta was not in the application menu.")
    return 0
