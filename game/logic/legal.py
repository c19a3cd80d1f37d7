"""Every legal action of the player to move, for the computer opponent, hints and tests.

The enumeration proposes candidates by card counts (which naturals, Jokers and Twos go onto which
meld; which cards take the pile) and judges them by arithmetic that follows the engine's own
validators rule for rule, without building the refusals they would raise; the rules tests and
golden games hold both to the same answers. Cards of one code are interchangeable, so one action is
listed per distinct choice of codes. Listing is the inner loop of every play-out, so the melds a
rank's cards allow are kept once worked out, and the common refusals (a blocked or frozen pile, a
rank too short to meld) are answered before anything is built.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import (
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
from .cards import (
    ACE,
    CARD_CODE,
    CARD_RANK,
    CARD_SUIT,
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
from .engine import Game
from .errors import IllegalAction
from .hand.melding import open_wild_meld
from .hand.player_state import PlayerState
from .hand.threes import laid_threes
from .hand.turn import ASKED
from .melds import CANASTA_SIZE, special_meld
from .phases import DRAW, HAND_OVER, PLAY
from .rules import Rules

# Actions are frozen values, so one instance of each (per card code) serves every listing.
_DRAW, _PASS, _NEXT_HAND, _UNDOS = Draw(), Pass(), NextHand(), (Undo(), UndoTurn())
_ASK, _ANSWERS = AskGoOut(), (AnswerGoOut(True), AnswerGoOut(False))
_DISCARDS: Final[dict[CardCode, Discard]] = {code: Discard(code) for code in sorted(VALID_CODES)}

_JOKER_CODES: Final[tuple[CardCode, ...]] = (CardCode("JK"),) * 4
_BLACK_THREE_CODES: Final = frozenset(
    CARD_CODE[c] for c in range(len(CARD_CODE)) if IS_BLACK_THREE[c]
)
# A wild card or any Three on top of the pile: nobody may take it (Game.pile_is_blocked).
_BLOCKS_PILE: Final = tuple(
    w or IS_RED_THREE[c] or IS_BLACK_THREE[c] for c, w in enumerate(IS_WILD)
)
# Worked-out melds of one rank, by the rules' limits, then by the choice of cards and the meld
# they go onto, as one number (see _choice): the choices recur from listing to listing; a table
# is emptied when it grows past its bound.
_RANK_MELDS: Final[dict[tuple[int, bool], dict[int, _RankMelds]]] = {}
_RANK_MELDS_BOUND: Final = 1 << 14  # about 11 MB of worked-out melds per set of limits
# Each card's suit as a digit from 1 (a Joker's is 5): the digits of a choice of naturals.
_SUIT_DIGIT: Final = tuple(suit + 1 for suit in CARD_SUIT)


def legal_actions(game: Game, include_undo: bool = False) -> list[Action]:
    """The actions `game.apply` accepts now.

    Undo actions are listed when asked for, and always when nothing else is possible (a player
    whose opening melds fall short of the minimum can only take them back). While "May I go
    out?" waits for an answer, the actions are the partner's two answers (`Game.to_act`)."""
    phase = game.phase
    if phase == PLAY:
        turn = game.turn
        if turn.ask == ASKED:
            return list(_ANSWERS)
        rules = game.rules
        player = game.players[game.to_move]
        hand = player.hand
        relisted = game._relisted
        # Undone back to a state listed before (see Game._relisted), with the hand as it was.
        if (
            relisted is not None
            and not turn.ask  # listed before asking "May I go out?" (the same turn: not asked)
            and relisted[0] is player
            and relisted[1] == include_undo
            and relisted[2] == hand
        ):
            game._listed = (game._applied, player, include_undo, relisted[2], relisted[3])
            return list(relisted[3])
        locked = turn.locked
        # The pile cards locked until the opening minimum is met are left out.
        usable = [c for c in hand if c not in locked] if locked else hand
        actions = [] if turn.black_threes else _meld_actions(game, player, usable)
        if rules.special_melds and turn.drew == "stock" and len(hand) in (13, 14):
            actions.extend(_special_actions(game))
        _discard_actions(game, player, usable, actions)
        # Passing is refused at once unless the last stock card was a Three, or the rules let a
        # player short of canastas keep a last card (as _passes would find, only slower).
        if (
            turn.no_discard
            or (
                rules.pass_the_discard
                and len(hand) == 1
                and player.canastas() < game.canastas_needed()
            )
        ) and _passes(game):
            actions.append(_PASS)
        can_act = bool(actions)
        if turn.undo and (include_undo or not actions):
            actions.extend(_UNDOS)
        # "May I go out?" (four players) is listed after the moves it may precede, never alone.
        if (
            game.n_players == 4
            and can_act
            and not turn.ask
            and len(hand) >= 2
            and not turn.black_threes
            and not turn.no_discard
        ):
            actions.append(_ASK)
        game._listed = (game._applied, player, include_undo, hand[:], tuple(actions))
        return actions
    if phase == DRAW:
        if game.stock:
            # The usual turn: draw, or take the pile; nobody passes with cards in the stock.
            if game.turn.returned:
                return [_DRAW]
            takes = _take_actions(game)
            return [_DRAW, *takes] if takes else [_DRAW]
        actions = []
        if game.rules.stock_end == "reuse_pile" and not game.stock_reused and len(game.pile) >= 2:
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
        if not rules.pass_the_discard:
            return False
        player = game.mover
        if not (len(player.hand) == 1 and player.canastas() < game.canastas_needed()):
            return False
    try:
        game.validate_pass()
    except IllegalAction:
        return False
    return True


