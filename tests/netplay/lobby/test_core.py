"""The lobby's sans-I/O cores on a virtual clock, through an in-memory stand-in for the broker:
announcing, listing and filtering, asking, accepting with details only the guest can open,
declining, blocking, the pending cap, the rate limit, lapsed requests, and every malformed,
oversized or wrongly typed message ignored and counted."""

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
    InviteDetails,
    LobbyError,
    RequestArrived,
    RequestWithdrawn,
)
from game.netplay.lobby.guest import ASK_WAIT, GONE_GRACE, GuestLobby
from game.netplay.lobby.host import ANNOUNCE_EXPIRY, REFRESH_EVERY, REQUEST_TTL, HostLobby
from game.netplay.lobby.sealing import new_private_key, open_sealed, public_bytes, seal
from game.netplay.lobby.wire import (
    MAX_ANNOUNCEMENT_BYTES,
    Malformed,
    answer_topic,
    host_topic,
    pack,
    request_topic,
)
from tests.helpers.lobbies import Lobby

DIRECT = DirectDetails("192.168.1.20:50410", "K7QM-3WXA")


def asked(lobby: Lobby, host: HostLobby, name: str = "Guesty") -> GuestLobby:
    guest = lobby.guest()
    lobby.taken(guest)
    lobby.do(guest, guest.ask(host.host_id, name, lobby.now))
    return guest


def test_a_host_announces_itself_retained_with_an_expiry_and_a_last_will_that_clears_it() -> None:
    lobby = Lobby()
    host = lobby.host()
    announcement = lobby.wire[0]
    assert announcement.topic == host_topic(host.host_id)
    assert announcement.retain and announcement.expiry == ANNOUNCE_EXPIRY
    assert host.will.topic == announcement.topic and host.will.payload == b"" and host.will.retain
    assert host.subscriptions == (f"canasta-card-game/lobby/v1/requests/{host.host_id}/+",)


def test_a_guest_lists_the_waiting_hosts_and_filters_them_by_rules_preset() -> None:
    lobby = Lobby()
    classic = lobby.host("Anna", "classic")
    lobby.now += 5
    modern = lobby.join(
        HostLobby(
            Announcement(
                "Dieter",
                "modern_american",
                differences=("Red threes count double",),
                level="expert",
                app_version="1.4.0",
                since=1_700_000_100,
            )
        )
    )
    guest = lobby.guest()
    assert [h.name for h in guest.hosts()] == ["Anna", "Dieter"]
    assert [h.host_id for h in guest.hosts(rules="modern_american")] == [modern.host_id]
    assert [h.host_id for h in guest.hosts(rules="classic")] == [classic.host_id]
    assert guest.presets() == ["classic", "modern_american"]
    dieter = guest.hosts(rules="modern_american")[0]
    assert dieter.differences == ("Red threes count double",)
    assert dieter.level_words == "Expert" and dieter.rules_words == "Modern American"
    assert dieter.to_json() == {
        "id": modern.host_id,
        "name": "Dieter",
        "rules": "modern_american",
        "differences": ["Red threes count double"],
        "level": "expert",
        "version": "1.4.0",
        "since": 1_700_000_100,
        "players": 2,
        "free": 1,
    }
    assert guest.find("dieter") == dieter and guest.find(modern.host_id) == dieter
    assert guest.find("Nobody") is None


def test_a_listening_guest_hears_hosts_come_and_go() -> None:
    lobby = Lobby()
    guest = lobby.guest()
    host = lobby.host()
    (listed,) = lobby.taken(guest)
    assert isinstance(listed, HostListed) and listed.host.name == "Hosty"
    lobby.do(host, host.leave(lobby.now))
    assert lobby.taken(guest) == [HostGone(listed.host)]
    assert guest.hosts() == [] and lobby.retained == {}


def test_an_accepted_guest_gets_details_that_only_its_own_key_opens() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = asked(lobby, host)
    (arrived,) = lobby.taken(host)
    assert isinstance(arrived, RequestArrived) and arrived.request.name == "Guesty"
    lobby.do(host, host.accept(arrived.request.request_id, DIRECT, lobby.now))
    events = lobby.taken(guest)
    assert Accepted("Hosty", DIRECT) in events
    answer = next(p for p in lobby.wire if p.topic == answer_topic(arrived.request.request_id))
    with pytest.raises(Malformed):
        open_sealed(answer.payload, new_private_key())
    # the host left the list once it had its guest
    assert lobby.retained == {} and not host.waiting and host.subscriptions == ()
    assert any(isinstance(e, HostGone) for e in events)


