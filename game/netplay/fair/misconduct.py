"""What a dishonest (or broken) seat is caught doing, said for programs and for people.

Every check of the protocol that fails raises (or, in the audit, lists) a `Misconduct`: a
machine-readable `code`, the seat at fault when it is known, the protocol step, the deck position
when there is one, and a sentence a player can read ("seat 1's unmask of stock card 31 is
false"). Deck positions are named as the stock's cards, counted from 0 at the top of the shuffled
deck, the order in which the game deals them.

The sentence is a `Phrase`: a seat in it is a field ("seat {seat}", "seat {seat}'s") that
`for_reader` turns into the reader's own words ("you", the other player's name), and the
screens say it in the player's language."""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, IntEnum

from game.logic.phrase import Phrase, phrase, refilled


class Step(IntEnum):
    """The steps of the protocol (a proof binds the number of its step)."""

    KEY = 1
    SHUFFLE = 2
    UNMASK = 3
    SECRET = 4
    AUDIT = 5
    MOVE = 6  # a move of the game, with the cards it shows (never bound in a proof)


class Code(str, Enum):
    """What went wrong, for programs."""

    MALFORMED = "malformed"  # a message that breaks its format
    OUT_OF_TURN = "out_of_turn"  # a step nobody was owed, or twice
    INVALID_POINT = "invalid_point"  # not a point of the prime-order group
    FALSE_KEY = "false_key"  # a key proof that does not hold
    WRONG_DECK_SIZE = "wrong_deck_size"
    DUPLICATE_CARD = "duplicate_card"  # one masked value at two positions
    FALSE_UNMASK = "false_unmask"  # an unmask share whose proof does not hold
    NOT_A_CARD = "not_a_card"  # a fully unmasked position that is none of the 108 cards
    CARD_TWICE = "card_twice"  # one physical card at two positions of a transcript
    FALSE_SECRET = "false_secret"  # a released secret that is not the key's
    FALSE_SHUFFLE = "false_shuffle"  # a shuffle that was not a permutation of the deck it got
    WITHHELD = "withheld"  # a step owed for longer than the caller's deadline
    NOT_HELD = "not_held"  # a card shown by a seat that does not hold it
    ILLEGAL_MOVE = "illegal_move"  # a move the rules refuse once its cards are seen
    KEPT_CARD = "kept_card"  # a card the replay from the audited deck shows and the play did not


def card_name(position: int) -> Phrase:
    return phrase("stock card {number}", number=position)


def who(seat: int) -> Phrase:
    """A seat in a misconduct's sentence, for `for_reader` to name."""
    return phrase("seat {seat}", seat=seat)


def whose(seat: int) -> Phrase:
    """A seat's, in a misconduct's sentence, for `for_reader` to name."""
    return phrase("seat {seat}'s", seat=seat)


def same_card(seat: int, first: int, then: int) -> Phrase:
    return phrase(
        "{whose} shuffle puts the same card at {card} and {other}",
        whose=whose(seat),
        card=card_name(first),
        other=card_name(then),
    )


def for_reader(sentence: Phrase, named: Callable[[int, bool], str]) -> Phrase:
    """`sentence` with every seat in it said as `named(seat, possessive)` says it."""
    fields: dict[str, object] = {}
    for key, value in sentence.fields.items():
        if isinstance(value, Phrase) and value.template in ("seat {seat}", "seat {seat}'s"):
            fields[key] = named(value.fields["seat"], value.template != "seat {seat}")
        elif isinstance(value, Phrase):
            fields[key] = for_reader(value, named)
    return refilled(sentence, **fields)


class Misconduct(Exception):
    """A check of the protocol failed; the state that raised it is unchanged unless it says so."""

    def __init__(
        self,
        code: Code,
        sentence: Phrase,
        *,
        seat: int | None,
        step: Step | None,
        position: int | None = None,
    ) -> None:
        super().__init__(sentence)
        self.code = code
        self.sentence = sentence
        self.seat = seat
        self.step = step
        self.position = position

    def __repr__(self) -> str:
        return f"Misconduct({self.code.value!r}, {self.sentence!r})"
