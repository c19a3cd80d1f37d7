"""The Explore tools (User Guide 4.7): where the cards are, what was seen, what is unknown, and
what the opponent probably holds, all from the player's own view.

`distribution` places each of the 108 cards: in the pile, in a meld, laid down as a Three, in the
player's hand (noting the cards the opponent saw come from the pile), seen taken into the
opponent's hand, or unknown. `recall` lists the cards each side has seen the other take and still
hold; `deduce` the unknown cards (the stock, the talons and the unseen part of the opponent's
hand), by rank; `predict_opponent` the ranks the opponent probably holds (exact chances for a hand
dealt at random from the unknown cards, with what its discards suggest), the ranks it cannot hold,
and whether it may go out next turn. A `TableMemory` adds the public facts the view does not keep
(who discarded what, melds taken back into a hand).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import Enum
from math import comb

from ..cards import CARD_RANK, IS_RED_THREE, IS_WILD, JOKER, N_CARDS, THREE, TWO, sorted_cards
from ..phrase import Phrase, phrase
from ..view import PlayerView
from .memory import TableMemory
from .names import (
    card_name,
    count_text,
    join_words,
    one_of_rank,
    rank_count_text,
    rank_plural,
    rank_singular,
)
from .warning import GoingOutRisk, opponent_may_go_out

LIKELY = 0.6  # a rank at least this likely to be held may be shown as a prediction...
STANDS_OUT = 0.15  # ...if its chance is this much above the average rank's


class Place(str, Enum):
    """Where a card is known to be, as the player may know it."""

    MY_HAND = "in your hand"
    MY_HAND_SEEN = "in your hand, seen by your opponent"
    MY_MELDS = "in your melds"
    MY_THREES = "laid down by you"
    OPPONENT_MELDS = "in your opponent's melds"
    OPPONENT_THREES = "laid down by your opponent"
    OPPONENT_HAND_SEEN = "seen taken by your opponent"
    PILE = "in the discard pile"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Distribution:
    """The place of each card id, 0 to 107."""

    places: tuple[Place, ...]

    def where(self, card: int) -> Place:
        return self.places[card]

    def counts(self) -> dict[Place, int]:
        found = Counter(self.places)
        return {place: found.get(place, 0) for place in Place}

    def by_card(self) -> list[tuple[str, tuple[Place, ...]]]:
        """One row per distinct card (two of each, four Jokers): its name and its copies' places."""
        rows: dict[str, list[Place]] = {}
        for card in range(N_CARDS):
            rows.setdefault(card_name(card), []).append(self.places[card])
        return [(name, tuple(places)) for name, places in rows.items()]


def seen_in_opponent_hand(view: PlayerView, memory: TableMemory | None = None) -> set[int]:
    """Cards the player knows are in the opponent's hand: taken from the pile, or taken back
    from a meld, and not seen anywhere else since."""
    other = view.opponent
    seen = set(view.known[other])
    if memory is not None:
        elsewhere = set(view.hand) | set(view.pile)
        for p in (0, 1):
            elsewhere.update(view.threes[p])
            elsewhere.update(c for _k, m in view.melds[p] for c in m)
        seen |= memory.returned_to_hand[other] - elsewhere
    if len(seen) > view.hand_sizes[other]:
        return set(view.known[other])
    return seen


def distribution(view: PlayerView, memory: TableMemory | None = None) -> Distribution:
    """Where each of the 108 cards is known to be (UG 4.7.1)."""
    me, other = view.seat, view.opponent
    places = [Place.UNKNOWN] * N_CARDS
    for card in view.pile:
        places[card] = Place.PILE
    for p, melds, threes in (
        (me, Place.MY_MELDS, Place.MY_THREES),
        (other, Place.OPPONENT_MELDS, Place.OPPONENT_THREES),
    ):
        for _key, cards in view.melds[p]:
            for card in cards:
                places[card] = melds
        for card in view.special_cards[p]:
            places[card] = melds
        for card in view.threes[p]:
            places[card] = threes
    seen_by_them = set(view.known[me])
    for card in view.hand:
        places[card] = Place.MY_HAND_SEEN if card in seen_by_them else Place.MY_HAND
    for card in seen_in_opponent_hand(view, memory):
        places[card] = Place.OPPONENT_HAND_SEEN
    return Distribution(tuple(places))


