"""Game review ("How did I play?"): every decision of one player weighed by a deeper Master search
from that player's view, the costliest moments in words, an accuracy figure and habits."""

from .judge import ReviewConfig
from .report import Moment, Review, review

__all__ = ["Moment", "Review", "ReviewConfig", "review"]
