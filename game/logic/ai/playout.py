"""The search's play-out policy: a quick, plain way to play on after a candidate.

A play-out needs many decisions in a few milliseconds, and a model of an opponent that plays
sensibly without deliberating. Once a player has opened it plays like a brisk club player: it
takes the pile when a natural pair or its own meld takes it and the pile holds three cards or
more, lays down every natural it can, spends wild cards only to finish a canasta or to go out,
goes out at the first chance, and discards a Black Three or the least useful lone card, never one
that fits the opponent's melds while it has another. Before opening it asks the heuristic, whose
opening plans know every rule about the minimum. Each decision looks at the legal actions once,
by card codes, without copying the game.
"""

from __future__ import annotations

import random
from typing import Final

from ..actions import Action, AskGoOut, Discard, Draw, Meld, Pass, TakePile
from ..cards import (
    CARD_CODE,
    CARD_POINTS,
    CARD_RANK,
    IDS_OF_CODE,
    IS_BLACK_THREE,
    IS_WILD,
    MELD_KEY_OF_NAME,
    THREE,
)
from ..engine import Game
from ..errors import IllegalAction
from ..legal import legal_actions
from ..melds import CANASTA_SIZE
from ..phases import DRAW, PLAY
from ..phrase import phrase
from . import heuristic

# A card code's rank, whether it is wild, and its points, by code (every id of a code agrees).
_RANK: Final = {code: CARD_RANK[ids[0]] for code, ids in IDS_OF_CODE.items()}
_WILD: Final = {code: IS_WILD[ids[0]] for code, ids in IDS_OF_CODE.items()}
_POINTS: Final = {code: CARD_POINTS[ids[0]] for code, ids in IDS_OF_CODE.items()}
_BLACK_THREE: Final = {code: IS_BLACK_THREE[ids[0]] for code, ids in IDS_OF_CODE.items()}
# The smallest pile worth taking: a smaller one mostly hands back one's own last discard.
MIN_PILE: Final = 3


def choose(game: Game, rng: random.Random) -> Action:
    """The play-out policy's action for the player to move (always a legal one); IllegalAction
    when there is none."""
    if game.phase == PLAY and not game.mover.opened:
        return heuristic.choose(game, heuristic.MASTER, rng, True)
    actions = legal_actions(game)
    if game.n_players == 4:  # play-outs go out without asking
        actions = [a for a in actions if not isinstance(a, AskGoOut)]
    if len(actions) == 1:
        return actions[0]
    if not actions:
        # Melded into a corner with no undo kept (a play-out copy): nothing is legal, and the
        # play-out ends here (the search's play-outs stop on a refusal).
        raise IllegalAction("no_move", phrase("The player to move has no legal action."))
    if game.phase == DRAW:
        return _draw(game, actions)
    if game.phase == PLAY:
        return _play(game, actions)
    return actions[0]


def _draw(game: Game, actions: list[Action]) -> Action:
    fallback = actions[0]
    if not game.mover.opened or len(game.pile) < MIN_PILE:
        return next((a for a in actions if isinstance(a, (Draw, Pass))), fallback)
    best: TakePile | None = None
    for action in actions:
        if (
            isinstance(action, TakePile)
            and not any(_WILD[c] for c in action.with_)
            and (best is None or len(action.with_) < len(best.with_))
        ):
            best = action
    if best is not None:
        return best
    return next((a for a in actions if isinstance(a, (Draw, Pass))), fallback)


def _meld_shape(action: Meld) -> tuple[int, int, int]:
    """A meld action's key (-1 for a special meld), card count and wild cards, kept once worked
    out: the listing hands out the same action objects again and again, so they are known by
    identity (hashing a meld's cards in Python cost more than working the shape out)."""
    known = _SHAPES.get(id(action))
    if known is None or known[0] is not action:
        if len(_SHAPES) >= _SHAPES_BOUND:
            _SHAPES.clear()
        if action.rank == "special":
            key = -1
        elif action.rank is not None:
            key = MELD_KEY_OF_NAME[action.rank]
        else:
            key = next(_RANK[code] for code in action.cards if not _WILD[code])
        shape = (key, len(action.cards), sum(_WILD[c] for c in action.cards))
        _SHAPES[id(action)] = (action, shape)  # the entry keeps the action, and so its id
        return shape
    return known[1]


_SHAPES: Final[dict[int, tuple[Meld, tuple[int, int, int]]]] = {}
_SHAPES_BOUND: Final = 1 << 15


def _play(game: Game, actions: list[Action]) -> Action:
    me = game.mover
    hand_size = len(me.hand)
    need = game.rules.canastas_to_go_out
    canastas = me.canastas()
    melds = me.melds
    best: Action | None = None
    best_score = 0.0
    discards = [a for a in actions if isinstance(a, Discard)]
    # Cards that may be discarded now, and how many the hand holds: a meld must leave one of
    # them, or the turn could not end (a Modern hand of Aces, Sevens and wild cards on an empty
    # pile) and the meld would be taken back.
    discardable = {a.card for a in discards}
    free = sum(1 for card in me.hand if CARD_CODE[card] in discardable)
    passes: Action | None = None
    for action in actions:
        if not isinstance(action, Meld):
            if isinstance(action, Pass):
                passes = action
            continue
        key, size, wilds = _meld_shape(action)
        left = hand_size - size
        if left == 0 or key < 0:
            return action  # goes out (a special meld takes the whole hand)
        if key == THREE:
            continue
        if free <= sum(1 for code in action.cards if code in discardable):
            continue  # no card it leaves may be discarded
        before = len(melds.get(key, ()))
        completes = before < CANASTA_SIZE <= before + size
        if left <= 2 and canastas + completes < need:
            continue  # stripping the hand without the canastas to go out
        if wilds and not (completes or (canastas + completes >= need and left <= 3)):
            continue
        score = 10.0 * (size - wilds) + 3.0 * wilds + 50.0 * completes
        if score > best_score:
            best, best_score = action, score
    if best is not None:
        return best
    if discards:
        return _discard(game, discards)
    return passes or actions[0]


def _discard(game: Game, discards: list[Discard]) -> Discard:
    """A Black Three, else the lone high card; never a wild card, a card of one's own melds, or
    one the opponent could lay off, while there is another."""
    me = game.mover
    held: dict[int, int] = {}
    for card in me.hand:
        rank = CARD_RANK[card]
        held[rank] = held.get(rank, 0) + 1
    opponent = (game.to_move + 1) % game.n_players  # the next player, who may take the discard
    theirs = game.players[opponent].melds if not game.pile_is_frozen_for(opponent) else {}
    mine = me.melds
    best, best_score = discards[0], -1e9
    for action in discards:
        code = action.card
        if _BLACK_THREE[code]:
            return action
        if _WILD[code]:
            score = -100.0 - _POINTS[code]
        else:
            rank = _RANK[code]
            score = _POINTS[code] / 10.0 - 10.0 * (held[rank] - 1)
            if rank in mine:
                score -= 30.0
            if rank in theirs:
                score -= 60.0
        if score > best_score:
            best, best_score = action, score
    return best
