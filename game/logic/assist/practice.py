"""Doctor hand and Swap cards (User Guide 4.7.6, 4.7.7): changing the cards of a hand for practice.

Both are allowed only while the hand is in play and before either player has melded (Red Threes
laid down do not count). Doctoring exchanges one card of the player's hand with any card not yet
on the table: in the stock, the talons, the opponent's hand or the discard pile. Swapping exchanges
the two players' hands. Each returns a changed copy of the game (the original is untouched) and a
`PracticeChange` record: a hand or game with such a record is practice and must never count for
records or high scores. A refusal raises `IllegalAction` with its rule's code, like a refused move.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import IS_BLACK_THREE, IS_RED_THREE, IS_WILD, CardId
from ..engine import Game
from ..errors import IllegalAction
from ..phases import DRAW, PLAY
from ..phrase import phrase
from .names import card_name

DOCTOR, SWAP = "doctor", "swap"


@dataclass(frozen=True)
class PracticeChange:
    """One practice change: which hand, whose cards, what went out and what came in."""

    kind: str
    hand_no: int
    seat: int
    gave: tuple[int, ...]
    took: tuple[int, ...]

    def describe(self) -> str:
        if self.kind == SWAP:
            return f"Hand {self.hand_no}: the hands were swapped (practice)."
        gave = " ".join(card_name(c) for c in self.gave)
        took = " ".join(card_name(c) for c in self.took)
        return f"Hand {self.hand_no}: {gave} exchanged for {took} (practice)."


def practice_refusal(game: Game) -> IllegalAction | None:
    """Why the hand's cards may not be changed now, or None when they may."""
    if game.phase not in (DRAW, PLAY):
        return IllegalAction(
            "practice_hand_over", phrase("Cards can be changed only during a hand.")
        )
    if any(player.melds or player.special_cards for player in game.players):
        return IllegalAction(
            "practice_after_meld",
            phrase("Doctor hand and Swap cards are allowed only before the first meld of a hand."),
        )
    return None


def _check_allowed(game: Game) -> None:
    refusal = practice_refusal(game)
    if refusal is not None:
        raise refusal


def _held_for_good(game: Game, card: int) -> bool:
    """A card that may never be held: laid down at once when it reaches a hand."""
    return bool(IS_RED_THREE[card] or (game.rules.all_threes_equal and IS_BLACK_THREE[card]))


def doctor_hand(game: Game, seat: int, give: CardId, take: CardId) -> tuple[Game, PracticeChange]:
    """Exchange card `give` of `seat`'s hand with card `take` from wherever it is not on show."""
    _check_allowed(game)
    out = game.clone()
    hand = out.players[seat].hand
    if give not in hand:
        raise IllegalAction(
            "practice_card", phrase("{card} is not in your hand.", card=card_name(give))
        )
    if _held_for_good(out, take):
        raise IllegalAction(
            "practice_card",
            phrase("{card} is laid down at once: it cannot be held.", card=card_name(take)),
        )
    other = out.players[1 - seat].hand
    places: list[list[CardId]] = [other, out.stock, out.pile, *out.talons]
    source = next((place for place in places if take in place), None)
    if source is None:
        raise IllegalAction(
            "practice_card",
            phrase("{card} is on the table or in your hand already.", card=card_name(take)),
        )
    hand[hand.index(give)] = take
    source[source.index(take)] = give
    out.pile_freezers = sum(1 for c in out.pile if IS_WILD[c] or IS_RED_THREE[c])
    if give in out.turn.drawn:
        out.turn.drawn[out.turn.drawn.index(give)] = take
    return out, PracticeChange(DOCTOR, out.hand_no, seat, (give,), (take,))


def swap_hands(game: Game, seat: int) -> tuple[Game, PracticeChange]:
    """Exchange the two players' hands; `seat` is the player asking."""
    _check_allowed(game)
    out = game.clone()
    mine, theirs = out.players[seat], out.players[1 - seat]
    gave, took = tuple(mine.hand), tuple(theirs.hand)
    mine.hand, theirs.hand = list(took), list(gave)
    mine.known, theirs.known = set(), set()
    out.turn.drawn = []
    return out, PracticeChange(SWAP, out.hand_no, seat, gave, took)
