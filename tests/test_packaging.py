"""Packaging: one version, requirements.txt in step with pyproject, every package and every asset
(from the top-level assets/ folder) shipped inside the installed package and the app and reachable
through game.resources, the generated icon, the bench CLI, and main.py's offer to set up `.venv`
when this Python lacks the game's libraries."""

from __future__ import annotations

import fnmatch
import importlib.util
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import game
import main as launcher
from game import resources
from tests.helpers.paths import ROOT
from tests.helpers.tools import load_tool

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; the checks are the same on any version


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def requirement_lines() -> list[str]:
    lines = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def test_the_version_has_one_source() -> None:
    project = pyproject()
    assert "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "game.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", game.__version__)


def test_requirements_txt_agrees_with_pyproject() -> None:
    project = pyproject()["project"]
    groups = project["optional-dependencies"]
    declared = set(project["dependencies"])
    declared |= set(groups["test"]) | set(groups["engine"]) | set(groups["lint"])
    assert set(requirement_lines()) == declared
    assert project["requires-python"] == ">=3.10"
    assert project["gui-scripts"]["canasta"] == "game.main:main"


def test_main_py_checks_for_each_runtime_library() -> None:
    runtime = pyproject()["project"]["dependencies"]
    names = {re.split(r"[<>=!~ ]", spec)[0] for spec in runtime}
    import_names = {
        "pygame-ce": "pygame",
        "pygame-gui": "pygame_gui",
        "magic-wormhole": "wormhole",
        "pynacl": "nacl",
        "paho-mqtt": "paho",
        "python-bidi": "bidi",
        "arabic-reshaper": "arabic_reshaper",
    }
    modules = {import_names.get(name, name) for name in names}
    assert modules == {*launcher.REQUIRED_MODULES, *launcher.OPTIONAL_MODULES}
    assert not set(launcher.REQUIRED_MODULES) & set(launcher.OPTIONAL_MODULES)


# What setuptools builds from (setup.py read together with pyproject.toml), without building.
SETUP_CONFIG = """
import json, warnings
warnings.simplefilter("ignore")
import setuptools  # before distutils: it provides it
from distutils.core import run_setup
dist = run_setup("setup.py", stop_after="config")
print(json.dumps([dist.packages, dist.package_dir, dist.package_data]))
"""


@pytest.fixture(scope="module")
def setup_config() -> tuple[list[str], dict[str, str], dict[str, list[str]]]:
    result = subprocess.run(
        [sys.executable, "-c", SETUP_CONFIG],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    packages, package_dir, package_data = json.loads(result.stdout.splitlines()[-1])
    return packages, package_dir, package_data


def test_every_package_of_game_is_installed(setup_config) -> None:
    packages, _dirs, _data = setup_config
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "game").rglob("__init__.py")
    }
    assert sorted(packages) == sorted({*found, "game.assets"})


def test_the_top_level_assets_install_inside_the_package(setup_config) -> None:
    _packages, package_dir, package_data = setup_config
    assert package_dir == {"game.assets": "assets"}
    assert resources.ASSETS_DIR == ROOT / "assets"  # in a checkout, where the tools write them
    assert not (ROOT / "game" / "assets").exists()
    globs = package_data["game.assets"]
    assets = [p for p in resources.ASSETS_DIR.rglob("*") if p.is_file()]
    assert len(assets) > 70
    for path in assets:
        relative = path.relative_to(ROOT / "assets").as_posix()
        assert any(fnmatch.fnmatch(relative, pattern) for pattern in globs), relative


