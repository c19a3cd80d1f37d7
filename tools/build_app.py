"""Builds the double-click app: `python tools/build_app.py` makes the one-folder `dist/Canasta/`.

Nothing is installed globally. The build runs in a virtual environment: the one this Python
already is (when it is one), else `build/venv`, made on first use; `--venv DIR` picks another.
The game's runtime libraries, PyInstaller and mypy (the `build` group of pyproject.toml) are
installed there, the engine is compiled (game/native), then PyInstaller follows
`packaging/canasta.spec`. Afterwards the licences of the game, its
assets and everything bundled are copied to `dist/Canasta/LICENSES/`, and the script prints where
the app is, how big it is and how long the build took. On macOS the double-clickable app is
`dist/Canasta.app`. Run it from any folder: paths are taken from this file's place.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "canasta.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
DEFAULT_VENV = ROOT / "build" / "venv"
APP_NAME = "Canasta"
# The `build` group of pyproject.toml (a test keeps the two equal).
BUILD_REQUIREMENTS = ("pyinstaller>=6.10,<7", "mypy>=1.15,<3", "setuptools>=69")
# Bundled distributions whose licences go beside the app, with what their metadata may lack.
BUNDLED = {
    "pygame-ce": "GNU LGPL 2.1; it bundles SDL2 (zlib licence), FreeType (FTL), libpng and others",
    "msgpack": "Apache License 2.0",
    "platformdirs": "MIT",
    "magic-wormhole": "MIT",
    "twisted": "MIT",
    "pyinstaller": "GPL 2 with the bootloader exception: the bundled bootloader may be shipped",
}


def runtime_requirements() -> list[str]:
    """The runtime lines of requirements.txt (which a test keeps equal to pyproject's)."""
    lines = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    specs = [line.split("#")[0].strip() for line in lines]
    runtime = lines.index("# Tests") if "# Tests" in lines else len(lines)
    return [spec for spec in specs[:runtime] if spec]


def in_a_venv() -> bool:
    return sys.prefix != sys.base_prefix


def venv_python(venv: Path) -> Path:
    if sys.platform == "win32":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def builder_python(requested: Path | None) -> Path:
    """The Python to build with: `--venv`'s, this one when it is a venv, else build/venv's."""
    if requested is None and in_a_venv():
        return Path(sys.executable)
    venv = requested or DEFAULT_VENV
    python = venv_python(venv)
    if not python.exists():
        print(f"making the build environment {venv}", flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    return python


def run(command: list[str]) -> None:
    print("$ " + " ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=ROOT)


def copy_licences(app: Path, python: Path) -> list[Path]:
    """Copy the licences into `app`/LICENSES: the game's, its assets', Python's and those of the
    bundled distributions (as found in the build environment's metadata)."""
    folder = app / "LICENSES"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    copied = []
    for source, name in (
        (ROOT / "LICENSE", "Canasta.txt"),
        (ROOT / "assets" / "cards" / "LICENSE", "card-pictures.txt"),
        (ROOT / "assets" / "fonts" / "LICENSE", "DejaVu-fonts.txt"),
        (ROOT / "assets" / "fonts" / "LICENSE-NotoSansSymbols2", "Noto-Sans-Symbols-2-font.txt"),
    ):
        copied.append(Path(shutil.copyfile(source, folder / name)))
    probe = (
        "import json, sys, sysconfig; from importlib import metadata\n"
        "out = {'python': sysconfig.get_path('stdlib')}\n"
        "for name in sys.argv[1:]:\n"
        "    dist = metadata.distribution(name)\n"
        "    files = [str(dist.locate_file(f)) for f in dist.files or ()\n"
        "             if f.name.upper().startswith(('LICENSE', 'LICENCE', 'COPYING'))]\n"
        "    out[name] = {'version': dist.version, 'files': files,\n"
        "                 'home': dist.metadata.get('Home-page') or ''}\n"
        "print(json.dumps(out))\n"
    )
    found = json.loads(
        subprocess.run(
            [str(python), "-c", probe, *BUNDLED], check=True, capture_output=True, text=True
        ).stdout
    )
    python_licence = Path(found.pop("python")) / "LICENSE.txt"
    if python_licence.exists():
        copied.append(Path(shutil.copyfile(python_licence, folder / "Python.txt")))
    for name, summary in BUNDLED.items():
        info = found[name]
        target = folder / f"{name}.txt"
        parts = [f"{name} {info['version']}: {summary}. {info['home']}".rstrip() + "\n"]
        parts += [
            Path(path).read_text(encoding="utf-8", errors="replace") for path in info["files"]
        ]
        target.write_text("\n".join(parts), encoding="utf-8")
        copied.append(target)
    return copied


def folder_size(folder: Path) -> int:
    # Symbolic links inside the app point at files already counted.
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/build_app.py", description=__doc__)
    parser.add_argument(
        "--venv",
        type=Path,
        metavar="DIR",
        help="build in this virtual environment (made if missing) instead of the current one",
    )
    parser.add_argument(
        "--no-install",
        action="store_true",
        help="use the build environment as it is (PyInstaller and the game's libraries present)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    python = builder_python(args.venv.resolve() if args.venv else None)
    if not args.no_install:
        # The game's runtime libraries (from pyproject.toml via the package itself) and PyInstaller.
        run([str(python), "-m", "pip", "install", *runtime_requirements(), *BUILD_REQUIREMENTS])
    # The same module order in every build; pygame's greeting kept out of the build's output.
    env = dict(os.environ, PYTHONHASHSEED="0", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # Whether this Python runs the compiled engine (CANASTA_ENGINE, game/native) is no say in
    # what the app ships: the build compiles and bundles it whenever it can.
    env.pop("CANASTA_ENGINE", None)
    # The compiled engine, which the recipe bundles when it is built (else the app runs the
    # engine's Python modules).
    print(f"$ {python} -m game.native.build --quiet", flush=True)
    subprocess.run([str(python), "-m", "game.native.build", "--quiet"], cwd=ROOT, env=env)
    print(f"$ {python} -m PyInstaller {SPEC.relative_to(ROOT)}", flush=True)
    subprocess.run(
        [
            str(python),
            "-m",
            "PyInstaller",
            str(SPEC),
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST),
            "--workpath",
            str(WORK),
        ],
        check=True,
        cwd=ROOT,
        env=env,
    )
    app = DIST / APP_NAME
    copy_licences(app, python)
    bundle = DIST / f"{APP_NAME}.app"
    if sys.platform == "darwin" and bundle.exists():
        copy_licences(bundle / "Contents" / "Resources", python)
        # A file added to a signed bundle breaks its (ad-hoc) signature, and macOS would then
        # call the downloaded app damaged instead of offering "Open Anyway": sign it again.
        run(["codesign", "--force", "--deep", "--sign", "-", str(bundle)])
    seconds = time.perf_counter() - started
    executable = app / (f"{APP_NAME}.exe" if sys.platform == "win32" else APP_NAME)
    print(f"\nbuilt {app} in {seconds:.0f} s ({folder_size(app) / 2**20:.0f} MB)")
    print(f"start it with: {executable}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
