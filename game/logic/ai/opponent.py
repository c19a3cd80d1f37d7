"""What a player may infer about the other players' hidden cards from how they have played this hand.

A computer player watches its own views turn after turn and remembers, for the hand in
progress, the ranks each other player discarded (players rarely throw away a card they hold a
pair of) and the ranks the next player refused (it drew from the stock when the pile's top card
was the player's own discard, one it could have taken with a pair, or laid off on its own meld).
Together with each player's (side's) melds (a card that fits one is usually laid off at once)
these ranks are unlikely in its hidden hand. `OpponentModel.determinize(view, rng)` deals the
unseen cards as `view.determinize` does, then moves most of the unlikely cards out of each other
player's hand into the stock, so the search plays against hands that agree with what the others
have shown. Everything here comes from the views the player was given, nothing else: with a
partner (four players), what the partner has shown at the table, never its hand.
"""

from __future__ import annotations

import random
from typing import Final

from ..cards import CARD_RANK, IDS_OF_CODE, IS_RED_THREE, IS_WILD
from ..engine import Game
from ..phases import DRAW
from ..view import PlayerView, determinize

# The chance that an unlikely card dealt to another player is moved back to the stock.
MOVE_CHANCE: Final = 0.75
# The smallest pile (counting the player's discard on top) whose refusal counts as a sign.
MIN_REFUSED_PILE: Final = 3


class OpponentModel:
    """The other players' discards, and the next player's refusals, seen in the current hand."""

    def __init__(self) -> None:
        self.hand_no = -1
        self.turn_no = -1
        self.discarded: dict[int, set[int]] = {}  # by seat, ranks it discarded
        self.refused: set[int] = set()  # ranks the next player left on the pile
        self._my_discard: str | None = None
        self._pile_after_mine = 0

    def observe(self, view: PlayerView) -> None:
        """Update from a view of the player's own turn (call it before each decision)."""
        if view.hand_no != self.hand_no or view.turn_no < self.turn_no:
            # A new hand (or a new game reusing this player): nothing seen yet.
            self.hand_no = view.hand_no
            self.discarded = {}
            self.refused = set()
            self._my_discard = None
            self._pile_after_mine = 0
        self.turn_no = view.turn_no
        if view.phase != DRAW or not view.my_turn or self._my_discard is None:
            return
        pile = view.pile
        others = view.players - 1
        mine_at = self._pile_after_mine - 1
        if len(pile) == self._pile_after_mine + others:
            # Nobody took the pile since our discard: the next player left it (with our
            # discard on top), and each other player added one card in turn.
            mine = pile[mine_at] in IDS_OF_CODE.get(self._my_discard, ())
            worth_taking = self._pile_after_mine >= MIN_REFUSED_PILE
            if mine and worth_taking and not IS_WILD[pile[mine_at]]:
                self.refused.add(CARD_RANK[pile[mine_at]])
            for k in range(others):
                card = pile[self._pile_after_mine + k]
                if not IS_WILD[card]:
                    seat = (view.seat + 1 + k) % view.players
                    self.discarded.setdefault(seat, set()).add(CARD_RANK[card])
        self._my_discard = None

    def note_discard(self, view: PlayerView, code: str) -> None:
        """The player is discarding `code`; the pile will then hold one card more."""
        self._my_discard = code
        self._pile_after_mine = len(view.pile) + 1

    def unlikely_ranks(self, view: PlayerView, seat: int | None = None) -> set[int]:
        """Ranks player `seat` (the next player by default) probably does not hold, beyond the
        cards known to be in its hand."""
        seat = view.opponent if seat is None else seat
        ranks = set(self.discarded.get(seat, ()))
        if seat == view.opponent:
            ranks |= self.refused
        ranks.update(key for key, _cards in view.melds[seat])
        known = {CARD_RANK[c] for c in view.known[seat]}
        return {r for r in ranks if r not in known}

    def determinize(self, view: PlayerView, rng: random.Random) -> Game:
        """A game consistent with the view, the other players' hidden cards biased by the
        model."""
        game = determinize(view, rng)
        for step in range(1, view.players):
            seat = (view.seat + step) % view.players
            unlikely = self.unlikely_ranks(view, seat)
            if not unlikely or not game.stock:
                continue
            self._move_out(game, seat, set(view.known[seat]), unlikely, rng)
        return game

    @staticmethod
    def _move_out(
        game: Game, seat: int, known: set[int], unlikely: set[int], rng: random.Random
    ) -> None:
        """Swap most of player `seat`'s unlikely hidden cards for likely stock cards."""
        player = game.players[seat]
        stock = game.stock
        for index, card in enumerate(player.hand):
            if card in known or IS_WILD[card] or CARD_RANK[card] not in unlikely:
                continue
            if rng.random() >= MOVE_CHANCE:
                continue
            for _ in range(4):
                spot = rng.randrange(len(stock))
                other = stock[spot]
                if IS_RED_THREE[other] or IS_WILD[other] or CARD_RANK[other] in unlikely:
                    continue
                player.hand[index], stock[spot] = other, card
                break
