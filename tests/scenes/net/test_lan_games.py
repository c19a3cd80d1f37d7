"""Games on the same network in the Host and Join screens, with a discovery that has no network
(tests/helpers/lan.py): the Join screen lists what is found and follows it live, choosing a game
fills in its address and still asks for the code; the Host screen advertises while it waits,
says so, and withdraws when the guest arrives or the host leaves; a table of three or four is
listed with its free seats until the last is taken, and a guest choosing it from the list takes
its next free seat. Without a discovery (every
other test, every headless run) neither screen touches zeroconf."""

from __future__ import annotations

import socket
import subprocess
import sys

import pygame
import pytest

from game.app import App
from game.netplay import Role
from game.scenes.net.agreement import AgreementScene
from game.scenes.net.host import ADVERTISED, HostScene
from game.scenes.net.join import MAX_LISTED, JoinScene, game_detail
from game.scenes.title import TitleScene
from tests.helpers.lan import OfflineDiscovery, lan_game
from tests.helpers.net_screens import HeadlessPeer, HeadlessTable, open_host_screen, run_until
from tests.helpers.paths import ROOT
from tests.helpers.ui_events import click, press, step, type_text


def centre(rect: pygame.Rect) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))


def open_join(app: App, lan: OfflineDiscovery) -> JoinScene:
    app.lan = lan
    app.stack.push(TitleScene(app))
    scene = JoinScene(app)
    app.stack.push(scene)
    step(app)
    return scene


def shown_rows(scene: JoinScene) -> list[str]:
    return [row.label for row in scene.rows if row.visible]


