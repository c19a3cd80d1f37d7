"""Who sits where at a table of three or four before its game starts: the host tells every
guest that has joined (and again whenever a guest joins or a seat is freed), so the rules are
read knowing the partner and the opponents. The game's own `table` message settles the seats
for good once every guest has accepted; this is only what a screen shows meanwhile."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import ProtocolError
from ..wire import payloads as p
from ..wire.text import clean_text


@dataclass(frozen=True)
class Seating:
    """`seat`: the recipient's; `names` every seat's (the host's first); `guests` the guest
    seats, `joined` those a guest has taken; `levels` a computer seat's level, "" for a person."""

    seat: int
    names: tuple[str, ...]
    guests: tuple[int, ...]
    joined: tuple[int, ...]
    levels: tuple[str, ...]

    def payload(self) -> list[Any]:
        return [
            p.SEATING,
            self.seat,
            list(self.names),
            list(self.guests),
            list(self.joined),
            list(self.levels),
        ]

    @classmethod
    def read(cls, payload: list[Any]) -> Seating:
        """From a validated payload; raises `ProtocolError` if its seats do not fit together."""
        _kind, seat, names, guests, joined, levels = payload
        players = len(names)
        seats = range(1, players)
        if (
            len(levels) != players
            or seat not in guests
            or any(g not in seats for g in guests)
            or any(j not in guests for j in joined)
        ):
            raise ProtocolError("bad_seating", "the table's seats do not fit together")
        return cls(
            seat,
            tuple(clean_text(name, 32) for name in names),
            tuple(sorted(set(guests))),
            tuple(sorted(set(joined))),
            tuple(clean_text(level, 16) for level in levels),
        )

    @property
    def players(self) -> int:
        return len(self.names)
