"""Hints explained in words: one sentence per suggested action, tied to the player's position.

`explain_hint(view, actions)` follows a hint's actions in order on a private copy of the player's
hand and melds, so each sentence can say what that step achieves: "Meld 8♥ 8♠ 8♦: 30 points; with
20 more you open.", "Add 8♣ to your Eights: six cards, one short of a canasta.", "Discard 4♣:
your opponent has no meld of Fours and is not known to hold one." Cards are named in words and
suit symbols. Everything comes from the player's view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
    Undo,
    UndoTurn,
)
from ..ai.partner import answer_words
from ..cards import (
    CARD_POINTS,
    CARD_RANK,
    IDS_OF_CODE,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    MELD_KEY_OF_NAME,
    THREE,
    WILD,
)
from ..melds import CANASTA_SIZE, SPECIAL_MELD_NAMES, canasta_bonus, canasta_kind, special_meld
from ..phrase import phrase
from ..view import PlayerView
from .names import (
    card_name,
    cards_text,
    code_name,
    count_text,
    number_word,
    one_of_rank,
    rank_count_text,
    rank_plural,
)

# From this many of a rank's eight cards in sight, a discard's explanation says so.
IN_SIGHT_NOTED: Final = 5


def _then(sentence: str, note: str) -> str:
    """A sentence and a note that goes on from it ("...: 30 points" + "; that opens")."""
    return phrase("{sentence}{note}", sentence=sentence, note=note) if note else sentence


def _ended(sentence: str) -> str:
    return phrase("{sentence}.", sentence=sentence)


@dataclass
class _Position:
    """The player's cards as the hint's actions change them."""

    hand: list[int]
    melds: dict[int, list[int]]
    opened: bool
    points: int  # opening points melded this turn
    minimum: int
    pile: list[int]
    locked: set[int] = field(default_factory=set)

    @classmethod
    def of(cls, view: PlayerView) -> _Position:
        seat = view.seat
        points = view.opening_points if view.to_move == seat else 0
        return cls(
            list(view.hand),
            {k: list(v) for k, v in view.melds[seat]},
            view.opened[seat],
            points,
            view.initial_minimums[seat],
            list(view.pile),
            set(view.turn_locked),
        )

    def take(self, codes: tuple[str, ...]) -> list[int]:
        chosen: list[int] = []
        for code in codes:
            ids = IDS_OF_CODE[code]
            card = next(
                (c for c in self.hand if c in ids and c not in chosen and c not in self.locked),
                None,
            )
            if card is None:
                card = next(c for c in self.hand if c in ids and c not in chosen)
            chosen.append(card)
        return chosen


def _pile_problem(view: PlayerView) -> str:
    """Why the pile is not taken, in words (for a hint that draws from the stock)."""
    seat = view.seat
    if not view.pile:
        return phrase("the pile is empty")
    top = view.pile[-1]
    if view.pile_blocked:
        if IS_WILD[top]:
            return phrase("a wild card on the pile blocks it")
        if IS_RED_THREE[top]:
            return phrase("a Red Three on the pile blocks it")
        return phrase("a Black Three on the pile blocks it")
    rank = CARD_RANK[top]
    naturals = sum(1 for c in view.hand if CARD_RANK[c] == rank and not IS_WILD[c])
    if view.pile_frozen_for[seat] and naturals < 2:
        if naturals:
            return phrase(
                "the pile is frozen and your only natural card of its rank is {one}",
                one=one_of_rank(rank),
            )
        return phrase(
            "the pile is frozen and you hold no natural pair of {rank}", rank=rank_plural(rank)
        )
    return phrase(
        "the pile's {cards} are not worth taking now", cards=count_text(len(view.pile), "card")
    )


def _opening_note(pos: _Position) -> str:
    if pos.opened:
        return ""
    if pos.points >= pos.minimum:
        pos.opened = True
        return phrase("; that opens ({points} needed)", points=pos.minimum)
    return phrase("; with {points} more you open", points=pos.minimum - pos.points)


def _explain_draw(view: PlayerView) -> str:
    n = view.rules.stock_draw
    if n == 1:
        if not view.pile:
            return phrase("Draw a card from the stock: the pile is empty.")
        return phrase("Draw a card from the stock: {why}.", why=_pile_problem(view))
    cards = count_text(n, "card")
    if not view.pile:
        return phrase("Draw {cards} from the stock: the pile is empty.", cards=cards)
    return phrase("Draw {cards} from the stock: {why}.", cards=cards, why=_pile_problem(view))


def _explain_take(view: PlayerView, pos: _Position, action: TakePile) -> str:
    top = pos.pile[-1]
    rank = CARD_RANK[top]
    with_cards = pos.take(action.with_)
    gained = [c for c in pos.pile[:-1] if not IS_RED_THREE[c]]
    existing = pos.melds.get(rank)
    for card in with_cards:
        pos.hand.remove(card)
    meld = (existing or []) + [top, *with_cards]
    pos.melds[rank] = meld
    sentence: str
    if not pos.opened:
        counts = view.rules.top_card_counts_for_initial_meld
        hand_points = sum(CARD_POINTS[c] for c in with_cards)
        if counts:
            pos.points += hand_points + CARD_POINTS[top]
        elif len(with_cards) >= 3:
            pos.points += hand_points
        pos.locked = set(gained)
    pos.hand.extend(gained)
    pos.pile = []
    if with_cards:
        sentence = phrase(
            "Take the pile: meld the top card {card} with {cards} from your hand",
            card=card_name(top),
            cards=cards_text(with_cards),
        )
    else:
        sentence = phrase(
            "Take the pile: add the top card {card} to your {rank}",
            card=card_name(top),
            rank=rank_plural(rank),
        )
    if gained:
        more = phrase(" and gain {cards}", cards=count_text(len(gained), "more card"))
        sentence = _then(sentence, more)
    if not pos.opened:
        towards = phrase(
            ": {points} points towards the {needed} you need",
            points=pos.points,
            needed=pos.minimum,
        )
        sentence = _then(_then(sentence, towards), _opening_note(pos))
    return _ended(_then(sentence, _canasta_note(view, rank, existing, meld)))


def _canasta_note(view: PlayerView, key: int, existing: list[int] | None, meld: list[int]) -> str:
    before = len(existing) if existing else 0
    if before < CANASTA_SIZE <= len(meld):
        kind, bonus = canasta_kind(key, meld), canasta_bonus(view.rules, key, meld)
        if kind == "natural":
            return phrase("; it makes a natural canasta ({bonus} bonus)", bonus=bonus)
        if kind == "mixed":
            return phrase("; it makes a mixed canasta ({bonus} bonus)", bonus=bonus)
        return phrase("; it makes a wild canasta ({bonus} bonus)", bonus=bonus)
    return ""


def _explain_meld(view: PlayerView, pos: _Position, action: Meld) -> str:
    cards = pos.take(action.cards)
    if action.rank == "special":
        found = special_meld(cards, bool(view.threes[view.seat]))
        name, bonus = found if found is not None else ("", 0)
        title = SPECIAL_MELD_NAMES.get(name, phrase("a special meld"))
        return phrase(
            "Meld your whole hand as {meld} and go out: {points} points.", meld=title, points=bonus
        )
    naturals = [c for c in cards if not IS_WILD[c]]
    if naturals:
        key = CARD_RANK[naturals[0]]
    elif action.rank is not None:
        key = MELD_KEY_OF_NAME[action.rank]
    else:
        key = WILD
    for card in cards:
        pos.hand.remove(card)
    points = sum(CARD_POINTS[c] for c in cards)
    if key == THREE and all(IS_BLACK_THREE[c] or IS_WILD[c] for c in cards):
        return phrase("Meld {cards} as your last meld and go out.", cards=cards_text(cards))
    existing = pos.melds.get(key)
    meld = (existing or []) + cards
    pos.melds[key] = meld
    sentence: str
    if existing:
        size = len(meld)
        if size < CANASTA_SIZE:
            sentence = phrase(
                "Add {cards} to your {rank}: {size}, {short} short of a canasta",
                cards=cards_text(cards),
                rank=rank_plural(key),
                size=count_text(size, "card"),
                short=count_text(CANASTA_SIZE - size, "card"),
            )
        else:
            sentence = phrase(
                "Add {cards} to your {rank}", cards=cards_text(cards), rank=rank_plural(key)
            )
    else:
        sentence = phrase("Meld {cards}: {points} points", cards=cards_text(cards), points=points)
    if not pos.opened:
        pos.points += points
        sentence = _then(sentence, _opening_note(pos))
    sentence = _then(sentence, _canasta_note(view, key, existing, meld))
    if not pos.hand:
        sentence = _then(sentence, phrase("; that empties your hand and you go out"))
    return _ended(sentence)


def _explain_discard(view: PlayerView, pos: _Position, action: Discard) -> str:
    card = pos.take((action.card,))[0]
    name = code_name(action.card)
    if len(pos.hand) == 1:
        return phrase("Discard {card} and go out.", card=name)
    # With three or four players the one who may take the discard is the next player.
    two = view.players == 2
    if IS_WILD[card]:
        if view.players == 4:
            return phrase(
                "Discard {card}: a wild card freezes the pile against both sides.", card=name
            )
        if two:
            return phrase(
                "Discard {card}: a wild card freezes the pile against your opponent.", card=name
            )
        return phrase(
            "Discard {card}: a wild card freezes the pile against the next player.", card=name
        )
    if IS_BLACK_THREE[card]:
        if two:
            return phrase(
                "Discard {card}: a Black Three blocks the pile for your opponent's next turn.",
                card=name,
            )
        return phrase(
            "Discard {card}: a Black Three blocks the pile for the next player's next turn.",
            card=name,
        )
    rank = CARD_RANK[card]
    theirs = dict(view.melds[view.opponent])
    known = sum(1 for c in view.known[view.opponent] if CARD_RANK[c] == rank)
    # A card the opponent can use is never called safe: the sentence says what it costs.
    if rank in theirs:
        if two:
            return phrase(
                "Discard {card}: it is the card you need least, although your opponent could "
                "add it to its {rank}.",
                card=name,
                rank=rank_plural(rank),
            )
        return phrase(
            "Discard {card}: it is the card you need least, although the next player could "
            "add it to its {rank}.",
            card=name,
            rank=rank_plural(rank),
        )
    if known:
        took = rank_count_text(known, rank)
        if two:
            return phrase(
                "Discard {card}: it is the card you need least, although your opponent took "
                "{cards} from the pile.",
                card=name,
                cards=took,
            )
        return phrase(
            "Discard {card}: it is the card you need least, although the next player took "
            "{cards} from the pile.",
            card=name,
            cards=took,
        )
    mine = [c for cards in pos.melds.values() for c in cards]
    their_cards = [c for _key, cards in view.melds[view.opponent] for c in cards]
    sight = sum(CARD_RANK[c] == rank for c in (*pos.hand, *view.pile, *mine, *their_cards))
    if sight >= IN_SIGHT_NOTED:
        # Few copies left out of sight: a pair of them in the opponent's hand is unlikely.
        if two:
            return phrase(
                "Discard {card}: your opponent has no meld of {rank}, is not known to hold one, "
                "and {number} of the eight {rank} are in sight.",
                card=name,
                rank=rank_plural(rank),
                number=number_word(sight),
            )
        return phrase(
            "Discard {card}: the next player has no meld of {rank}, is not known to hold one, "
            "and {number} of the eight {rank} are in sight.",
            card=name,
            rank=rank_plural(rank),
            number=number_word(sight),
        )
    if two:
        return phrase(
            "Discard {card}: your opponent has no meld of {rank} and is not known to hold one.",
            card=name,
            rank=rank_plural(rank),
        )
    return phrase(
        "Discard {card}: the next player has no meld of {rank} and is not known to hold one.",
        card=name,
        rank=rank_plural(rank),
    )


def explain_action(view: PlayerView, action: Action) -> str:
    """One action of the player in words, as the first step from the view's position."""
    return explain_hint(view, [action])[0]


