"""The Host and Join screens: addresses to share, Copy, checking what is typed, remembering it,
and the sentences a failed connection gets."""

from __future__ import annotations

import socket
from collections.abc import Callable

import pygame
import pytest

from game.app import App
from game.logic.rules import Rules
from game.match.net_connection import how_to_resume, save_path
from game.netplay import Failed, GuestTurnedAway, Role
from game.netplay.session.joincode import normalize_code
from game.netplay.shell.savefile import write_json_atomic
from game.scenes.dialog import DialogScene
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.host import HostScene
from game.scenes.net.join import WRONG_CODE, JoinScene
from game.scenes.title import TitleScene
from game.ui.clipboard import clipboard_get
from tests.helpers.net_screens import HeadlessPeer, open_host_screen, run_until
from tests.helpers.ui_events import click, press, step, type_text

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))


def open_host(app: App, monkeypatch) -> HostScene:
    monkeypatch.setattr("game.scenes.net.host.lan_addresses", lambda: ["192.168.1.5", "fd00::5"])
    return open_host_screen(app)


def open_join(app: App, **kwargs) -> JoinScene:
    app.stack.push(TitleScene(app))
    scene = JoinScene(app, **kwargs)
    app.stack.push(scene)
    step(app)
    return scene


def test_host_screen_shows_each_address_with_the_listening_port(app: App, monkeypatch) -> None:
    scene = open_host(app, monkeypatch)
    port = scene.net.endpoint.port
    assert port > 0 and not scene.error
    assert scene.endpoints == [f"192.168.1.5:{port}", f"[fd00::5]:{port}"]
    assert scene.listening_port == port  # the router note names the same port
    assert "Waiting for a guest" in scene.note


def test_copy_puts_the_first_address_port_and_code_on_the_clipboard(app: App, monkeypatch) -> None:
    scene = open_host(app, monkeypatch)
    click(app, centre(scene.buttons["copy"].rect))
    copied = clipboard_get()
    assert scene.endpoints[0] in copied and scene.code in copied
    assert "Copied" in scene.note


def turned_away(guest: HeadlessPeer) -> Callable[[], bool]:
    return lambda: any(isinstance(n, Failed) for n in guest.notices)


def test_the_host_shows_a_fresh_readable_join_code(app: App, monkeypatch) -> None:
    scene = open_host(app, monkeypatch)
    code = scene.code
    assert normalize_code(code) == code.replace(
        "-", ""
    )  # a valid code, shown as two groups of four
    assert scene.net.session.join_code == code  # the session really asks for it
    click(app, centre(scene.buttons["cancel"].rect))
    again = open_host(app, monkeypatch)
    assert again.code != code  # each hosting gets its own


def test_wrong_codes_turn_strangers_away_and_the_friends_code_still_works(
    app: App, monkeypatch
) -> None:
    scene = open_host(app, monkeypatch)
    first = scene.code
    wrong = "2222-2222" if first != "2222-2222" else "3333-3333"
    address = f"127.0.0.1:{scene.net.endpoint.port}"
    for tries in range(3):
        guest = HeadlessPeer(Role.GUEST, address=address, code=wrong)
        try:
            assert run_until(app, turned_away(guest))
            failure = next(n for n in guest.notices if isinstance(n, Failed))
            assert failure.code == "wrong_code"
            if tries == 0:
                assert run_until(app, lambda: "wrong code" in scene.note)
                assert scene.net.endpoint.running and scene.code == first  # still waiting
        finally:
            guest.stop()
    assert scene.code == first and scene.net.session.join_code == first  # never replaced
    friend = HeadlessPeer(Role.GUEST, address=address, code=first)
    try:  # from the same address, the friend gets in once the pause is over
        assert run_until(app, lambda: friend.endpoint.session.established, 15)
    finally:
        friend.stop()


def test_a_port_in_use_is_explained_and_another_can_be_chosen(app: App, monkeypatch) -> None:
    scene = open_host(app, monkeypatch)
    busy = socket.socket()
    busy.bind(("", 0))
    busy.listen()
    try:
        taken = busy.getsockname()[1]
        code = scene.code
        scene.port_input.set_text(str(taken))
        click(app, centre(scene.buttons["listen"].rect))
        assert f"Cannot listen on port {taken}" in scene.error
        assert app.prefs.host_port == taken  # remembered all the same: the player chose it
        with socket.socket() as probe:
            probe.bind(("", 0))
            free = probe.getsockname()[1]
        scene.port_input.set_text(str(free))
        click(app, centre(scene.buttons["listen"].rect))
        assert not scene.error and scene.code == code  # the code already told still holds
    finally:
        busy.close()


