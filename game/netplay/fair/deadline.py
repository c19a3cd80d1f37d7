"""A deadline on owed steps, on the caller's clock: a seat that withholds a step is named.

The protocol cannot tell a slow seat from one that refuses to unmask a card it would rather the
recipient did not get; only time can. The caller (which has a clock) passes what is owed now
(`PublicDeck.owed()`) and the current time to `check`, as often as it likes; every step owed for
longer than the allowance comes back as a `withheld` `Misconduct`, and the game decides what to do
(the network layer already gives a silent host 30 s)."""

from __future__ import annotations

from collections.abc import Iterable

from game.logic.phrase import phrase, refilled

from .deck import Owed
from .misconduct import Code, Misconduct, Step, card_name, who

_WHAT = {
    Step.KEY: phrase("{who} did not send the key within {seconds} s"),
    Step.SHUFFLE: phrase("{who} did not send the shuffle within {seconds} s"),
    Step.SECRET: phrase("{who} did not send the secret within {seconds} s"),
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
    seconds = round(waited)
    if owed.position is not None:
        sentence = phrase(
            "{who} did not send the unmask of {card} within {seconds} s",
            who=who(owed.seat),
            card=card_name(owed.position),
            seconds=seconds,
        )
    elif owed.step in _WHAT:
        sentence = refilled(_WHAT[owed.step], who=who(owed.seat), seconds=seconds)
    else:
        sentence = phrase(
            "{who} did not send a step within {seconds} s", who=who(owed.seat), seconds=seconds
        )
    return Misconduct(
        Code.WITHHELD, sentence, seat=owed.seat, step=owed.step, position=owed.position
    )
