"""Command line: `python -m game.native.build [--status] [--quiet]` compiles the rules engine and
the search (see game/native/__init__.py). A build that cannot happen (no compiler, no mypy) is
reported and is not an error: the game then runs its Python modules."""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Sequence
from pathlib import Path

from game import native

_BUILD_SCRIPT = """
import sys
from setuptools import setup
from mypyc.build import mypycify

paths, group, target, out, temp = sys.argv[1].split(";"), sys.argv[2], *sys.argv[3:6]
setup(
    name=group,
    ext_modules=mypycify(paths, group_name=group, target_dir=target, opt_level="3"),
    script_args=["build_ext", "--build-lib", out, "--build-temp", temp],
)
"""


def build(quiet: bool = False) -> str:
    """Compile the engine into `native.BUILD` (replacing any earlier build); the status after."""
    for needed in ("mypyc", "setuptools"):
        if importlib.util.find_spec(needed) is None:
            return f"not built: {needed} is not installed (pip install mypy setuptools)"
    if not sysconfig.get_config_var("CC") and not shutil.which("cc") and not shutil.which("gcc"):
        return "not built: no C compiler found; the game runs its Python modules"
    with tempfile.TemporaryDirectory(prefix="canasta-native-") as work:
        out = Path(work) / "out"
        paths = ";".join(str(native.source(m).relative_to(native.ROOT)) for m in native.COMPILED)
        digests = native.digests()
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                _BUILD_SCRIPT,
                paths,
                native.GROUP,
                str(Path(work) / "c"),
                str(out),
                str(Path(work) / "temp"),
            ],
            cwd=native.ROOT,
            capture_output=quiet,
            text=True,
            check=False,
        )
        if result.returncode != 0:
            output = (result.stdout or "") + (result.stderr or "")
            tail = output.strip().splitlines()[-5:] if quiet else []
            return "not built: the compiler failed" + ("\n" + "\n".join(tail) if tail else "")
        # Replace the old build only once the new one is complete, stamp last.
        staged = native.BUILD.with_name("compiled.new")
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(out, staged)
        stamp = {"abi": native.abi(), "sources": digests}
        (staged / "stamp.json").write_text(json.dumps(stamp, indent=1), encoding="utf-8")
        shutil.rmtree(native.BUILD, ignore_errors=True)
        staged.rename(native.BUILD)
    return native.status()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.native.build",
        description="Compile the rules engine and the search with mypyc (needs a C compiler).",
    )
    parser.add_argument("--status", action="store_true", help="only say whether it is built")
    parser.add_argument("--quiet", action="store_true", help="hide the compiler's output")
    parser.add_argument(
        "--force", action="store_true", help="compile even when the build is up to date"
    )
    args = parser.parse_args(argv)
    if args.status:
        print(f"compiled engine: {native.status()}")
    elif not args.force and native.status(respect_env=False) == "compiled":
        # the README's commands run this every time: a build of exactly these sources stands
        print("compiled engine: compiled (up to date)")
    else:
        print("compiling the engine (about a minute)...", flush=True)
        print(f"compiled engine: {build(quiet=args.quiet)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