def test_cancel_stops_listening(app: App, monkeypatch) -> None:
    scene = open_host(app, monkeypatch)
    endpoint = scene.net.endpoint
    click(app, centre(scene.buttons["cancel"].rect))
    assert isinstance(app.stack.top, TitleScene)
    assert not endpoint.running


def test_join_checks_the_code_and_tidies_what_was_typed(app: App) -> None:
    scene = open_join(app)
    scene.address.set_text("127.0.0.1:9")
    click(app, centre(scene.code_input.rect))
    type_text(app, "k7qm 3w0a")
    press(app, pygame.K_RETURN)
    assert scene.error == "Join codes never contain 0, O, 1, I or L: check the code with the host."
    assert scene.net is None
    scene.code_input.set_text("")
    press(app, pygame.K_RETURN)
    assert "Type the join code" in scene.error
    type_text(app, " k7qm 3wxa ")
    press(app, pygame.K_RETURN)
    assert not scene.error and scene.net is not None
    assert scene.code_input.text == "K7QM-3WXA"
    assert scene.net.session.join_code == "K7QM-3WXA"


def test_a_wrong_code_is_said_on_the_guest_screen_and_the_host_waits(app: App) -> None:
    host = HeadlessPeer(Role.HOST)
    try:
        wrong = "2222-2222" if host.code != "2222-2222" else "3333-3333"
        scene = open_join(app)
        scene.address.set_text(host.address)
        scene.code_input.set_text(wrong)
        click(app, centre(scene.buttons["connect"].rect))
        assert run_until(app, lambda: bool(scene.error), 10)
        assert scene.error == WRONG_CODE
        assert scene.net is None and scene.buttons["connect"].enabled
        # the host's thread records the refusal after its session has sent it: wait for it
        assert run_until(
            app,
            lambda: any(
                isinstance(n, GuestTurnedAway) and n.code == "wrong_code" for n in host.notices
            ),
            10,
        )
        assert host.endpoint.running and not host.peer.game_over
    finally:
        host.stop()


def test_join_offers_the_saved_game_and_says_how_it_resumes(app: App) -> None:
    saved = {
        "role": "guest",
        "peer": "Ann\u202e",
        "connection": {"role": "guest", "code": "K7QM-3WXA", "address": "127.0.0.1:9"},
    }
    write_json_atomic(save_path(Role.GUEST), saved)
    scene = open_join(app, connect_timeout=0.5)
    assert "resume" in scene.buttons
    assert how_to_resume(saved) == (
        "Ann hosted this game; you join again at 127.0.0.1:9, code K7QM-3WXA."
    )
    scene.address.set_text("")
    click(app, centre(scene.buttons["resume"].rect))
    assert scene.address.text == "127.0.0.1:9" and scene.code_input.text == "K7QM-3WXA"
    # this hand-made file holds no game: the resume is refused with a sentence, not a crash
    assert scene.error == "Cannot connect: This is not a saved network game."


def test_join_refuses_a_malformed_address_with_a_sentence(app: App) -> None:
    scene = open_join(app)
    scene.address.set_text("")
    type_text(app, "[fd00::5:50410")
    press(app, pygame.K_RETURN)
    assert scene.error == "An IPv6 address in brackets needs its closing ']'."
    assert scene.net is None
    scene.address.set_text("")
    type_text(app, "example.org:99999")
    click(app, centre(scene.buttons["connect"].rect))
    assert scene.error == "The port must be a number from 1 to 65535."


def test_join_remembers_the_address_it_dialled(app: App) -> None:
    scene = open_join(app, connect_timeout=0.5)
    type_text(app, "127.0.0.1:9")
    press(app, pygame.K_RETURN)  # on to the code
    type_text(app, "K7QM3WXA")
    press(app, pygame.K_RETURN)
    assert app.prefs.last_join_address == "127.0.0.1:9"
    app.stack.remove(scene)
    again = open_join(app)
    assert again.address.text == "127.0.0.1:9"


