"""Network games are recorded on both sides with the other player's name: the host from its
game, the guest from the decks revealed after each hand; a game cut off mid-way is recorded as
disconnected with the hands finished so far."""

from __future__ import annotations

from game.match.recording import Recording, net_replay
from game.records import (
    DealSource,
    Ending,
    GameSetup,
    Opponent,
    game_hands,
    history_page,
)
from game.records.session import in_memory
from tests.helpers.netplay_play import FalseUnmaskGuest, Table, guest_play, host_play, terms


def record_both(table: Table, ending: Ending) -> tuple:
    sides = []
    for play, seat, peer in ((table.host, 0, "Bob"), (table.guest, 1, "Alice")):
        db = in_memory().records
        setup = GameSetup(play.terms.rules, 0, DealSource())
        recording = Recording.start(db, setup, Opponent.peer(peer), seat)
        recording.finish_network(play, ending)
        sides.append(db)
    return tuple(sides)


def test_a_finished_network_game_is_recorded_on_both_sides_with_the_peer_s_name() -> None:
    table = Table.new(terms(hands=2))
    table.play_until(lambda: table.host.over and table.guest.over)
    host_db, guest_db = record_both(table, Ending.OVER)
    [host_row] = history_page(host_db).rows
    [guest_row] = history_page(guest_db).rows
    assert (host_row.opponent, guest_row.opponent) == ("Bob", "Alice")
    assert host_row.opponent_kind == guest_row.opponent_kind == "network"
    assert {host_row.result, guest_row.result} == {"won", "lost"}
    assert (host_row.score_for, host_row.score_against) == (
        guest_row.score_against,
        guest_row.score_for,
    )
    assert len(game_hands(host_db, host_row.id)) == len(game_hands(guest_db, guest_row.id)) == 2


def test_the_guest_rebuilds_the_same_replay_as_the_host() -> None:
    table = Table.new(terms(hands=1))
    table.play_until(lambda: table.host.over and table.guest.over)
    host, guest = net_replay(table.host), net_replay(table.guest)
    assert host is not None and guest is not None
    assert guest["actions"] == host["actions"]
    assert guest["deck"] == host["deck"]


def test_a_game_cut_off_is_recorded_as_disconnected_with_its_finished_hands() -> None:
    table = Table.new(terms(hands=3))
    table.play_until(lambda: table.host.hand_no == 2 and table.host.my_turn)
    host_db, guest_db = record_both(table, Ending.DISCONNECTED)
    for db in (host_db, guest_db):
        [row] = history_page(db).rows
        assert row.result == "disconnected"
        assert len(game_hands(db, row.id)) == 1


def test_a_game_stopped_for_cheating_is_marked_so_on_both_sides() -> None:
    t = terms(hands=1)
    table = Table(host_play(t), guest_play(t, cls=FalseUnmaskGuest))
    table.to_guest += table.host.begin()
    table.play_until(lambda: table.host.over and table.guest.over)
    assert table.host.halted is not None and table.host.halted.code == "misconduct"
    for db in record_both(table, Ending.MISCONDUCT):
        [row] = history_page(db).rows
        assert row.result == "misconduct"