def test_the_wire_shows_neither_the_details_nor_the_guests_name_or_key() -> None:
    lobby = Lobby()
    host = lobby.host()
    asked(lobby, host, "Secret Sam")
    (arrived,) = lobby.taken(host)
    invite = InviteDetails("7-crossover-clockwork", "ws://10.1.2.3:4000/v1", "tcp:10.1.2.3:4001")
    lobby.do(host, host.accept(arrived.request.request_id, invite, lobby.now))
    for publication in lobby.wire:
        for secret in (b"crossover", b"10.1.2.3", b"Secret Sam", arrived.request.key):
            assert secret not in publication.payload


def test_the_other_waiting_guests_are_told_in_words_when_the_host_takes_someone() -> None:
    lobby = Lobby()
    host = lobby.host()
    first, second = asked(lobby, host, "First"), asked(lobby, host, "Second")
    request = host.pending[0]
    lobby.do(host, host.accept(request.request_id, DIRECT, lobby.now))
    assert any(isinstance(e, Accepted) for e in lobby.taken(first))
    assert Declined("Hosty has found a partner: pick another host.") in lobby.taken(second)
    assert second.asking is None


def test_a_declined_guest_is_told_in_the_hosts_words_or_a_default_sentence() -> None:
    lobby = Lobby()
    host = lobby.host()
    one, two = asked(lobby, host, "One"), asked(lobby, host, "Two")
    lobby.do(host, host.decline(host.pending[0].request_id, lobby.now, "Only\nexperts, sorry"))
    lobby.do(host, host.decline(host.pending[0].request_id, lobby.now))
    assert lobby.taken(one)[-1] == Declined("Only experts, sorry")
    assert lobby.taken(two)[-1] == Declined("Hosty would rather not play now.")
    with pytest.raises(LobbyError, match="no longer waiting"):
        host.decline("0123456789abcdef", lobby.now)


def test_a_blocked_name_is_declined_and_then_ignored_for_the_session() -> None:
    lobby = Lobby()
    host = lobby.host()
    pest = asked(lobby, host, "Pest")
    also = asked(lobby, host, "  PEST ")
    other = asked(lobby, host, "Polite")
    lobby.do(host, host.block(host.pending[0].request_id, lobby.now))
    assert isinstance(lobby.taken(pest)[-1], Declined)
    assert isinstance(lobby.taken(also)[-1], Declined)
    assert [r.name for r in host.pending] == ["Polite"] and other.asking is not None
    lobby.taken(host)
    again = asked(lobby, host, "pest")
    assert lobby.taken(host) == [] and host.ignored["blocked"] == 1
    assert again.asking is not None and host.is_blocked("Pest")


def test_a_host_keeps_at_most_eight_pending_requests_and_declines_the_rest_in_words() -> None:
    lobby = Lobby()
    host = lobby.host()
    guests = [asked(lobby, host, f"Guest {n}") for n in range(9)]
    assert len(host.pending) == 8
    assert lobby.taken(guests[8]) == [
        Declined("Hosty already has 8 players asking: try another host, or again in a minute.")
    ]
    assert all(g.asking is not None for g in guests[:8])


def test_requests_are_rate_limited_per_client_id() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = lobby.guest()
    for _ in range(4):
        lobby.do(guest, guest.ask(host.host_id, "Eager", lobby.now))
        lobby.do(guest, guest.cancel())
    assert len(host.pending) == 3 and host.ignored["rate limited"] == 1
    other = asked(lobby, host, "Someone else")  # another client is not held back
    assert len(host.pending) == 4 and other.asking is not None
    lobby.now += 20
    lobby.do(guest, guest.ask(host.host_id, "Eager", lobby.now))
    assert len(host.pending) == 5


def test_a_replayed_request_is_taken_once() -> None:
    lobby = Lobby()
    host = lobby.host()
    asked(lobby, host)
    request = next(p for p in lobby.wire if "/requests/" in p.topic)
    lobby.publish(request)
    assert len(host.pending) == 1 and host.ignored["duplicate"] == 1


def test_unanswered_requests_lapse_and_the_guest_stops_waiting() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = asked(lobby, host)
    lobby.taken(host)
    lobby.tick(ASK_WAIT)
    assert lobby.taken(guest) == [
        Declined("Hosty did not answer: pick another host, or try again later.")
    ]
    assert guest.asking is None and len(host.pending) == 1
    lobby.tick(REQUEST_TTL - ASK_WAIT)
    (withdrawn,) = lobby.taken(host)
    assert isinstance(withdrawn, RequestWithdrawn) and host.pending == []


