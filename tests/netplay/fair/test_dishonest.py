"""Every dishonest act is caught at the card it touches, with a code and a sentence naming the
seat, the step and the position; a refused message changes nothing."""

from __future__ import annotations

import dataclasses

import pytest

from game.logic.cards import code_of
from game.netplay.fair import (
    Code,
    Deadline,
    KeyMessage,
    Misconduct,
    SecretMessage,
    ShuffleMessage,
    Step,
    UnmaskMessage,
)
from game.netplay.fair.deck import Owed, Unmasking
from game.netplay.fair.group import (
    CARD_OF_POINT,
    CARD_POINTS,
    Point,
    card_point,
    mask,
    random_scalar,
    unmask,
)
from game.netplay.fair.messages import HINT_BYTES
from game.netplay.fair.proofs import Context, prove_unmask
from tests.netplay.fair.streams import seeded
from tests.netplay.fair.table import Table

SMALL_ORDER = Point(
    bytes.fromhex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
)
IDENTITY = Point(b"\x01" + bytes(31))


def caught(action: object, code: Code, sentence: str) -> Misconduct:
    """Run `action` (a no-argument callable) and return the Misconduct it must raise."""
    assert callable(action)
    with pytest.raises(Misconduct) as raised:
        action()
    assert raised.value.code is code
    assert raised.value.sentence == sentence
    return raised.value


def owed_unmask(table: Table, recipient: int, position: int) -> UnmaskMessage:
    """Ask every seat to open `position` to `recipient`; the first unmask owed, not yet sent."""
    for seat in table.seats:
        seat.open_to(recipient, [position])
    table.stretch()
    unmasker = table.seats[0].public.positions[position].waiting[0]
    message = table.seats[unmasker].unmask_message()
    assert message is not None
    return message


def with_values(message: UnmaskMessage, values: bytes, proof: bytes | None = None) -> UnmaskMessage:
    return dataclasses.replace(message, values=values, proof=proof or message.proof)


def hint(point: Point) -> bytes:
    return point[:HINT_BYTES]


# -- unmasking ---------------------------------------------------------------------------------


def test_a_false_unmask_is_caught_at_the_card_and_changes_nothing() -> None:
    table = Table(3)  # three seats: every unmask travels whole, and every seat checks it
    table.setup()
    honest = owed_unmask(table, 0, 31)
    forged = with_values(honest, mask(random_scalar(seeded(b"x")), Point(honest.values)))
    for seat in (0, 2):
        fault = caught(
            lambda seat=seat: table.seats[seat].receive(forged),
            Code.FALSE_UNMASK,
            "seat 1's unmask of stock card 31 is false",
        )
        assert (fault.seat, fault.step, fault.position) == (1, Step.UNMASK, 31)
    assert table.seats[0].public.positions[31].waiting == [1, 2]
    table.send(honest)
    last = table.seats[2].unmask_message()
    assert last is not None
    table.send(last)
    assert 31 in table.seats[0].hand


def test_at_two_seats_a_card_opened_to_a_seat_travels_as_a_hint_it_alone_can_read() -> None:
    table = Table(2)
    table.setup()
    honest = owed_unmask(table, 0, 31)
    value = unmask(table.seats[1]._secret, table.seats[1].public.positions[31].history[-1].before)
    assert honest.values == hint(value) and len(honest.values) == HINT_BYTES == 2
    [card] = table.seats[0].receive(honest)
    assert card.position == 31 and table.seats[0].public.positions[31].value == value


def test_a_hint_that_opens_no_card_is_caught_at_the_card() -> None:
    table = Table(2)
    table.setup()
    honest = owed_unmask(table, 0, 31)
    seat = table.seats[0]
    readable = {v[:HINT_BYTES] for v in (mask(seat._secret, p) for p in CARD_POINTS)}
    nothing = next(
        h for h in (bytes([a, b]) for a in range(256) for b in range(256)) if h not in readable
    )
    fault = caught(
        lambda: seat.receive(with_values(honest, nothing)),
        Code.NOT_A_CARD,
        "seat 1's unmask of stock card 31 opens no card: the shuffle or the unmask was false",
    )
    assert (fault.seat, fault.position) == (1, 31) and seat.hand == {}
    seat.receive(honest)


