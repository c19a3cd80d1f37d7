"""Games found on the same network, advertised and browsed for real, where no packet can leave the
machine: inside a network namespace of its own (`unshare -rn`) whose only interface is loopback,
with multicast switched on there and routed through it: the discovery itself, the command
line's `--advertise` (a two-seat game's and a table's), and the Host and Join screens with a real discovery. Run as a module
(`python -m tests.netplay.shell.test_discovery_namespace`) this file is the scenario that runs inside
the namespace; it refuses to start if it sees any interface but loopback. Skipped, with the
reason, where a namespace cannot be made."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

import pytest

from game.netplay.wire.session_messages import PROTOCOL_MAX
from tests.helpers.paths import ROOT

# real sockets in a network namespace of the test's own
pytestmark = pytest.mark.net

WAIT = 20.0  # seconds any one thing may take to be seen in the namespace
# Loopback up, multicast on it and the multicast range routed through it: DNS-SD then works
# between processes of the namespace, and there is no other interface to reach.
NAMESPACE_SETUP = (
    "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo && exec "
)
LOOPBACK = ("127.0.0.1",)


def namespace_command(argv: list[str]) -> list[str]:
    return ["unshare", "-rn", "sh", "-c", NAMESPACE_SETUP + " ".join(argv)]


def namespace_problem() -> str:
    """Why a private network namespace cannot be used here ("" if it can)."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux only"
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return "unshare or ip is not installed"
    probe = subprocess.run(
        namespace_command(["true"]), capture_output=True, text=True, timeout=30, check=False
    )
    if probe.returncode != 0:
        return f"cannot make a network namespace: {probe.stderr.strip()}"
    return ""


# -- the scenario, inside the namespace ---------------------------------------------------------
def _only_loopback() -> None:
    names = sorted(name for _, name in socket.if_nameindex())
    if names != ["lo"]:
        raise SystemExit(f"refusing to run DNS-SD with interfaces {names}: loopback only")


def _wait_for(browser: Any, wanted: Callable[[Any], bool], seen: list[Any]) -> Any:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        for event in browser.poll():
            seen.append(event)
            if wanted(event):
                return event
        time.sleep(0.05)
    raise SystemExit(f"not seen in {WAIT} s; events so far: {seen}")


def _register_raw(properties: dict[str, Any], label: str, port: int) -> Any:
    """A record written straight with zeroconf: what another program on the network could send."""
    from zeroconf import IPVersion, ServiceInfo, Zeroconf

    from game.netplay.shell.discovery import SERVICE_TYPE

    zc = Zeroconf(interfaces=list(LOOPBACK), ip_version=IPVersion.V4Only)
    info = ServiceInfo(
        SERVICE_TYPE,
        f"{label}.{SERVICE_TYPE}",
        port=port,
        properties=properties,
        server=f"{label.lower()}.local.",
        parsed_addresses=list(LOOPBACK),
    )
    zc.register_service(info)
    return zc


def _event(event: Any) -> dict[str, Any]:
    return {"kind": type(event).__name__, "game": asdict(event.game)}


