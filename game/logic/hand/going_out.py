"""Going out: the canastas a player needs before the last card may leave the hand, the cards a
meld or a taken pile must leave until then, and going out concealed (with no meld laid before the
turn)."""

from __future__ import annotations

from typing import Final

from ..errors import IllegalAction
from ..phrase import phrase, phrase_n
from ..rules import Rules
from .player_state import PlayerState

# Why no card may be discarded after the stock ran out on a Three.
NO_DISCARD: Final = phrase(
    "The last stock card was a Three: meld what you like, then end the hand without discarding."
)


# Why a player whose partner answered "No" may not go out (RULES.md 9.1).
GO_OUT_REFUSED: Final = phrase(
    'Your partner answered "No": you may not go out this turn, so keep two cards in your hand.'
)
# The canastas `Game.canastas_needed` asks for after a "No": more than any side can have.
NO_GOING_OUT: Final = 99


def need_canastas(need: int) -> str:
    """The refusal's sentence for a player short of the `need` canastas to go out."""
    if need >= NO_GOING_OUT:
        return GO_OUT_REFUSED
    return phrase_n(
        "You need {count} canasta to go out.",
        "You need {count} canastas to go out.",
        need,
        count=need,
    )


def short_of_canastas(need: int, keep_two: bool = False) -> IllegalAction:
    """The refusal of going out (or of leaving one card) to a player short of `need` canastas,
    or forbidden to go out this turn by a partner's "No"."""
    if need >= NO_GOING_OUT:
        return IllegalAction("go_out_refused", GO_OUT_REFUSED)
    if keep_two:
        return IllegalAction(
            "need_canastas",
            phrase("{need} Keep at least two cards in your hand.", need=need_canastas(need)),
        )
    return IllegalAction("need_canastas", need_canastas(need))


def check_cards_left(rules: Rules, left: int, canastas_after: int, need: int) -> None:
    """Raise `IllegalAction` unless a meld or taking the pile may leave `left` cards in the hand
    with `canastas_after` canastas: no card at all only when going out with the `need` canastas
    needed now (`Game.canastas_needed`) and no discard required, one card only with those
    canastas or when a turn may end without a discard."""
    if left == 0:
        if rules.must_discard:
            raise IllegalAction(
                "must_discard", phrase("You must keep a card to discard when you go out.")
            )
        if canastas_after < need:
            raise short_of_canastas(need)
    elif left == 1 and canastas_after < need and not rules.pass_the_discard:
        raise short_of_canastas(need, keep_two=True)


def would_go_out_concealed(rules: Rules, player: PlayerState, had_melds: bool) -> bool:
    """Whether `player`, who had no meld as the turn began unless `had_melds`, is about to go
    out concealed: at most one card left and the canastas needed."""
    return not had_melds and len(player.hand) <= 1 and player.canastas() >= rules.canastas_to_go_out
