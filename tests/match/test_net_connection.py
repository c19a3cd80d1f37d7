"""The window's network glue: every session it opens asks for the join code, what it shows of
the other player's text is cleaned again, and its saves say how to find the other player."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.logic.rules import Rules
from game.match.net_connection import NetGame, how_to_resume, saved_code, saved_link, shown
from game.netplay import Closed, Failed, HostSilent, ReliableSession, Role, proposal
from game.netplay.play.play_protocol import GuestPlay, Terms
from game.netplay.shell.tcp import NetplayGuest
from game.netplay.shell.wormhole import Link, WormholeHost
from game.settings import Preferences


@pytest.fixture
def hosting(tmp_path, monkeypatch) -> Iterator[NetGame]:
    monkeypatch.setattr("game.match.net_connection.data_dir", lambda: tmp_path)
    prefs = Preferences()
    prefs.player_name = "Ann"
    net = NetGame.host(prefs, 0)
    yield net
    net.stop()


def test_hosting_always_asks_for_a_code_and_saves_it_with_the_game(hosting: NetGame) -> None:
    code = hosting.join_code
    assert saved_code({"connection": {"code": code}}) == code.replace("-", "")
    assert hosting.session is not None and hosting.session.join_code == code
    connection = hosting.peer.about["connection"]
    assert connection == {
        "role": "host",
        "name": "Ann",
        "code": code,
        "port": hosting.endpoint.port,
        "address": "",
        "link": None,
    }


def test_joining_refuses_a_malformed_code_before_dialling() -> None:
    with pytest.raises(ValueError, match="never contain 0, O, 1, I or L"):
        NetGame.join(Preferences(), "127.0.0.1:9", "K7QM-3WX0")


def test_the_other_player_s_text_is_cleaned_before_it_is_shown(hosting: NetGame) -> None:
    hosting.peer.peer_name = "Bob\u202e\u0007"
    assert hosting.peer_name == "Bob"
    hosting.peer.peer_name = "ann"
    assert hosting.peer_name == "ann (guest)"  # never the same name as this player's
    hosting._note(Failed("lost", "Gone\u202e\nfor good"))
    assert hosting.status_text == "Gone for good"
    hosting._note(Closed(True, "x" * 1000))
    assert len(hosting.status_text) == 300
    hosting._note(HostSilent("a reveal", "Quiet\u2066"))
    assert (hosting.status, hosting.status_text) == ("lost", "Quiet")
    assert shown("a\u202eb") == "ab"


def test_a_saved_game_tells_who_hosted_where_and_the_code() -> None:
    host = {"role": "host", "peer": "Bob", "connection": {"port": 50410, "code": "K7QM-3WXA"}}
    assert how_to_resume(host) == (
        "You hosted this game against Bob on port 50410; they join again with the code K7QM-3WXA."
    )
    table = dict(host, peer="Bob, Cy", table={})
    assert how_to_resume(table) == (
        "You hosted this table with Bob, Cy on port 50410; each joins again with the code "
        "K7QM-3WXA."
    )
    guest = {"role": "guest", "peer": "Ann\u202e", "connection": {"address": "h:1", "code": ""}}
    assert how_to_resume(guest) == "Ann hosted this game; you join again at h:1."
    assert saved_code({"connection": {"code": "not a code"}}) == ""
    assert saved_code(None) == ""


def test_an_invite_game_saves_its_link_never_the_invite_code(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("game.match.net_connection.data_dir", lambda: tmp_path)
    link = Link(Role.HOST, bytes(range(32)), ("127.0.0.1:0",), ())
    net = NetGame.from_link(Preferences(), link)
    try:
        assert isinstance(net.endpoint, WormholeHost) and net.join_code == link.join_code
        connection = net.peer.about["connection"]
        assert connection["link"] == link.to_json() and connection["code"] == link.join_code
    finally:
        net.stop()
    saved = {"role": "host", "peer": "Bob", "connection": connection}
    assert saved_link(saved) == link
    assert "invite code" in how_to_resume(saved) and "Bob" in how_to_resume(saved)
    assert saved_link({"connection": {"link": {"role": "host"}}}) is None


def test_a_saved_invite_game_reopens_through_its_link(monkeypatch) -> None:
    link = Link(Role.GUEST, bytes(32), ("127.0.0.1:9",), ())
    saved = {"role": "guest", "connection": {"link": link.to_json()}}
    opened = []
    monkeypatch.setattr(
        NetGame, "from_link", classmethod(lambda cls, prefs, link, **kw: opened.append(link))
    )
    NetGame.join(Preferences(), "", "", resume=saved)
    NetGame.host(Preferences(), 0, resume=saved)
    assert opened == [link, link]


def test_a_guest_continued_from_its_save_holds_its_seat_before_it_dials(
    tmp_path, monkeypatch
) -> None:
    # A HELLO sent before the seat is bound is turned away `busy`, and a guest with no seat yet
    # takes that for a host playing with someone else: the game would end there.
    monkeypatch.setattr("game.match.net_connection.data_dir", lambda: tmp_path)
    play = GuestPlay(Terms.from_agreed(proposal(Rules(), 1)))
    play.game_id, play.token = "a" * 32, "b" * 32
    order: list[object] = []
    bind, start = ReliableSession.bind_seat, NetplayGuest.start

    def binding(session: ReliableSession, seat: bytes) -> None:
        order.append(seat)
        bind(session, seat)

    def dialling(endpoint: NetplayGuest) -> NetplayGuest:
        order.append("dial")
        return start(endpoint)

    monkeypatch.setattr(ReliableSession, "bind_seat", binding)
    monkeypatch.setattr(NetplayGuest, "start", dialling)
    net = NetGame.join(Preferences(), "127.0.0.1:9", "K7QM-3WXA", resume=play.to_save())
    net.stop()
    assert order[:2] == [b"b" * 32, "dial"]
