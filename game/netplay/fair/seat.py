"""One seat's part in a hand's deck: its secret, the messages it owes, the cards opened to it.

A `Seat` is the whole protocol for one player, sans-I/O: it makes the seat's own messages
(`key_message`, `shuffle_message`, `unmask_message`, `secret_message`), takes every other seat's
through `receive` (decoded by `messages.decode`), and learns a card only when it is opened to it:
privately, by removing its own mask last once every other seat has removed theirs, or publicly.
It holds its secret and the public transcript (`public`), never another seat's card before that
card was opened to it. Randomness comes from the callable it is given (the system's generator
only when none is), so a test can replay a hand byte for byte."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import nacl.utils

from game.logic.cards import N_CARDS, CardCode, code_of
from game.logic.phrase import phrase

from .audit import AuditReport, audit
from .deck import FORM_BYTES, Form, Phase, PublicDeck
from .group import (
    CARD_OF_POINT,
    CARD_POINTS,
    Point,
    RandomBytes,
    base_mul,
    mask,
    random_scalar,
    unmask,
)
from .messages import (
    HINT_BYTES,
    KeyMessage,
    Message,
    SecretMessage,
    ShuffleMessage,
    UnmaskMessage,
)
from .misconduct import Code, Misconduct, Step, card_name, who
from .names import CardNames, OpenedCard
from .proofs import PUBLIC, Context, prove_key, prove_unmask

_Own = TypeVar("_Own", KeyMessage, ShuffleMessage, SecretMessage)


class Seat:
    def __init__(
        self, seat: int, seats: int, hand_id: bytes, random: RandomBytes | None = None
    ) -> None:
        if not 0 <= seat < seats:
            raise ValueError(f"seat {seat} is not at a table of {seats}")
        self.seat = seat
        self.public = PublicDeck(hand_id, seats)
        self._random: RandomBytes = nacl.utils.random if random is None else random
        self._secret = random_scalar(self._random)
        self._key = base_mul(self._secret)
        self._names = CardNames()
        self.hand: dict[int, OpenedCard] = {}  # opened to this seat alone, by position
        self.table: dict[int, OpenedCard] = {}  # opened to every seat, by position
        self._masks: dict[bytes, list[Point]] | None = None  # see `_hinted`
        self._deck: tuple[Point, ...] = ()  # the last seat's whole deck, sent in stretches

    # -- the seat's own messages -------------------------------------------------------------

    def key_message(self) -> KeyMessage:
        proof = prove_key(self._secret, self._context(Step.KEY), self._random)
        return self._own(KeyMessage(self.seat, self._key, proof))

    def shuffle_message(self) -> ShuffleMessage:
        """Mask every card of the deck received and put them in a random order. The last seat
        keeps its deck and sends none of it yet: it sends each stretch as openings reach it
        (`unmask_message`)."""
        if self.public.next_shuffler() != self.seat:
            raise ValueError(f"seat {self.seat} is not the one to shuffle now")
        received = self.public.shuffles[-1] if self.public.shuffles else CARD_POINTS
        deck = [mask(self._secret, value) for value in received]
        for i in range(N_CARDS - 1, 0, -1):  # Fisher-Yates
            j = self._below(i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        if self.seat == self.public.seats - 1:
            self._deck = tuple(deck)
            return self._own(ShuffleMessage(self.seat, ()))
        return self._own(ShuffleMessage(self.seat, tuple(deck)))

    def unmask_message(self) -> ShuffleMessage | UnmaskMessage | None:
        """What this seat owes the openings next, or None: the last seat first sends the
        stretch of its deck they reach (`PublicDeck.stretch`), then every seat its unmasks
        (`unmasks`)."""
        stretch = self.public.stretch()
        if stretch is not None and self.seat == self.public.seats - 1:
            start, end = stretch
            return self._own(ShuffleMessage(self.seat, self._deck[start:end], start))
        return self.unmasks()

    def unmasks(self) -> UnmaskMessage | None:
        """This seat's unmask of every position waiting for it, with one proof for them all, or
        None if none is. A card this seat opens to every seat last that is no card (a shuffle
        was false) is `Misconduct`: it could not be sent as a card."""
        due = self.public.due(self.seat)
        if not due:
            return None
        positions = [self.public.positions[p] for p in due]
        befores: list[Point] = []
        for state in positions:
            assert state.value is not None  # `due` holds only positions whose value was sent
            befores.append(state.value)
        afters = [unmask(self._secret, value) for value in befores]
        values = []
        for position, after in zip(due, afters, strict=True):
            form = self.public.form(position)
            if form is Form.CARD:
                card = CARD_OF_POINT.get(after)
                if card is None:
                    sentence = phrase(
                        "{card}, opened to every seat, is no card: a shuffle was false",
                        card=card_name(position),
                    )
                    raise Misconduct(
                        Code.NOT_A_CARD, sentence, seat=None, step=Step.UNMASK, position=position
                    )
                values.append(bytes([card]))
            else:
                values.append(after[: FORM_BYTES[form]])
        cards = tuple(
            (p, PUBLIC if s.recipient is None else s.recipient)
            for p, s in zip(due, positions, strict=True)
        )
        context = Context(self.public.hand_id, self.seat, Step.UNMASK, cards)
        proof = prove_unmask(self._secret, self._key, befores, afters, context, self._random)
        message = UnmaskMessage(self.seat, tuple(due), b"".join(values), proof)
        self._opened(self.public.accept(message, own=True, points=afters))
        return message

    def secret_message(self) -> SecretMessage:
        """The secret, for the audit once the hand is over (refused before `finish`)."""
        if self.public.phase is not Phase.AUDIT:
            raise ValueError("a secret is released only once the hand is finished")
        return self._own(SecretMessage(self.seat, self._secret))

    # -- what the game asks, the same at every seat -----------------------------------------

    def open_to(
        self, recipient: int, positions: Sequence[int], order: Sequence[int] | None = None
    ) -> None:
        self.public.request(positions, recipient, order)

    def open_publicly(self, positions: Sequence[int], order: Sequence[int] | None = None) -> None:
        self.public.request(positions, PUBLIC, order)

    def finish(self) -> None:
        self.public.finish()

    def audit(self) -> AuditReport:
        return audit(self.public)

    # -- other seats' messages ----------------------------------------------------------------

    def receive(self, message: Message) -> list[OpenedCard]:
        """Check and record another seat's message; the cards it opened to this seat.

        A card opened to this seat that turns out to be no card raises `not_a_card` after the
        unmasks that opened it are recorded: they were honest, the deck was not."""
        if message.seat == self.seat or not 0 <= message.seat < self.public.seats:
            raise ValueError(f"seat {self.seat} cannot receive a message from seat {message.seat}")
        return self._opened(self.public.accept(message, hints=self._hinted))

    # -- inside -------------------------------------------------------------------------------

    def _own(self, message: _Own) -> _Own:
        self.public.accept(message, own=True)
        return message

    def _context(self, step: Step) -> Context:
        return Context(self.public.hand_id, self.seat, step)

    def _hinted(self, hint: bytes) -> list[Point]:
        """This seat's masks of the card points whose value starts with `hint` (the table is
        made once a hand, when a card first opens to this seat by hint)."""
        if self._masks is None:
            self._masks = {}
            for point in CARD_POINTS:
                value = mask(self._secret, point)
                self._masks.setdefault(value[:HINT_BYTES], []).append(value)
        return list(self._masks.get(hint, ()))

    def _below(self, bound: int) -> int:
        """Uniform in [0, bound) from 32-bit random words, by rejection (no modulo bias)."""
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            value = int.from_bytes(self._random(4), "big")
            if value < limit:
                return value % bound

    def _opened(self, positions: list[int]) -> list[OpenedCard]:
        cards = []
        for position in positions:
            state = self.public.positions[position]
            if state.recipient == PUBLIC:
                assert state.face is not None
                cards.append(self._see(position, state.face, self.table))
            elif state.recipient == self.seat:
                assert state.value is not None
                cards.append(
                    self._see(position, self._last_mask_off(position, state.value), self.hand)
                )
        return cards

    def _last_mask_off(self, position: int, value: Point) -> CardCode:
        card = CARD_OF_POINT.get(unmask(self._secret, value))
        if card is None:
            sentence = phrase(
                "{card}, opened to {who}, is no card: a shuffle was false",
                card=card_name(position),
                who=who(self.seat),
            )
            raise Misconduct(
                Code.NOT_A_CARD, sentence, seat=None, step=Step.UNMASK, position=position
            )
        return code_of(card)

    def _see(self, position: int, face: CardCode, where: dict[int, OpenedCard]) -> OpenedCard:
        opened = self._names.name(position, face)
        where[position] = opened
        return opened
