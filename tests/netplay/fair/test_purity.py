"""The dealing core is pure and sans-I/O, read from its source: it imports only hashing, typing,
libsodium's bindings, text patterns, the card table and the translatable `Phrase` (a str with its template); no socket, file, thread, clock or global random. The
system's random generator is named in one place only, the default of `Seat`."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.helpers.paths import GAME

FAIR = GAME / "netplay" / "fair"
ALLOWED = {
    "__future__",
    "collections.abc",
    "dataclasses",
    "enum",
    "hashlib",
    "hmac",
    "itertools",
    "re",
    "string",
    "typing",
    "nacl",
    "nacl.bindings",
    "nacl.exceptions",
    "nacl.utils",
    "game.logic.cards",
    "game.logic.phrase",
}


def absolute_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.add(node.module or "")
    return found


def test_the_dealing_core_imports_nothing_that_does_io_or_keeps_time() -> None:
    modules = sorted(FAIR.glob("*.py"))
    assert len(modules) >= 9
    for path in modules:
        assert absolute_imports(path) <= ALLOWED, path.name


def test_only_the_seat_falls_back_to_the_systems_random_generator() -> None:
    users = [p.name for p in FAIR.glob("*.py") if "nacl.utils" in absolute_imports(p)]
    assert users == ["seat.py"]