def test_a_guest_whose_host_vanishes_is_told_soon_after() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = asked(lobby, host)
    lobby.publish(host.will)  # what the broker does when the host's connection dies
    lobby.tick(GONE_GRACE - 1)
    assert not any(isinstance(e, Declined) for e in lobby.taken(guest))
    lobby.tick(1)
    assert lobby.taken(guest) == [
        Declined("Hosty left the lobby before answering: pick another host.")
    ]


def test_a_host_that_leaves_tells_its_pending_guests_and_is_unlisted() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = asked(lobby, host)
    lobby.do(host, host.leave(lobby.now))
    assert Declined("Hosty left the lobby.") in lobby.taken(guest)
    assert lobby.retained == {} and host.leave(lobby.now).publications == ()
    assert host.connected(lobby.now).publications == ()


def test_the_announcement_is_refreshed_before_the_broker_would_expire_it() -> None:
    lobby = Lobby()
    lobby.host()
    lobby.tick(REFRESH_EVERY - 1)
    assert len(lobby.wire) == 1
    lobby.tick(1)
    assert len(lobby.wire) == 2 and lobby.wire[1] == lobby.wire[0]


def test_a_guest_asks_one_host_at_a_time_and_only_listed_ones() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = lobby.guest()
    with pytest.raises(LobbyError, match="no longer waiting"):
        guest.ask("0123456789abcdef", "Guesty", lobby.now)
    with pytest.raises(LobbyError, match="name"):
        guest.ask(host.host_id, " \u202e ", lobby.now)
    lobby.do(guest, guest.ask(host.host_id, "Guesty", lobby.now))
    with pytest.raises(LobbyError, match="already waiting for Hosty"):
        guest.ask(host.host_id, "Guesty", lobby.now)


def test_a_host_announcing_a_key_nobody_can_hold_cannot_be_asked() -> None:
    guest = GuestLobby()
    guest.receive(host_topic("0123456789abcdef"), _announcement(), 0.0)  # an all-zero key
    with pytest.raises(LobbyError, match="Mallory's announcement is damaged"):
        guest.ask("0123456789abcdef", "Guesty", 0.0)
    assert guest.asking is None


def test_names_and_texts_are_cleaned_as_chat_text_is() -> None:
    lobby = Lobby()
    host = lobby.join(
        HostLobby(
            Announcement(
                "Evil\x1b[31m\u202eHost\n\tname" + "x" * 50,
                "classic",
                differences=("Wild\x00cards\r\nfree", "\u200b"),
            )
        )
    )
    guest = lobby.guest()
    (listed,) = guest.hosts()
    assert listed.name == ("Evil[31mHost name" + "x" * 50)[:32]
    assert listed.differences == ("Wildcards free",)
    lobby.do(guest, guest.ask(host.host_id, "Bad\u2066Guest\x07\n", lobby.now))
    assert host.pending[0].name == "BadGuest"


# -- malformed, oversized and wrongly typed messages ------------------------------------------------
def _announcement(**changes: object) -> bytes:
    doc = {
        "name": "Mallory",
        "rules": "classic",
        "diff": [],
        "level": "any",
        "app": "1.0",
        "since": 1,
        "key": bytes(32),
    }
    doc.update(changes)
    return pack(doc)


BAD_ANNOUNCEMENTS = {
    "not msgpack": b"\xc1\xc1\xc1",
    "a list": msgpack.packb([1, 2, 3]),
    "trailing bytes": _announcement() + b"\x00",
    "old format": msgpack.packb({"v": 99, "name": "x"}),
    "name a number": _announcement(name=5),
    "blank name": _announcement(name="\u202e \n"),
    "unknown preset": _announcement(rules="Classic Rules!"),
    "unknown level": _announcement(level="godlike"),
    "differences not texts": _announcement(diff=[1, 2]),
    "since a string": _announcement(since="yesterday"),
    "since a bool": _announcement(since=True),
    "short key": _announcement(key=b"abc"),
    "key as text": _announcement(key="k" * 32),
    "an extension type": pack({"name": msgpack.ExtType(5, b"x")}),
    "oversized": _announcement(app="x" * MAX_ANNOUNCEMENT_BYTES),
}


@pytest.mark.parametrize("payload", BAD_ANNOUNCEMENTS.values(), ids=BAD_ANNOUNCEMENTS.keys())
def test_a_malformed_announcement_is_ignored_and_counted(payload: bytes) -> None:
    guest = GuestLobby()
    step = guest.receive(host_topic("0123456789abcdef"), payload, 0.0)
    assert step.events == () and guest.hosts() == [] and sum(guest.ignored.values()) == 1


