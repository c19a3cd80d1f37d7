"""The ids one seat gives the cards it has seen: the face, and a copy number that tells nothing.

The engine needs a distinct id for every card (two Eights of Hearts are ids 7 and 59), but which
physical copy a card is must not leak: an id following deal order (as the commit-reveal deal
renumbers) would tell its holder whether the twin was dealt earlier. So a seat names a card from
its *face* alone, in the order cards of that face open to it: the first Eight of Hearts this seat
sees is id 7, the second 59, whichever points they are. Ids are therefore per seat: the same
public card may be 7 at one seat and 59 at another, and the wire names cards by deck position
and face, never by these ids. A seat never sees more cards of a face than exist (a deck holds no
value twice and every unmask uses the seat's one secret), so a face never runs out of ids."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.logic.cards import IDS_OF_CODE, CardCode, CardId


@dataclass(frozen=True)
class OpenedCard:
    """A card a seat has seen: where it was dealt from, its face, and this seat's id for it."""

    position: int
    face: CardCode
    card_id: CardId


@dataclass
class CardNames:
    """One seat's ids, given in order of opening."""

    _named: dict[int, OpenedCard] = field(default_factory=dict)
    _used: set[CardId] = field(default_factory=set)

    def name(self, position: int, face: CardCode) -> OpenedCard:
        """The seat's card at `position`, named when it is first seen."""
        known = self._named.get(position)
        if known is not None:
            return known
        card_id = next(c for c in IDS_OF_CODE[face] if c not in self._used)
        self._used.add(card_id)
        opened = OpenedCard(position, face, card_id)
        self._named[position] = opened
        return opened
