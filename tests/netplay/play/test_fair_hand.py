"""One seat's hand on a peek-proof deal: moves that break their format or come out of turn are
refused with a sentence, rules the deal cannot serve are refused, and the replay from the audited
deck names a card the play never showed on the table."""

from __future__ import annotations

import pytest

from game.logic.actions import Action, Draw
from game.logic.cards import IS_RED_THREE, code_of, unseen_card
from game.logic.engine import Game
from game.logic.rules import Rules
from game.logic.view import PlayerView
from game.netplay.fair import Code, Misconduct, Seat, hand_id
from game.netplay.fair.misconduct import card_name
from game.netplay.play.fair_hand import FairHand, Move, decode_move, public_state
from game.netplay.play.fair_table import FairTable
from tests.netplay.play.test_fair_table import table


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (["x"], "it is not [seat, action, unmask, opened] from its sender"),
        ([0, None, None, 0], "it is not [seat, action, unmask, opened] from its sender"),
        ([1, {"type": "fly"}, None, 0], "fly"),
        ([1, None, [0, 1, b"k" * 32, b"p" * 48], 0], "what it shows is not an unmask"),
        ([1, None, None, 109], "109 is no count of cards"),
        ([1, None, None, "3"], "'3' is no count of cards"),
    ],
)
def test_a_malformed_move_is_refused_with_a_sentence(value: object, reason: str) -> None:
    with pytest.raises(Misconduct) as caught:
        decode_move(value, 1)
    assert caught.value.code is Code.MALFORMED and caught.value.seat == 1
    assert reason in caught.value.sentence and caught.value.sentence.startswith("seat 1 ")


def test_rules_the_deal_cannot_serve_are_refused() -> None:
    seat = Seat(0, 2, hand_id("g", 1))
    with pytest.raises(ValueError, match="pile taken back as the stock"):
        FairHand(seat, Rules(stock_end="reuse_pile"), 0, (0, 0))
    with pytest.raises(ValueError, match="the rules seat 3, the deal 2"):
        FairHand(seat, Rules.preset("classic", players=3), 0, (0, 0, 0))


class Dealt(Exception):
    """Raised by a decider to stop a table once the deal is done."""


class StopsAtOnce:
    def choose(self, view: PlayerView, now: float) -> Action | None:
        raise Dealt

    def refused(self, action: Action, code: str, text: str) -> None:
        raise AssertionError(text)


def test_a_move_out_of_turn_is_refused_and_changes_nothing() -> None:
    fair = FairTable(Rules(), [StopsAtOnce(), StopsAtOnce()])
    with pytest.raises(Dealt):
        fair.play_hand(first_player=0)
    hand = fair.hands[0]
    before = list(hand.actions)
    with pytest.raises(Misconduct) as caught:
        hand.receive_move(Move(1, Draw(), None, 15))
    assert caught.value.code is Code.ILLEGAL_MOVE
    assert caught.value.sentence == "seat 1 moved (draw) out of turn"
    assert hand.actions == before


def test_the_replay_names_the_red_three_a_seat_kept_from_the_table() -> None:
    fair = table(2, seed=b"threes5")
    assert fair.play_hand().misconduct is None
    hand = fair.hands[0]
    report = hand.seat.audit()
    deck = report.deck_ids()
    # Seat 1 was dealt a Red Three; suppose seat 0 never saw it laid: its view of the deal
    # lacks it, and so does what it noted of the table after the deal.
    dealt_to_one = [p for p in range(1, 30, 2) if IS_RED_THREE[deck[p]]]
    assert dealt_to_one
    kept = dealt_to_one[0]
    view = hand.deck()
    view[kept] = unseen_card(kept)
    hand.deck = lambda: list(view)  # type: ignore[method-assign]
    played = Game(hand.rules, deck=view, first_player=hand.first_player)
    hand.trail[0] = public_state(played)
    with pytest.raises(Misconduct) as caught:
        hand.replay(report)
    face = code_of(deck[kept])
    assert caught.value.code is Code.KEPT_CARD and caught.value.position == kept
    assert caught.value.sentence == (
        f"seat 1 kept the Red Three {face} ({card_name(kept)}) instead of laying it down: "
        "the audit's replay lays it at the deal"
    )


def test_a_replay_that_parts_from_the_play_says_where() -> None:
    fair = table(2, seed=b"parts")
    result = fair.play_hand()
    hand = fair.hands[0]
    hand.trail[3] = b"another table"
    with pytest.raises(Misconduct) as caught:
        hand.replay(hand.seat.audit())
    action = hand.actions[2]
    assert caught.value.code is Code.KEPT_CARD and result.moves > 3
    assert caught.value.sentence.startswith(
        "the hand replayed from the audited deck differs from the play at move 3 ("
    )
    assert action.type.replace("_", " ") in caught.value.sentence


def test_a_seat_sends_what_it_owes_before_it_moves() -> None:
    fair = FairTable(Rules(), [StopsAtOnce(), StopsAtOnce()])
    with pytest.raises(Dealt):
        fair.play_hand(first_player=0)
    hand = fair.hands[0]
    stock = next(p for p, s in enumerate(hand.seat.public.positions) if s.recipient is None)
    for each in fair.hands:
        each.seat.open_to(1, [stock])
    stretch = fair.hands[1].seat.unmask_message()  # the last seat sends that card's value
    assert stretch is not None
    hand.seat.receive(stretch)  # seat 0 now owes its unmask of that card to seat 1
    before = public_state(hand.game)
    with pytest.raises(ValueError, match="seat 0 must send the unmasks it owes first"):
        hand.act(Draw())
    with pytest.raises(ValueError, match="must send the unmasks it owes first"):
        hand.show()
    assert hand.actions == [] and public_state(hand.game) == before
