"""The window's network glue: every session it opens asks for the join code, what it shows of
the other player's text is cleaned again, and its saves say how to find the other player."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.match.net_game import NetGame, how_to_resume, saved_code, shown
from game.netplay import Closed, Failed, HostSilent
from game.settings import Preferences


@pytest.fixture
def hosting(tmp_path, monkeypatch) -> Iterator[NetGame]:
    monkeypatch.setattr("game.match.net_game.data_dir", lambda: tmp_path)
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
    guest = {"role": "guest", "peer": "Ann\u202e", "connection": {"address": "h:1", "code": ""}}
    assert how_to_resume(guest) == "Ann hosted this game; you join again at h:1."
    assert saved_code({"connection": {"code": "not a code"}}) == ""
    assert saved_code(None) == ""
