"""A review in words: each costly moment as one sentence, and the player's habits in a few.

The sentences say what the better move was, about how many points it was worth, and a fact of
the position the player could see behind it ("Taking the pile here would have been worth about
180 more: you held two Nines and the pile had 11 cards"). They only state what is true of the
position: a reason is given only when the move played shows it (a discard that fits the
opponent's meld on a pile open to it, a wild card thrown away). Each is built as a `Phrase`
(`game.logic.phrase`: the English, with its template and fields kept), so that the review screen
says it in the player's language, never by reading the English.
"""

from __future__ import annotations

from ..actions import Action, Discard, Draw, Meld, Pass, TakePile
from ..assist.names import NUMBER_WORDS, ONE_OF_RANK, PLURALS, code_name, rank_plural
from ..cards import CARD_RANK, IDS_OF_CODE, IS_BLACK_THREE, IS_WILD, MELD_KEY_OF_NAME
from ..phrase import Phrase, phrase, phrase_n
from ..view import PlayerView
from .decisions import Plan

# The texts these tables give the phrases, for tools/translations.py to gather.
NAMED_TEXTS = (*PLURALS.values(), *ONE_OF_RANK.values(), *NUMBER_WORDS[2:])


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


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def ranks_said(rank: int) -> Phrase:
    """Cards of a rank ("Nines", "wild cards")."""
    return phrase(rank_plural(rank))


def joined(parts: list[Phrase]) -> Phrase:
    """ "a", "a and b", "a, b and c"."""
    whole = parts[0]
    for part in parts[1:-1]:
        whole = phrase("{first}, {then}", first=whole, then=part)
    if len(parts) > 1:
        whole = phrase("{first} and {last}", first=whole, last=parts[-1])
    return whole


def _cards(codes: tuple[str, ...]) -> str:
    return " ".join(code_name(c) for c in codes)


def turn_said(view: PlayerView, plan: Plan, other: Plan) -> Phrase:
    """The turn `plan`, naming what it does differently from `other` ("melding your Fives and
    discarding the 9♣", "not melding your Kings and discarding the 6♦")."""
    if any(isinstance(a, Meld) and a.rank == "special" for a in plan):
        return phrase("melding your whole hand as a special meld")
    mine, theirs = _melded_ranks(plan), _melded_ranks(other)
    parts = []
    new = [ranks_said(r) for r in mine if r not in theirs]
    if new:
        parts.append(phrase("melding your {ranks}", ranks=joined(new)))
    kept = [ranks_said(r) for r in theirs if r not in mine]
    if kept:
        parts.append(phrase("not melding your {ranks}", ranks=joined(kept)))
    if goes_out(view, plan):
        parts.append(phrase("going out"))
    discard = discard_of(plan)
    if discard is not None and (discard != discard_of(other) or not parts):
        parts.append(phrase("discarding the {card}", card=code_name(discard)))
    if not parts:
        parts.append(phrase("playing the same cards in another order"))
    return joined(parts)


def _pile_cards(count: int) -> Phrase:
    return phrase_n("{n} card", "{n} cards", count, n=count)


def _wild_cards(count: int) -> Phrase:
    return phrase_n("{n} wild card", "{n} wild cards", count, n=count)


def _pile_said(view: PlayerView, take: TakePile) -> Phrase:
    top = view.pile[-1]
    size = _pile_cards(len(view.pile))
    if not take.with_:
        return phrase(
            "its top card fitted your {ranks} and the pile had {size}",
            ranks=ranks_said(CARD_RANK[top]),
            size=size,
        )
    naturals = [c for c in take.with_ if not is_wild_code(c)]
    wilds = len(take.with_) - len(naturals)
    if naturals:
        rank = rank_of_code(naturals[0])
        held = (
            ONE_OF_RANK[rank]
            if len(naturals) == 1
            else phrase("{number} {ranks}", number=_number(len(naturals)), ranks=ranks_said(rank))
        )
        if wilds:
            held = phrase("{cards} and {wilds}", cards=held, wilds=_wild_cards(wilds))
    else:
        held = _wild_cards(wilds)
    return phrase("you held {cards} and the pile had {size}", cards=held, size=size)


