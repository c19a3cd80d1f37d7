"""The computer as a partner (four players, RULES.md 9.1): its answer to "May I go out?", from its
own view only.

If the hand ended now, the side would score its melds, canasta bonuses, Threes and the going-out
bonus, plus the cards the asker melds on its way out, less the cards in the answerer's own hand
(the one part of the side's debt only it can see); the other side would score its table less the
cards both its players are caught with. The answer is "Yes" when the side would score and come out
ahead, or when the other side is about to go out anyway (it has the canastas and a player down to
a few cards): then ending the hand at once saves what it can. The cards of other players are
estimated at the average of the cards the answerer cannot see, known ones (taken from the pile)
counted exactly."""

from __future__ import annotations

from typing import Final

from ..actions import AnswerGoOut
from ..cards import CARD_POINTS, IS_RED_THREE
from ..melds import canasta_count
from ..phrase import phrase
from ..scoring import score_player
from ..view import PlayerView

# An opponent with the canastas to go out and at most this many cards may go out on its turn.
THREAT_CARDS: Final = 3


def answer_go_out(view: PlayerView) -> AnswerGoOut:
    """The answer of the view's seat to its partner's "May I go out?"."""
    rules = view.rules
    asker = view.to_move
    n = view.players
    unseen = [c for c in view.unseen_cards() if not IS_RED_THREE[c]]
    average = sum(CARD_POINTS[c] for c in unseen) / len(unseen) if unseen else 10.0

    def caught(seat: int) -> float:
        known = view.known[seat]
        return sum(CARD_POINTS[c] for c in known) + (view.hand_sizes[seat] - len(known)) * average

    ours: float = score_player(
        rules,
        view.hand,
        dict(view.melds[asker]),
        view.threes[asker],
        view.returns[view.seat],
        rules.going_out_bonus,
    )["total"]
    # The asker's own cards go down on its way out (all but a discard, which is close enough).
    ours += caught(asker)
    opponents = [(asker + 1) % n, (asker + 3) % n]
    their_melds = dict(view.melds[opponents[0]])
    theirs = score_player(
        rules, (), their_melds, view.threes[opponents[0]], view.returns[opponents[0]], 0
    )["total"] - sum(caught(q) for q in opponents)
    threat = canasta_count(their_melds) >= rules.canastas_to_go_out and (
        min(view.hand_sizes[q] for q in opponents) <= THREAT_CARDS
    )
    return AnswerGoOut(ours > 0 and (ours >= theirs or threat))


def answer_words(answer: AnswerGoOut) -> str:
    """Why the computer gives this answer, for a hint."""
    if answer.yes:
        return phrase('Answer "Yes": your side comes out ahead if the hand ends now.')
    return phrase('Answer "No": ending the hand now would not pay your side.')
