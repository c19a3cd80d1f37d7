"""Games on the same network, without the network: what a host's TXT record says, how a record
read from the network is cleaned or refused, and that nothing starts DNS-SD unless asked (the
solo game does not even import zeroconf); a table's record, which older copies do not list, and
its listing kept to its free seats. The real advertising and browsing are tested inside a
private network namespace (test_discovery_namespace.py)."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from game.main import build_parser, lan_discovery
from game.netplay.shell.discovery import (
    MAX_INSTANCE_BYTES,
    Advertisement,
    GameList,
    LanDiscovery,
    LanGame,
    LanGameChanged,
    LanGameFound,
    LanGameLost,
    TableListing,
    instance_name,
    read_game,
)
from game.netplay.wire.session_messages import PROTOCOL_MAX
from tests.helpers.lan import OfflineDiscovery
from tests.helpers.paths import ROOT

GOOD = {
    b"txtvers": b"1",
    b"name": b"Alice",
    b"rules": b"classic",
    b"seat": b"free",
    b"proto": str(PROTOCOL_MAX).encode(),
    b"app": b"1.0",
}
CLI = [sys.executable, "-m", "game.netplay.tools.cli"]
KEY = "Alice - Canasta 1a2b._canasta._tcp.local."


def txt(**changes: bytes | None) -> dict[bytes, bytes | None]:
    record = dict(GOOD)
    for key, value in changes.items():
        if value is None:
            record.pop(key.encode(), None)
        else:
            record[key.encode()] = value
    return record


def encoded(advertisement: Advertisement) -> dict[bytes, bytes | None]:
    return {k.encode(): v.encode() for k, v in advertisement.txt().items()}


def test_a_hosts_record_reads_back_as_the_game_it_advertises() -> None:
    ad = Advertisement(name="Alice", rules="modern_american", port=50410, app_version="1.0")
    game = read_game(KEY, encoded(ad), ["192.168.1.5"], 50410)
    assert game == LanGame(
        key=KEY,
        name="Alice",
        rules="modern_american",
        free_seats=1,
        protocol=(PROTOCOL_MAX, PROTOCOL_MAX),
        app_version="1.0",
        address="192.168.1.5",
        port=50410,
    )
    assert game.endpoint == "192.168.1.5:50410"
    assert game.rules_words == "Modern American"
    assert game.joinable


def test_a_taken_seat_is_advertised_and_read_as_taken() -> None:
    ad = Advertisement(name="Alice", rules="classic", port=1, app_version="1.0", free_seats=0)
    assert ad.txt()["seat"] == "taken"
    game = read_game(KEY, encoded(ad), ["10.0.0.2"], 50410)
    assert game is not None and not game.seat_free and not game.joinable


def test_the_advertised_name_is_cleaned_and_bounded() -> None:
    ad = Advertisement(name="Al\u202eice\n" + "x" * 80, rules="classic", port=1, app_version="1")
    name = ad.txt()["name"]
    assert name.startswith("Alice x") and len(name) == 32
    assert all(len(value.encode()) < 256 for value in ad.txt().values())


def test_a_name_read_from_the_network_is_cleaned_and_bounded() -> None:
    dirty = "Eve\u202egnp.exe\r\n\t\u2066x\u200b".encode() + b"y" * 100
    game = read_game(KEY, txt(name=dirty), ["10.0.0.2"], 50410)
    assert game is not None
    assert game.name.startswith("Evegnp.exe xy") and len(game.name) == 32


@pytest.mark.parametrize(
    "changes",
    [
        {"name": None},
        {"name": b"\xff\xfeAlice"},
        {"name": "\u200b\u202e".encode()},
        {"seat": b"maybe"},
        {"seat": None},
        {"proto": b"three"},
        {"proto": b"4-3"},
        {"proto": b"99999"},
        {"rules": b"Classic Rules!"},
        {"rules": b"x" * 40},
        {"txtvers": b"2"},
        {"txtvers": None},
    ],
)
def test_a_malformed_record_is_ignored(changes: dict[str, bytes | None]) -> None:
    assert read_game(KEY, txt(**changes), ["10.0.0.2"], 50410) is None


FORMAT_1_KEYS = {"txtvers", "name", "rules", "seat", "proto", "app"}
TABLE = {b"txtvers": b"2", b"players": b"4", b"free": b"2"}


def test_a_two_seat_game_keeps_the_record_every_version_reads() -> None:
    record = Advertisement(name="Alice", rules="classic", port=1, app_version="1.0").txt()
    assert set(record) == FORMAT_1_KEYS and record["txtvers"] == "1"


def test_a_table_is_advertised_in_format_2_with_its_players_and_free_seats() -> None:
    """Older copies list records of format 1 only: none takes a table for a two-seat game."""
    ad = Advertisement("Ann", "modern_american", 50410, "1.0", free_seats=2, players=4)
    record = ad.txt()
    assert (record["txtvers"], record["players"], record["free"]) == ("2", "4", "2")
    assert set(record) == FORMAT_1_KEYS | {"players", "free"}
    game = read_game(KEY, encoded(ad), ["192.168.1.5"], 50410)
    assert game is not None and (game.players, game.free_seats) == (4, 2)
    assert game.seat_free and game.joinable


@pytest.mark.parametrize(
    "changes",
    [
        {"free": b"4"},  # more free seats than a table of four has guests
        {"free": b"3", "players": b"3"},
        {"free": b"-1"},
        {"free": b"02"},
        {"free": "\u0662".encode()},  # a digit, but not one of ours
        {"free": None},
        {"players": b"2"},
        {"players": b"5"},
        {"players": None},
        {"free": b"0"},  # none free, yet the seat says free
        {"seat": b"taken"},  # taken, yet two free
    ],
)
def test_a_lying_or_malformed_table_record_is_ignored(changes: dict[str, bytes | None]) -> None:
    record = {k.decode(): v for k, v in TABLE.items()} | changes
    assert read_game(KEY, txt(**record), ["10.0.0.2"], 50410) is None


def test_a_full_table_reads_as_playing_already() -> None:
    record = {"txtvers": b"2", "players": b"3", "free": b"0", "seat": b"taken"}
    game = read_game(KEY, txt(**record), ["10.0.0.2"], 50410)
    assert game is not None and game.players == 3 and not game.joinable


def test_a_table_is_listed_while_a_seat_is_free_and_again_when_one_frees() -> None:
    lan = OfflineDiscovery()
    listing = TableListing(lan, Advertisement("Ann", "classic", 1, "1.0", 2, players=4))
    [first] = lan.advertisers
    assert first.advertisement.free_seats == 2 and listing.listed
    listing.set_free_seats(1)
    listing.set_free_seats(0)
    assert first.seat_changes == [1, 0] and first.stopped and not listing.listed
    listing.set_free_seats(1)  # a guest left before the game
    second = lan.advertisers[-1]
    assert second is not first and second.advertisement.free_seats == 1
    listing.stop()
    assert second.stopped
    listing.set_free_seats(2)
    assert len(lan.advertisers) == 2  # nothing after the host has stopped


@pytest.mark.parametrize(
    ("addresses", "port"),
    [([], 50410), (["not an address"], 50410), (["224.0.0.251"], 50410), (["10.0.0.2"], 0)],
)
def test_a_record_without_an_address_to_dial_is_ignored(addresses: list[str], port: int) -> None:
    assert read_game(KEY, GOOD, addresses, port) is None


def test_ipv4_is_offered_before_ipv6() -> None:
    game = read_game(KEY, GOOD, ["fd00::5", "192.168.1.5"], 50410)
    assert game is not None and game.endpoint == "192.168.1.5:50410"
    only_v6 = read_game(KEY, GOOD, ["fd00::5"], 50410)
    assert only_v6 is not None and only_v6.endpoint == "[fd00::5]:50410"


def test_a_host_speaking_other_protocols_is_listed_but_not_joinable() -> None:
    other = f"{PROTOCOL_MAX + 1}-{PROTOCOL_MAX + 3}".encode()
    game = read_game(KEY, txt(proto=other), ["10.0.0.2"], 50410)
    assert game is not None and game.protocol == (PROTOCOL_MAX + 1, PROTOCOL_MAX + 3)
    assert not game.compatible and not game.joinable
    every = f"1-{PROTOCOL_MAX + 3}".encode()
    assert read_game(KEY, txt(proto=every), ["10.0.0.2"], 50410).compatible  # type: ignore[union-attr]


def test_the_instance_name_is_one_dns_label_and_unique_per_host() -> None:
    long_name = "Ä" * 32
    label = instance_name(long_name, "1a2b")
    assert len(label.encode()) <= MAX_INSTANCE_BYTES and label.endswith("Canasta 1a2b")
    assert "." not in instance_name("J.R. Smith", "1a2b")
    assert instance_name("Ann", "1a2b") != instance_name("Ann", "3c4d")


def run_python(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


def test_the_discovery_module_does_not_import_zeroconf() -> None:
    code = "import sys, game.netplay.shell.discovery; print('zeroconf' in sys.modules)"
    assert run_python(code) == "False"


@pytest.mark.slow
def test_a_headless_host_without_advertise_never_starts_zeroconf() -> None:
    code = (
        "import sys; from game.main import main; "
        "main(['--host', '0', '--bind', '127.0.0.1', '--autopilot', 'carefree', "
        "'--timeout', '0.3']); print('zeroconf' in sys.modules)"
    )
    assert run_python(code) == "False"


def test_advertise_belongs_to_the_host() -> None:
    done = subprocess.run(
        [*CLI, "--join", "127.0.0.1:1", "--code", "K7QM-3WXA", "--autopilot", "--advertise"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2 and "--advertise belongs to the host" in done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["--frames", "2"],
        ["--screenshot", "shots"],
        ["--autoplay"],
        ["--scene", "title", "--frames", "1"],
    ],
)
def test_a_headless_window_run_never_discovers(argv: list[str]) -> None:
    assert lan_discovery(build_parser().parse_args(argv)) is None


def test_a_person_at_the_window_may_discover_on_every_interface() -> None:
    assert lan_discovery(build_parser().parse_args([])) == LanDiscovery(interfaces=None)


def test_the_list_hears_a_game_found_changed_and_lost_once_each() -> None:
    games = GameList()
    alice = read_game(KEY, GOOD, ["10.0.0.2"], 50410)
    taken = read_game(KEY, txt(seat=b"taken"), ["10.0.0.2"], 50410)
    assert alice is not None and taken is not None
    assert games.apply(KEY, alice) == LanGameFound(alice)
    assert games.apply(KEY, alice) is None  # the same record again
    assert games.apply(KEY, taken) == LanGameChanged(taken)
    assert games.games == [taken]
    assert games.apply(KEY, None) == LanGameLost(taken)
    assert games.apply(KEY, None) is None and games.games == []


def test_a_game_whose_record_turns_malformed_leaves_the_list() -> None:
    games = GameList()
    alice = read_game(KEY, GOOD, ["10.0.0.2"], 50410)
    assert alice is not None
    games.apply(KEY, alice)
    assert games.apply(KEY, read_game(KEY, txt(seat=b"maybe"), ["10.0.0.2"], 50410)) == (
        LanGameLost(alice)
    )


def test_a_flood_of_records_cannot_grow_the_list_without_end() -> None:
    games = GameList(limit=3)
    for index in range(10):
        game = read_game(f"{index}.{KEY}", txt(name=f"P{index}".encode()), ["10.0.0.2"], 50410)
        games.apply(f"{index}.{KEY}", game)
    assert [g.name for g in games.games] == ["P0", "P1", "P2"]


def test_without_zeroconf_the_screens_are_told_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # importing it now fails, sends nothing
    lan = LanDiscovery(interfaces=("127.0.0.1",))
    advertiser = lan.advertise(Advertisement("Alice", "classic", 50410, "1.0"))
    advertiser.stop(wait=10.0)
    assert "zeroconf library is missing" in advertiser.problem
    browser = lan.browse()
    deadline = time.monotonic() + 10.0
    while not browser.problem and time.monotonic() < deadline:
        time.sleep(0.01)
    browser.stop()
    assert "zeroconf library is missing" in browser.problem
