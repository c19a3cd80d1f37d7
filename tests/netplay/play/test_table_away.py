"""The host's word to a table's guests that it waits for a dropped guest (`away`): what a guest
accepts, and the countdown it keeps on its own clock."""

from __future__ import annotations

import pytest

from game.netplay.errors import ProtocolError
from game.netplay.play.seating import Away
from game.netplay.wire.payloads import default_registry


def test_an_away_payload_names_other_guests_and_counts_down_on_the_recipients_clock() -> None:
    payload = default_registry().validate(Away.payload([3, 1], 117.4))
    away = Away.read(payload, players=4, seat=2, now=1000.0)
    assert away.seats == (1, 3)
    assert away.seconds_left(1017.0) == pytest.approx(100.0)
    assert away.seconds_left(2000.0) == 0.0
    back = Away.read(default_registry().validate(Away.payload([], 0)), 4, 2, 1020.0)
    assert back.seats == () and back.seconds_left(1020.0) == 0.0


@pytest.mark.parametrize("seats", [[0], [2], [4]])
def test_a_guest_refuses_an_away_naming_the_host_itself_or_no_seat(seats: list[int]) -> None:
    with pytest.raises(ProtocolError):
        Away.read(["away", seats, 60], players=4, seat=2, now=0.0)