@dataclass(frozen=True)
class Recall:
    """UG 4.7.2: cards of yours the opponent saw you take, and cards you saw it take."""

    seen_by_opponent: tuple[int, ...]
    seen_with_opponent: tuple[int, ...]

    def lines(self) -> list[Phrase]:
        mine = _names(self.seen_by_opponent)
        theirs = _names(self.seen_with_opponent)
        return [
            phrase("Your opponent saw you take {cards} from the pile.", cards=mine)
            if mine
            else phrase("Your opponent has seen none of the cards in your hand."),
            phrase("You saw your opponent take {cards}.", cards=theirs)
            if theirs
            else phrase("You have seen none of the cards in your opponent's hand."),
        ]


def _names(cards: tuple[int, ...]) -> str:
    return join_words([card_name(c) for c in sorted_cards(cards)])


def recall(view: PlayerView, memory: TableMemory | None = None) -> Recall:
    """The cards each player has seen in the other's hand."""
    mine = tuple(c for c in view.hand if c in set(view.known[view.seat]))
    theirs = tuple(sorted(seen_in_opponent_hand(view, memory)))
    return Recall(mine, theirs)


def rank_key(card: int) -> int:
    """The group a card is counted in: its rank, with Jokers and Twos together as wild cards."""
    return TWO if IS_WILD[card] else CARD_RANK[card]


@dataclass(frozen=True)
class Deduction:
    """UG 4.7.3: the cards the player cannot see, and where they can be."""

    unknown: tuple[int, ...]
    stock: int
    talons: int
    opponent_hidden: int

    def by_rank(self) -> dict[int, int]:
        """How many unknown cards of each rank (wild cards counted together under Twos)."""
        return dict(Counter(rank_key(c) for c in self.unknown))

    def lines(self) -> list[Phrase]:
        counts = self.by_rank()
        parts = [
            phrase(
                "{count} {rank}",
                count=counts[r],
                rank=rank_plural(r) if counts[r] != 1 else rank_singular(r),
            )
            for r in sorted(counts, key=_rank_order)
        ]
        where = phrase("{cards} in the stock", cards=count_text(self.stock, "card"))
        if self.talons:
            where = phrase(
                "{where}, {cards} in the talons",
                where=where,
                cards=count_text(self.talons, "card"),
            )
        where = phrase(
            "{where} and {cards} in your opponent's hand",
            where=where,
            cards=count_text(self.opponent_hidden, "unseen card"),
        )
        return [
            phrase(
                "{cards} are unknown: {where}.",
                cards=count_text(len(self.unknown), "card"),
                where=where,
            ),
            phrase("They are: {ranks}.", ranks=join_words(parts))
            if parts
            else phrase("No card is unknown."),
        ]


def _rank_order(rank: int) -> int:
    return {TWO: 20, JOKER: 21}.get(rank, rank)


def deduce(view: PlayerView, memory: TableMemory | None = None) -> Deduction:
    """The unknown cards: not in your hand, the pile, a meld or Threes, nor seen with the
    opponent."""
    places = distribution(view, memory).places
    unknown = tuple(c for c in range(N_CARDS) if places[c] == Place.UNKNOWN)
    other = view.opponent
    hidden = view.hand_sizes[other] - len(seen_in_opponent_hand(view, memory))
    return Deduction(unknown, view.stock_size, sum(view.talon_sizes), hidden)


def recall_and_deduce(view: PlayerView, memory: TableMemory | None = None) -> list[Phrase]:
    """UG 4.7.4: the Recall and Deduce reports together."""
    return recall(view, memory).lines() + deduce(view, memory).lines()


@dataclass(frozen=True)
class RankChance:
    """The chance that the opponent holds at least one card of a rank, and how many it is known
    to hold."""

    rank: int
    known: int
    chance: float


