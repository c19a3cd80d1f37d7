"""What makes a meld legal, what a canasta is worth, and the special melds of Modern rules.

Pure functions over card-id lists and a `Rules` object (RULES.md sections 4.1-4.4 and 4.6). The
engine calls them before it changes anything, so an illegal meld raises `IllegalAction` and leaves
the game as it was.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Final

from .cards import (
    ACE,
    CARD_RANK,
    IS_BLACK_THREE,
    IS_WILD,
    JOKER,
    RANK_NAME,
    SEVEN,
    THREE,
    TWO,
    WILD,
)
from .errors import IllegalAction
from .phrase import phrase
from .rules import Rules

CANASTA_SIZE: Final = 7
PLURAL: Final = {
    3: phrase("Threes"),
    4: phrase("Fours"),
    5: phrase("Fives"),
    6: phrase("Sixes"),
    7: phrase("Sevens"),
    8: phrase("Eights"),
    9: phrase("Nines"),
    10: phrase("Tens"),
    11: phrase("Jacks"),
    12: phrase("Queens"),
    13: phrase("Kings"),
    14: phrase("Aces"),
    WILD: phrase("wild cards"),
}


def wild_count(cards: Sequence[int]) -> int:
    return sum([IS_WILD[card] for card in cards])


def canasta_count(melds: Mapping[int, Sequence[int]]) -> int:
    """How many of the melds are canastas (seven cards or more)."""
    return len([cards for cards in melds.values() if len(cards) >= CANASTA_SIZE])


def canasta_kind(key: int, cards: Sequence[int]) -> str | None:
    """``"natural"``, ``"mixed"`` or ``"wild"`` for a canasta, None for a shorter meld."""
    if len(cards) < CANASTA_SIZE:
        return None
    if key == WILD:
        return "wild"
    return "mixed" if wild_count(cards) else "natural"


def canasta_bonus(rules: Rules, key: int, cards: Sequence[int]) -> int:
    """The bonus a meld earns as a canasta (0 for an unfinished meld), RULES.md 4.2 and 4.3."""
    kind = canasta_kind(key, cards)
    if kind is None:
        return 0
    if kind == "wild":
        if rules.special_canasta_bonuses:
            return 3000 if all(CARD_RANK[c] == TWO for c in cards) else 2500
        return rules.wild_canasta_bonus
    if kind == "natural":
        if rules.special_canasta_bonuses and key in (ACE, SEVEN):
            return 2500
        return 500
    return 300


def check_meld(
    rules: Rules,
    key: int,
    existing: Sequence[int],
    adding: Sequence[int],
    aces_take_wild: bool,
    open_wild_meld: bool,
    existing_wilds: int | None = None,
    adding_wilds: int | None = None,
) -> None:
    """Raise `IllegalAction` unless putting `adding` onto a meld keyed `key` leaves it legal.

    `aces_take_wild` says this is the laying down of a new meld in the player's opening turn, the
    one time a pure Ace meld may take wild cards (RULES.md 4.3); `open_wild_meld` says the player
    has another, unfinished wild meld. `existing_wilds`, the wild cards of `existing`, and
    `adding_wilds`, those of `adding`, are counted when not given.
    """
    size = len(existing) + len(adding)
    if adding_wilds is None:
        adding_wilds = wild_count(adding)
    if existing_wilds is None:
        existing_wilds = wild_count(existing)
    wilds = existing_wilds + adding_wilds
    if key == WILD:
        if not rules.wild_canastas:
            raise IllegalAction(
                "no_wild_melds", phrase("Melds of wild cards only are not allowed in these rules.")
            )
        if wilds != size:
            raise IllegalAction("mixed_ranks", phrase("A wild meld may hold only Jokers and Twos."))
        if size < 3:
            raise IllegalAction("too_few_cards", phrase("A new meld needs at least three cards."))
        if size > CANASTA_SIZE and not rules.extended_canastas:
            raise IllegalAction(
                "canasta_full", phrase("A canasta may not grow beyond seven cards in these rules.")
            )
        return
    name = PLURAL[key]
    for card in adding:
        if not IS_WILD[card] and CARD_RANK[card] != key:
            raise IllegalAction(
                "mixed_ranks",
                phrase("Only {rank} and wild cards can go on your meld of {rank}.", rank=name),
            )
    if size < 3:
        raise IllegalAction("too_few_cards", phrase("A new meld needs at least three cards."))
    if adding_wilds:
        if rules.pure_aces_sevens and key == SEVEN:
            raise IllegalAction("pure_sevens", phrase("Sevens must be melded pure: no wild cards."))
        if rules.pure_aces_sevens and key == ACE and not aces_take_wild:
            raise IllegalAction(
                "pure_aces",
                phrase(
                    "Wild cards may join a meld of Aces only as it is first laid down, "
                    "in the initial meld."
                ),
            )
        if rules.prohibit_interim_mixed_melds and open_wild_meld:
            raise IllegalAction(
                "wild_meld_open",
                phrase("While your wild meld is not yet a canasta, wild cards may go only to it."),
            )
    if wilds > size - wilds:
        raise IllegalAction(
            "too_many_wild", phrase("Wild cards may not outnumber the natural cards of a meld.")
        )
    if wilds > rules.max_wild_per_meld:
        raise IllegalAction(
            "too_many_wild",
            phrase("A meld may hold at most {count} wild cards.", count=rules.max_wild_per_meld),
        )
    if size > CANASTA_SIZE and not rules.extended_canastas:
        raise IllegalAction(
            "canasta_full", phrase("A canasta may not grow beyond seven cards in these rules.")
        )


def check_black_threes(rules: Rules, cards: Sequence[int]) -> None:
    """Raise unless `cards` form a going-out meld of Black Threes (RULES.md 4.6)."""
    threes = sum(map(IS_BLACK_THREE.__getitem__, cards))
    wilds = wild_count(cards)
    if threes + wilds != len(cards):
        raise IllegalAction(
            "mixed_ranks", phrase("A meld of Black Threes may hold only Black Threes.")
        )
    if wilds == 0 and threes in (3, 4):
        return
    if rules.black_three_out_with_wild and threes == 2 and wilds == 1:
        return
    if rules.black_three_out_with_wild:
        raise IllegalAction(
            "black_threes",
            phrase("Black Threes go out as three or four of them, or two with one wild card."),
        )
    raise IllegalAction(
        "black_threes",
        phrase("Black Threes go out only as three or four Black Threes, with no wild cards."),
    )


STRAIGHT_RANKS: Final = (JOKER, TWO, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)


def special_meld(cards: Sequence[int], has_three_on_table: bool) -> tuple[str, int] | None:
    """The name and bonus of a special meld (RULES.md 4.4) formed by `cards`, a whole hand, or
    None. A Straight is one card of each of its 13 ranks; in a 14-card hand the fourteenth card
    is uncounted (it stands for the Three on the table)."""
    if len(cards) not in (13, 14):
        return None  # every special meld is a hand of 13 or 14 cards
    distinct = len(set(map(CARD_RANK.__getitem__, cards)))
    if distinct > 7 and (distinct < 13 or not has_three_on_table):
        return None  # too many ranks for pairs or Garbage, too few for a Straight
    ranks = Counter(CARD_RANK[c] for c in cards)
    if len(cards) in (13, 14) and has_three_on_table and all(ranks[r] >= 1 for r in STRAIGHT_RANKS):
        return "straight", 3000
    if len(cards) != 14 or THREE in ranks or JOKER in ranks:
        return None
    if all(n % 2 == 0 for n in ranks.values()):
        if TWO not in ranks:
            return "seven_pairs", 2500
        if SEVEN in ranks and ACE in ranks:
            return "seven_pairs_wild", 2000
        return None
    if TWO not in ranks and sorted(ranks.values()) == [3, 3, 4, 4]:
        return "garbage", 2000
    return None


SPECIAL_MELD_NAMES: Final = {
    "straight": phrase("a Straight"),
    "seven_pairs": phrase("Seven Pairs"),
    "seven_pairs_wild": phrase("Seven Pairs with Twos, Sevens and Aces"),
    "garbage": phrase("Garbage"),
}


def rank_name(key: int) -> str:
    return "wild" if key == WILD else RANK_NAME[key]
