"""The computer as a partner (four players, RULES.md 9.1): its answer to "May I go out?", from its
own view only. It says "Yes" when its side would score well if the hand ended now: the side's
melds, canasta bonuses, Threes and going-out bonus, less the cards in its own hand, the one part
of the side's debt it can see (the asker's hand goes out; the answerer's stays)."""

from __future__ import annotations

from ..actions import AnswerGoOut
from ..scoring import score_player
from ..view import PlayerView


def answer_go_out(view: PlayerView) -> AnswerGoOut:
    """The answer of the view's seat to its partner's "May I go out?"."""
    rules = view.rules
    asker = view.to_move
    melds = dict(view.melds[asker])
    score = score_player(
        rules, view.hand, melds, view.threes[asker], view.returns[view.seat], rules.going_out_bonus
    )
    return AnswerGoOut(score["total"] > 0)
