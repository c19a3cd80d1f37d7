"""The turn in progress: what the player to move has done since it began (`TurnState`), and the
snapshots an undo goes back to (`UndoSnapshot`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..actions import Action
from ..cards import CardId
from ..phases import Phase
from .player_state import PlayerState

# Where "May I go out?" stands this turn (RULES.md 9.1): not asked, asked and waiting for the
# partner's answer, answered "Yes" (the player must go out) or "No" (they may not).
NOT_ASKED: Final = 0
ASKED: Final = 1
YES: Final = 2
NO: Final = 3


class UndoSnapshot:
    """What an undo restores: the mover's cards and turn flags, and the pile (only when the pile
    was taken); and for a meld, the legal actions listed just before it, when they were (see
    `Game._relisted`)."""

    __slots__ = (
        "black_threes",
        "drew",
        "listing",
        "locked",
        "phase",
        "pile",
        "pile_freezers",
        "player",
        "top",
    )

    def __init__(
        self,
        mover: PlayerState,
        listing: tuple[bool, tuple[Action, ...]] | None,
        pile: list[CardId] | None,
        pile_freezers: int,
        phase: Phase,
        turn: TurnState,
    ) -> None:
        self.player = mover.clone()
        self.listing = listing
        self.pile = pile
        self.pile_freezers = pile_freezers
        self.phase = phase
        self.drew = turn.drew
        self.top = turn.top
        self.locked = set(turn.locked)
        self.black_threes = turn.black_threes


@dataclass(slots=True)
class TurnState:
    """The turn in progress: what the player to move has done since it began."""

    no: int = 0  # the turn's number in this hand, from 1
    drew: str | None = None  # "stock" or "pile" once the player has drawn
    top: CardId | None = None  # the pile's top card, when the player took the pile
    locked: set[CardId] = field(default_factory=set)  # pile cards usable only after opening
    undo: list[UndoSnapshot] = field(default_factory=list)  # what Undo and UndoTurn restore
    returned: bool = False  # a taken pile went back: the player must draw from the stock
    no_discard: bool = False  # the last stock card was a Three: meld, then the hand ends
    black_threes: bool = False  # Black Threes were melded: the player must go out now
    drawn: list[CardId] = field(default_factory=list)  # the cards drawn from the stock
    had_melds: bool = False  # the player had melds as the turn began (no concealed going out)
    opened_at_start: bool = False  # the player had opened before this turn
    ask: int = 0  # "May I go out?" this turn (four players): NOT_ASKED, ASKED, YES or NO

    def begin_next(self, had_melds: bool, opened_at_start: bool) -> None:
        """Become the next turn, as it begins: a reset in place, as a new record costs more
        (clones and views hold copies of their own, never this one)."""
        self.no += 1
        self.drew = None
        self.top = None
        self.locked = set()
        self.undo = []
        self.returned = False
        self.no_discard = False
        self.black_threes = False
        self.drawn = []
        self.had_melds = had_melds
        self.opened_at_start = opened_at_start
        self.ask = NOT_ASKED

    def copy(self) -> TurnState:
        """An independent copy; undo snapshots are never changed, so they are shared."""
        return TurnState(
            self.no,
            self.drew,
            self.top,
            set(self.locked),
            self.undo[:],
            self.returned,
            self.no_discard,
            self.black_threes,
            self.drawn[:],
            self.had_melds,
            self.opened_at_start,
            self.ask,
        )
