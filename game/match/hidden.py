"""A network player's picture of the table: face-down cards that keep their places.

A network player holds only its `PlayerView` (the host deliberately too, so its table never shows
more than the guest's could). The table draws a `TableState` with the person at the keyboard at
the bottom, so a guest's view first has its seats turned (exchanged, with two players). The cards nobody may see (the
other players' hidden hands, the stock, the talons) then get card ids that stay where they were from
one view to the next, so sprites do not jump about. When a hidden card turns up (the opponent
melds it, the player draws it), its id is first exchanged with one that really lay where it came
from, so it flies from the right place: `follow` returns those exchanges for the board to make
before it animates.
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from game.logic.events import GAME_OVER as GAME_OVER_EVENT
from game.logic.events import Event
from game.logic.view import PlayerView
from game.match.state import OPPONENT, HandRecord, TableState

Swap = tuple[int, int]
T = TypeVar("T")


def _turn_seat(seat: int | None, by: int, n: int) -> int | None:
    return seat if seat is None or seat < 0 else (seat - by) % n


def _turned(values: tuple[T, ...], by: int) -> tuple[T, ...]:
    """Values by seat (or by side), the one at `by` first."""
    by %= len(values)
    return values[by:] + values[:by]


def seats_turned(view: PlayerView, by: int) -> PlayerView:
    """The same view with the seats turned so that seat `by` is seat 0 (the rules do not care
    who is which; at four a side stays a side: seats two apart keep sharing one)."""
    if by % view.players == 0:
        return view
    n = view.players
    sides = view.sides
    special = view.special
    return dataclasses.replace(
        view,
        seat=(view.seat - by) % n,
        to_move=(view.to_move - by) % n,
        first_player=(view.first_player - by) % n,
        totals=_turned(view.totals, by),
        hand_sizes=_turned(view.hand_sizes, by),
        known=_turned(view.known, by),
        melds=_turned(view.melds, by),
        threes=_turned(view.threes, by),
        opened=_turned(view.opened, by),
        returns=_turned(view.returns, by),
        pile_frozen_for=_turned(view.pile_frozen_for, by),
        talon_receivers=tuple((r - by) % n for r in view.talon_receivers),
        initial_minimums=_turned(view.initial_minimums, by),
        went_out=_turn_seat(view.went_out, by, n),
        special=None if special is None else ((special[0] - by) % n, special[1], special[2]),
        special_cards=_turned(view.special_cards, by),
        hand_scores=None if view.hand_scores is None else _turned(view.hand_scores, by),
        winner=_turn_seat(view.winner, by, sides),
        broken_yeses=_turned(view.broken_yeses, by) if view.broken_yeses else (),
    )


def seats_exchanged(view: PlayerView) -> PlayerView:
    """The same two-player view with seat numbers 0 and 1 swapped."""
    return seats_turned(view, 1)


def event_seats_turned(event: Event, by: int, players: int, sides: int) -> Event:
    """An event with its player's seat turned as `seats_turned` turns a view's (the end of the
    game names the winning side)."""
    n = sides if event.kind == GAME_OVER_EVENT else players
    player = event.player if event.player < 0 else (event.player - by) % n
    return dataclasses.replace(event, player=player)


def event_seats_exchanged(event: Event) -> Event:
    return event_seats_turned(event, 1, 2, 2)


class _Places:
    """The face-down places of the previous picture, as lists the exchanges can edit."""

    def __init__(self, old: TableState) -> None:
        self.stock = list(old.stock)
        self.talons = [list(t) for t in old.talons]
        self.known: dict[int, list[int]] = {}
        self.hidden: dict[int, list[int]] = {}
        for seat in range(1, old.seat_count):
            seen = set(old.view.known[seat])
            self.known[seat] = [c for c in old.hand(seat) if c in seen]
            self.hidden[seat] = [c for c in old.hand(seat) if c not in seen]

    def swap(self, a: int, b: int) -> None:
        for cards in (self.stock, *self.hidden.values(), *self.talons):
            for i, c in enumerate(cards):
                if c in (a, b):
                    cards[i] = b if c == a else a


def follow(
    old: TableState | None,
    view: PlayerView,
    history: tuple[HandRecord, ...],
    actor: int = OPPONENT,
) -> tuple[TableState, list[Swap]]:
    """The picture for `view` (seats as on the table) after `old` (None for a new deal), and the
    pairs of face-down ids exchanged in the old picture so revealed cards come from their places
    (a card seen now in nobody's hand came from `actor`'s, the seat that just played)."""
    if old is None:
        return _picture(view, None, history), []
    places = _Places(old)
    swaps = _route_revealed(places, view, actor)
    return _picture(view, places, history), swaps


def _owner(card: int, view: PlayerView, actor: int) -> int:
    """The other seat a card just seen came from: the hand it is known in, else the player who
    just played it."""
    for seat in range(1, view.players):
        if card in view.known[seat]:
            return seat
    return actor if 0 < actor < view.players else OPPONENT


def _route_revealed(old: _Places, view: PlayerView, actor: int) -> list[Swap]:
    """Ids that just became visible were hidden somewhere in the old picture: make sure the
    ones now in the player's hand lay on top of the stock and the others in the hand of the
    seat they came from, by exchanging them there with ids that stay hidden."""
    unseen = set(view.unseen_cards())
    hidden = {seat: list(cards) for seat, cards in old.hidden.items()}
    from_talons = {c for t in old.talons for c in t}
    hidden_before = {c for cards in hidden.values() for c in cards} | set(old.stock) | from_talons
    revealed = [c for c in view.visible_cards() if c in hidden_before]
    swaps: list[Swap] = []
    if not revealed:
        return swaps
    mine = set(view.hand)
    stock_spares = [c for c in reversed(old.stock) if c in unseen]  # top first
    hand_spares = {seat: [c for c in cards if c in unseen] for seat, cards in hidden.items()}
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
            seat = _owner(card, view, actor)
            if card in hidden.get(seat, ()):
                continue
            spares = hand_spares.get(seat, [])
        if not spares:
            continue
        other = spares.pop(0)
        old.swap(card, other)
        swaps.append((card, other))
    return swaps


def _picture(view: PlayerView, old: _Places | None, history: tuple[HandRecord, ...]) -> TableState:
    """Give the unseen cards the places they had in `old` wherever the counts allow."""
    pool = set(view.unseen_cards())
    others = range(1, view.players)
    known = {seat: list(view.known[seat]) for seat in others}
    hidden_count = {seat: view.hand_sizes[seat] - len(known[seat]) for seat in others}
    stock: list[int] = []
    talons: list[list[int]] = [[] for _ in view.talon_sizes]
    hidden: dict[int, list[int]] = {seat: [] for seat in others}
    if old is not None:
        # The bottom of the stock stays; cards gone from its top went into a hand.
        stock = [c for c in old.stock if c in pool][: view.stock_size]
        pool -= set(stock)
        for index, size in enumerate(view.talon_sizes):
            before = old.talons[index] if index < len(old.talons) else []
            talons[index] = [c for c in before if c in pool][:size]
            pool -= set(talons[index])
        for seat in others:
            kept = [c for c in old.hidden.get(seat, []) if c in pool][: hidden_count[seat]]
            hidden[seat] = kept
            pool -= set(kept)
    rest = sorted(pool)
    for seat in others:
        take = hidden_count[seat] - len(hidden[seat])
        hidden[seat] += rest[:take]
        rest = rest[take:]
    for index, size in enumerate(view.talon_sizes):
        take = size - len(talons[index])
        talons[index] += rest[:take]
        rest = rest[take:]
    stock += rest  # new ids go on top of the kept ones
    hands = [tuple(known[seat] + hidden[seat]) for seat in others]
    return TableState(
        view,
        tuple(stock),
        tuple(tuple(t) for t in talons),
        hands[0],
        history,
        tuple(hands[1:]),
    )
