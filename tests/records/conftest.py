"""Fixtures for the records tests: a fresh database in a temporary folder with a ticking clock."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone

import pytest

from game.records import Records, open_records


class TickClock:
    """A clock that moves one minute forward every time it is read, from a fixed start."""

    def __init__(self, start: datetime = datetime(2026, 1, 1, 10, 0, tzinfo=timezone.utc)):
        self.now = start

    def __call__(self) -> datetime:
        current = self.now
        self.now += timedelta(minutes=1)
        return current


@pytest.fixture
def clock() -> TickClock:
    return TickClock()


@pytest.fixture
def records(tmp_path, clock) -> Iterator[Records]:
    opened = open_records(tmp_path / "records.sqlite3", clock=clock)
    assert opened.message is None
    yield opened.records
    opened.records.close()
