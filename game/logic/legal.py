"""Every legal action of the player to move, for the computer opponent, hints and tests.

The enumeration proposes candidates by card counts (which naturals, Jokers and Twos go onto which
meld; which cards take the pile) and keeps those the engine's own validators accept, so the list
can never disagree with `Game.apply`. Cards of one code are interchangeable, so one action is listed
per distinct choice of codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Discard, Draw, Meld, NextHand, Pass, TakePile, Undo, UndoTurn
from .cards import (
    CARD_CODE,
    CARD_RANK,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    MELD_KEY_NAME,
    THREE,
    TWO,
    WILD,
    CardId,
)
from .engine import DRAW, HAND_OVER, PLAY, Game
from .errors import IllegalAction


def legal_actions(game: Game, include_undo: bool = False) -> list[Action]:
    """The actions `game.apply` accepts now.

    Undo actions are listed when asked for, and always when nothing else is possible (a player
    whose opening melds fall short of the minimum can only take them back)."""
    if game.phase == PLAY:
        actions = _meld_actions(game)
        actions.extend(_special_actions(game))
        actions.extend(_discard_actions(game))
        if _passes(game):
            actions.append(Pass())
        if game.turn.undo and (include_undo or not actions):
            actions.extend((Undo(), UndoTurn()))
        return actions
    if game.phase == DRAW:
        actions = []
        if game.stock or (
            game.rules.stock_end == "reuse_pile" and not game.stock_reused and len(game.pile) >= 2
        ):
            actions.append(Draw())
        if not game.turn.returned:
            actions.extend(_take_actions(game))
        if _passes(game):
            actions.append(Pass())
        return actions
    if game.phase == HAND_OVER and (
        game._pending_decks or game.seed is not None or game.initial_deck is None
    ):
        return [NextHand()]
    return []


def _passes(game: Game) -> bool:
    try:
        game.validate_pass()
    except IllegalAction:
        return False
    return True


def _codes(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(CARD_CODE[c] for c in cards)


def _take_actions(game: Game) -> list[Action]:
    if not game.pile or game.pile_is_blocked():
        return []
    rank = CARD_RANK[game.pile[-1]]
    hand = game.mover.hand
    naturals = [c for c in hand if CARD_RANK[c] == rank and not IS_WILD[c]]
    jokers = [c for c in hand if CARD_RANK[c] == JOKER][:1]
    twos = [c for c in hand if CARD_RANK[c] == TWO][:1]
    candidates: list[list[CardId]] = [[]]
    if naturals:
        candidates.append(naturals[:1])
        candidates.extend([naturals[0], w] for w in jokers + twos)
    if len(naturals) >= 2:
        candidates.append(naturals[:2])
    actions: list[Action] = []
    for with_cards in candidates:
        try:
            game.validate_take(with_cards)
        except IllegalAction:
            continue
        actions.append(TakePile(_codes(with_cards)))
    return actions


def _meld_actions(game: Game) -> list[Action]:
    rules = game.rules
    player = game.mover
    usable = game._usable_hand(game.to_move)
    by_rank: dict[int, list[CardId]] = {}
    jokers: list[CardId] = []
    twos: list[CardId] = []
    for card in usable:
        rank = CARD_RANK[card]
        if rank == JOKER:
            jokers.append(card)
        elif rank == TWO:
            twos.append(card)
        elif not IS_RED_THREE[card]:
            by_rank.setdefault(rank, []).append(card)
    actions: list[Action] = []
    wild_room = rules.max_wild_per_meld
    keys = [k for k in by_rank if k != THREE] + [
        k for k in player.melds if k not in by_rank and k not in (WILD, THREE)
    ]
    for key in keys:
        naturals = by_rank.get(key, [])
        existing = player.melds.get(key)
        for n in range(0 if existing else 1, len(naturals) + 1):
            for j in range(min(len(jokers), wild_room) + 1):
                for t in range(min(len(twos), wild_room - j) + 1):
                    if n + j + t == 0:
                        continue
                    if existing is None and n + j + t < 3:
                        continue
                    if existing is None and j + t > n:
                        break
                    cards = naturals[:n] + jokers[:j] + twos[:t]
                    _try_meld(game, key, cards, None if n else MELD_KEY_NAME[key], actions)
    if rules.wild_canastas and (jokers or twos):
        for j in range(len(jokers) + 1):
            for t in range(len(twos) + 1):
                if j + t == 0 or (WILD not in player.melds and j + t < 3):
                    continue
                _try_meld(game, WILD, jokers[:j] + twos[:t], "wild", actions)
    black = [c for c in usable if IS_BLACK_THREE[c]]
    if len(black) >= 2:
        sets = [black[:3], black[:4]] if len(black) >= 3 else []
        if rules.black_three_out_with_wild:
            sets.extend([*black[:2], w] for w in jokers[:1] + twos[:1])
        for cards in sets:
            if len(cards) >= 3:
                _try_meld(game, THREE, cards, None, actions)
    return actions


def _try_meld(
    game: Game, key: int, cards: list[CardId], rank: str | None, actions: list[Action]
) -> None:
    try:
        game.validate_meld(key, cards)
    except IllegalAction:
        return
    actions.append(Meld(_codes(cards), rank))


def _special_actions(game: Game) -> list[Action]:
    if not game.rules.special_melds or game.mover.melds or game.turn.drew != "stock":
        return []
    cards = list(game.mover.hand)
    try:
        game.validate_special_meld(cards)
    except IllegalAction:
        return []
    return [Meld(_codes(cards), "special")]


def _discard_actions(game: Game) -> list[Action]:
    actions: list[Action] = []
    seen: set[str] = set()
    for card in game._usable_hand(game.to_move):
        code = CARD_CODE[card]
        if code in seen:
            continue
        seen.add(code)
        try:
            game.validate_discard(card)
        except IllegalAction:
            continue
        actions.append(Discard(code))
    if game.rules.discard_red_three_to_freeze:
        for card in game.mover.threes:
            code = CARD_CODE[card]
            if IS_RED_THREE[card] and code not in seen:
                seen.add(code)
                try:
                    game.validate_discard(card, from_threes=True)
                except IllegalAction:
                    continue
                actions.append(Discard(code))
    return actions
