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
from ..view import PlayerView
from .names import (
    article,
    card_name,
    cards_text,
    code_name,
    count_text,
    number_word,
    rank_plural,
    rank_singular,
)

# From this many of a rank's eight cards in sight, a discard's explanation says so.
IN_SIGHT_NOTED: Final = 5


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
        return "the pile is empty"
    top = view.pile[-1]
    if view.pile_blocked:
        return f"{article(_what(top))} on the pile blocks it"
    rank = CARD_RANK[top]
    naturals = sum(1 for c in view.hand if CARD_RANK[c] == rank and not IS_WILD[c])
    if view.pile_frozen_for[seat] and naturals < 2:
        if naturals:
            held = f"only one natural {rank_singular(rank)}"
        else:
            held = f"no natural pair of {rank_plural(rank)}"
        return f"the pile is frozen and you hold {held}"
    return f"the pile's {count_text(len(view.pile), 'card')} are not worth taking now"


def _what(card: int) -> str:
    if IS_WILD[card]:
        return "wild card"
    if IS_RED_THREE[card]:
        return "Red Three"
    return "Black Three"


def _opening_note(pos: _Position) -> str:
    if pos.opened:
        return ""
    if pos.points >= pos.minimum:
        pos.opened = True
        return f"; that opens ({pos.minimum} needed)"
    return f"; with {pos.minimum - pos.points} more you open"


def _explain_draw(view: PlayerView) -> str:
    n = view.rules.stock_draw
    what = "a card" if n == 1 else count_text(n, "card")
    if not view.pile:
        return f"Draw {what} from the stock: the pile is empty."
    return f"Draw {what} from the stock: {_pile_problem(view)}."


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
        how = f"meld the top card {card_name(top)} with {cards_text(with_cards)} from your hand"
    else:
        how = f"add the top card {card_name(top)} to your {rank_plural(rank)}"
    more = f" and gain {count_text(len(gained), 'more card')}" if gained else ""
    sentence = f"Take the pile: {how}{more}"
    if not pos.opened:
        sentence += f": {pos.points} points towards the {pos.minimum} you need"
        sentence += _opening_note(pos)
    return sentence + _canasta_note(view, rank, existing, meld) + "."


def _canasta_note(view: PlayerView, key: int, existing: list[int] | None, meld: list[int]) -> str:
    before = len(existing) if existing else 0
    if before < CANASTA_SIZE <= len(meld):
        kind = canasta_kind(key, meld)
        return f"; it makes {article(str(kind))} canasta ({canasta_bonus(view.rules, key, meld)} bonus)"
    return ""


def _explain_meld(view: PlayerView, pos: _Position, action: Meld) -> str:
    cards = pos.take(action.cards)
    if action.rank == "special":
        found = special_meld(cards, bool(view.threes[view.seat]))
        name, bonus = found if found is not None else ("", 0)
        title = SPECIAL_MELD_NAMES.get(name, "a special meld")
        return f"Meld your whole hand as {title} and go out: {bonus} points."
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
        return f"Meld {cards_text(cards)} as your last meld and go out."
    existing = pos.melds.get(key)
    meld = (existing or []) + cards
    pos.melds[key] = meld
    if existing:
        sentence = f"Add {cards_text(cards)} to your {rank_plural(key)}"
        size = len(meld)
        if size < CANASTA_SIZE:
            short = CANASTA_SIZE - size
            sentence += (
                f": {count_text(size, 'card')}, {count_text(short, 'card')} short of a canasta"
            )
    else:
        sentence = f"Meld {cards_text(cards)}: {points} points"
    if not pos.opened:
        pos.points += points
        sentence += _opening_note(pos)
    sentence += _canasta_note(view, key, existing, meld)
    if not pos.hand:
        sentence += "; that empties your hand and you go out"
    return sentence + "."


def _explain_discard(view: PlayerView, pos: _Position, action: Discard) -> str:
    card = pos.take((action.card,))[0]
    name = code_name(action.card)
    if len(pos.hand) == 1:
        return f"Discard {name} and go out."
    # With three or four players the one who may take the discard is the next player.
    them = "your opponent" if view.players == 2 else "the next player"
    if IS_WILD[card]:
        frozen_for = them if view.players != 4 else "both sides"
        return f"Discard {name}: a wild card freezes the pile against {frozen_for}."
    if IS_BLACK_THREE[card]:
        return f"Discard {name}: a Black Three blocks the pile for {them}'s next turn."
    rank = CARD_RANK[card]
    theirs = dict(view.melds[view.opponent])
    known = sum(1 for c in view.known[view.opponent] if CARD_RANK[c] == rank)
    # A card the opponent can use is never called safe: the sentence says what it costs.
    if rank in theirs:
        return (
            f"Discard {name}: it is the card you need least, although {them} could add "
            f"it to its {rank_plural(rank)}."
        )
    if known:
        took = count_text(known, rank_singular(rank), rank_plural(rank))
        return (
            f"Discard {name}: it is the card you need least, although {them} took "
            f"{took} from the pile."
        )
    no_meld = f"{them} has no meld of {rank_plural(rank)}"
    mine = [c for cards in pos.melds.values() for c in cards]
    their_cards = [c for _key, cards in view.melds[view.opponent] for c in cards]
    sight = sum(CARD_RANK[c] == rank for c in (*pos.hand, *view.pile, *mine, *their_cards))
    if sight >= IN_SIGHT_NOTED:
        # Few copies left out of sight: a pair of them in the opponent's hand is unlikely.
        return (
            f"Discard {name}: {no_meld}, is not known to hold one, and {number_word(sight)} of "
            f"the eight {rank_plural(rank)} are in sight."
        )
    return f"Discard {name}: {no_meld} and is not known to hold one."


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
                out.append("Leave the pile and end the hand: the stock is used up.")
            else:
                out.append("End your turn without discarding: you keep your last card.")
        elif isinstance(action, (Undo, UndoTurn)):
            what = "your last meld" if isinstance(action, Undo) else "your melds of this turn"
            out.append(
                f"Take back {what}: they count {pos.points} of the "
                f"{pos.minimum} points you need to open."
            )
        elif isinstance(action, NextHand):
            out.append("Deal the next hand.")
        elif isinstance(action, AskGoOut):
            out.append('Ask your partner "May I go out?": their answer binds you for this turn.')
        elif isinstance(action, AnswerGoOut):
            out.append(answer_words(action))
    return out
