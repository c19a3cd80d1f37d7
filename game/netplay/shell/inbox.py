"""What a network thread hands to the game loop: events put on one side and taken on the other,
all at once each frame (`drain`, never blocking) or one at a time with a deadline (`wait`, for
tools and tests)."""

from __future__ import annotations

import queue
from typing import Generic, TypeVar

T = TypeVar("T")


class Inbox(Generic[T]):
    """A thread-safe queue of events from a background thread."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[T] = queue.SimpleQueue()

    def put(self, item: T) -> None:
        self._queue.put(item)

    def drain(self) -> list[T]:
        """Everything put since the last call, without blocking."""
        items = []
        while True:
            try:
                items.append(self._queue.get_nowait())
            except queue.Empty:
                return items

    def wait(self, timeout: float) -> T | None:
        """Block up to `timeout` seconds for one item; None if nothing came."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None
