"""A seat saved half-way through an opening and read back goes on exactly as it would have: the
same cards open to it, with the same ids, and the audit passes."""

from __future__ import annotations

import json

import pytest

from game.netplay.fair import Seat
from game.netplay.fair.saved import seat_from_dict, seat_to_dict
from tests.netplay.fair.streams import seeded
from tests.netplay.fair.table import Table


def reread(seat: Seat) -> Seat:
    return seat_from_dict(json.loads(json.dumps(seat_to_dict(seat))), seeded(b"after"))


def test_a_seat_read_back_mid_opening_goes_on_as_before() -> None:
    table = Table(3)
    table.setup()
    table.open_to(0, [0, 3, 6])
    table.open_publicly([9])
    for seat in table.seats:
        seat.open_to(1, [1, 4])
    first = table.seats[2].unmask_message()  # seat 2 unmasks first, then seat 0
    assert first is not None
    table.send(first)
    held = dict(table.seats[0].hand)
    table.seats = [reread(seat) for seat in table.seats]
    assert table.seats[0].hand == held and table.seats[0].public.due(0) == [1, 4]
    table.pump()
    assert sorted(table.seats[1].hand) == [1, 4] and table.seats[0].hand == held
    assert set(table.seats[2].table) == {9}
    table.finish()
    reports = [seat.audit() for seat in table.seats]
    assert all(report.ok for report in reports)
    assert all(report.faces == reports[0].faces for report in reports)


def test_a_seat_is_read_back_only_with_its_own_secret() -> None:
    table = Table(2)
    table.setup()
    saved = seat_to_dict(table.seats[0])
    saved["secret"] = seat_to_dict(table.seats[1])["secret"]
    with pytest.raises(ValueError, match="do not match the seat's secret"):
        seat_from_dict(saved)
    with pytest.raises(ValueError, match="damaged"):
        seat_from_dict({"format": 2})
    with pytest.raises(ValueError, match="not of a format this copy reads"):
        seat_from_dict({**saved, "format": 1})  # the last seat's deck whole in the transcript
