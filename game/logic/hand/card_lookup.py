"""Which cards an action means: actions name cards by code ("QH", "JK"), and a hand may hold two
cards of a code (two decks), so each code is resolved to a distinct card id, the first one in the
hand's order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import CARD_CODE, CARD_RANK, IDS_OF_CODE, N_CARDS, CardId
from ..errors import IllegalAction
from ..phrase import phrase

_RANK_OF_CODE: Final[dict[str, int]] = {CARD_CODE[card]: CARD_RANK[card] for card in range(N_CARDS)}


def take_codes(codes: Sequence[str], pool: Sequence[CardId]) -> list[CardId]:
    """Resolve card codes to distinct ids in `pool`, preferring the pool's order; a code with no
    card left raises `IllegalAction` ("You have no QH in your hand.")."""
    chosen: list[CardId] = []
    for code in codes:
        ids = IDS_OF_CODE.get(code, ())
        for card in pool:
            if card in ids and card not in chosen:
                chosen.append(card)
                break
        else:
            raise IllegalAction(
                "card_not_in_hand", phrase("You have no {card} in your hand.", card=code)
            )
    return chosen


def first_cards(codes: Sequence[str], groups: list[list[CardId]]) -> list[CardId] | None:
    """`take_codes`'s answer without its refusal, from a hand's rank groups (in hand order, so
    each group's first card of a code is the hand's): for each code the first card with that
    code not chosen yet, or None when a code has none left."""
    chosen: list[CardId] = []
    for code in codes:
        rank = _RANK_OF_CODE.get(code)
        if rank is None:
            return None
        for card in groups[rank]:
            if CARD_CODE[card] == code and card not in chosen:
                chosen.append(card)
                break
        else:
            return None
    return chosen
