"""A network player's picture: seats arranged with the player at the bottom, face-down cards that
keep their sprites from one view to the next, and revealed cards that come from their places."""

from __future__ import annotations

from game.logic import Game, player_view
from game.logic.actions import Draw
from game.logic.cards import N_CARDS
from game.logic.events import DEAL, Event
from game.match.hidden import follow, seats_exchanged
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
