"""Saved network games on disk: written atomically (see `game.storage`), read back as one JSON
object or refused with a clear error."""

from __future__ import annotations

import json
import os

from game.storage import atomic_write_json

write_json_atomic = atomic_write_json


def read_json(path: str | os.PathLike[str]) -> dict:
    """The JSON object stored at `path`; raises `ValueError` (or `OSError`) if there is none."""
    with open(path, encoding="utf-8") as stream:
        document = json.load(stream)
    if not isinstance(document, dict):
        raise ValueError(f"{path} does not hold a saved game")
    return document
