"""Figures of invite games on this machine, through a mailbox and relay of its own on loopback
(`local_servers`): the connect time from the code entered to the session ready, the round trip
of one game message on the direct path and through the relay, whole AutoPilot games as two
processes (`main.py --invite` / `--accept`, alternately direct and relay-only, each cut once by a
relay restart when relayed) with their state hashes compared, and what importing the invite
libraries costs.

    python -m game.netplay.tools.invite_bench --connects 5 --round-trips 200 --games 4

It prints one JSON object; the exit status is 0 only when every game finished identical on
both sides. Loopback only; one game at a time."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..session.events import Connected, Delivered
from ..session.handshake import PeerInfo, Role
from ..session.reliable import ReliableSession
from ..shell.wormhole import (
    InviteCode,
    Linked,
    Rendezvous,
    Servers,
    WormholeGuest,
    WormholeHost,
    direct_hints,
    open_listener,
)
from .local_servers import LocalServers, local_servers

WAIT = 20.0
GAME_TIMEOUT = 300.0
MAIN = Path(__file__).resolve().parents[3] / "main.py"


def _next(source: Any, kind: type) -> Any:
    give_up = time.monotonic() + WAIT
    while time.monotonic() < give_up:
        event = source.next_event(0.05)
        if isinstance(event, kind):
            return event
    raise RuntimeError(f"no {kind.__name__} within {WAIT} s")


def _linked_pair(servers: LocalServers, direct: bool) -> tuple[WormholeHost, WormholeGuest, float]:
    """Two endpoints met by invite code; the seconds from the code entered to the guest's
    session being ready."""
    where = Servers(servers.mailbox, servers.relay)
    listener = open_listener(0, "127.0.0.1") if direct else None
    hints = direct_hints(["127.0.0.1"], listener.getsockname()[1]) if listener else ()
    host_meeting = Rendezvous(Role.HOST, where, hints=hints).start()
    code = _next(host_meeting, InviteCode).code
    entered = time.perf_counter()
    guest_meeting = Rendezvous(Role.GUEST, where, code=code).start()
    guest_link = _next(guest_meeting, Linked).link
    host_link = _next(host_meeting, Linked).link
    host = WormholeHost(
        ReliableSession(Role.HOST, PeerInfo("host", "bench"), join_code=host_link.join_code),
        host_link,
        listener,
    ).start()
    guest = WormholeGuest(
        ReliableSession(Role.GUEST, PeerInfo("guest", "bench"), join_code=guest_link.join_code),
        guest_link,
    ).start()
    _next(guest, Connected)
    return host, guest, time.perf_counter() - entered


def _round_trips(host: WormholeHost, guest: WormholeGuest, count: int) -> list[float]:
    _next(host, Connected)
    times = []
    for index in range(count):
        started = time.perf_counter()
        guest.send(["game", index])
        _next(host, Delivered)
        host.send(["game", index])
        _next(guest, Delivered)
        times.append(time.perf_counter() - started)
    return times


def measure_links(servers: LocalServers, connects: int, round_trips: int) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for path, direct in (("direct", True), ("relay", False)):
        seconds, trips = [], []
        for attempt in range(connects):
            host, guest, took = _linked_pair(servers, direct)
            seconds.append(took)
            if attempt == 0:
                trips = _round_trips(host, guest, round_trips)
            guest.stop()
            host.stop()
        ordered = sorted(trips)
        figures[path] = {
            "connect_ms_median": round(statistics.median(seconds) * 1000, 1),
            "connect_ms_max": round(max(seconds) * 1000, 1),
            "round_trip_ms_median": round(statistics.median(trips) * 1000, 3),
            "round_trip_ms_p95": round(ordered[int(len(ordered) * 0.95) - 1] * 1000, 3),
            "round_trips": len(trips),
        }
    return figures


def final_line(process: subprocess.Popen[str], timeout: float = GAME_TIMEOUT) -> dict[str, Any]:
    """The last JSON line a headless game process printed ({} if none), once it ends; killed
    after `timeout` seconds."""
    try:
        out, _ = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        out, _ = process.communicate()
    lines = [line for line in out.splitlines() if line.startswith("{")]
    document: dict[str, Any] = json.loads(lines[-1]) if lines else {}
    return document


def play_game(servers: LocalServers, direct: bool, log: Path) -> dict[str, Any]:
    """One whole game as two processes; a relayed one is cut once by a relay restart."""
    where = ["--mailbox", servers.mailbox, "--relay", servers.relay]
    common = [*where, "--autopilot", "beginner", "--hands", "1"]
    route = ["--direct", "127.0.0.1", "--bind", "127.0.0.1"] if direct else ["--direct", "none"]
    save = log.with_suffix(".guest.json")
    started = time.perf_counter()
    with log.open("a", encoding="utf-8") as errors:
        host = subprocess.Popen(
            [sys.executable, str(MAIN), "--invite", *route, *common],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
        assert host.stdout is not None
        code = json.loads(host.stdout.readline())["code"]
        guest = subprocess.Popen(
            [sys.executable, str(MAIN), "--accept", code, "--save", str(save), *common],
            stdout=subprocess.PIPE,
            stderr=errors,
            text=True,
        )
    if not direct:
        give_up = time.monotonic() + WAIT
        while not save.exists() and guest.poll() is None and time.monotonic() < give_up:
            time.sleep(0.02)
        servers.stop_relay()
        servers.start_relay()
    finals = [final_line(host), final_line(guest)]
    return {
        "path": "direct" if direct else "relay, cut once",
        "seconds": round(time.perf_counter() - started, 2),
        "finished": all(f.get("outcome") == "finished" for f in finals),
        "identical": finals[0].get("state_hash") == finals[1].get("state_hash") is not None,
        "moves": finals[0].get("moves"),
        "resumes": [f.get("resumes") for f in finals],
    }


def import_seconds() -> float:
    """What importing the invite libraries costs a fresh interpreter."""
    code = (
        "import time; t = time.perf_counter(); import wormhole; "
        "from twisted.internet import reactor; print(time.perf_counter() - t)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return round(float(result.stdout.strip()), 3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.netplay.tools.invite_bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--connects", type=int, default=5, help="meetings per path")
    parser.add_argument("--round-trips", type=int, default=200, help="messages per path")
    parser.add_argument("--games", type=int, default=2, help="whole games (direct, relay, ...)")
    args = parser.parse_args(argv)
    if args.connects < 1 or args.round_trips < 1 or args.games < 0:
        parser.error("--connects and --round-trips must be positive, --games not negative")
    with (
        tempfile.TemporaryDirectory(prefix="canasta-invite-") as folder,
        local_servers(Path(folder) / "servers") as servers,
    ):
        links = measure_links(servers, args.connects, args.round_trips)
        games = [
            play_game(servers, index % 2 == 0, Path(folder) / f"game-{index}.log")
            for index in range(args.games)
        ]
    print(
        json.dumps(
            {
                "links": links,
                "games": games,
                "identical": sum(g["identical"] for g in games),
                "import_seconds": import_seconds(),
            }
        )
    )
    return 0 if all(g["identical"] and g["finished"] for g in games) else 1


if __name__ == "__main__":
    sys.exit(main())
