"""The discard pile's rules: what blocks it and what freezes it, who may take it and with which
cards, and what may be discarded onto it (RULES.md 3.3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import (
    ACE,
    CARD_CODE,
    CARD_RANK,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    N_CARDS,
    SEVEN,
    CardId,
)
from ..errors import IllegalAction
from ..melds import CANASTA_SIZE, PLURAL, check_meld
from ..phrase import phrase
from ..rules import Rules
from .going_out import check_cards_left, short_of_canastas
from .melding import open_wild_meld
from .player_state import PlayerState


def pile_is_blocked(pile: Sequence[CardId]) -> bool:
    """A Black Three, a wild card or a Red Three on top: nobody may take the pile now."""
    if not pile:
        return False
    top = pile[-1]
    return IS_WILD[top] or IS_RED_THREE[top] or IS_BLACK_THREE[top]


def pile_is_frozen(rules: Rules, pile_freezers: int, opened: bool) -> bool:
    """Frozen for a player (who has `opened` or not) while the pile holds `pile_freezers` wild
    cards and Red Threes: only a natural pair from the hand may take it."""
    return (
        pile_freezers > 0
        or rules.pile_always_frozen
        or (rules.frozen_until_initial_meld and not opened)
    )


def check_take(
    rules: Rules,
    pile: Sequence[CardId],
    player: PlayerState,
    with_cards: Sequence[int],
    frozen: bool,
    is_laid: Sequence[bool],
) -> None:
    """Raise `IllegalAction` unless `player`, the mover, may take `pile` melding its top card
    with `with_cards` (ids from the hand). `frozen`: the pile is frozen for them; `is_laid`: by
    card id, the Threes laid down as they come into the hand."""
    if not pile:
        raise IllegalAction("pile_empty", phrase("The discard pile is empty."))
    top = pile[-1]
    if pile_is_blocked(pile):
        if IS_WILD[top]:
            blocked = phrase(
                "The pile is blocked by a wild card on top: nobody may take it this turn."
            )
        elif IS_RED_THREE[top]:
            blocked = phrase(
                "The pile is blocked by a Red Three on top: nobody may take it this turn."
            )
        else:
            blocked = phrase(
                "The pile is blocked by a Black Three on top: nobody may take it this turn."
            )
        raise IllegalAction("pile_blocked", blocked)
    if rules.one_card_pile_rule and len(pile) == 1 and len(player.hand) == 1:
        raise IllegalAction(
            "one_card_pile",
            phrase("You may not take a one-card pile while you hold only one card."),
        )
    rank = CARD_RANK[top]
    name = PLURAL[rank]
    naturals = len(with_cards) - sum(map(IS_WILD.__getitem__, with_cards))
    natural_pair = naturals >= 2 and naturals == len(with_cards)
    if (frozen or rules.natural_pair_required) and not natural_pair:
        if frozen:
            why = phrase("The pile is frozen: you need two natural {rank} in your hand.", rank=name)
        else:
            why = phrase(
                "These rules take the pile only with a natural pair: "
                "you need two natural {rank} in your hand.",
                rank=name,
            )
        raise IllegalAction("pile_frozen", why)
    existing = player.melds.get(rank)
    if not with_cards and existing is None:
        raise IllegalAction(
            "pile_needs_match",
            phrase(
                "To take the pile, meld the top card with "
                "cards from your hand or add it to your meld of {rank}.",
                rank=name,
            ),
        )
    was_canasta = existing is not None and len(existing) >= CANASTA_SIZE
    if was_canasta and naturals < 2 and not rules.take_pile_to_canasta:
        raise IllegalAction(
            "pile_to_canasta",
            phrase(
                "The top card may not be added to your "
                "canasta of {rank}; you need two natural {rank} in your hand.",
                rank=name,
            ),
        )
    check_meld(
        rules,
        rank,
        existing or (),
        [top, *with_cards],
        existing is None and not player.opened,
        open_wild_meld(player, rank),
        player.meld_wilds(rank),
    )
    gained = len(pile) - 1 - sum(map(is_laid.__getitem__, pile))
    size_after = (len(existing) if existing else 0) + 1 + len(with_cards)
    canastas_after = player.canastas() + (size_after >= CANASTA_SIZE and not was_canasta)
    left = len(player.hand) - len(with_cards) + gained
    check_cards_left(rules, left, canastas_after, rules.canastas_to_go_out)


def check_discard(
    rules: Rules,
    player: PlayerState,
    card: int,
    from_threes: bool,
    black_threes: bool,
    pile: Sequence[CardId],
    need: int,
) -> None:
    """Raise `IllegalAction` unless `player`, the mover, may discard `card` (from the hand, or a
    laid-down Red Three when `from_threes`) onto `pile`, as far as the cards go (the turn's own
    conditions are the engine's); `black_threes`: they melded Black Threes this turn; `need`: the
    canastas going out needs now (`Game.canastas_needed`)."""
    left = len(player.hand) - (0 if from_threes else 1)
    # Short of canastas the last card never goes: the draw (RULES.md 3.1) and the meld rules
    # (5.1) see to it that such a player always holds another card, or may pass.
    if left == 0 and player.canastas() < need:
        raise short_of_canastas(need)
    if black_threes and left != 0:
        raise IllegalAction(
            "black_threes_last", phrase("After melding Black Threes you must go out.")
        )
    if (
        IS_WILD[card]
        and rules.prohibit_wild_discard
        and left > 0
        and not all(IS_WILD[c] for c in player.hand)
    ):
        raise IllegalAction(
            "no_wild_discard",
            phrase(
                "Wild cards may not be discarded, except to go out or when you hold nothing else."
            ),
        )
    if (
        rules.prohibit_ace_seven_to_empty_pile
        and rules.pure_aces_sevens
        and not pile
        and CARD_RANK[card] in (ACE, SEVEN)
    ):
        raise IllegalAction(
            "no_ace_seven_discard",
            phrase("An Ace or a Seven may not be discarded onto an empty pile."),
        )


# The codes of the Red Threes, which a rule lets a player discard from the table.
RED_THREE_CODES: Final = frozenset(CARD_CODE[card] for card in range(N_CARDS) if IS_RED_THREE[card])