def test_a_proof_made_for_another_position_is_caught() -> None:
    table = Table(2)
    table.setup()
    honest = owed_unmask(table, 0, 31)
    cheat = table.seats[1]
    before = cheat.public.positions[31].history[-1].before
    after = cheat.public.positions[31].value
    context = Context(table.hand_id, 1, Step.UNMASK, ((30, 0),))
    proof = prove_unmask(cheat._secret, cheat._key, [before], [after], context, seeded(b"p"))
    caught(
        lambda: table.seats[0].receive(with_values(honest, honest.values, proof)),
        Code.FALSE_UNMASK,
        "seat 1's unmask of stock card 31 is false",
    )


def test_an_unmask_nobody_asked_for_is_refused() -> None:
    table = Table(3)
    table.setup()
    honest = owed_unmask(table, 0, 31)  # seat 1 unmasks first, then seat 2
    moved = dataclasses.replace(honest, positions=(30,))
    caught(
        lambda: table.seats[0].receive(moved),
        Code.OUT_OF_TURN,
        "seat 1 sent an unmask of stock card 30 that was not owed",
    )
    early = dataclasses.replace(honest, seat=2)
    caught(
        lambda: table.seats[0].receive(early),
        Code.OUT_OF_TURN,
        "seat 2 sent an unmask of stock card 31 that was not owed",
    )


def test_values_of_the_wrong_size_are_malformed() -> None:
    table = Table(3)
    table.setup()
    honest = owed_unmask(table, 0, 31)
    caught(
        lambda: table.seats[0].receive(with_values(honest, honest.values[:31])),
        Code.MALFORMED,
        "seat 1 sent a malformed unmask message: its values are 31 bytes, not 32",
    )


@pytest.mark.parametrize("point", [SMALL_ORDER, IDENTITY], ids=["small order", "identity"])
def test_an_unmask_that_is_no_point_is_refused(point: Point) -> None:
    table = Table(3)
    table.setup()
    honest = owed_unmask(table, 0, 31)
    caught(
        lambda: table.seats[0].receive(with_values(honest, point)),
        Code.INVALID_POINT,
        "seat 1's unmask of stock card 31 is no point",
    )


def test_a_proof_replayed_from_another_hand_is_caught() -> None:
    # Same randomness, so the same secrets and decks: only the hand id differs.
    first, second = Table(2, b"same", hand=1), Table(2, b"same", hand=2)
    for table in (first, second):
        table.setup()
    assert first.seats[0].public.shuffles == second.seats[0].public.shuffles
    old = owed_unmask(first, 0, 31)
    new = owed_unmask(second, 0, 31)
    assert old.values == new.values
    caught(
        lambda: second.seats[0].receive(old),
        Code.FALSE_UNMASK,
        "seat 1's unmask of stock card 31 is false",
    )
    [old_key] = [m for m in first.messages if isinstance(m, KeyMessage) and m.seat == 1]
    caught(
        lambda: Table(2, b"same", hand=2).seats[0].receive(old_key),
        Code.FALSE_KEY,
        "seat 1's key proof is false",
    )


# -- one proof for many cards -------------------------------------------------------------------

BATCH = (30, 31, 32, 33, 34)


def owed_batch(table: Table, recipient: int) -> UnmaskMessage:
    for seat in table.seats:
        seat.open_to(recipient, BATCH)
    table.stretch()
    unmasker = table.seats[0].public.positions[BATCH[0]].waiting[0]
    message = table.seats[unmasker].unmask_message()
    assert message is not None and message.positions == BATCH
    return message


def test_a_batch_of_cards_travels_with_one_proof() -> None:
    table = Table(2)
    table.setup()
    honest = owed_batch(table, 0)
    assert len(honest.values) == len(BATCH) * HINT_BYTES and len(honest.proof) == 48
    assert sorted(card.position for card in table.seats[0].receive(honest)) == list(BATCH)


