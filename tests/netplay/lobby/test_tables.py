"""A table of three or four in the lobby, through the in-memory stand-in for the broker: its
announcement says its players and free seats (optional fields a two-seat host's announcement
leaves out), the host accepts a guest for each free seat and the announcement follows until the
table is full; a copy that cannot play a table is told so, and a lying, oversized or late message
is ignored and counted."""

from __future__ import annotations

import msgpack
import pytest

from game.netplay.lobby import (
    Accepted,
    Announcement,
    Declined,
    DirectDetails,
    HostGone,
    HostListed,
    LobbyError,
    RequestArrived,
)
from game.netplay.lobby.guest import GuestLobby
from game.netplay.lobby.host import HostLobby
from game.netplay.lobby.sealing import new_private_key, open_sealed, public_bytes, seal
from game.netplay.lobby.wire import (
    MAX_ANNOUNCEMENT_BYTES,
    MAX_DIFFERENCE_CHARS,
    MAX_DIFFERENCES,
    answer_topic,
    host_topic,
    pack,
    read_announcement,
    request_topic,
)
from tests.helpers.lobbies import Lobby

TABLE_DETAILS = DirectDetails("192.168.1.20:50410", "K7QM-3WXA")
HOST_ID = "0123456789abcdef"


def table_host(lobby: Lobby, players: int = 4, free: int = 2) -> HostLobby:
    announcement = Announcement("Ann", "modern_american", players=players, free=free)
    core = lobby.join(HostLobby(announcement))
    assert isinstance(core, HostLobby)
    return core


def ask(lobby: Lobby, host: HostLobby, name: str) -> GuestLobby:
    guest = lobby.guest()
    lobby.do(guest, guest.ask(host.host_id, name, lobby.now))
    return guest


def announced(lobby: Lobby, host: HostLobby) -> dict[str, object]:
    return msgpack.unpackb(lobby.retained[host_topic(host.host_id)])


def test_a_two_seat_announcement_is_as_it_was_and_a_table_adds_players_and_free() -> None:
    key = bytes(32)
    two = msgpack.unpackb(Announcement("Bo", "classic").pack(key))
    assert "players" not in two and "free" not in two and two["v"] == 1
    table = msgpack.unpackb(Announcement("Ann", "classic", players=4, free=3).pack(key))
    assert (table["v"], table["players"], table["free"]) == (1, 4, 3)
    listed = read_announcement(HOST_ID, Announcement("Ann", "classic", players=3, free=2).pack(key))
    assert (listed.players, listed.free) == (3, 2)
    assert read_announcement(HOST_ID, Announcement("Bo", "classic").pack(key)).players == 2


def test_a_table_with_every_option_changed_still_fits_the_announcement() -> None:
    long = tuple("d" * MAX_DIFFERENCE_CHARS + str(n) for n in range(MAX_DIFFERENCES))
    payload = Announcement("N" * 32, "classic", long, players=4, free=3).pack(bytes(32))
    assert len(payload) <= MAX_ANNOUNCEMENT_BYTES
    listed = read_announcement(HOST_ID, payload)
    assert (listed.players, listed.free) == (4, 3) and listed.differences  # the end was dropped


@pytest.mark.parametrize(("players", "free"), [(5, 1), (4, 0), (4, 4), (3, 3), (1, 0)])
def test_a_host_cannot_announce_a_table_that_is_not_one(players: int, free: int) -> None:
    with pytest.raises(ValueError, match="cannot offer"):
        Announcement("Ann", "classic", players=players, free=free)


def _table_announcement(**changes: object) -> bytes:
    doc: dict[str, object] = {
        "name": "Mallory",
        "rules": "classic",
        "diff": [],
        "level": "any",
        "app": "1.0",
        "since": 1,
        "key": bytes(32),
        "players": 4,
        "free": 2,
    }
    doc.update(changes)
    return pack({k: v for k, v in doc.items() if v is not None})


LYING_TABLES = {
    "more free seats than guests": _table_announcement(free=4),
    "no seat free": _table_announcement(free=0),
    "a negative free": _table_announcement(free=-1),
    "free a bool": _table_announcement(free=True),
    "free a text": _table_announcement(free="2"),
    "free without players": _table_announcement(players=None),
    "players without free": _table_announcement(free=None),
    "a table of two": _table_announcement(players=2, free=1),
    "a table of five": _table_announcement(players=5),
    "a table of a thousand": _table_announcement(players=1000, free=999),
}


@pytest.mark.parametrize("payload", LYING_TABLES.values(), ids=LYING_TABLES.keys())
def test_a_lying_table_announcement_is_ignored_and_counted(payload: bytes) -> None:
    guest = GuestLobby()
    assert guest.receive(host_topic(HOST_ID), payload, 0.0).events == ()
    assert guest.hosts() == [] and guest.ignored == {"bad table": 1}


def test_a_listed_table_that_starts_lying_is_no_longer_listed() -> None:
    guest = GuestLobby()
    guest.receive(host_topic(HOST_ID), _table_announcement(), 0.0)
    assert [(h.players, h.free) for h in guest.hosts()] == [(4, 2)]
    step = guest.receive(host_topic(HOST_ID), _table_announcement(free=9), 0.0)
    assert [type(e) for e in step.events] == [HostGone] and guest.hosts() == []


