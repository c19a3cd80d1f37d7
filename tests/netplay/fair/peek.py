"""What only a test may know of a deal, for the tests that prove a seat never holds a card
before it was opened to it: what each position is, and everything a seat's state holds."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from game.netplay.fair import Seat
from game.netplay.fair.group import CARD_OF_POINT, Point, unmask


def physical_cards(seats: Sequence[Seat]) -> list[int]:
    """What each position is, worked out with every seat's secret and the last seat's whole
    deck (it sends only the stretches the openings reach)."""
    cards: list[int] = []
    for value in seats[-1]._deck:
        for seat in seats:
            value = unmask(seat._secret, value)
        cards.append(CARD_OF_POINT[Point(value)])
    return cards


def reachable(root: object) -> Iterator[object]:
    """Every object a state holds, through attributes, slots, dicts and collections."""
    stack, seen = [root], set()
    while stack:
        item = stack.pop()
        if id(item) in seen or callable(item) or isinstance(item, type):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        else:
            if hasattr(item, "__dict__"):
                stack.extend(vars(item).values())
            for slot in getattr(type(item), "__slots__", ()):
                if hasattr(item, slot):
                    stack.append(getattr(item, slot))
