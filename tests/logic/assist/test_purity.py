"""The assist package is as pure as the engine: no pygame, sockets or files."""

import ast
import subprocess
import sys
from pathlib import Path

import game.logic.assist
from tests.helpers.paths import ROOT

FORBIDDEN = {"pygame", "socket", "asyncio", "os", "pathlib", "io", "importlib", "game.help"}


def test_assist_imports_neither_pygame_nor_sockets():
    code = (
        "import sys, game.logic.assist; "
        "bad = [m for m in ('pygame', 'socket', 'asyncio') if m in sys.modules]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_assist_modules_import_nothing_that_reaches_files_or_screens():
    folder = Path(game.logic.assist.__file__).parent
    for path in folder.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "open(" not in source, path
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN and name not in FORBIDDEN, (path, name)