def _codes(cards: Sequence[int]) -> tuple[CardCode, ...]:
    # A comprehension: it indexes faster than map(CARD_CODE.__getitem__, ...) calls.
    return tuple([CARD_CODE[card] for card in cards])


class _Room:
    """What the validators check of the cards a meld leaves in the hand, worked out once per
    listing: the mover's hand, their melds and canastas, and the rules that limit them."""

    __slots__ = (
        "canastas",
        "hand_size",
        "melds",
        "must_discard",
        "need",
        "pass_the_discard",
        "rules",
    )

    def __init__(self, game: Game, p: int) -> None:
        player = game.players[p]
        self.rules = rules = game.rules
        self.melds = player.melds
        self.hand_size = len(player.hand)
        self.canastas = player.canastas()
        self.need = game.canastas_needed()
        self.must_discard = rules.must_discard
        self.pass_the_discard = rules.pass_the_discard

    def leaves_legal_hand(self, left: int, canastas_after: int) -> bool:
        """`going_out.check_cards_left`: whether `left` cards in the hand, with `canastas_after`
        canastas, may follow a meld or taking the pile."""
        if left == 0:
            return not self.must_discard and canastas_after >= self.need
        return left != 1 or canastas_after >= self.need or self.pass_the_discard


# ---------------------------------------------------------------------------- taking the pile
def _take_actions(game: Game) -> list[Action]:
    """The ways to take the pile, in the order: onto the meld of its rank, with one natural,
    with one natural and a Joker, or a Two, then with a natural pair."""
    pile = game.pile
    if not pile:
        return []
    top = pile[-1]
    if _BLOCKS_PILE[top]:
        return []
    rules = game.rules
    p = game.to_move
    player = game.players[p]
    if rules.one_card_pile_rule and len(pile) == 1 and len(player.hand) == 1:
        return []
    rank = CARD_RANK[top]
    # The top card is natural (a wild card or a Three blocks the pile): its rank holds no wild.
    groups = player.rank_groups()
    naturals = groups[rank]
    existing = player.melds.get(rank)
    frozen = rules.natural_pair_required or game.pile_is_frozen_for(p)
    if len(naturals) < 2 and (frozen or (not naturals and existing is None)):
        return []  # nothing to meld the top card with, or a frozen pile and no natural pair
    take = _TakeRoom(game, rank, existing)
    actions: list[Action] = []
    if not frozen:
        if existing is not None and take.fits(0, 0, 0):
            actions.append(_TAKES[()])
        if naturals:
            first = CARD_CODE[naturals[0]]
            if take.fits(1, 1, 0):
                actions.append(_take_with((first,)))
            for wild in (groups[JOKER], groups[TWO]):
                if wild and take.fits(2, 1, 1):
                    actions.append(_take_with((first, CARD_CODE[wild[0]])))
    if len(naturals) >= 2 and take.fits(2, 2, 0):
        actions.append(_take_with(_codes(naturals[:2])))
    return actions


# Each way to take the pile, by the codes it names, made once: a few thousand at most.
_TAKES: Final[dict[tuple[CardCode, ...], TakePile]] = {(): TakePile()}


def _take_with(codes: tuple[CardCode, ...]) -> TakePile:
    action = _TAKES.get(codes)
    if action is None:
        action = _TAKES[codes] = TakePile(codes)
    return action


