"""The table's picture of a network game: a display-only `Game` rebuilt from each `PlayerView`.

The table draws a `Game` with the person at the keyboard in seat 0, but a network player holds only
its view (the host deliberately too: the table then never shows it more than the guest could be
shown). `TableMirror` turns every view into such a game: the guest's view has its seats exchanged
so that it sits at the bottom, and the cards nobody may see (the opponent's hand, the stock, the
talons) get card ids that stay where they were from one view to the next, so sprites do not jump
about. When a hidden card turns up (the opponent melds it, the player draws it), its id is first
exchanged with one that really lay where it came from, on the board too, so it flies from the
right place. The mirror keeps the finished hands for the scoresheet, since a view holds only the
current one. Nothing here is ever applied: moves go to the host's engine.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from game.logic import events as ev
from game.logic.engine import GAME_OVER, HAND_OVER, Game
from game.logic.events import Event
from game.logic.view import PlayerView, determinize

Exchange = Callable[[int, int], None]


def _flip(seat: int | None) -> int | None:
    return seat if seat is None or seat < 0 else 1 - seat


def _pair(values: tuple) -> tuple:
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
        hand_scores=None if view.hand_scores is None else _pair(view.hand_scores),
        winner=_flip(view.winner),
    )


def event_seats_exchanged(event: Event) -> Event:
    return dataclasses.replace(event, player=_flip(event.player))


class TableMirror:
    """The game as the table shows it, for a player in network seat `seat` (0 host, 1 guest)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.game: Game | None = None
        self.view: PlayerView | None = None  # the latest view, seats as on the table
        self.history: list[dict] = []

    def local_view(self, view: PlayerView) -> PlayerView:
        return seats_exchanged(view) if self.seat == 1 else view

    def local_events(self, events: tuple[Event, ...] | list[Event]) -> list[Event]:
        return [event_seats_exchanged(e) for e in events] if self.seat == 1 else list(events)

    def update(
        self,
        network_view: PlayerView,
        events: list[Event],
        fresh: bool,
        exchange: Exchange | None = None,
    ) -> Game:
        """Rebuild from the next view (`fresh` for a new deal); `exchange(a, b)` is told of every
        pair of hidden ids swapped in the old picture so the board can swap those sprites."""
        view = self.local_view(network_view)
        old = None if fresh else self.game
        if old is not None and exchange is not None:
            self._route_revealed(old, view, exchange)
        game = determinize(view, random.Random(0))
        self._keep_hidden_places(game, old, view)
        if (
            view.phase in (HAND_OVER, GAME_OVER)
            and view.hand_scores is not None
            and (not self.history or self.history[-1]["hand"] != view.hand_no)
        ):
            reason = next((e.info.get("reason", "") for e in events if e.kind == ev.HAND_OVER), "")
            self.history.append(
                {
                    "hand": view.hand_no,
                    "first_player": view.first_player,
                    "scores": list(view.hand_scores),
                    "went_out": view.went_out,
                    "concealed": view.concealed,
                    "reason": reason,
                    "totals": list(view.totals),
                }
            )
        game.history = list(self.history)
        # Undo is the host's business; the table only asks whether there is anything to undo.
        game.turn.undo = [None] * view.undo_depth  # type: ignore[list-item]
        self.game, self.view = game, view
        return game

    def deal_events(self, events: list[Event]) -> list[Event]:
        """Deal events name only the cards this player may see; the table deals the opponent's
        face-down cards too, so give them the ids the mirror put in that hand."""
        game = self.game
        if game is None:
            return events
        out = []
        for event in events:
            if event.kind == ev.DEAL and event.info.get("hidden") and event.player in (0, 1):
                event = dataclasses.replace(event, cards=tuple(game.players[event.player].hand))
            out.append(event)
        return out

    # -- keeping hidden ids in place ----------------------------------------------------------
    @staticmethod
    def _hidden_of_opponent(game: Game) -> list[int]:
        known = game.players[1].known
        return [c for c in game.players[1].hand if c not in known]

    def _route_revealed(self, old: Game, view: PlayerView, exchange: Exchange) -> None:
        """Ids that just became visible were hidden somewhere in the old picture: make sure the
        ones now in the player's hand lay on top of the stock and the others in the opponent's
        hand, by exchanging them there with ids that stay hidden."""
        unseen = set(view.unseen_cards())
        opp_hidden = self._hidden_of_opponent(old)
        hidden_before = set(opp_hidden) | set(old.stock) | {c for t in old.talons for c in t}
        revealed = [c for c in view.visible_cards() if c in hidden_before]
        if not revealed:
            return
        mine = set(view.hand)
        from_talons = {c for t in old.talons for c in t}
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
            self._swap_in(old, card, other)
            exchange(card, other)

    @staticmethod
    def _swap_in(game: Game, a: int, b: int) -> None:
        lists = [game.stock, game.players[1].hand, *game.talons]
        spots = [(lst, i) for lst in lists for i, c in enumerate(lst) if c in (a, b)]
        for lst, i in spots:
            lst[i] = b if lst[i] == a else a

    def _keep_hidden_places(self, game: Game, old: Game | None, view: PlayerView) -> None:
        """Give the unseen cards the places they had in `old` wherever the counts allow."""
        pool = set(view.unseen_cards())
        known = list(view.known[1])
        hidden_count = view.hand_sizes[1] - len(known)
        if old is not None:
            # The bottom of the stock stays; cards gone from its top went into a hand.
            stock = [c for c in old.stock if c in pool][: view.stock_size]
            pool -= set(stock)
            talons = []
            for index, size in enumerate(view.talon_sizes):
                before = old.talons[index] if index < len(old.talons) else []
                kept = [c for c in before if c in pool][:size]
                pool -= set(kept)
                talons.append(kept)
            hidden = [c for c in self._hidden_of_opponent(old) if c in pool][:hidden_count]
            pool -= set(hidden)
        else:
            stock, talons, hidden = [], [[] for _ in view.talon_sizes], []
        rest = sorted(pool)
        take = hidden_count - len(hidden)
        hidden += rest[:take]
        rest = rest[take:]
        for index, size in enumerate(view.talon_sizes):
            take = size - len(talons[index])
            talons[index] += rest[:take]
            rest = rest[take:]
        stock = stock + rest  # new ids go on top of the kept ones
        game.players[1].hand = known + hidden
        game.talons = talons
        game.stock = stock
