"""The invite screens against a local mailbox and relay: Host's "Invite over the internet" shows a
code with Copy and the guest who accepts it reaches the rules agreement; Join's "Accept an
invite" takes a typed code and reaches the agreement with a host that invited; a malformed code,
an unreachable invite server and a code nobody holds each get a sentence."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.match.net_game import save_path
from game.netplay import PeerInfo, ReliableSession, Role
from game.netplay.cli import APP_VERSION, session_config
from game.netplay.shell.savefile import write_json_atomic
from game.netplay.shell.wormhole import (
    InviteCode,
    Link,
    Linked,
    Rendezvous,
    Servers,
    link_endpoint,
)
from game.scenes.agreement import AgreementScene
from game.scenes.host import HostScene
from game.scenes.invite import AcceptScene, InviteScene
from game.scenes.join import JoinScene
from game.scenes.options import OptionsScene
from game.scenes.title import TitleScene
from game.ui.text_input import clipboard_get
from tests.helpers.net_screens import run_until
from tests.helpers.ui_events import click, press, step, type_text
from tests.helpers.wormhole_servers import LocalServers, free_port, local_servers

WAIT = 20.0


@pytest.fixture
def wormhole_servers(tmp_path: Path) -> Iterator[LocalServers]:
    with local_servers(tmp_path / "servers") as servers:
        yield servers


def _use(app: App, servers: LocalServers) -> None:
    app.prefs.invite_mailbox = servers.mailbox
    app.prefs.invite_relay = servers.relay


def _press(app: App, scene: object, object_id: str) -> None:
    """Click the pygame_gui button whose object id ends with `object_id`."""
    manager = scene.manager  # type: ignore[attr-defined]
    for element in manager.get_root_container().elements:
        if element.object_ids and element.object_ids[-1] == object_id:
            click(app, element.rect.center)
            step(app)  # the widget's event is handled on the next frame
            return
    raise AssertionError(f"no button {object_id}")


def _other_side(role: Role, link_event: Linked) -> object:
    session = ReliableSession(
        role,
        PeerInfo("Robot", APP_VERSION),
        session_config(60.0),
        join_code=link_event.link.join_code,
    )
    return link_endpoint(session, link_event.link)


def test_invite_shows_a_code_copies_it_and_the_friend_reaches_the_rules(
    app: App, wormhole_servers: LocalServers
) -> None:
    _use(app, wormhole_servers)
    app.stack.push(TitleScene(app))
    scene = InviteScene(app, addresses=["127.0.0.1"])
    app.stack.push(scene)
    assert run_until(app, lambda: bool(scene.code), WAIT), scene.error
    assert not scene.error and "Waiting for your friend" in scene.note
    _press(app, scene, "#copy")
    assert scene.code in clipboard_get() and "Copied" in scene.note
    guest = Rendezvous(
        Role.GUEST, Servers(wormhole_servers.mailbox, wormhole_servers.relay), code=scene.code
    ).start()
    linked = guest.next_event(WAIT)
    assert isinstance(linked, Linked)
    endpoint = _other_side(Role.GUEST, linked)
    try:
        assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), WAIT)
    finally:
        endpoint.stop()  # type: ignore[attr-defined]


def test_accept_takes_the_typed_code_and_reaches_the_rules(
    app: App, wormhole_servers: LocalServers
) -> None:
    _use(app, wormhole_servers)
    host = Rendezvous(
        Role.HOST, Servers(wormhole_servers.mailbox, wormhole_servers.relay), hints=()
    ).start()
    code = host.next_event(WAIT)
    assert isinstance(code, InviteCode)
    app.stack.push(TitleScene(app))
    scene = AcceptScene(app)
    app.stack.push(scene)
    step(app)
    assert scene.entry is not None
    scene.entry.set_text(code.code.upper().replace("-", " "))
    _press(app, scene, "#accept")
    assert scene.typed == code.code and not scene.error
    linked = host.next_event(WAIT)
    assert isinstance(linked, Linked)
    endpoint = _other_side(Role.HOST, linked)
    try:
        assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), WAIT)
    finally:
        endpoint.stop()  # type: ignore[attr-defined]


def test_a_malformed_code_is_explained_before_anything_is_sent(app: App) -> None:
    app.stack.push(TitleScene(app))
    scene = AcceptScene(app)
    app.stack.push(scene)
    step(app)
    assert scene.entry is not None
    scene.entry.set_text("crossover-clockwork")
    scene.accept()
    assert "starts with a number" in scene.error and scene.rendezvous is None


def test_a_code_nobody_holds_gets_a_sentence(app: App, wormhole_servers: LocalServers) -> None:
    _use(app, wormhole_servers)
    app.stack.push(TitleScene(app))
    scene = AcceptScene(app, wait=1.0)
    app.stack.push(scene)
    step(app)
    assert scene.entry is not None
    scene.entry.set_text("4242-nobody-waits")
    scene.accept()
    assert run_until(app, lambda: bool(scene.error), WAIT)
    assert "Ask for a new code" in scene.error


def test_an_unreachable_invite_server_is_said_with_what_to_try(app: App, monkeypatch) -> None:
    app.prefs.invite_mailbox = f"ws://127.0.0.1:{free_port()}/v1"
    app.prefs.invite_relay = "tcp:127.0.0.1:9"
    app.stack.push(TitleScene(app))
    scene = InviteScene(app, addresses=[])
    app.stack.push(scene)
    assert run_until(app, lambda: bool(scene.error), 30.0)
    assert "cannot be reached" in scene.error and "Options" in scene.error
    meetings: list[Rendezvous] = []
    monkeypatch.setattr(Rendezvous, "start", lambda self: meetings.append(self) or self)
    _press(app, scene, "#again")  # a new meeting at once (it would fail the same way here)
    assert len(meetings) == 1 and not scene.error and "Asking" in scene.note


def test_host_and_join_open_the_invite_screens(app: App, monkeypatch) -> None:
    monkeypatch.setattr("game.scenes.invite.lan_addresses", list)
    app.prefs.host_port = 0
    app.prefs.invite_mailbox = f"ws://127.0.0.1:{free_port()}/v1"
    app.stack.push(TitleScene(app))
    host = HostScene(app)
    app.stack.push(host)
    step(app)
    click(app, host.buttons["invite"].rect.center)
    step(app)
    assert isinstance(app.stack.top, InviteScene)
    app.stack.pop()
    join = JoinScene(app)
    app.stack.push(join)
    step(app)
    click(app, join.buttons["invite"].rect.center)
    step(app)
    assert isinstance(app.stack.top, AcceptScene)


def test_the_invite_server_and_relay_are_set_in_options_network(app: App) -> None:
    app.stack.push(TitleScene(app))
    scene = OptionsScene(app)
    app.stack.push(scene)
    step(app)
    click(app, next(t for t in scene.tabs if t.label == "Network").rect.center)
    field = next(row.control for row in scene.rows if row.item.key == "invite_mailbox")
    click(app, field.rect.center)
    press(app, pygame.K_a, mod=pygame.KMOD_LCTRL)
    type_text(app, "ws://club.example:4000/v1")
    assert app.prefs.invite_mailbox == "ws://club.example:4000/v1"
    assert any(row.item.key == "invite_relay" for row in scene.rows)


@pytest.mark.parametrize("role", [Role.HOST, Role.GUEST])
def test_resume_of_a_saved_invite_game_reconnects_through_its_link(app: App, role: Role) -> None:
    link = Link(role, bytes(32), ("127.0.0.1:9",), ())
    saved = {"role": role.value, "peer": "Ann", "connection": {"link": link.to_json()}}
    write_json_atomic(save_path(role), saved)
    app.prefs.host_port = 0
    app.stack.push(TitleScene(app))
    app.stack.push(
        HostScene(app, resume=True) if role is Role.HOST else JoinScene(app, resume=True)
    )
    step(app)
    scene = app.stack.top
    assert isinstance(scene, InviteScene if role is Role.HOST else AcceptScene)
    assert scene.saved == saved and scene.rendezvous is None  # no mailbox, no new code
    # this hand-made file holds no game: refused with a sentence, and Try again is offered
    assert scene.error == "The saved game cannot be resumed: This is not a saved network game."
    if role is Role.HOST:
        _press(app, scene, "#again")
        assert scene.error.startswith("The saved game cannot be resumed")
