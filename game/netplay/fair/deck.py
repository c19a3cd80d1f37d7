"""The public side of a hand's deck: every message of the protocol checked and recorded.

Each seat keeps one `PublicDeck` (inside its `Seat`) and feeds it every message, its own
included, so all seats hold the same transcript and catch the same faults at the same message.
It knows no secret. In order:

1. **Keys.** Every seat publishes `Y = x·B` with a key proof bound to the hand and the seat.
2. **Shuffles**, in seat order from 0. Seat 0 masks the 108 card points with its secret and
   permutes them; each next seat masks and permutes the deck the previous one published. A deck
   is accepted if it has 108 valid points, no value twice and none left as it was received
   (an unmasked card); no proof of the permutation is asked: the audit checks it.
3. **Openings**, asked for by the game (the same calls at every seat): a position opened to one
   seat is unmasked in turn by every *other* seat, each publishing the new value and an unmask
   proof; the recipient removes its own mask last, privately. A position opened publicly is
   unmasked by every seat still masking it (only the holder, for a card it already sees), and
   the last value is the card itself. The order is the seats after the recipient, clockwise,
   unless the caller names another (e.g. so that the host unmasks last).
4. **Audit**, once the game calls `finish`: every seat releases its secret (checked against its
   key); `audit.audit` then recomputes the whole deck.

A message that fails a check raises `Misconduct` and changes nothing."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from game.logic.cards import N_CARDS, CardCode, code_of

from .group import CARD_OF_POINT, CARD_POINTS, Point, Scalar, base_mul, is_point, is_scalar
from .messages import KeyMessage, Message, SecretMessage, ShuffleMessage, UnmaskMessage
from .misconduct import Code, Misconduct, Step, card_name
from .proofs import PUBLIC, Context, verify_key, verify_unmask

MIN_HAND_ID = 16
MAX_HAND_ID = 64
_HAND_LABEL = b"canasta-netplay fair hand 1|"


def hand_id(game_id: str, hand_no: int) -> bytes:
    """What every proof of a hand is bound to: the game's id and the hand's number, hashed."""
    text = f"{game_id}|{hand_no}".encode()
    return hashlib.sha256(_HAND_LABEL + text).digest()


class Phase(Enum):
    KEYS = "keys"
    SHUFFLE = "shuffle"
    PLAY = "play"
    AUDIT = "audit"


@dataclass(frozen=True)
class Owed:
    """A step `seat` must take before the protocol can go on."""

    seat: int
    step: Step
    position: int | None = None


@dataclass(frozen=True)
class Unmasking:
    """One published unmask: `before = x_seat · after`."""

    seat: int
    before: Point
    after: Point


@dataclass
class Position:
    """One deck position after the shuffles: its value now and how it got there."""

    value: Point
    unmasked_by: list[int] = field(default_factory=list)
    history: list[Unmasking] = field(default_factory=list)
    recipient: int | None = None  # PUBLIC or a seat, once asked for
    waiting: list[int] = field(default_factory=list)  # seats still to unmask, in order
    face: CardCode | None = None  # once open to every seat (never which copy it is)


class PublicDeck:
    def __init__(self, hand_id: bytes, seats: int) -> None:
        if not isinstance(hand_id, bytes) or not MIN_HAND_ID <= len(hand_id) <= MAX_HAND_ID:
            raise ValueError(f"a hand id is {MIN_HAND_ID} to {MAX_HAND_ID} bytes")
        if seats < 2:
            raise ValueError("a deck needs at least two seats")
        self.hand_id = hand_id
        self.seats = seats
        self.phase = Phase.KEYS
        self.keys: list[Point | None] = [None] * seats
        # The deck each seat published, in seat order; before them, the card points in id order.
        self.shuffles: list[tuple[Point, ...]] = []
        self.positions: list[Position] = []
        self.secrets: list[Scalar | None] = [None] * seats

    # -- what the game asks ----------------------------------------------------------------

    def request(
        self, positions: Sequence[int], recipient: int, order: Sequence[int] | None = None
    ) -> None:
        """Ask for `positions` to be opened to `recipient` (a seat, or PUBLIC)."""
        if self.phase is not Phase.PLAY:
            raise ValueError("cards open only after the shuffles and before the audit")
        if recipient != PUBLIC and not 0 <= recipient < self.seats:
            raise ValueError(f"there is no seat {recipient}")
        if len(set(positions)) != len(positions):
            raise ValueError("a position is asked for twice")
        plans = [(p, self._plan(p, recipient, order)) for p in positions]
        for position, waiting in plans:
            state = self.positions[position]
            state.recipient = recipient
            state.waiting = waiting

    def _plan(self, position: int, recipient: int, order: Sequence[int] | None) -> list[int]:
        if not 0 <= position < N_CARDS:
            raise ValueError(f"{position} is no deck position")
        state = self.positions[position]
        if state.waiting:
            raise ValueError(f"{card_name(position)} is being opened already")
        if recipient == PUBLIC:
            if state.face is not None:
                raise ValueError(f"{card_name(position)} is open to every seat already")
            needed = [s for s in range(self.seats) if s not in state.unmasked_by]
        else:
            if state.recipient is not None:
                raise ValueError(f"{card_name(position)} was opened before: open it publicly")
            needed = [(recipient + k) % self.seats for k in range(1, self.seats)]
        if order is None:
            return needed
        if sorted(order) != sorted(needed):
            raise ValueError(f"{card_name(position)} must be unmasked by seats {sorted(needed)}")
        return list(order)

    def finish(self) -> None:
        """The hand is over: no more openings; every seat now owes its secret."""
        if self.phase is not Phase.PLAY:
            raise ValueError("only a shuffled deck in play can be finished")
        self.phase = Phase.AUDIT

    # -- what is owed ----------------------------------------------------------------------

    def next_shuffler(self) -> int | None:
        return len(self.shuffles) if self.phase is Phase.SHUFFLE else None

    def due(self, seat: int) -> list[int]:
        """The positions `seat` must unmask now."""
        if self.phase is not Phase.PLAY:
            return []
        return [p for p, s in enumerate(self.positions) if s.waiting and s.waiting[0] == seat]

    def owed(self) -> list[Owed]:
        """Every step some seat owes now (what a deadline watches)."""
        if self.phase is Phase.KEYS:
            return [Owed(s, Step.KEY) for s, key in enumerate(self.keys) if key is None]
        if self.phase is Phase.SHUFFLE:
            return [Owed(len(self.shuffles), Step.SHUFFLE)]
        if self.phase is Phase.PLAY:
            return [
                Owed(s.waiting[0], Step.UNMASK, p)
                for p, s in enumerate(self.positions)
                if s.waiting
            ]
        return [Owed(s, Step.SECRET) for s, secret in enumerate(self.secrets) if secret is None]

    # -- messages --------------------------------------------------------------------------

    def accept(self, message: Message, *, own: bool = False) -> list[int]:
        """Check and record a message; the positions whose opening it completed. `own`: the
        message is this seat's own, made here, so its proofs and points need no checking."""
        if isinstance(message, KeyMessage):
            self._accept_key(message)
        elif isinstance(message, ShuffleMessage):
            self._accept_shuffle(message, own)
        elif isinstance(message, UnmaskMessage):
            return self._accept_unmask(message, own)
        else:
            self._accept_secret(message)
        return []

    def _accept_key(self, message: KeyMessage) -> None:
        seat = message.seat
        if self.phase is not Phase.KEYS or self.keys[seat] is not None:
            raise _out_of_turn(seat, Step.KEY, f"seat {seat} sent a key when none was owed")
        if not is_point(message.key):
            raise _fault(Code.INVALID_POINT, seat, Step.KEY, f"seat {seat}'s key is no point")
        context = Context(self.hand_id, seat, Step.KEY)
        if message.key in self.keys or not verify_key(message.key, message.proof, context):
            raise _fault(Code.FALSE_KEY, seat, Step.KEY, f"seat {seat}'s key proof is false")
        self.keys[seat] = message.key
        if all(key is not None for key in self.keys):
            self.phase = Phase.SHUFFLE

    def _accept_shuffle(self, message: ShuffleMessage, own: bool) -> None:
        seat, deck = message.seat, message.deck
        if self.next_shuffler() != seat:
            raise _out_of_turn(seat, Step.SHUFFLE, f"seat {seat} shuffled out of turn")
        if len(deck) != N_CARDS:
            sentence = f"seat {seat}'s shuffle has {len(deck)} cards, not {N_CARDS}"
            raise _fault(Code.WRONG_DECK_SIZE, seat, Step.SHUFFLE, sentence)
        if not own:
            _check_deck(seat, deck, self.shuffles[-1] if self.shuffles else CARD_POINTS)
        self.shuffles.append(deck)
        if len(self.shuffles) == self.seats:
            self.positions = [Position(value) for value in deck]
            self.phase = Phase.PLAY

    def _accept_unmask(self, message: UnmaskMessage, own: bool) -> list[int]:
        seat = message.seat
        key = self.keys[seat]
        for share in message.shares:
            position = share.position
            state = self.positions[position] if self.phase is Phase.PLAY else None
            if state is None or not state.waiting or state.waiting[0] != seat or key is None:
                sentence = f"seat {seat} sent an unmask of {card_name(position)} it did not owe"
                raise _out_of_turn(seat, Step.UNMASK, sentence, position)
            if own:
                continue
            if not is_point(share.point):
                sentence = f"seat {seat}'s unmask of {card_name(position)} is no point"
                raise _fault(Code.INVALID_POINT, seat, Step.UNMASK, sentence, position)
            context = Context(self.hand_id, seat, Step.UNMASK, position, _recipient(state))
            if not verify_unmask(key, state.value, share.point, share.proof, context):
                sentence = f"seat {seat}'s unmask of {card_name(position)} is false"
                raise _fault(Code.FALSE_UNMASK, seat, Step.UNMASK, sentence, position)
        self._check_public_cards(message)
        completed = []
        for share in message.shares:
            state = self.positions[share.position]
            state.history.append(Unmasking(seat, state.value, share.point))
            state.unmasked_by.append(seat)
            state.value = share.point
            state.waiting.pop(0)
            if not state.waiting:
                completed.append(share.position)
                if state.recipient == PUBLIC:
                    state.face = code_of(CARD_OF_POINT[share.point])
        return completed

    def _check_public_cards(self, message: UnmaskMessage) -> None:
        """A position this message opens to every seat must be one of the 108 cards.

        It cannot be a card already open elsewhere: decks never hold a value twice and every
        unmask is proven to use the seat's one secret, so equal cards would need equal values."""
        for share in message.shares:
            state = self.positions[share.position]
            last = state.recipient == PUBLIC and len(state.waiting) == 1
            if last and share.point not in CARD_OF_POINT:
                where = card_name(share.position)
                sentence = f"{where}, opened to every seat, is no card: a shuffle was false"
                raise _fault(Code.NOT_A_CARD, None, Step.UNMASK, sentence, share.position)

    def _accept_secret(self, message: SecretMessage) -> None:
        seat = message.seat
        if self.phase is not Phase.AUDIT or self.secrets[seat] is not None:
            sentence = f"seat {seat} released its secret before the hand was over, or twice"
            raise _out_of_turn(seat, Step.SECRET, sentence)
        if not is_scalar(message.secret) or base_mul(message.secret) != self.keys[seat]:
            sentence = f"seat {seat}'s released secret is not the secret of its key"
            raise _fault(Code.FALSE_SECRET, seat, Step.SECRET, sentence)
        self.secrets[seat] = message.secret


