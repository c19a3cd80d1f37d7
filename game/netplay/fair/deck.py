"""The public side of a hand's deck: every message of the protocol checked and recorded.

Each seat keeps one `PublicDeck` (inside its `Seat`) and feeds it every message, its own
included, so all seats hold the same transcript and catch the same faults at the same message.
It knows no secret. In order:

1. **Keys.** Every seat publishes `Y = x·B` with a key proof bound to the hand and the seat.
2. **Shuffles**, in seat order from 0. Seat 0 masks the 108 card points with its secret and
   permutes them; each next seat masks and permutes the deck the previous one published. A deck
   is accepted if it has 108 valid points, no value twice and none left as it was received
   (an unmasked card); no proof of the permutation is asked: the audit checks it. The last
   seat's deck is the one cards open from, and it publishes it in stretches as the openings
   reach them (`stretch`), each checked the same way against the values before it: the bottom
   of the stock, which few hands reach, is never sent. Sending it late lets the last seat choose
   nothing: every value it could place is a card it has not seen (the values of the cards it has
   seen are at positions sent already, and a value twice is refused), so any order it gives
   them is, to it, a random one.
3. **Openings**, asked for by the game (the same calls at every seat): a position opened to one
   seat is unmasked in turn by every *other* seat, each publishing the new value (in the
   shortest form its receivers can rebuild, `form`) and one unmask proof for all the cards of
   its message; the recipient removes its own mask last, privately. A position opened publicly is
   unmasked by every seat still masking it (only the holder, for a card it already sees), and
   the last value is the card itself. The order is the seats after the recipient, clockwise,
   unless the caller names another (e.g. so that the host unmasks last).
4. **Audit**, once the game calls `finish`: every seat releases its secret (checked against its
   key); `audit.audit` then recomputes the whole deck.

A message that fails a check raises `Misconduct` and changes nothing."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from itertools import islice, product
from typing import Final

from game.logic.cards import N_CARDS, CardCode, code_of
from game.logic.phrase import Phrase, phrase

from .group import (
    CARD_OF_POINT,
    CARD_POINTS,
    POINT_BYTES,
    Point,
    Scalar,
    base_mul,
    is_point,
    is_scalar,
)
from .messages import (
    HINT_BYTES,
    KeyMessage,
    Message,
    SecretMessage,
    ShuffleMessage,
    UnmaskMessage,
)
from .misconduct import Code, Misconduct, Step, card_name, same_card, who, whose
from .proofs import PUBLIC, Context, verify_key, verify_unmask

MIN_HAND_ID = 16
MAX_HAND_ID = 64
_HAND_LABEL = b"canasta-netplay fair hand 1|"
# Readings of an unmask tried at most: a 2-byte hint that fits two of the seat's 108 masked cards
# (about one hand in eight) is read both ways, and only a reading whose proof holds is taken.
MAX_READINGS: Final = 16
# A seat's own masks of the card points whose value starts with the hint given.
Hints = Callable[[bytes], list[Point]]


class Form(IntEnum):
    """How an unmask carries a new value (see `messages`)."""

    POINT = 0  # the value whole
    CARD = 1  # the index of the card point the last unmask of a public card gives
    HINT = 2  # at two seats, its first bytes: the other seat finds it among its own masks


FORM_BYTES: Final = {Form.POINT: POINT_BYTES, Form.CARD: 1, Form.HINT: HINT_BYTES}


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

    value: Point | None  # None until the last seat has sent it (`PublicDeck.stretch`)
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
        """The positions `seat` must unmask now (their values sent)."""
        if self.phase is not Phase.PLAY:
            return []
        return [
            p
            for p, s in enumerate(self.positions)
            if s.waiting and s.waiting[0] == seat and s.value is not None
        ]

    def stretch(self) -> tuple[int, int] | None:
        """The positions of the last seat's deck that openings were asked for and it has not
        sent, as `(start, end)`: from where it stopped to the furthest one asked for."""
        if self.phase is not Phase.PLAY:
            return None
        sent = len(self.shuffles[-1])
        asked = [p for p in range(sent, N_CARDS) if self.positions[p].recipient is not None]
        return (sent, asked[-1] + 1) if asked else None

    def owed(self) -> list[Owed]:
        """Every step some seat owes now (what a deadline watches)."""
        if self.phase is Phase.KEYS:
            return [Owed(s, Step.KEY) for s, key in enumerate(self.keys) if key is None]
        if self.phase is Phase.SHUFFLE:
            return [Owed(len(self.shuffles), Step.SHUFFLE)]
        if self.phase is Phase.PLAY:
            stretch = [Owed(self.seats - 1, Step.SHUFFLE)] if self.stretch() else []
            return stretch + [
                Owed(s.waiting[0], Step.UNMASK, p)
                for p, s in enumerate(self.positions)
                if s.waiting and s.value is not None
            ]
        return [Owed(s, Step.SECRET) for s, secret in enumerate(self.secrets) if secret is None]

    # -- messages --------------------------------------------------------------------------

    def accept(
        self,
        message: Message,
        *,
        own: bool = False,
        points: Sequence[Point] | None = None,
        hints: Hints | None = None,
    ) -> list[int]:
        """Check and record a message; the positions whose opening it completed. `own`: the
        message is this seat's own, made here, so its proofs and points need no checking (an
        own unmask comes with its new values whole, `points`). `hints`: the seat's own masks of
        the card points by hint, to read an unmask that opens a card to it."""
        if isinstance(message, KeyMessage):
            self._accept_key(message)
        elif isinstance(message, ShuffleMessage):
            self._accept_shuffle(message, own)
        elif isinstance(message, UnmaskMessage):
            if own and points is None:
                raise ValueError("a seat's own unmask is recorded with its new values")
            return self._accept_unmask(message, points if own else None, hints)
        else:
            self._accept_secret(message)
        return []

    def _accept_key(self, message: KeyMessage) -> None:
        seat = message.seat
        if self.phase is not Phase.KEYS or self.keys[seat] is not None:
            raise _out_of_turn(
                seat, Step.KEY, phrase("{who} sent a key when none was owed", who=who(seat))
            )
        if not is_point(message.key):
            raise _fault(
                Code.INVALID_POINT,
                seat,
                Step.KEY,
                phrase("{whose} key is no point", whose=whose(seat)),
            )
        context = Context(self.hand_id, seat, Step.KEY)
        if message.key in self.keys or not verify_key(message.key, message.proof, context):
            raise _fault(
                Code.FALSE_KEY,
                seat,
                Step.KEY,
                phrase("{whose} key proof is false", whose=whose(seat)),
            )
        self.keys[seat] = message.key
        if all(key is not None for key in self.keys):
            self.phase = Phase.SHUFFLE

    def _accept_shuffle(self, message: ShuffleMessage, own: bool) -> None:
        seat, deck, start = message.seat, message.deck, message.start
        last = seat == self.seats - 1
        if last and self.phase is Phase.PLAY:
            self._accept_stretch(message, own)
            return
        if self.next_shuffler() != seat:
            raise _out_of_turn(
                seat, Step.SHUFFLE, phrase("{who} shuffled out of turn", who=who(seat))
            )
        if start != 0 or not (last or len(deck) == N_CARDS):
            sentence = _deck_size(seat, start + len(deck))
            raise _fault(Code.WRONG_DECK_SIZE, seat, Step.SHUFFLE, sentence)
        if not own:
            _check_deck(seat, deck, self.shuffles[-1] if self.shuffles else CARD_POINTS)
        self.shuffles.append(deck)
        if last:
            unsent = [Position(None) for _ in range(N_CARDS - len(deck))]
            self.positions = [Position(value) for value in deck] + unsent
            self.phase = Phase.PLAY

    def _accept_stretch(self, message: ShuffleMessage, own: bool) -> None:
        seat, deck, start = message.seat, message.deck, message.start
        sent = self.shuffles[-1]
        if start != len(sent) or not deck:
            sentence = phrase(
                "{who} sent the deck from {card}, not from {expected}",
                who=who(seat),
                card=card_name(start),
                expected=card_name(len(sent)),
            )
            raise _out_of_turn(seat, Step.SHUFFLE, sentence, start)
        if not own:
            _check_deck(seat, deck, self.shuffles[-2], start, sent)
        self.shuffles[-1] = sent + deck
        for offset, value in enumerate(deck):
            self.positions[start + offset].value = value

    def form(self, position: int) -> Form:
        """How the next unmask of `position` carries its new value (see `messages`)."""
        state = self.positions[position]
        if state.recipient == PUBLIC and len(state.waiting) == 1:
            return Form.CARD
        if self.seats == 2:  # the one other seat still masks the card: it reads a hint
            return Form.HINT
        return Form.POINT

    def _accept_unmask(
        self, message: UnmaskMessage, points: Sequence[Point] | None, hints: Hints | None
    ) -> list[int]:
        """`points`: the new values of this seat's own message, made here (no checks needed);
        `hints`: this seat's own masks of the card points, to find a value sent as a hint."""
        seat = message.seat
        key = self.keys[seat]
        for position in message.positions:
            state = self.positions[position] if self.phase is Phase.PLAY else None
            if (
                state is None
                or not state.waiting
                or state.waiting[0] != seat
                or state.value is None
                or key is None
            ):
                sentence = phrase(
                    "{who} sent an unmask of {card} that was not owed",
                    who=who(seat),
                    card=card_name(position),
                )
                raise _out_of_turn(seat, Step.UNMASK, sentence, position)
        if points is None:
            assert key is not None
            points = self._checked(message, key, hints)
        completed = []
        for position, point in zip(message.positions, points, strict=True):
            state = self.positions[position]
            assert state.value is not None
            state.history.append(Unmasking(seat, state.value, point))
            state.unmasked_by.append(seat)
            state.value = point
            state.waiting.pop(0)
            if not state.waiting:
                completed.append(position)
                if state.recipient == PUBLIC:
                    state.face = code_of(CARD_OF_POINT[point])
        return completed

    def _checked(self, message: UnmaskMessage, key: Point, hints: Hints | None) -> list[Point]:
        """The new values of another seat's unmask, rebuilt from their forms and proven."""
        seat, positions = message.seat, message.positions
        forms = [self.form(p) for p in positions]
        size = sum(FORM_BYTES[f] for f in forms)
        if len(message.values) != size:
            sentence = phrase(
                "{who} sent a malformed unmask message: its values are {count} bytes, not {size}",
                who=who(seat),
                count=len(message.values),
                size=size,
            )
            raise _fault(Code.MALFORMED, seat, Step.UNMASK, sentence)
        taken = {state.value for state in self.positions}
        choices: list[list[Point]] = []
        offset = 0
        for position, form in zip(positions, forms, strict=True):
            value = message.values[offset : offset + FORM_BYTES[form]]
            offset += FORM_BYTES[form]
            candidates = self._candidates(seat, position, form, value, hints)
            fresh = [c for c in candidates if c not in taken]
            if not fresh:  # a value already at another position: not this one's
                raise _fault(
                    Code.FALSE_UNMASK, seat, Step.UNMASK, _false(seat, [position]), position
                )
            choices.append(fresh)
        befores = [_valued(self.positions[p]) for p in positions]
        recipients = tuple((p, _recipient(self.positions[p])) for p in positions)
        context = Context(self.hand_id, seat, Step.UNMASK, recipients)
        readings = (r for r in product(*choices) if len(set(r)) == len(r))
        for afters in islice(readings, MAX_READINGS):
            if verify_unmask(key, befores, afters, message.proof, context):
                return list(afters)
        raise _fault(Code.FALSE_UNMASK, seat, Step.UNMASK, _false(seat, positions), positions[0])

    def _candidates(
        self, seat: int, position: int, form: Form, value: bytes, hints: Hints | None
    ) -> list[Point]:
        if form is Form.CARD:
            if value[0] >= N_CARDS:
                sentence = phrase(
                    "{whose} unmask of {card} opens no card",
                    whose=whose(seat),
                    card=card_name(position),
                )
                raise _fault(Code.NOT_A_CARD, seat, Step.UNMASK, sentence, position)
            return [CARD_POINTS[value[0]]]
        if form is Form.HINT:
            assert hints is not None, "a hint is read by the seat whose mask is left"
            found = hints(value)
            if not found:  # at two seats only the sender can be at fault
                sentence = phrase(
                    "{whose} unmask of {card} opens no card: the shuffle or the unmask was false",
                    whose=whose(seat),
                    card=card_name(position),
                )
                raise _fault(Code.NOT_A_CARD, seat, Step.UNMASK, sentence, position)
            return found
        if not is_point(value):
            sentence = phrase(
                "{whose} unmask of {card} is no point", whose=whose(seat), card=card_name(position)
            )
            raise _fault(Code.INVALID_POINT, seat, Step.UNMASK, sentence, position)
        return [Point(value)]

    def _accept_secret(self, message: SecretMessage) -> None:
        seat = message.seat
        if self.phase is not Phase.AUDIT or self.secrets[seat] is not None:
            sentence = phrase(
                "{who} released the secret before the hand was over, or twice", who=who(seat)
            )
            raise _out_of_turn(seat, Step.SECRET, sentence)
        if not is_scalar(message.secret) or base_mul(message.secret) != self.keys[seat]:
            sentence = phrase("{whose} released secret does not match the key", whose=whose(seat))
            raise _fault(Code.FALSE_SECRET, seat, Step.SECRET, sentence)
        self.secrets[seat] = message.secret


