""" "What can I do?" (User Guide 4.6.2): the player's alternatives at this moment, in words.

`describe_choices(view)` returns short paragraphs such as "You can take the pile: you hold two
natural Nines and the top card is a Nine. Or draw two cards from the stock." Which moves are legal
is asked of the engine, on a game rebuilt from the player's view (`determinize`): the player's
own moves depend only on what that player can see, so the answer is exact and fair.
"""

from __future__ import annotations

import random

from ..actions import Discard, Draw, Meld, Pass, TakePile
from ..cards import CARD_RANK, IDS_OF_CODE, IS_RED_THREE, IS_WILD, code_of
from ..engine import Game
from ..legal import legal_actions
from ..phases import DRAW, GAME_OVER, HAND_OVER, PLAY
from ..phrase import phrase
from ..view import PlayerView, determinize
from .names import (
    cards_text,
    count_text,
    join_words,
    number_word,
    one_of_rank,
    rank_plural,
)
from .opening import opening_scenario


def _world(view: PlayerView) -> Game:
    world = determinize(view, random.Random(0))
    world.record_undo = False
    return world


def _frozen_reason(view: PlayerView) -> str:
    rules = view.rules
    if any(IS_WILD[c] or IS_RED_THREE[c] for c in view.pile):
        return phrase("a wild card or Red Three lies in it")
    if rules.pile_always_frozen:
        return phrase("these rules keep it always frozen")
    if rules.frozen_until_initial_meld and not view.opened[view.seat]:
        return phrase("you have not opened yet")
    return phrase("these rules take it only with a natural pair")


def _pile_sentence(view: PlayerView, world: Game, takes: list[TakePile]) -> tuple[bool, str]:
    """(whether the pile can be taken, a sentence about it)."""
    if not view.pile:
        return False, phrase("The pile is empty.")
    top = view.pile[-1]
    if view.pile_blocked:
        if IS_WILD[top]:
            return False, phrase(
                "You cannot take the pile: a wild card on top blocks it this turn."
            )
        if IS_RED_THREE[top]:
            return False, phrase(
                "You cannot take the pile: a Red Three on top blocks it this turn."
            )
        return False, phrase("You cannot take the pile: a Black Three on top blocks it this turn.")
    rank = CARD_RANK[top]
    names = rank_plural(rank)
    hand = view.hand
    naturals = sum(1 for c in hand if CARD_RANK[c] == rank and not IS_WILD[c])
    frozen = view.pile_frozen_for[view.seat] or view.rules.natural_pair_required
    size = count_text(len(view.pile), "card")
    if takes:
        action = max(takes, key=lambda a: len(a.with_))
        wilds = sum(1 for code in action.with_ if IS_WILD[IDS_OF_CODE[code][0]])
        # one card of the rank named with its article whole ("a Nine", "una reina")
        one = one_of_rank(rank)
        if not action.with_:
            why = phrase("the top card, {one}, fits your meld of {ranks}", one=one, ranks=names)
        elif wilds:
            why = phrase("you hold a natural one and a wild card for the top card, {one}", one=one)
        else:
            why = phrase(
                "you hold two natural {ranks} and the top card is {one}", one=one, ranks=names
            )
        sentence = phrase("You can take the pile ({cards}): {why}.", cards=size, why=why)
        if not view.opened[view.seat]:
            locked = phrase(
                "Your melds that turn must reach the opening minimum of {points}; the other cards "
                "of the pile stay locked until they do.",
                points=view.initial_minimums[view.seat],
            )
            sentence = phrase("{first} {then}", first=sentence, then=locked)
        return True, sentence
    if frozen and naturals < 2:
        if naturals == 0:
            return False, phrase(
                "The pile is frozen for you ({why}): to take it you need two natural {ranks} in "
                "your hand, and you hold none.",
                why=_frozen_reason(view),
                ranks=names,
            )
        return False, phrase(
            "The pile is frozen for you ({why}): to take it you need two natural {ranks} in "
            "your hand, and you hold only one.",
            why=_frozen_reason(view),
            ranks=names,
        )
    if naturals == 0 and rank not in dict(view.melds[view.seat]):
        return False, phrase(
            "You cannot take the pile: you hold no {ranks} to meld with the top card.", ranks=names
        )
    refusal = world.check(TakePile(_take_candidate(view, rank)))
    if refusal is None:
        return False, phrase("You cannot take the pile: it does not fit a legal meld now.")
    return False, phrase("You cannot take the pile. {why}", why=refusal.message)


def _take_candidate(view: PlayerView, rank: int) -> tuple[str, ...]:
    """The cards a player would try to take the pile with (to ask the engine why not)."""
    naturals = [code_of(c) for c in view.hand if CARD_RANK[c] == rank and not IS_WILD[c]]
    wilds = [code_of(c) for c in view.hand if IS_WILD[c]]
    if len(naturals) >= 2:
        return tuple(naturals[:2])
    if naturals and wilds:
        return (naturals[0], wilds[0])
    return tuple(naturals)


