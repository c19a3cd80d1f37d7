"""Seats on a peek-proof deal with no rounds at all, as over a network: each seat reacts to each
message as it arrives, on its own state alone, and the links deliver in their own order (each in
the order sent) interleaved at random; at three and four seats the host passes every guest's
message on, as the network game's star does. Acknowledgements take the
place of the table's rounds: whole hands still end audited, replayed alike, with the same notes
of the table at every step; and a guest's draw costs no extra exchange."""

from __future__ import annotations

import random
from collections import deque

import msgpack
import pytest

from game.logic.phases import GAME_OVER, HAND_OVER
from game.logic.rules import Rules
from game.netplay.fair import (
    Phase,
    Seat,
    SecretMessage,
    ShuffleMessage,
    UnmaskMessage,
    decode,
    hand_id,
)
from game.netplay.play.deciders import Autopilot
from game.netplay.play.fair_hand import FairHand, decode_move
from game.netplay.play.fair_table import DEAL, MOVE
from tests.netplay.fair.streams import seeded


class Link:
    """Seats that each react to each message on their own state alone. Seat 0 is the host: a
    guest's message goes to it, and it passes it on to every other guest (so that every seat
    sees one order), as the network game's star does; each queue delivers in the order sent, and
    which queue delivers next is random."""

    def __init__(self, rules: Rules, seed: int) -> None:
        n = rules.players
        ident = hand_id("async", 1)
        self.hands = [
            FairHand(Seat(i, n, ident, seeded(b"%d-%d" % (seed, i))), rules, 0, (0,) * _sides(n))
            for i in range(n)
        ]
        self.deciders = [Autopilot("beginner", seed=seed * n + i) for i in range(n)]
        self.queues: list[deque[tuple[int, bytes]]] = [deque() for _ in range(n)]
        self.rng = random.Random(seed)
        self.shuffled = [False] * n
        self.finished = [False] * n
        self.early: list[list[SecretMessage]] = [[] for _ in range(n)]
        self.sent: list[tuple[int, str, int]] = []  # (sender, what, actions so far)

    def send(self, sender: int, envelope: list[object], what: str) -> None:
        self.sent.append((sender, what, len(self.hands[sender].actions)))
        packed = msgpack.packb(envelope)
        receivers = [0] if sender != 0 else range(1, len(self.hands))
        for receiver in receivers:
            self.queues[receiver].append((sender, packed))

    def run(self) -> None:
        for hand in self.hands:
            self.send(hand.index, [DEAL, hand.seat.key_message().encode()], "key")
        for seat in range(len(self.hands)):
            self.react(seat)
        while any(self.queues):
            seat = self.rng.choice([s for s, queue in enumerate(self.queues) if queue])
            self.deliver(seat)
            self.react(seat)

    def deliver(self, seat: int) -> None:
        hand = self.hands[seat]
        sender, packed = self.queues[seat].popleft()
        if seat == 0:
            for guest in range(1, len(self.hands)):
                if guest != sender:
                    self.queues[guest].append((sender, packed))
        kind, body = msgpack.unpackb(packed)
        if kind == MOVE:
            hand.receive_move(decode_move(body, sender))
            return
        message = decode(body, sender)
        if isinstance(message, UnmaskMessage):
            hand.receive_unmask(message)
        elif isinstance(message, SecretMessage) and hand.seat.public.phase is not Phase.AUDIT:
            self.early[seat].append(message)  # another seat finished first
        else:
            hand.seat.receive(message)

    def react(self, seat: int) -> None:
        """Everything `seat` can do now, until it can do nothing more."""
        hand = self.hands[seat]
        public = hand.seat.public
        progress = True
        while progress:
            progress = False
            if public.next_shuffler() == seat and not self.shuffled[seat]:
                self.shuffled[seat] = True
                self.send(seat, [DEAL, hand.seat.shuffle_message().encode()], "shuffle")
                progress = True
            if public.phase is not Phase.PLAY:
                continue
            progress = self.unmask(seat) or progress  # what it owes goes before a show
            move = hand.show()
            if move is not None:
                self.send(seat, [MOVE, move.encode()], "show")
                progress = True
            move = hand.ack()  # before any unmask that what it acknowledges let it compute
            if move is not None:
                self.send(seat, [MOVE, move.encode()], "ack")
                progress = True
            hand.request(hand.needs())
            progress = self.unmask(seat) or progress
            if self.ready(hand) and hand.game.phase not in (HAND_OVER, GAME_OVER):
                if hand.game.to_act == seat:
                    action = self.deciders[seat].choose(hand.view(), 0.0)
                    assert action is not None
                    self.send(seat, [MOVE, hand.act(action).encode()], action.type)
                    progress = True
            elif self.ready(hand) and not self.finished[seat]:
                self.finished[seat] = True
                hand.settled()
                hand.seat.finish()
                self.send(seat, [DEAL, hand.seat.secret_message().encode()], "secret")
                for secret in self.early[seat]:
                    hand.seat.receive(secret)
                progress = True

    def unmask(self, seat: int) -> bool:
        """Send what `seat` owes the openings (the last seat's stretch of its deck first, then
        the unmasks); whether there was any."""
        unmask = self.hands[seat].seat.unmask_message()
        if unmask is not None:
            what = "stretch" if isinstance(unmask, ShuffleMessage) else "unmask"
            self.send(seat, [DEAL, unmask.encode()], what)
        return unmask is not None

    @staticmethod
    def ready(hand: FairHand) -> bool:
        """Nothing owed, nothing to ask for, every card given acknowledged: the step is done."""
        return not hand.seat.public.owed() and not hand.needs() and hand.all_acknowledged()


def _sides(players: int) -> int:
    return 2 if players == 4 else players


@pytest.mark.parametrize(
    ("players", "preset", "seed"),
    [
        (2, "classic", 1),
        (2, "classic", 2),
        (2, "modern_american", 3),
        (3, "classic", 4),
        (4, "classic", 5),
        (4, "modern_american", 6),
    ],
)
def test_seats_reacting_to_each_message_play_a_hand_to_an_audited_end(
    players: int, preset: str, seed: int
) -> None:
    link = Link(Rules.preset(preset, players=players), seed)
    link.run()
    reports = [hand.seat.audit() for hand in link.hands]
    assert all(report.ok for report in reports)
    games = [hand.replay(report) for hand, report in zip(link.hands, reports, strict=True)]
    assert len({game.state_hash() for game in games}) == 1
    assert games[0].phase == "hand_over" and len(games[0].log) > 20
    assert len({tuple(hand.trail) for hand in link.hands}) == 1
    assert len(link.hands[0].trail) == len(games[0].log) + 1


def test_a_draw_costs_no_exchange_of_its_own() -> None:
    """Between a seat's draw and its next move the other seat sends only its unmask (the last
    seat, the card's value before it, at once): the drawer needs no answer to an answer before
    it plays on."""
    link = Link(Rules.preset("classic"), 7)
    link.run()
    draws = [i for i, (_s, what, _n) in enumerate(link.sent) if what == "draw"]
    assert draws
    for i in draws:
        drawer = link.sent[i][0]
        after = []
        for sender, what, _n in link.sent[i + 1 :]:
            if sender == drawer and what not in ("show", "ack", "unmask", "stretch"):
                break
            if sender != drawer and what != "stretch":
                after.append(what)
        assert after[:1] == ["unmask"] and after.count("unmask") <= 2, after
