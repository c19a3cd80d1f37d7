"""A network player's picture: seats arranged with the player at the bottom, face-down cards that
keep their sprites from one view to the next, and revealed cards that come from their places."""

from __future__ import annotations

import dataclasses
import random

from game.logic import Game, player_view
from game.logic.actions import Draw
from game.logic.cards import N_CARDS
from game.logic.events import DEAL, Event
from game.logic.legal import legal_actions
from game.logic.rules import Rules
from game.match.hidden import follow, seats_exchanged, seats_turned
from game.match.net_match import deal_events, visible_only


def every_card(state) -> list[int]:
    view = state.view
    cards = list(state.stock) + list(view.pile) + list(view.hand) + list(state.opponent_hand)
    cards += [c for t in state.talons for c in t]
    for seat in (0, 1):
        cards += list(view.threes[seat]) + list(view.special_cards[seat])
        cards += [c for _k, meld in view.melds[seat] for c in meld]
    return sorted(cards)


def test_a_guest_s_view_puts_the_guest_in_seat_0() -> None:
    game = Game(seed=4)
    view = player_view(game, 1)
    mine = seats_exchanged(view)
    assert mine.seat == 0 and mine.hand == view.hand
    assert mine.to_move == 1 - view.to_move and mine.totals == view.totals[::-1]
    assert seats_exchanged(mine) == view


def test_the_picture_accounts_for_all_108_cards_and_shows_nothing_hidden() -> None:
    game = Game(seed=5)
    state, swaps = follow(None, player_view(game, 0), ())
    assert swaps == [] and every_card(state) == list(range(N_CARDS))
    assert set(state.opponent_hand).isdisjoint(state.view.visible_cards())


def test_face_down_cards_keep_their_ids_and_my_drawn_cards_come_off_the_stock_top() -> None:
    game = Game(seed=7)
    first, _ = follow(None, player_view(game, 0), ())
    game.apply(Draw())
    second, swaps = follow(first, player_view(game, 0), ())
    drawn = set(second.view.hand) - set(first.view.hand)
    assert drawn
    # Whatever ids the first picture guessed, after the exchanges the drawn cards lay on top.
    stock = list(first.stock)
    for a, b in swaps:
        stock = [b if c == a else a if c == b else c for c in stock]
    assert set(stock[-len(drawn) :]) == drawn
    assert second.stock == tuple(c for c in stock if c in second.stock)  # the rest stays put
    assert every_card(second) == list(range(N_CARDS))


def test_events_name_only_visible_cards_and_a_deal_gives_the_opponent_its_ids() -> None:
    game = Game(seed=8)
    view = player_view(game, 0)
    dealt = [Event(DEAL, player=p, cards=tuple(game.players[p].hand)) for p in (0, 1)]
    seen = visible_only(dealt, view.visible_cards())
    assert seen[0].cards == view.hand and seen[1].cards == ()
    assert seen[1].info["hidden"] == len(game.players[1].hand)
    state, _ = follow(None, view, ())
    assert deal_events(seen, state)[1].cards == state.opponent_hand


def _played(players: int, seed: int, steps: int) -> Game:
    """A game of `players` some random legal steps in (melds, discards, turns gone round)."""
    game = Game(Rules.preset("classic", players), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = legal_actions(game)
        if not actions or game.phase not in ("draw", "play"):
            break
        game.apply(rng.choice(actions))
    return game


def test_at_three_and_four_every_seat_s_view_turned_puts_that_seat_at_the_bottom() -> None:
    for players in (3, 4):
        game = _played(players, seed=players, steps=60)
        for seat in range(players):
            view = player_view(game, seat)
            mine = seats_turned(view, seat)
            assert mine.seat == 0 and mine.hand == view.hand
            assert mine.to_move == (view.to_move - seat) % players
            assert mine.hand_sizes[1] == view.hand_sizes[(seat + 1) % players]  # on the left
            assert mine.melds[0] == view.melds[seat] and mine.side == 0
            assert mine.totals[0] == view.totals[view.side]
            asked = dataclasses.replace(view, turn_ask=1)  # "May I go out?" waits for an answer
            assert seats_turned(asked, seat).to_act == (asked.to_act - seat) % players
            back = seats_turned(mine, (players - seat) % players)
            assert back == view


def test_at_four_the_picture_gives_every_other_seat_its_face_down_hand() -> None:
    game = _played(4, seed=9, steps=40)
    view = seats_turned(player_view(game, 2), 2)
    state, _ = follow(None, view, ())
    sizes = [len(state.hand(seat)) for seat in range(4)]
    assert sizes == list(view.hand_sizes)
    cards = list(state.stock) + list(view.pile) + [c for t in state.talons for c in t]
    for seat in range(4):
        cards += list(state.hand(seat))
    for side in range(2):  # partners share their melds and Threes: each side's once
        cards += list(view.threes[side]) + list(view.special_cards[side])
        cards += [c for _k, meld in view.melds[side] for c in meld]
    assert sorted(cards) == list(range(N_CARDS))  # nothing twice, nothing lost
    others = {c for seat in (1, 2, 3) for c in state.hand(seat)}
    assert others.isdisjoint(set(view.hand))
    game.apply(legal_actions(game)[0])
    again, _ = follow(state, seats_turned(player_view(game, 2), 2), (), actor=2)
    kept = [c for c in state.hand(1) if c in again.hand(1)]
    assert len(kept) >= len(state.hand(1)) - 1  # face-down cards keep their ids