def test_the_guests_list_shows_the_table_and_follows_its_free_seats() -> None:
    lobby = Lobby()
    host = table_host(lobby, 4, 2)
    watcher = lobby.guest()
    (listed,) = watcher.hosts()
    assert (listed.name, listed.players, listed.free) == ("Ann", 4, 2)
    assert listed.to_json()["players"] == 4 and listed.to_json()["free"] == 2
    lobby.taken(watcher)
    ask(lobby, host, "Bo")
    (arrived,) = lobby.taken(host)
    assert isinstance(arrived, RequestArrived)
    lobby.do(host, host.accept(arrived.request.request_id, TABLE_DETAILS, lobby.now))
    (changed,) = lobby.taken(watcher)
    assert isinstance(changed, HostListed) and changed.host.free == 1


def test_a_table_accepts_a_guest_for_each_free_seat_then_leaves_the_lobby() -> None:
    lobby = Lobby()
    host = table_host(lobby, 4, 2)
    bo, cy, di = ask(lobby, host, "Bo"), ask(lobby, host, "Cy"), ask(lobby, host, "Di")
    first = host.pending[0].request_id
    lobby.do(host, host.accept(first, TABLE_DETAILS, lobby.now))
    assert Accepted("Ann", TABLE_DETAILS) in lobby.taken(bo)
    assert host.waiting and host.free == 1 and announced(lobby, host)["free"] == 1
    assert [r.name for r in host.pending] == ["Cy", "Di"]  # still waiting for an answer
    assert cy.asking is not None and di.asking is not None
    lobby.do(host, host.accept(host.pending[0].request_id, TABLE_DETAILS, lobby.now))
    assert Accepted("Ann", TABLE_DETAILS) in lobby.taken(cy)  # the same address and code
    assert Declined("Ann's table is full: pick another host.") in lobby.taken(di)
    assert not host.waiting and lobby.retained == {} and host.subscriptions == ()


def test_a_request_that_arrives_after_the_table_is_full_is_ignored_and_counted() -> None:
    lobby = Lobby()
    host = table_host(lobby, 3, 1)
    late = lobby.guest()
    late_list = late.hosts()  # listed before the table filled
    ask(lobby, host, "Bo")
    lobby.do(host, host.accept(host.pending[0].request_id, TABLE_DETAILS, lobby.now))
    assert not host.waiting and late_list
    key = public_bytes(new_private_key())
    request_id = "00000000000000aa"
    inner = {"req": request_id, "name": "Late", "key": key, "players": 4}
    payload = pack({"from": "00000000000000b1", "box": seal(pack(inner), host.public_key)})
    assert host.receive(request_topic(host.host_id, request_id), payload, lobby.now).events == ()
    assert host.ignored["closed"] == 1 and host.pending == []
    with pytest.raises(LobbyError):
        host.accept(request_id, TABLE_DETAILS, lobby.now)


def test_a_copy_that_cannot_play_a_table_is_told_so_and_a_two_seat_host_takes_it() -> None:
    """A copy from before tables names no `players` in its request: sent to a table, it could
    only fail there, so the host declines it in words that copy shows as they are."""
    lobby = Lobby()
    table = table_host(lobby, 4, 3)
    two_seats = lobby.host("Bo")
    answers = {}
    for host, request_id in ((table, "00000000000000a1"), (two_seats, "00000000000000b1")):
        old_key = new_private_key()
        inner = {"req": request_id, "name": "Oldie", "key": public_bytes(old_key)}
        payload = pack({"from": "00000000000000c1", "box": seal(pack(inner), host.public_key)})
        lobby.do(host, host.receive(request_topic(host.host_id, request_id), payload, lobby.now))
        answers[request_id] = old_key
    assert table.pending == [] and table.ignored["cannot play the table"] == 1 and table.waiting
    refusal = next(p for p in lobby.wire if p.topic == answer_topic("00000000000000a1"))
    answer = msgpack.unpackb(open_sealed(refusal.payload, answers["00000000000000a1"]))
    assert answer["ok"] is False
    assert answer["reason"] == (
        "Ann hosts a table of 4, which your copy of Canasta cannot join: update it to play."
    )
    [waiting] = two_seats.pending
    assert waiting.name == "Oldie"


def test_a_table_offers_fewer_seats_as_they_fill_and_more_when_a_guest_leaves() -> None:
    lobby = Lobby()
    host = table_host(lobby, 4, 3)
    lobby.do(host, host.set_free(2, lobby.now))  # a guest came by the address and code
    assert host.free == 2 and announced(lobby, host)["free"] == 2
    lobby.do(host, host.set_free(3, lobby.now))  # and left before the game
    assert host.free == 3 and announced(lobby, host)["free"] == 3
    lobby.do(host, host.set_free(7, lobby.now))  # never more seats than the table's guests
    assert host.free == 3
    waiting = ask(lobby, host, "Bo")
    lobby.do(host, host.set_free(0, lobby.now))
    assert Declined("Ann's table is full: pick another host.") in lobby.taken(waiting)
    assert not host.waiting and lobby.retained == {}
    lobby.do(host, host.set_free(2, lobby.now))  # gone is gone: a fresh wait announces anew
    assert lobby.retained == {}
