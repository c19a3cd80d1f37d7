"""A table of two to four seats dealing by peek-proof dealing and playing whole hands, sans-I/O.

Each seat is a `FairHand` with its own engine on what it may see and its own decision source
(`deciders`); nothing but encoded messages passes between seats, every one packed with msgpack
and decoded by its receivers as the wire would carry it. Delivery is immediate and in order, in
rounds: after every move, seats show what they must (their Red Threes, the hands at the end) or
acknowledge the cards they were given, then every seat asks for the openings its engine needs,
and every seat sends the unmasks it owes, until nothing is owed. The driver holds no card: it only passes messages and asks each
seat's decision source for a move when the seat's engine says it is its turn.

At the end of the hand every seat releases its secret, audits the deck and replays the hand from
it: `HandResult` holds each seat's replayed game (its state hash is the same at every seat), or
the `Misconduct` that stopped the hand, as the seat that caught it said it. This is what the
tests and `python -m game.bench fair` play; the network game does not deal this way yet
(PROTOCOL.md, "What the network game still lacks")."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import msgpack

from game.logic.actions import Action, Draw, NextHand
from game.logic.cards import ALL_CARDS, CardId
from game.logic.engine import Game
from game.logic.errors import IllegalAction
from game.logic.phases import GAME_OVER, HAND_OVER
from game.logic.rules import Rules
from game.netplay.fair import (
    Deadline,
    Message,
    Misconduct,
    RandomBytes,
    Seat,
    UnmaskMessage,
    decode,
    hand_id,
)

from .deciders import DecisionSource
from .fair_hand import FairHand, Move, decode_move

# Envelope kinds: a message of the dealing protocol, or a move of the game.
DEAL, MOVE = 0, 1
# A hand never needs more moves than this; a table that reaches it is stuck (a bug).
MAX_MOVES = 2000


@dataclass
class HandResult:
    games: list[Game] = field(default_factory=list)  # each seat's replay, when the hand passed
    misconduct: Misconduct | None = None
    caught_by: int | None = None
    moves: int = 0
    draws: int = 0
    # Rounds of openings that followed the draws: one per exchange a drawer waits for (its
    # cards, then the replacements of the Red Threes among them).
    draw_rounds: int = 0


@dataclass
class GameResult:
    """A game of several hands: each hand's result, and the record (the whole game dealt from
    every audited deck and replayed, its log the game's), None if the first hand was stopped."""

    hands: list[HandResult]
    record: Game | None

    @property
    def misconduct(self) -> Misconduct | None:
        return self.hands[-1].misconduct if self.hands else None


