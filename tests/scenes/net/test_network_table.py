"""A network game on screen: the app against a headless peer (the computer playing the other seat)
over loopback TCP. Connecting, agreeing the rules, playing moves both ways, chat, the connection
status, a refused move and AutoPilot."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.logic.actions import Discard
from game.logic.cards import CARD_CODE
from game.logic.phases import DRAW, PLAY
from game.logic.rules import Rules
from game.match import ME, saved_game
from game.match.net_connection import how_to_resume
from game.netplay import Role
from game.netplay.tools.proxy import FaultProxy
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.join import JoinScene
from game.scenes.net.table import NetTableScene
from game.scenes.title import TitleScene
from tests.helpers.net_screens import HeadlessPeer, open_host_screen, run_until
from tests.helpers.table import centre
from tests.helpers.ui_events import click, press, step, type_text

# real sockets on loopback (or a network namespace of the test's own)
pytestmark = pytest.mark.net


def join(app: App, address: str, code: str) -> JoinScene:
    """Type the address, Enter, the code as a person might (small letters, a space), Enter."""
    app.prefs.animation_speed = "off"
    app.stack.push(TitleScene(app))
    scene = JoinScene(app)
    app.stack.push(scene)
    step(app)
    scene.address.set_text("")
    type_text(app, address)
    press(app, pygame.K_RETURN)
    type_text(app, code.lower().replace("-", " "))
    press(app, pygame.K_RETURN)
    return scene


def my_turn(table: NetTableScene) -> bool:
    state = table.state
    return (
        state.to_move == ME
        and state.phase == DRAW
        and not table.match.changes
        and not table.animator.busy
    )


def join_table(
    app: App, peers: list[HeadlessPeer], **host_options
) -> tuple[NetTableScene, HeadlessPeer]:
    host = HeadlessPeer(Role.HOST, **host_options)
    peers.append(host)
    join(app, host.address, host.code)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    return app.stack.top, host


def test_guest_sees_differing_rules_accepts_them_and_plays_moves_both_ways(app: App, peers) -> None:
    host = HeadlessPeer(Role.HOST, rules=Rules.modern_american())
    peers.append(host)
    join(app, host.address, host.code)
    assert run_until(
        app, lambda: isinstance(app.stack.top, AgreementScene) and bool(app.stack.top.rows)
    )
    agreement = app.stack.top
    labels = [row[0] for row in agreement.rows]
    assert "Cards dealt to each player" in labels  # 13 in Modern American, 15 in Classic
    click(app, centre(agreement.buttons["accept"].rect))
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    table = app.stack.top
    assert table.state.rules.hand_size == 13
    assert run_until(app, lambda: my_turn(table))
    hand_before = len(table.state.hand(ME))
    click(app, centre(table.geometry.stock_rect))  # draw: the host applies it and answers
    assert run_until(app, lambda: table.state.phase == PLAY, 10)
    hand = table.state.hand(ME)
    assert len(hand) >= hand_before + 1
    # Any card Modern rules let go now (not a wild card, nor an Ace or Seven onto an empty pile).
    card = next(c for c in hand if table.match.check(Discard(CARD_CODE[c])) is None)
    table.act(Discard(CARD_CODE[card]))
    # The host's computer answers with a turn of its own, animated on this table.
    assert run_until(
        app, lambda: my_turn(table) and any(line.startswith("Robot") for line in table.plays)
    )
    assert table.state.turn_no >= 3
    assert table.state.hand(1)  # the opponent's hand is there, face down


def test_host_app_plays_a_guest_that_joined_while_the_host_waited(
    app: App, peers, monkeypatch
) -> None:
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    port, code = scene.net.endpoint.port, scene.code
    guest = HeadlessPeer(Role.GUEST, address=f"127.0.0.1:{port}", code=code)
    peers.append(guest)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    table = app.stack.top
    click(app, centre(table.buttons["autoplay"].rect))  # AutoPilot plays the host's turns
    assert table.match.autoplay
    assert run_until(app, lambda: table.state.turn_no >= 5, 30)
    assert any(line.startswith(table.names[0]) for line in table.plays)
    assert any(line.startswith("Robot") for line in table.plays)
    # saved after every move, with what a later Resume needs to find the guest again
    saved = saved_game(Role.HOST)
    assert saved is not None and saved["peer"] == "Robot"
    assert saved["connection"]["code"] == code
    assert saved["connection"]["port"] == port
    assert how_to_resume(saved) == (
        f"You hosted this game against Robot on port {port}; they join again with the code {code}."
    )


def test_host_and_guest_of_the_same_name_are_told_apart_and_each_sends_its_own(
    app: App, peers
) -> None:
    app.prefs.animation_speed = "off"
    app.prefs.player_name = "Player"  # the default profile name on both computers
    scene = open_host_screen(app)
    port = scene.net.endpoint.port
    guest = HeadlessPeer(
        Role.GUEST, address=f"127.0.0.1:{port}", code=scene.code, name="Player\u202e"
    )
    peers.append(guest)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    table = app.stack.top
    assert guest.peer.peer_name == "Player"  # the host sent its profile name
    assert table.match.opponent_name == "Player (guest)"  # cleaned, and not the host's own
    assert table.names == ("You", "Player (guest)")  # the table and the scoresheet
    guest.say("hello")
    assert run_until(app, lambda: bool(table.net_match.net.peer.chat.log.lines), 10)
    assert table.net_match.net.peer.chat.log.lines[-1].name == "Player (guest)"


def test_chat_lines_arrive_bump_the_unread_count_and_can_be_answered(app: App, peers) -> None:
    table, host = join_table(app, peers)
    host.say("Good luck!")
    assert run_until(app, lambda: table.net_match.net.peer.chat.log.unread == 1, 10)
    step(app)
    assert table.buttons["earlier"].label == "Chat (1)"
    click(app, centre(table.buttons["earlier"].rect))
    assert table.chat.visible and table.net_match.net.peer.chat.log.unread == 0
    type_text(app, "Thanks, you too")
    press(app, pygame.K_RETURN)
    assert table.chat.input.text == ""
    assert run_until(
        app, lambda: any(getattr(n, "text", "") == "Thanks, you too" for n in host.notices), 10
    )
    press(app, pygame.K_ESCAPE)
    assert not table.chat.visible


@pytest.mark.slow
def test_status_bar_says_interrupted_when_the_link_is_cut_and_recovers(app: App, peers) -> None:
    host = HeadlessPeer(Role.HOST, give_up=30.0)
    peers.append(host)
    with FaultProxy(("127.0.0.1", host.endpoint.port)) as proxy:
        join(app, proxy.address, host.code)
        assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
        table = app.stack.top
        proxy.black_hole = True  # nothing gets through, as when a cable is pulled
        assert run_until(app, lambda: table.net_match.net.status == "interrupted", 15)
        step(app)
        assert "Robot's connection interrupted, waiting" in table.model.message
        assert table.model.level_text.startswith("Interrupted")
        proxy.black_hole = False
        proxy.kill_all()  # the dead connection goes; the guest redials and the session resumes
        assert run_until(app, lambda: table.net_match.net.status == "connected", 20)
        step(app)
        assert "back" in table.model.message
        assert table.model.level_text.startswith("Online")


def test_a_move_the_host_refuses_shows_its_sentence_and_changes_nothing(app: App, peers) -> None:
    table, _host = join_table(app, peers)
    assert run_until(app, lambda: my_turn(table))
    before = table.state.view
    card = table.state.hand(ME)[0]
    table.act(Discard(CARD_CODE[card]))  # discarding before drawing: the host's engine says no
    assert run_until(app, lambda: table.message_error, 10)
    assert "draw" in table.message.lower()
    assert table.state.view == before
    assert not table.match.changes


def test_a_guest_arriving_during_a_solo_game_is_offered_and_the_network_game_starts(
    app: App, peers
) -> None:
    from game.scenes.dialog import DialogScene
    from game.scenes.table.table import TableScene

    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    click(app, centre(scene.buttons["solo"].rect))
    assert type(app.stack.top) is TableScene
    peers.append(
        HeadlessPeer(Role.GUEST, address=f"127.0.0.1:{scene.net.endpoint.port}", code=scene.code)
    )
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene))
    assert "Robot has joined" in app.stack.top.title
    press(app, pygame.K_RETURN)  # Start
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    assert not any(type(s) is TableScene for s in app.stack)


def test_a_player_who_leaves_mid_game_is_reported_and_the_game_is_saved(app: App, peers) -> None:
    from game.match.net_connection import save_path
    from game.scenes.dialog import DialogScene

    table, host = join_table(app, peers)
    host.paused.set()
    host.peer.leave("Robot had to go.")
    host.paused.clear()
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene), 10)
    dialog = app.stack.top
    assert "saved" in dialog.message and "Robot" in dialog.message
    assert [label for label, _ in dialog.button_specs] == ["Wait", "Save and quit"]
    assert save_path(Role.GUEST).is_file()
    assert "Disconnected" in table.model.level_text
    click(app, centre(dialog.buttons[1].rect))  # Save and quit
    assert isinstance(app.stack.top, TitleScene)
    assert save_path(Role.GUEST).is_file()


def host_whose_guest_left(
    app: App, peers, tmp_path, name: str = "Player"
) -> tuple[NetTableScene, HeadlessPeer]:
    """The app hosting a game whose guest (saving to tmp_path) leaves after a few turns."""
    app.prefs.animation_speed = "off"
    scene = open_host_screen(app)
    port = scene.net.endpoint.port
    guest = HeadlessPeer(
        Role.GUEST,
        address=f"127.0.0.1:{port}",
        code=scene.code,
        save_to=str(tmp_path / "guest.json"),
        name=name,
    )
    peers.append(guest)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene))
    table = app.stack.top
    click(app, centre(table.buttons["autoplay"].rect))
    assert run_until(app, lambda: table.state.turn_no >= 3, 30)
    click(app, centre(table.buttons["autoplay"].rect))  # AutoPilot off again
    guest.paused.set()
    guest.peer.leave("Robot had to go.")
    guest.paused.clear()
    assert run_until(app, lambda: type(app.stack.top).__name__ == "DialogScene", 10)
    return table, guest


def test_the_host_left_alone_can_finish_against_the_computer(app: App, peers, tmp_path) -> None:
    from game.match import LocalMatch
    from game.match.net_connection import save_path
    from game.scenes.table.table import TableScene

    table, _guest = host_whose_guest_left(app, peers, tmp_path)
    dialog = app.stack.top
    labels = [label for label, _ in dialog.button_specs]
    assert labels == ["Wait", "Save and quit", "Play the computer"]
    play = table.net_match.net.peer.play
    assert play.hand_no == 1 and not play.decks  # the first hand is in play
    click(app, centre(dialog.buttons[2].rect))
    top = app.stack.top
    assert type(top) is TableScene and isinstance(top.match, LocalMatch)
    now = top.match.game.game  # the hand in play dealt again: the host never saw the rest
    assert now.hand_no == 1 and not now.log and tuple(now.totals) == (0, 0)
    assert len(now.players[0].hand) == play.terms.rules.hand_size
    assert not save_path(Role.HOST).exists()  # the network game is given up


def test_the_partner_s_name_is_shown_as_they_wrote_it(app: App, peers, tmp_path) -> None:
    host_whose_guest_left(app, peers, tmp_path, name="anna")
    assert app.stack.top.title == "anna is gone"


def test_the_host_waits_with_a_countdown_and_the_guest_comes_back(
    app: App, peers, tmp_path
) -> None:
    from game.netplay.shell.savefile import read_json
    from game.scenes.net.partner_left import RejoinWait

    table, _guest = host_whose_guest_left(app, peers, tmp_path)
    port, code = int(table.net_match.net.address), table.net_match.net.join_code
    assert port > 0
    click(app, centre(app.stack.top.buttons[0].rect))  # Wait
    waiting = app.stack.top
    assert isinstance(waiting, RejoinWait)
    assert waiting.net.endpoint.port == port and waiting.net.join_code == code
    assert waiting.seconds_left == 120
    step(app)
    assert waiting.seconds_left <= 120
    saved = read_json(tmp_path / "guest.json")
    back = HeadlessPeer(
        Role.GUEST, address=f"127.0.0.1:{port}", code=code, resume=saved, name="Robot"
    )
    peers.append(back)
    assert run_until(app, lambda: isinstance(app.stack.top, NetTableScene), 20)
    assert app.stack.top.state.turn_no >= table.state.turn_no


def test_a_wait_that_runs_out_says_the_game_is_saved(
    app: App, peers, tmp_path, monkeypatch
) -> None:
    from game.scenes.dialog import DialogScene
    from game.scenes.net.partner_left import RejoinWait

    monkeypatch.setattr("game.scenes.net.partner_left.WAIT_SECONDS", 0.3)
    host_whose_guest_left(app, peers, tmp_path)
    click(app, centre(app.stack.top.buttons[0].rect))  # Wait
    assert isinstance(app.stack.top, RejoinWait)
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene), 5)
    assert "did not come back" in app.stack.top.title
    assert "saved" in app.stack.top.message


def test_disconnect_in_the_menu_tells_the_host_and_returns_to_the_title(app: App, peers) -> None:
    from game.netplay import Closed

    _table, host = join_table(app, peers)
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    index = [label for label, _ in menu.items].index("Disconnect")
    menu.choose(index)
    step(app)
    click(app, centre(app.stack.top.buttons[0].rect))  # "Disconnect" (Enter would keep playing)
    assert run_until(app, lambda: isinstance(app.stack.top, TitleScene), 5)
    assert run_until(
        app, lambda: any(isinstance(n, Closed) and n.by_peer for n in host.notices), 10
    )


def test_rules_agreement_names_the_preset_and_scrolls_through_every_difference(
    app: App, peers
) -> None:
    host = HeadlessPeer(Role.HOST, rules=Rules.modern_american())
    peers.append(host)
    join(app, host.address, host.code)
    assert run_until(
        app, lambda: isinstance(app.stack.top, AgreementScene) and bool(app.stack.top.rows)
    )
    agreement = app.stack.top
    step(app)
    assert agreement.preset == "Modern American"
    seen = list(agreement.visible)
    assert len(seen) < len(agreement.rows)  # more than fit: the list scrolls
    for _ in range(len(agreement.rows)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        step(app)
        seen += [row for row in agreement.visible if row not in seen]
    assert seen == agreement.rows
    press(app, pygame.K_PAGEUP)
    press(app, pygame.K_PAGEUP)
    assert agreement.visible[0] == agreement.rows[0]


def test_f6_draws_while_the_chat_line_has_the_focus_and_letters_still_type(app: App, peers) -> None:
    table, _host = join_table(app, peers)
    assert run_until(app, lambda: my_turn(table))
    press(app, pygame.K_RETURN)  # Enter opens the chat line, focused
    assert table.chat.visible and table.chat.group.focused is table.chat.input
    press(app, pygame.K_h, unicode="h")  # a letter types: no hint
    type_text(app, "h")
    assert table.chat.input.text == "h"
    assert not table.hints.waiting
    press(app, pygame.K_F6)
    assert run_until(app, lambda: table.state.phase == PLAY, 10)
    assert table.chat.visible and table.chat.input.text == "h"


def test_the_chat_placeholder_and_the_empty_log_s_hint_are_drawn_whole(app: App, peers) -> None:
    table, _host = join_table(app, peers)
    click(app, centre(table.buttons["earlier"].rect))
    field = table.chat.input
    inner_width = field.rect.width - 2 * app.theme.px(12)
    image = field.placeholder_image(inner_width)
    assert image.get_width() <= inner_width
    assert field.placeholder == "Type a message"
    font = app.theme.font(16)
    assert " ".join(table.chat.hint_lines) == "Messages appear here. Press Enter to send."
    assert all(font.size(line)[0] <= table.chat.log_rect.width for line in table.chat.hint_lines)


def test_a_silent_host_gives_the_guest_the_choice_dialog_not_a_dead_table(app: App, peers) -> None:
    from game.netplay import HostSilent
    from game.scenes.dialog import DialogScene

    table, host = join_table(app, peers)
    host.paused.set()  # the host stops answering; the guest's peer reports it as it would
    table.net_match.net.peer.save()
    table.net_match.net.peer._notices.append(
        HostSilent("a reveal", "Robot has not sent a reveal for 30 seconds: the game is saved.")
    )
    assert run_until(app, lambda: isinstance(app.stack.top, DialogScene), 5)
    dialog = app.stack.top
    assert "has not sent a reveal" in dialog.message and "saved" in dialog.message
    assert [label for label, _ in dialog.button_specs] == ["Wait", "Save and quit"]
    assert "Disconnected" in table.model.level_text
