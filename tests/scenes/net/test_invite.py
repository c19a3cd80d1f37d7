"""The invite screens against a local mailbox and relay: Host's "Invite over the internet" shows a
code with Copy and the guest who accepts it reaches the rules agreement; Join's "Accept an
invite" takes a typed code and reaches the agreement with a host that invited; a malformed code,
an unreachable invite server and a code nobody holds each get a sentence. The keyboard works as
on the other screens (Enter accepts, Tab moves the focus, Escape leaves), and both screens fit
their panel at every supported size, in both palettes."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game import APP_VERSION
from game.app import App
from game.audio import SoundManager
from game.match.net_connection import save_path
from game.netplay import PeerInfo, ReliableSession, Role
from game.netplay.shell.savefile import write_json_atomic
from game.netplay.shell.wormhole import (
    InviteCode,
    Link,
    Linked,
    Rendezvous,
    Servers,
    link_endpoint,
)
from game.netplay.tools.cli import session_config
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.host import HostScene
from game.scenes.net.invite import AcceptScene, InviteScene, friend_steps
from game.scenes.net.join import JoinScene
from game.scenes.options import OptionsScene
from game.scenes.title import TitleScene
from game.sprites.cards import CardImages
from game.ui import theme as th
from game.ui.clipboard import clipboard_get
from tests.helpers.net_screens import run_until
from tests.helpers.ui_events import click, press, step, type_text
from tests.helpers.wormhole_servers import LocalServers, free_port, local_servers

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net

WAIT = 20.0


@pytest.fixture
def wormhole_servers(tmp_path: Path) -> Iterator[LocalServers]:
    with local_servers(tmp_path / "servers") as servers:
        yield servers


def _use(app: App, servers: LocalServers) -> None:
    app.prefs.invite_mailbox = servers.mailbox
    app.prefs.invite_relay = servers.relay


def _press(app: App, scene: InviteScene | AcceptScene, name: str) -> None:
    """Click the screen's button called `name`."""
    assert name in scene.buttons, f"no button {name}"
    click(app, scene.buttons[name].rect.center)


def _other_side(role: Role, link_event: Linked) -> object:
    session = ReliableSession(
        role,
        PeerInfo("Robot", APP_VERSION),
        session_config(60.0),
        join_code=link_event.link.join_code,
    )
    return link_endpoint(session, link_event.link)


@pytest.mark.slow
def test_invite_shows_a_code_copies_it_and_the_friend_reaches_the_rules(
    app: App, wormhole_servers: LocalServers
) -> None:
    _use(app, wormhole_servers)
    app.stack.push(TitleScene(app))
    scene = InviteScene(app, addresses=["127.0.0.1"])
    app.stack.push(scene)
    assert run_until(app, lambda: bool(scene.code), WAIT), scene.error
    assert not scene.error and "Waiting for your friend" in scene.note
    _press(app, scene, "copy")
    assert scene.code in clipboard_get() and "Copied" in scene.note
    guest = Rendezvous(
        Role.GUEST, Servers(wormhole_servers.mailbox, wormhole_servers.relay), code=scene.code
    ).start()
    linked = guest.next_event(WAIT)
    _reach_the_rules(app, Role.GUEST, linked)


@pytest.mark.slow
def test_a_burnt_code_is_replaced_on_screen_with_copy_and_the_invite_goes_on(
    app: App, wormhole_servers: LocalServers
) -> None:
    _use(app, wormhole_servers)
    app.stack.push(TitleScene(app))
    scene = InviteScene(app, addresses=["127.0.0.1"])
    app.stack.push(scene)
    assert run_until(app, lambda: bool(scene.code), WAIT), scene.error
    where = Servers(wormhole_servers.mailbox, wormhole_servers.relay)
    for _ in range(4):  # a stranger burns each code with wrong words on its nameplate
        burnt = scene.code
        Rendezvous(Role.GUEST, where, code=f"{burnt.split('-')[0]}-wrong-words").start()
        assert run_until(app, lambda burnt=burnt: scene.code != burnt, WAIT), scene.error
        assert not scene.error and "used up" in scene.code_note
    _press(app, scene, "copy")
    assert scene.code in clipboard_get()
    guest = Rendezvous(Role.GUEST, where, code=scene.code).start()
    _reach_the_rules(app, Role.GUEST, guest.next_event(WAIT))


@pytest.mark.slow
def test_accept_takes_the_typed_code_and_reaches_the_rules(
    app: App, wormhole_servers: LocalServers
) -> None:
    _use(app, wormhole_servers)
    host = Rendezvous(
        Role.HOST, Servers(wormhole_servers.mailbox, wormhole_servers.relay), hints=()
    ).start()
    code = host.next_event(WAIT)
    assert isinstance(code, InviteCode)
    scene = _accept_screen(app)
    type_text(app, code.code.upper().replace("-", " "))
    _press(app, scene, "accept")
    assert scene.typed == code.code and not scene.error
    _reach_the_rules(app, Role.HOST, host.next_event(WAIT))


