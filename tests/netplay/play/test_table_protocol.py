"""A table of three or four over the play protocol, sans-I/O: the host's copy (`TableHost`:
its own seat and the computer seats) passes every guest's message on, each guest (`TableGuest`)
hears the others only through it, the links deliver in their own order interleaved at random,
and every seat ends the game with the same state hash. A guest or the host that crashes comes
back from its save and the table plays on; a relayed message that cannot be another seat's is
refused."""

from __future__ import annotations

import pytest

from game.netplay.errors import ProtocolError
from game.netplay.play import play_messages as m
from game.netplay.play.play_protocol import Stage
from game.netplay.play.table_protocol import TableGuest, TableHost, table_first_player
from game.netplay.wire.payloads import game_payload
from tests.helpers.netplay_table import Table


@pytest.mark.parametrize(
    ("players", "guests", "seed", "hands"),
    [(4, [1, 3], 1, 1), (4, [1, 2, 3], 2, 2), (3, [1, 2], 3, 2), (3, [2], 4, 1)],
)
def test_every_seat_ends_the_game_with_the_same_state_hash(
    players: int, guests: list[int], seed: int, hands: int
):
    table = Table(players, guests, seed, hands)
    table.run()
    assert len(table.hashes()) == 1
    assert table.host.finished is not None and table.host.finished.hands == hands
    assert {g: guest.seat for g, guest in table.guests.items()} == {g: g for g in guests}
    # every guest heard every other seat, and only through the host
    for g in guests:
        senders = {sender for to, sender in table.relayed if to == g}
        assert senders == set(range(1, players)) - {g}


def test_the_first_player_depends_on_every_half_of_the_toss():
    halves = ["a" * 32, "b" * 32, "c" * 32]
    firsts = {table_first_player("0" * 32, [*halves[:2], f"{i:032x}"], 4) for i in range(40)}
    assert firsts == {0, 1, 2, 3}, "the last guest's half alone moves the first player"


def test_a_guest_that_crashes_comes_back_from_its_save_and_the_table_finishes():
    table = Table(4, [1, 3], seed=5)
    for _ in range(400):
        table.step()
    assert table.host.me.stage is Stage.PLAYING
    saved = table.guests[3].to_save()
    table.down[3].clear()  # what was on its way to it is lost with the process
    table.up[3].clear()  # and what it had sent but the host never got
    table.guests[3] = TableGuest.from_save(saved)
    assert table.guests[3].seat == 3
    table.host.expect_rejoin(3)
    table.up[3].extend(table.guests[3].rejoin())
    table.run()
    assert len(table.hashes()) == 1


def test_a_host_that_crashes_comes_back_from_its_save_and_every_guest_rejoins():
    table = Table(3, [1, 2], seed=6)
    for _ in range(300):
        table.step()
    saved = table.host.to_save()
    for g in table.guests:
        table.down[g].clear()
        table.up[g].clear()
    table.host = TableHost.from_save(saved)
    assert table.host.rejoining == {1, 2}
    for g, guest in table.guests.items():
        table.up[g].extend(guest.rejoin())
    table.run()
    assert len(table.hashes()) == 1


def test_a_host_back_on_its_own_turn_moves_but_holds_it_for_each_guest_until_its_rejoin():
    table = Table(3, [1, 2], seed=6)
    while not table.host.me.my_turn:
        table.step()
    saved = table.host.to_save()
    for g in table.guests:
        table.down[g].clear()
        table.up[g].clear()
    table.host = TableHost.from_save(saved)
    table.moves()  # the host plays on at once, before any guest's rejoin has come
    assert not table.host.me.my_turn
    assert all(not queue for queue in table.down.values()), "sent before the rejoin"
    for g, guest in table.guests.items():
        table.up[g].extend(guest.rejoin())
    table.run()
    assert len(table.hashes()) == 1


def test_a_guest_that_crashes_is_sent_nothing_of_the_others_play_until_it_rejoins():
    table = Table(4, [1, 3], seed=9)
    for _ in range(200):
        table.step()
    saved = table.guests[3].to_save()
    table.down[3].clear()
    table.up[3].clear()
    table.guests[3] = TableGuest.from_save(saved)
    table.host.expect_rejoin(3)
    moves = table.host.state_no
    while table.step():  # the others play on until seat 3's part is needed
        assert not table.down[3], "sent before the rejoin"
    assert table.host.state_no > moves
    table.up[3].extend(table.guests[3].rejoin())
    table.run()
    assert len(table.hashes()) == 1


def test_a_guest_refuses_a_message_passed_on_as_its_own_or_the_hosts():
    table = Table(4, [1, 3], seed=7)
    for _ in range(30):
        table.step()
    guest = table.guests[1]
    before = guest.received
    for sender in (0, 1):
        with pytest.raises(ProtocolError):
            guest.receive(game_payload(m.relayed(sender, m.next_hand(2))))
    assert guest.received == before


def test_a_rejoin_with_another_guests_token_is_set_aside():
    table = Table(4, [1, 3], seed=8)
    for _ in range(30):
        table.step()
    table.host.expect_rejoin(1)
    stolen = m.rejoin(table.host.game_id, table.host.tokens[3], 0)
    with pytest.raises(m.Unreadable):
        table.host.receive(1, game_payload(stolen))
    assert table.host.rejoining == {1}
