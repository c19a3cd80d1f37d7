"""The compiled engine: the rules engine and the computer opponent's search built as C extensions.

The rules engine and the search are plain, fully typed Python (`game/logic`).
`python -m game.native.build` compiles the modules of `COMPILED` with mypyc (part of mypy, which
reads the same type annotations the checks already hold the code to) into
`game/native/compiled/`, more than twice as fast: the computer opponent plays out twice as many
sampled games in its time budget. It needs a C compiler; without one the game runs the Python
modules, which play by exactly the same rules (the tests play both).

`install()`, called when the `game` package is imported, puts the compiled modules in front of
the Python ones only when they were built from exactly the sources beside them, by this Python:
the build writes a stamp with a digest of every source, and a source edited since (or another
Python) makes the game use the Python modules until the next build. Nothing is ever loaded from a
build that does not match. `CANASTA_ENGINE=python` in the environment turns the compiled engine
off.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent.parent
BUILD = PACKAGE / "compiled"
STAMP = BUILD / "stamp.json"
# The shared library every compiled module loads (mypyc's "group" and its module).
GROUP = "canasta_native"
SHARED = GROUP + "__mypyc"
ENV = "CANASTA_ENGINE"

# The modules compiled: the rules engine's hot path and the search's play-outs.
COMPILED = (
    "game.logic.cards",
    "game.logic.actions",
    "game.logic.shuffle",
    "game.logic.events",
    "game.logic.melds",
    "game.logic.rules",
    "game.logic.legal",
    "game.logic.phases",
    "game.logic.hand.player_state",
    "game.logic.hand.turn",
    "game.logic.hand.card_lookup",
    "game.logic.hand.threes",
    "game.logic.hand.dealing",
    "game.logic.hand.going_out",
    "game.logic.hand.melding",
    "game.logic.hand.initial_meld",
    "game.logic.hand.pile",
    "game.logic.engine",
    "game.logic.scoring",
    "game.logic.view",
    "game.logic.ai.evaluation",
    "game.logic.ai.heuristic",
    "game.logic.ai.playout",
    "game.logic.ai.opponent",
    "game.logic.ai.search",
)


def source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def suffix() -> str:
    return importlib.machinery.EXTENSION_SUFFIXES[0]


def abi() -> str:
    """What a compiled module is tied to: the interpreter and its extension suffix."""
    return f"{sys.implementation.cache_tag}{suffix()}"


def digests() -> dict[str, str]:
    return {m: hashlib.sha256(source(m).read_bytes()).hexdigest() for m in COMPILED}


def extension(module: str) -> Path:
    return BUILD.joinpath(*module.split(".")).with_name(module.rsplit(".", 1)[-1] + suffix())


def files() -> dict[str, Path]:
    """The build's files by the name they are imported as: each module and the shared library."""
    found = {m: extension(m) for m in COMPILED}
    found[SHARED] = BUILD / (SHARED + suffix())
    return found


def status(respect_env: bool = True) -> str:
    """Why the compiled engine is or is not used, in a few words: "compiled", "turned off",
    "not built", "out of date" (a source changed since the build) or "built for another Python".
    With `respect_env` False, the state of the build alone (whatever CANASTA_ENGINE says)."""
    if respect_env and os.environ.get(ENV, "").lower() == "python":
        return "turned off"
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "not built"
    if not isinstance(stamp, dict) or stamp.get("abi") != abi():
        return "built for another Python"
    # A built app carries compiled code only (its build compiles and bundles in one go).
    if not getattr(sys, "frozen", False):
        try:
            if stamp.get("sources") != digests():
                return "out of date"
        except OSError:
            return "out of date"
    if not all(f.is_file() for f in files().values()):
        return "not built"
    return "compiled"


class _Finder:
    """Finds the compiled modules (and their shared library) in the build folder: a meta path
    finder (not derived from importlib.abc's, which would import the file-handling modules)."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def install() -> bool:
    """Use the compiled modules if they match the sources; True if they are used."""
    if any(isinstance(f, _Finder) for f in sys.meta_path):
        return True
    if status() != "compiled":
        return False
    if any(m in sys.modules for m in COMPILED):
        return False  # too late: the Python modules are already in use
    sys.meta_path.insert(0, _Finder(files()))
    return True


def in_use() -> bool:
    """Whether the engine this process runs is the compiled one."""
    module = importlib.import_module("game.logic.engine")
    return not str(getattr(module, "__file__", "")).endswith(".py")
