"""Every legal action of the player to move, for the computer opponent, hints and tests.

The enumeration proposes candidates by card counts (which naturals, Jokers and Twos go onto which
meld; which cards take the pile) and judges them by arithmetic that follows the engine's own
validators rule for rule, without building the refusals they would raise; the rules tests and
golden games hold both to the same answers. Cards of one code are interchangeable, so one action is
listed per distinct choice of codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from .actions import Action, Discard, Draw, Meld, NextHand, Pass, TakePile, Undo, UndoTurn
from .cards import (
    ACE,
    CARD_CODE,
    CARD_RANK,
    IDS_OF_CODE,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    MELD_KEY_NAME,
    SEVEN,
    THREE,
    TWO,
    VALID_CODES,
    WILD,
    CardCode,
    CardId,
)
from .engine import DRAW, HAND_OVER, PLAY, Game
from .errors import IllegalAction
from .melds import CANASTA_SIZE, special_meld
from .rules import Rules

# Actions are frozen values, so one instance of each (per card code) serves every listing.
_DRAW, _PASS, _NEXT_HAND, _UNDOS = Draw(), Pass(), NextHand(), (Undo(), UndoTurn())
_DISCARDS: dict[CardCode, Discard] = {code: Discard(code) for code in sorted(VALID_CODES)}
_JOKER_CODES: tuple[CardCode, ...] = (CardCode("JK"),) * 4
_ONE_OF_CODE: dict[str, CardId] = {code: ids[0] for code, ids in IDS_OF_CODE.items()}


def legal_actions(game: Game, include_undo: bool = False) -> list[Action]:
    """The actions `game.apply` accepts now.

    Undo actions are listed when asked for, and always when nothing else is possible (a player
    whose opening melds fall short of the minimum can only take them back)."""
    phase = game.phase
    if phase == PLAY:
        room = _Room(game)
        actions = _meld_actions(game, room)
        actions.extend(_special_actions(game))
        actions.extend(_discard_actions(game, room))
        if _passes(game):
            actions.append(_PASS)
        if game.turn.undo and (include_undo or not actions):
            actions.extend(_UNDOS)
        return actions
    if phase == DRAW:
        actions = []
        if game.stock or (
            game.rules.stock_end == "reuse_pile" and not game.stock_reused and len(game.pile) >= 2
        ):
            actions.append(_DRAW)
        if not game.turn.returned:
            actions.extend(_take_actions(game))
        if _passes(game):
            actions.append(_PASS)
        return actions
    if phase == HAND_OVER and (
        game._pending_decks or game.seed is not None or game.initial_deck is None
    ):
        return [_NEXT_HAND]
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


def _codes(cards: Sequence[int]) -> tuple[CardCode, ...]:
    return tuple(map(CARD_CODE.__getitem__, cards))


class _Room:
    """What the validators check of the cards a meld leaves in the hand, worked out once per
    listing: the mover's hand, the cards of it they may use now, their canastas, and the rules
    that limit them."""

    __slots__ = (
        "canastas",
        "hand",
        "hand_size",
        "must_discard",
        "need",
        "pass_the_discard",
        "rules",
        "usable",
    )

    def __init__(self, game: Game) -> None:
        player = game.mover
        self.rules = rules = game.rules
        self.hand = player.hand
        self.usable = game._usable_hand(game.to_move)
        self.hand_size = len(player.hand)
        self.canastas = player.canastas()
        self.need = rules.canastas_to_go_out
        self.must_discard = rules.must_discard
        self.pass_the_discard = rules.pass_the_discard

    def leaves_legal_hand(self, left: int, canastas_after: int) -> bool:
        """`Game._check_cards_left`: whether `left` cards in the hand, with `canastas_after`
        canastas, may follow a meld or taking the pile."""
        if left == 0:
            return not self.must_discard and canastas_after >= self.need
        return left != 1 or canastas_after >= self.need or self.pass_the_discard


# ---------------------------------------------------------------------------- taking the pile
def _take_actions(game: Game) -> list[Action]:
    pile = game.pile
    if not pile or game.pile_is_blocked():
        return []
    rules = game.rules
    player = game.mover
    hand = player.hand
    if rules.one_card_pile_rule and len(pile) == 1 and len(hand) == 1:
        return []
    rank = CARD_RANK[pile[-1]]
    # The top card is natural (a wild card or a Three blocks the pile): its rank holds no wild.
    naturals = [c for c in hand if CARD_RANK[c] == rank]
    if not naturals and rank not in player.melds:
        return []  # nothing to meld the top card with
    wilds = [c for c in hand if CARD_RANK[c] == JOKER][:1]
    wilds += [c for c in hand if CARD_RANK[c] == TWO][:1]
    candidates: list[list[CardId]] = [[]]
    if naturals:
        candidates.append(naturals[:1])
        candidates.extend([naturals[0], w] for w in wilds)
    if len(naturals) >= 2:
        candidates.append(naturals[:2])
    take = _TakeRoom(game, rank)
    return [TakePile(_codes(cards)) for cards in candidates if take.accepts(cards)]


class _TakeRoom:
    """`Game.validate_take` for the pile as it lies, answered by arithmetic for each choice of
    cards from the hand (the top card's rank is natural: a wild card or a Three blocks the pile)."""

    __slots__ = ("existing", "first_laid", "frozen", "gained", "rank", "room", "rules", "wild_ok")

    def __init__(self, game: Game, rank: int) -> None:
        rules = game.rules
        p = game.to_move
        player = game.players[p]
        self.rules = rules
        self.rank = rank
        self.room = _Room(game)
        self.existing = player.melds.get(rank)
        self.frozen = game.pile_is_frozen_for(p) or rules.natural_pair_required
        self.first_laid = self.existing is None and not player.opened
        self.wild_ok = _wild_allowed(rules, rank, self.first_laid, game._open_wild_meld(p, rank))
        pile = game.pile
        self.gained = len(pile) - 1 - sum(map(game._laid_threes().__getitem__, pile))

    def accepts(self, with_cards: Sequence[int]) -> bool:
        rules = self.rules
        existing = self.existing
        adding_wilds = sum(IS_WILD[c] for c in with_cards)
        naturals = len(with_cards) - adding_wilds
        if self.frozen and not (naturals >= 2 and adding_wilds == 0):
            return False
        if not with_cards and existing is None:
            return False
        base = len(existing) if existing else 0
        was_canasta = base >= CANASTA_SIZE
        if was_canasta and naturals < 2 and not rules.take_pile_to_canasta:
            return False
        if adding_wilds and not self.wild_ok:
            return False
        size = base + 1 + len(with_cards)
        wilds = (sum(IS_WILD[c] for c in existing) if existing else 0) + adding_wilds
        if not _meld_size_ok(rules, size, wilds):
            return False
        room = self.room
        canastas_after = room.canastas + (size >= CANASTA_SIZE and not was_canasta)
        left = room.hand_size - len(with_cards) + self.gained
        return room.leaves_legal_hand(left, canastas_after)


def _wild_allowed(rules: Rules, key: int, first_laid: bool, open_wild_meld: bool) -> bool:
    """`check_meld`'s rules on adding wild cards to a meld of natural rank `key`."""
    if rules.pure_aces_sevens and (key == SEVEN or (key == ACE and not first_laid)):
        return False
    return not (rules.prohibit_interim_mixed_melds and open_wild_meld)


def _meld_size_ok(rules: Rules, size: int, wilds: int) -> bool:
    """`check_meld`'s limits on a natural meld of `size` cards holding `wilds` wild cards."""
    if size < 3 or 2 * wilds > size or wilds > rules.max_wild_per_meld:
        return False
    return size <= CANASTA_SIZE or rules.extended_canastas


# ---------------------------------------------------------------------------- melds
def _meld_actions(game: Game, room: _Room) -> list[Action]:
    if game.turn.black_threes:
        return []  # nothing may follow a meld of Black Threes (validate_meld refuses it all)
    by_rank: dict[int, list[CardId]] = {}
    for card in room.usable:
        by_rank.setdefault(CARD_RANK[card], []).append(card)
    jokers = by_rank.pop(JOKER, [])
    twos = by_rank.pop(TWO, [])
    black = [c for c in by_rank.pop(THREE, ()) if IS_BLACK_THREE[c]]
    lister = _MeldLister(game, room, jokers, twos)
    melds = lister.melds
    # A new meld needs three naturals, or two and a wild card (which may not outnumber them).
    least = 2 if lister.wild_count else 3
    for key, naturals in by_rank.items():
        if len(naturals) >= least or key in melds:
            lister.natural_melds(key, naturals)
    if lister.wild_count:
        for key in melds:
            if key not in by_rank and key != WILD and key != THREE:
                lister.natural_melds(key, [])
        if game.rules.wild_canastas:
            _wild_melds(game, room, lister, lister.actions)
    if len(black) >= 2:
        _black_three_melds(game, room, black, jokers, twos, lister.actions)
    return lister.actions


class _MeldLister:
    """`Game.validate_meld` for every meld of natural rank, answered by arithmetic with the
    listing's constants worked out once: the mover's melds, usable wild cards and hand room."""

    __slots__ = (
        "actions",
        "first_turn",
        "jokers",
        "melds",
        "open_wild",
        "room",
        "rules",
        "twos",
        "wild_count",
    )

    def __init__(self, game: Game, room: _Room, jokers: list[CardId], twos: list[CardId]) -> None:
        self.room = room
        self.rules = game.rules
        self.actions: list[Action] = []
        self.melds = melds = game.mover.melds
        self.jokers = _JOKER_CODES[: len(jokers)]
        self.twos = _codes(twos)
        self.wild_count = len(jokers) + len(twos)
        self.first_turn = not game.turn.opened_at_start
        wild_meld = melds.get(WILD)
        self.open_wild = wild_meld is not None and len(wild_meld) < CANASTA_SIZE

    def natural_melds(self, key: int, naturals: list[CardId]) -> None:
        """The melds of naturals of rank `key` and wild cards, in the order of counts n, j, t."""
        existing = self.melds.get(key)
        rules = self.rules
        base = len(existing) if existing else 0
        base_wilds = sum(map(IS_WILD.__getitem__, existing)) if existing else 0
        first_laid = existing is None and self.first_turn
        takes_wild = bool(self.wild_count) and _wild_allowed(rules, key, first_laid, self.open_wild)
        candidates = _meld_candidates(
            key,
            _codes(naturals),
            self.jokers if takes_wild else (),
            self.twos if takes_wild else (),
            existing is None,
            base,
            base_wilds,
            rules.max_wild_per_meld,
            rules.extended_canastas,
        )
        free = self.room.hand_size - 2  # adding no more than this always leaves a legal hand
        for added, size, meld in candidates:
            if added <= free or self.leaves_legal_hand_after(added, base, size):
                self.actions.append(meld)

    def leaves_legal_hand_after(self, added: int, base: int, size: int) -> bool:
        """Whether adding `added` cards to a meld of `base` cards (`size` after) leaves a legal
        hand, counting the canasta it may complete."""
        room = self.room
        completes = size >= CANASTA_SIZE and base < CANASTA_SIZE
        return room.leaves_legal_hand(room.hand_size - added, room.canastas + completes)


@lru_cache(maxsize=1 << 14)
def _meld_candidates(
    key: int,
    natural_codes: tuple[CardCode, ...],
    jokers: tuple[CardCode, ...],
    twos: tuple[CardCode, ...],
    new: bool,
    base: int,
    base_wilds: int,
    max_wild: int,
    extended: bool,
) -> tuple[tuple[int, int, Meld], ...]:
    """The melds `check_meld` allows of these naturals of rank `key` and wild cards onto a meld
    of `base` cards (`base_wilds` of them wild; `new` for none yet), in the order of counts n, j,
    t, each with the number of cards it adds and the meld's size after. They depend on the cards
    alone, and recur from listing to listing; the hand's room is checked by the caller."""
    max_size = 1000 if extended else CANASTA_SIZE
    if not (jokers or twos):
        # Naturals only: the meld's wild cards stay as they are, within every limit.
        out = []
        for n in range(3 if new else 1, len(natural_codes) + 1):
            size = base + n
            if size < 3 or 2 * base_wilds > size or base_wilds > max_wild or size > max_size:
                continue
            out.append((n, size, Meld(natural_codes[:n])))
        return tuple(out)
    name = MELD_KEY_NAME[key]
    out = []
    for n in range(2 if new else 0, len(natural_codes) + 1):
        for j in range(min(len(jokers), max_wild) + 1):
            for t in range(min(len(twos), max_wild - j) + 1):
                added = n + j + t
                if new:
                    if j + t > n:
                        break
                    if added < 3:
                        continue
                elif added == 0:
                    continue
                size = base + added
                if size < 3:
                    continue
                wilds = base_wilds + j + t
                # Each limit only tightens as t grows: once broken, no larger t is legal.
                if 2 * wilds > size or wilds > max_wild or size > max_size:
                    break
                codes = natural_codes[:n] + jokers[:j] + twos[:t]
                out.append((added, size, Meld(codes, None if n else name)))
    return tuple(out)


def _wild_melds(game: Game, room: _Room, lister: _MeldLister, actions: list[Action]) -> None:
    """Melds of wild cards only (RULES.md 4.3), as `Game.validate_meld` accepts them."""
    existing = game.mover.melds.get(WILD)
    base = len(existing) if existing else 0
    was_canasta = base >= CANASTA_SIZE
    extended = game.rules.extended_canastas
    jokers, twos = lister.jokers, lister.twos
    for j in range(len(jokers) + 1):
        for t in range(len(twos) + 1):
            added = j + t
            if added == 0 or (existing is None and added < 3):
                continue
            size = base + added
            if (size <= CANASTA_SIZE or extended) and room.leaves_legal_hand(
                room.hand_size - added, room.canastas + (size >= CANASTA_SIZE and not was_canasta)
            ):
                actions.append(Meld(jokers[:j] + twos[:t], "wild"))


def _black_three_melds(
    game: Game,
    room: _Room,
    black: list[CardId],
    jokers: list[CardId],
    twos: list[CardId],
    actions: list[Action],
) -> None:
    """Going out with Black Threes (RULES.md 4.6), as `Game.validate_meld` accepts it: with the
    canastas to go out, as the last meld, leaving at most the one card to discard."""
    if room.canastas < room.need:
        return
    # Three Black Threes are proposed twice (as three and as "up to four"), as they always were:
    # the golden games pin the listing with its repeats.
    sets = [black[:3], black[:4]] if len(black) >= 3 else []
    if game.rules.black_three_out_with_wild:
        sets.extend([*black[:2], w] for w in jokers[:1] + twos[:1])
    no_discard = game.turn.no_discard
    for cards in sets:
        left = room.hand_size - len(cards)
        if left > 1 or (left == 0 and room.must_discard) or (left == 1 and no_discard):
            continue
        actions.append(Meld(_codes(cards)))


def _special_actions(game: Game) -> list[Action]:
    """A special meld of the whole hand (RULES.md 4.4), as `Game.validate_special_meld` accepts
    it: before any meld, after drawing from the stock."""
    player = game.mover
    if (
        not game.rules.special_melds
        or player.melds
        or player.opened
        or game.turn.drew != "stock"
        or special_meld(player.hand, bool(player.threes)) is None
    ):
        return []
    return [Meld(_codes(player.hand), "special")]


# ---------------------------------------------------------------------------- discards
def _discard_actions(game: Game, room: _Room) -> list[Action]:
    """One discard per card code the mover may discard, as `Game.validate_discard` judges it."""
    if game.turn.no_discard or game._opening_short():
        return []
    rules = room.rules
    hand = room.hand
    canastas = room.canastas
    need = room.need
    black_threes = game.turn.black_threes
    in_hand = dict.fromkeys(map(CARD_CODE.__getitem__, room.usable))
    actions: list[Action] = []
    left = len(hand) - 1
    if not ((left == 0 and canastas < need) or (black_threes and left != 0)):
        no_wild = rules.prohibit_wild_discard and left > 0 and not all(IS_WILD[c] for c in hand)
        no_ace_seven = (
            rules.prohibit_ace_seven_to_empty_pile and rules.pure_aces_sevens and not game.pile
        )
        codes: Iterable[CardCode] = in_hand
        if no_wild or no_ace_seven:
            codes = [code for code in in_hand if _discard_allowed(code, no_wild, no_ace_seven)]
        actions.extend(map(_DISCARDS.__getitem__, codes))
    if rules.discard_red_three_to_freeze:
        # A laid-down Red Three goes from the table, so the whole hand stays.
        left = len(hand)
        if not ((left == 0 and canastas < need) or (black_threes and left != 0)):
            for card in game.mover.threes:
                code = CARD_CODE[card]
                if IS_RED_THREE[card] and code not in in_hand:
                    in_hand[code] = None
                    actions.append(_DISCARDS[code])
    return actions


def _discard_allowed(code: CardCode, no_wild: bool, no_ace_seven: bool) -> bool:
    card = _ONE_OF_CODE[code]
    if no_wild and IS_WILD[card]:
        return False
    return not (no_ace_seven and CARD_RANK[card] in (ACE, SEVEN))
