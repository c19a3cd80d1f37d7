"""How many join codes one address may try. The key exchange lets each connection test a single
guess at the code, so the host counts wrong guesses by where they come from: three are free (a
friend mistyping), then that address is refused for a pause that doubles with every further
miss, up to a quarter of an hour, and forgotten after an hour without one. The code itself never
changes, so the friend holding it (and a guest resuming after a crash) is never locked out by
someone else's guesses; a tally of the misses by address is kept for the host's log."""

from __future__ import annotations

from dataclasses import dataclass

FREE_GUESSES = 3  # wrong codes an address may try before it must pause
FIRST_PAUSE = 2.0  # seconds, after the free guesses; doubled by each further miss
MAX_PAUSE = 900.0
FORGET_AFTER = 3600.0  # an address with no miss for this long starts afresh
MAX_SOURCES = 4096  # addresses remembered at once (the quietest is forgotten first)


@dataclass
class _Source:
    misses: int = 0
    last_miss: float = 0.0
    refused_until: float = 0.0


class GuessLimiter:
    """Wrong guesses by source address, read with the caller's clock (no clock of its own)."""

    def __init__(self) -> None:
        self._sources: dict[str, _Source] = {}
        self._total: dict[str, int] = {}

    def pause(self, source: str, now: float) -> float:
        """Seconds before `source` may try a code again; 0 when it may now."""
        entry = self._current(source, now)
        return 0.0 if entry is None else max(0.0, entry.refused_until - now)

    def missed(self, source: str, now: float) -> float:
        """Count a wrong guess from `source`; returns the pause it now has to wait."""
        entry = self._current(source, now)
        if entry is None:
            if len(self._sources) >= MAX_SOURCES:
                quietest = min(self._sources, key=lambda key: self._sources[key].last_miss)
                del self._sources[quietest]
            entry = self._sources[source] = _Source()
        entry.misses += 1
        entry.last_miss = now
        if source in self._total or len(self._total) < MAX_SOURCES:
            self._total[source] = self._total.get(source, 0) + 1
        if entry.misses >= FREE_GUESSES:
            wait = min(MAX_PAUSE, FIRST_PAUSE * 2 ** (entry.misses - FREE_GUESSES))
            entry.refused_until = now + wait
        return max(0.0, entry.refused_until - now)

    def proved(self, source: str) -> None:
        """`source` showed it holds the code: its earlier misses were typing, not guessing
        (they stay in the tally for the log)."""
        self._sources.pop(source, None)

    def misses(self, source: str) -> int:
        """Wrong guesses counted from `source` since the host started."""
        return self._total.get(source, 0)

    def tally(self) -> str:
        """Every address that guessed wrong and how often, most first: '198.51.100.7: 5, …'."""
        ranked = sorted(self._total.items(), key=lambda item: (-item[1], item[0]))
        return ", ".join(f"{source}: {count}" for source, count in ranked)

    def _current(self, source: str, now: float) -> _Source | None:
        entry = self._sources.get(source)
        if entry is not None and now - entry.last_miss >= FORGET_AFTER:
            del self._sources[source]
            return None
        return entry