@dataclass(frozen=True)
class Prediction:
    """UG 4.7.5: what the opponent probably holds, cannot hold, and whether it may go out."""

    likely: tuple[RankChance, ...]
    cannot_hold: tuple[int, ...]
    notes: tuple[Phrase, ...]
    going_out: GoingOutRisk

    @property
    def meaningful(self) -> bool:
        """Whether anything stands out (often too little is known to say)."""
        return bool(self.likely or self.notes)

    def lines(self) -> list[Phrase]:
        out: list[Phrase] = []
        if self.likely:
            parts = []
            for chance in self.likely:
                if chance.known:
                    parts.append(
                        phrase(
                            "{ranks} (it holds {cards})",
                            ranks=rank_plural(chance.rank),
                            cards=count_text(chance.known, "seen card"),
                        )
                    )
                else:
                    parts.append(
                        phrase(
                            "{ranks} ({percent}%)",
                            ranks=rank_plural(chance.rank),
                            percent=round(chance.chance * 100),
                        )
                    )
            out.append(phrase("Your opponent probably holds {ranks}.", ranks=join_words(parts)))
        else:
            out.append(phrase("Too little is known to say which ranks your opponent holds."))
        out.extend(self.notes)
        if self.cannot_hold:
            names = [rank_plural(r) for r in self.cannot_hold]
            out.append(phrase("It cannot hold any {ranks}.", ranks=join_words(names, "or")))
        out.append(self.going_out.reason)
        return out


PREDICTED_RANKS = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, TWO)


def _at_least_one(pool: int, of_rank: int, drawn: int) -> float:
    if drawn <= 0 or of_rank <= 0:
        return 0.0
    if pool - of_rank < drawn:
        return 1.0
    return 1.0 - comb(pool - of_rank, drawn) / comb(pool, drawn)


def _holdable(view: PlayerView, card: int) -> bool:
    """Whether a card can be in a hand at all (Threes that are laid down at once cannot)."""
    return not (IS_RED_THREE[card] or (view.rules.all_threes_equal and CARD_RANK[card] == THREE))


def predict_opponent(view: PlayerView, memory: TableMemory | None = None) -> Prediction:
    """The ranks the opponent probably holds and cannot hold, and whether it may go out.

    The chance for a rank is exact for a hand dealt at random from the unknown cards that can be
    held; a rank is predicted only when its chance is high and stands out from the others (early
    in a hand every rank is about as likely, and nothing is predicted), or when cards of it were
    seen going into the opponent's hand. A rank the opponent discarded since it last took the pile
    is not predicted: players keep the ranks they collect.
    """
    deduction = deduce(view, memory)
    holdable = [c for c in deduction.unknown if _holdable(view, c)]
    unknown_by_rank = Counter(rank_key(c) for c in holdable)
    seen = Counter(rank_key(c) for c in seen_in_opponent_hand(view, memory))
    hidden = deduction.opponent_hidden
    discarded = Counter(rank_key(c) for c in (memory.discards_by(view.opponent) if memory else []))
    chances = {
        rank: _at_least_one(len(holdable), unknown_by_rank[rank], hidden)
        for rank in PREDICTED_RANKS
    }
    open_ranks = [r for r in PREDICTED_RANKS if unknown_by_rank[r] and not seen[r]]
    mean = sum(chances[r] for r in open_ranks) / len(open_ranks) if open_ranks else 0.0
    likely = []
    cannot = []
    for rank in PREDICTED_RANKS:
        if seen[rank]:
            likely.append(RankChance(rank, seen[rank], 1.0))
        elif unknown_by_rank[rank] == 0:
            cannot.append(rank)
        elif chances[rank] >= max(LIKELY, mean + STANDS_OUT) and not discarded[rank]:
            likely.append(RankChance(rank, 0, chances[rank]))
    likely.sort(key=lambda c: (-c.known, -c.chance, c.rank))
    notes = []
    for rank, n in sorted(discarded.items()):
        if rank in (THREE, TWO):
            continue
        notes.append(_discard_note(rank, n))
    return Prediction(tuple(likely), tuple(cannot), tuple(notes), opponent_may_go_out(view))


def _discard_note(rank: int, n: int) -> Phrase:
    """What discards of a rank since the opponent last took the pile suggest (one card of the
    rank named with its article whole, so a translation declines it its own way)."""
    ranks = rank_plural(rank)
    if n == 1:
        return phrase(
            "It discarded {one} since it last took the pile: it probably holds no pair of {ranks}.",
            one=one_of_rank(rank),
            ranks=ranks,
        )
    return phrase(
        "It discarded {cards} since it last took the pile: it probably holds no pair of {ranks}.",
        cards=rank_count_text(n, rank),
        ranks=ranks,
    )


__all__ = [
    "Deduction",
    "Distribution",
    "Place",
    "Prediction",
    "RankChance",
    "Recall",
    "deduce",
    "distribution",
    "predict_opponent",
    "recall",
    "recall_and_deduce",
    "seen_in_opponent_hand",
]
