"""Every legal action of the player to move, for the computer opponent, hints and tests.

The enumeration proposes candidates by card counts (which naturals, Jokers and Twos go onto which
meld; which cards take the pile) and keeps those the engine's own validators accept, so the list
can never disagree with `Game.apply`. Cards of one code are interchangeable, so one action is listed
per distinct choice of codes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .actions import Action, Discard, Draw, Meld, NextHand, Pass, TakePile, Undo, UndoTurn
from .cards import (
    ACE,
    CARD_CODE,
    CARD_RANK,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    MELD_KEY_NAME,
    SEVEN,
    THREE,
    TWO,
    WILD,
    CardId,
)
from .engine import DRAW, HAND_OVER, PLAY, Game
from .errors import IllegalAction
from .melds import CANASTA_SIZE


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
    # The usual answers first, as validate_pass would give them, without building a refusal:
    # with cards in the stock one draws, and in play one discards unless a rule says otherwise.
    if game.phase == DRAW and game.stock:
        return False
    if game.phase == PLAY and not game.turn.no_discard:
        rules = game.rules
        player = game.mover
        if not (
            rules.pass_the_discard
            and len(player.hand) == 1
            and player.canastas() < rules.canastas_to_go_out
        ):
            return False
    try:
        game.validate_pass()
    except IllegalAction:
        return False
    return True


def _codes(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(map(CARD_CODE.__getitem__, cards))


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
    if game.turn.black_threes:
        return []  # nothing may follow a meld of Black Threes (validate_meld refuses it all)
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
    keys = [k for k in by_rank if k != THREE] + [
        k for k in player.melds if k not in by_rank and k not in (WILD, THREE)
    ]
    room = _MeldRoom(game)
    melds = player.melds
    for key in keys:
        naturals = by_rank.get(key, [])
        # A new meld needs two naturals at least, as wild cards may not outnumber them.
        if len(naturals) >= 2 or key in melds:
            _natural_key_melds(room, key, naturals, jokers, twos, actions)
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


class _MeldRoom:
    """What `Game.validate_meld` checks for melds of one natural rank, worked out once per
    listing and answered by arithmetic, without building the refusals it would raise. It follows
    `validate_meld` and `check_meld` rule for rule (the rules tests and golden games hold both to
    the same answers)."""

    __slots__ = ("canastas", "game", "hand_size", "max_wild", "need", "rules")

    def __init__(self, game: Game) -> None:
        player = game.mover
        self.game = game
        self.rules = game.rules
        self.hand_size = len(player.hand)
        self.canastas = player.canastas()
        self.need = game.rules.canastas_to_go_out
        self.max_wild = game.rules.max_wild_per_meld

    def wild_allowed(self, key: int, existing: Sequence[int] | None) -> bool:
        rules = self.rules
        if rules.pure_aces_sevens and key == SEVEN:
            return False
        if (
            rules.pure_aces_sevens
            and key == ACE
            and (existing is not None or self.game.turn.opened_at_start)
        ):
            return False
        return not (
            rules.prohibit_interim_mixed_melds and self.game._open_wild_meld(self.game.to_move, key)
        )

    def fits(self, size: int, wilds: int, adding: int, was_canasta: bool) -> bool:
        """Whether `adding` cards (`wilds` wild cards in the meld after) leave a legal meld of
        `size` cards and a legal hand."""
        rules = self.rules
        if size < 3 or wilds > size - wilds or wilds > self.max_wild:
            return False
        if size > CANASTA_SIZE and not rules.extended_canastas:
            return False
        canastas = self.canastas + (size >= CANASTA_SIZE and not was_canasta)
        left = self.hand_size - adding
        if left == 0:
            return not rules.must_discard and canastas >= self.need
        return not (left == 1 and canastas < self.need and not rules.pass_the_discard)


def _natural_key_melds(
    room: _MeldRoom,
    key: int,
    naturals: list[CardId],
    jokers: list[CardId],
    twos: list[CardId],
    actions: list[Action],
) -> None:
    """The melds of naturals of rank `key` and wild cards, in the order of counts n, j, t."""
    existing = room.game.mover.melds.get(key)
    base = len(existing) if existing else 0
    was_canasta = base >= CANASTA_SIZE
    name = MELD_KEY_NAME[key]
    fits = room.fits
    if not (jokers or twos) or not room.wild_allowed(key, existing):
        # Naturals only: the meld's wild cards stay as they are, within every limit.
        for n in range(1 if existing else 3, len(naturals) + 1):
            if fits(base + n, 0, n, was_canasta):
                actions.append(Meld(_codes(naturals[:n])))
        return
    wild_room = room.max_wild
    base_wilds = sum(IS_WILD[c] for c in existing) if existing else 0
    max_j = min(len(jokers), wild_room)
    for n in range(0 if existing else 2, len(naturals) + 1):
        for j in range(max_j + 1):
            for t in range(min(len(twos), wild_room - j) + 1):
                added = n + j + t
                if existing is None:
                    if j + t > n:
                        break
                    if added < 3:
                        continue
                elif added == 0:
                    continue
                if fits(base + added, base_wilds + j + t, added, was_canasta):
                    cards = naturals[:n] + jokers[:j] + twos[:t]
                    actions.append(Meld(_codes(cards), None if n else name))


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
    if game.turn.no_discard:
        return actions
    try:
        game._check_turn_can_end()
    except IllegalAction:
        return actions
    allowed = _hand_discard_rule(game)
    for card in game._usable_hand(game.to_move):
        code = CARD_CODE[card]
        if code in seen:
            continue
        seen.add(code)
        if allowed(card):
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


def _hand_discard_rule(game: Game) -> Callable[[int], bool]:
    """Which hand cards `Game.validate_discard` accepts, once the turn may end at all: the same
    rules worked out once for the whole hand."""
    rules = game.rules
    player = game.mover
    left = len(player.hand) - 1
    if left == 0 and player.canastas() < rules.canastas_to_go_out:
        return _never
    if game.turn.black_threes and left != 0:
        return _never
    no_wild = rules.prohibit_wild_discard and left > 0 and not all(IS_WILD[c] for c in player.hand)
    no_ace_seven = (
        rules.prohibit_ace_seven_to_empty_pile and rules.pure_aces_sevens and not game.pile
    )

    def allowed(card: int) -> bool:
        if no_wild and IS_WILD[card]:
            return False
        return not (no_ace_seven and CARD_RANK[card] in (ACE, SEVEN))

    return allowed


def _never(card: int) -> bool:
    return False
