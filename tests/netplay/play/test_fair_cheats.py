"""Every dishonest act of a seat at a peek-proof table is caught at the card: the seat that
catches it stops the hand with the misconduct's code and a sentence naming the card and the move
(tests/netplay/play/cheats.py is the cheating seat)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from game.logic.actions import Discard, Meld
from game.logic.cards import CARD_CODE, CARD_RANK, RANK_CODES
from game.netplay.fair import Code, Message, Seat, ShuffleMessage, UnmaskMessage
from game.netplay.fair.group import Point, mask, random_scalar
from game.netplay.fair.messages import HINT_BYTES
from game.netplay.fair.misconduct import card_name
from game.netplay.play.fair_hand import FairHand, Move
from game.netplay.play.fair_table import HandResult
from tests.netplay.fair.streams import seeded
from tests.netplay.play.cheats import CHEAT, CheatingTable, KeepsItsThrees, Plain

HONEST = 0


def caught(result: HandResult, code: Code) -> str:
    assert result.misconduct is not None, "the cheat went unnoticed"
    assert result.caught_by == HONEST
    assert result.misconduct.code == code, result.misconduct
    return result.misconduct.sentence


def caught_at(result: HandResult, code: Code) -> tuple[str, int]:
    """As `caught`, with the deck position the misconduct names."""
    sentence = caught(result, code)
    assert result.misconduct is not None and result.misconduct.position is not None
    return sentence, result.misconduct.position


def other_point(seed: bytes) -> Point:
    """A valid point that is none of the deck's (a fresh mask of a card point)."""
    scalar = random_scalar(seeded(seed))
    return mask(scalar, Point(bytes.fromhex("58" + "66" * 31)))


class FalseUnmask(CheatingTable):
    """Unmasks the cards it owes with one wrong value among them (its proof is for the right
    ones): at two seats a card opened to the other seat travels as a hint of its value, which
    then opens no card."""

    def cheat_deal(self, message: Message) -> Message | None:
        if isinstance(message, UnmaskMessage) and not self.cheated:
            wrong = bytes(b ^ 0xFF for b in message.values[:HINT_BYTES])
            return dataclasses.replace(message, values=wrong + message.values[HINT_BYTES:])
        return message


def test_a_false_unmask_is_caught_at_the_card() -> None:
    table = FalseUnmask()
    result = table.play_hand()
    sentence, position = caught_at(result, Code.NOT_A_CARD)
    assert sentence == (
        f"seat 1's unmask of {card_name(position)} opens no card: "
        "the shuffle or the unmask was false"
    )
    assert result.moves == 0  # the deal: seat 0's hand opens to it
    assert position == 0  # the first card of the fifteen the one proof covers


class FailingProof(CheatingTable):
    """Unmasks a drawn card honestly but sends a proof that does not hold."""

    def cheat_deal(self, message: Message) -> Message | None:
        moves = len(self.hands[HONEST].actions)
        if isinstance(message, UnmaskMessage) and moves > 0 and not self.cheated:
            return dataclasses.replace(message, proof=bytes(48))
        return message


def test_a_proof_that_fails_is_caught_at_the_cards_of_the_draw() -> None:
    table = FailingProof()
    result = table.play_hand()
    sentence, position = caught_at(result, Code.FALSE_UNMASK)
    # seat 0's first draw, the stock's two top cards: one proof covers both
    assert len(table.hands[HONEST].actions) == 1 and position >= 30
    assert sentence == (
        f"seat 1's unmask of stock cards {position} and {position + 1} is false "
        "(one proof covers them all)"
    )


class TwiceInTheShuffle(CheatingTable):
    """Puts one masked card at two places of its shuffle (a card claimed twice): the stretch
    of its deck that reaches stock card 40 repeats the value of stock card 3."""

    def cheat_deal(self, message: Message) -> Message | None:
        stretch = (
            range(message.start, message.start + len(message.deck))
            if isinstance(message, ShuffleMessage)
            else range(0)
        )
        if isinstance(message, ShuffleMessage) and 40 in stretch:
            deck = list(message.deck)
            deck[40 - message.start] = self.cheater.seat._deck[3]
            return dataclasses.replace(message, deck=tuple(deck))
        return message


def test_a_card_claimed_twice_in_a_shuffle_is_caught_when_the_shuffle_arrives() -> None:
    result = TwiceInTheShuffle().play_hand()
    sentence = caught(result, Code.DUPLICATE_CARD)
    assert sentence == "seat 1's shuffle puts the same card at stock card 3 and stock card 40"


class ShowsTheUpcardAsItsOwn(CheatingTable):
    """Claims the upcard, a card already open to all, as one of the cards its discard shows."""

    def cheat_move(self, move: Move) -> Move | None:
        if isinstance(move.action, Discard) and move.unmask is not None and not self.cheated:
            upcard = next(
                p
                for p, s in enumerate(self.cheater.seat.public.positions)
                if s.face is not None and p >= 30
            )
            unmask = dataclasses.replace(move.unmask, positions=(upcard,))
            return dataclasses.replace(move, unmask=unmask)
        return move


def test_a_card_claimed_twice_in_play_is_caught_at_the_card() -> None:
    table = ShowsTheUpcardAsItsOwn()
    result = table.play_hand()
    sentence, position = caught_at(result, Code.NOT_HELD)
    assert sentence == f"seat 1 showed {card_name(position)}, which is not in that hand"


