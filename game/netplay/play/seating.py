"""Who sits where at a table of three or four before its game starts: the host tells every
guest that has joined (and again whenever a guest joins or a seat is freed), so the rules are
read knowing the partner and the opponents. The game's own `table` message settles the seats
for good once every guest has accepted; this is only what a screen shows meanwhile. During play
the host tells the other guests when a guest's connection is down, and when it is back (`Away`),
so every seat waits and says for whom."""

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


@dataclass(frozen=True)
class Away:
    """During play, the guest seats whose connection is down (`seats`, empty once every guest
    is back) and when the table gives up on them (`until`, on the recipient's clock): the host
    tells the other guests, who wait too, since nobody can play a dropped guest's seat."""

    seats: tuple[int, ...]
    until: float

    @staticmethod
    def payload(seats: list[int], seconds: float) -> list[Any]:
        return [p.AWAY, sorted(seats), max(0, min(3600, round(seconds)))]

    @classmethod
    def read(cls, payload: list[Any], players: int, seat: int, now: float) -> Away:
        """From a validated payload; raises `ProtocolError` if it names a seat that is not
        another guest's."""
        _kind, seats, seconds = payload
        if any(not 0 < s < players or s == seat for s in seats):
            raise ProtocolError("bad_away", "the table's missing seats are not other guests'")
        return cls(tuple(sorted(set(seats))), now + seconds)

    def seconds_left(self, now: float) -> float:
        return max(0.0, self.until - now) if self.seats else 0.0