def _reach_the_rules(app: App, role: Role, linked: object) -> None:
    """The other side of the invite links as `role`: the screen goes on to the rules."""
    assert isinstance(linked, Linked)
    endpoint = _other_side(role, linked)
    try:
        assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), WAIT)
    finally:
        endpoint.stop()  # type: ignore[attr-defined]


@pytest.mark.slow
def test_a_code_nobody_holds_gets_a_sentence(app: App, wormhole_servers: LocalServers) -> None:
    _use(app, wormhole_servers)
    app.stack.push(TitleScene(app))
    scene = AcceptScene(app, wait=1.0)
    app.stack.push(scene)
    step(app)
    type_text(app, "4242-nobody-waits")
    _press(app, scene, "accept")
    assert run_until(app, lambda: bool(scene.error), WAIT)
    assert "Ask for a new code" in scene.error


@pytest.mark.slow
def test_an_unreachable_invite_server_is_said_with_what_to_try(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.prefs.invite_mailbox = f"ws://127.0.0.1:{free_port()}/v1"
    app.prefs.invite_relay = "tcp:127.0.0.1:9"
    app.stack.push(TitleScene(app))
    scene = InviteScene(app, addresses=[])
    app.stack.push(scene)
    assert run_until(app, lambda: bool(scene.error), 30.0)
    assert "cannot be reached" in scene.error and "Options" in scene.error
    meetings = _no_meetings(monkeypatch)
    _press(app, scene, "again")  # a new meeting at once (it would fail the same way here)
    assert len(meetings) == 1 and not scene.error and "Asking" in scene.note


def test_host_and_join_open_the_invite_screens(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("game.scenes.net.invite.lan_addresses", list)
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
        _press(app, scene, "again")
        assert scene.error.startswith("The saved game cannot be resumed")


def _no_meetings(monkeypatch: pytest.MonkeyPatch) -> list[Rendezvous]:
    """Meetings are made but never started: what the screen asked for, with no network."""
    meetings: list[Rendezvous] = []

    def start(self: Rendezvous) -> Rendezvous:
        meetings.append(self)
        return self

    monkeypatch.setattr(Rendezvous, "start", start)
    monkeypatch.setattr(Rendezvous, "poll_events", lambda self: [])
    return meetings


def _accept_screen(app: App) -> AcceptScene:
    app.stack.push(TitleScene(app))
    scene = AcceptScene(app)
    app.stack.push(scene)
    step(app)
    return scene


def _invite_screen(app: App, code: str = "7-crossover-clockwork") -> InviteScene:
    app.stack.push(TitleScene(app))
    scene = InviteScene(app, addresses=[])
    app.stack.push(scene)
    step(app)
    scene.on_meeting(InviteCode(code, f"Tell your friend the code {code}."))
    step(app)
    return scene


def test_enter_in_the_code_field_accepts(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    meetings = _no_meetings(monkeypatch)
    scene = _accept_screen(app)
    assert scene.field is not None and scene.group.focused is scene.field  # ready to type
    type_text(app, "7 Crossover Clockwork")
    assert scene.typed == "7 Crossover Clockwork"
    press(app, pygame.K_RETURN)
    assert len(meetings) == 1 and meetings[0].code == "7-crossover-clockwork"
    assert "Looking" in scene.note and not scene.buttons["accept"].enabled
    press(app, pygame.K_RETURN)
    assert len(meetings) == 1  # Enter again while looking starts no second meeting


def test_a_malformed_code_says_why_and_gives_the_field_back(app: App) -> None:
    scene = _accept_screen(app)
    type_text(app, "crossover-clockwork")
    press(app, pygame.K_TAB)
    press(app, pygame.K_SPACE)  # the focused Accept button
    step(app)
    assert "starts with a number" in scene.error and scene.rendezvous is None
    assert scene.group.focused is scene.field and scene.typed == "crossover-clockwork"


def test_tab_moves_from_the_field_to_accept_and_cancel_and_back(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    meetings = _no_meetings(monkeypatch)
    scene = _accept_screen(app)
    type_text(app, "7-crossover-clockwork")
    order = []
    for _ in range(3):
        press(app, pygame.K_TAB)
        order.append(scene.group.focused)
    assert order == [scene.buttons["accept"], scene.buttons["cancel"], scene.field]
    press(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    assert scene.group.focused is scene.buttons["cancel"]
    press(app, pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    press(app, pygame.K_RETURN)  # Enter on the focused Accept button
    assert len(meetings) == 1


def test_left_and_right_edit_in_the_field_instead_of_moving_the_focus(app: App) -> None:
    scene = _accept_screen(app)
    type_text(app, "7-crossover-clockwork")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RIGHT)
    assert scene.group.focused is scene.field
    press(app, pygame.K_BACKSPACE)
    step(app)
    assert scene.typed == "7-crossover-clockwor"


def test_typing_with_a_button_focused_goes_to_the_code(app: App) -> None:
    scene = _accept_screen(app)
    press(app, pygame.K_TAB)
    focused: object = scene.group.focused
    assert focused is scene.buttons["accept"]
    type_text(app, "7")
    focused = scene.group.focused
    assert focused is scene.field and scene.typed == "7"


def test_a_click_in_the_field_gives_it_the_focus(app: App) -> None:
    scene = _accept_screen(app)
    press(app, pygame.K_TAB)
    assert scene.group.focused is not scene.field
    assert scene.field is not None
    click(app, scene.field.rect.center)
    assert scene.group.focused is scene.field and scene.field.entry.is_focused


@pytest.mark.parametrize("screen", ["invite", "accept"])
def test_escape_leaves_either_screen(
    app: App, monkeypatch: pytest.MonkeyPatch, screen: str
) -> None:
    _no_meetings(monkeypatch)
    scene = _invite_screen(app) if screen == "invite" else _accept_screen(app)
    press(app, pygame.K_ESCAPE)
    assert scene not in app.stack and isinstance(app.stack.top, TitleScene)


def test_the_invite_code_is_copied_with_the_keyboard(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    _no_meetings(monkeypatch)
    scene = _invite_screen(app, "12-stethoscope-typewriter")
    assert scene.group.focused is scene.buttons["copy"]
    press(app, pygame.K_RETURN)
    assert "12-stethoscope-typewriter" in clipboard_get() and "Copied" in scene.note
    assert any("12-stethoscope-typewriter" in line for line in friend_steps(scene.code))


def test_the_code_field_is_as_large_as_the_join_screens(app: App) -> None:
    scene = _accept_screen(app)
    assert scene.field is not None and scene.field.entry.font is not None
    big = app.theme.font(26).get_height()  # the Join screen's code field
    assert scene.field.rect.height >= big and scene.field.entry.font.get_point_size() >= big * 0.8


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("high_contrast", [False, True])
def test_both_screens_fit_their_panel_at_every_size(
    user_dirs: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    high_contrast: bool,
) -> None:
    _no_meetings(monkeypatch)
    big = App(size=size, sounds=SoundManager(tmp_path / "s"), cards=CardImages(tmp_path / "c"))
    try:
        big.prefs.high_contrast = high_contrast
        big.preferences_changed()
        for scene in (_invite_screen(big, "12-stethoscope-typewriter"), _accept_screen(big)):
            panel = scene.panel
            assert big.screen.get_rect().contains(panel)
            assert scene.blocks and all(panel.contains(b.rect) for b in scene.blocks)
            status = pygame.Rect(panel.left, scene.status_y, panel.width, scene.status_height())
            lowest = max(b.rect.bottom for b in scene.blocks)
            for name, button in scene.buttons.items():
                assert panel.contains(button.rect), name
                if name != "copy":
                    assert button.rect.top > lowest and not button.rect.colliderect(status), name
            assert not any(status.colliderect(b.rect) for b in scene.blocks)
            if isinstance(scene, AcceptScene):
                assert scene.field is not None and panel.contains(scene.field.rect)
                assert scene.field.rect.bottom <= status.top
            for block in scene.blocks:
                text_bottom = block.rect.top + big.theme.px(40) + block.height
                assert text_bottom <= block.rect.bottom
            big.stack.pop()
            big.stack.pop()
    finally:
        big.close()


def test_the_screens_draw_in_high_contrast(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    _no_meetings(monkeypatch)
    app.prefs.high_contrast = True
    app.preferences_changed()
    scene = _accept_screen(app)
    assert scene.field is not None
    border = scene.field.manager.get_theme().get_colour_or_gradient("normal_border", ["#code"])
    assert isinstance(border, pygame.Color)
    assert tuple(border)[:3] == th.GOLD[:3] == (255, 221, 0)  # the high-contrast rule
    app.stack.pop()
    invite = _invite_screen(app)
    image = invite.code_image()
    pixels = {image.get_at((x, image.get_height() // 2))[:3] for x in range(image.get_width())}
    assert th.GOLD_LIGHT[:3] in pixels  # the code in the high-contrast yellow


def test_a_short_error_does_not_move_the_panel(app: App) -> None:
    scene = _accept_screen(app)
    before = scene.panel.copy()
    type_text(app, "crossover")
    press(app, pygame.K_RETURN)
    step(app)
    assert scene.error and scene.panel == before