def test_a_hint_that_fits_two_masked_cards_is_read_the_way_its_proof_holds() -> None:
    table = Table(2)
    table.setup()
    honest = owed_batch(table, 0)
    seat = table.seats[0]
    seat._hinted(b"")  # the seat's table of its masked cards, by hint
    assert seat._masks is not None
    value = {p: table.seats[1].public.positions[p].value for p in BATCH}
    # the first card's hint fits the fourth card's value as well, read first
    seat._masks[hint(value[30])].insert(0, value[33])
    assert sorted(card.position for card in seat.receive(honest)) == list(BATCH)
    assert [seat.public.positions[p].value for p in BATCH] == list(value.values())


def test_a_forged_batch_whose_card_opens_no_card_names_that_card() -> None:
    table = Table(2)
    table.setup()
    honest = owed_batch(table, 0)
    seat = table.seats[0]
    readable = {v[:HINT_BYTES] for v in (mask(seat._secret, p) for p in CARD_POINTS)}
    nothing = next(
        h for h in (bytes([a, b]) for a in range(256) for b in range(256)) if h not in readable
    )
    values = honest.values[:4] + nothing + honest.values[6:]  # the third card is wrong
    fault = caught(
        lambda: seat.receive(with_values(honest, values)),
        Code.NOT_A_CARD,
        "seat 1's unmask of stock card 32 opens no card: the shuffle or the unmask was false",
    )
    assert fault.position == 32 and seat.hand == {}


def test_a_forged_batch_that_opens_a_card_seen_already_names_that_card() -> None:
    table = Table(2)
    table.setup()
    table.open_to(0, [5])
    seen = table.seats[0].public.positions[5].value  # seat 0's mask of a card it holds
    honest = owed_batch(table, 0)
    values = honest.values[:6] + hint(seen) + honest.values[8:]  # the fourth card is that one
    fault = caught(
        lambda: table.seats[0].receive(with_values(honest, values)),
        Code.FALSE_UNMASK,
        "seat 1's unmask of stock card 33 is false",
    )
    assert fault.position == 33


def test_a_forged_batch_that_opens_another_unseen_card_is_caught() -> None:
    """The cheat swaps one card for another it cannot see (a value of seat 0's shuffle): one
    proof cannot say which of its cards is false, so the sentence names every card it covers."""
    table = Table(2)
    table.setup()
    honest = owed_batch(table, 0)
    honest_values = {table.seats[1].public.positions[p].value for p in BATCH}
    other = next(v for v in table.seats[0].public.shuffles[0] if v not in honest_values)
    values = hint(other) + honest.values[2:]
    fault = caught(
        lambda: table.seats[0].receive(with_values(honest, values)),
        Code.FALSE_UNMASK,
        "seat 1's unmask of stock cards 30, 31, 32, 33 and 34 is false (one proof covers them all)",
    )
    assert (fault.seat, fault.position) == (1, 30) and table.seats[0].hand == {}
    table.seats[0].receive(honest)


def test_a_forged_batch_of_whole_values_is_caught_by_every_seat() -> None:
    table = Table(3)
    table.setup()
    honest = owed_batch(table, 0)
    wrong = mask(random_scalar(seeded(b"y")), CARD_POINTS[0])
    values = honest.values[:64] + wrong + honest.values[96:]
    for seat in (0, 2):
        caught(
            lambda seat=seat: table.seats[seat].receive(with_values(honest, values)),
            Code.FALSE_UNMASK,
            "seat 1's unmask of stock cards 30, 31, 32, 33 and 34 is false "
            "(one proof covers them all)",
        )


def test_a_card_shown_travels_as_its_index_and_a_false_one_is_caught() -> None:
    table = Table(2)
    table.setup()
    table.open_to(1, [7, 9])
    shower = table.seats[1]
    for seat in table.seats:
        seat.open_publicly([7, 9], order=[1])
    honest = shower.unmask_message()
    assert honest is not None and len(honest.values) == 2
    held = [CARD_OF_POINT[shower.public.positions[p].value] for p in (7, 9)]
    assert list(honest.values) == held
    other = next(c for c in range(108) if c not in held)
    fault = caught(
        lambda: table.seats[0].receive(with_values(honest, bytes([held[0], other]))),
        Code.FALSE_UNMASK,
        "seat 1's unmask of stock cards 7 and 9 is false (one proof covers them all)",
    )
    assert fault.position == 7
    caught(
        lambda: table.seats[0].receive(with_values(honest, bytes([held[0], 108]))),
        Code.NOT_A_CARD,
        "seat 1's unmask of stock card 9 opens no card",
    )
    assert {card.face for card in table.seats[0].receive(honest)} == {
        code_of(card) for card in held
    }


