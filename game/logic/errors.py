"""The one exception an illegal action raises: a stable code and a sentence for the player."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now; the game state is unchanged when this is raised.

    `code` is stable and machine-readable (``"pile_frozen"``); `message` is a sentence a player
    can read ("The pile is frozen: you need two natural Sevens in your hand.").
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}
