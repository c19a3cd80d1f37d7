"""A network player's picture of the table: face-down cards that keep their places.

A network player holds only its `PlayerView` (the host deliberately too, so its table never shows
more than the guest's could). The table draws a `TableState` with the person at the keyboard at
the bottom, so the guest's view first has its seats exchanged. The cards nobody may see (the
opponent's hidden hand, the stock, the talons) then get card ids that stay where they were from
one view to the next, so sprites do not jump about. When a hidden card turns up (the opponent
melds it, the player draws it), its id is first exchanged with one that really lay where it came
from, so it flies from the right place: `follow` returns those exchanges for the board to make
before it animates.
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from game.logic.events import Event
from game.logic.view import PlayerView
from game.match.state import OPPONENT, HandRecord, TableState

Swap = tuple[int, int]
T = TypeVar("T")


def _flip(seat: int | None) -> int | None:
    return seat if seat is None or seat < 0 else 1 - seat


def _flip_player(seat: int) -> int:
    return seat if seat < 0 else 1 - seat


def _pair(values: tuple[T, ...]) -> tuple[T, ...]:
    return (values[1], values[0])


def seats_exchanged(view: PlayerView) -> PlayerView:
    """The same view with seat numbers 0 and 1 swapped (the rules do not care who is which)."""
    special = view.special
    return dataclasses.replace(
        view,
        seat=1 - view.seat,
        to_move=1 - view.to_move,
        first_player=1 - view.first_player,
        totals=_pair(view.totals),
        hand_sizes=_pair(view.hand_sizes),
        known=_pair(view.known),
        melds=_pair(view.melds),
        threes=_pair(view.threes),
        opened=_pair(view.opened),
        returns=_pair(view.returns),
        pile_frozen_for=_pair(view.pile_frozen_for),
        talon_receivers=tuple(1 - r for r in view.talon_receivers),
        initial_minimums=_pair(view.initial_minimums),
        went_out=_flip(view.went_out),
        special=None if special is None else (1 - special[0], special[1], special[2]),
        special_cards=_pair(view.special_cards),
        hand_scores=None if view.hand_scores is None else view.hand_scores[::-1],
        winner=_flip(view.winner),
    )


def event_seats_exchanged(event: Event) -> Event:
    return dataclasses.replace(event, player=_flip_player(event.player))


class _Places:
    """The face-down places of the previous picture, as lists the exchanges can edit."""

    def __init__(self, old: TableState) -> None:
        self.stock = list(old.stock)
        self.talons = [list(t) for t in old.talons]
        known = set(old.view.known[OPPONENT])
        self.opponent_known = [c for c in old.opponent_hand if c in known]
        self.opponent_hidden = [c for c in old.opponent_hand if c not in known]

    def swap(self, a: int, b: int) -> None:
        for cards in (self.stock, self.opponent_hidden, *self.talons):
            for i, c in enumerate(cards):
                if c in (a, b):
                    cards[i] = b if c == a else a


def follow(
    old: TableState | None, view: PlayerView, history: tuple[HandRecord, ...]
) -> tuple[TableState, list[Swap]]:
    """The picture for `view` (seats as on the table) after `old` (None for a new deal), and the
    pairs of face-down ids exchanged in the old picture so revealed cards come from their places."""
    if old is None:
        return _picture(view, None, history), []
    places = _Places(old)
    swaps = _route_revealed(places, view)
    return _picture(view, places, history), swaps


def _route_revealed(old: _Places, view: PlayerView) -> list[Swap]:
    """Ids that just became visible were hidden somewhere in the old picture: make sure the
    ones now in the player's hand lay on top of the stock and the others in the opponent's
    hand, by exchanging them there with ids that stay hidden."""
    unseen = set(view.unseen_cards())
    opp_hidden = list(old.opponent_hidden)
    from_talons = {c for t in old.talons for c in t}
    hidden_before = set(opp_hidden) | set(old.stock) | from_talons
    revealed = [c for c in view.visible_cards() if c in hidden_before]
    swaps: list[Swap] = []
    if not revealed:
        return swaps
    mine = set(view.hand)
    stock_spares = [c for c in reversed(old.stock) if c in unseen]  # top first
    hand_spares = [c for c in opp_hidden if c in unseen]
    top_needed = sum(1 for c in revealed if c in mine)
    top = set(old.stock[-top_needed:]) if top_needed else set()
    for card in revealed:
        if card in from_talons:
            continue
        if card in mine:
            if card in top:
                continue
            spares = stock_spares
        else:
            if card in opp_hidden:
                continue
            spares = hand_spares
        if not spares:
            continue
        other = spares.pop(0)
        old.swap(card, other)
        swaps.append((card, other))
    return swaps


def _picture(view: PlayerView, old: _Places | None, history: tuple[HandRecord, ...]) -> TableState:
    """Give the unseen cards the places they had in `old` wherever the counts allow."""
    pool = set(view.unseen_cards())
    known = list(view.known[OPPONENT])
    hidden_count = view.hand_sizes[OPPONENT] - len(known)
    stock: list[int] = []
    talons: list[list[int]] = [[] for _ in view.talon_sizes]
    hidden: list[int] = []
    if old is not None:
        # The bottom of the stock stays; cards gone from its top went into a hand.
        stock = [c for c in old.stock if c in pool][: view.stock_size]
        pool -= set(stock)
        for index, size in enumerate(view.talon_sizes):
            before = old.talons[index] if index < len(old.talons) else []
            talons[index] = [c for c in before if c in pool][:size]
            pool -= set(talons[index])
        hidden = [c for c in old.opponent_hidden if c in pool][:hidden_count]
        pool -= set(hidden)
    rest = sorted(pool)
    take = hidden_count - len(hidden)
    hidden += rest[:take]
    rest = rest[take:]
    for index, size in enumerate(view.talon_sizes):
        take = size - len(talons[index])
        talons[index] += rest[:take]
        rest = rest[take:]
    stock += rest  # new ids go on top of the kept ones
    return TableState(
        view,
        tuple(stock),
        tuple(tuple(t) for t in talons),
        tuple(known + hidden),
        history,
    )
