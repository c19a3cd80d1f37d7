"""Writing JSON files so that a crash or power cut mid-write never leaves a half file.

Preferences, the autosave and saved network games all go through `atomic_write_json`: the readers
see the old file or the new one, whole. Pure standard library, so the network code (which never
imports pygame) and the table share it.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any


def atomic_write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write `data` as JSON to `path` so that readers see the old file or the new one, whole.

    The temporary file is made in the target's own folder because `os.replace` is only atomic
    within one file system; fsync before the rename so the new name never points at empty blocks.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        # The half-written temporary file goes; if even that fails, the original error matters.
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    # Persist the rename itself; not possible (nor needed) on Windows.
    if hasattr(os, "O_DIRECTORY"):
        try:
            dir_fd = os.open(target.parent, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        try:
            # Some file systems cannot sync a folder; the rename has happened all the same.
            with contextlib.suppress(OSError):
                os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
