"""Numbers as every screen shows them, in one format: the table, the scoresheet and the records
agree ("1,355" in English, "1.355" in German), as the language in use writes them."""

from __future__ import annotations

from game.language import number


def grouped(value: int) -> str:
    """`value` with its thousands grouped as the player's language writes them."""
    return number(value)


def signed(value: int) -> str:
    """A hand's change in points: "+1,355", "-50", "0"."""
    return "+" + number(value) if value > 0 else number(value)
