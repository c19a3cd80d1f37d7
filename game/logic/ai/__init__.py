"""The computer opponent: skill levels, hints and automatic play, from player views only."""

from .hint import Hint, hint
from .player import DEFAULT_LEVEL, LEVELS, ComputerPlayer

__all__ = ["DEFAULT_LEVEL", "LEVELS", "ComputerPlayer", "Hint", "hint"]
