"""What the netplay packages may import. The core (every module of `game/netplay` outside
`shell` and `tools`: the wire, the session, the play) never pulls in pygame, sockets or file
writing, and its source never opens, writes or removes a
file; the shells and tools never pull in pygame either, so the headless command line runs
without it."""

from __future__ import annotations

import ast
import subprocess
import sys

import pytest

from tests.helpers.imports import loaded_after_importing
from tests.helpers.paths import ROOT

PACKAGE = ROOT / "game" / "netplay"
# the folders that do I/O or drive the core; any other folder is part of the core
OUTER_FOLDERS = ("shell", "tools")
CORE_FILES = sorted(
    path
    for path in PACKAGE.rglob("*.py")
    if path.relative_to(PACKAGE).parts[0] not in OUTER_FOLDERS
)
OUTER_FILES = sorted(path for folder in OUTER_FOLDERS for path in (PACKAGE / folder).rglob("*.py"))


def _module(path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


CORE = [_module(path) for path in CORE_FILES if path != PACKAGE / "__init__.py"]
OUTER = [_module(path) for path in OUTER_FILES]
# modules whose presence means sockets or file writing
IO_MODULES = ("socket", "selectors", "ssl", "tempfile", "shutil", "game.storage")
FILE_CALLS = {"open", "fdopen", "replace", "rename", "remove", "unlink", "fsync", "makedirs"}
FILE_METHODS = {"write_text", "write_bytes", "read_text", "read_bytes", "mkdir", "touch"}


def test_the_core_list_covers_the_protocol_modules():
    for name in (
        "wire.framing",
        "wire.session_messages",
        "session.reliable",
        "session.handshake",
        "play.agreement",
        "play.play_protocol",
        "play.chat",
    ):
        assert f"game.netplay.{name}" in CORE
    assert "game.netplay.shell.tcp" in OUTER and "game.netplay.tools.soak" in OUTER


def test_no_netplay_module_imports_pygame():
    assert loaded_after_importing(["game.netplay", *CORE, *OUTER], ("pygame",)) == ""


def test_the_core_imports_neither_sockets_nor_file_writers():
    assert loaded_after_importing(["game.netplay", *CORE], IO_MODULES) == ""


def test_the_core_source_does_no_file_io():
    found = []
    for path in CORE_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                bare_open = isinstance(func, ast.Name) and func.id == "open"
                os_call = (
                    isinstance(func, ast.Attribute)
                    and isinstance(func.value, ast.Name)
                    and func.value.id == "os"
                    and func.attr in FILE_CALLS
                )
                path_call = isinstance(func, ast.Attribute) and func.attr in FILE_METHODS
                if bare_open or os_call or path_call:
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = (
                    [alias.name for alias in node.names]
                    if isinstance(node, ast.Import)
                    else [node.module or ""]
                )
                if any(n.split(".")[0] in ("pathlib", "tempfile", "shutil", "io") for n in names):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == [], f"file I/O in the core at {found}"


def test_shell_and_tool_names_stay_reachable_from_the_package():
    import game.netplay as netplay

    for name in netplay.__all__:
        assert getattr(netplay, name) is not None


INVITE_LIBRARIES = ("twisted", "wormhole", "autobahn")


@pytest.mark.slow
def test_the_invite_libraries_load_only_when_an_invite_starts():
    """Twisted and magic-wormhole cost most of a second to import: every netplay module, the
    game's command line and the invite screens import without them."""
    modules = ["game.netplay", *CORE, *OUTER, "game.main", "game.match.net_connection"]
    modules += ["game.scenes.net.invite", "game.scenes.net.host", "game.scenes.net.join"]
    assert loaded_after_importing(modules, INVITE_LIBRARIES) == ""


@pytest.mark.slow
def test_the_title_screen_starts_without_the_invite_libraries(tmp_path):
    code = (
        "import os, sys\n"
        "os.environ.update(SDL_VIDEODRIVER='dummy', SDL_AUDIODRIVER='dummy')\n"
        f"os.environ.update(CANASTA_CONFIG_DIR={str(tmp_path / 'c')!r}, "
        f"CANASTA_DATA_DIR={str(tmp_path / 'd')!r})\n"
        "from game.main import main\n"
        "status = main(['--frames', '3'])\n"
        f"print(status, [m for m in {INVITE_LIBRARIES!r} if m in sys.modules])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "0 []"
