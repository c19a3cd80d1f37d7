"""What a table of three or four costs over the network: whole games of beginner AutoPilots, the
host's copy (`TableHost`) and each guest (`TableGuest`) joined by links of one fixed one-way
latency on a virtual clock, every message going through the host as on the wire.

    python -m game.netplay.tools.table_bench --players 4 --seats guest,computer,guest --games 3

It prints, as JSON: the CPU per hand of each process (the protocol's work: dealing, proofs,
checks, the audit and each seat's engine, the computer players' thinking excluded), the payload
bytes per move (every game message on every link, msgpack, over the actions of the game), and
the round trips a draw costs its drawer (from the draw until the drawer may act again, in round
trips of its own link), by who drew."""

from __future__ import annotations

import argparse
import heapq
import json
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import msgpack

from game.logic.actions import Action
from game.logic.rules import Rules

from ..play.deciders import Autopilot
from ..play.play_protocol import Terms, _Side, proposal
from ..play.table_protocol import TableGuest, TableHost

LATENCY = 0.05  # one way, virtual seconds


class _Run:
    def __init__(self, players: int, guests: list[int], seed: int, hands: int) -> None:
        terms = Terms.from_agreed(proposal(Rules.preset("classic", players), hands))
        names = [f"Seat {s}" for s in range(players)]
        self.host = TableHost(terms, names, guests)
        self.guests = {g: TableGuest(terms) for g in guests}
        self.deciders = {s: Autopilot("beginner", seed=seed * 10 + s) for s in range(players)}
        self.cpu: dict[str, float] = {"host": 0.0, **{f"guest {g}": 0.0 for g in guests}}
        self.bytes = 0
        self.now = 0.0
        self._queue: list[tuple[float, int, int, int, list[Any]]] = []  # when, order, to, from
        self._order = 0
        self.draws: dict[str, list[float]] = {"host": [], "computer": [], "guest": []}
        self._drawn: dict[int, float] = {}
        self._send_down(self._timed("host", self.host.begin))

    def _timed(self, who: str, work: Callable[[], Any]) -> Any:
        start = time.process_time()
        result = work()
        self.cpu[who] += time.process_time() - start
        return result

    def _post(self, to: int, sender: int, payload: list[Any]) -> None:
        self.bytes += len(msgpack.packb(payload, use_bin_type=True))
        self._order += 1
        heapq.heappush(self._queue, (self.now + LATENCY, self._order, to, sender, payload))

    def _send_down(self, sent: list[tuple[int, list[Any]]]) -> None:
        for g, payload in sent:
            self._post(g, 0, payload)

    def _seat(self, s: int) -> _Side:
        return self.host.seats[s] if s in self.host.seats else self.guests[s]

    def _act(self, s: int, action: Action) -> None:
        if s in self._drawn:
            kind = "guest" if s in self.guests else ("host" if s == 0 else "computer")
            self.draws[kind].append((self.now - self._drawn.pop(s)) / (2 * LATENCY))
        if action.type == "draw":
            self._drawn[s] = self.now
        if s in self.host.seats:
            self._send_down(self._timed("host", lambda: self.host.act(s, action)))
        else:
            guest = self.guests[s]
            for payload in self._timed(f"guest {s}", lambda: guest.act(action)):
                self._post(-1, s, payload)

    def _moves(self) -> None:
        moved = True
        while moved:
            moved = False
            for s in sorted([*self.host.seats, *self.guests]):
                seat = self._seat(s)
                if seat.over or not (seat.my_turn or seat.wants_next_hand):
                    continue
                assert seat.view is not None
                action = self.deciders[s].choose(seat.view, 0.0)
                if action is not None:
                    self._act(s, action)
                    moved = True

    def run(self) -> None:
        self._moves()
        while self._queue:
            self.now, _, to, sender, payload = heapq.heappop(self._queue)
            if to == -1:
                self._send_down(self._timed("host", partial(self.host.receive, sender, payload)))
            else:
                answers = self._timed(f"guest {to}", partial(self.guests[to].receive, payload))
                for answer in answers:
                    self._post(-1, to, answer)
            self._moves()
        if self.host.finished is None or any(g.finished is None for g in self.guests.values()):
            raise RuntimeError(f"the table did not finish: {self.host.halted}")


def measure(players: int, guests: list[int], games: int, hands: int) -> dict[str, Any]:
    cpu: dict[str, list[float]] = {}
    per_move: list[float] = []
    draws: dict[str, list[float]] = {"host": [], "computer": [], "guest": []}
    for seed in range(1, games + 1):
        run = _Run(players, guests, seed, hands)
        run.run()
        record = run.host.me.record()
        assert record is not None
        for who, seconds in run.cpu.items():
            cpu.setdefault(who, []).append(seconds * 1000 / run.host.me.hand_no)
        per_move.append(run.bytes / len(run.host.me.log))
        for kind, values in run.draws.items():
            draws[kind].extend(values)
    return {
        "players": players,
        "guests": guests,
        "games": games,
        "hands_per_game": hands,
        "cpu_ms_per_hand": {who: round(statistics.median(v), 1) for who, v in cpu.items()},
        "bytes_per_move": round(statistics.mean(per_move), 1),
        "round_trips_per_draw": {
            kind: round(statistics.mean(v), 2) for kind, v in draws.items() if v
        },
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m game.netplay.tools.table_bench")
    parser.add_argument("--players", type=int, choices=(3, 4), default=4)
    parser.add_argument(
        "--seats", default=None, help="seats 1..: guest or computer, comma-separated"
    )
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--hands", type=int, default=1)
    args = parser.parse_args(argv)
    kinds = (args.seats or ",".join(["guest"] * (args.players - 1))).split(",")
    if len(kinds) != args.players - 1 or set(kinds) - {"guest", "computer"}:
        parser.error(f"--seats names {args.players - 1} seats, each guest or computer")
    guests = [s for s, kind in enumerate(kinds, start=1) if kind == "guest"]
    if not guests:
        parser.error("a network table needs at least one guest")
    print(json.dumps(measure(args.players, guests, args.games, args.hands)))


if __name__ == "__main__":
    main()
