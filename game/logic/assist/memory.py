"""What one player has seen happen in the current hand, kept from the public events only.

The view says where cards are now; it does not say who discarded what, or which cards returned to
a hand when a player took back a meld. `TableMemory` keeps those public facts for one seat as the
events of each action arrive. It reads the cards of public events only (discards, taken piles,
melds, melds taken back, laid-down Threes, upcards); the cards of draws, deals and talons, which
the engine reports for the animation of the mover's own hand, are never read, so a memory fed with
the real events knows nothing the seat could not see.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import events as ev
from ..events import Event


@dataclass
class TableMemory:
    """Public facts of the current hand, as seat `seat` saw them happen."""

    seat: int
    discards: list[tuple[int, int]] = field(default_factory=list)  # (player, card), in order
    # (player, the pile taken with its top card last, how many discards had been made by then)
    takes: list[tuple[int, tuple[int, ...], int]] = field(default_factory=list)
    returned_to_hand: dict[int, set[int]] = field(default_factory=lambda: {0: set(), 1: set()})

    def observe(self, events: Iterable[Event]) -> None:
        """Take note of one action's events (or a deal's)."""
        for event in events:
            kind = event.kind
            if kind == ev.DEAL:
                self._new_hand()
            elif kind == ev.DISCARD:
                self.discards.append((event.player, event.cards[0]))
            elif kind == ev.PILE_TAKEN:
                self.takes.append((event.player, tuple(event.cards), len(self.discards)))
            elif kind == ev.PILE_RETURNED and self.takes:
                self.takes.pop()
            elif kind == ev.UNDO and event.player in (0, 1):
                # Cards taken back from a meld were face up a moment ago: both players saw them.
                self.returned_to_hand[event.player].update(event.cards)
            if kind in (ev.MELD, ev.DISCARD) and event.player in (0, 1):
                self.returned_to_hand[event.player].difference_update(event.cards)

    def _new_hand(self) -> None:
        self.discards.clear()
        self.takes.clear()
        self.returned_to_hand = {0: set(), 1: set()}

    def discards_by(self, player: int, since_last_take: bool = True) -> list[int]:
        """The cards `player` discarded this hand (since they last took the pile, if asked)."""
        start = 0
        if since_last_take:
            start = max((at for who, _pile, at in self.takes if who == player), default=0)
        return [card for who, card in self.discards[start:] if who == player]

    def pile_takes_by(self, player: int) -> list[tuple[int, ...]]:
        """The piles `player` took this hand (top card last)."""
        return [pile for who, pile, _at in self.takes if who == player]
