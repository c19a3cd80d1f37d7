"""Reproducible randomness for the tests: what a `Seat` is given instead of the system's."""

from __future__ import annotations

import hashlib

from game.netplay.fair import RandomBytes


def seeded(seed: bytes) -> RandomBytes:
    """A reproducible stream of bytes: SHA-256 of the seed and a counter."""
    buffer = bytearray()
    counter = 0

    def random(size: int) -> bytes:
        nonlocal counter
        while len(buffer) < size:
            buffer.extend(hashlib.sha256(seed + counter.to_bytes(8, "big")).digest())
            counter += 1
        out = bytes(buffer[:size])
        del buffer[:size]
        return out

    return random
