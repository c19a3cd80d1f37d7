"""Whether an opponent could go out on its next turn (User Guide 4.7.5), from the view alone.

The status bar tints its "Melding" counter yellow for a moderate and magenta for a high chance.
The reckoning uses only public facts: the opponent's canastas and melds, the number of cards it
holds, what a draw can bring and how big the pile is. When the cards it could hold after drawing
cannot complete the canastas it still needs, it certainly cannot go out; otherwise the fewer cards
it holds beyond what its canastas need, the likelier it is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..melds import CANASTA_SIZE
from ..phases import GAME_OVER, HAND_OVER
from ..phrase import Phrase, phrase
from ..view import PlayerView
from .names import count_text

NONE, LOW, MODERATE, HIGH = "none", "low", "moderate", "high"


@dataclass(frozen=True)
class GoingOutRisk:
    """How likely the opponent is to go out on its next turn, and why, in words."""

    level: str
    reason: Phrase

    @property
    def warn(self) -> bool:
        """Whether the status bar should warn (moderate or high)."""
        return self.level in (MODERATE, HIGH)


def canasta_shortfall(view: PlayerView, player: int) -> tuple[int, int]:
    """(canastas still needed to go out, the fewest cards that would complete them)."""
    melds = [cards for _key, cards in view.melds[player]]
    canastas = sum(1 for m in melds if len(m) >= CANASTA_SIZE)
    missing = max(0, view.rules.canastas_to_go_out - canastas)
    gaps = sorted(CANASTA_SIZE - len(m) for m in melds if len(m) < CANASTA_SIZE)
    gaps += [CANASTA_SIZE] * missing
    return missing, sum(gaps[:missing])


LEVELS = (NONE, LOW, MODERATE, HIGH)  # from the least likely to the likeliest


def opponent_may_go_out(view: PlayerView, other: int | None = None) -> GoingOutRisk:
    """The chance that opponent `other` (by default the next player) goes out on its next
    turn."""
    if view.phase in (HAND_OVER, GAME_OVER):
        return GoingOutRisk(NONE, phrase("The hand is over."))
    if other is None:
        other = view.opponent
    held = view.hand_sizes[other]
    if view.to_move == other and view.phase != "draw":
        draw = 0  # it is in the middle of its turn: it has drawn already
    else:
        draw = min(view.rules.stock_draw, view.stock_size)
        if view.pile and not view.pile_blocked:
            draw = max(draw, len(view.pile))
    cards = held + draw
    missing, needed = canasta_shortfall(view, other)
    room = cards - (1 if view.rules.must_discard else 0)
    if needed > room:
        return GoingOutRisk(
            NONE,
            phrase(
                "Your opponent cannot go out on its next turn: it still needs {canastas} "
                "({needed} at least) and will hold at most {cards}.",
                canastas=count_text(missing, "canasta"),
                needed=count_text(needed, "more card"),
                cards=count_text(cards, "card"),
            ),
        )
    spare = cards - needed
    if missing == 0 and held <= 2:
        level = HIGH
    elif (missing == 0 and held <= 5) or (missing == 1 and needed <= 2 and held <= 4):
        level = MODERATE
    else:
        level = LOW
    if missing:
        return GoingOutRisk(
            level,
            phrase(
                "Your opponent holds {held} and it needs {canastas}, {needed} away; after its "
                "draw {spare} would have to fit its melds or be its last discard.",
                held=count_text(held, "card"),
                canastas=count_text(missing, "more canasta"),
                needed=count_text(needed, "card"),
                spare=count_text(spare, "card"),
            ),
        )
    return GoingOutRisk(
        level,
        phrase(
            "Your opponent holds {held} and it has the canastas it needs; after its draw {spare} "
            "would have to fit its melds or be its last discard.",
            held=count_text(held, "card"),
            spare=count_text(spare, "card"),
        ),
    )


def likeliest_to_go_out(view: PlayerView) -> tuple[int, GoingOutRisk]:
    """The opponent likeliest to go out on its next turn, and its risk: with three or four at
    the table each opponent is reckoned (a partner shares the side's canastas, not its hand);
    of two equally likely, the one who plays sooner."""
    players = view.players
    opponents = [
        (view.seat + step) % players
        for step in range(1, players)
        if (view.seat + step) % view.sides != view.side
    ]
    risks = [(seat, opponent_may_go_out(view, seat)) for seat in opponents]
    return max(risks, key=lambda pair: LEVELS.index(pair[1].level))
