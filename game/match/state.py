"""What the table draws: one player's view, plus a card id for every card lying face down.

The table shows the game from the seat of the person at the keyboard, who always sits at the
bottom (seat 0 on the table, whichever seat they hold in the game). `TableState` is that
`PlayerView` with its seats so arranged, completed by what a picture needs and a view leaves out:
which card sprite stands for each face-down card (the stock, the talons, the opponent's hidden
cards), so a card keeps its sprite as it travels, and the hands already finished, for the
scoresheet. A computer game fills the face-down places with the real cards (the table never shows
their faces); a network game, which does not know them, with ids that stay put from one view to
the next. Nothing here reaches a `Game`: the table cannot show more than the player may see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.logic.cards import IS_RED_THREE, IS_WILD
from game.logic.phases import GAME_OVER, HAND_OVER
from game.logic.rules import Rules
from game.logic.view import PlayerView

# The seat of the person at the keyboard, on the table: the bottom.
ME = 0
OPPONENT = 1

HandRecord = Mapping[str, Any]


@dataclass(frozen=True)
class TableState:
    """The table's picture of the game, the person at the keyboard in seat 0."""

    view: PlayerView
    stock: tuple[int, ...]  # bottom first
    talons: tuple[tuple[int, ...], ...]
    opponent_hand: tuple[int, ...]
    history: tuple[HandRecord, ...] = ()
    # With three or four players, the face-down hands of seats 2 and 3 (seat 1's is above).
    more_hands: tuple[tuple[int, ...], ...] = ()

    # -- the view, by the names the table uses ---------------------------------------------
    @property
    def rules(self) -> Rules:
        return self.view.rules

    @property
    def phase(self) -> str:
        return self.view.phase

    @property
    def to_move(self) -> int:
        return self.view.to_move

    @property
    def hand_no(self) -> int:
        return self.view.hand_no

    @property
    def turn_no(self) -> int:
        return self.view.turn_no

    @property
    def totals(self) -> tuple[int, ...]:
        return self.view.totals

    @property
    def pile(self) -> tuple[int, ...]:
        return self.view.pile

    @property
    def hand_over(self) -> bool:
        return self.view.phase in (HAND_OVER, GAME_OVER)

    @property
    def game_over(self) -> bool:
        return self.view.phase == GAME_OVER

    def hand(self, seat: int) -> tuple[int, ...]:
        """The cards in a seat's hand, as the table holds sprites for them."""
        if seat == ME:
            return self.view.hand
        return self.opponent_hand if seat == OPPONENT else self.more_hands[seat - 2]

    @property
    def seat_count(self) -> int:
        """The number of players at the table."""
        return self.view.players

    def side(self, seat: int) -> int:
        """The side `seat` plays for (its index in `totals`)."""
        return seat % self.view.sides

    def melds(self, seat: int) -> dict[int, tuple[int, ...]]:
        return self.view.melds_of(seat)

    def threes(self, seat: int) -> tuple[int, ...]:
        return self.view.threes[seat]

    def special_cards(self, seat: int) -> tuple[int, ...]:
        return self.view.special_cards[seat]

    def pile_frozen_for(self, seat: int) -> bool:
        return self.view.pile_frozen_for[seat]

    @property
    def pile_blocked(self) -> bool:
        return self.view.pile_blocked

    @property
    def pile_freezers(self) -> int:
        """Wild cards and Red Threes in the pile (each freezes it)."""
        return sum(1 for c in self.view.pile if IS_WILD[c] or IS_RED_THREE[c])

    def turn_locked(self) -> frozenset[int]:
        """Cards the mover took from the pile that must first make up the opening."""
        return frozenset(self.view.turn_locked)

    def initial_meld_minimum(self, seat: int) -> int:
        return self.view.initial_minimums[seat]

    def opening_points(self, seat: int) -> int:
        """Points melded towards the opening this turn (only the mover has any)."""
        return self.view.opening_points if self.view.to_move == seat else 0


def table_state(
    view: PlayerView,
    stock: Sequence[int],
    talons: Sequence[Sequence[int]],
    opponent_hand: Sequence[int],
    history: list[dict[str, Any]] | tuple[HandRecord, ...] = (),
    more_hands: Sequence[Sequence[int]] = (),
) -> TableState:
    """A `TableState` from lists (copied, so later changes to them do not show)."""
    return TableState(
        view,
        tuple(stock),
        tuple(tuple(t) for t in talons),
        tuple(opponent_hand),
        tuple(dict(h) for h in history),
        tuple(tuple(h) for h in more_hands),
    )
