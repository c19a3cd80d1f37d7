"""Honest hands at two, three and four seats: each seat learns exactly the cards opened to it,
every seat sees the public cards alike, the audit passes and gives one deck of all 108 cards;
the same randomness replays a hand byte for byte; no seat's state ever holds a card it was not
shown."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.logic.cards import ALL_CARDS, IDS_OF_CODE, CardCode, code_of
from game.netplay.fair import PUBLIC, CardNames, KeyMessage, OpenedCard, Phase, Seat, hand_id
from game.netplay.fair.group import CARD_POINTS
from tests.netplay.fair.peek import physical_cards, reachable
from tests.netplay.fair.table import Table

HAND_SIZE = {2: 15, 3: 13, 4: 11}  # RULES.md 9, Classic


def dealt(table: Table) -> dict[int, list[int]]:
    """Deal as the game does, one card at a time from the top, first to seat 0; then turn the
    upcard, let every seat draw twice and discard its first card."""
    seats = len(table.seats)
    size = HAND_SIZE[seats]
    hands = {s: [p for p in range(seats * size) if p % seats == s] for s in range(seats)}
    for seat, positions in hands.items():
        table.open_to(seat, positions)
    top = seats * size
    table.open_publicly([top])
    top += 1
    for _round in range(2):
        for seat in range(seats):
            table.open_to(seat, [top])
            hands[seat].append(top)
            top += 1
    table.open_publicly([positions[0] for positions in hands.values()])
    return hands


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_an_honest_hand_deals_opens_and_passes_the_audit(seats: int) -> None:
    table = Table(seats)
    table.setup()
    hands = dealt(table)
    table.finish()
    reports = [seat.audit() for seat in table.seats]
    assert all(report.ok for report in reports)
    faces = reports[0].faces
    assert all(report.faces == faces for report in reports)
    assert sorted(f for f in faces if f) == sorted(code_of(c) for c in ALL_CARDS)
    assert sorted(reports[0].deck_ids()) == list(ALL_CARDS)
    public = {p for p, s in enumerate(table.seats[0].public.positions) if s.face is not None}
    for seat in table.seats:
        assert sorted(seat.hand) == hands[seat.seat]
        assert all(card.face == faces[p] for p, card in seat.hand.items())
        assert set(seat.table) == public
        assert {p: c.face for p, c in seat.table.items()} == {p: faces[p] for p in public}


def test_a_seat_is_told_of_the_card_the_others_opened_to_it() -> None:
    table = Table(2)
    table.setup()
    for seat in table.seats:
        seat.open_to(1, [0])
    assert table.seats[0].unmask_message() is None  # seat 1 has not sent that card's value
    table.stretch()
    message = table.seats[0].unmask_message()
    assert message is not None and table.seats[0].unmask_message() is None
    [card] = table.seats[1].receive(message)
    assert card == table.seats[1].hand[0] and card.position == 0
    assert table.seats[0].hand == {} and table.seats[0].public.due(1) == []


def test_a_card_a_seat_holds_is_opened_to_all_by_that_seat_alone() -> None:
    table = Table(3)
    table.setup()
    table.open_to(2, [7])
    assert table.seats[2].public.positions[7].unmasked_by == [0, 1]
    table.open_publicly([7])
    assert table.seats[0].public.positions[7].unmasked_by == [0, 1, 2]
    assert table.seats[2].table[7] == table.seats[2].hand[7]
    assert table.seats[0].table[7].face == table.seats[2].hand[7].face


def test_the_game_may_choose_who_unmasks_last() -> None:
    table = Table(4)
    table.setup()
    for seat in table.seats:
        seat.open_to(1, [3], order=[2, 3, 0])
    table.pump()
    assert table.seats[1].public.positions[3].unmasked_by == [2, 3, 0]
    assert 3 in table.seats[1].hand
    with pytest.raises(ValueError, match="must be unmasked by seats"):
        table.seats[0].open_to(1, [4], order=[1, 2, 3])


@pytest.mark.slow
def test_the_same_randomness_replays_a_hand_byte_for_byte() -> None:
    first, again, other = Table(3, b"a"), Table(3, b"a"), Table(3, b"b")
    for table in (first, again, other):
        table.setup()
        dealt(table)
    assert first.sent == again.sent
    assert first.seats[1].hand == again.seats[1].hand
    assert first.sent != other.sent


def test_the_default_randomness_is_the_systems() -> None:
    ident = hand_id("g", 1)
    keys = {Seat(0, 2, ident).key_message().key for _ in range(2)}
    assert len(keys) == 2


def assert_nothing_unseen_is_held(table: Table) -> None:
    cards = physical_cards(table.seats)
    for seat in table.seats:
        public = seat.public.positions
        shown = set(seat.hand) | {p for p, s in enumerate(public) if s.face is not None}
        held = list(reachable(seat))
        values = {item for item in held if isinstance(item, bytes)}
        for position, card in enumerate(cards):
            if position not in shown:
                assert CARD_POINTS[card] not in values, (seat.seat, position)
        named = {item.position for item in held if isinstance(item, OpenedCard)}
        assert named <= shown


def test_no_seat_ever_holds_a_card_before_it_was_opened_to_it() -> None:
    table = Table(3)
    table.setup()
    assert_nothing_unseen_is_held(table)
    table.open_to(0, [0, 3, 6])
    table.open_to(1, [1, 4])
    assert_nothing_unseen_is_held(table)
    # Half-way through an opening: seat 0 has unmasked, seat 1 not yet.
    for seat in table.seats:
        seat.open_to(2, [2])
    message = table.seats[0].unmask_message()
    assert message is not None
    table.send(message)
    assert_nothing_unseen_is_held(table)
    assert 2 not in table.seats[2].hand
    table.pump()
    table.open_publicly([9, 3])
    assert_nothing_unseen_is_held(table)
    assert 2 in table.seats[2].hand


openings = st.lists(st.tuples(st.integers(0, 107), st.integers(PUBLIC, 3)), min_size=1, max_size=12)


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 4), plan=openings, seed=st.binary(min_size=1, max_size=4))
def test_any_order_of_openings_shows_each_seat_exactly_its_cards(
    seats: int, plan: list[tuple[int, int]], seed: bytes
) -> None:
    table = Table(seats, seed)
    table.setup()
    mine: dict[int, set[int]] = {s: set() for s in range(seats)}
    public: set[int] = set()
    for position, recipient in plan:
        recipient = recipient if recipient < seats else PUBLIC
        state = table.seats[0].public.positions[position]
        if recipient == PUBLIC and state.face is None:
            table.open_publicly([position])
            public.add(position)
        elif recipient != PUBLIC and state.recipient is None:
            table.open_to(recipient, [position])
            mine[recipient].add(position)
    table.finish()
    faces = table.seats[0].audit().faces
    for seat in table.seats:
        assert set(seat.hand) == mine[seat.seat]
        assert set(seat.table) == public
        seen = {**seat.hand, **seat.table}
        assert all(card.face == faces[p] for p, card in seen.items())
        assert len({card.card_id for card in seen.values()}) == len(seen)
    assert table.seats[0].public.phase is Phase.AUDIT


def test_a_seat_names_cards_by_face_in_the_order_they_open_to_it() -> None:
    names = CardNames()
    eight = CardCode("8H")
    first, second = names.name(40, eight), names.name(3, eight)
    assert (first.card_id, second.card_id) == IDS_OF_CODE[eight]
    assert names.name(40, eight) == first
    jokers = [names.name(50 + i, CardCode("JK")).card_id for i in range(4)]
    assert jokers == list(IDS_OF_CODE["JK"])


def test_the_game_cannot_ask_for_an_impossible_opening() -> None:
    table = Table(2)
    seat = table.seats[0]
    with pytest.raises(ValueError, match="only after the shuffles"):
        seat.open_to(1, [0])
    table.setup()
    with pytest.raises(ValueError, match="no seat 2"):
        seat.open_to(2, [0])
    with pytest.raises(ValueError, match="asked for twice"):
        seat.open_to(1, [0, 0])
    with pytest.raises(ValueError, match="no deck position"):
        seat.open_to(1, [108])
    table.open_to(1, [0])
    with pytest.raises(ValueError, match="opened before: open it publicly"):
        seat.open_to(0, [0])
    table.open_publicly([1])
    with pytest.raises(ValueError, match="open to every seat already"):
        seat.open_publicly([1])
    seat.open_publicly([2])
    with pytest.raises(ValueError, match="being opened already"):
        seat.open_to(1, [2])
    with pytest.raises(ValueError, match="released only once the hand is finished"):
        seat.secret_message()
    with pytest.raises(ValueError, match="not the one to shuffle"):
        seat.shuffle_message()
    with pytest.raises(ValueError, match="cannot receive a message from seat 0"):
        seat.receive(KeyMessage(0, CARD_POINTS[0], bytes(64)))


def test_an_id_tells_the_order_a_face_was_seen_in_never_which_copy_it_is() -> None:
    first, second = Table(2, b"twins"), Table(2, b"twins")
    first.setup()
    second.setup()
    cards = physical_cards(first.seats)
    faces = [code_of(card) for card in cards]
    p = next(i for i, face in enumerate(faces) if faces.count(face) == 2)
    q = faces.index(faces[p], p + 1)
    low, high = IDS_OF_CODE[faces[p]]
    for table, order in ((first, (p, q)), (second, (q, p))):
        for position in order:
            table.open_to(0, [position])
        hand = table.seats[0].hand
        assert (hand[order[0]].card_id, hand[order[1]].card_id) == (low, high)
    assert cards[p] != cards[q]
