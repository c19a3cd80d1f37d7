"""Writing a saved network game so that a crash or power cut mid-write never leaves a half file.

The document goes to a temporary file in the same directory, is flushed and fsynced, then
atomically renamed over the target with `os.replace`; the directory is fsynced too where the
system allows, so the rename itself survives a crash. Readers therefore see the old save or the
new one, never a mixture. Reading checks that the file holds one JSON object."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_json_atomic(path: str | os.PathLike[str], document: Any) -> None:
    """Write `document` as JSON to `path`, replacing any previous file in one step."""
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    directory.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_directory(directory)


def _fsync_directory(directory: Path) -> None:
    # POSIX needs this for the rename to be durable; Windows cannot open directories, and does
    # not need it
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def read_json(path: str | os.PathLike[str]) -> dict:
    """The JSON object stored at `path`; raises `ValueError` (or `OSError`) if there is none."""
    with open(path, encoding="utf-8") as stream:
        document = json.load(stream)
    if not isinstance(document, dict):
        raise ValueError(f"{path} does not hold a saved game")  # noqa: TRY004 - a file, not an argument
    return document
