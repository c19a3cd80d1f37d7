"""Dealing a hand from a deck: the hands, the talons of Modern rules, the upcard that starts the
pile, the stock; the Threes in the dealt hands laid down and replaced."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import events as ev
from ..cards import IS_RED_THREE, IS_WILD, N_CARDS, CardId
from ..events import Event
from ..rules import Rules
from .player_state import PlayerState
from .threes import laid_threes, replace_threes_in_hand


def checked_deck(deck: Sequence[int]) -> list[CardId]:
    """`deck` as card ids, or ValueError unless it holds each of the 108 cards exactly once.

    A seat's view of a peek-proof deal holds unseen cards (`cards.unseen_card`) where it has not
    seen the card, each at its own position: then every position holds either a card or the
    unseen card of that position, and no card twice."""
    if sorted(deck) != list(range(N_CARDS)) and not _is_seen_in_part(deck):
        raise ValueError("a deck must hold each of the 108 card ids exactly once")
    return [CardId(card) for card in deck]


def _is_seen_in_part(deck: Sequence[int]) -> bool:
    if len(deck) != N_CARDS or len(set(deck)) != N_CARDS:
        return False
    return all(0 <= card < N_CARDS or card == N_CARDS + p for p, card in enumerate(deck))


@dataclass(slots=True)
class DealtHand:
    """The cards of a hand just dealt, by where they lie, and the events of the deal."""

    players: list[PlayerState]
    talons: list[list[CardId]]
    pile: list[CardId]
    pile_freezers: int  # the wild cards and Red Threes in the pile
    stock: list[CardId]  # reversed, so drawing from its front is a cheap pop()
    events: list[Event]


def deal_hand(rules: Rules, deck: list[CardId], first_player: int) -> DealtHand:
    """Deal `deck` from the front, one card at a time to each of `rules.players` seats in turn
    (clockwise), `first_player` first; partners (four players) share their side's melds and
    Threes from the start."""
    n = rules.players
    order = [(first_player + i) % n for i in range(n)]
    players = [PlayerState() for _seat in range(n)]
    if n == 4:
        players[2].join_side_of(players[0])
        players[3].join_side_of(players[1])
    position = 0
    out: list[Event] = []
    for _ in range(rules.hand_size):
        for p in order:
            players[p].hand.append(deck[position])
            position += 1
    for p in order:
        out.append(Event(ev.DEAL, p, tuple(players[p].hand)))
    talons: list[list[CardId]] = []
    if rules.talons:
        talons = [deck[position : position + 4], deck[position + 4 : position + 7]]
        position += 7
    pile: list[CardId] = []
    pile_freezers = 0
    stock = deck[position:][::-1]
    if rules.initial_upcard:
        while stock:
            card = stock.pop()
            pile.append(card)
            freezes = IS_WILD[card] or IS_RED_THREE[card]
            if freezes:
                pile_freezers += 1
            out.append(Event(ev.UPCARD, -1, (card,)))
            if not freezes:
                break
    is_laid = laid_threes(rules)
    for p in order:
        out.extend(replace_threes_in_hand(players[p], p, stock, is_laid))
    return DealtHand(players, talons, pile, pile_freezers, stock, out)