def test_the_app_carries_the_assets_where_an_install_does() -> None:
    spec = (ROOT / "packaging" / "canasta.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "assets"), "game/assets")' in spec


def test_the_game_finds_its_assets_through_the_resource_function() -> None:
    from game.audio import EFFECT_NAMES, SOUNDS_DIR
    from game.sprites.cards import BACK_DESIGNS, BACKS, CARDS_DIR, FACE_CODES

    assert resources.asset_path("cards") == CARDS_DIR
    assert resources.asset_path("sounds") == SOUNDS_DIR
    designs = tuple(f"back_{design}_{pack}" for design in BACK_DESIGNS for pack in (1, 2))
    for code in FACE_CODES + BACKS + designs:
        assert (CARDS_DIR / f"{code}.png").is_file()
    for name in (*EFFECT_NAMES, "music"):
        assert any((SOUNDS_DIR / f"{name}{ext}").is_file() for ext in (".wav", ".ogg"))
    for role in resources.FONT_FILES:
        found = resources.font_path(role)
        assert found is not None and found.stat().st_size > 100_000
    assert resources.font_path("no such role") is None


def test_no_module_builds_an_asset_path_of_its_own() -> None:
    offenders = [
        path
        for path in (ROOT / "game").rglob("*.py")
        if path.name != "resources.py" and '"assets"' in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_the_bundled_fonts_are_used(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    from game.ui.theme import FontBook

    def no_system_fonts(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the system font search ran although the game has its fonts")

    monkeypatch.setattr(pygame.font, "match_font", no_system_fonts)
    pygame.font.init()
    book = FontBook()
    for role in resources.FONT_FILES:
        assert book._path(role) == str(resources.font_path(role))
        assert book.get(role, 20).get_height() > 10


def test_the_icon_files_are_what_tools_make_icon_draws() -> None:
    import pygame

    make_icon = load_tool("make_icon")
    committed = pygame.image.load(str(make_icon.PNG_OUT))
    assert committed.get_size() == (256, 256)
    drawn = make_icon.draw(256)
    assert pygame.image.tobytes(committed, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    ico = make_icon.ICO_OUT.read_bytes()
    assert ico[:4] == b"\0\0\1\0" and int.from_bytes(ico[4:6], "little") == len(make_icon.ICO_SIZES)
    icns = make_icon.ICNS_OUT.read_bytes()
    assert icns[:4] == b"icns" and int.from_bytes(icns[4:8], "big") == len(icns)
    for kind, _size in make_icon.ICNS_TYPES:
        assert kind in icns


@pytest.mark.parametrize("command", [[], ["engine"], ["frames"], ["fair"], ["master"]])
def test_every_bench_command_answers_help(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game.bench", *command, "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stdout.startswith("usage:")


@pytest.mark.slow
def test_the_frames_bench_leaves_no_temporary_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.bench import frames

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    result = frames.run(frames=3)
    assert result["frames"] == 3
    monkeypatch.setenv("CANASTA_CONFIG_DIR", str(tmp_path / "keep-config"))
    monkeypatch.setenv("CANASTA_DATA_DIR", str(tmp_path / "keep-data"))
    assert frames.probe() == 0
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("canasta-")] == []


# -- main.py without the game's libraries -------------------------------------------------------


class Recorder:
    """Stands in for subprocess.call: records each command, answers with the given statuses."""

    def __init__(self, statuses: dict[str, int] | None = None) -> None:
        self.commands: list[list[str]] = []
        self.statuses = statuses or {}

    def __call__(self, command: list[str]) -> int:
        self.commands.append(command)
        for needle, status in self.statuses.items():
            if needle in command:
                return status
        return 0


def test_missing_libraries_are_found_without_importing_them() -> None:
    assert launcher.missing_modules() == []
    absent = {"msgpack"}
    found = launcher.missing_modules(lambda name: None if name in absent else object())
    assert found == ["msgpack"]


def test_without_a_console_it_explains_and_installs_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = Recorder()
    status = launcher.bootstrap(
        ["--host"], ["msgpack"], interactive=False, run=run, venv=tmp_path / ".venv"
    )
    assert status == 2 and run.commands == []
    captured = capsys.readouterr()
    assert "needs msgpack" in captured.out and "Traceback" not in captured.err
    assert "pip install -r requirements.txt" in captured.err


def test_a_yes_makes_the_venv_installs_with_progress_and_starts_the_game(tmp_path: Path) -> None:
    venv = tmp_path / ".venv"
    run = Recorder()
    status = launcher.bootstrap(
        ["--host", "5000"],
        ["pygame"],
        interactive=True,
        ask=lambda _question: "",
        run=run,
        venv=venv,
    )
    assert status == 0
    make, install, engine_install, build_engine, start = run.commands
    assert make == [sys.executable, "-m", "venv", str(venv)]
    python = str(launcher.venv_python(venv))
    assert install == [python, "-m", "pip", "install", *pyproject()["project"]["dependencies"]]
    assert "-q" not in install  # pip's progress stays visible
    engine = pyproject()["project"]["optional-dependencies"]["engine"]
    assert engine_install == [python, "-m", "pip", "install", *engine]
    assert build_engine == [python, "-c", launcher.BUILD_ENGINE, str(ROOT)]
    assert start == [python, str(ROOT / "main.py"), "--host", "5000"]


def test_an_engine_that_does_not_compile_still_starts_the_game(tmp_path: Path) -> None:
    venv = tmp_path / ".venv"
    run = Recorder({launcher.BUILD_ENGINE: 1})
    status = launcher.bootstrap(
        [], ["pygame"], interactive=True, ask=lambda _q: "", run=run, venv=venv
    )
    assert status == 0
    assert run.commands[-1] == [str(launcher.venv_python(venv)), str(ROOT / "main.py")]


def test_the_engine_build_command_runs_from_any_folder(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", launcher.BUILD_ENGINE.replace("'--quiet'", "'--status'"), str(ROOT)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("compiled engine: ")


def test_a_no_changes_nothing(tmp_path: Path) -> None:
    run = Recorder()
    status = launcher.bootstrap(
        [], ["pygame"], interactive=True, ask=lambda _q: "n", run=run, venv=tmp_path / ".venv"
    )
    assert status == 2 and run.commands == []


def test_a_failed_install_stops_before_starting_the_game(tmp_path: Path) -> None:
    run = Recorder({"pip": 1})
    status = launcher.bootstrap(
        [], ["pygame"], interactive=True, ask=lambda _q: "y", run=run, venv=tmp_path / ".venv"
    )
    assert status == 1
    assert [command[1:3] for command in run.commands] == [["-m", "venv"], ["-m", "pip"]]


def test_a_ready_venv_is_used_without_asking(tmp_path: Path) -> None:
    venv = tmp_path / ".venv"
    python = launcher.venv_python(venv)
    python.parent.mkdir(parents=True)
    python.write_text("")

    def never(_question: str) -> str:
        raise AssertionError("asked although .venv was ready")

    run = Recorder()  # the probe of .venv answers 0: every library is there
    status = launcher.bootstrap(
        ["--version"], ["pygame"], interactive=True, ask=never, run=run, venv=venv
    )
    assert status == 0
    probe, start = run.commands
    assert probe[:2] == [str(python), "-c"] and probe[3:] == list(launcher.REQUIRED_MODULES)
    assert start == [str(python), str(ROOT / "main.py"), "--version"]


def test_main_py_is_runnable_and_starts_with_a_shebang() -> None:
    text = (ROOT / "main.py").read_text(encoding="utf-8")
    assert text.startswith("#!/usr/bin/env python3\n")
    mode = subprocess.run(
        ["git", "ls-files", "-s", "main.py"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    if mode:  # a git checkout: the run bit is recorded there
        assert mode.startswith("100755")


def test_main_py_without_site_packages_gives_no_traceback(tmp_path: Path) -> None:
    """`python -S` hides every installed library: the real check, end to end, with no console."""
    result = subprocess.run(
        [sys.executable, "-S", "-c", "import sys, main; sys.exit(main.main())", "--version"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        env={"PATH": "", "CI": "1", "PYTHONPATH": str(ROOT)},
    )
    assert "Traceback" not in result.stderr
    if result.returncode == 0:  # a ready .venv beside main.py answered
        assert result.stdout.strip().endswith(f"Canasta {game.__version__}")
    else:
        assert result.returncode == 2
        assert "Canasta needs" in result.stdout and "requirements.txt" in result.stderr


def test_the_app_builder_installs_the_build_group_and_the_runtime_libraries() -> None:
    build_app = load_tool("build_app")
    project = pyproject()["project"]
    assert list(build_app.BUILD_REQUIREMENTS) == project["optional-dependencies"]["build"]
    assert build_app.runtime_requirements() == project["dependencies"]
    assert build_app.SPEC.is_file()


def _readme_command_tool():
    spec = importlib.util.spec_from_file_location(
        "readme_command", ROOT / ".ci" / "readme_command.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ci_runs_the_readme_commands_exactly_as_written() -> None:
    tool = _readme_command_tool()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    play = tool.readme_command("Play", readme)
    tests = tool.readme_command("Run the tests", readme)
    assert play.endswith("main.py") and tests.endswith("-m pytest")
    # no install step that only CI does: the checks' tools come from the README's install
    assert "-e" not in play.split() and "pip install -r requirements.txt" in tests
    assert "ruff" in requirement_lines()[-1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert 'readme "Run the tests"' in ci and 'readme "Play"' in ci
    assert "pip install" not in ci


def test_the_readme_command_tool_refuses_a_missing_label() -> None:
    tool = _readme_command_tool()
    with pytest.raises(LookupError):
        tool.readme_command("Nowhere", "**Play**\n\n```sh\nx\n```\n")
    assert tool.readme_command("Play", "intro\n**Play** (how):\n\n```sh\nrun it\n```\n") == "run it"
