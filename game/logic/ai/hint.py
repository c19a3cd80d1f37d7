"""Hints: what the Master level would do now for the player, with one sentence of reason.

The hint is Master's own move in the player's place: the Master player with the seed it is
given, playing patiently (aggressiveness 0, its strongest), and remembering of the opponent what
Master would have remembered had it played the player's seat this hand (`model`, which whoever
asks keeps from the player's views as `ComputerPlayer.decide` does). When the player is to draw, the hint is that one action (what to meld depends on what the draw
brings). Later in the turn it is the rest of the turn: the melds and the discard, each found by the
Master search on a copy of the player's view, so "Do it" can perform them in order. With a
partner (four players) the hint may be to ask "May I go out?" first, and while the partner asks,
it is the answer the computer would give.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass

from ..actions import (
    Action,
    AskGoOut,
    Discard,
    Draw,
    Meld,
    Pass,
    TakePile,
    Undo,
    UndoTurn,
)
from ..cards import (
    CARD_RANK,
    IDS_OF_CODE,
    IS_BLACK_THREE,
    IS_WILD,
    MELD_KEY_OF_NAME,
    RANK_NAME,
    WILD,
    code_of,
)
from ..errors import IllegalAction
from ..legal import legal_actions
from ..melds import PLURAL
from ..phases import DRAW, PLAY
from ..phrase import phrase
from ..view import PlayerView, determinize, player_view
from .opponent import OpponentModel
from .partner import answer_go_out, answer_words
from .player import ComputerPlayer

MAX_STEPS = 12
# Master plays the hint patiently: fast play costs it points (issue measurements: aggressiveness
# 100 loses more than a hundred points a hand against 0).
HINT_AGGRESSIVENESS = 0


@dataclass(frozen=True)
class Hint:
    """Suggested actions for now, in order, and why."""

    actions: tuple[Action, ...]
    reason: str


def hint(
    view: PlayerView,
    seed: int = 0,
    should_stop: Callable[[], bool] | None = None,
    now: Callable[[], float] | None = None,
    model: OpponentModel | None = None,
) -> Hint:
    """The Master level's suggestion for the view's seat, remembering `model` of the opponent
    (copied: the hint changes nothing of it)."""
    if view.must_answer:
        answer = answer_go_out(view)
        return Hint((answer,), answer_words(answer))
    if not view.my_turn:
        return Hint((), phrase("It is not your turn."))
    master = ComputerPlayer("master", seed=seed, aggressiveness=HINT_AGGRESSIVENESS)
    if model is not None:
        master.model = copy.deepcopy(model)
    world = determinize(view, random.Random(seed))
    world.record_undo = True
    # The player's own hand is the world's: whether the pile may be taken is exact. It may be
    # taken if any way of taking it is legal (with a pair from the hand, say), and only then is
    # drawing instead a judgement rather than a rule.
    pile_refusal = None
    drawing = view.phase == DRAW and view.pile
    if drawing and not any(isinstance(a, TakePile) for a in legal_actions(world)):
        pile_refusal = world.check(TakePile())
    actions: list[Action] = []
    current = view
    for _ in range(MAX_STEPS):
        action = master.decide(current, should_stop, now)
        actions.append(action)
        if current.phase == DRAW or isinstance(action, (Discard, Pass, Undo, UndoTurn, AskGoOut)):
            break  # after "May I go out?" the rest of the turn depends on the answer
        try:
            world.apply(action)
        except IllegalAction:
            break
        if world.phase != PLAY or world.to_move != view.seat:
            break
        current = player_view(world, view.seat)
    return Hint(tuple(actions), _reason(view, actions, pile_refusal))


def _name(code: str) -> str:
    rank = CARD_RANK[IDS_OF_CODE[code][0]]
    return PLURAL.get(rank, RANK_NAME[rank])


def _discard_words(view: PlayerView, code: str) -> str:
    """Why this discard, in words that agree with the position (never "helps your opponent
    least" for a card that fits its melds or that it was seen to take). With three or four
    players the opponent of a discard is the next player, who may take it."""
    card = IDS_OF_CODE[code][0]
    two = view.players == 2
    least = phrase("discard the {card}, the card you need least", card=code)
    if IS_WILD[card]:
        if any(IS_WILD[c] for c in view.pile):
            # A wild card in the pile froze it already: this one freezes nothing more.
            return least
        if view.players == 4:
            return phrase("discard the {card} to freeze the pile against both sides", card=code)
        if two:
            return phrase("discard the {card} to freeze the pile against your opponent", card=code)
        return phrase("discard the {card} to freeze the pile against the next player", card=code)
    if IS_BLACK_THREE[card]:
        if two:
            return phrase(
                "discard the {card} to block the pile for your opponent's next turn", card=code
            )
        return phrase(
            "discard the {card} to block the pile for the next player's next turn", card=code
        )
    rank = CARD_RANK[card]
    usable = rank in dict(view.melds[view.opponent]) or any(
        CARD_RANK[c] == rank for c in view.known[view.opponent]
    )
    if usable:
        return least
    if two:
        return phrase("discard the {card}, the card that helps your opponent least", card=code)
    return phrase("discard the {card}, the card that helps the next player least", card=code)


def _reason(view: PlayerView, actions: list[Action], pile_refusal: IllegalAction | None) -> str:
    first = actions[0]
    if isinstance(first, AskGoOut):
        return phrase(
            'Ask your partner "May I go out?": you can go out now, and your partner\'s cards '
            "decide whether it pays."
        )
    if isinstance(first, Draw):
        if view.pile and view.pile_blocked:
            return phrase("Draw from the stock: the pile is blocked.")
        if pile_refusal is not None:
            return phrase(
                "Draw from the stock: the pile cannot be taken now. {why}",
                why=pile_refusal.message,
            )
        if not view.pile:
            return phrase("Draw from the stock: the pile is empty.")
        return phrase("Draw from the stock: the pile is not worth taking now.")
    if isinstance(first, TakePile):
        return phrase(
            "Take the pile: its {count} cards start with a meld of {rank}.",
            count=len(view.pile),
            rank=_name(code_of(view.pile[-1])),
        )
    melds = [a for a in actions if isinstance(a, Meld)]
    discard = next((a for a in actions if isinstance(a, Discard)), None)
    ranks: list[str] = []
    if melds:
        for meld in melds:
            if meld.rank == "special":
                return phrase("Meld your whole hand as a special meld and go out.")
            name = (
                _name(next(c for c in meld.cards if not c.startswith(("2", "JK"))))
                if any(not c.startswith(("2", "JK")) for c in meld.cards)
                else (
                    PLURAL[WILD]
                    if meld.rank in ("wild", None)
                    else PLURAL[MELD_KEY_OF_NAME[meld.rank]]
                )
            )
            if name not in ranks:
                ranks.append(name)
    if isinstance(first, (Undo, UndoTurn)):
        return phrase("Undo: these melds do not reach the opening minimum.")
    if isinstance(first, Pass):
        return phrase("End the turn without discarding.")
    if not ranks:
        if discard is None:
            return phrase("Nothing useful to do.")
        return phrase("Just {discard}.", discard=_discard_words(view, discard.card))
    named = ranks[0]
    for rank in ranks[1:]:
        named = phrase("{some}, {last}", some=named, last=rank)
    if discard is None:
        return phrase("Meld your {ranks}.", ranks=named)
    return phrase(
        "Meld your {ranks} and {discard}.",
        ranks=named,
        discard=_discard_words(view, discard.card),
    )