def _recipient(state: Position) -> int:
    return PUBLIC if state.recipient is None else state.recipient


def _valued(state: Position) -> Point:
    assert state.value is not None, "only a position whose value was sent is unmasked"
    return state.value


def _false(seat: int, positions: Sequence[int]) -> Phrase:
    """The sentence for an unmask whose proof fails. One proof covers every card of a message,
    so a failed one says the message is false, not which of its cards: a message of several
    cards names them all."""
    if len(positions) == 1:
        return phrase(
            "{whose} unmask of {card} is false", whose=whose(seat), card=card_name(positions[0])
        )
    return phrase(
        "{whose} unmask of stock cards {numbers} and {last} is false (one proof covers them all)",
        whose=whose(seat),
        numbers=", ".join(str(p) for p in positions[:-1]),
        last=positions[-1],
    )


def _deck_size(seat: int, count: int) -> Phrase:
    return phrase(
        "{whose} shuffle has {count} cards, not {size}",
        whose=whose(seat),
        count=count,
        size=N_CARDS,
    )


def _check_deck(
    seat: int,
    deck: Iterable[Point],
    received: Sequence[Point],
    start: int = 0,
    earlier: Sequence[Point] = (),
) -> None:
    """A deck (or the stretch of it from `start`, after the `earlier` values) is valid points,
    none twice and none left as it was received."""
    before = set(received)
    first: dict[Point, int] = {value: position for position, value in enumerate(earlier)}
    for position, value in enumerate(deck, start):
        if not is_point(value):
            sentence = phrase(
                "{whose} shuffle puts no point at {card}",
                whose=whose(seat),
                card=card_name(position),
            )
            raise _fault(Code.INVALID_POINT, seat, Step.SHUFFLE, sentence, position)
        if value in first:
            sentence = same_card(seat, first[value], position)
            raise _fault(Code.DUPLICATE_CARD, seat, Step.SHUFFLE, sentence, position)
        if value in before:
            sentence = phrase(
                "{whose} shuffle left {card} unmasked", whose=whose(seat), card=card_name(position)
            )
            raise _fault(Code.FALSE_SHUFFLE, seat, Step.SHUFFLE, sentence, position)
        first[value] = position


def _fault(
    code: Code, seat: int | None, step: Step, sentence: Phrase, position: int | None = None
) -> Misconduct:
    return Misconduct(code, sentence, seat=seat, step=step, position=position)


def _out_of_turn(
    seat: int, step: Step, sentence: Phrase, position: int | None = None
) -> Misconduct:
    return _fault(Code.OUT_OF_TURN, seat, step, sentence, position)