class _TakeRoom:
    """`Game.validate_take` for the pile as it lies, answered by arithmetic for each choice of
    cards from the hand (the top card's rank is natural: a wild card or a Three blocks the pile),
    once the refusals of a frozen pile and of a missing meld are out of the way."""

    __slots__ = ("base", "base_wilds", "game", "player", "rank", "rules", "was_canasta")

    def __init__(self, game: Game, rank: int, existing: list[CardId] | None) -> None:
        self.game = game
        self.rules = game.rules
        self.player = player = game.players[game.to_move]
        self.rank = rank
        self.base = len(existing) if existing is not None else 0
        self.was_canasta = self.base >= CANASTA_SIZE
        self.base_wilds = player.meld_wilds(rank)

    def fits(self, added: int, naturals: int, adding_wilds: int) -> bool:
        """Whether `added` cards from the hand, `naturals` of them natural and the rest wild,
        take the pile."""
        rules = self.rules
        was_canasta = self.was_canasta
        if was_canasta and naturals < 2 and not rules.take_pile_to_canasta:
            return False
        if adding_wilds and not self._wild_ok():
            return False
        size = self.base + 1 + added
        if not _meld_size_ok(rules, size, self.base_wilds + adding_wilds):
            return False
        player = self.player
        left = len(player.hand) - added
        if left >= 2:
            return True  # the pile only adds to the hand: any number of cards may follow
        game = self.game
        pile = game.pile
        laid = laid_threes(game.rules)
        left += len(pile) - 1 - sum([laid[card] for card in pile])
        canastas_after = player.canastas() + (size >= CANASTA_SIZE and not was_canasta)
        return _Room(game, game.to_move).leaves_legal_hand(left, canastas_after)

    def _wild_ok(self) -> bool:
        player = self.player
        first_laid = self.base == 0 and not player.opened
        return _wild_allowed(self.rules, self.rank, first_laid, open_wild_meld(player, self.rank))


def _wild_allowed(rules: Rules, key: int, first_laid: bool, wild_meld_open: bool) -> bool:
    """`check_meld`'s rules on adding wild cards to a meld of natural rank `key`."""
    if rules.pure_aces_sevens and (key == SEVEN or (key == ACE and not first_laid)):
        return False
    return not (rules.prohibit_interim_mixed_melds and wild_meld_open)


def _meld_size_ok(rules: Rules, size: int, wilds: int) -> bool:
    """`check_meld`'s limits on a natural meld of `size` cards holding `wilds` wild cards."""
    if size < 3 or 2 * wilds > size or wilds > rules.max_wild_per_meld:
        return False
    return size <= CANASTA_SIZE or rules.extended_canastas


