"""Peek-proof dealing benchmark: what one hand's deck costs each side, at two, three and four seats.

One hand as the game would deal it: every seat publishes its key and shuffles; each seat's hand
(Classic sizes: 15, 13, 11 cards) is opened to it, the upcard to everyone, then single cards are
drawn in turn until `cards` have been opened; each seat then shows half its hand (melds and
discards: only the holder unmasks); the hand ends with the audit. Every message goes through
msgpack and `decode`, as on the wire. Each seat's work is timed on its own (CPU time, one
process), so the figures are per side: `setup_ms` (key, shuffle, checking the others'),
`open_ms_per_card` (every unmask made, checked and removed, over the cards opened), `audit_ms`,
and `hand_ms`, their sum, for the busiest side; `bytes_per_open` is what the messages of one
drawn card weigh (the last seat's value for it, the unmasks). The target is at most 250 ms for a hand of two seats.

`played` plays whole hands the same way the game does (`FairTable`: each seat its own rules
engine on what it may see, the beginner AutoPilot deciding, every card opened as the engine asks,
the audit and the replay from the audited deck): `hand_ms` is the CPU of a hand per side (all the
table's work but the deciders' thinking, divided by the seats), `bytes_per_move` the msgpack
payload of every message of the hand, deal and audit included, over its moves, and
`exchanges_per_draw` the rounds of openings a draw waits for (1: the card drawn; one more for
each Red Three among the cards drawn, whose replacement waits for it to be shown).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import msgpack

from game.logic.actions import Action
from game.logic.rules import Rules
from game.logic.view import PlayerView
from game.netplay.fair import Message, Seat, decode, hand_id
from game.netplay.play.deciders import Autopilot
from game.netplay.play.fair_table import FairTable

HAND_SIZE = {2: 15, 3: 13, 4: 11}
TARGET_MS = 250
PHASES = ("setup", "open", "audit")
T = TypeVar("T")


class _Hand:
    """One hand of `seats` seats, with each side's CPU time per phase."""

    def __init__(self, seats: int, number: int) -> None:
        self.seats = [Seat(i, seats, hand_id("bench", number)) for i in range(seats)]
        self.cpu = [dict.fromkeys(PHASES, 0.0) for _ in range(seats)]
        self.phase = "setup"

    def timed(self, side: int, work: Callable[[], T]) -> T:
        start = time.process_time()
        try:
            return work()
        finally:
            self.cpu[side][self.phase] += time.process_time() - start

    def send(self, message: Message) -> int:
        packed = self.timed(message.seat, lambda: msgpack.packb(message.encode()))
        for seat in self.seats:
            if seat.seat != message.seat:
                self.timed(seat.seat, partial(_receive, seat, packed, message.seat))
        return len(packed)

    def open(self, recipient: int | None, positions: list[int]) -> int:
        """Open to a seat (None: to all); the bytes of the unmask messages it took."""
        for seat in self.seats:
            if recipient is None:
                self.timed(seat.seat, partial(seat.open_publicly, positions))
            else:
                self.timed(seat.seat, partial(seat.open_to, recipient, positions))
        sent = 0
        progress = True
        while progress:
            progress = False
            for seat in self.seats:
                message = self.timed(seat.seat, seat.unmask_message)
                if message is not None:
                    sent += self.send(message)
                    progress = True
        return sent


def _receive(seat: Seat, packed: bytes, sender: int) -> None:
    seat.receive(decode(msgpack.unpackb(packed), sender))


