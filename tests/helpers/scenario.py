"""Build exact table positions for rule tests: hands, melds, Threes, pile and stock by card code.

Every card named is taken out of the 108 once (two of each code exist, four Jokers); the cards not
named go to the back of the stock in id order, so all 108 stay accounted for.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from game.logic import Game, IllegalAction, Rules, legal_actions
from game.logic.cards import CARD_CODE, IDS_OF_CODE, IS_RED_THREE, IS_WILD, MELD_KEY_OF_NAME
from game.logic.phases import DRAW, PLAY


class _Pool:
    def __init__(self) -> None:
        self.free = {code: list(ids) for code, ids in IDS_OF_CODE.items()}

    def take(self, code: str) -> int:
        ids = self.free[code]
        if not ids:
            raise ValueError(f"scenario uses {code} too often")
        return ids.pop(0)

    def rest(self) -> list[int]:
        return sorted(c for ids in self.free.values() for c in ids)


def position(
    rules: Rules | None = None,
    hands: Sequence[str] = ("", ""),
    melds: Sequence[dict[str, str]] = ({}, {}),
    threes: Sequence[str] = ("", ""),
    pile: str = "",
    stock: str = "",
    to_move: int = 0,
    phase: str = "draw",
    opened: Sequence[bool] | None = None,
    totals: Sequence[int] = (0, 0),
    stock_rest: bool = True,
) -> Game:
    """A game at an exact position. Card lists are space-separated codes; `pile` is bottom to top,
    `stock` front first. `phase="play"` starts the mover's turn as if they had drawn nothing
    from the stock this turn. With `stock_rest=False` the stock holds only the named cards and
    the unnamed cards go in the talons' place (out of play). With three or four players
    (`rules.players`) give a hand for each seat; partners (four) play on the melds, Threes and
    opening given for seats 0 and 1, their sides' first seats."""
    rules = rules or Rules()
    game = Game(rules, seed=0)
    pool = _Pool()

    def ids(text: str) -> list[int]:
        return [pool.take(code) for code in text.split()]

    for p in range(game.n_players):
        pl = game.players[p]
        pl.hand = ids(hands[p])
        pl.known = set()
        pl.returns = 0
        pl.special_cards = []
        if p >= game.n_sides:
            pl.join_side_of(game.players[p - game.n_sides])
            continue
        pl.melds = {
            MELD_KEY_OF_NAME[k]: ids(v) for k, v in (melds[p] if p < len(melds) else {}).items()
        }
        pl.threes = ids(threes[p]) if p < len(threes) else []
        pl.opened = bool(pl.melds) if opened is None else opened[p]
    game.pile = ids(pile)
    game.pile_freezers = sum(1 for c in game.pile if IS_WILD[c] or IS_RED_THREE[c])
    front = ids(stock)
    rest = pool.rest()
    if stock_rest:
        game.stock = (front + rest)[::-1]
        game.talons = []
    else:
        game.stock = front[::-1]
        game.talons = [rest]  # out of play: nobody opens with these in the tests that use it
        game.talon_receivers = [0, 1]
    game.totals = list(totals)
    game.first_player = to_move
    game.phase = DRAW
    game._begin_turn(to_move, [])
    game.turn.no = 1
    if phase == PLAY:
        game.phase = PLAY
        game.turn.drew = "stock"
    game.log = []
    return game


def codes(cards: Sequence[int]) -> list[str]:
    return sorted(CARD_CODE[c] for c in cards)


def all_cards(game: Game) -> list[int]:
    cards = list(game.stock) + list(game.pile) + [c for t in game.talons for c in t]
    for seat, pl in enumerate(game.players):
        cards += pl.hand + pl.special_cards
        if seat < game.n_sides:  # partners share their side's melds and Threes: count them once
            cards += pl.threes + [c for m in pl.melds.values() for c in m]
    return sorted(cards)


def random_position(rules: Rules, seed: int, steps: int) -> Game:
    """A position reached by `steps` random legal actions from the deal of `seed`."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase not in ("draw", "play"):
            break
        game.apply(rng.choice(legal_actions(game)))
    return game


def refused(game, action, code):
    before = game.state_hash()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.code == code
    assert info.value.message.endswith((".", "!"))
    assert game.state_hash() == before
    return info.value


def hidden_from(game, seat):
    """Cards `seat` must not see: the stock, the talons, every other player's unseen cards (a
    partner's too)."""
    hidden = set(game.stock) | {c for t in game.talons for c in t}
    for other_seat, other in enumerate(game.players):
        if other_seat != seat:
            hidden |= set(other.hand) - other.known
    return hidden