def explain_hint(view: PlayerView, actions: list[Action] | tuple[Action, ...]) -> list[str]:
    """A sentence for each suggested action, following them in order."""
    pos = _Position.of(view)
    out = []
    for action in actions:
        if isinstance(action, Draw):
            out.append(_explain_draw(view))
        elif isinstance(action, TakePile):
            out.append(_explain_take(view, pos, action))
        elif isinstance(action, Meld):
            out.append(_explain_meld(view, pos, action))
        elif isinstance(action, Discard):
            out.append(_explain_discard(view, pos, action))
        elif isinstance(action, Pass):
            if view.phase == "draw":
                out.append(phrase("Leave the pile and end the hand: the stock is used up."))
            else:
                out.append(phrase("End your turn without discarding: you keep your last card."))
        elif isinstance(action, Undo):
            out.append(
                phrase(
                    "Take back your last meld: they count {points} of the {needed} points you "
                    "need to open.",
                    points=pos.points,
                    needed=pos.minimum,
                )
            )
        elif isinstance(action, UndoTurn):
            out.append(
                phrase(
                    "Take back your melds of this turn: they count {points} of the {needed} "
                    "points you need to open.",
                    points=pos.points,
                    needed=pos.minimum,
                )
            )
        elif isinstance(action, NextHand):
            out.append(phrase("Deal the next hand."))
        elif isinstance(action, AskGoOut):
            out.append(
                phrase('Ask your partner "May I go out?": their answer binds you for this turn.')
            )
        elif isinstance(action, AnswerGoOut):
            out.append(answer_words(action))
    return out
