"""A recorded game shown on the real table, one action at a time, forward and back.

`ReplayMatch` is a `Match` over a replay document: nothing the player does at the table is a
move (every check says how to step), `forward` applies the next recorded action and queues its
change so the table animates it, `back` rebuilds the game from the document cut one action
earlier (as going back a turn does) and queues a fresh picture. At the end of a hand the table's
score sheet appears as in play; its Continue is the recorded deal of the next hand. The game is
seen from the player's own seat at the bottom (a network game's guest sat in seat 1: the seats
are exchanged, as `NetMatch` does), with the opponent's cards face down as in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.logic.actions import Action
from game.logic.events import Event
from game.logic.replay import game_from_replay, load_replay
from game.logic.view import player_view
from game.match.hidden import event_seats_exchanged, seats_exchanged
from game.match.local_match import picture
from game.match.match import Change, HintReady, Match, Note, TurnMark
from game.match.state import TableState, table_state
from game.settings import Preferences

STEP_WORDS = "This is a replay: \u2192 steps forward, \u2190 steps back."


class ReplayMatch(Match):
    """Stepping through `doc` (a `canasta-replay/1` document)."""

    def __init__(
        self,
        doc: dict[str, Any],
        opponent: str,
        seat: int = 0,
        opponent_level: str = "",
        other_names: tuple[str, ...] = (),
    ) -> None:
        """`opponent` is named as the live table named it ("Computer", a network player's
        name); `opponent_level` is a computer's level title ("Advanced"); `other_names` names
        seats 1, 2, ... of a game of three or four."""
        super().__init__()
        self.doc = doc
        self.game, self.actions = game_from_replay(doc)
        self.index = 0
        self.opponent = opponent
        self.opponent_level = opponent_level
        self.seat = seat
        self._other_names = other_names or (opponent,)
        self._state = self._picture()
        self._opening: tuple[Event, ...] = self._events(self.game.last_events)
        self._notes: list[Note] = []

    # -- what I see -----------------------------------------------------------------------------
    @property
    def state(self) -> TableState:
        return self._state

    @property
    def opening(self) -> Sequence[Event]:
        return self._opening

    @property
    def opponent_name(self) -> str:
        return self.opponent

    @property
    def other_names(self) -> tuple[str, ...]:
        return self._other_names

    @property
    def opponent_line(self) -> str:
        return f"{self.opponent_level} level, replay" if self.opponent_level else "Replay"

    def level_text(self) -> str:
        return f"Replay: move {self.index} of {len(self.actions)}"

    def status_text(self) -> str:
        if self.index >= len(self.actions):
            return "The end of the recorded game: \u2190 steps back, Esc leaves."
        return STEP_WORDS

    # -- stepping -------------------------------------------------------------------------------
    def forward(self) -> bool:
        """Apply the next recorded action; False at the end."""
        if self.index >= len(self.actions):
            return False
        events = self.game.apply(self.actions[self.index])
        self.index += 1
        self._state = self._picture()
        self.changes.append(Change(self._state, self._events(events)))
        return True

    def back(self) -> bool:
        """Show the game one action earlier; False at the start."""
        if self.index == 0:
            return False
        self.index -= 1
        cut = dict(self.doc, actions=list(self.actions[: self.index]))
        self.game = load_replay(cut).game
        self.changes.clear()
        self._state = self._picture()
        self.changes.append(Change(self._state, ()))
        return True

    def _picture(self) -> TableState:
        """The table's picture from the player's seat, always drawn at the bottom."""
        game = self.game
        if self.seat == 0:
            return picture(game)
        history = [
            dict(
                hand,
                scores=list(hand["scores"])[::-1],
                totals=list(hand["totals"])[::-1],
                went_out=None if hand["went_out"] is None else 1 - hand["went_out"],
                first_player=1 - hand["first_player"],
            )
            for hand in game.history
        ]
        view = seats_exchanged(player_view(game, 1))
        return table_state(view, game.stock, game.talons, game.players[0].hand, history)

    def _events(self, events: Sequence[Event]) -> tuple[Event, ...]:
        if self.seat == 0:
            return tuple(events)
        return tuple(event_seats_exchanged(event) for event in events)

    # -- what I may do: nothing, it is a replay -------------------------------------------------
    def check(self, action: Action) -> str | None:
        return STEP_WORDS

    def play(self, action: Action) -> str | None:
        return STEP_WORDS

    def pump(self) -> list[Note]:
        notes, self._notes = self._notes, []
        return notes

    def next_hand(self) -> str:
        self.forward()
        return ""

    def ask_hint(self) -> None:
        self._notes.append(HintReady("There are no suggestions in a replay."))

    def cancel_hint(self) -> None:
        self._notes.clear()

    @property
    def thinking(self) -> bool:
        return False

    @property
    def autoplay(self) -> bool:
        return False

    @property
    def watching(self) -> bool:
        return False

    def set_autoplay(self, on: bool, level: str) -> str:
        return STEP_WORDS

    def preferences_changed(self, prefs: Preferences) -> None:
        """Nobody thinks in a replay, so no preference changes it."""

    def earlier_turns(self) -> list[TurnMark]:
        return []

    def rewind(self, mark: TurnMark) -> str | None:
        return STEP_WORDS

    def restart(self, prefs: Preferences) -> str | None:
        return None  # "New game" leaves the replay

    @property
    def finished(self) -> bool:
        return self.index >= len(self.actions)

    def close(self) -> None:
        self.changes.clear()