class Withholds(CheatingTable):
    """Stops unmasking once play has begun: the other seat's draw never opens."""

    def cheat_deal(self, message: Message) -> Message | None:
        if isinstance(message, UnmaskMessage) and self.hands[HONEST].actions:
            return None
        return message


def test_an_unmask_withheld_past_the_deadline_is_named_with_its_card() -> None:
    table = Withholds()
    result = table.play_hand()
    sentence, position = caught_at(result, Code.WITHHELD)
    assert sentence == f"seat 1 did not send the unmask of {card_name(position)} within 30 s"
    # the card is the next one of the stock that seat 0 drew
    assert table.hands[HONEST].seat.public.positions[position].recipient == HONEST


class MeldsWhatItLacks(CheatingTable):
    """Sends, instead of a discard, a meld of three cards of a rank it does not hold."""

    def cheat_move(self, move: Move) -> Move | None:
        if isinstance(move.action, Discard) and not self.cheated:
            game = self.cheater.game
            held = {CARD_RANK[c] for c in game.players[CHEAT].hand}
            rank = next(r for r in RANK_CODES[3:] if CARD_RANK[_id(r + "S")] not in held)
            self.meld = Meld((rank + "S", rank + "H", rank + "D"))
            return dataclasses.replace(move, action=self.meld, unmask=None)
        return move


def _id(code: str) -> int:
    return CARD_CODE.index(code)


def test_a_meld_of_a_card_it_does_not_hold_is_refused_with_the_card_named() -> None:
    table = MeldsWhatItLacks()
    result = table.play_hand()
    sentence = caught(result, Code.ILLEGAL_MOVE)
    cards = " ".join(table.meld.cards)
    first = table.meld.cards[0]
    assert sentence == f"seat 1's meld of {cards} is refused: You have no {first} in your hand."


class DiscardsFromTheStock(CheatingTable):
    """Discards the stock's top card without drawing it, showing it with its own unmask."""

    def cheat_move(self, move: Move) -> Move | None:
        if isinstance(move.action, Discard) and not self.cheated:
            seat = self.cheater.seat
            top = next(p for p, s in enumerate(seat.public.positions) if s.recipient is None)
            seat.open_publicly([top], order=[CHEAT, HONEST])
            if seat.public.stretch() is not None:  # the card's value goes out first
                stretch = seat.unmask_message()
                assert stretch is not None
                self.send_deal(CHEAT, stretch)
            unmask = seat.unmasks()
            assert unmask is not None
            return dataclasses.replace(move, unmask=unmask)
        return move


def test_a_discard_it_did_not_draw_is_caught_at_the_card() -> None:
    table = DiscardsFromTheStock()
    result = table.play_hand()
    sentence, position = caught_at(result, Code.NOT_HELD)
    assert sentence == f"seat 1 showed {card_name(position)}, which is not in that hand"


class KeepsARedThree(CheatingTable):
    """Keeps the Red Threes it is dealt in its hand instead of laying them down."""

    def __init__(self, seed: bytes) -> None:
        super().__init__(seed=seed)
        self.deciders[CHEAT] = Plain(self, CHEAT)

    def make_hand(self, seat: Seat, first_player: int, scores: Sequence[int]) -> FairHand:
        if seat.seat == CHEAT:
            return KeepsItsThrees(seat, self.rules, first_player, scores)
        return super().make_hand(seat, first_player, scores)


def test_a_kept_red_three_is_caught_at_the_card_when_the_hand_is_shown() -> None:
    table = KeepsARedThree(seed=b"threes5")
    result = table.play_hand()
    sentence, position = caught_at(result, Code.KEPT_CARD)
    cheater = table.cheater
    assert isinstance(cheater, KeepsItsThrees) and cheater.kept
    assert position in cheater.kept
    face = table.hands[HONEST].seat.table[position].face
    assert face in ("3H", "3D")
    assert sentence == (
        f"seat 1 kept the Three {face} ({card_name(position)}) and shows it "
        "only now: it had to be laid down at once"
    )


class FalseShuffle(CheatingTable):
    """Swaps a card of its shuffle for a point that is no masked card of the deck it got: the
    cheater (the last seat, which sends its deck in stretches) plays on from its false deck,
    sending it and unmasking honestly what it sent."""

    def __init__(self, position: int) -> None:
        super().__init__()
        self.position = position

    def cheat_deal(self, message: Message) -> Message | None:
        if isinstance(message, ShuffleMessage) and not message.deck and not self.cheated:
            seat = self.cheater.seat
            deck = list(seat._deck)
            deck[self.position] = other_point(b"false shuffle")
            seat._deck = tuple(deck)
            return dataclasses.replace(message)  # the same (empty) message: the cheat is done
        return message


def test_a_false_shuffle_is_caught_at_the_card_when_it_opens() -> None:
    result = FalseShuffle(position=0).play_hand()
    sentence = caught(result, Code.NOT_A_CARD)
    assert sentence == (
        "seat 1's unmask of stock card 0 opens no card: the shuffle or the unmask was false"
    )


def test_a_false_card_at_the_stocks_bottom_is_never_sent_and_cannot_touch_the_hand() -> None:
    table = FalseShuffle(position=107)
    result = table.play_hand()
    assert table.cheated == 1 and result.misconduct is None, result.misconduct
    # the hand never reached the card, so the last seat never sent its value: nothing it could
    # have put there was dealt, and the record's unreached bottom holds the other cards
    assert table.hands[HONEST].seat.public.positions[107].value is None
    assert len({game.state_hash() for game in result.games}) == 1
