"""Numbers as every screen shows them, in one format: the table, the scoresheet and the records
agree ("1,355")."""

from __future__ import annotations


def grouped(value: int) -> str:
    """`value` with its thousands grouped as the player's language writes them."""
    return f"{value:,}"


def signed(value: int) -> str:
    """A hand's change in points: "+1,355", "-50", "0"."""
    return f"{value:+,}" if value else "0"