def _draw_choices(view: PlayerView, world: Game) -> list[str]:
    actions = legal_actions(world)
    takes = [a for a in actions if isinstance(a, TakePile)]
    can_take, pile = _pile_sentence(view, world, takes)
    n = view.rules.stock_draw
    out: list[str] = []
    if any(isinstance(a, Draw) for a in actions):
        cards = count_text(n, "card")
        if can_take:
            if n == 1:
                out += [pile, phrase("Or draw a card from the stock.")]
            else:
                out += [pile, phrase("Or draw {cards} from the stock.", cards=cards)]
        elif n == 1:
            out += [phrase("Draw a card from the stock."), pile]
        else:
            out += [phrase("Draw {cards} from the stock.", cards=cards), pile]
    else:
        out.append(pile)
        if any(isinstance(a, Pass) for a in actions):
            out.append(
                phrase("The stock is used up: if you do not take the pile, the hand ends (Pass).")
            )
    if not view.opened[view.seat]:
        out.append(opening_scenario(view).text)
    return out


def _meld_choices(view: PlayerView, actions: list[Meld]) -> list[str]:
    mine = dict(view.melds[view.seat])
    new: dict[int, list[int]] = {}
    add: dict[int, list[int]] = {}
    wild_ok = False
    for action in actions:
        if action.rank == "special":
            continue
        cards = [IDS_OF_CODE[c][0] for c in action.cards]
        naturals = [c for c in cards if not IS_WILD[c]]
        if not naturals:
            wild_ok = True
            continue
        key = CARD_RANK[naturals[0]]
        target = add if key in mine else new
        if len(naturals) > len(target.get(key, [])):
            target[key] = _ids_in_hand(view, [c for c in action.cards if not _wild(c)])
    out: list[str] = []
    if new:
        parts = [
            phrase("{rank} ({cards})", rank=rank_plural(k), cards=cards_text(v))
            for k, v in sorted(new.items())
        ]
        out.append(phrase("You can meld {melds}.", melds=join_words(parts)))
    if add:
        parts = [
            phrase("{cards} to your {rank}", cards=cards_text(v), rank=rank_plural(k))
            for k, v in sorted(add.items())
        ]
        out.append(phrase("You can add {cards}.", cards=join_words(parts)))
    if wild_ok:
        out.append(phrase("Your wild cards can join your melds."))
    if any(a.rank == "special" for a in actions):
        out.append(phrase("You can go out at once with a special meld of your whole hand."))
    return out


def _wild(code: str) -> bool:
    return IS_WILD[IDS_OF_CODE[code][0]]


def _ids_in_hand(view: PlayerView, codes: list[str]) -> list[int]:
    chosen: list[int] = []
    for code in codes:
        ids = IDS_OF_CODE[code]
        chosen.append(next(c for c in view.hand if c in ids and c not in chosen))
    return chosen


def _play_choices(view: PlayerView, world: Game) -> list[str]:
    seat = view.seat
    actions = legal_actions(world, include_undo=True)
    out: list[str] = []
    if not view.opened[seat]:
        scenario = opening_scenario(view)
        out.append(scenario.text)
    out += _meld_choices(view, [a for a in actions if isinstance(a, Meld)])
    canastas = sum(1 for _k, m in view.melds[seat] if len(m) >= 7)
    need = view.rules.canastas_to_go_out
    if canastas >= need:
        out.append(
            phrase(
                "You have the canastas to go out: meld all your cards, or all but one and "
                "discard it."
            )
        )
    else:
        out.append(
            phrase(
                "You have {canastas} of the {number} you need to go out, so keep at least two "
                "cards in your hand.",
                canastas=count_text(canastas, "canasta"),
                number=number_word(need),
            )
        )
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        codes = {a.card for a in discards}
        barred = sorted(
            {c for c in view.hand if code_of(c) not in codes and c not in view.turn_locked}
        )
        if barred:
            out.append(
                phrase(
                    "End your turn by discarding a card (not {cards}: the rules do not allow it "
                    "now).",
                    cards=cards_text(barred),
                )
            )
        else:
            out.append(phrase("End your turn by discarding a card."))
    elif any(isinstance(a, Pass) for a in actions):
        out.append(phrase("End your turn without discarding (Pass)."))
    else:
        out.append(
            phrase(
                "You cannot end your turn yet: meld enough to open, or take your melds back (Undo)."
            )
        )
    return out


def describe_choices(view: PlayerView) -> list[str]:
    """The view's player's alternatives now, as short paragraphs in words."""
    if view.phase == GAME_OVER:
        return [phrase("The game is over.")]
    if view.phase == HAND_OVER:
        return [phrase("The hand is over: deal the next hand when you are ready.")]
    if view.to_move != view.seat:
        return [phrase("It is your opponent's turn: wait for its move.")]
    world = _world(view)
    if view.phase == DRAW:
        return _draw_choices(view, world)
    if view.phase == PLAY:
        return _play_choices(view, world)
    return []


__all__ = ["describe_choices"]
