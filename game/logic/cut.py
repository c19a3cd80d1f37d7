"""Cutting for the deal (User Guide 4.4.5): who plays first in a new game.

Each player, from seat 0 round the table, cuts a card from a deck of its own, shuffled by
`shuffle.shuffled` with the stream of SHA-256 of ``canasta cut 1|<seed>`` (the game's seed in
decimal ASCII), so the cut never touches the deal. A Joker is no card to cut with: that player
cuts again. The highest rank plays first, Aces high and Twos low; the players who tie for the
highest cut again, in seat order, until one is left. The game then starts with that player
(`Game(first_player=...)`), and the dealer is the player before them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .cards import ACE, CARD_RANK, JOKER, N_CARDS, CardId
from .shuffle import shuffled

_CUT_LABEL = b"canasta cut 1"


@dataclass(frozen=True)
class Cut:
    """Every card each seat cut, in order (a Joker or a tie is cut again), and who plays
    first: the seat whose last card is the highest."""

    cards: tuple[tuple[CardId, ...], ...]
    first_player: int

    def last(self, seat: int) -> CardId:
        """The card that counted for `seat`: the last it cut."""
        return self.cards[seat][-1]


def cut_key(seed: int) -> bytes:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("a cut seed must be a whole number")
    return hashlib.sha256(b"|".join((_CUT_LABEL, str(seed).encode("ascii")))).digest()


def cut_value(card: CardId) -> int:
    """How high a card cuts: its rank, Aces high (14) and Twos low (2); a Joker not at all."""
    rank = CARD_RANK[card]
    return 0 if rank == JOKER else min(rank, ACE)


def cut_for_deal(seed: int, n_players: int) -> Cut:
    """The cut of the game with `seed` among `n_players`."""
    deck = iter(shuffled([CardId(c) for c in range(N_CARDS)], cut_key(seed)))
    cards: list[list[CardId]] = [[] for _ in range(n_players)]
    cutting = list(range(n_players))
    while True:
        for seat in cutting:
            card = next(deck)
            cards[seat].append(card)
            while cut_value(card) == 0:
                card = next(deck)
                cards[seat].append(card)
        best = max(cut_value(cards[seat][-1]) for seat in cutting)
        cutting = [seat for seat in cutting if cut_value(cards[seat][-1]) == best]
        if len(cutting) == 1:
            return Cut(tuple(tuple(c) for c in cards), cutting[0])