class FairTable:
    def __init__(
        self,
        rules: Rules,
        deciders: Sequence[DecisionSource],
        game_id: str = "fair-table",
        randomness: Callable[[int, int], RandomBytes] | None = None,
        allowance: float = 30.0,
    ) -> None:
        """`randomness(hand, seat)` gives a seat its random source for a hand (the system's
        when None). A step still owed when nothing else can happen is waited for `allowance`
        seconds of the table's clock, then named as withheld."""
        if len(deciders) != rules.players:
            raise ValueError(f"the rules seat {rules.players}, not {len(deciders)}")
        self.rules = rules
        self.deciders = list(deciders)
        self.game_id = game_id
        self.randomness = randomness
        self.allowance = allowance
        self.hands: list[FairHand] = []
        self.sent: list[tuple[int, bytes]] = []  # (sender, msgpack) of every message

    def play_hand(
        self, hand_no: int = 1, first_player: int = 0, scores: Sequence[int] | None = None
    ) -> HandResult:
        n = self.rules.players
        totals = scores if scores is not None else (0,) * (2 if n == 4 else n)
        ident = hand_id(self.game_id, hand_no)
        seats = [
            Seat(i, n, ident, None if self.randomness is None else self.randomness(hand_no, i))
            for i in range(n)
        ]
        self.hands = [self.make_hand(seat, first_player, totals) for seat in seats]
        try:
            self._deal()
        except _Caught as caught:
            return HandResult(misconduct=caught.misconduct, caught_by=caught.seat)
        return self.play_on()

    def play_game(self, hands: int | None = None) -> GameResult:
        """Hands until the game is over (or `hands` of them), each on a fresh peek-proof deal.
        A hand starts as the record of the hands before says: its totals, and who starts (the
        engine's own rule, asked of the record before the next deck is known; any deck will do,
        as who starts never depends on it). A misconduct stops the game."""
        decks: list[list[CardId]] = []
        log: list[dict[str, Any]] = []
        played: list[HandResult] = []
        record: Game | None = None
        first, scores = 0, None
        while hands is None or len(played) < hands:
            result = self.play_hand(len(played) + 1, first, scores)
            played.append(result)
            if result.misconduct is not None:
                break
            hand = result.games[0]
            assert hand.initial_deck is not None
            decks.append([CardId(card) for card in hand.initial_deck])
            log.extend(hand.log)
            record = self.record(decks, log)
            if record.phase == GAME_OVER:
                break
            next_hand = NextHand().to_dict()
            ahead = self.record([*decks, list(ALL_CARDS)], [*log, next_hand])
            first, scores = ahead.first_player, tuple(ahead.totals)
            log.append(next_hand)
        return GameResult(played, record)

    def record(self, decks: Sequence[Sequence[int]], log: Sequence[dict[str, Any]]) -> Game:
        """The game dealt from `decks` (one a hand) with `log` applied."""
        game = Game(self.rules, deck=decks[0], decks=decks[1:])
        for action in log:
            game.apply(action)
        return game

    def play_on(self, hands: Sequence[FairHand] | None = None) -> HandResult:
        """Play the hand from where `hands` (by default the table's own, e.g. each restored
        from a save) stand to its audit."""
        if hands is not None:
            self.hands = list(hands)
        result = HandResult()
        try:
            while self.hands[0].game.phase not in (HAND_OVER, GAME_OVER):
                if result.moves >= MAX_MOVES:
                    raise RuntimeError(f"the hand did not end in {MAX_MOVES} moves")
                action, rounds = self._move()
                result.moves += 1
                if isinstance(action, Draw):
                    result.draws += 1
                    result.draw_rounds += rounds
            result.games = self._audit()
        except _Caught as caught:
            result.misconduct, result.caught_by = caught.misconduct, caught.seat
        return result

    def make_hand(self, seat: Seat, first_player: int, scores: Sequence[int]) -> FairHand:
        """One seat's hand (a test gives a seat a dishonest one)."""
        return FairHand(seat, self.rules, first_player, scores)

    # -- the steps of a hand ---------------------------------------------------------------------

    def _deal(self) -> None:
        for hand in self.hands:
            self.send_deal(hand.index, hand.seat.key_message())
        for hand in self.hands:
            if hand.seat.public.next_shuffler() == hand.index:
                self.send_deal(hand.index, hand.seat.shuffle_message())
        self._check_owed()
        self._settle()

    def _move(self) -> tuple[Action, int]:
        """The mover's action, and the rounds of openings that followed it."""
        mover = self.hands[self.hands[0].game.to_act]
        decider = self.deciders[mover.index]
        while True:
            action = decider.choose(mover.view(), 0.0)
            if action is None:
                raise RuntimeError(f"seat {mover.index}'s decision source gave no move")
            try:
                move = mover.act(action)
            except IllegalAction as refusal:
                decider.refused(action, refusal.code, refusal.message)
                continue
            break
        self.send_move(move)
        return action, self._settle()

    def _settle(self) -> int:
        """Shows, then openings, until no seat owes anything; then note the public state. The
        rounds of openings it took."""
        rounds = 0
        while True:
            said = False
            for hand in self.hands:
                move = hand.show() or hand.ack()
                if move is not None:
                    self.send_move(move)
                    said = True
            if said:
                continue
            needs = [hand.needs() for hand in self.hands]
            if not any(needs):
                break
            for hand, need in zip(self.hands, needs, strict=True):
                hand.request(need)
            self._pump()
            rounds += 1
        for hand in self.hands:
            hand.settled()
        return rounds

    def _pump(self) -> None:
        progress = True
        while progress:
            progress = False
            for hand in self.hands:
                message = hand.seat.unmask_message()
                if message is not None:
                    self.send_deal(hand.index, message)
                    progress = True
        self._check_owed()

    def _check_owed(self) -> None:
        """Nothing else can happen now: a step still owed is withheld (the table waits its
        allowance, then the seat that waits names it)."""
        for hand in self.hands:
            owed = [step for step in hand.seat.public.owed() if step.seat != hand.index]
            if owed:
                deadline = Deadline(self.allowance)
                deadline.check(owed, 0.0)
                raise _Caught(hand.index, deadline.check(owed, self.allowance)[0])

    def _audit(self) -> list[Game]:
        for hand in self.hands:
            hand.seat.finish()
        for hand in self.hands:
            self.send_deal(hand.index, hand.seat.secret_message())
        self._check_owed()
        games = []
        for hand in self.hands:
            report = hand.seat.audit()
            if not report.ok:
                raise _Caught(hand.index, report.faults[0])
            try:
                games.append(hand.replay(report))
            except Misconduct as misconduct:
                raise _Caught(hand.index, misconduct) from None
        return games

    # -- delivery ----------------------------------------------------------------------------------

    def send_deal(self, sender: int, message: Message) -> None:
        self._send(sender, [DEAL, message.encode()])

    def send_move(self, move: Move) -> None:
        self._send(move.seat, [MOVE, move.encode()])

    def _send(self, sender: int, envelope: list[object]) -> None:
        packed = msgpack.packb(envelope)
        self.sent.append((sender, packed))
        for hand in self.hands:
            if hand.index != sender:
                try:
                    self._deliver(hand, sender, msgpack.unpackb(packed))
                except Misconduct as misconduct:
                    raise _Caught(hand.index, misconduct) from None

    @staticmethod
    def _deliver(hand: FairHand, sender: int, envelope: list[object]) -> None:
        kind, body = envelope
        if kind == MOVE:
            hand.receive_move(decode_move(body, sender))
            return
        message = decode(body, sender)
        if isinstance(message, UnmaskMessage):
            hand.receive_unmask(message)
        else:
            hand.seat.receive(message)


class _Caught(Exception):
    def __init__(self, seat: int, misconduct: Misconduct) -> None:
        super().__init__(misconduct.sentence)
        self.seat = seat
        self.misconduct = misconduct