# ---------------------------------------------------------------------------- melds
def _meld_actions(game: Game, player: PlayerState, usable: list[CardId]) -> list[Action]:
    """Melds of natural rank in the order of the hand's ranks (then of the player's melds that
    only wild cards can join), then melds of wild cards, then of Black Threes."""
    # The hand's own groups, kept by the engine; cards locked until the opening are left out
    # by grouping what is usable afresh.
    groups = player.rank_groups() if usable is player.hand else _grouped(usable)
    jokers = _JOKER_CODES[: len(groups[JOKER])]
    twos = _codes(groups[TWO]) if groups[TWO] else ()
    wild_count = len(jokers) + len(twos)
    rules = game.rules
    melds = player.melds
    actions: list[Action] = []
    # A new meld needs three naturals, or two and a wild card (which may not outnumber them).
    least = 2 if wild_count else 3
    wild_meld = melds.get(WILD)
    open_wild = wild_meld is not None and len(wild_meld) < CANASTA_SIZE
    first_turn = not game.turn.opened_at_start
    # Whether wild cards may join a meld, as _wild_allowed answers it for any rank but Aces and
    # Sevens (new melds and existing ones alike): worked out once, not once per rank.
    wilds_ok = bool(wild_count) and not (rules.prohibit_interim_mixed_melds and open_wild)
    pure = rules.pure_aces_sevens
    free = len(player.hand) - 2  # adding no more than this always leaves a legal hand
    most_wild = rules.max_wild_per_meld
    table = _RANK_MELDS.get((most_wild, rules.extended_canastas))
    if table is None:
        table = _rank_table(rules)
    # The wild cards a meld of natural rank may take, named by one text whose hash is kept, so
    # that every rank's key is cheap. No meld takes more Jokers or Twos than a meld's most wild
    # cards, and always the first ones: the others change nothing.
    rank_wild = (jokers[:most_wild], twos[:most_wild])
    # Those wild cards as one number: how many Jokers, then the suits of the Twos.
    wild_id = 1 + len(rank_wild[0])
    for card in groups[TWO][:most_wild]:
        wild_id = wild_id * 8 + _SUIT_DIGIT[card]
    all_wild = rank_wild if wilds_ok else None
    room: _Room | None = None
    # The natural ranks in the order their first cards come in the hand.
    for key in {CARD_RANK[card]: None for card in usable}:
        if key <= THREE:
            continue  # wild cards and Threes have melds of their own, listed below
        cards = groups[key]
        existing = melds.get(key)
        if existing is None:
            if len(cards) < least:
                continue
            wilds = all_wild
            if pure and (key == SEVEN or (key == ACE and not first_turn)):
                wilds = None
            base = base_wilds = 0
        else:
            wilds = None if pure and key in (ACE, SEVEN) else all_wild
            base = len(existing)
            base_wilds = player.meld_wilds(key)
        naturals = 0
        for card in cards:
            naturals = naturals * 8 + _SUIT_DIGIT[card]
        choice = _choice(naturals, key, wild_id if wilds else 0, base, base_wilds)
        found = table.get(choice)
        if found is None:
            found = _work_out(table, choice, _codes(cards), key, wilds, base, base_wilds, rules)
        if found.most_added <= free:
            actions.extend(found.melds)
        else:
            room = room or _Room(game, game.to_move)
            found.add_fitting(actions, room)
    if wild_count:
        for key, existing in melds.items():
            if key > THREE and not groups[key]:
                if not wilds_ok or (pure and key in (ACE, SEVEN)):
                    continue
                base, base_wilds = len(existing), player.meld_wilds(key)
                choice = _choice(0, key, wild_id, base, base_wilds)
                found = table.get(choice)
                if found is None:
                    found = _work_out(table, choice, (), key, rank_wild, base, base_wilds, rules)
                if found.most_added <= free:
                    actions.extend(found.melds)
                else:
                    room = room or _Room(game, game.to_move)
                    found.add_fitting(actions, room)
        if rules.wild_canastas:
            _wild_melds(room or _Room(game, game.to_move), jokers, twos, actions)
    if groups[THREE]:
        black = [CARD_CODE[card] for card in groups[THREE] if IS_BLACK_THREE[card]]
        if len(black) >= 2:
            _black_three_melds(
                game, room or _Room(game, game.to_move), black, jokers, twos, actions
            )
    return actions


def _grouped(cards: Sequence[CardId]) -> list[list[CardId]]:
    """`cards` by rank, as `PlayerState.rank_groups` keeps a whole hand."""
    groups: list[list[CardId]] = [[] for _rank in range(ACE + 1)]
    for card in cards:
        groups[CARD_RANK[card]].append(card)
    return groups


class _RankMelds:
    """The melds `check_meld` allows of one choice of naturals and wild cards onto one meld, with
    their shape (see `_PATTERNS`); the hand's room is checked per listing, and only when a meld
    could leave fewer than two cards."""

    __slots__ = ("base", "melds", "most_added", "pattern")

    def __init__(self, base: int, shape: _Shape, melds: tuple[Meld, ...]) -> None:
        self.base = base
        self.pattern, self.most_added = shape
        self.melds = melds

    def add_fitting(self, actions: list[Action], room: _Room) -> None:
        """Add the melds that leave a legal hand, counting the canasta each may complete."""
        free = room.hand_size - 2
        completes_at = CANASTA_SIZE if self.base < CANASTA_SIZE else 1 << 30
        for (_n, _j, _t, added, size), meld in zip(self.pattern, self.melds, strict=True):
            if added <= free or room.leaves_legal_hand(
                room.hand_size - added, room.canastas + (size >= completes_at)
            ):
                actions.append(meld)


def _rank_table(rules: Rules) -> dict[int, _RankMelds]:
    """The worked-out melds under these rules' limits on wild cards and canasta size."""
    limits = (rules.max_wild_per_meld, rules.extended_canastas)
    table = _RANK_MELDS.get(limits)
    if table is None:
        table = _RANK_MELDS[limits] = {}
    return table