# -- keys ---------------------------------------------------------------------------------------


def test_a_key_must_be_a_point_with_a_proof_for_its_own_seat() -> None:
    table = Table(3)
    zero = table.seats[0].key_message()
    table.send(zero)
    one = table.seats[1]
    honest = one.key_message()
    caught(
        lambda: table.seats[2].receive(KeyMessage(1, SMALL_ORDER, honest.proof)),
        Code.INVALID_POINT,
        "seat 1's key is no point",
    )
    caught(
        lambda: table.seats[2].receive(KeyMessage(1, zero.key, zero.proof)),
        Code.FALSE_KEY,
        "seat 1's key proof is false",
    )
    table.seats[2].receive(honest)
    caught(
        lambda: table.seats[2].receive(honest),
        Code.OUT_OF_TURN,
        "seat 1 sent a key when none was owed",
    )


# -- shuffles -----------------------------------------------------------------------------------


def shuffled_by_seat_one(table: Table) -> ShuffleMessage:
    for seat in table.seats:
        table.send(seat.key_message())
    table.send(table.seats[0].shuffle_message())
    return table.seats[1].shuffle_message()


def replaced(message: ShuffleMessage, position: int, value: Point) -> ShuffleMessage:
    deck = list(message.deck)
    deck[position] = value
    return ShuffleMessage(message.seat, tuple(deck))


def test_a_shuffle_that_duplicates_a_card_is_caught_on_arrival() -> None:
    table = Table(3)
    honest = shuffled_by_seat_one(table)
    fault = caught(
        lambda: table.seats[2].receive(replaced(honest, 9, honest.deck[4])),
        Code.DUPLICATE_CARD,
        "seat 1's shuffle puts the same card at stock card 4 and stock card 9",
    )
    assert (fault.seat, fault.step, fault.position) == (1, Step.SHUFFLE, 9)
    table.seats[2].receive(honest)  # the refused deck changed nothing


def test_a_shuffle_with_an_invalid_point_or_an_unmasked_card_is_caught_on_arrival() -> None:
    table = Table(3)
    honest = shuffled_by_seat_one(table)
    caught(
        lambda: table.seats[2].receive(replaced(honest, 3, IDENTITY)),
        Code.INVALID_POINT,
        "seat 1's shuffle puts no point at stock card 3",
    )
    received = table.seats[2].public.shuffles[-1]
    caught(
        lambda: table.seats[2].receive(ShuffleMessage(1, received[::-1])),
        Code.FALSE_SHUFFLE,
        "seat 1's shuffle left stock card 0 unmasked",
    )
    caught(
        lambda: table.seats[0].receive(ShuffleMessage(2, honest.deck)),
        Code.OUT_OF_TURN,
        "seat 2 shuffled out of turn",
    )
    caught(
        lambda: table.seats[2].receive(ShuffleMessage(1, honest.deck[:100])),
        Code.WRONG_DECK_SIZE,
        "seat 1's shuffle has 100 cards, not 108",
    )


def substituted_table(seats: int) -> Table:
    """Seat 1 swaps the card at position 31 for a point of its own choosing (masked as it
    should be): no check can see that on arrival."""
    table = Table(seats)
    honest = shuffled_by_seat_one(table)
    cheat = table.seats[1]
    stranger = mask(cheat._secret, card_point(500))
    if seats == 2:  # the last seat: the false card goes out with the stretch that reaches it
        cheat._deck = (*cheat._deck[:31], stranger, *cheat._deck[32:])
        table.send(honest)
        return table
    forged = replaced(honest, 31, stranger)
    cheat.public.shuffles[-1] = forged.deck
    for seat in table.seats:
        if seat is not cheat:
            seat.receive(forged)
    for seat in table.seats[2:]:
        table.send(seat.shuffle_message())
    return table


