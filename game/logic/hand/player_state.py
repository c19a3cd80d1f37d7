"""One player's cards and standing in the current hand: the hand (kept grouped by rank as well),
the melds with their counts, the Threes laid down, whether the player has opened. The engine holds
one per seat; copies for the search share what is never changed in place. Partners (four players)
share their side's melds and Threes (`join_side_of`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import ACE, CARD_RANK, CardId, points_of
from ..melds import CANASTA_SIZE, canasta_count, wild_count

# Rank numbers run from 0 (Jokers) to 14 (Aces): one group each.
_RANKS: Final = ACE + 1


class PlayerState:
    """One player's cards and standing in the current hand.

    The player's canastas and the wild cards of each meld are counted as melds change, since
    every legal-move listing and most checks ask for them. Melds change through `add_to_meld`, or by
    assigning `melds` a whole new mapping (which counts afresh); a meld's card list is never
    changed in place, which is what lets copies share it.

    The hand's cards are also kept grouped by rank (`rank_groups`), for the listing of melds and
    of the ways to take the pile. The engine changes the hand through `gain` and `lose`, which
    keep the groups; anyone else may assign or edit `hand` freely: the groups remember the hand
    they were kept for, and are worked out afresh when the hand no longer matches it."""

    __slots__ = (
        "_canastas",
        "_grouped",
        "_groups",
        "_meld_points",
        "_meld_wilds",
        "_melds",
        "hand",
        "known",
        "opened",
        "returns",
        "special_cards",
        "threes",
    )

    def __init__(self) -> None:
        self.hand: list[CardId] = []
        # The hand as `_groups` was kept for (None: not grouped yet), and its cards by rank.
        self._grouped: list[CardId] | None = None
        self._groups: list[list[CardId]] = []
        # Meld key (natural rank, 3 for Black Threes, WILD) -> cards; insertion order = creation.
        self._melds: dict[int, list[CardId]] = {}
        self._canastas = 0
        self._meld_wilds: dict[int, int] = {}
        self._meld_points: dict[int, int] = {}
        self.threes: list[CardId] = []
        self.opened = False
        # Cards in this hand that the opponent has seen (they came from the pile).
        self.known: set[CardId] = set()
        self.returns = 0
        self.special_cards: list[CardId] = []

    @property
    def melds(self) -> dict[int, list[CardId]]:
        """Meld key -> its cards, in the order the melds were laid down (read-only: see
        `add_to_meld`)."""
        return self._melds

    @melds.setter
    def melds(self, melds: dict[int, list[CardId]]) -> None:
        self._melds = melds
        self._canastas = canasta_count(melds)
        self._meld_wilds = {key: wild_count(cards) for key, cards in melds.items()}
        self._meld_points = {key: points_of(cards) for key, cards in melds.items()}

    def add_to_meld(self, key: int, cards: Sequence[CardId]) -> list[CardId]:
        """Put `cards` onto the meld keyed `key` (laying it down if new), keeping the counts;
        the meld's new card list."""
        before = self._melds.get(key)
        after = [*before, *cards] if before is not None else list(cards)
        if len(after) >= CANASTA_SIZE and (before is None or len(before) < CANASTA_SIZE):
            self._canastas += 1
        self._melds[key] = after
        self._meld_wilds[key] = self._meld_wilds.get(key, 0) + wild_count(cards)
        self._meld_points[key] = self._meld_points.get(key, 0) + points_of(cards)
        return after

    def meld_wilds(self, key: int) -> int:
        """The wild cards in the meld keyed `key` (0 when there is none)."""
        return self._meld_wilds.get(key, 0)

    def meld_points(self) -> int:
        """The points of the cards in all the player's melds."""
        return sum(self._meld_points.values())

    def rank_groups(self) -> list[list[CardId]]:
        """The hand's cards by rank (index: the rank number of `cards`, Jokers 0), each group in
        the order of the hand. Read-only: the groups change as the hand does."""
        if self._grouped != self.hand:
            self._regroup()
        return self._groups

    def _regroup(self) -> None:
        groups: list[list[CardId]] = [[] for _rank in range(_RANKS)]
        for card in self.hand:
            groups[CARD_RANK[card]].append(card)
        self._groups = groups
        self._grouped = self.hand[:]

    def gain(self, cards: Sequence[CardId]) -> None:
        """Add `cards` to the end of the hand."""
        hand = self.hand
        grouped = self._grouped
        if grouped is not None and grouped == hand:
            groups = self._groups
            for card in cards:
                groups[CARD_RANK[card]].append(card)
            grouped.extend(cards)
        else:
            self._grouped = None
        hand.extend(cards)

    def lose(self, card: CardId) -> None:
        """Take `card` out of the hand (ValueError if it is not there)."""
        hand = self.hand
        grouped = self._grouped
        if grouped is not None and grouped == hand:
            hand.remove(card)
            grouped.remove(card)
            self._groups[CARD_RANK[card]].remove(card)
        else:
            self._grouped = None
            hand.remove(card)

    def lose_all(self, cards: Sequence[CardId]) -> None:
        """Take each of `cards` out of the hand (ValueError if one is not there)."""
        hand = self.hand
        grouped = self._grouped
        if grouped is not None and grouped == hand:
            groups = self._groups
            for card in cards:
                hand.remove(card)
                grouped.remove(card)
                groups[CARD_RANK[card]].remove(card)
        else:
            self._grouped = None
            for card in cards:
                hand.remove(card)

    def clone(self) -> PlayerState:
        """An independent copy; meld card lists are shared, as they are never changed in place.
        The copy groups its hand when first asked, as most copies never are."""
        other = PlayerState.__new__(PlayerState)
        other.hand = self.hand[:]
        other._grouped = None
        other._groups = []
        other._melds = self._melds.copy()
        other._canastas = self._canastas
        other._meld_wilds = self._meld_wilds.copy()
        other._meld_points = self._meld_points.copy()
        other.threes = self.threes[:]
        other.opened = self.opened
        other.known = self.known.copy()
        other.returns = self.returns
        other.special_cards = self.special_cards[:]
        return other

    def join_side_of(self, partner: PlayerState) -> None:
        """Play for `partner`'s side (four players, RULES.md 9.1): share its melds, their
        counts and its laid Threes (the same objects, so a meld either partner makes is the
        side's), and take its opening. A change the partner makes later that assigns rather than
        edits (a count, the opening, a restored undo) is passed on by the engine calling this
        again."""
        self._melds = partner._melds
        self._canastas = partner._canastas
        self._meld_wilds = partner._meld_wilds
        self._meld_points = partner._meld_points
        self.threes = partner.threes
        self.opened = partner.opened

    def canastas(self) -> int:
        """The player's canastas (melds of seven cards or more)."""
        return self._canastas
