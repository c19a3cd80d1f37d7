"""The Host and Join screens: addresses to share, Copy, checking what is typed, remembering it,
and the sentences a failed connection gets."""

from __future__ import annotations

import socket

import pygame

from game.app import App
from game.netplay import Role
from game.scenes.host import HostScene
from game.scenes.join import JoinScene
from game.scenes.title import TitleScene
from game.ui.text_input import clipboard_get
from tests.helpers.net_screens import HeadlessPeer, open_host_screen, run_until
from tests.helpers.ui_events import click, press, step, type_text


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))


def open_host(app: App, monkeypatch) -> HostScene:
    monkeypatch.setattr("game.scenes.host.lan_addresses", lambda: ["192.168.1.5", "fd00::5"])
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


def test_copy_puts_the_first_address_and_port_on_the_clipboard(app: App, monkeypatch) -> None:
    scene = open_host(app, monkeypatch)
    click(app, centre(scene.buttons["copy"].rect))
    assert clipboard_get() == scene.endpoints[0]
    assert "Copied" in scene.note


def test_a_port_in_use_is_explained_and_another_can_be_chosen(app: App, monkeypatch) -> None:
    scene = open_host(app, monkeypatch)
    busy = socket.socket()
    busy.bind(("", 0))
    busy.listen()
    try:
        taken = busy.getsockname()[1]
        scene.port_input.set_text(str(taken))
        click(app, centre(scene.buttons["listen"].rect))
        assert f"Cannot listen on port {taken}" in scene.error
        assert app.prefs.host_port == taken  # remembered all the same: the player chose it
    finally:
        busy.close()


def test_cancel_stops_listening(app: App, monkeypatch) -> None:
    scene = open_host(app, monkeypatch)
    endpoint = scene.net.endpoint
    click(app, centre(scene.buttons["cancel"].rect))
    assert isinstance(app.stack.top, TitleScene)
    assert not endpoint.running


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
    assert run_until(app, lambda: bool(scene.error), 5)
    assert "refused the connection" in scene.error
    assert scene.net is None and scene.buttons["connect"].enabled


def test_a_host_of_another_version_is_named_with_both_versions(app: App) -> None:
    from game.netplay.messages import PROTOCOL_MAX

    host = HeadlessPeer(Role.HOST, version="9.9")
    try:
        # A copy from the future speaks only protocols this one does not.
        host.endpoint.session.local = type(host.endpoint.session.local)(
            "Robot", "9.9", PROTOCOL_MAX + 1, PROTOCOL_MAX + 1
        )
        scene = open_join(app)
        scene.address.set_text(host.address)
        press(app, pygame.K_RETURN)
        assert run_until(app, lambda: bool(scene.error), 10)
        assert "app 9.9" in scene.error and "update to play" in scene.error
    finally:
        host.stop()
