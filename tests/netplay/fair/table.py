"""A table of `Seat`s for the tests: deterministic randomness, every message through msgpack and
`decode`, as the wire would carry it, and a transcript of what was sent."""

from __future__ import annotations

from collections.abc import Sequence

import msgpack

from game.netplay.fair import Message, Seat, decode, hand_id
from tests.netplay.fair.streams import seeded


class Table:
    def __init__(self, seats: int, seed: bytes = b"seed", hand: int = 1) -> None:
        self.hand_id = hand_id("test-game", hand)
        self.seats = [Seat(i, seats, self.hand_id, seeded(seed + bytes([i]))) for i in range(seats)]
        self.sent: list[tuple[int, bytes]] = []
        self.messages: list[Message] = []

    def send(self, message: Message) -> None:
        """Deliver a seat's own message to every other seat, through msgpack and `decode`."""
        packed = msgpack.packb(message.encode())
        self.sent.append((message.seat, packed))
        self.messages.append(message)
        for seat in self.seats:
            if seat.seat != message.seat:
                seat.receive(decode(msgpack.unpackb(packed), message.seat))

    def setup(self) -> None:
        for seat in self.seats:
            self.send(seat.key_message())
        for seat in self.seats:
            self.send(seat.shuffle_message())

    def stretch(self) -> None:
        """The last seat sends the stretch of its deck the openings asked for reach, if any."""
        last = self.seats[-1]
        if last.public.stretch() is not None:
            message = last.unmask_message()
            assert message is not None
            self.send(message)

    def pump(self) -> None:
        """Every seat sends the unmasks it owes, until none owes any."""
        progress = True
        while progress:
            progress = False
            for seat in self.seats:
                message = seat.unmask_message()
                if message is not None:
                    self.send(message)
                    progress = True

    def open_to(self, recipient: int, positions: Sequence[int]) -> None:
        for seat in self.seats:
            seat.open_to(recipient, positions)
        self.pump()

    def open_publicly(self, positions: Sequence[int]) -> None:
        for seat in self.seats:
            seat.open_publicly(positions)
        self.pump()

    def finish(self) -> None:
        for seat in self.seats:
            seat.finish()
        for seat in self.seats:
            self.send(seat.secret_message())