def play_hand(seats: int, cards: int = 50, number: int = 1) -> dict[str, Any]:
    hand = _Hand(seats, number)
    for seat in hand.seats:
        hand.send(hand.timed(seat.seat, seat.key_message))
    for seat in hand.seats:
        hand.send(hand.timed(seat.seat, seat.shuffle_message))
    hand.phase = "open"
    size = HAND_SIZE[seats]
    held = {s: list(range(s * size, (s + 1) * size)) for s in range(seats)}
    for side, positions in held.items():
        hand.open(side, positions)
    top = seats * size
    hand.open(None, [top])
    top += 1
    draws, draw_bytes = 0, 0
    while top < cards:
        drawer = draws % seats
        draw_bytes += hand.open(drawer, [top])
        held[drawer].append(top)
        draws, top = draws + 1, top + 1
    for positions in held.values():
        hand.open(None, positions[: len(positions) // 2])
    hand.phase = "audit"
    for seat in hand.seats:
        hand.timed(seat.seat, seat.finish)
    for seat in hand.seats:
        hand.send(hand.timed(seat.seat, seat.secret_message))
    for seat in hand.seats:
        report = hand.timed(seat.seat, seat.audit)
        if not report.ok:
            raise RuntimeError(f"an honest hand failed its audit: {report.faults[0].sentence}")
    sides = [
        {
            "setup_ms": 1000 * cpu["setup"],
            "open_ms_per_card": 1000 * cpu["open"] / top,
            "audit_ms": 1000 * cpu["audit"],
            "hand_ms": 1000 * sum(cpu.values()),
        }
        for cpu in hand.cpu
    ]
    return {"cards_opened": top, "bytes_per_open": draw_bytes / max(draws, 1), "sides": sides}


class _Timed:
    """A decider whose thinking is timed, so that the table's own work can be told apart."""

    def __init__(self, seed: int) -> None:
        self.inner = Autopilot("beginner", seed=seed)
        self.cpu = 0.0

    def choose(self, view: PlayerView, now: float) -> Action | None:
        start = time.process_time()
        try:
            return self.inner.choose(view, now)
        finally:
            self.cpu += time.process_time() - start

    def refused(self, action: Action, code: str, text: str) -> None:
        self.inner.refused(action, code, text)


def play_whole_hand(seats: int, number: int = 1) -> dict[str, Any]:
    deciders = [_Timed(number * 10 + s) for s in range(seats)]
    table = FairTable(Rules.preset("classic", players=seats), deciders, f"bench-{number}")
    start = time.process_time()
    result = table.play_hand()
    cpu = time.process_time() - start - sum(d.cpu for d in deciders)
    if result.misconduct is not None:
        raise RuntimeError(f"an honest hand was stopped: {result.misconduct.sentence}")
    sent = sum(len(packed) for _sender, packed in table.sent)
    return {
        "moves": result.moves,
        "hand_ms": 1000 * cpu / seats,
        "bytes_per_move": sent / max(result.moves, 1),
        "exchanges_per_draw": result.draw_rounds / max(result.draws, 1),
    }


def run(
    seat_counts: tuple[int, ...] = (2, 3, 4), hands: int = 3, cards: int = 50
) -> dict[str, Any]:
    results: dict[str, Any] = {}
    whole_hands: dict[str, Any] = {}
    for seats in seat_counts:
        whole = [play_whole_hand(seats, number) for number in range(1, hands + 1)]
        whole_hands[str(seats)] = {
            "seats": seats,
            "moves": statistics.median(p["moves"] for p in whole),
            "hand_ms": round(statistics.median(p["hand_ms"] for p in whole), 1),
            "bytes_per_move": round(statistics.median(p["bytes_per_move"] for p in whole), 1),
            "exchanges_per_draw": round(
                statistics.median(p["exchanges_per_draw"] for p in whole), 2
            ),
        }
    for seats in seat_counts:
        played = [play_hand(seats, cards, number) for number in range(1, hands + 1)]

        def median(key: str, played: list[dict[str, Any]] = played) -> float:
            """The busiest side's figure, the median over the hands."""
            busiest = [max(float(s[key]) for s in p["sides"]) for p in played]
            return round(statistics.median(busiest), 2)

        results[str(seats)] = {
            "seats": seats,
            "cards_opened": played[0]["cards_opened"],
            "setup_ms": median("setup_ms"),
            "open_ms_per_card": median("open_ms_per_card"),
            "bytes_per_open": round(statistics.median(p["bytes_per_open"] for p in played), 1),
            "audit_ms": median("audit_ms"),
            "hand_ms": median("hand_ms"),
        }
    return {
        "hands": hands,
        "target_ms_two_seats": TARGET_MS,
        "seats": results,
        "played": whole_hands,
    }


def describe(result: dict[str, Any]) -> str:
    lines = [
        f"peek-proof dealing, CPU per side (busiest side, median of {result['hands']} hands)",
    ]
    for figures in result["seats"].values():
        lines.append(
            f"  {figures['seats']} seats: hand {figures['hand_ms']} ms "
            f"(setup and shuffle {figures['setup_ms']} ms, "
            f"{figures['open_ms_per_card']} ms per opened card x {figures['cards_opened']}, "
            f"audit {figures['audit_ms']} ms), {figures['bytes_per_open']} bytes per open"
        )
    lines.append("whole hands played (beginner AutoPilots, each seat its own engine), per side")
    for figures in result["played"].values():
        lines.append(
            f"  {figures['seats']} seats: hand {figures['hand_ms']} ms over {figures['moves']} "
            f"moves, {figures['bytes_per_move']} bytes per move, "
            f"{figures['exchanges_per_draw']} exchanges per draw"
        )
    lines.append(f"target: at most {result['target_ms_two_seats']} ms per hand per side at 2 seats")
    return "\n".join(lines)