def test_messages_on_foreign_or_misshapen_topics_are_ignored_and_counted() -> None:
    guest = GuestLobby()
    good = _announcement()
    for topic in (
        "other/app/hosts/0123456789abcdef",
        "canasta-card-game/lobby/v1/hosts/NOT-AN-ID",
        "canasta-card-game/lobby/v1/hosts/0123456789abcdef/extra",
        "canasta-card-game/lobby/v1/chat/0123456789abcdef",
    ):
        assert guest.receive(topic, good, 0.0).events == ()
    assert guest.ignored == {"foreign topic": 1, "unknown topic": 3}


def test_a_listed_host_replaced_by_rubbish_is_no_longer_listed() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = lobby.guest()
    step = guest.receive(host_topic(host.host_id), b"rubbish", lobby.now)
    assert [type(e) for e in step.events] == [HostGone] and guest.hosts() == []


def test_the_list_is_capped() -> None:
    guest = GuestLobby(host_limit=2)
    for n in range(3):
        guest.receive(host_topic(f"{n:016x}"), _announcement(), 0.0)
    assert len(guest.hosts()) == 2 and guest.ignored["too many hosts"] == 1


def _request(host: HostLobby, request_id: str, inner: dict[str, object], sender: str) -> bytes:
    return pack({"from": sender, "box": seal(pack(inner), host.public_key)})


def test_malformed_requests_are_ignored_and_counted() -> None:
    host = HostLobby(Announcement("Hosty", "classic"))
    topic = request_topic(host.host_id, "00000000000000aa")
    key = public_bytes(new_private_key())
    good_inner = {"req": "00000000000000aa", "name": "Guesty", "key": key}
    bad = [
        b"\x00" * 600,  # oversized
        b"\xc1",  # not msgpack
        pack({"from": "not an id", "box": b"x" * 80}),
        pack({"from": "00000000000000b1", "box": "text, not bytes"}),
        pack({"from": "00000000000000b2", "box": b"x" * 80}),  # not sealed to this host
        _request(host, "aa", {**good_inner, "req": "00000000000000ff"}, "00000000000000b3"),
        _request(host, "aa", {**good_inner, "name": ["list"]}, "00000000000000b4"),
        _request(host, "aa", {**good_inner, "key": b"short"}, "00000000000000b5"),
    ]
    for payload in bad:
        assert host.receive(topic, payload, 0.0).events == ()
    assert host.pending == []
    assert host.ignored == {
        "oversized": 1,
        "undecodable": 1,
        "wrong type": 4,
        "unsealed": 1,
        "mismatched": 1,
    }


def test_an_answer_the_guest_cannot_open_or_did_not_ask_for_is_ignored() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = asked(lobby, host)
    request_id = host.pending[0].request_id
    stranger = public_bytes(new_private_key())
    forged = seal(pack({"req": request_id, "ok": True, "details": DIRECT.to_wire()}), stranger)
    guest.receive(answer_topic(request_id), forged, lobby.now)
    guest.receive(answer_topic("00000000000000ee"), forged, lobby.now)
    guest.receive(answer_topic(request_id), b"x" * 2000, lobby.now)
    assert guest.ignored == {"unsealed": 1, "unexpected answer": 1, "oversized": 1}
    assert guest.asking is not None


def test_acceptance_details_are_checked_before_they_are_shown() -> None:
    lobby = Lobby()
    host = lobby.host()
    guest = asked(lobby, host)
    request = host.pending[0]
    for details in (
        {"kind": "invite", "code": "not a code", "mailbox": "ws://x:1/v1", "relay": "tcp:x:2"},
        {"kind": "invite", "code": "7-a-b", "mailbox": "http://x/v1", "relay": "tcp:x:2"},
        {"kind": "direct", "address": "10.0.0.1:99999", "code": "K7QM-3WXA"},
        {"kind": "direct", "address": "10.0.0.1:5000", "code": "K0QM-3WXA"},
        {"kind": "direct", "address": "evil\x1b:5000", "code": "K7QM-3WXA"},
        {"kind": "teleport"},
        "a string",
    ):
        doc = {"req": request.request_id, "ok": True, "details": details}
        guest.receive(answer_topic(request.request_id), seal(pack(doc), request.key), lobby.now)
    assert guest.ignored == {"bad details": 6, "wrong type": 1}
    assert guest.asking is not None
