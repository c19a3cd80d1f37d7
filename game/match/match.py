"""The one interface the card table talks to, whoever the opponent is.

A `Match` is a game seen from the seat of the person at the keyboard: what they see (a
`TableState`), what they may do (`check`), their action (`play`), the opponent's actions as they
arrive (`Change`s taken one at a time with `next_change`, each carrying the picture after it and
the engine events to animate), words for the table to show (`Note`s from `pump`), hints, undo to
an earlier turn where allowed, AutoPlay or AutoPilot, the next hand, saving, and the names and
lines the table prints. `LocalMatch` plays against the computer on this machine; `NetMatch`
against a person over the network. The table never learns which: where they differ, the match
says so through this interface (`earlier_turns`, `watching`, `restart`, the texts).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from game.logic.actions import Action
from game.logic.cut import Cut
from game.logic.events import Event
from game.match.state import TableState
from game.settings import Preferences


@dataclass(frozen=True)
class Change:
    """One step of the game to show: the picture after it and the events that led there.

    `paced` changes (the opponent's moves) are shown one at a time, after the cards have come to
    rest and a short pause, so a person can follow them; the player's own show at once.
    `swaps` are pairs of face-down card ids to exchange on the board before animating."""

    state: TableState
    events: tuple[Event, ...]
    paced: bool = False
    swaps: tuple[tuple[int, int], ...] = ()
    by_me: bool = False  # the person at the keyboard made this move


@dataclass(frozen=True)
class Note:
    """Words for the table: a line in the status bar (`error` rings the refusal sound)."""

    text: str
    error: bool = False


@dataclass(frozen=True)
class Refused(Note):
    """The player's move was not accepted; nothing changed."""

    error: bool = True


@dataclass(frozen=True)
class Alert(Note):
    """Something the player must acknowledge, shown in a dialog."""

    title: str = ""


@dataclass(frozen=True)
class HintReady(Note):
    """A suggestion for the player's turn: `text` says why, `actions` are the moves."""

    actions: tuple[Action, ...] = ()


@dataclass(frozen=True)
class ChatArrived(Note):
    """A chat line came in from the other player."""


@dataclass(frozen=True)
class TurnMark:
    """Where one of the person's turns began: actions applied before it, and its numbers."""

    log_index: int
    hand_no: int
    turn_no: int

    def to_json(self) -> list[int]:
        return [self.log_index, self.hand_no, self.turn_no]


class Match(ABC):
    """A game from the seat of the person at the keyboard; see the module docstring."""

    def __init__(self) -> None:
        self.changes: deque[Change] = deque()

    # -- what I see -----------------------------------------------------------------------------
    @property
    @abstractmethod
    def state(self) -> TableState:
        """The picture after every change so far (shown or still queued)."""

    @property
    @abstractmethod
    def opening(self) -> Sequence[Event]:
        """Events to animate as the table opens (the deal of a fresh game), else none."""

    @property
    @abstractmethod
    def opponent_name(self) -> str: ...

    @property
    @abstractmethod
    def opponent_line(self) -> str:
        """Under the opponent's name: who or what it is."""

    @property
    def other_names(self) -> tuple[str, ...]:
        """The names of seats 1, 2, ... (the only opponent's with two players)."""
        return (self.opponent_name,)

    def seat_line(self, seat: int) -> str:
        """Under the name of seat `seat` (not the person's): who or what plays it."""
        return self.opponent_line

    @abstractmethod
    def level_text(self) -> str:
        """The status bar's corner: the opponent's level, or the connection."""

    @abstractmethod
    def status_text(self) -> str:
        """The status bar when nothing else is said and it is not the player's turn, or when
        something stops play (a lost connection); empty when the table should speak."""

    # -- what I may do --------------------------------------------------------------------------
    @abstractmethod
    def check(self, action: Action) -> str | None:
        """None if `action` is allowed for me now, else the sentence saying why not."""

    @abstractmethod
    def play(self, action: Action) -> str | None:
        """Make my move; returns the sentence to show if it was refused at once (else None:
        the move's change arrives through `next_change`, or a `Refused` note later)."""

    def next_change(self) -> Change | None:
        """The oldest change not yet shown, taken off the queue."""
        return self.changes.popleft() if self.changes else None

    @property
    def opponent_pending(self) -> bool:
        """Whether some of the opponent's moves are still to be shown."""
        return any(change.paced for change in self.changes)

    @property
    def next_paced(self) -> bool:
        """Whether the next change waits for the table to be at rest."""
        return bool(self.changes) and self.changes[0].paced

    @abstractmethod
    def pump(self) -> list[Note]:
        """Every frame: network, the computer's answers; returns words for the table."""

    @abstractmethod
    def next_hand(self) -> str:
        """Start the next hand once the player has read the scores; returns a line to show."""

    # -- help -----------------------------------------------------------------------------------
    @abstractmethod
    def ask_hint(self) -> None:
        """Start thinking about a suggestion; a `HintReady` note brings it."""

    @abstractmethod
    def cancel_hint(self) -> None: ...

    @property
    @abstractmethod
    def thinking(self) -> bool:
        """Whether the computer is working out the opponent's move."""

    # -- AutoPlay / AutoPilot -------------------------------------------------------------------
    @property
    @abstractmethod
    def autoplay(self) -> bool:
        """Whether the computer plays my turns (AutoPlay against the computer, AutoPilot online)."""

    @property
    @abstractmethod
    def watching(self) -> bool:
        """Whether the computer plays both seats and the player watches (AutoPlay)."""

    @abstractmethod
    def set_autoplay(self, on: bool, level: str) -> str:
        """Turn the computer on or off for my turns; returns the line to show."""

    @abstractmethod
    def preferences_changed(self, prefs: Preferences) -> None:
        """The player changed the computer's level or manner in the options."""

    # -- turns gone by, saving, the end ---------------------------------------------------------
    @abstractmethod
    def earlier_turns(self) -> list[TurnMark]:
        """The player's turns in this hand that can be gone back to (none over the network)."""

    def recent_events(self) -> list[Event]:
        """What the last few moves of the game on the table did, for the "Last plays" panel
        when the game was put there afresh (resumed, an earlier turn, AutoStep's As was)."""
        return []

    def take_notice(self) -> str:
        """Words the table adds to its next line, once (a game just became practice); ""."""
        return ""

    def take_cut(self) -> Cut | None:
        """The cut for the deal that started the game just made, once; None if there was
        none (the preference is off, a numbered deal, a game over the network)."""
        return None

    @abstractmethod
    def rewind(self, mark: TurnMark) -> str | None:
        """Go back to the start of `mark`'s turn (the queue is emptied and a fresh change
        queued); returns the sentence to show if it could not be done."""

    @abstractmethod
    def restart(self, prefs: Preferences) -> str | None:
        """A new game in this match ("New game"): a change with the deal is queued; returns a
        warning or "". None: a new game is not dealt here (the table leaves instead)."""

    @property
    @abstractmethod
    def finished(self) -> bool:
        """Whether the game is over (or can no longer be played)."""

    @abstractmethod
    def close(self) -> None:
        """The table is leaving: stop thinking, finish saving, say goodbye."""
