"""What a player may infer about the opponent's hidden cards from how it has played this hand.

A computer player watches its own views turn after turn and remembers, for the hand in
progress, the ranks the opponent discarded (players rarely throw away a card they hold a pair
of) and the ranks it refused (it drew from the stock when the pile's top card was one it could
have taken with a pair, or laid off on its own meld). Together with the opponent's own melds
(a card that fits one is usually laid off at once) these ranks are unlikely in its hidden hand.
`OpponentModel.determinize(view, rng)` deals the unseen cards as `view.determinize` does, then
moves most of the unlikely cards out of the opponent's hand into the stock, so the search plays
against hands that agree with what the opponent has shown. Everything here comes from the views
the player was given, nothing else.
"""

from __future__ import annotations

import random
from typing import Final

from ..cards import CARD_RANK, IDS_OF_CODE, IS_RED_THREE, IS_WILD
from ..engine import Game
from ..phases import DRAW
from ..view import PlayerView, determinize

# The chance that an unlikely card dealt to the opponent is moved back to the stock.
MOVE_CHANCE: Final = 0.75


class OpponentModel:
    """The opponent's discards and refusals seen in the current hand."""

    def __init__(self) -> None:
        self.hand_no = -1
        self.turn_no = -1
        self.discarded: set[int] = set()
        self.refused: set[int] = set()
        self._my_discard: str | None = None
        self._pile_after_mine = 0

    def observe(self, view: PlayerView) -> None:
        """Update from a view of the player's own turn (call it before each decision)."""
        if view.hand_no != self.hand_no or view.turn_no < self.turn_no:
            # A new hand (or a new game reusing this player): nothing seen yet.
            self.hand_no = view.hand_no
            self.discarded = set()
            self.refused = set()
            self._my_discard = None
            self._pile_after_mine = 0
        self.turn_no = view.turn_no
        if view.phase != DRAW or not view.my_turn or self._my_discard is None:
            return
        pile = view.pile
        if len(pile) == self._pile_after_mine + 1 and len(pile) >= 2:
            # The opponent left the pile (with our discard on top) and added its own card.
            mine = pile[-2] in IDS_OF_CODE.get(self._my_discard, ())
            if mine and not IS_WILD[pile[-2]]:
                self.refused.add(CARD_RANK[pile[-2]])
            if not IS_WILD[pile[-1]]:
                self.discarded.add(CARD_RANK[pile[-1]])
        self._my_discard = None

    def note_discard(self, view: PlayerView, code: str) -> None:
        """The player is discarding `code`; the pile will then hold one card more."""
        self._my_discard = code
        self._pile_after_mine = len(view.pile) + 1

    def unlikely_ranks(self, view: PlayerView) -> set[int]:
        """Ranks the opponent probably does not hold (beyond the cards known to be in its hand)."""
        ranks = set(self.discarded) | set(self.refused)
        ranks.update(key for key, _cards in view.melds[view.opponent])
        known = {CARD_RANK[c] for c in view.known[view.opponent]}
        return {r for r in ranks if r not in known}

    def determinize(self, view: PlayerView, rng: random.Random) -> Game:
        """A game consistent with the view, the opponent's hidden cards biased by the model."""
        game = determinize(view, rng)
        unlikely = self.unlikely_ranks(view)
        if not unlikely or not game.stock:
            return game
        opponent = game.players[view.opponent]
        known = set(view.known[view.opponent])
        stock = game.stock
        for index, card in enumerate(opponent.hand):
            if card in known or IS_WILD[card] or CARD_RANK[card] not in unlikely:
                continue
            if rng.random() >= MOVE_CHANCE:
                continue
            for _ in range(4):
                spot = rng.randrange(len(stock))
                other = stock[spot]
                if IS_RED_THREE[other] or IS_WILD[other] or CARD_RANK[other] in unlikely:
                    continue
                opponent.hand[index], stock[spot] = other, card
                break
        return game
