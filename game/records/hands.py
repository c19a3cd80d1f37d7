"""What the records keep of one hand, and how to read it out of a game's replay.

A `HandRecord` is plain data: both players' score breakdowns (the items of
`game.logic.scoring`), who went out, whether concealed, why the hand ended, how many turns were
played, and per player the canastas on the table at the end and the times the pile was taken
(a take that was given back does not count). `hands_from_replay` replays a replay document once
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
    """One finished hand. Pairs are indexed by seat (0 and 1)."""

    hand_no: int
    scores: tuple[dict[str, int], dict[str, int]]
    went_out: int | None = None
    concealed: bool = False
    reason: str = "went_out"
    turns: int = 0
    canastas: tuple[int, int] = (0, 0)
    pile_takes: tuple[int, int] = (0, 0)
    # Convenience for the totals of the breakdowns.
    totals: tuple[int, int] = field(init=False)

    def __post_init__(self) -> None:
        for score in self.scores:
            missing = [item for item in (*ITEMS, "total") if item not in score]
            if missing:
                raise ValueError(f"a hand score lacks {', '.join(missing)}")
        object.__setattr__(
            self, "totals", (int(self.scores[0]["total"]), int(self.scores[1]["total"]))
        )


class HandTally:
    """Counts what the score breakdowns leave out (pile takes), from the engine's events.

    Feed it the events of every action in order; at the end of each hand `observe` returns the
    hand's record.
    """

    def __init__(self) -> None:
        self.takes = [0, 0]

    def observe(self, game: Game, events: list[Event]) -> HandRecord | None:
        done: HandRecord | None = None
        for event in events:
            if event.kind == ev.PILE_TAKEN:
                self.takes[event.player] += 1
            elif event.kind == ev.PILE_RETURNED:
                self.takes[event.player] -= 1
            elif event.kind == ev.HAND_OVER:
                last = game.history[-1]
                done = HandRecord(
                    hand_no=int(last["hand"]),
                    scores=(dict(last["scores"][0]), dict(last["scores"][1])),
                    went_out=last["went_out"],
                    concealed=bool(last["concealed"]),
                    reason=str(last["reason"]),
                    turns=game.turn.no,
                    canastas=(game.players[0].canastas(), game.players[1].canastas()),
                    pile_takes=(self.takes[0], self.takes[1]),
                )
                self.takes = [0, 0]
        return done


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
