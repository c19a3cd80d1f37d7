"""The game's own files on disk: written so a crash never leaves half a file, read so no bytes
at all can stop the game.

Preferences, the autosave and saved network games all go through `atomic_write_json`: the readers
see the old file or the new one, whole. `read_json_file` reads them back and turns anything wrong
(unreadable, not UTF-8, not JSON, nested deeper than a saved file ever is) into `DamagedFile` with
a sentence a player can read. `keep_aside` keeps a damaged file under a numbered name, several of
them, so the next save cannot overwrite what might still be recovered; `remove_stale_temporaries`
clears the temporary files a killed process left behind. Pure standard library, so the network
code (which never imports pygame) and the table share it.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

# Damaged copies kept of one file; the oldest goes when another must be kept.
DAMAGED_COPIES_KEPT = 5


class DamagedFile(ValueError):
    """A file of the game's that cannot be read back; the message ends a sentence such as
    "The saved game ..." ("is not valid JSON")."""


def read_json_file(path: str | os.PathLike[str]) -> Any:
    """The JSON value stored at `path`. `FileNotFoundError` if there is no file; `DamagedFile`
    for anything else that is wrong, whatever the bytes."""
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise DamagedFile(f"could not be read ({exc.strerror or exc})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DamagedFile("is damaged (it holds bytes that are not text)") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise DamagedFile("is damaged (it is nested far deeper than the game writes)") from None
    except ValueError as exc:
        raise DamagedFile(f"is damaged (it is not valid JSON: {exc})") from None


def keep_aside(source: Path, first: Path, *, move: bool = True) -> Path | None:
    """Keep `source` as `first` (then `<stem>-2<suffix>`, `-3`, ... up to `DAMAGED_COPIES_KEPT`,
    the oldest replaced after that), moved or copied; the copy's path, or None if it could not
    be kept (logged)."""
    names = [first] + [
        first.with_name(f"{first.stem}-{n}{first.suffix}")
        for n in range(2, DAMAGED_COPIES_KEPT + 1)
    ]
    free = [name for name in names if not name.exists()]
    if free:
        target = free[0]
    else:

        def age(name: Path) -> float:
            try:
                return name.stat().st_mtime
            except OSError:
                return 0.0

        target = min(names, key=age)
    try:
        if move:
            source.replace(target)
        else:
            shutil.copyfile(source, target)
        # The copy's time says when it was kept, so the oldest is the one replaced next.
        os.utime(target)
    except OSError as exc:
        log.warning("could not keep a copy of %s: %s", source, exc)
        return None
    return target


def remove_stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files `atomic_write_json` left beside `path` when a process was
    killed mid-write (`.<name>.*.tmp`); returns those removed."""
    target = Path(path)
    removed = []
    try:
        leftovers = list(target.parent.glob(f".{target.name}.*.tmp"))
    except OSError:
        return []
    for leftover in leftovers:
        try:
            leftover.unlink()
        except OSError as exc:
            log.warning("could not remove %s: %s", leftover, exc)
        else:
            removed.append(leftover)
    return removed


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
