"""What the records keep of one hand, and how to read it out of a game's replay.

A `HandRecord` is plain data: every side's score breakdown (the items of `game.logic.scoring`;
a side is a player, or a partnership of two at four), the seat that went out, whether concealed,
why the hand ended, how many turns were played, and per side the canastas on the table at the end
and the times the pile was taken (a take that was given back does not count). `hands_from_replay` replays a replay document once
and returns a record for every finished hand; `HandTally` does the same from live events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.logic import events as ev
from game.logic.engine import Game
from game.logic.errors import IllegalAction
from game.logic.events import Event
from game.logic.replay import game_from_replay
from game.logic.scoring import ITEMS


@dataclass(frozen=True)
class HandRecord:
    """One finished hand. Tuples are indexed by side: the seat with two or three players,
    seat % 2 with four; `went_out` is a seat."""

    hand_no: int
    scores: tuple[dict[str, int], ...]
    went_out: int | None = None
    concealed: bool = False
    reason: str = "went_out"
    turns: int = 0
    canastas: tuple[int, ...] = (0, 0)
    pile_takes: tuple[int, ...] = (0, 0)
    # Convenience for the totals of the breakdowns.
    totals: tuple[int, ...] = field(init=False)

    def __post_init__(self) -> None:
        if len(self.scores) < 2 or not len(self.scores) == len(self.canastas) == len(
            self.pile_takes
        ):
            raise ValueError("a hand record needs one score, canasta count and take count a side")
        for score in self.scores:
            missing = [item for item in (*ITEMS, "total") if item not in score]
            if missing:
                raise ValueError(f"a hand score lacks {', '.join(missing)}")
        object.__setattr__(self, "totals", tuple(int(score["total"]) for score in self.scores))


class HandTally:
    """Counts what the score breakdowns leave out (pile takes), from the engine's events.

    Feed it the events of every action in order; at the end of each hand `observe` returns the
    hand's record.
    """

    def __init__(self) -> None:
        self.takes: list[int] = []  # by seat, this hand (sized by the first game observed)

    def observe(self, game: Game, events: list[Event]) -> HandRecord | None:
        done: HandRecord | None = None
        if not self.takes:
            self.takes = [0] * game.n_players
        for event in events:
            if event.kind == ev.PILE_TAKEN:
                self.takes[event.player] += 1
            elif event.kind == ev.PILE_RETURNED:
                self.takes[event.player] -= 1
            elif event.kind == ev.HAND_OVER:
                done = self._hand(game)
                self.takes = [0] * game.n_players
        return done

    def _hand(self, game: Game) -> HandRecord:
        last = game.history[-1]
        sides = range(game.n_sides)
        # Partners share their side's melds, so the first seat of a side (its side number)
        # holds the side's canastas; both partners' takes count for the side.
        return HandRecord(
            hand_no=int(last["hand"]),
            scores=tuple(dict(last["scores"][side]) for side in sides),
            went_out=last["went_out"],
            concealed=bool(last["concealed"]),
            reason=str(last["reason"]),
            turns=game.turn.no,
            canastas=tuple(game.players[side].canastas() for side in sides),
            pile_takes=tuple(
                sum(n for seat, n in enumerate(self.takes) if game.side_of(seat) == side)
                for side in sides
            ),
        )


def replay_hands(doc: dict[str, Any]) -> tuple[Game, list[HandRecord]]:
    """The game in `doc` with its actions applied up to the first illegal one, and a record of
    every hand finished on the way. Raises `game.logic.replay.ReplayError` for a document that
    cannot be dealt at all."""
    game, actions = game_from_replay(doc)
    tally = HandTally()
    records: list[HandRecord] = []
    for raw in actions:
        try:
            events = game.apply(raw)
        except IllegalAction:
            break
        record = tally.observe(game, events)
        if record is not None:
            records.append(record)
    return game, records


def hands_from_replay(doc: dict[str, Any]) -> list[HandRecord]:
    """Every finished hand of the game in `doc` (see `replay_hands`)."""
    return replay_hands(doc)[1]