def test_the_join_screen_lists_games_as_they_are_found(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    assert lan.browsers == 1 and shown_rows(scene) == []
    lan.listed.show(lan_game("Bob", address="192.168.1.7"))
    lan.listed.show(lan_game("Alice"))
    step(app)
    assert shown_rows(scene) == ["Alice", "Bob"]
    assert all(row.enabled for row in scene.rows if row.visible)


def test_a_game_whose_seat_is_taken_stays_listed_but_cannot_be_chosen(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    alice = lan_game("Alice")
    lan.listed.show(alice)
    step(app)
    lan.listed.show(lan_game("Alice", free_seats=0))
    step(app)
    assert shown_rows(scene) == ["Alice"] and not scene.rows[0].enabled


def test_a_game_that_goes_leaves_the_list(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    alice, bob = lan_game("Alice"), lan_game("Bob")
    lan.listed.show(alice)
    lan.listed.show(bob)
    step(app)
    lan.listed.drop(alice)
    step(app)
    assert shown_rows(scene) == ["Bob"]


def test_joinable_games_come_first_and_the_rest_are_counted(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    lan.listed.show(lan_game("Aaron", protocol=(9, 9)))
    for index in range(MAX_LISTED + 1):
        lan.listed.show(lan_game(f"Player {index}", port=50000 + index))
    step(app)
    assert shown_rows(scene) == [f"Player {i}" for i in range(MAX_LISTED)]


def test_choosing_a_game_fills_its_address_and_asks_for_the_code(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    lan.listed.show(lan_game("Alice", address="192.168.1.23", port=50411))
    step(app)
    click(app, centre(scene.rows[0].rect))
    assert scene.address is not None and scene.address.text == "192.168.1.23:50411"
    assert app.stack.top is scene and scene.group.focused is scene.code_input
    assert "join code shown on Alice's screen" in scene.note
    assert scene.rows[0].selected
    click(app, centre(scene.buttons["connect"].rect))  # no code typed: nothing is dialled
    assert scene.net is None and scene.error


def test_a_long_name_is_set_smaller_and_only_a_longer_one_cut_to_fit_its_row(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    lan.listed.show(lan_game("W" * 20))
    lan.listed.show(lan_game("W" * 32, address="192.168.1.9"))
    step(app)
    cut, whole = sorted(shown_rows(scene), key=lambda label: not label.endswith("\u2026"))
    assert whole == "W" * 20  # the button sets it smaller
    assert cut.endswith("\u2026") and len(cut) < 32
    row = scene.rows[0]
    assert app.theme.font(row.smallest_text_size, "bold").size(cut)[0] <= row.rect.width


def test_the_list_stops_when_the_join_screen_closes(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    click(app, centre(scene.buttons["cancel"].rect))
    assert isinstance(app.stack.top, TitleScene) and lan.listed.stopped


def test_the_list_is_drawn_beside_the_address(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    before = app.screen.copy()
    lan.listed.show(lan_game("Alice"))
    step(app)
    row = scene.rows[0].rect
    assert scene.address is not None and row.left > scene.address.rect.right
    assert row.bottom < scene.buttons["connect"].rect.top
    now = pygame.image.tobytes(app.screen.subsurface(row), "RGB")
    assert now != pygame.image.tobytes(before.subsurface(row), "RGB")


def open_host(app: App, monkeypatch, lan: OfflineDiscovery) -> HostScene:
    monkeypatch.setattr("game.scenes.net.host.lan_addresses", lambda: ["192.168.1.5"])
    app.lan = lan
    return open_host_screen(app)


def test_the_host_advertises_its_game_while_waiting_and_says_so(app: App, monkeypatch) -> None:
    app.prefs.player_name = "Alice"
    lan = OfflineDiscovery()
    scene = open_host(app, monkeypatch, lan)
    [advertiser] = lan.advertisers
    ad = advertiser.advertisement
    assert (ad.name, ad.rules, ad.port, ad.seat_free) == (
        "Alice",
        "classic",
        scene.listening_port,
        True,
    )
    assert scene.advertiser is advertiser and not advertiser.stopped
    assert ADVERTISED.startswith("Players on your network can see this game")


def test_listening_on_another_port_advertises_that_port(app: App, monkeypatch) -> None:
    lan = OfflineDiscovery()
    scene = open_host(app, monkeypatch, lan)
    assert scene.port_input is not None
    with socket.socket() as probe:
        probe.bind(("", 0))
        free = probe.getsockname()[1]
    scene.port_input.set_text(str(free))
    click(app, centre(scene.buttons["listen"].rect))
    first, second = lan.advertisers
    assert first.stopped and not second.stopped
    assert second.advertisement.port == scene.listening_port == free


def test_the_advertisement_goes_when_the_guest_takes_the_seat(app: App, monkeypatch) -> None:
    lan = OfflineDiscovery()
    scene = open_host(app, monkeypatch, lan)
    [advertiser] = lan.advertisers
    guest = HeadlessPeer(Role.GUEST, address=f"127.0.0.1:{scene.listening_port}", code=scene.code)
    try:
        assert run_until(app, lambda: advertiser.stopped)
        assert advertiser.seat_changes == [0]
    finally:
        guest.stop()


def test_the_advertisement_goes_when_the_host_cancels(app: App, monkeypatch) -> None:
    lan = OfflineDiscovery()
    scene = open_host(app, monkeypatch, lan)
    click(app, centre(scene.buttons["cancel"].rect))
    assert lan.advertisers[0].stopped and scene.advertiser is None


def test_an_advertising_failure_is_said_with_what_to_do(app: App, monkeypatch) -> None:
    lan = OfflineDiscovery(problem="The game could not be shown on this network (no route).")
    scene = open_host(app, monkeypatch, lan)
    assert scene.advertiser is not None and "no route" in scene.advertiser.problem
    step(app)  # drawn without trouble


def test_a_table_is_listed_with_its_size_and_free_seats(app: App) -> None:
    lan = OfflineDiscovery()
    scene = open_join(app, lan)
    ann = lan_game("Ann", rules="modern_american", players=4, free_seats=2)
    lan.listed.show(ann)
    step(app)
    assert shown_rows(scene) == ["Ann"] and scene.rows[0].enabled
    assert game_detail(scene.listed[0]) == "Modern American \u00b7 table of 4 \u00b7 2 seats free"
    lan.listed.show(lan_game("Ann", rules="modern_american", players=4, free_seats=1))
    step(app)
    assert game_detail(scene.listed[0]).endswith("table of 4 \u00b7 1 seat free")
    lan.listed.show(lan_game("Ann", players=4, free_seats=0))
    step(app)
    assert not scene.rows[0].enabled and game_detail(scene.listed[0]).endswith("playing already")


@pytest.mark.slow
def test_a_guest_choosing_a_table_from_the_list_takes_its_next_free_seat(app: App) -> None:
    host = HeadlessTable(3, {1: "carefree", 2: None}, name="Ann")
    try:
        lan = OfflineDiscovery()
        scene = open_join(app, lan)
        port = int(host.address.rsplit(":", 1)[1])
        lan.listed.show(lan_game("Ann", address="127.0.0.1", port=port, players=3))
        step(app)
        click(app, centre(scene.rows[0].rect))
        assert scene.group.focused is scene.code_input
        type_text(app, host.code)
        press(app, pygame.K_RETURN)
        assert run_until(app, lambda: isinstance(app.stack.top, AgreementScene), seconds=30)
        assert run_until(app, lambda: host.table.peer.joined == {2})
    finally:
        host.stop()


def open_table_host(app: App, monkeypatch, lan: OfflineDiscovery, players: int) -> HostScene:
    scene = open_host(app, monkeypatch, lan)
    for _ in range(players - 2):
        click(app, centre(scene.buttons["players"].rect))
    assert scene.players == players and scene.table is not None
    return scene


def table_guest(scene: HostScene, name: str, **options: object) -> HeadlessPeer:
    return HeadlessPeer(
        Role.GUEST,
        address=f"127.0.0.1:{scene.listening_port}",
        code=scene.code,
        name=name,
        max_players=4,
        **options,  # type: ignore[arg-type]
    )


@pytest.mark.slow
def test_a_table_is_listed_until_its_last_guest_seat_is_taken(app: App, monkeypatch) -> None:
    app.prefs.player_name = "Ann"
    lan = OfflineDiscovery()
    scene = open_table_host(app, monkeypatch, lan, 3)
    two_seats, listing = lan.advertisers
    assert two_seats.stopped and not listing.stopped  # the two-seat game's listing went
    ad = listing.advertisement
    assert (ad.name, ad.players, ad.free_seats, ad.port) == ("Ann", 3, 2, scene.listening_port)
    guests = [table_guest(scene, "Bo")]
    try:
        guests[0].paused.set()  # reading the rules
        assert run_until(app, lambda: listing.seat_changes == [1])
        assert not listing.stopped
        guests.append(table_guest(scene, "Cy"))
        guests[1].paused.set()
        assert run_until(app, lambda: listing.stopped)
        assert listing.seat_changes == [1, 0] and len(lan.advertisers) == 2
    finally:
        for guest in guests:
            guest.stop()


@pytest.mark.slow
def test_a_seat_freed_before_the_game_lists_the_table_again(app: App, monkeypatch) -> None:
    lan = OfflineDiscovery()
    scene = open_table_host(app, monkeypatch, lan, 3)
    click(app, centre(scene.buttons["seat1"].rect))  # West: the computer; one guest seat
    listing = lan.advertisers[-1]
    assert listing.advertisement.free_seats == 1
    no = table_guest(scene, "Bo", answer=lambda negotiation: "decline")
    try:
        assert run_until(app, lambda: listing.stopped)  # the only seat is taken
        assert run_until(app, lambda: len(lan.advertisers) == 4)  # and freed again
        again = lan.advertisers[-1]
        assert again.advertisement.free_seats == 1 and not again.stopped
        assert scene.advertiser is not None and not scene.advertiser.problem
    finally:
        no.stop()
    click(app, centre(scene.buttons["cancel"].rect))
    assert lan.advertisers[-1].stopped


@pytest.mark.slow
def test_screens_under_test_never_start_zeroconf() -> None:
    code = """
import os, sys, tempfile
folder = tempfile.mkdtemp()
os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                  CANASTA_CONFIG_DIR=folder + "/c", CANASTA_DATA_DIR=folder + "/d")
from game.app import App
from game.scenes.net.host import HostScene
from game.scenes.net.join import JoinScene
from game.scenes.title import TitleScene
app = App(size=(1280, 720))
app.prefs.host_port = 0
app.stack.push(TitleScene(app))
for scene in (JoinScene(app), HostScene(app)):
    app.stack.push(scene)
    app.run_frames(3, 1 / 60)
    assert getattr(scene, "browser", None) is None and getattr(scene, "advertiser", None) is None
    app.stack.pop()
app.close()
print("zeroconf" in sys.modules)
"""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        check=True,
    )
    assert done.stdout.strip().splitlines()[-1] == "False"
