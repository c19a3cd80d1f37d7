"""The phases of a hand: the player to move draws, then plays (melds and discards); then the hand,
and at last the game, is over. Every layer asks the engine which phase it is in, so the names live
here, apart from the engine that moves between them."""

from __future__ import annotations

from enum import Enum
from typing import Final


class Phase(str, Enum):
    """Where a hand stands: the player to move draws, then plays (melds and discards); then the
    hand, and at last the game, is over. A member is its own text (``Phase.DRAW == "draw"``)."""

    DRAW = "draw"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"

    def __str__(self) -> str:
        return self.value


# The phases under their short names, as the rest of the game imports them.
DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
HAND_OVER: Final = Phase.HAND_OVER
GAME_OVER: Final = Phase.GAME_OVER