def _recipient(state: Position) -> int:
    return PUBLIC if state.recipient is None else state.recipient


def _check_deck(seat: int, deck: Iterable[Point], received: Sequence[Point]) -> None:
    before = set(received)
    first: dict[Point, int] = {}
    for position, value in enumerate(deck):
        if not is_point(value):
            sentence = f"seat {seat}'s shuffle puts no point at {card_name(position)}"
            raise _fault(Code.INVALID_POINT, seat, Step.SHUFFLE, sentence, position)
        if value in first:
            sentence = (
                f"seat {seat}'s shuffle puts the same card at {card_name(first[value])} "
                f"and {card_name(position)}"
            )
            raise _fault(Code.DUPLICATE_CARD, seat, Step.SHUFFLE, sentence, position)
        if value in before:
            sentence = f"seat {seat}'s shuffle left {card_name(position)} unmasked"
            raise _fault(Code.FALSE_SHUFFLE, seat, Step.SHUFFLE, sentence, position)
        first[value] = position


def _fault(
    code: Code, seat: int | None, step: Step, sentence: str, position: int | None = None
) -> Misconduct:
    return Misconduct(code, sentence, seat=seat, step=step, position=position)


def _out_of_turn(seat: int, step: Step, sentence: str, position: int | None = None) -> Misconduct:
    return _fault(Code.OUT_OF_TURN, seat, step, sentence, position)
