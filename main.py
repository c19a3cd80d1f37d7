#!/usr/bin/env python3
"""Start Canasta from a source checkout: `./main.py` (or `python main.py`), with any of the
game's options (`./main.py --help` lists them).

The game itself is `game.main`; this file only makes sure it can start. When this Python lacks
the libraries a game needs (pygame-ce, pygame_gui, msgpack, platformdirs, spake2, cryptography)
it says so plainly instead of showing a traceback and, in a console,
offers to set up a virtual environment `.venv` beside this file, install those libraries into it
(as requirements.txt lists them; pip's own progress shows) and start the game from there with the
same options. A `.venv` that already has them is simply used.
Only the standard library is imported here, so this works with any Python 3.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements.txt"
# The import names of the runtime libraries in requirements.txt (a test keeps them in step):
# the game starts without the optional ones, and says what is missing when an invite, a
# same-network game or the lobby (paho-mqtt) is chosen, or speech (pyttsx3) is turned on.
REQUIRED_MODULES = (
    "pygame",
    "pygame_gui",
    "msgpack",
    "platformdirs",
    "spake2",
    "cryptography",
    "nacl",
    "babel",
)
OPTIONAL_MODULES = ("wormhole", "zeroconf", "paho", "bidi", "arabic_reshaper", "pyttsx3")
MINIMUM_PYTHON = (3, 10)

INSTALL_HINT = (
    "Install the game's requirements in a virtual environment and start it from there:\n\n"
    "    python3 -m venv .venv && .venv/bin/python -m pip install -r requirements.txt "
    "&& .venv/bin/python main.py\n\n"
    "(on Windows: py -m venv .venv, then .venv\\Scripts\\python in place of .venv/bin/python)\n"
)


def missing_modules(
    find: Callable[[str], object | None] = importlib.util.find_spec,
) -> list[str]:
    """The required libraries this Python cannot import (looked up, not imported: fast)."""
    missing = []
    for name in REQUIRED_MODULES:
        try:
            found = find(name)
        except (ImportError, ValueError):
            found = None
        if found is None:
            missing.append(name)
    return missing


def venv_python(venv: Path = VENV) -> Path:
    if sys.platform == "win32":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def runtime_requirements(path: Path = REQUIREMENTS) -> list[str]:
    """The game's libraries from requirements.txt: the lines before its test tools."""
    lines = path.read_text(encoding="utf-8").splitlines()
    end = lines.index("# Tests") if "# Tests" in lines else len(lines)
    specs = (line.split("#")[0].strip() for line in lines[:end])
    return [spec for spec in specs if spec]


def setup_commands(venv: Path = VENV) -> list[list[str]]:
    """The commands that make `.venv` and install the game's libraries into it, in order."""
    commands = []
    if not venv_python(venv).exists():
        commands.append([sys.executable, "-m", "venv", str(venv)])
    commands.append([str(venv_python(venv)), "-m", "pip", "install", *runtime_requirements()])
    return commands


ENGINE_SECTION = "# The compiled engine"
# Compiles the engine into the game's folder (game/native); run with `.venv`'s Python from
# anywhere, so it puts this folder on the path itself.
BUILD_ENGINE = (
    "import sys; sys.path.insert(0, sys.argv[1]); from game.native.build import main; "
    "sys.exit(main(['--quiet']))"
)


def engine_requirements(path: Path = REQUIREMENTS) -> list[str]:
    """What compiling the engine needs: the requirements.txt section that says so."""
    lines = path.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(ENGINE_SECTION)]
    if not starts:
        return []
    specs = []
    for line in lines[starts[0] + 1 :]:
        if line.startswith("#"):
            break
        if line.strip():
            specs.append(line.split("#")[0].strip())
    return specs


def engine_commands(venv: Path = VENV) -> list[list[str]]:
    """Compile the engine into `.venv`'s game: optional, as the game runs without it."""
    python = str(venv_python(venv))
    return [
        [python, "-m", "pip", "install", *engine_requirements()],
        [python, "-c", BUILD_ENGINE, str(ROOT)],
    ]


def venv_is_ready(venv: Path = VENV, run: Callable[..., int] = subprocess.call) -> bool:
    """Whether `.venv` exists and can import every required library."""
    python = venv_python(venv)
    if not python.exists():
        return False
    probe = "import importlib.util, sys; sys.exit(any(importlib.util.find_spec(m) is None for m in sys.argv[1:]))"
    return run([str(python), "-c", probe, *REQUIRED_MODULES]) == 0


def is_interactive() -> bool:
    return sys.stdin is not None and sys.stdin.isatty() and not os.environ.get("CI")


def bootstrap(
    argv: Sequence[str],
    missing: list[str],
    *,
    interactive: bool,
    ask: Callable[[str], str] = input,
    run: Callable[..., int] = subprocess.call,
    venv: Path = VENV,
) -> int:
    """Without the libraries: use, or offer to make, `.venv`; then start the game from it.

    Returns the exit status to end with (the game's own when it was started)."""
    start_game = [str(venv_python(venv)), str(ROOT / "main.py"), *argv]
    in_venv = Path(sys.prefix).resolve() == venv.resolve()
    if not in_venv and venv_is_ready(venv, run):
        return run(start_game)
    print(f"Canasta needs {', '.join(missing)}, which this Python ({sys.executable}) lacks.")
    if not interactive:
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    answer = ask(f"Set up {venv} and install them now? [Y/n] ").strip().lower()
    if answer not in ("", "y", "yes"):
        print(INSTALL_HINT)
        return 2
    for command in setup_commands(venv):
        print("$ " + " ".join(command), flush=True)
        status = run(command)
        if status != 0:
            print(f"That failed (exit status {status}); nothing else was changed.")
            print(INSTALL_HINT)
            ask("Press Enter to close. ")
            return status
    # The compiled engine makes the computer opponent stronger in its thinking time; without a
    # C compiler the game plays on its Python modules, so a failure here stops nothing.
    for command in engine_commands(venv):
        print("$ " + " ".join(command[:3]) + (" ..." if len(command) > 3 else ""), flush=True)
        if run(command) != 0:
            print("The engine was not compiled; the game runs its Python modules.")
            break
    print("Done. Starting Canasta; from now on this file uses .venv at once.", flush=True)
    return run(start_game)


def main() -> int:
    if sys.version_info < MINIMUM_PYTHON:
        wanted = ".".join(str(part) for part in MINIMUM_PYTHON)
        print(f"Canasta needs Python {wanted} or newer; this is {sys.version.split()[0]}.")
        return 2
    missing = missing_modules()
    if missing:
        return bootstrap(sys.argv[1:], missing, interactive=is_interactive())
    from game.main import main as game_main

    return game_main()


if __name__ == "__main__":
    sys.exit(main())
