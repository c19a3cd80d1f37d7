"""The tutorial's second mode, where the learner plays and the hint coaches: what the learner's
move did compared with the move the hint suggested, in words.

`coach(view, action, suggested)` is asked before the learner's action is applied, with the hint's
suggested actions for the same view. It returns nothing when the learner does what the hint
would, and otherwise a sentence that explains the hint's choice ("The hint would rather: Meld
8♠ 8♥ 8♦: 30 points; with 20 more you open."), so a mistake is explained, not just flagged. A
refused move is explained by its own message and rule (the help's anchor for its code).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, Meld, TakePile
from ..phrase import phrase
from ..view import PlayerView
from .explain import explain_action


def _same(a: Action, b: Action) -> bool:
    """Whether two actions are the same move (cards in any order)."""
    if isinstance(a, Meld) and isinstance(b, Meld):
        return sorted(a.cards) == sorted(b.cards) and (a.rank or None) == (b.rank or None)
    if isinstance(a, TakePile) and isinstance(b, TakePile):
        return sorted(a.with_) == sorted(b.with_)
    return a == b


def coach(view: PlayerView, action: Action, suggested: Sequence[Action]) -> str | None:
    """None when `action` is what the hint suggests first; otherwise the hint's reason."""
    if not suggested or _same(action, suggested[0]):
        return None
    # Another meld first is fine when the hint melds the same cards later this turn.
    if isinstance(action, Meld) and any(_same(action, later) for later in suggested[1:]):
        return None
    return phrase("The hint would rather: {move}", move=explain_action(view, suggested[0]))