def test_a_substituted_card_is_caught_when_it_is_opened_to_a_seat_and_by_the_audit() -> None:
    table = substituted_table(2)
    fault = caught(
        lambda: table.open_to(0, [31]),
        Code.NOT_A_CARD,
        "seat 1's unmask of stock card 31 opens no card: the shuffle or the unmask was false",
    )
    assert fault.position == 31 and 31 not in table.seats[0].hand
    table.finish()
    report = table.seats[0].audit()
    assert not report.ok and report.faces[31] is None
    assert [(f.code, f.seat, f.position, f.sentence) for f in report.faults] == [
        (
            Code.FALSE_SHUFFLE,
            1,
            31,
            "seat 1's shuffle put a card at stock card 31 that was not in the deck it received",
        ),
        (Code.NOT_A_CARD, None, 31, "stock card 31 is no card"),
    ]
    with pytest.raises(ValueError, match="no ids"):
        report.deck_ids()


def test_a_false_card_in_a_whole_deck_is_caught_by_the_audit_even_if_never_opened() -> None:
    table = substituted_table(3)  # seat 1 shuffles second of three: its deck goes out whole
    table.finish()
    [fault] = table.seats[0].audit().faults
    assert (fault.code, fault.seat, fault.position) == (Code.FALSE_SHUFFLE, 1, 31)


@pytest.mark.slow
def test_a_substituted_card_opened_to_every_seat_is_caught_at_the_card() -> None:
    table = substituted_table(3)
    # Seat 2 shuffled after the cheat: the bad card is somewhere; open them all publicly.
    with pytest.raises(Misconduct) as raised:
        for position in range(108):
            table.open_publicly([position])
    fault = raised.value
    assert fault.code is Code.NOT_A_CARD and fault.step is Step.UNMASK
    assert fault.sentence == (
        f"stock card {fault.position}, opened to every seat, is no card: a shuffle was false"
    )
    assert table.seats[0].public.positions[fault.position].face is None


# -- the audit and the secrets ------------------------------------------------------------------


def finished(seats: int = 2) -> Table:
    table = Table(seats)
    table.setup()
    table.open_to(0, [0, 2])
    table.open_to(1, [1, 3])
    table.open_publicly([4])
    table.finish()
    return table


def test_a_false_secret_is_refused_and_an_early_one_is_out_of_turn() -> None:
    table = Table(2)
    table.setup()
    secret = SecretMessage(1, table.seats[1]._secret)
    caught(
        lambda: table.seats[0].receive(secret),
        Code.OUT_OF_TURN,
        "seat 1 released the secret before the hand was over, or twice",
    )
    for seat in table.seats:
        seat.finish()
    other = SecretMessage(1, random_scalar(seeded(b"other")))
    caught(
        lambda: table.seats[0].receive(other),
        Code.FALSE_SECRET,
        "seat 1's released secret does not match the key",
    )
    with pytest.raises(ValueError, match="needs every shuffle and every seat's secret"):
        table.seats[0].audit()
    table.seats[0].receive(secret)


def test_the_audit_catches_a_false_unmask_in_a_transcript() -> None:
    table = finished()
    public = table.seats[0].public
    record = public.positions[1].history[0]
    public.positions[1].history[0] = Unmasking(record.seat, record.before, CARD_POINTS[0])
    [fault] = table.seats[0].audit().faults
    assert (fault.code, fault.seat, fault.step, fault.position) == (
        Code.FALSE_UNMASK,
        0,
        Step.AUDIT,
        1,
    )
    assert fault.sentence == "seat 0's unmask of stock card 1 is false"


def test_the_audit_catches_a_card_twice_in_a_transcript() -> None:
    table = finished()
    public = table.seats[0].public
    deck = list(public.shuffles[-1])
    deck[3] = deck[1]
    public.shuffles[-1] = tuple(deck)
    faults = table.seats[0].audit().faults
    assert [(f.code, f.seat, f.position, f.sentence) for f in faults] == [
        (
            Code.DUPLICATE_CARD,
            1,
            3,
            "seat 1's shuffle puts the same card at stock card 1 and stock card 3",
        ),
        (Code.CARD_TWICE, None, 3, "stock card 3 is the same card as stock card 1"),
    ]


# -- withheld steps -----------------------------------------------------------------------------