def advertised_game() -> dict[str, Any]:
    """A host appears with its TXT data, changes when its seat is taken, goes when it stops;
    records that are not well formed never appear, and a name full of tricks arrives cleaned."""
    from game.netplay.shell.discovery import (
        Advertisement,
        LanDiscovery,
        LanGameChanged,
        LanGameFound,
        LanGameLost,
    )

    lan = LanDiscovery(interfaces=LOOPBACK)
    browser = lan.browse()
    good = {"txtvers": "1", "rules": "classic", "seat": "free", "proto": "3", "app": "1.0"}
    raw: list[Any] = []
    threads = [
        threading.Thread(target=lambda p=p, n=n, port=port: raw.append(_register_raw(p, n, port)))
        for p, n, port in (
            (good | {"name": "Mallory", "seat": "maybe"}, "BadSeat", 40001),
            (good | {"name": b"\xff\xfeMallory"}, "NotUtf8", 40002),
            (good | {"name": "Mallory", "proto": "three"}, "BadProto", 40003),
            ({"name": "Mallory"}, "NoFields", 40004),
            (good | {"name": "Eve\u202egnp.exe\n\tnext\u200bline" + "x" * 60}, "Eve", 40005),
        )
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    seen: list[Any] = []
    eve = _wait_for(browser, lambda e: isinstance(e, LanGameFound) and e.game.port == 40005, seen)
    host = lan.advertise(
        Advertisement(name="Alice", rules="modern_american", port=50410, app_version="1.0")
    )
    found = _wait_for(browser, lambda e: isinstance(e, LanGameFound) and e.game.port == 50410, seen)
    host.set_free_seats(0)
    changed = _wait_for(
        browser, lambda e: isinstance(e, LanGameChanged) and e.game.port == 50410, seen
    )
    host.stop(wait=WAIT)
    lost = _wait_for(browser, lambda e: isinstance(e, LanGameLost) and e.game.port == 50410, seen)
    time.sleep(0.5)
    seen.extend(browser.poll())
    listed = [asdict(game) for game in browser.games]
    browser.stop()
    for zc in raw:
        zc.close()
    return {
        "eve": _event(eve),
        "found": _event(found),
        "changed": _event(changed),
        "lost": _event(lost),
        "ports_seen": sorted({e.game.port for e in seen}),
        "listed": listed,
        "problem": host.problem,
    }


def command_line_host() -> dict[str, Any]:
    """`--host --advertise` shows the game until a guest takes the seat, then withdraws it."""
    from game.netplay.shell.discovery import LanDiscovery, LanGameFound, LanGameLost

    browser = LanDiscovery(interfaces=LOOPBACK).browse()
    cli = [sys.executable, "-m", "game.netplay.tools.cli", "--autopilot", "carefree"]
    hosting_args = ["--host", "0", "--bind", "127.0.0.1", "--advertise", "--name", "Hostess"]
    host = subprocess.Popen(
        [*cli, *hosting_args, "--timeout", str(WAIT)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert host.stdout is not None
        hosting = json.loads(host.stdout.readline())
        seen: list[Any] = []
        found = _wait_for(browser, lambda e: isinstance(e, LanGameFound), seen)
        joining = ["--join", f"127.0.0.1:{hosting['port']}", "--code", hosting["code"]]
        guest = subprocess.run(
            [*cli, *joining, "--timeout", "2"],
            capture_output=True,
            timeout=WAIT,
            check=False,
        )
        lost = _wait_for(browser, lambda e: isinstance(e, LanGameLost), seen)
    finally:
        host.kill()
        host.wait(WAIT)
        browser.stop()
    return {
        "hosting": hosting,
        "found": _event(found),
        "lost": _event(lost),
        "guest_connected": b"connected to Hostess" in guest.stderr,
    }


def command_line_table() -> dict[str, Any]:
    """`--host --players 3 --advertise` lists the table with its two free seats, changes when a
    guest takes one, and goes when the second takes the last."""
    from game.netplay.shell.discovery import LanDiscovery, LanGameChanged, LanGameFound, LanGameLost

    browser = LanDiscovery(interfaces=LOOPBACK).browse()
    cli = [sys.executable, "-m", "game.netplay.tools.cli", "--autopilot", "carefree"]
    hosting_args = ["--host", "0", "--bind", "127.0.0.1", "--advertise", "--name", "Tabitha"]
    host = subprocess.Popen(
        [*cli, *hosting_args, "--players", "3", "--timeout", str(WAIT)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    guests: list[subprocess.Popen[bytes]] = []
    try:
        assert host.stdout is not None
        hosting = json.loads(host.stdout.readline())
        seen: list[Any] = []
        found = _wait_for(browser, lambda e: isinstance(e, LanGameFound), seen)
        joining = ["--join", f"127.0.0.1:{hosting['port']}", "--code", hosting["code"]]
        for _ in range(2):
            guests.append(
                subprocess.Popen(
                    [*cli, *joining, "--timeout", str(WAIT)],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
            if len(guests) == 1:
                changed = _wait_for(browser, lambda e: isinstance(e, LanGameChanged), seen)
        lost = _wait_for(browser, lambda e: isinstance(e, LanGameLost), seen)
    finally:
        for process in (host, *guests):
            process.kill()
            process.wait(WAIT)
        browser.stop()
    return {
        "hosting": hosting,
        "found": _event(found),
        "changed": _event(changed),
        "lost": _event(lost),
    }


QUICK_EXIT = """
import time
from game.netplay.shell.discovery import Advertisement, LanDiscovery
host = LanDiscovery(interfaces=("127.0.0.1",)).advertise(
    Advertisement("Quitter", "classic", 50498, "1.0")
)
while not host.registered_name:
    time.sleep(0.05)
print("registered", flush=True)
input()
host.stop()
"""


def program_that_quits() -> dict[str, Any]:
    """A program that withdraws its game and ends at once still says goodbye on its way out, so
    the game leaves other lists now rather than when its records expire (minutes later)."""
    from game.netplay.shell.discovery import LanDiscovery, LanGameFound, LanGameLost

    browser = LanDiscovery(interfaces=LOOPBACK).browse()
    quitter = subprocess.Popen(
        [sys.executable, "-c", QUICK_EXIT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert quitter.stdout is not None and quitter.stdin is not None
        quitter.stdout.readline()
        seen: list[Any] = []
        _wait_for(browser, lambda e: isinstance(e, LanGameFound) and e.game.port == 50498, seen)
        quitter.stdin.write("\n")
        quitter.stdin.flush()
        exit_code = quitter.wait(WAIT)
        lost = _wait_for(browser, lambda e: isinstance(e, LanGameLost), seen)
    finally:
        quitter.kill()
        browser.stop()
    return {"exit_code": exit_code, "lost": _event(lost)}


def screens() -> dict[str, Any]:
    """The real screens with a real discovery: a host's game appears in the Join screen's list,
    and the Host screen's own game is seen by a browser with the player's name."""
    import tempfile

    folder = tempfile.mkdtemp()
    os.environ.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        CANASTA_CONFIG_DIR=f"{folder}/config",
        CANASTA_DATA_DIR=f"{folder}/data",
        CANASTA_AI_WORKER="inline",
    )
    from game.app import App
    from game.netplay.shell.discovery import Advertisement, LanDiscovery, LanGameFound
    from game.scenes.net.host import HostScene
    from game.scenes.net.join import JoinScene
    from game.scenes.title import TitleScene

    lan = LanDiscovery(interfaces=LOOPBACK)
    app = App(size=(1280, 720), lan=lan)
    app.prefs.player_name = "Window Host"
    app.prefs.host_port = 0
    app.stack.push(TitleScene(app))
    join = JoinScene(app)
    app.stack.push(join)
    other = lan.advertise(Advertisement("Neighbour", "classic", 50499, "1.0"))
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline and not any(r.visible for r in join.rows):
        app.step(1 / 60)
        time.sleep(0.02)
    listed = [row.label for row in join.rows if row.visible]
    join.choose(0)
    address = join.address.text if join.address is not None else ""
    other.stop(wait=WAIT)
    app.stack.pop()
    browser = lan.browse()
    host = HostScene(app)
    app.stack.push(host)
    seen: list[Any] = []
    found = _wait_for(browser, lambda e: isinstance(e, LanGameFound), seen)
    app.stack.pop()  # the host leaves: its game goes
    browser.stop()
    app.close()
    return {"listed": listed, "address": address, "host_found": _event(found)}


def main() -> None:
    _only_loopback()
    results = {
        "advertised": advertised_game(),
        "command_line": command_line_host(),
        "command_line_table": command_line_table(),
        "screens": screens(),
        "quitter": program_that_quits(),
    }
    print(json.dumps(results))
    sys.stdout.flush()
    os._exit(0)  # zeroconf's threads need not be waited for


# -- the tests, outside -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def namespace_run() -> dict[str, Any]:
    problem = namespace_problem()
    if problem:
        pytest.skip(problem)
    command = [sys.executable, "-m", "tests.netplay.shell.test_discovery_namespace"]
    done = subprocess.run(
        namespace_command(command),
        capture_output=True,
        text=True,
        timeout=8 * WAIT,
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.mark.slow
def test_an_advertised_game_appears_with_its_txt_data(namespace_run: dict[str, Any]) -> None:
    game = namespace_run["advertised"]["found"]["game"]
    assert game["name"] == "Alice"
    assert game["rules"] == "modern_american"
    assert game["free_seats"] == 1
    assert game["protocol"] == [PROTOCOL_MAX, PROTOCOL_MAX]
    assert game["app_version"] == "1.0"
    assert (game["address"], game["port"]) == ("127.0.0.1", 50410)
    assert namespace_run["advertised"]["problem"] == ""


def test_the_game_changes_when_its_seat_is_taken(namespace_run: dict[str, Any]) -> None:
    changed = namespace_run["advertised"]["changed"]["game"]
    assert changed["free_seats"] == 0
    assert changed["name"] == "Alice"


def test_the_game_disappears_when_the_host_stops(namespace_run: dict[str, Any]) -> None:
    advertised = namespace_run["advertised"]
    assert advertised["lost"]["game"]["port"] == 50410
    assert 50410 not in [game["port"] for game in advertised["listed"]]


def test_malformed_records_are_ignored(namespace_run: dict[str, Any]) -> None:
    ports = namespace_run["advertised"]["ports_seen"]
    assert not {40001, 40002, 40003, 40004} & set(ports)
    assert [game["port"] for game in namespace_run["advertised"]["listed"]] == [40005]


def test_a_name_from_the_network_arrives_cleaned_and_bounded(namespace_run: dict[str, Any]) -> None:
    name = namespace_run["advertised"]["eve"]["game"]["name"]
    assert name.startswith("Evegnp.exe next")
    assert len(name) == 32
    assert not any(ch in name for ch in "\u202e\n\t\u200b")


def test_the_command_line_host_is_listed_until_a_guest_takes_the_seat(
    namespace_run: dict[str, Any],
) -> None:
    run = namespace_run["command_line"]
    assert run["guest_connected"]
    found = run["found"]["game"]
    assert found["name"] == "Hostess" and found["free_seats"] == 1
    assert found["port"] == run["hosting"]["port"]
    assert run["lost"]["game"]["port"] == run["hosting"]["port"]


def test_the_command_line_table_is_listed_with_its_free_seats_until_the_last_is_taken(
    namespace_run: dict[str, Any],
) -> None:
    run = namespace_run["command_line_table"]
    found, changed = run["found"]["game"], run["changed"]["game"]
    assert (found["name"], found["players"], found["free_seats"]) == ("Tabitha", 3, 2)
    assert found["port"] == run["hosting"]["port"]
    assert (changed["players"], changed["free_seats"]) == (3, 1)
    assert run["lost"]["game"]["port"] == run["hosting"]["port"]


def test_a_host_on_the_network_appears_in_the_join_screen(namespace_run: dict[str, Any]) -> None:
    run = namespace_run["screens"]
    assert run["listed"] == ["Neighbour"]
    assert run["address"] == "127.0.0.1:50499"


def test_the_host_screen_advertises_its_game(namespace_run: dict[str, Any]) -> None:
    game = namespace_run["screens"]["host_found"]["game"]
    assert game["name"] == "Window Host" and game["free_seats"] == 1


def test_a_program_that_quits_says_goodbye_on_its_way_out(namespace_run: dict[str, Any]) -> None:
    run = namespace_run["quitter"]
    assert run["exit_code"] == 0 and run["lost"]["game"]["name"] == "Quitter"


if __name__ == "__main__":
    main()
