"""Cards and ranks in words for the player: "8♥", "Joker", "Eights", "a Nine", never codes like 7S.

Every sentence the assist tools write names cards through these functions, so the table, the
hints, the tutorial and the explore views all speak of cards the same way, with the suit symbols
the table's fonts draw.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import CARD_RANK, CARD_SUIT, IDS_OF_CODE, JOKER, WILD, code_of, sorted_cards
from ..melds import PLURAL
from ..phrase import phrase

SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")  # ♠ ♥ ♦ ♣, in the engine's suit order
SINGULAR = {
    JOKER: phrase("Joker"),
    2: phrase("Two"),
    3: phrase("Three"),
    4: phrase("Four"),
    5: phrase("Five"),
    6: phrase("Six"),
    7: phrase("Seven"),
    8: phrase("Eight"),
    9: phrase("Nine"),
    10: phrase("Ten"),
    11: phrase("Jack"),
    12: phrase("Queen"),
    13: phrase("King"),
    14: phrase("Ace"),
}
PLURALS = {**PLURAL, JOKER: phrase("Jokers"), 2: phrase("Twos"), WILD: phrase("wild cards")}
NUMBER_WORDS = (
    phrase("no"),
    phrase("one"),
    phrase("two"),
    phrase("three"),
    phrase("four"),
    phrase("five"),
    phrase("six"),
    phrase("seven"),
    phrase("eight"),
)
# The things a count names, one and more of them ("one card", "two more cards").
COUNTED = {
    "card": (phrase("card"), phrase("cards")),
    "more card": (phrase("more card"), phrase("more cards")),
    "canasta": (phrase("canasta"), phrase("canastas")),
    "more canasta": (phrase("more canasta"), phrase("more canastas")),
    "seen card": (phrase("seen card"), phrase("seen cards")),
    "unseen card": (phrase("unseen card"), phrase("unseen cards")),
}


def card_name(card: int) -> str:
    """A card as the table shows it: rank and suit symbol ("10♦"), or "Joker"."""
    if CARD_RANK[card] == JOKER:
        return "Joker"
    return code_of(card)[:-1] + SUIT_SYMBOLS[CARD_SUIT[card]]


def code_name(code: str) -> str:
    """The name of the card an action names by code ("8H" -> "8♥")."""
    return card_name(IDS_OF_CODE[code][0])


def cards_text(cards: Iterable[int]) -> str:
    """Cards in display order, named and separated by spaces ("8♠ 8♥ 8♦ Joker")."""
    return " ".join(card_name(c) for c in sorted_cards(cards))


def codes_text(codes: Iterable[str]) -> str:
    """Cards named by code, in the order given."""
    return " ".join(code_name(c) for c in codes)


def rank_singular(rank: int) -> str:
    """One card of a rank in words: "Nine", "Joker"."""
    return SINGULAR[rank]


def rank_plural(rank: int) -> str:
    """Cards of a rank (or a meld key) in words: "Nines", "wild cards"."""
    return PLURALS[rank]


def article(word: str) -> str:
    """ "a Nine", "an Eight", "an Ace"."""
    return ("an " if word[:1] in "AEIOU8" else "a ") + word


# One card of a rank with its article, said whole ("a Nine", "an Eight"): other languages decline
# the article with the rank (Spanish "una reina", "un rey"; German "eine Dame", "einen König", as
# the object of a sentence), so a sentence names one card of a rank through this table, never as
# an article of its own before the rank's name.
ONE_OF_RANK = {rank: phrase(article(name)) for rank, name in SINGULAR.items()}


def one_of_rank(rank: int) -> str:
    """One card of a rank with its article: "a Nine", "an Ace" (see `ONE_OF_RANK`)."""
    return ONE_OF_RANK[rank]


def number_word(n: int) -> str:
    """Small numbers in words ("two"), larger ones in digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def count_text(n: int, singular: str, plural: str | None = None) -> str:
    """ "one card", "two cards", "12 cards" (`singular` a noun of `COUNTED`, or a rank's name
    with its `plural`)."""
    one, many = COUNTED.get(singular, (singular, plural or singular + "s"))
    return phrase("{number} {things}", number=number_word(n), things=one if n == 1 else many)


def rank_count_text(n: int, rank: int) -> str:
    """Cards of a rank counted: "a King" (its article declined with it, see `ONE_OF_RANK`),
    "two Kings", "12 Kings"."""
    return one_of_rank(rank) if n == 1 else count_text(n, rank_singular(rank), rank_plural(rank))


def join_words(parts: Sequence[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (`last`: "and" or "or")."""
    if len(parts) <= 1:
        return parts[0] if parts else ""
    some = parts[0]
    for part in parts[1:-1]:
        some = phrase("{some}, {last}", some=some, last=part)
    if last == "or":
        return phrase("{some} or {last}", some=some, last=parts[-1])
    return phrase("{some} and {last}", some=some, last=parts[-1])