def _choice(naturals: int, key: int, wild_id: int, base: int, base_wilds: int) -> int:
    """A choice of cards for a meld of natural rank `key`, as one number (cheap to make, hash
    and compare): the suits of its naturals in hand order (`naturals`, a digit of
    `_SUIT_DIGIT` each), the wild cards it may take (`wild_id`, 0 for none), and the meld it
    goes onto (`base` cards, `base_wilds` of them wild). The codes follow from rank and suit."""
    return (((naturals * 16 + key) * 4096 + wild_id) * 64 + base) * 16 + base_wilds


def _work_out(
    table: dict[int, _RankMelds],
    choice: int,
    natural_codes: tuple[CardCode, ...],
    key: int,
    wilds: tuple[tuple[CardCode, ...], tuple[CardCode, ...]] | None,
    base: int,
    base_wilds: int,
    rules: Rules,
) -> _RankMelds:
    """Work out a choice of cards missing from `table` and keep it there (the table is emptied
    when it grows past its bound)."""
    if len(table) >= _RANK_MELDS_BOUND:
        table.clear()
    limits = (rules.max_wild_per_meld, rules.extended_canastas)
    found = table[choice] = _work_out_rank_melds(
        natural_codes, key, wilds, base, base_wilds, limits
    )
    return found


def _work_out_rank_melds(
    natural_codes: tuple[CardCode, ...],
    key: int,
    wilds: tuple[tuple[CardCode, ...], tuple[CardCode, ...]] | None,
    base: int,
    base_wilds: int,
    limits: tuple[int, bool],
) -> _RankMelds:
    """The melds of these naturals of rank `key` and wild cards (none when `wilds` is None) onto
    a meld of `base` cards (`base_wilds` of them wild; none yet when `base` is 0)."""
    jokers, twos = wilds if wilds is not None else ((), ())
    counts = (len(natural_codes), len(jokers), len(twos), wilds is not None, base, base_wilds)
    shape = _PATTERNS.get((counts, limits))
    if shape is None:
        pattern = _meld_pattern(*counts, *limits)
        shape = _PATTERNS[counts, limits] = (pattern, max((e[3] for e in pattern), default=0))
    if wilds is None:
        melds = tuple([Meld(natural_codes[:n]) for n, _j, _t, _added, _size in shape[0]])
    else:
        name = MELD_KEY_NAME[key]
        melds = tuple(
            [
                Meld(natural_codes[:n] + jokers[:j] + twos[:t], None if n else name)
                for n, j, t, _added, _size in shape[0]
            ]
        )
    return _RankMelds(base, shape, melds)


# The shapes of the melds of a rank by card counts alone: (naturals, Jokers, Twos, cards added,
# meld size after) for each legal choice, with the most cards any adds, keyed by the counts and
# the rules' limits.
_Pattern = tuple[tuple[int, int, int, int, int], ...]
_Shape = tuple[_Pattern, int]
_PATTERNS: Final[dict[tuple[object, ...], _Shape]] = {}


def _meld_pattern(
    naturals: int,
    jokers: int,
    twos: int,
    takes_wild: bool,
    base: int,
    base_wilds: int,
    max_wild: int,
    extended: bool,
) -> _Pattern:
    """The choices `check_meld` allows, in the order of counts n, j, t (see `_PATTERNS`)."""
    max_size = 1000 if extended else CANASTA_SIZE
    new = base == 0
    out = []
    if not takes_wild:
        # Naturals only: the meld's wild cards stay as they are, within every limit.
        for n in range(3 if new else 1, naturals + 1):
            size = base + n
            if size < 3 or 2 * base_wilds > size or base_wilds > max_wild or size > max_size:
                continue
            out.append((n, 0, 0, n, size))
        return tuple(out)
    for n in range(2 if new else 0, naturals + 1):
        for j in range(min(jokers, max_wild) + 1):
            for t in range(min(twos, max_wild - j) + 1):
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
                wild_total = base_wilds + j + t
                # Each limit only tightens as t grows: once broken, no larger t is legal.
                if 2 * wild_total > size or wild_total > max_wild or size > max_size:
                    break
                out.append((n, j, t, added, size))
    return tuple(out)