def test_a_withheld_unmask_is_named_by_the_deadline_at_the_card() -> None:
    table = Table(3)
    table.setup()
    for seat in table.seats:
        seat.open_to(0, [5])
    watch = Deadline(30)
    public = table.seats[0].public
    assert public.owed() == [Owed(2, Step.SHUFFLE)]  # the last seat's deck, as far as card 5
    watch.check(public.owed(), now=60.0)
    [late] = watch.check(public.owed(), now=91.0)
    assert late.sentence == "seat 2 did not send the shuffle within 31 s"
    table.stretch()
    watch = Deadline(30)
    assert public.owed() == [Owed(1, Step.UNMASK, 5)]
    assert watch.check(public.owed(), now=100.0) == []
    assert watch.check(public.owed(), now=129.0) == []
    [late] = watch.check(public.owed(), now=131.0)
    assert late.code is Code.WITHHELD and (late.seat, late.position) == (1, 5)
    assert late.sentence == "seat 1 did not send the unmask of stock card 5 within 31 s"
    message = table.seats[1].unmask_message()
    assert message is not None
    table.send(message)
    assert watch.check(public.owed(), now=140.0) == []  # seat 2's turn, owed from now
    [late] = watch.check(public.owed(), now=175.0)
    assert late.sentence == "seat 2 did not send the unmask of stock card 5 within 35 s"


def test_the_deadline_names_every_kind_of_withheld_step() -> None:
    table = Table(2)
    public = table.seats[0].public
    watch = Deadline(10)
    watch.check(public.owed(), 0.0)
    sentences = {m.sentence for m in watch.check(public.owed(), 12.0)}
    assert sentences == {
        "seat 0 did not send the key within 12 s",
        "seat 1 did not send the key within 12 s",
    }
    for seat in table.seats:
        table.send(seat.key_message())
    watch.check(public.owed(), 20.0)
    [late] = watch.check(public.owed(), 35.0)
    assert late.sentence == "seat 0 did not send the shuffle within 15 s"
    assert (late.step, late.position) == (Step.SHUFFLE, None)
    for seat in table.seats:
        table.send(seat.shuffle_message())
    for seat in table.seats:
        seat.finish()
    table.send(table.seats[0].secret_message())
    watch.check(public.owed(), 40.0)
    [late] = watch.check(public.owed(), 50.5)
    assert late.sentence == "seat 1 did not send the secret within 10 s"
    with pytest.raises(ValueError):
        Deadline(0)


def test_at_two_seats_a_public_card_neither_holds_costs_a_hint_then_its_index() -> None:
    table = Table(2)
    table.setup()
    table.open_publicly([30])
    first, last = table.messages[-2:]
    assert isinstance(first, UnmaskMessage) and isinstance(last, UnmaskMessage)
    assert (len(first.values), len(last.values)) == (HINT_BYTES, 1)
    assert table.seats[0].public.positions[30].face == table.seats[1].public.positions[30].face


def test_the_last_seat_sends_its_deck_in_stretches_in_order_each_checked() -> None:
    table = Table(2)
    table.setup()
    last = table.seats[1]
    assert table.seats[0].public.shuffles[-1] == ()  # nothing of it yet
    for seat in table.seats:
        seat.open_to(0, [0, 2])
    stretch = last.unmask_message()
    assert isinstance(stretch, ShuffleMessage) and (stretch.start, len(stretch.deck)) == (0, 3)
    skipped = ShuffleMessage(1, stretch.deck[1:], 1)
    caught(
        lambda: table.seats[0].receive(skipped),
        Code.OUT_OF_TURN,
        "seat 1 sent the deck from stock card 1, not from stock card 0",
    )
    received = table.seats[0].public.shuffles[0]
    caught(
        lambda: table.seats[0].receive(ShuffleMessage(1, (received[5], *stretch.deck[1:]))),
        Code.FALSE_SHUFFLE,
        "seat 1's shuffle left stock card 0 unmasked",
    )
    table.send(stretch)
    assert table.seats[0].public.shuffles[-1] == stretch.deck
    again = ShuffleMessage(1, (stretch.deck[2],), 3)
    caught(
        lambda: table.seats[0].receive(again),
        Code.DUPLICATE_CARD,
        "seat 1's shuffle puts the same card at stock card 2 and stock card 3",
    )
