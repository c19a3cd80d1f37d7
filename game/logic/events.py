"""What happened when an action was applied, for the table to animate and sound.

The engine returns a list of `Event` records from every action. The table turns them into sprite
movements and sounds; tests read them to check what moved where. Card lists hold card ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from .frozen import reduce_frozen


class EventKind(str, Enum):
    """What an event reports, in the order kinds can occur within a hand. A member is its own
    text (``EventKind.DRAW == "draw"``), as events travel and print as plain strings."""

    DEAL = "deal"  # cards dealt to a player (cards=their hand)
    UPCARD = "upcard"  # a card turned from the stock onto the pile
    THREE_LAID = "three_laid"  # a Three laid down (info["replaced"] says whether it was replaced)
    DRAW = "draw"  # cards drawn from the stock into the hand
    STOCK_REUSED = "stock_reused"  # the pile below its top card became the new stock
    PILE_TAKEN = "pile_taken"  # the whole pile went to the player (cards=all of it, top last)
    MELD = "meld"  # cards put onto one meld (rank = meld key)
    CANASTA = "canasta"  # a meld became a canasta (info["kind"]: natural/mixed/wild)
    DISCARD = "discard"  # a card went onto the pile
    TALON = "talon"  # a talon went into the player's hand
    UNDO = "undo"  # the last meld action or the turn was undone
    PILE_RETURNED = "pile_returned"  # a taken pile went back exactly (penalty recorded)
    PASS = "pass"  # the player ended the turn without discarding
    TURN = "turn"  # it is now this player's turn
    HAND_OVER = "hand_over"  # the hand ended (info: the score breakdowns, who went out)
    GAME_OVER = "game_over"  # the game ended (info["winner"])
    SPECIAL_MELD = "special_meld"  # a player went out with a special meld (info["name"])
    ASK_GO_OUT = "ask_go_out"  # the player asked their partner "May I go out?"
    GO_OUT_ANSWER = "go_out_answer"  # the partner answered (player = the partner, info["yes"])
    BROKEN_YES = "broken_yes"  # told "Yes", the player did not go out (info["penalty"])

    def __str__(self) -> str:
        return self.value


# The kinds under their short names, as the table and the network code import them.
DEAL: Final = EventKind.DEAL
UPCARD: Final = EventKind.UPCARD
THREE_LAID: Final = EventKind.THREE_LAID
DRAW: Final = EventKind.DRAW
STOCK_REUSED: Final = EventKind.STOCK_REUSED
PILE_TAKEN: Final = EventKind.PILE_TAKEN
MELD: Final = EventKind.MELD
CANASTA: Final = EventKind.CANASTA
DISCARD: Final = EventKind.DISCARD
TALON: Final = EventKind.TALON
UNDO: Final = EventKind.UNDO
PILE_RETURNED: Final = EventKind.PILE_RETURNED
PASS: Final = EventKind.PASS
TURN: Final = EventKind.TURN
HAND_OVER: Final = EventKind.HAND_OVER
GAME_OVER: Final = EventKind.GAME_OVER
SPECIAL_MELD: Final = EventKind.SPECIAL_MELD
ASK_GO_OUT: Final = EventKind.ASK_GO_OUT
GO_OUT_ANSWER: Final = EventKind.GO_OUT_ANSWER
BROKEN_YES: Final = EventKind.BROKEN_YES


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """One thing that happened: its kind, the player it concerns, the cards that moved.

    `kind` is an `EventKind` when the engine made the event; it is typed as text because events
    decoded from the network carry the same kinds as plain strings, which compare equal. `info`
    left out (or None) is an empty record."""

    kind: str
    player: int = -1
    cards: tuple[int, ...] = ()
    rank: int | None = None
    info: dict[str, Any] = field(default_factory=dict)

    # Written out rather than generated (every applied action makes events): the compiled
    # engine turns each object.__setattr__ here into a plain store.
    def __init__(
        self,
        kind: str,
        player: int = -1,
        cards: tuple[int, ...] = (),
        rank: int | None = None,
        info: dict[str, Any] | None = None,
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "info", {} if info is None else info)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)