def _wild_melds(
    room: _Room,
    jokers: tuple[CardCode, ...],
    twos: tuple[CardCode, ...],
    actions: list[Action],
) -> None:
    """Melds of wild cards only (RULES.md 4.3), as `Game.validate_meld` accepts them."""
    existing = room.melds.get(WILD)
    base = len(existing) if existing else 0
    choice = (len(jokers), twos, base, room.rules.extended_canastas)
    found = _WILD_MELDS.get(choice)
    if found is None:
        if len(_WILD_MELDS) >= _WILD_MELDS_BOUND:
            _WILD_MELDS.clear()
        found = _WILD_MELDS[choice] = _work_out_wild_melds(jokers, twos, base, choice[3])
    free = room.hand_size - 2
    completes_at = CANASTA_SIZE if base < CANASTA_SIZE else 1 << 30
    for added, size, meld in found:
        if added <= free or room.leaves_legal_hand(
            room.hand_size - added, room.canastas + (size >= completes_at)
        ):
            actions.append(meld)


# The wild melds of a choice of Jokers and Twos onto a wild meld of some size (see _wild_melds),
# worked out once: (cards added, meld size after, the meld) for each the size rules allow.
_WildMelds = tuple[tuple[int, int, Meld], ...]
_WILD_MELDS: Final[dict[tuple[int, tuple[CardCode, ...], int, bool], _WildMelds]] = {}
_WILD_MELDS_BOUND: Final = 1 << 12


def _work_out_wild_melds(
    jokers: tuple[CardCode, ...], twos: tuple[CardCode, ...], base: int, extended: bool
) -> _WildMelds:
    out = []
    for j in range(len(jokers) + 1):
        for t in range(len(twos) + 1):
            added = j + t
            if added == 0 or (base == 0 and added < 3):
                continue
            size = base + added
            if size <= CANASTA_SIZE or extended:
                out.append((added, size, Meld(jokers[:j] + twos[:t], "wild")))
    return tuple(out)


def _black_three_melds(
    game: Game,
    room: _Room,
    black: list[CardCode],
    jokers: tuple[CardCode, ...],
    twos: tuple[CardCode, ...],
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
    for codes in sets:
        left = room.hand_size - len(codes)
        if left > 1 or (left == 0 and room.must_discard) or (left == 1 and no_discard):
            continue
        actions.append(Meld(tuple(codes)))


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
# Each card's discard by what the rules bar: nothing, wild cards (1), Aces and Sevens (2), both
# (3); None for a barred card.
_DISCARD_UNLESS: Final[tuple[tuple[Discard | None, ...], ...]] = tuple(
    tuple(
        None
        if (barred & 1 and IS_WILD[card]) or (barred & 2 and CARD_RANK[card] in (ACE, SEVEN))
        else _DISCARDS.get(CARD_CODE[card])  # None for an unseen card
        for card in range(len(CARD_CODE))
    )
    for barred in range(4)
)


def _discard_actions(
    game: Game, player: PlayerState, usable: list[CardId], actions: list[Action]
) -> None:
    """One discard per card code the mover may discard, as `Game.validate_discard` judges it."""
    turn = game.turn
    if turn.no_discard:
        return
    # A player who has not opened may not end a turn whose melds fall short of the minimum.
    if not player.opened and (player.melds or turn.drew == "pile") and game._opening_short():
        return
    rules = game.rules
    hand = player.hand
    canastas = player.canastas()
    need = game.canastas_needed()
    black_threes = turn.black_threes
    left = len(hand) - 1
    # Which discards the rules bar (see _DISCARD_UNLESS): wild cards while other cards remain,
    # Aces and Sevens onto an empty pile.
    barred = 0
    if rules.prohibit_wild_discard and left > 0:
        groups = player.rank_groups()
        if len(groups[JOKER]) + len(groups[TWO]) < len(hand):
            barred = 1
    if rules.prohibit_ace_seven_to_empty_pile and rules.pure_aces_sevens and not game.pile:
        barred += 2
    # Code -> its discard (None when barred), in the order of the hand: the first card of a
    # code places it.
    discard_of = _DISCARD_UNLESS[barred]
    in_hand = {CARD_CODE[card]: discard_of[card] for card in usable}
    if not ((left == 0 and canastas < need) or (black_threes and left != 0)):
        actions.extend(filter(None, in_hand.values()))  # a barred code's discard is None
    if rules.discard_red_three_to_freeze:
        # A laid-down Red Three goes from the table, so the whole hand stays.
        left = len(hand)
        if not ((left == 0 and canastas < need) or (black_threes and left != 0)):
            for card in player.threes:
                code = CARD_CODE[card]
                if IS_RED_THREE[card] and code not in in_hand:
                    in_hand[code] = _DISCARDS[code]
                    actions.append(_DISCARDS[code])
