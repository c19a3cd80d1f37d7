"""A deadline on owed steps, on the caller's clock: a seat that withholds a step is named.

The protocol cannot tell a slow seat from one that refuses to unmask a card it would rather the
recipient did not get; only time can. The caller (which has a clock) passes what is owed now
(`PublicDeck.owed()`) and the current time to `check`, as often as it likes; every step owed for
longer than the allowance comes back as a `withheld` `Misconduct`, and the game decides what to do
(the network layer already gives a silent host 30 s)."""

from __future__ import annotations

from collections.abc import Iterable

from .deck import Owed
from .misconduct import Code, Misconduct, Step, card_name

_WHAT = {
    Step.KEY: "its key",
    Step.SHUFFLE: "its shuffle",
    Step.UNMASK: "its unmask of",
    Step.SECRET: "its secret",
}


class Deadline:
    def __init__(self, allowance: float) -> None:
        if allowance <= 0:
            raise ValueError("the allowance is a positive number of seconds")
        self.allowance = allowance
        self._since: dict[Owed, float] = {}

    def check(self, owed: Iterable[Owed], now: float) -> list[Misconduct]:
        """The steps owed for longer than the allowance at `now` (seconds, any fixed origin)."""
        self._since = {step: self._since.get(step, now) for step in owed}
        return [
            _withheld(step, now - since)
            for step, since in self._since.items()
            if now - since >= self.allowance
        ]


def _withheld(owed: Owed, waited: float) -> Misconduct:
    what = _WHAT.get(owed.step, "a step")
    if owed.position is not None:
        what = f"{what} {card_name(owed.position)}"
    sentence = f"seat {owed.seat} has withheld {what} for {waited:.0f} s"
    return Misconduct(
        Code.WITHHELD, sentence, seat=owed.seat, step=owed.step, position=owed.position
    )
