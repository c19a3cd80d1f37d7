"""Saved network games on disk: written atomically (see `game.storage`), read back as one JSON
object or refused with a clear error, whatever the bytes in the file. `JsonFileStore` is the `SaveStore` a peer writes through."""

from __future__ import annotations

import os
from typing import Any

from game.storage import atomic_write_json, read_json_file

write_json_atomic = atomic_write_json


def read_json(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The JSON object stored at `path`; raises `ValueError` (or `OSError`) if there is none."""
    document = read_json_file(path)
    if not isinstance(document, dict):
        raise ValueError(f"{path} does not hold a saved game")
    return document


class JsonFileStore:
    """A peer's saves in one JSON file, replaced atomically on every write."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)

    @property
    def where(self) -> str:
        return self.path

    def write(self, document: dict[str, Any]) -> None:
        write_json_atomic(self.path, document)
