"""Find a partner and Wait for a partner against the test's own Mosquitto on loopback, with real
mouse events: the guest's list sees a command-line host arrive and leave and filters it by rules;
a host playing the computer while it waits gets a command-line guest's request as a dialog,
Accept saves the solo game and opens the rules agreement; Decline and Block are told to the
guest; a request left unanswered lapses with its dialog; automatic acceptance asks nothing; the
watch in the table's status bar withdraws the announcement; a broker that is down is said in
words on both screens while the solo game plays on."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from game.app import App
from game.match import autosave_exists, load_autosave
from game.netplay.lobby import Declined
from game.netplay.lobby.guest import GuestLobby
from game.netplay.shell.lobby_mqtt import LobbyConnection
from game.netplay.tools.lobby_commands import list_hosts
from game.scenes.dialog import DialogScene
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.host import HostScene
from game.scenes.net.invite import AcceptScene
from game.scenes.net.join import JoinScene
from game.scenes.net.lobby import FindPartnerScene
from game.scenes.net.lobby_host import STOPPED, WATCH_TIP, LobbyWatch, WaitForPartnerScene
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from tests.helpers.lobby_players import PLAY, WAIT, start_cli
from tests.helpers.mosquitto import Broker, events_until, free_port, running_mosquitto
from tests.helpers.net_screens import run_until
from tests.helpers.paths import MAIN
from tests.helpers.table import centre
from tests.helpers.ui_events import click, move, step
from tests.helpers.wormhole_servers import local_servers

# a real broker and real game connections on loopback
pytestmark = [pytest.mark.net, pytest.mark.slow]


def ended(process: subprocess.Popen[str], wait: float = WAIT) -> tuple[int, str]:
    """The exit code and stderr of a command-line player that is expected to finish."""
    _, errors = process.communicate(timeout=wait)
    return process.returncode, errors


def open_find_partner(app: App) -> FindPartnerScene:
    """Title → Join → Find a partner, by clicks; returns once the lobby answered."""
    app.stack.push(TitleScene(app))
    step(app)
    click(app, centre(app.stack.top.buttons["Join"].rect))
    join = app.stack.top
    assert isinstance(join, JoinScene)
    click(app, centre(join.buttons["lobby"].rect))
    scene = app.stack.top
    assert isinstance(scene, FindPartnerScene)
    assert run_until(app, lambda: scene.search is not None and scene.search.connected, WAIT)
    return scene


def open_wait_for_partner(app: App) -> WaitForPartnerScene:
    """Title → Host → Wait for a partner, by clicks; returns once the host is listed."""
    app.stack.push(TitleScene(app))
    step(app)
    click(app, centre(app.stack.top.buttons["Host"].rect))
    host = app.stack.top
    assert isinstance(host, HostScene)
    click(app, centre(host.buttons["lobby"].rect))
    scene = app.stack.top
    assert isinstance(scene, WaitForPartnerScene)
    assert run_until(app, lambda: scene.status.startswith("Listed in the lobby"), WAIT)
    return scene


def play_solo(app: App, scene: WaitForPartnerScene) -> TableScene:
    click(app, centre(scene.buttons["solo"].rect))
    table = app.stack.top
    assert isinstance(table, TableScene)
    step(app, 5)
    return table


def listed_names(broker: Broker) -> list[str]:
    """The hosts `--lobby-list` would print."""
    return [host["name"] for host in list_hosts(broker.url, wait=1.0)]


def request_dialog(app: App) -> DialogScene:
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene), WAIT)
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    return dialog


def press_button(app: App, dialog: DialogScene, label: str) -> None:
    button = next(b for b in dialog.buttons if b.label == label)
    click(app, centre(button.rect))


# -- the guest's list -------------------------------------------------------------------------------
@pytest.mark.usefixtures("ctrl_c_reaches_games")
def test_the_list_shows_a_command_line_host_with_its_rules_and_drops_it_when_it_leaves(
    lobby_app: App, mosquitto: Broker, processes: list[subprocess.Popen[str]]
) -> None:
    scene = open_find_partner(lobby_app)
    assert scene.listed == [] and not any(ask.visible for ask in scene.asks)
    host = start_cli(
        processes,
        mosquitto,
        "--lobby-host",
        "--name",
        "Anna",
        "--rules",
        "modern_american",
        "--lobby-level",
        "expert",
    )
    assert run_until(lobby_app, lambda: [h.name for h in scene.listed] == ["Anna"], WAIT)
    listed = scene.listed[0]
    assert (listed.rules_words, listed.level_words) == ("Modern American", "Expert")
    assert listed.differences == ("a game of 1 hand",)
    assert scene.asks[0].visible and scene.asks[0].enabled
    # the filter: Classic hides her, All rules shows her again
    assert scene.filter is not None
    click(lobby_app, (scene.filter.rect.right - 8, scene.filter.rect.centery))
    assert scene.rules == "classic" and scene.listed == []
    click(lobby_app, (scene.filter.rect.left + 8, scene.filter.rect.centery))
    assert scene.rules == "any" and [h.name for h in scene.listed] == ["Anna"]
    host.send_signal(signal.SIGINT)  # Ctrl-C: she stops waiting
    assert run_until(lobby_app, lambda: scene.listed == [], WAIT)
    assert not scene.asks[0].visible


def test_the_wait_on_a_row_goes_on_counting(
    lobby_app: App, mosquitto: Broker, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.netplay.lobby import Announcement
    from game.netplay.lobby.host import HostLobby

    since = 1_700_000_000
    clock = [since + 5 * 60.0]
    monkeypatch.setattr("game.scenes.net.lobby.time", SimpleNamespace(time=lambda: clock[0]))
    host = LobbyConnection(mosquitto.url, HostLobby(Announcement("Bert", "classic", since=since)))
    try:
        scene = open_find_partner(lobby_app)
        assert run_until(lobby_app, lambda: [h.name for h in scene.listed] == ["Bert"], WAIT)

        def row_says(words: str) -> bool:
            return any(words in line[0] for line in scene.rows[0].lines)

        assert row_says("waiting 5 min")
        clock[0] += 60
        step(lobby_app)
        assert row_says("waiting 6 min")
    finally:
        host.close()


def test_a_host_that_says_yes_is_joined_by_the_join_screen_and_the_rules_follow(
    lobby_app: App, mosquitto: Broker, processes: list[subprocess.Popen[str]]
) -> None:
    lobby_app.prefs.player_name = "Guesty"
    scene = open_find_partner(lobby_app)
    start_cli(processes, mosquitto, "--lobby-host", "--name", "Anna")
    assert run_until(lobby_app, lambda: [h.name for h in scene.listed] == ["Anna"], WAIT)
    click(lobby_app, centre(scene.asks[0].rect))

    def joining() -> bool:
        return isinstance(lobby_app.stack.top, (JoinScene, AgreementScene))

    assert run_until(lobby_app, joining, WAIT)
    join = lobby_app.stack.top
    if isinstance(join, JoinScene):  # dialling the address and code Anna sent, sealed
        assert join.address is not None and join.address.text.startswith("127.0.0.1:")
        assert run_until(lobby_app, lambda: isinstance(lobby_app.stack.top, AgreementScene), WAIT)
    agreement = lobby_app.stack.top
    assert isinstance(agreement, AgreementScene) and agreement.net is not None
    assert run_until(lobby_app, lambda: agreement.net.peer_name == "Anna", WAIT)
    assert lobby_app.prefs.last_join_address == ""  # a stranger's address is not offered again


def test_a_host_that_sends_an_invite_code_is_met_through_the_servers_it_names(
    lobby_app: App, mosquitto: Broker, tmp_path: Path, processes: list[subprocess.Popen[str]]
) -> None:
    from game.netplay.lobby import Announcement, InviteDetails, RequestArrived
    from game.netplay.lobby.host import HostLobby

    lobby_app.prefs.invite_mailbox = "ws://127.0.0.1:9/v1"  # never used: the host names its own
    with local_servers(tmp_path / "servers") as servers:
        where = ["--mailbox", servers.mailbox, "--relay", servers.relay]
        direct = ["--direct", "127.0.0.1", "--bind", "127.0.0.1"]
        inviter = subprocess.Popen(
            [sys.executable, str(MAIN), "--invite", *where, *direct, *PLAY],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        processes.append(inviter)
        assert inviter.stdout is not None
        code = json.loads(inviter.stdout.readline())["code"]
        host = LobbyConnection(
            mosquitto.url, HostLobby(Announcement("Inviter", "classic", since=1))
        )
        try:
            scene = open_find_partner(lobby_app)
            assert run_until(lobby_app, lambda: [h.name for h in scene.listed] == ["Inviter"])
            click(lobby_app, centre(scene.asks[0].rect))
            arrived = events_until(host, RequestArrived)
            request = next(e for e in arrived if isinstance(e, RequestArrived)).request
            details = InviteDetails(code, servers.mailbox, servers.relay)
            host.do(lambda core, now: core.accept(request.request_id, details, now))
            assert run_until(lobby_app, lambda: isinstance(lobby_app.stack.top, AcceptScene))
            accept = lobby_app.stack.top
            assert isinstance(accept, AcceptScene) and accept.typed == code
            assert accept.servers.mailbox == servers.mailbox
            assert run_until(
                lobby_app, lambda: isinstance(lobby_app.stack.top, AgreementScene), 60.0
            )
        finally:
            host.close()


def test_a_host_that_declines_is_told_in_its_words_on_the_guest_screen(
    lobby_app: App, mosquitto: Broker
) -> None:
    from game.netplay.lobby import Announcement, RequestArrived
    from game.netplay.lobby.host import HostLobby

    host = LobbyConnection(mosquitto.url, HostLobby(Announcement("Bert", "classic", since=1)))
    try:
        scene = open_find_partner(lobby_app)
        assert run_until(lobby_app, lambda: [h.name for h in scene.listed] == ["Bert"], WAIT)
        click(lobby_app, centre(scene.asks[0].rect))
        assert scene.note == "Waiting for Bert's answer\u2026"
        assert scene.buttons["cancel_ask"].visible and not scene.asks[0].enabled
        arrived = events_until(host, RequestArrived)
        request = next(e for e in arrived if isinstance(e, RequestArrived)).request
        assert request.name == "Hosty"  # the player's own name asks
        host.do(lambda core, now: core.decline(request.request_id, now, "Not tonight, sorry."))
        assert run_until(lobby_app, lambda: scene.error == "Not tonight, sorry.", WAIT)
        assert scene.asks[0].enabled and not scene.buttons["cancel_ask"].visible
    finally:
        host.close()


# -- the host's side --------------------------------------------------------------------------------
def test_a_host_playing_solo_accepts_a_command_line_guest_saves_and_goes_to_the_rules(
    lobby_app: App, mosquitto: Broker, processes: list[subprocess.Popen[str]]
) -> None:
    scene = open_wait_for_partner(lobby_app)
    assert listed_names(mosquitto) == ["Hosty"]
    table = play_solo(lobby_app, scene)
    assert isinstance(table.status_mark, LobbyWatch)
    moves_before = len(table.match.game.game.log)  # type: ignore[attr-defined]
    guest = start_cli(processes, mosquitto, "--lobby-join", "Hosty", "--name", "Guesty")
    dialog = request_dialog(lobby_app)
    assert dialog.title == "Guesty asks to play"
    assert [b.label for b in dialog.buttons] == ["Accept", "Decline", "Block Guesty"]
    assert table in lobby_app.stack  # the dialog stands over the solo table
    press_button(lobby_app, dialog, "Accept")
    assert table not in lobby_app.stack  # left politely: saved on the way out
    assert run_until(lobby_app, lambda: isinstance(lobby_app.stack.top, AgreementScene), WAIT)
    assert listed_names(mosquitto) == []
    assert autosave_exists()
    saved = load_autosave()
    assert len(saved.game.log) == moves_before  # the solo game as it was left, to continue
    guest.kill()


def test_with_automatic_acceptance_the_first_guest_is_taken_without_a_question(
    lobby_app: App, mosquitto: Broker, processes: list[subprocess.Popen[str]]
) -> None:
    scene = open_wait_for_partner(lobby_app)
    assert scene.auto is not None and not scene.auto.value
    click(lobby_app, (scene.auto.rect.left + 5, scene.auto.rect.centery))
    assert lobby_app.prefs.lobby_auto_accept is True
    start_cli(processes, mosquitto, "--lobby-join", "Hosty", "--name", "Guesty")

    def agreed_or_asked() -> bool:
        return isinstance(lobby_app.stack.top, (AgreementScene, DialogScene))

    assert run_until(lobby_app, agreed_or_asked, WAIT)
    assert isinstance(lobby_app.stack.top, AgreementScene)
    assert listed_names(mosquitto) == []


def test_decline_and_block_are_told_to_the_guest_and_a_blocked_name_is_not_asked_about(
    lobby_app: App, mosquitto: Broker, processes: list[subprocess.Popen[str]]
) -> None:
    scene = open_wait_for_partner(lobby_app)
    first = start_cli(processes, mosquitto, "--lobby-join", "Hosty", "--name", "Guesty")
    press_button(lobby_app, request_dialog(lobby_app), "Decline")
    code, errors = ended(first)
    assert code != 0 and "Hosty would rather not play now." in errors
    second = start_cli(processes, mosquitto, "--lobby-join", "Hosty", "--name", "Guesty")
    press_button(lobby_app, request_dialog(lobby_app), "Block Guesty")
    code, errors = ended(second)
    assert code != 0 and "Hosty would rather not play now." in errors
    assert "Guesty is blocked while you wait" in scene.note
    # asked again under that name: no dialog, and the guest is left without an answer
    guest = LobbyConnection(mosquitto.url, GuestLobby(ask_wait=3.0))
    try:
        assert run_until(lobby_app, lambda: bool(guest.read(lambda c: c.find("Hosty"))), WAIT)
        host_id = guest.read(lambda core: core.find("Hosty")).host_id
        guest.do(lambda core, now: core.ask(host_id, "guesty", now))
        told: list[object] = []

        def answered() -> bool:
            told.extend(guest.poll())
            return any(isinstance(e, Declined) for e in told)

        assert run_until(lobby_app, answered, WAIT)
        assert any("did not answer" in e.reason for e in told if isinstance(e, Declined))
        assert not isinstance(lobby_app.stack.top, DialogScene)
        assert scene.lobby is not None and scene.lobby.pending == []
    finally:
        guest.close()


def test_a_request_left_unanswered_lapses_and_its_dialog_goes_with_a_sentence(
    lobby_app: App, mosquitto: Broker
) -> None:
    lobby_app.stack.push(TitleScene(lobby_app))
    scene = WaitForPartnerScene(lobby_app, request_ttl=2.0)
    lobby_app.stack.push(scene)
    assert run_until(lobby_app, lambda: scene.status.startswith("Listed in the lobby"), WAIT)
    guest = LobbyConnection(mosquitto.url, GuestLobby())
    try:
        assert run_until(lobby_app, lambda: bool(guest.read(lambda c: c.find("Hosty"))), WAIT)
        host_id = guest.read(lambda core: core.find("Hosty")).host_id
        guest.do(lambda core, now: core.ask(host_id, "Carla", now))
        assert request_dialog(lobby_app).title == "Carla asks to play"
        assert run_until(lobby_app, lambda: lobby_app.stack.top is scene, WAIT)
        assert scene.note == "Carla stopped waiting for your answer."
        assert scene.lobby is not None and scene.lobby.pending == []
    finally:
        guest.close()


def test_clicking_the_watch_stops_waiting_and_the_host_is_no_longer_listed(
    lobby_app: App, mosquitto: Broker
) -> None:
    scene = open_wait_for_partner(lobby_app)
    table = play_solo(lobby_app, scene)
    assert table.hud is not None and table.hud.mark_rect.width > 0
    move(lobby_app, centre(table.hud.mark_rect))
    assert table.tip == WATCH_TIP
    assert listed_names(mosquitto) == ["Hosty"]
    click(lobby_app, centre(table.hud.mark_rect))
    assert scene not in lobby_app.stack and lobby_app.stack.top is table
    assert table.status_mark is None and table.message == STOPPED
    assert listed_names(mosquitto) == []


# -- a broker that cannot be used -------------------------------------------------------------------
def test_a_broker_that_is_down_is_said_in_words_and_the_solo_game_plays_on(
    app: App, tmp_path: Path
) -> None:
    port = free_port()
    app.prefs.lobby_broker = f"mqtt://127.0.0.1:{port}"
    app.prefs.host_port = 0
    app.stack.push(TitleScene(app))
    step(app)
    search = FindPartnerScene(app, join=JoinScene, connect_wait=2.0)
    app.stack.push(search)
    assert run_until(app, lambda: bool(search.error), WAIT)
    assert f"The lobby server at 127.0.0.1:{port} did not answer" in search.error
    assert "Options → Network" in search.error and "club" in search.error
    # the server comes up: Try again finds it
    with running_mosquitto(tmp_path / "late", port=port):
        click(app, centre(search.buttons["retry"].rect))
        assert run_until(app, lambda: search.search is not None and search.search.connected)
        assert search.error == "" and "retry" not in search.buttons
    click(app, centre(search.buttons["back"].rect))
    # a server that takes the connection and never answers: the solo game starts meanwhile
    silent_port = free_port()
    app.prefs.lobby_broker = f"mqtt://127.0.0.1:{silent_port}"
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", silent_port))
        silent.listen()
        wait = WaitForPartnerScene(app, connect_wait=2.0)
        app.stack.push(wait)
        table = play_solo(app, wait)
        assert table.status_mark is not None
        assert run_until(app, lambda: table.status_mark is None, WAIT)
    said = f"127.0.0.1:{silent_port} did not answer"
    assert said in table.message and table.message_error
    assert app.stack.top is table  # the solo game goes on
    assert said in wait.error
    assert "retry" in wait.buttons and "solo" not in wait.buttons


def test_a_broker_address_that_is_not_one_is_said_before_anything_is_dialled(app: App) -> None:
    app.prefs.lobby_broker = "http://example.org"
    app.stack.push(TitleScene(app))
    scene = FindPartnerScene(app, join=JoinScene)
    app.stack.push(scene)
    step(app)
    assert scene.search is None
    assert "must start with mqtt:// or mqtts://" in scene.error


def test_how_long_a_host_has_waited_is_said_in_minutes_then_hours() -> None:
    from game.scenes.net.screen import waited_words

    assert waited_words(1_000, 1_010.0) == "waiting under a minute"
    assert waited_words(1_000, 1_300.0) == "waiting 5 min"
    assert waited_words(1_000, 1_000.0 + 3 * 3600 + 120) == "waiting 3 h 02 min"
