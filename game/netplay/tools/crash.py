"""Kill -9 at random moments: each round starts a host and a guest as separate processes
(`python -m game.netplay.tools.cli --save PATH`), kills one of them with SIGKILL at a random moment
of the game, starts it again with nothing but `--resume PATH --autopilot LEVEL`, and checks that
both finish the game with the same state hash.

    python -m game.netplay.tools.crash --rounds 20 --victim host
    python -m game.netplay.tools.crash --rounds 20 --victim guest --json

It prints one line per round and a summary (`--json`: one object); the exit status is 0 only
when every round resumed to an identical finish. Loopback only; one game at a time."""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .local_servers import steady_port

GAME_TIMEOUT = 180.0  # seconds for one round to finish, restart included


@dataclass
class Round:
    index: int
    victim: str
    killed_after: float  # seconds after the victim's first save
    killed: bool  # False: the game ended before the moment came
    resumed: bool
    identical: bool
    host_hash: str | None
    guest_hash: str | None
    problem: str = ""


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "game.netplay.tools.cli", *args]


def _final(output: str) -> dict[str, Any]:
    lines = [line for line in output.splitlines() if line.startswith("{")]
    document: dict[str, Any] = json.loads(lines[-1]) if lines else {}
    return document


def _spawn(args: list[str], log: Path) -> subprocess.Popen[str]:
    with open(log, "a", encoding="utf-8") as errors:
        return subprocess.Popen(
            args, stdout=subprocess.PIPE, stderr=errors, text=True, start_new_session=True
        )


def play_round(
    index: int, victim: str, level: str, rng: random.Random, folder: Path, latest: float = 1.5
) -> Round:
    """One game with one kill -9 and one restart, at most `latest` seconds after the victim's
    first save (a one-hand game between computer players may be over within half a second)."""
    tag = f"{index}-{victim}-killed"  # every round starts from no save at all
    saves = {"host": folder / f"host-{tag}.json", "guest": folder / f"guest-{tag}.json"}
    log = folder / f"round-{tag}.log"
    common = ["--autopilot", level, "--hands", "1", "--give-up", "120"]
    host = _spawn(
        _cli(
            "--host",
            str(steady_port()),
            "--bind",
            "127.0.0.1",
            "--save",
            str(saves["host"]),
            *common,
        ),
        log,
    )
    assert host.stdout is not None
    hosting = json.loads(host.stdout.readline())
    guest = _spawn(
        _cli(
            "--join",
            f"127.0.0.1:{hosting['port']}",
            "--code",
            hosting["code"],
            "--save",
            str(saves["guest"]),
            *common,
        ),
        log,
    )
    processes = {"host": host, "guest": guest}
    target = processes[victim]
    delay = rng.uniform(0.0, latest)
    deadline = time.monotonic() + 30
    while not saves[victim].exists() and time.monotonic() < deadline and target.poll() is None:
        time.sleep(0.01)
    time.sleep(delay)
    killed = target.poll() is None
    if killed:
        os.kill(target.pid, signal.SIGKILL)
        target.wait()
        processes[victim] = _spawn(_cli("--resume", str(saves[victim]), "--autopilot", level), log)
    outputs: dict[str, str] = {}
    problem = ""
    for name, process in processes.items():
        try:
            out, _ = process.communicate(timeout=GAME_TIMEOUT)
            outputs[name] = out
        except subprocess.TimeoutExpired:
            process.kill()
            out, _ = process.communicate()
            outputs[name] = out
            problem = f"the {name} did not finish in {GAME_TIMEOUT:g} s"
    results = {name: _final(out) for name, out in outputs.items()}
    hashes = {name: result.get("state_hash") for name, result in results.items()}
    finished = all(result.get("outcome") == "finished" for result in results.values())
    identical = finished and hashes["host"] == hashes["guest"] and hashes["host"] is not None
    if not identical and not problem:
        problem = "; ".join(
            f"{name}: {result.get('outcome')} {result.get('text', '')}"
            for name, result in results.items()
        )
    return Round(
        index,
        victim,
        round(delay, 3),
        killed,
        finished,
        identical,
        hashes["host"],
        hashes["guest"],
        problem,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.netplay.tools.crash", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--victim", choices=("host", "guest", "both"), default="both")
    parser.add_argument("--level", default="beginner", help="AutoPilot level on both sides")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be positive")
    rng = random.Random(args.seed)
    victims = ["host", "guest"] if args.victim == "both" else [args.victim]
    rounds: list[Round] = []
    with tempfile.TemporaryDirectory(prefix="canasta-crash-") as folder:
        for index in range(args.rounds):
            for victim in victims:
                outcome = play_round(index, victim, args.level, rng, Path(folder))
                rounds.append(outcome)
                if not args.json:
                    state = "identical" if outcome.identical else f"FAILED ({outcome.problem})"
                    kill = (
                        f"killed after {outcome.killed_after} s" if outcome.killed else "not killed"
                    )
                    print(f"round {index} {victim}: {kill}, {state}", flush=True)
    killed = [r for r in rounds if r.killed]
    summary = {
        "rounds": len(rounds),
        "killed": len(killed),
        "identical": sum(r.identical for r in rounds),
        "identical_after_kill": sum(r.identical for r in killed),
        "by_victim": {
            v: {
                "killed": sum(r.killed for r in rounds if r.victim == v),
                "identical": sum(r.identical for r in killed if r.victim == v),
            }
            for v in victims
        },
        "failures": [asdict(r) for r in rounds if not r.identical],
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{summary['identical']} of {summary['rounds']} rounds identical; "
            f"{summary['identical_after_kill']} of {summary['killed']} after a kill -9"
        )
    return 0 if summary["identical"] == len(rounds) else 1


if __name__ == "__main__":
    sys.exit(main())
