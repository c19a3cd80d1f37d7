"""A review in words: each costly moment as one sentence, and the player's habits in a few.

The sentences say what the better move was, about how many points it was worth, and a fact of
the position the player could see behind it ("Taking the pile here would have been worth about
180 more: you held two Nines and the pile had 11 cards"). They only state what is true of the
position: a reason is given only when the move played shows it (a discard that fits the
opponent's meld on a pile open to it, a wild card thrown away).
"""

from __future__ import annotations

from ..actions import Action, Discard, Draw, Meld, Pass, TakePile
from ..assist.names import (
    code_name,
    count_text,
    join_words,
    number_word,
    rank_plural,
    rank_singular,
)
from ..cards import CARD_RANK, IDS_OF_CODE, IS_BLACK_THREE, IS_WILD, MELD_KEY_OF_NAME
from ..view import PlayerView
from .decisions import Plan


def rank_of_code(code: str) -> int:
    return CARD_RANK[IDS_OF_CODE[code][0]]


def is_wild_code(code: str) -> bool:
    return IS_WILD[IDS_OF_CODE[code][0]]


def meld_key(meld: Meld) -> int | None:
    """The rank a meld action builds (None for a special meld)."""
    natural = next((c for c in meld.cards if not is_wild_code(c)), None)
    if natural is not None:
        return rank_of_code(natural)
    if meld.rank is None or meld.rank == "special":
        return None
    return MELD_KEY_OF_NAME[meld.rank]


def discard_of(plan: Plan) -> str | None:
    return next((a.card for a in plan if isinstance(a, Discard)), None)


def goes_out(view: PlayerView, plan: Plan) -> bool:
    """Whether the turn ends with the player's hand empty."""
    if any(isinstance(a, Meld) and a.rank == "special" for a in plan):
        return True
    if any(isinstance(a, Pass) for a in plan):
        return False
    used = sum(len(a.cards) for a in plan if isinstance(a, Meld))
    return used + (discard_of(plan) is not None) >= len(view.hand)


def fits_opponent(view: PlayerView, code: str) -> bool:
    """A natural card that the next player could lay on its melds, taking a pile open to it."""
    if is_wild_code(code) or IS_BLACK_THREE[IDS_OF_CODE[code][0]]:
        return False
    melds = dict(view.melds[view.opponent])
    return rank_of_code(code) in melds and not view.pile_frozen_for[view.opponent]


def _melded_ranks(plan: Plan) -> list[int]:
    ranks: list[int] = []
    for action in plan:
        if isinstance(action, Meld):
            key = meld_key(action)
            if key is not None and key not in ranks:
                ranks.append(key)
    return ranks


def turn_words(view: PlayerView, plan: Plan, other: Plan) -> str:
    """The turn `plan` in words, naming what it does differently from `other` ("melding your
    Fives and discarding the 9♣", "not melding your Kings and discarding the 6♦")."""
    if any(isinstance(a, Meld) and a.rank == "special" for a in plan):
        return "melding your whole hand as a special meld"
    mine, theirs = _melded_ranks(plan), _melded_ranks(other)
    parts = []
    new = [rank_plural(r) for r in mine if r not in theirs]
    if new:
        parts.append("melding your " + join_words(new))
    kept = [rank_plural(r) for r in theirs if r not in mine]
    if kept:
        parts.append("not melding your " + join_words(kept))
    if goes_out(view, plan):
        parts.append("going out")
    discard = discard_of(plan)
    if discard is not None and (discard != discard_of(other) or not parts):
        parts.append(f"discarding the {code_name(discard)}")
    if not parts:
        parts.append("playing the same cards in another order")
    return join_words(parts)


def _pile_words(view: PlayerView, take: TakePile) -> str:
    top = view.pile[-1]
    size = count_text(len(view.pile), "card")
    if not take.with_:
        return f"its top card fitted your {rank_plural(CARD_RANK[top])} and the pile had {size}"
    naturals = [c for c in take.with_ if not is_wild_code(c)]
    wilds = len(take.with_) - len(naturals)
    if naturals:
        held = f"{number_word(len(naturals))} {rank_plural(rank_of_code(naturals[0]))}"
        if len(naturals) == 1:
            held = f"a {rank_singular(rank_of_code(naturals[0]))}"
        if wilds:
            held += f" and {count_text(wilds, 'wild card')}"
    else:
        held = count_text(wilds, "wild card")
    return f"you held {held} and the pile had {size}"


def _why_not(view: PlayerView, played: Plan) -> str:
    """A fact about the move played that speaks against it, or ""."""
    discard = discard_of(played)
    if discard is None:
        return ""
    if fits_opponent(view, discard):
        rank = rank_plural(rank_of_code(discard))
        them = "your opponent" if view.players == 2 else "the next player"
        return (
            f": the {code_name(discard)} fitted {them}'s {rank} and the pile of "
            f"{count_text(len(view.pile) + 1, 'card')} was open to it"
        )
    if is_wild_code(discard) and any(IS_WILD[c] for c in view.pile):
        return f": the pile was frozen already, so the {code_name(discard)} froze nothing more"
    return ""


def sentence(view: PlayerView, played: Plan, better: Plan, points: int) -> str:
    """One costly moment in words."""
    worth = f"would have been worth about {points} more"
    first = better[0]
    if isinstance(first, TakePile) and not isinstance(played[0], TakePile):
        return f"Taking the pile here {worth}: {_pile_words(view, first)}."
    if isinstance(first, Draw):
        taken = len(view.pile)
        return f"Drawing from the stock here {worth} than taking the pile of {taken} cards."
    if isinstance(first, TakePile):
        cards = " ".join(code_name(c) for c in first.with_) or "its top card on your meld"
        return f"Taking the pile with {cards} {worth}: {_pile_words(view, first)}."
    if goes_out(view, played) and not goes_out(view, better):
        return f"Staying in ({turn_words(view, better, played)}) {worth} than going out."
    words = turn_words(view, better, played)
    return f"{words[:1].upper()}{words[1:]} {worth}{_why_not(view, played)}."


def action_words(view: PlayerView, plan: Plan) -> str:
    """A move as the review lists it: "Draw from the stock", "Meld 5♥ 5♠ 2♣, discard 7♣"."""
    parts = [_action_words(a) for a in plan]
    text = ", ".join(p for p in parts if p)
    return text[:1].upper() + text[1:] if text else "Nothing"


def _action_words(action: Action) -> str:
    if isinstance(action, Draw):
        return "draw from the stock"
    if isinstance(action, TakePile):
        with_ = " ".join(code_name(c) for c in action.with_)
        return f"take the pile with {with_}" if with_ else "take the pile"
    if isinstance(action, Meld):
        return "meld " + " ".join(code_name(c) for c in action.cards)
    if isinstance(action, Discard):
        return f"discard {code_name(action.card)}"
    if isinstance(action, Pass):
        return "end the turn"
    return ""