def test_a_refused_connection_is_explained_after_the_time_limit(app: App) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    scene = open_join(app, connect_timeout=0.6)
    type_text(app, f"127.0.0.1:{closed_port}")
    press(app, pygame.K_RETURN)
    type_text(app, "K7QM3WXA")
    press(app, pygame.K_RETURN)
    assert run_until(app, lambda: bool(scene.error), 5)
    assert "refused the connection" in scene.error
    assert scene.net is None and scene.buttons["connect"].enabled


def test_a_host_of_another_version_is_named_with_both_versions(app: App) -> None:
    from game.netplay.wire.session_messages import PROTOCOL_MAX

    host = HeadlessPeer(Role.HOST, version="9.9")
    try:
        # A copy from the future speaks only protocols this one does not.
        host.endpoint.session.local = type(host.endpoint.session.local)(
            "Robot", "9.9", PROTOCOL_MAX + 1, PROTOCOL_MAX + 1
        )
        scene = open_join(app)
        scene.address.set_text(host.address)
        scene.code_input.set_text(host.code)
        click(app, centre(scene.buttons["connect"].rect))
        assert run_until(app, lambda: bool(scene.error), 10)
        assert "app 9.9" in scene.error and "update to play" in scene.error
    finally:
        host.stop()


def test_continue_on_the_title_offers_the_saved_network_game(app: App) -> None:
    saved = {
        "role": "host",
        "peer": "Ann",
        "connection": {"role": "host", "code": "K7QM-3WXA", "port": 0},
    }
    write_json_atomic(save_path(Role.HOST), saved)
    app.autosave_exists = lambda: False
    app.prefs.host_port = 0  # any free port: another test may be listening on 50410
    title = TitleScene(app)
    app.stack.push(title)
    step(app)
    assert title.buttons["Continue"].enabled
    click(app, centre(title.buttons["Continue"].rect))
    dialog = app.stack.top
    assert isinstance(dialog, DialogScene)
    assert "You hosted this game against Ann" in dialog.message and "K7QM-3WXA" in dialog.message
    assert [label for label, _ in dialog.button_specs] == ["Host it again", "Not now"]
    click(app, centre(dialog.buttons[0].rect))
    host = app.stack.top
    assert isinstance(host, HostScene)
    # the hand-made file holds no game to reopen: said with a sentence on the Host screen
    assert host.error == "The saved game cannot be resumed: This is not a saved network game."


def test_a_host_whose_rules_reuse_the_pile_proposes_playing_on_and_says_why(app: App) -> None:
    app.prefs.rules = {"preset": "classic", "stock_end": "reuse_pile"}
    scene = open_host_screen(app)
    guest = HeadlessPeer(
        Role.GUEST,
        address=f"127.0.0.1:{scene.net.endpoint.port}",
        code=scene.code,
        rules=Rules.from_dict({"preset": "classic", "going_out_bonus": 200}),
        answer=lambda negotiation: None,  # the guest thinks it over for ever
    )
    try:
        assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), 15)
        agreement = app.stack.top
        assert run_until(app, lambda: "Waiting for" in agreement.headline()[1], 15)
        lead = agreement.headline()[1]
        assert "reuse the pile once is not proposed" in lead and "peek-proof" in lead
        assert Rules.from_dict(agreement.net.peer.negotiation.my_rules).stock_end == "play_on"
    finally:
        guest.stop()


def test_a_connection_that_fails_during_the_agreement_ends_it_in_words(app: App) -> None:
    scene = open_host_screen(app)
    guest = HeadlessPeer(
        Role.GUEST,
        address=f"127.0.0.1:{scene.net.endpoint.port}",
        code=scene.code,
        answer=lambda negotiation: None,  # the guest thinks it over for ever
    )
    try:
        assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), 15)
        agreement = app.stack.top
        # the connection's own notice that it failed (as a halt during the deal brings it)
        agreement.net.inbox.append(Failed("halted", "Play has stopped."))
        step(app)
        assert app.last_crash is None, app.last_crash
        assert isinstance(app.stack.top, DialogScene)
        assert app.stack.top.title == "The connection has ended"
        assert agreement not in app.stack
    finally:
        guest.stop()
