"""Pickling the frozen records (rules, views, actions, events) however the engine is built.

Unpickling sets a record's fields one by one, which a frozen dataclass refuses once the engine is
compiled (game/native): the computer's worker process receives views and rules, and sends back
actions, through pickles. Each such record rebuilds itself from its fields instead.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any


def reduce_frozen(record: Any) -> tuple[Any, tuple[Any, ...]]:
    """`record.__reduce__()`: its class called with its initializer's fields, in order."""
    return (type(record), tuple(getattr(record, f.name) for f in fields(record) if f.init))