def _number(n: int) -> Phrase | int:
    """Two to eight in words, larger numbers in figures."""
    return phrase(NUMBER_WORDS[n]) if n < len(NUMBER_WORDS) else n


def _why_not(view: PlayerView, played: Plan) -> Phrase | None:
    """A fact about the move played that speaks against it, or None."""
    discard = discard_of(played)
    if discard is None:
        return None
    if fits_opponent(view, discard):
        fields: dict[str, str | int] = {
            "card": code_name(discard),
            "ranks": ranks_said(rank_of_code(discard)),
            "size": _pile_cards(len(view.pile) + 1),
        }
        if view.players == 2:
            return phrase(
                "the {card} fitted your opponent's {ranks} and the pile of {size} was open to it",
                **fields,
            )
        return phrase(
            "the {card} fitted the next player's {ranks} and the pile of {size} was open to it",
            **fields,
        )
    if is_wild_code(discard) and any(IS_WILD[c] for c in view.pile):
        return phrase(
            "the pile was frozen already, so the {card} froze nothing more",
            card=code_name(discard),
        )
    return None


def sentence_said(view: PlayerView, played: Plan, better: Plan, points: int) -> Phrase:
    """One costly moment (its first letter to be capitalised)."""
    first = better[0]
    if isinstance(first, TakePile) and not isinstance(played[0], TakePile):
        return phrase(
            "Taking the pile here would have been worth about {points} more: {why}.",
            points=points,
            why=_pile_said(view, first),
        )
    if isinstance(first, Draw):
        return phrase(
            "Drawing from the stock here would have been worth about {points} more than "
            "taking the pile of {size}.",
            points=points,
            size=_pile_cards(len(view.pile)),
        )
    if isinstance(first, TakePile) and first.with_:
        return phrase(
            "Taking the pile with {cards} would have been worth about {points} more: {why}.",
            cards=_cards(first.with_),
            points=points,
            why=_pile_said(view, first),
        )
    if isinstance(first, TakePile):
        return phrase(
            "Taking the pile with its top card on your meld would have been worth about "
            "{points} more: {why}.",
            points=points,
            why=_pile_said(view, first),
        )
    if goes_out(view, played) and not goes_out(view, better):
        return phrase(
            "Staying in ({turn}) would have been worth about {points} more than going out.",
            turn=turn_said(view, better, played),
            points=points,
        )
    turn = turn_said(view, better, played)
    why = _why_not(view, played)
    if why is None:
        return phrase("{turn} would have been worth about {points} more.", turn=turn, points=points)
    return phrase(
        "{turn} would have been worth about {points} more: {why}.",
        turn=turn,
        points=points,
        why=why,
    )


def sentence(view: PlayerView, played: Plan, better: Plan, points: int) -> str:
    """One costly moment in English."""
    return capitalised(sentence_said(view, played, better, points))


def action_said(plan: Plan) -> Phrase:
    """A move as the review lists it ("draw from the stock", "meld 5♥ 5♠ 2♣, discard 7♣"),
    its first letter to be capitalised."""
    parts = [part for part in (_action_said(a) for a in plan) if part is not None]
    if not parts:
        return phrase("nothing")
    whole = parts[0]
    for part in parts[1:]:
        whole = phrase("{first}, {then}", first=whole, then=part)
    return whole


def action_words(plan: Plan) -> str:
    """A move as the review lists it, in English: "Draw from the stock", "Meld 5♥ 5♠ 2♣,
    discard 7♣"."""
    return capitalised(action_said(plan))


def _action_said(action: Action) -> Phrase | None:
    if isinstance(action, Draw):
        return phrase("draw from the stock")
    if isinstance(action, TakePile):
        if action.with_:
            return phrase("take the pile with {cards}", cards=_cards(action.with_))
        return phrase("take the pile")
    if isinstance(action, Meld):
        return phrase("meld {cards}", cards=_cards(action.cards))
    if isinstance(action, Discard):
        return phrase("discard {card}", card=code_name(action.card))
    if isinstance(action, Pass):
        return phrase("end the turn")
    return None
