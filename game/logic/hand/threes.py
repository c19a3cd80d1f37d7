"""Threes laid down: the Threes a player lays face up as soon as they come into the hand (Red
Threes; every Three under rules where all Threes are equal), each replaced from the stock."""

from __future__ import annotations

from collections.abc import Sequence

from .. import events as ev
from ..cards import IS_RED_THREE, IS_THREE, CardId
from ..events import Event
from ..rules import Rules
from .player_state import PlayerState


def laid_threes(rules: Rules) -> tuple[bool, ...]:
    """Which cards are laid down as soon as they are drawn or taken, by card id."""
    return IS_THREE if rules.all_threes_equal else IS_RED_THREE


def replace_threes_in_hand(
    player: PlayerState, p: int, stock: list[CardId], is_laid: Sequence[bool]
) -> list[Event]:
    """Lay down the Threes of a dealt hand (seat `p`), each replaced from the end of `stock`,
    until none is left in the hand; the events."""
    out: list[Event] = []
    while True:
        threes = [c for c in player.hand if is_laid[c]]
        if not threes:
            return out
        for card in threes:
            player.hand.remove(card)
            player.threes.append(card)
            replacement = stock.pop() if stock else None
            if replacement is not None:
                player.hand.append(replacement)
            out.append(Event(ev.THREE_LAID, p, (card,), info={"replaced": replacement is not None}))
            if replacement is not None:
                out.append(Event(ev.DRAW, p, (replacement,), info={"replacement": True}))


def receive_talon(
    player: PlayerState,
    p: int,
    talon: Sequence[CardId],
    stock: list[CardId],
    is_laid: Sequence[bool],
    out: list[Event],
) -> None:
    """Give `player` (seat `p`) a talon: its Threes laid down, each replaced from `stock`, the
    other cards into the hand; the events go to `out`."""
    kept: list[CardId] = []
    for dealt in talon:
        card: CardId | None = dealt
        while card is not None and is_laid[card]:
            player.threes.append(card)
            replacement = stock.pop() if stock else None
            out.append(Event(ev.THREE_LAID, p, (card,), info={"replaced": replacement is not None}))
            card = replacement
        if card is not None:
            kept.append(card)
    player.gain(kept)
    out.append(Event(ev.TALON, p, tuple(kept), info={"size": len(talon)}))
