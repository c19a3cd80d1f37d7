"""The initial meld: the points a player's melds count towards the opening minimum (RULES.md 4.5),
and the splash that opens without them."""

from __future__ import annotations

from ..cards import WILD, CardId, points_of
from ..melds import CANASTA_SIZE, canasta_bonus
from ..rules import Rules
from .player_state import PlayerState


def opening_points(rules: Rules, player: PlayerState, top: CardId | None) -> int:
    """Points `player`'s melds count towards the initial-meld minimum; `top` is the pile's top
    card when the player took the pile this turn (None otherwise)."""
    total = player.meld_points()
    for key, cards in player.melds.items():
        if top is not None and not rules.top_card_counts_for_initial_meld and top in cards:
            # The meld the pile's top card went onto counts only its cards from the hand,
            # and only when they alone would make a meld.
            total -= points_of(cards)
            from_hand = [c for c in cards if c != top]
            if len(from_hand) >= 3:
                total += points_of(from_hand)
        if rules.canasta_bonus_counts_for_initial:
            total += canasta_bonus(rules, key, cards)
    return total


def splashed(rules: Rules, player: PlayerState, top: CardId | None) -> bool:
    """Whether `player` opens by a splash: a natural canasta (not of wild cards, not holding the
    pile's top card `top`) laid down, where the rules allow it."""
    if not (rules.splash_initial_meld and player.canastas()):
        return False
    return any(
        len(cards) >= CANASTA_SIZE
        and key != WILD
        and not player.meld_wilds(key)
        and top not in cards
        for key, cards in player.melds.items()
    )
