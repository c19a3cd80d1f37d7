"""The 108 Canasta cards: stable ids, card codes, ranks, wildness and point values.

Every card is an int id 0..107: ids 0..103 are the two 52-card packs (pack, suit, rank), ids
104..107 the four Jokers. Ids 108..215 are *unseen* cards, one per deck position (`unseen_card`):
what a seat dealt by peek-proof dealing (`game/netplay/fair`) puts where it has not seen the card.
An unseen card has rank 1 (no real rank), code "??", no points, and is neither wild nor a Three,
so the engine counts it, moves it, and never melds it or lays it down. All per-card facts live in tuples indexed by id so the hot paths of the
engine (legal moves, rollouts) never build objects. A card *code* is the text players and files use:
rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` followed by suit ``S H D C``, or ``JK`` for a Joker.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NewType, TypeVar

# A card id (0..107) names one physical card; a card code ("10H") names a kind of card, of which
# two exist (four Jokers). Mixing them up is a bug mypy can catch when they are distinct types.
CardId = NewType("CardId", int)
CardCode = NewType("CardCode", str)

N_CARDS: Final = 108
SUITS: Final = ("S", "H", "D", "C")
RANK_CODES: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Internal rank numbers: Jokers are 0, Twos 2, Threes 3 ... Kings 13, Aces 14.
JOKER: Final = 0
TWO: Final = 2
THREE: Final = 3
ACE: Final = 14
SEVEN: Final = 7
# The key of a meld of wild cards only (a Joker is nominally a Two).
WILD: Final = TWO

RANK_NAME: Final = {
    JOKER: "JK",
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
# How a meld is named in files and messages: by its natural rank, "wild" for a wild meld.
MELD_KEY_NAME: Final = {r: RANK_NAME[r] for r in range(3, 15)} | {WILD: "wild"}
MELD_KEY_OF_NAME: Final = {name: r for r, name in MELD_KEY_NAME.items()}
NATURAL_MELD_RANKS: Final = tuple(range(4, 15))


def _rank_of_code(rank_code: str) -> int:
    named = {"A": ACE, "J": 11, "Q": 12, "K": 13}
    return named[rank_code] if rank_code in named else int(rank_code)


def _points(rank: int, suit: int) -> int:
    if rank == JOKER:
        return 50
    if rank in (TWO, ACE):
        return 20
    if rank == THREE:
        return 100 if suit in (1, 2) else 5
    return 10 if rank >= 8 else 5


# Ids 0..103: pack, then suit, then rank in RANK_CODES order; ids 104..107: the Jokers.
_PACK_CARDS: Final = [
    (_rank_of_code(r), suit) for _pack in range(2) for suit in range(4) for r in RANK_CODES
]
_LAYOUT: Final = _PACK_CARDS + [(JOKER, 4)] * 4
# Unseen cards: a rank and a suit no real card has.
UNSEEN_RANK: Final = 1
UNSEEN_CODE: Final = CardCode("??")
_UNSEEN_LAYOUT: Final = [(UNSEEN_RANK, 5)] * N_CARDS

# Every table is indexed by card id, the unseen cards (ids 108..215) included.
CARD_RANK: Final[tuple[int, ...]] = tuple(rank for rank, _suit in _LAYOUT + _UNSEEN_LAYOUT)
CARD_SUIT: Final[tuple[int, ...]] = tuple(suit for _rank, suit in _LAYOUT + _UNSEEN_LAYOUT)
CARD_CODE: Final[tuple[CardCode, ...]] = (
    tuple(
        CardCode("JK" if rank == JOKER else RANK_NAME[rank] + SUITS[suit]) for rank, suit in _LAYOUT
    )
    + (UNSEEN_CODE,) * N_CARDS
)
CARD_POINTS: Final[tuple[int, ...]] = (
    tuple(_points(rank, suit) for rank, suit in _LAYOUT) + (0,) * N_CARDS
)
IS_WILD: Final = tuple(r in (JOKER, TWO) for r in CARD_RANK)
IS_RED_THREE: Final = tuple(r == THREE and s in (1, 2) for r, s in _LAYOUT + _UNSEEN_LAYOUT)
IS_BLACK_THREE: Final = tuple(r == THREE and s in (0, 3) for r, s in _LAYOUT + _UNSEEN_LAYOUT)
IS_THREE: Final = tuple(r == THREE for r in CARD_RANK)
# A card's pack decides which back it shows (Jokers: two per pack; an unseen card, the first).
CARD_PACK: Final = tuple(
    i // 52 if i < 104 else (i - 104) // 2 if i < N_CARDS else 0 for i in range(2 * N_CARDS)
)
ALL_CARDS: Final[tuple[CardId, ...]] = tuple(CardId(i) for i in range(N_CARDS))

VALID_CODES: Final = frozenset(CARD_CODE[:N_CARDS])
IDS_OF_CODE: Final[dict[str, tuple[CardId, ...]]] = {}
for _card, _code in enumerate(CARD_CODE[:N_CARDS]):
    IDS_OF_CODE[_code] = (*IDS_OF_CODE.get(_code, ()), CardId(_card))


def unseen_card(position: int) -> CardId:
    """The unseen card that stands for deck position `position` (0..107) until it is seen."""
    if not 0 <= position < N_CARDS:
        raise ValueError(f"{position} is no deck position")
    return CardId(N_CARDS + position)


def is_unseen(card: int) -> bool:
    return card >= N_CARDS


# Display order: Threes up to Aces, then Twos, then Jokers; suits S H D C.
_RANK_ORDER: Final = {
    3: 0,
    4: 1,
    5: 2,
    6: 3,
    7: 4,
    8: 5,
    9: 6,
    10: 7,
    11: 8,
    12: 9,
    13: 10,
    14: 11,
    TWO: 12,
    JOKER: 13,
}
SORT_KEY: Final = tuple(
    (_RANK_ORDER[r] * 5 + s) * 128 + i for i, (r, s) in enumerate(_LAYOUT)
) + tuple((len(_RANK_ORDER) * 5) * 128 + i for i in range(N_CARDS))


def code_of(card: int) -> CardCode:
    """The code (``"10H"``, ``"JK"``) of a card id."""
    return CARD_CODE[card]


def normalize_code(code: object) -> CardCode | None:
    """A canonical card code for player input (``"10h"``, ``" t s"`` are accepted), else None."""
    if not isinstance(code, str):
        return None
    text = code.strip().upper().replace(" ", "")
    if text in ("JOKER", "JKR"):
        text = "JK"
    if len(text) == 2 and text[0] == "T":
        text = "10" + text[1]
    return CardCode(text) if text in VALID_CODES else None


Card = TypeVar("Card", bound=int)


def sorted_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order (Threes..Aces, Twos, Jokers)."""
    return sorted(cards, key=SORT_KEY.__getitem__)


def sorted_codes(cards: Iterable[int]) -> list[CardCode]:
    """Card codes in display order."""
    return [CARD_CODE[c] for c in sorted_cards(cards)]


def points_of(cards: Iterable[int]) -> int:
    """The sum of the cards' point values."""
    return sum([CARD_POINTS[c] for c in cards])


def deck_from_codes(codes: Sequence[object]) -> list[CardId]:
    """Card ids for an explicit 108-card order given as codes.

    Each code takes the lowest id of that code not used yet, so the deck must name every card
    exactly as often as it exists (two of each, four Jokers).
    """
    if not isinstance(codes, (list, tuple)) or len(codes) != N_CARDS:
        raise ValueError(f"a deck must list exactly {N_CARDS} card codes")
    next_index: dict[CardCode, int] = {}
    deck: list[CardId] = []
    for position, raw in enumerate(codes):
        code = normalize_code(raw)
        if code is None:
            raise ValueError(f"deck position {position}: {raw!r} is not a card code")
        index = next_index.get(code, 0)
        ids = IDS_OF_CODE[code]
        if index >= len(ids):
            raise ValueError(f"deck names {code} more than {len(ids)} times")
        next_index[code] = index + 1
        deck.append(ids[index])
    return deck
