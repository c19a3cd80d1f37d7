"""The two-player Canasta rules engine: one `Game` from the deal to the end of the game.

`Game.apply(action)` checks an action completely before changing anything: an illegal action
raises `IllegalAction` (a stable code and a sentence for the player) and leaves the game exactly as
it was; a legal one changes the game and returns the `Event`s the table animates. The game is
deterministic: the seed (or an explicit deck), the rules and the list of applied actions rebuild
it exactly, and `state_hash()` proves it. Nothing here touches a clock, a file, a screen or the
global random generator.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from . import events as ev
from .actions import (
    Action,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
    Undo,
    UndoTurn,
    action_from_dict,
)
from .cards import (
    ACE,
    CARD_CODE,
    CARD_RANK,
    IDS_OF_CODE,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_THREE,
    IS_WILD,
    MELD_KEY_OF_NAME,
    N_CARDS,
    SEVEN,
    SORT_KEY,
    THREE,
    WILD,
    CardId,
    points_of,
)
from .errors import IllegalAction
from .events import Event
from .melds import (
    CANASTA_SIZE,
    PLURAL,
    SPECIAL_MELD_NAMES,
    canasta_bonus,
    canasta_kind,
    check_black_threes,
    check_meld,
    special_meld,
    wild_count,
)
from .rules import Rules
from .scoring import canasta_count, score_player, special_meld_score
from .shuffle import (
    DEAL_VERSION,
    LEGACY_DEAL_VERSION,
    deck_order,
    legacy_deck,
    legacy_reuse_pile_key,
    legacy_reuse_pile_order,
    reuse_pile_key,
    reuse_pile_order,
)


class Phase(str, Enum):
    """Where a hand stands: the player to move draws, then plays (melds and discards); then the
    hand, and at last the game, is over. A member is its own text (``Phase.DRAW == "draw"``)."""

    DRAW = "draw"
    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"

    def __str__(self) -> str:
        return self.value


# The phases under their short names, as the rest of the game imports them.
DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
HAND_OVER: Final = Phase.HAND_OVER
GAME_OVER: Final = Phase.GAME_OVER


class PlayerState:
    """One player's cards and standing in the current hand.

    The player's canastas and the wild cards of each meld are counted as melds change, since
    every legal-move listing and most checks ask for them. Melds change through `add_to_meld`, or by
    assigning `melds` a whole new mapping (which counts afresh); a meld's card list is never
    changed in place, which is what lets copies share it.

    The hand's cards are also kept grouped by rank (`rank_groups`), for the listing of melds and
    of the ways to take the pile. The engine changes the hand through `gain` and `lose`, which
    keep the groups; anyone else may assign or edit `hand` freely: the groups remember the hand
    they were kept for, and are worked out afresh when the hand no longer matches it."""

    __slots__ = (
        "_canastas",
        "_grouped",
        "_groups",
        "_meld_points",
        "_meld_wilds",
        "_melds",
        "hand",
        "known",
        "opened",
        "returns",
        "special_cards",
        "threes",
    )

    def __init__(self) -> None:
        self.hand: list[CardId] = []
        # The hand as `_groups` was kept for (None: not grouped yet), and its cards by rank.
        self._grouped: list[CardId] | None = None
        self._groups: list[list[CardId]] = []
        # Meld key (natural rank, 3 for Black Threes, WILD) -> cards; insertion order = creation.
        self._melds: dict[int, list[CardId]] = {}
        self._canastas = 0
        self._meld_wilds: dict[int, int] = {}
        self._meld_points: dict[int, int] = {}
        self.threes: list[CardId] = []
        self.opened = False
        # Cards in this hand that the opponent has seen (they came from the pile).
        self.known: set[CardId] = set()
        self.returns = 0
        self.special_cards: list[CardId] = []

    @property
    def melds(self) -> dict[int, list[CardId]]:
        """Meld key -> its cards, in the order the melds were laid down (read-only: see
        `add_to_meld`)."""
        return self._melds

    @melds.setter
    def melds(self, melds: dict[int, list[CardId]]) -> None:
        self._melds = melds
        self._canastas = canasta_count(melds)
        self._meld_wilds = {key: wild_count(cards) for key, cards in melds.items()}
        self._meld_points = {key: points_of(cards) for key, cards in melds.items()}

    def add_to_meld(self, key: int, cards: Sequence[CardId]) -> list[CardId]:
        """Put `cards` onto the meld keyed `key` (laying it down if new), keeping the counts;
        the meld's new card list."""
        before = self._melds.get(key)
        after = [*before, *cards] if before is not None else list(cards)
        if len(after) >= CANASTA_SIZE and (before is None or len(before) < CANASTA_SIZE):
            self._canastas += 1
        self._melds[key] = after
        self._meld_wilds[key] = self._meld_wilds.get(key, 0) + wild_count(cards)
        self._meld_points[key] = self._meld_points.get(key, 0) + points_of(cards)
        return after

    def meld_wilds(self, key: int) -> int:
        """The wild cards in the meld keyed `key` (0 when there is none)."""
        return self._meld_wilds.get(key, 0)

    def meld_points(self) -> int:
        """The points of the cards in all the player's melds."""
        return sum(self._meld_points.values())

    def rank_groups(self) -> list[list[CardId]]:
        """The hand's cards by rank (index: the rank number of `cards`, Jokers 0), each group in
        the order of the hand. Read-only: the groups change as the hand does."""
        if self._grouped != self.hand:
            self._regroup()
        return self._groups

    def _regroup(self) -> None:
        groups: list[list[CardId]] = [[] for _rank in range(_RANKS)]
        for card in self.hand:
            groups[CARD_RANK[card]].append(card)
        self._groups = groups
        self._grouped = self.hand[:]

    def gain(self, cards: Sequence[CardId]) -> None:
        """Add `cards` to the end of the hand."""
        hand = self.hand
        grouped = self._grouped
        if grouped is not None and grouped == hand:
            groups = self._groups
            for card in cards:
                groups[CARD_RANK[card]].append(card)
            grouped.extend(cards)
        else:
            self._grouped = None
        hand.extend(cards)

    def lose(self, card: CardId) -> None:
        """Take `card` out of the hand (ValueError if it is not there)."""
        hand = self.hand
        grouped = self._grouped
        if grouped is not None and grouped == hand:
            hand.remove(card)
            grouped.remove(card)
            self._groups[CARD_RANK[card]].remove(card)
        else:
            self._grouped = None
            hand.remove(card)

    def lose_all(self, cards: Sequence[CardId]) -> None:
        """Take each of `cards` out of the hand (ValueError if one is not there)."""
        hand = self.hand
        grouped = self._grouped
        if grouped is not None and grouped == hand:
            groups = self._groups
            for card in cards:
                hand.remove(card)
                grouped.remove(card)
                groups[CARD_RANK[card]].remove(card)
        else:
            self._grouped = None
            for card in cards:
                hand.remove(card)

    def clone(self) -> PlayerState:
        """An independent copy; meld card lists are shared, as they are never changed in place.
        The copy groups its hand when first asked, as most copies never are."""
        other = PlayerState.__new__(PlayerState)
        other.hand = self.hand[:]
        other._grouped = None
        other._groups = []
        other._melds = self._melds.copy()
        other._canastas = self._canastas
        other._meld_wilds = self._meld_wilds.copy()
        other._meld_points = self._meld_points.copy()
        other.threes = self.threes[:]
        other.opened = self.opened
        other.known = self.known.copy()
        other.returns = self.returns
        other.special_cards = self.special_cards[:]
        return other

    def canastas(self) -> int:
        """The player's canastas (melds of seven cards or more)."""
        return self._canastas


def _first_cards(codes: Sequence[str], groups: list[list[CardId]]) -> list[CardId] | None:
    """`Game._take_codes`'s answer without its refusal, from a hand's rank groups (in hand
    order, so each group's first card of a code is the hand's): for each code the first card
    with that code not chosen yet, or None when a code has none left."""
    chosen: list[CardId] = []
    for code in codes:
        rank = _RANK_OF_CODE.get(code)
        if rank is None:
            return None
        for card in groups[rank]:
            if CARD_CODE[card] == code and card not in chosen:
                chosen.append(card)
                break
        else:
            return None
    return chosen


_RANK_OF_CODE: Final[dict[str, int]] = {CARD_CODE[card]: CARD_RANK[card] for card in range(N_CARDS)}


# Rank numbers run from 0 (Jokers) to 14 (Aces): one group each.
_RANKS: Final = ACE + 1


class _Snapshot:
    """What an undo restores: the mover's cards and turn flags, and the pile; and for a meld, the
    legal actions listed just before it, when they were (see `Game._relisted`)."""

    __slots__ = (
        "black_threes",
        "drew",
        "listing",
        "locked",
        "phase",
        "pile",
        "pile_freezers",
        "player",
        "top",
    )

    def __init__(self, game: Game, is_take: bool) -> None:
        turn = game.turn
        mover = game.players[game.to_move]
        self.player = mover.clone()
        # The listing of this very state: made since the last action applied, for this player
        # and this hand. A taken pile comes back as a different state (it may not be retaken).
        listed = game._listed
        self.listing: tuple[bool, tuple[Action, ...]] | None = None
        if (
            not is_take
            and listed is not None
            and listed[0] == game._applied
            and listed[1] is mover
            and listed[3] == mover.hand
        ):
            self.listing = (listed[2], listed[4])
        self.pile = game.pile[:] if is_take else None
        self.pile_freezers = game.pile_freezers
        self.phase = game.phase
        self.drew = turn.drew
        self.top = turn.top
        self.locked = set(turn.locked)
        self.black_threes = turn.black_threes


@dataclass(slots=True)
class TurnState:
    """The turn in progress: what the player to move has done since it began."""

    no: int = 0  # the turn's number in this hand, from 1
    drew: str | None = None  # "stock" or "pile" once the player has drawn
    top: CardId | None = None  # the pile's top card, when the player took the pile
    locked: set[CardId] = field(default_factory=set)  # pile cards usable only after opening
    undo: list[_Snapshot] = field(default_factory=list)  # what Undo and UndoTurn restore
    returned: bool = False  # a taken pile went back: the player must draw from the stock
    no_discard: bool = False  # the last stock card was a Three: meld, then the hand ends
    black_threes: bool = False  # Black Threes were melded: the player must go out now
    drawn: list[CardId] = field(default_factory=list)  # the cards drawn from the stock
    had_melds: bool = False  # the player had melds as the turn began (no concealed going out)
    opened_at_start: bool = False  # the player had opened before this turn

    def begin_next(self, had_melds: bool, opened_at_start: bool) -> None:
        """Become the next turn, as it begins: a reset in place, as a new record costs more
        (clones and views hold copies of their own, never this one)."""
        self.no += 1
        self.drew = None
        self.top = None
        self.locked = set()
        self.undo = []
        self.returned = False
        self.no_discard = False
        self.black_threes = False
        self.drawn = []
        self.had_melds = had_melds
        self.opened_at_start = opened_at_start

    def copy(self) -> TurnState:
        """An independent copy; undo snapshots are never changed, so they are shared."""
        return TurnState(
            self.no,
            self.drew,
            self.top,
            set(self.locked),
            self.undo[:],
            self.returned,
            self.no_discard,
            self.black_threes,
            self.drawn[:],
            self.had_melds,
            self.opened_at_start,
        )


class Game:
    """A whole game of two-player Canasta: hands, turns, scores, undo, the action log.

    A game is *recording* unless it was made by `clone(recording=False)`: a recording game keeps
    the action log and returns the events of every action. A play-out copy for the computer's
    search needs neither, and skips both (its `log` stays empty and `apply` returns no events);
    the rules it plays by, and every state it reaches, are the same.
    """

    # A class default, so that games assembled field by field (determinized views) record too.
    recording: bool = True
    # The legal-move listing kept for undo, class defaults as well. `_applied` counts the actions
    # applied; `_listed` is the last listing of the play phase, made by `legal.legal_actions`:
    # (applied then, the mover, include_undo, the mover's hand, the actions). A meld's undo
    # snapshot keeps it, and an Undo back to that state offers it again as `_relisted` (the
    # mover, include_undo, the hand, the actions), until the next action: random play and the
    # search undo often, and the state an undo returns to was listed just before.
    _applied: int = 0
    _listed: tuple[int, PlayerState, bool, list[CardId], tuple[Action, ...]] | None = None
    _relisted: tuple[PlayerState, bool, list[CardId], tuple[Action, ...]] | None = None

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        deck: Sequence[int] | None = None,
        decks: Sequence[Sequence[int]] = (),
        scores: Sequence[int] = (0, 0),
        first_player: int = 0,
        deal_version: int = DEAL_VERSION,
        *,
        blank: bool = False,
    ) -> None:
        """Start a game and deal its first hand.

        The first hand uses `deck` (108 card ids, dealt from the front) when given, else the deck
        `deck_order(seed, 0)`. Later hands take `decks` in order, then `deck_order(seed, n)` for
        hand index n. Without a seed or a deck the seed is 0. `deal_version` 1 deals as the first
        replay format did (CPython's generator), only for loading old files.

        `blank=True` makes an empty game that `clone` and `determinize` fill in field by field
        (the compiled engine runs __init__ even for `Game.__new__`, so that is no way round it).
        """
        if blank:
            return
        self.rules = rules or Rules()
        self.rules.validate()
        if first_player not in (0, 1) or isinstance(first_player, bool):
            raise ValueError("first_player must be 0 or 1")
        if len(scores) != 2 or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores
        ):
            raise ValueError("scores must be two whole numbers")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError("seed must be a whole number")
        if deal_version not in (LEGACY_DEAL_VERSION, DEAL_VERSION):
            raise ValueError(f"unknown deal version {deal_version!r}")
        if seed is None and deck is None:
            seed = 0
        self.seed = seed
        self.deal_version = deal_version
        self.initial_deck = list(deck) if deck is not None else None
        self.initial_decks = [list(d) for d in decks]
        self.initial_scores = (int(scores[0]), int(scores[1]))
        self.initial_first_player = first_player
        # Only version 1 games keep a generator: their decks follow one another from it.
        self.rng: random.Random | None = None
        if deal_version == LEGACY_DEAL_VERSION and seed is not None:
            self.rng = random.Random(seed)
        self._pending_decks = [self._checked_deck(d) for d in decks]
        self.totals = list(self.initial_scores)
        self.hand_no = 0
        self.first_player = first_player
        self.log: list[dict[str, Any]] = []
        self.history: list[dict[str, Any]] = []  # finished hands: scores and who went out
        self.record_undo = True
        self.winner: int | None = None
        self.last_events: list[Event] = []
        self._deal(self._checked_deck(deck) if deck is not None else None)

    # ------------------------------------------------------------------ dealing
    @staticmethod
    def _checked_deck(deck: Sequence[int]) -> list[CardId]:
        if sorted(deck) != list(range(N_CARDS)):
            raise ValueError("a deck must hold each of the 108 card ids exactly once")
        return [CardId(card) for card in deck]

    def _deal(self, deck: list[CardId] | None) -> list[Event]:
        rules = self.rules
        if deck is None:
            if self.rng is not None:
                deck = legacy_deck(self.rng)
            else:
                assert self.seed is not None
                deck = deck_order(self.seed, self.hand_no)
        self.deck = deck[:]
        # reuse_pile reshuffles from this hand's own deck, so nobody who learns an earlier
        # hand's deck (a network guest, after the reveal) can predict it.
        if self.deal_version == LEGACY_DEAL_VERSION:
            self.reuse_key = legacy_reuse_pile_key(deck)
        else:
            self.reuse_key = reuse_pile_key(deck)
        self.hand_no += 1
        self.dealer = 1 - self.first_player
        self.players = [PlayerState(), PlayerState()]
        self.phase = DRAW
        self.to_move = self.first_player
        self.stock_reused = False
        self.went_out: int | None = None
        self.went_out_bonus = False
        self.concealed = False
        self.special: tuple[int, str, int] | None = None
        self.hand_scores: list[dict[str, int]] | None = None
        self.end_reason = ""
        self.turn = TurnState()
        self.talon_receivers: list[int] = []
        position = 0
        out: list[Event] = []
        for _ in range(rules.hand_size):
            for p in (self.first_player, 1 - self.first_player):
                self.players[p].hand.append(deck[position])
                position += 1
        for p in (self.first_player, 1 - self.first_player):
            out.append(Event(ev.DEAL, p, tuple(self.players[p].hand)))
        self.talons: list[list[CardId]] = []
        if rules.talons:
            self.talons = [deck[position : position + 4], deck[position + 4 : position + 7]]
            position += 7
        self.pile: list[CardId] = []
        self.pile_freezers = 0
        # The stock is kept reversed so drawing from its front is a cheap pop().
        self.stock: list[CardId] = deck[position:][::-1]
        if rules.initial_upcard:
            while self.stock:
                card = self.stock.pop()
                self._push_pile(card)
                out.append(Event(ev.UPCARD, -1, (card,)))
                if not (IS_WILD[card] or IS_RED_THREE[card]):
                    break
        for p in (self.first_player, 1 - self.first_player):
            out.extend(self._replace_threes_in_hand(p))
        self._begin_turn(self.first_player, out)
        if self.recording:
            self.last_events = out
        return out

    def _laid_threes(self) -> tuple[bool, ...]:
        """Which cards are laid down as soon as they are drawn or taken, by card id."""
        return IS_THREE if self.rules.all_threes_equal else IS_RED_THREE

    def _is_laid_three(self, card: int) -> bool:
        return self._laid_threes()[card]

    def _replace_threes_in_hand(self, p: int) -> list[Event]:
        player = self.players[p]
        out: list[Event] = []
        while True:
            threes = [c for c in player.hand if self._is_laid_three(c)]
            if not threes:
                return out
            for card in threes:
                player.hand.remove(card)
                player.threes.append(card)
                replacement = self.stock.pop() if self.stock else None
                if replacement is not None:
                    player.hand.append(replacement)
                out.append(
                    Event(ev.THREE_LAID, p, (card,), info={"replaced": replacement is not None})
                )
                if replacement is not None:
                    out.append(Event(ev.DRAW, p, (replacement,), info={"replacement": True}))

    def _push_pile(self, card: CardId) -> None:
        self.pile.append(card)
        if IS_WILD[card] or IS_RED_THREE[card]:
            self.pile_freezers += 1

    # ------------------------------------------------------------------ turn flow
    def _begin_turn(self, p: int, out: list[Event]) -> None:
        self.to_move = p
        self.phase = DRAW
        player = self.players[p]
        self.turn.begin_next(bool(player.melds), player.opened)
        if self.recording:
            out.append(Event(ev.TURN, p))
        if (
            not self.stock
            and self.rules.stock_end == "reuse_pile"
            and (self.stock_reused or len(self.pile) < 2)
        ):
            self._end_hand("stock_exhausted", out)

    def _end_turn(self, out: list[Event]) -> None:
        self._begin_turn(1 - self.to_move, out)

    # ------------------------------------------------------------------ public queries
    @property
    def mover(self) -> PlayerState:
        return self.players[self.to_move]

    def pile_top(self) -> CardId | None:
        return self.pile[-1] if self.pile else None

    def pile_is_blocked(self) -> bool:
        """A Black Three, a wild card or a Red Three on top: nobody may take the pile now."""
        if not self.pile:
            return False
        top = self.pile[-1]
        return IS_WILD[top] or IS_RED_THREE[top] or IS_BLACK_THREE[top]

    def pile_is_frozen_for(self, p: int) -> bool:
        """Frozen: only a natural pair from the hand may take it (RULES.md 3.3)."""
        rules = self.rules
        return (
            self.pile_freezers > 0
            or rules.pile_always_frozen
            or (rules.frozen_until_initial_meld and not self.players[p].opened)
        )

    def initial_meld_minimum(self, p: int) -> int:
        return self.rules.initial_meld_minimum(self.totals[p])

    def opening_points(self, p: int) -> int:
        """Points this turn's melds count towards the initial-meld minimum (RULES.md 4.5)."""
        player = self.players[p]
        rules = self.rules
        total = player.meld_points()
        top = self.turn.top if p == self.to_move else None
        for key, cards in player.melds.items():
            if top is not None and not rules.top_card_counts_for_initial_meld and top in cards:
                # The meld the pile's top card went onto counts only its cards from the hand,
                # and only when they alone would make a meld.
                total -= points_of(cards)
                from_hand = [c for c in cards if c != top]
                if len(from_hand) >= 3:
                    total += points_of(from_hand)
            if rules.canasta_bonus_counts_for_initial:
                total += canasta_bonus(rules, key, cards)
        return total

    def _splashed(self, p: int) -> bool:
        player = self.players[p]
        if not (self.rules.splash_initial_meld and player.canastas()):
            return False
        top = self.turn.top if p == self.to_move else None
        return any(
            len(cards) >= CANASTA_SIZE
            and key != WILD
            and not player.meld_wilds(key)
            and top not in cards
            for key, cards in player.melds.items()
        )

    def canastas_needed(self) -> int:
        return self.rules.canastas_to_go_out

    def is_over(self) -> bool:
        return self.phase in (HAND_OVER, GAME_OVER)

    # ------------------------------------------------------------------ applying actions
    def apply(self, action: object) -> list[Event]:
        """Apply one action of the player to move; raise `IllegalAction` and change nothing if
        the rules do not allow it (or if `action` is neither an action nor its record)."""
        handler = _HANDLERS.get(type(action))
        if handler is None:
            if not isinstance(action, dict):
                raise IllegalAction("bad_action", f"{action!r} is not an action.")
            return self.apply(action_from_dict(action))
        out: list[Event] = []
        self._relisted = None
        handler(self, action, out)
        self._applied += 1
        if not self.recording:
            return []
        # Only actions have handlers (a dict went round again above); no typing.cast, which is
        # a function call on every action.
        self.log.append(action.to_dict())  # type: ignore[attr-defined]
        self.last_events = out
        return out

    def check(self, action: object) -> IllegalAction | None:
        """The reason an action would be refused now, or None if it is legal."""
        probe = self.clone()
        probe.record_undo = False
        try:
            probe.apply(action)
        except IllegalAction as exc:
            return exc
        return None

    # ---- card lookup
    def _take_codes(self, codes: Sequence[str], pool: Sequence[CardId], what: str) -> list[CardId]:
        """Resolve card codes to distinct ids in `pool`, preferring the pool's order."""
        chosen: list[CardId] = []
        for code in codes:
            ids = IDS_OF_CODE.get(code, ())
            for card in pool:
                if card in ids and card not in chosen:
                    chosen.append(card)
                    break
            else:
                raise IllegalAction("card_not_in_hand", f"You have no {code} {what}.")
        return chosen

    def _usable_hand(self, p: int) -> list[CardId]:
        if p == self.to_move and self.turn.locked:
            return [c for c in self.players[p].hand if c not in self.turn.locked]
        return self.players[p].hand

    def _resolve_hand_cards(self, codes: Sequence[str]) -> list[CardId]:
        if not self.turn.locked:
            found = _first_cards(codes, self.players[self.to_move].rank_groups())
            if found is not None:
                return found
        try:
            return self._take_codes(codes, self._usable_hand(self.to_move), "in your hand")
        except IllegalAction:
            if self.turn.locked and self._in_hand(codes):
                raise IllegalAction(
                    "cards_locked",
                    "The cards from the pile stay locked until "
                    "your melds reach the opening minimum of "
                    f"{self.initial_meld_minimum(self.to_move)} points.",
                ) from None
            raise

    def _in_hand(self, codes: Sequence[str]) -> bool:
        try:
            self._take_codes(codes, self.mover.hand, "in your hand")
        except IllegalAction:
            return False
        return True

    def _expect(self, phase: Phase, doing: str) -> None:
        if self.phase == phase:
            return
        if self.phase in (HAND_OVER, GAME_OVER):
            raise IllegalAction("hand_over", "The hand is over.")
        if phase == DRAW:
            raise IllegalAction(
                "already_drawn", f"You have already drawn this turn; you cannot {doing} now."
            )
        raise IllegalAction(
            "draw_first", f"Draw from the stock or take the pile before you {doing}."
        )

    # ---- hand-size rule shared by melds and taking the pile
    def _check_cards_left(self, left: int, canastas_after: int) -> None:
        rules = self.rules
        need = rules.canastas_to_go_out
        if left == 0:
            if rules.must_discard:
                raise IllegalAction(
                    "must_discard", "You must keep a card to discard when you go out."
                )
            if canastas_after < need:
                raise IllegalAction("need_canastas", _need_canastas(need))
        elif left == 1 and canastas_after < need and not rules.pass_the_discard:
            raise IllegalAction(
                "need_canastas", _need_canastas(need) + " Keep at least two cards in your hand."
            )

    # ---- draw
    def _draw(self, action: Draw, out: list[Event]) -> None:
        if self.phase != DRAW:
            self._expect(DRAW, "draw again")
        rules = self.rules
        reuse = False
        if not self.stock:
            if rules.stock_end == "reuse_pile" and not self.stock_reused and len(self.pile) >= 2:
                reuse = True
            elif rules.stock_end == "reuse_pile":
                raise IllegalAction("stock_empty", "The stock is used up.")
            else:
                raise IllegalAction(
                    "stock_empty", "The stock is empty: take the pile if you can, or end the hand."
                )
        p = self.to_move
        player = self.players[p]
        if reuse:
            if self.deal_version == LEGACY_DEAL_VERSION:
                self.stock = legacy_reuse_pile_order(self.pile[:-1], self.reuse_key)
            else:
                self.stock = reuse_pile_order(self.pile[:-1], self.reuse_key)
            self.pile = self.pile[-1:]
            self.pile_freezers = sum(IS_WILD[c] or IS_RED_THREE[c] for c in self.pile)
            self.stock_reused = True
            out.append(Event(ev.STOCK_REUSED, p, (), info={"size": len(self.stock)}))
        drawn: list[CardId] = []
        last_was_three = False
        need = rules.canastas_to_go_out
        count = rules.stock_draw
        is_laid = IS_THREE if rules.all_threes_equal else IS_RED_THREE
        # Red Threes not replaced could leave a player who may not go out holding one card, which
        # they would then have to discard: they draw on instead (RULES.md 3.1).
        held = len(player.hand)  # the drawn cards join the hand at the end
        while self.stock and (count > 0 or (held + len(drawn) == 1 and player.canastas() < need)):
            count -= 1
            card: CardId | None = self.stock.pop()
            last_was_three = False
            while card is not None and is_laid[card]:
                player.threes.append(card)
                replace = self.stock and (rules.red_three_replacement or not IS_RED_THREE[card])
                if self.recording:
                    out.append(
                        Event(
                            ev.THREE_LAID,
                            p,
                            (card,),
                            info={"replaced": bool(replace), "from_stock": True},
                        )
                    )
                if replace:
                    card = self.stock.pop()
                else:
                    last_was_three = True
                    card = None
            if card is not None:
                drawn.append(card)
        player.gain(drawn)
        self.turn.no_discard = last_was_three and not self.stock
        self.turn.drew = "stock"
        self.turn.drawn = drawn
        self.phase = PLAY
        if self.recording:
            out.append(Event(ev.DRAW, p, tuple(drawn)))

    # ---- take the pile
    def _take_pile(self, action: TakePile, out: list[Event]) -> None:
        self._expect(DRAW, "take the pile")
        if self.turn.returned:
            raise IllegalAction(
                "pile_returned", "You returned the pile this turn: draw from the stock."
            )
        if not self.pile:
            raise IllegalAction("pile_empty", "The discard pile is empty.")
        with_cards = self._take_codes(action.with_, self.mover.hand, "in your hand")
        self.validate_take(with_cards)
        self._commit_take(with_cards, out)

    def validate_take(self, with_cards: Sequence[int]) -> None:
        """Raise `IllegalAction` unless the mover may take the pile melding its top card with
        `with_cards` (ids from the hand); changes nothing."""
        rules = self.rules
        p = self.to_move
        player = self.players[p]
        if not self.pile:
            raise IllegalAction("pile_empty", "The discard pile is empty.")
        top = self.pile[-1]
        if self.pile_is_blocked():
            what = (
                "a wild card"
                if IS_WILD[top]
                else ("a Red Three" if IS_RED_THREE[top] else "a Black Three")
            )
            raise IllegalAction(
                "pile_blocked",
                f"The pile is blocked by {what} on top: nobody may take it this turn.",
            )
        if rules.one_card_pile_rule and len(self.pile) == 1 and len(player.hand) == 1:
            raise IllegalAction(
                "one_card_pile", "You may not take a one-card pile while you hold only one card."
            )
        rank = CARD_RANK[top]
        name = PLURAL[rank]
        naturals = len(with_cards) - sum(map(IS_WILD.__getitem__, with_cards))
        frozen = self.pile_is_frozen_for(p)
        natural_pair = naturals >= 2 and naturals == len(with_cards)
        if (frozen or rules.natural_pair_required) and not natural_pair:
            why = (
                "The pile is frozen"
                if frozen
                else "These rules take the pile only with a natural pair"
            )
            raise IllegalAction("pile_frozen", f"{why}: you need two natural {name} in your hand.")
        existing = player.melds.get(rank)
        if not with_cards and existing is None:
            raise IllegalAction(
                "pile_needs_match",
                f"To take the pile, meld the top card with "
                f"cards from your hand or add it to your meld of {name}.",
            )
        was_canasta = existing is not None and len(existing) >= CANASTA_SIZE
        if was_canasta and naturals < 2 and not rules.take_pile_to_canasta:
            raise IllegalAction(
                "pile_to_canasta",
                f"The top card may not be added to your "
                f"canasta of {name}; you need two natural {name} in your hand.",
            )
        check_meld(
            rules,
            rank,
            existing or (),
            [top, *with_cards],
            existing is None and not player.opened,
            self._open_wild_meld(p, rank),
            player.meld_wilds(rank),
        )
        gained = len(self.pile) - 1 - sum(map(self._laid_threes().__getitem__, self.pile))
        size_after = (len(existing) if existing else 0) + 1 + len(with_cards)
        canastas_after = player.canastas() + (size_after >= CANASTA_SIZE and not was_canasta)
        self._check_cards_left(len(player.hand) - len(with_cards) + gained, canastas_after)

    def _commit_take(self, with_cards: list[CardId], out: list[Event]) -> None:
        p = self.to_move
        player = self.players[p]
        if self.record_undo:
            self.turn.undo.append(_Snapshot(self, is_take=True))
        taken = self.pile
        top = taken[-1]
        rank = CARD_RANK[top]
        self.pile = []
        self.pile_freezers = 0
        is_laid = self._laid_threes()
        laid = [c for c in taken[:-1] if is_laid[c]]
        gained = [c for c in taken[:-1] if not is_laid[c]]
        for card in with_cards:
            player.lose(card)
            player.known.discard(card)
        player.threes.extend(laid)
        player.gain(gained)
        player.known.update(gained)
        existing = player.melds.get(rank)
        was_canasta = existing is not None and len(existing) >= CANASTA_SIZE
        meld_after = player.add_to_meld(rank, [top, *with_cards])
        self.turn.drew = "pile"
        self.turn.top = top
        self.phase = PLAY
        if not player.opened:
            self.turn.locked = set(gained)
        if self.recording:
            out.append(Event(ev.PILE_TAKEN, p, tuple(taken), rank, {"with": tuple(with_cards)}))
            for card in laid:
                out.append(Event(ev.THREE_LAID, p, (card,), info={"replaced": False}))
            out.append(Event(ev.MELD, p, (top, *with_cards), rank))
            if not was_canasta and len(meld_after) >= CANASTA_SIZE:
                kind = canasta_kind(rank, meld_after)
                out.append(Event(ev.CANASTA, p, tuple(meld_after), rank, {"kind": kind}))
        self._after_meld(p, out)

    def _open_wild_meld(self, p: int, key: int) -> bool:
        wild = self.players[p].melds.get(WILD)
        return key != WILD and wild is not None and len(wild) < CANASTA_SIZE

    # ---- meld
    def _meld(self, action: Meld, out: list[Event]) -> None:
        if self.phase != PLAY:
            self._expect(PLAY, "meld")
        rules = self.rules
        player = self.players[self.to_move]
        if action.rank == "special":
            self._special_meld(action, out)
            return
        cards = self._resolve_hand_cards(action.cards)
        naturals = {CARD_RANK[c] for c in cards if not IS_WILD[c]}
        if len(naturals) > 1:
            if rules.special_melds and len(cards) >= 13 and not player.melds:
                self._special_meld(action, out)
                return
            raise IllegalAction(
                "mixed_ranks", "A meld holds cards of one rank only (plus wild cards)."
            )
        named = MELD_KEY_OF_NAME.get(action.rank) if action.rank else None
        if naturals:
            key = naturals.pop()
            if named is not None and named != key:
                raise IllegalAction(
                    "mixed_ranks", f"These cards are {PLURAL[key]}, not {PLURAL[named]}."
                )
        elif named is not None:
            key = named
        elif rules.wild_canastas and WILD in player.melds:
            key = WILD
        else:
            raise IllegalAction("name_rank", "Say which meld the wild cards go on.")
        self.validate_meld(key, cards)
        self._commit_meld(key, cards, out)

    def validate_meld(self, key: int, cards: Sequence[int]) -> None:
        """Raise `IllegalAction` unless the mover may put `cards` (ids from the hand, not
        locked) onto their meld keyed `key`; changes nothing."""
        rules = self.rules
        p = self.to_move
        player = self.players[p]
        if self.turn.black_threes:
            raise IllegalAction("black_threes_last", "Black Threes must be your last meld.")
        left = len(player.hand) - len(cards)
        if key == THREE:
            check_black_threes(rules, cards)
            need = rules.canastas_to_go_out
            if player.canastas() < need:
                raise IllegalAction(
                    "need_canastas",
                    "Black Threes may be melded only when going out. " + _need_canastas(need),
                )
            if (
                left > 1
                or (left == 0 and rules.must_discard)
                or (left == 1 and self.turn.no_discard)
            ):
                raise IllegalAction(
                    "black_threes_last",
                    "Black Threes may be melded only as your last meld while going out.",
                )
            return
        existing = player.melds.get(key)
        adding_wilds = sum([IS_WILD[card] for card in cards])
        if key != WILD and existing is None and adding_wilds == len(cards):
            raise IllegalAction(
                "too_few_cards", f"You have no meld of {PLURAL[key]} to add wild cards to."
            )
        # A meld of Aces takes wild cards only in the cards it is first laid down with, in the
        # player's opening turn (RULES.md 4.3).
        first_laid = existing is None and not self.turn.opened_at_start
        check_meld(
            rules,
            key,
            existing or (),
            cards,
            first_laid,
            self._open_wild_meld(p, key),
            player.meld_wilds(key),
            adding_wilds,
        )
        was_canasta = existing is not None and len(existing) >= CANASTA_SIZE
        size_after = (len(existing) if existing else 0) + len(cards)
        canastas_after = player.canastas() + (size_after >= CANASTA_SIZE and not was_canasta)
        self._check_cards_left(left, canastas_after)

    def _commit_meld(self, key: int, cards: list[CardId], out: list[Event]) -> None:
        p = self.to_move
        player = self.players[p]
        if self.record_undo:
            self.turn.undo.append(_Snapshot(self, is_take=False))
        player.lose_all(cards)
        known = player.known
        if known:
            known.difference_update(cards)
        existing = player.melds.get(key)
        was_canasta = existing is not None and len(existing) >= CANASTA_SIZE
        meld_after = player.add_to_meld(key, cards)
        if key == THREE:
            self.turn.black_threes = True
        if self.recording:
            out.append(Event(ev.MELD, p, tuple(cards), key))
            if not was_canasta and len(meld_after) >= CANASTA_SIZE:
                kind = canasta_kind(key, meld_after)
                out.append(Event(ev.CANASTA, p, tuple(meld_after), key, {"kind": kind}))
        self._after_meld(p, out)

    def _special_meld(self, action: Meld, out: list[Event]) -> None:
        cards = self._resolve_hand_cards(action.cards)
        name, bonus = self.validate_special_meld(cards)
        p = self.to_move
        player = self.players[p]
        if self.record_undo:
            self.turn.undo.append(_Snapshot(self, is_take=False))
        player.special_cards = cards
        player.hand.clear()
        player.known.clear()
        self.special = (p, name, bonus)
        out.append(
            Event(
                ev.SPECIAL_MELD,
                p,
                tuple(player.special_cards),
                info={"name": name, "title": SPECIAL_MELD_NAMES[name], "bonus": bonus},
            )
        )
        self.went_out = p
        self._end_hand("special_meld", out)

    def validate_special_meld(self, cards: Sequence[int]) -> tuple[str, int]:
        """The special meld `cards` form for the mover (name, bonus), or `IllegalAction`."""
        player = self.mover
        if not self.rules.special_melds:
            raise IllegalAction("no_special_melds", "Special melds are not part of these rules.")
        if player.melds or player.opened:
            raise IllegalAction(
                "special_after_meld",
                "A special meld is allowed only before you have melded anything this hand.",
            )
        if self.turn.drew != "stock":
            raise IllegalAction(
                "special_needs_stock", "A special meld goes out after drawing from the stock."
            )
        if len(cards) != len(player.hand):
            raise IllegalAction(
                "special_whole_hand", "A special meld takes your whole hand: choose every card."
            )
        found = special_meld(cards, bool(player.threes))
        if found is None:
            raise IllegalAction(
                "not_special",
                "These cards are not a Straight (with a Three on "
                "the table), Seven Pairs or Garbage from your whole hand.",
            )
        return found

    def _after_meld(self, p: int, out: list[Event]) -> None:
        player = self.players[p]
        # Short of the minimum, a meld opens only by a splash (which asks for a canasta).
        if not player.opened and (
            self.opening_points(p) >= self.initial_meld_minimum(p)
            or (player.canastas() and self._splashed(p))
        ):
            player.opened = True
            self.turn.locked = set()
        if not player.hand:
            self._go_out(p, out)

    # ---- discard
    def _discard(self, action: Discard, out: list[Event]) -> None:
        if self.phase != PLAY:
            self._expect(PLAY, "discard")
        player = self.players[self.to_move]
        from_threes = False
        code = action.card
        if code in _RED_THREE_CODES and self.rules.discard_red_three_to_freeze:
            laid = [c for c in player.threes if CARD_CODE[c] == code]
            if not laid:
                raise IllegalAction(
                    "card_not_in_hand", f"You have no {action.card} on the table to discard."
                )
            card, from_threes = laid[0], True
        else:
            if self.turn.no_discard:
                raise IllegalAction("no_discard", _NO_DISCARD)
            # The first card of that code in the hand, not locked: _resolve_hand_cards's answer,
            # found in one pass (it is asked only to word the refusal when there is none).
            ids = IDS_OF_CODE[code]
            locked = self.turn.locked
            for card in player.hand:
                if card in ids and card not in locked:
                    break
            else:
                card = self._resolve_hand_cards([code])[0]
        self.validate_discard(card, from_threes)
        self._commit_discard(card, from_threes, out)

    def validate_discard(self, card: int, from_threes: bool = False) -> None:
        """Raise `IllegalAction` unless the mover may discard `card` (from the hand, or a
        laid-down Red Three when `from_threes`); changes nothing."""
        rules = self.rules
        player = self.players[self.to_move]
        if self.turn.no_discard:
            raise IllegalAction("no_discard", _NO_DISCARD)
        if not player.opened:
            self._check_turn_can_end()
        left = len(player.hand) - (0 if from_threes else 1)
        need = rules.canastas_to_go_out
        # Short of canastas the last card never goes: the draw (RULES.md 3.1) and the meld rules
        # (5.1) see to it that such a player always holds another card, or may pass.
        if left == 0 and player.canastas() < need:
            raise IllegalAction("need_canastas", _need_canastas(need))
        if self.turn.black_threes and left != 0:
            raise IllegalAction("black_threes_last", "After melding Black Threes you must go out.")
        if (
            IS_WILD[card]
            and rules.prohibit_wild_discard
            and left > 0
            and not all(IS_WILD[c] for c in player.hand)
        ):
            raise IllegalAction(
                "no_wild_discard",
                "Wild cards may not be discarded, except to go out or when you hold nothing else.",
            )
        if (
            rules.prohibit_ace_seven_to_empty_pile
            and rules.pure_aces_sevens
            and not self.pile
            and CARD_RANK[card] in (ACE, SEVEN)
        ):
            raise IllegalAction(
                "no_ace_seven_discard", "An Ace or a Seven may not be discarded onto an empty pile."
            )

    def _commit_discard(self, card: CardId, from_threes: bool, out: list[Event]) -> None:
        p = self.to_move
        player = self.players[p]
        if from_threes:
            player.threes.remove(card)
        else:
            player.lose(card)
            if player.known:
                player.known.discard(card)
        self.pile.append(card)
        if IS_WILD[card] or IS_RED_THREE[card]:
            self.pile_freezers += 1
        if self.recording:
            out.append(Event(ev.DISCARD, p, (card,), info={"from_threes": from_threes}))
        if not player.hand:
            self._go_out(p, out)
            return
        if self.talons:
            self._give_talon(p, player.opened and not self.turn.opened_at_start, out)
        self._begin_turn(1 - p, out)

    def _check_turn_can_end(self) -> None:
        """The initial-meld minimum is checked when a turn that melded would end."""
        if not self._opening_short():
            return
        p = self.to_move
        need = self.initial_meld_minimum(p)
        have = self.opening_points(p)
        raise IllegalAction(
            "initial_meld_short",
            f"Your melds count {have} points towards the "
            f"opening minimum of {need}: meld more, or undo.",
        )

    def _opening_short(self) -> bool:
        """Whether the mover's melds this turn fall short of the initial-meld minimum, so the
        turn may not end yet."""
        player = self.mover
        if player.opened or not (player.melds or self.turn.drew == "pile"):
            return False
        return not self._would_go_out_concealed()

    def _would_go_out_concealed(self) -> bool:
        player = self.mover
        return (
            not self.turn.had_melds
            and len(player.hand) <= 1
            and player.canastas() >= self.rules.canastas_to_go_out
        )

    def _give_talon(self, p: int, opened_now: bool, out: list[Event]) -> None:
        if not (opened_now and self.talons and p not in self.talon_receivers):
            return
        player = self.players[p]
        talon = self.talons.pop(0)
        self.talon_receivers.append(p)
        kept: list[CardId] = []
        for dealt in talon:
            card: CardId | None = dealt
            while card is not None and self._is_laid_three(card):
                player.threes.append(card)
                replacement = self.stock.pop() if self.stock else None
                out.append(
                    Event(ev.THREE_LAID, p, (card,), info={"replaced": replacement is not None})
                )
                card = replacement
            if card is not None:
                kept.append(card)
        player.gain(kept)
        out.append(Event(ev.TALON, p, tuple(kept), info={"size": len(talon)}))

    # ---- pass
    def _pass(self, action: Pass, out: list[Event]) -> None:
        self.validate_pass()
        p = self.to_move
        player = self.players[p]
        out.append(Event(ev.PASS, p))
        if self.phase == DRAW or self.turn.no_discard:
            self._end_hand("stock_exhausted", out)
            return
        self._give_talon(p, player.opened and not self.turn.opened_at_start, out)
        self._end_turn(out)

    def validate_pass(self) -> None:
        """Raise `IllegalAction` unless the mover may end the turn (or the hand) now without a
        discard; changes nothing."""
        rules = self.rules
        player = self.mover
        if self.phase == DRAW:
            if self.stock or (
                rules.stock_end == "reuse_pile" and not self.stock_reused and len(self.pile) >= 2
            ):
                raise IllegalAction("must_draw", "Draw from the stock or take the pile.")
            if not self.turn.returned and self._must_take_pile():
                raise IllegalAction(
                    "must_take_pile",
                    "The stock is empty and the top card fits your meld: you must take the pile.",
                )
            return
        self._expect(PLAY, "pass")
        if self.turn.no_discard:
            self._check_turn_can_end()
            return
        need = rules.canastas_to_go_out
        if not (rules.pass_the_discard and len(player.hand) == 1 and player.canastas() < need):
            raise IllegalAction("must_discard", "End your turn by discarding a card.")
        self._check_turn_can_end()

    def _must_take_pile(self) -> bool:
        """At stock end, an unfrozen top card that fits an existing meld must be taken."""
        p = self.to_move
        if not self.pile or self.pile_is_blocked() or self.pile_is_frozen_for(p):
            return False
        try:
            self.validate_take([])
        except IllegalAction:
            return False
        return True

    # ---- undo
    def _undo(self, action: Undo, out: list[Event]) -> None:
        self._expect(PLAY, "undo")
        if not self.turn.undo:
            raise IllegalAction("nothing_to_undo", "There is no meld this turn to undo.")
        self._restore(self.turn.undo.pop(), out)

    def _undo_turn(self, action: UndoTurn, out: list[Event]) -> None:
        self._expect(PLAY, "undo your turn")
        if not self.turn.undo:
            raise IllegalAction(
                "nothing_to_undo",
                "There is nothing this turn to undo: a card drawn from the stock cannot go back.",
            )
        first = self.turn.undo[0]
        self.turn.undo.clear()
        self._restore(first, out)

    def _restore(self, snap: _Snapshot, out: list[Event]) -> None:
        p = self.to_move
        in_hand = set(self.players[p].hand)
        # Snapshots may be shared with clones of this game: restore copies, never the originals.
        self.players[p] = snap.player.clone()
        back_to_hand = tuple(c for c in self.players[p].hand if c not in in_hand)
        self.pile_freezers = snap.pile_freezers
        self.turn.drew = snap.drew
        self.turn.top = snap.top
        self.turn.locked = set(snap.locked)
        self.turn.black_threes = snap.black_threes
        self.phase = snap.phase
        if snap.pile is not None:
            self.pile = snap.pile[:]
            self.turn.undo = []
            self.turn.returned = True
            self.players[p].returns += 1
            out.append(
                Event(
                    ev.PILE_RETURNED,
                    p,
                    tuple(self.pile),
                    info={"penalty": self.rules.discard_return_penalty},
                )
            )
        else:
            if snap.listing is not None:
                player = self.players[p]
                self._relisted = (player, snap.listing[0], player.hand[:], snap.listing[1])
            out.append(Event(ev.UNDO, p, back_to_hand))

    # ---- going out and the end of a hand
    def _go_out(self, p: int, out: list[Event]) -> None:
        player = self.players[p]
        self.went_out = p
        self.went_out_bonus = player.canastas() >= self.rules.canastas_to_go_out
        self.concealed = self.went_out_bonus and not self.turn.had_melds
        self._end_hand("went_out", out)

    def _end_hand(self, reason: str, out: list[Event]) -> None:
        rules = self.rules
        self.end_reason = reason
        scores = []
        for p, player in enumerate(self.players):
            if self.special is not None and self.special[0] == p:
                scores.append(special_meld_score(self.special[2]))
                continue
            bonus = 0
            if self.went_out == p and self.went_out_bonus:
                bonus = rules.going_out_bonus * (2 if self.concealed else 1)
            scores.append(
                score_player(rules, player.hand, player.melds, player.threes, player.returns, bonus)
            )
        self.hand_scores = scores
        for p in (0, 1):
            self.totals[p] += scores[p]["total"]
        self.history.append(
            {
                "hand": self.hand_no,
                "first_player": self.first_player,
                "scores": scores,
                "went_out": self.went_out,
                "concealed": self.concealed,
                "reason": reason,
                "totals": list(self.totals),
            }
        )
        self.phase = HAND_OVER
        out.append(
            Event(
                ev.HAND_OVER,
                self.went_out if self.went_out is not None else -1,
                info={
                    "scores": scores,
                    "reason": reason,
                    "concealed": self.concealed,
                    "totals": tuple(self.totals),
                },
            )
        )
        top = max(self.totals)
        if top >= rules.target_score and self.totals[0] != self.totals[1]:
            self.winner = self.totals.index(top)
            self.phase = GAME_OVER
            out.append(Event(ev.GAME_OVER, self.winner, info={"totals": tuple(self.totals)}))

    def _next_hand(self, action: NextHand, out: list[Event]) -> None:
        if self.phase != HAND_OVER:
            if self.phase == GAME_OVER:
                raise IllegalAction("game_over", "The game is over.")
            raise IllegalAction("hand_not_over", "The hand is still being played.")
        if (
            self.rules.starter == "loser"
            and self.hand_scores is not None
            and self.hand_scores[0]["total"] != self.hand_scores[1]["total"]
        ):
            a, b = (s["total"] for s in self.hand_scores)
            first = 0 if a < b else 1
        else:
            first = 1 - self.first_player
        deck = self._pending_decks.pop(0) if self._pending_decks else None
        if deck is None and self.seed is None and self.initial_deck is not None:
            raise IllegalAction("no_deck", "This game has no deck for another hand.")
        self.first_player = first
        out.extend(self._deal(self._checked_deck(deck) if deck is not None else None))

    # ------------------------------------------------------------------ copies and hashes
    def clone(self, recording: bool | None = None) -> Game:
        """An independent copy (for search). `recording=False` makes a play-out copy that keeps
        no action log and returns no events (see the class docstring); None keeps this game's
        way. Meld card lists and undo snapshots, never changed in place, are shared."""
        other = Game(blank=True)
        # Field by field (no __dict__ update), so that the class also compiles to a native one.
        other.rules = self.rules
        other.seed = self.seed
        other.deal_version = self.deal_version
        other.initial_deck = self.initial_deck
        other.initial_decks = self.initial_decks
        other.initial_scores = self.initial_scores
        other.initial_first_player = self.initial_first_player
        other.hand_no = self.hand_no
        other.first_player = self.first_player
        other.record_undo = self.record_undo
        other.winner = self.winner
        other.last_events = self.last_events
        other.deck = self.deck
        other.reuse_key = self.reuse_key
        other.dealer = self.dealer
        other.phase = self.phase
        other.to_move = self.to_move
        other.stock_reused = self.stock_reused
        other.went_out = self.went_out
        other.went_out_bonus = self.went_out_bonus
        other.concealed = self.concealed
        other.special = self.special
        other.hand_scores = self.hand_scores
        other.end_reason = self.end_reason
        other.pile_freezers = self.pile_freezers
        other.recording = self.recording
        other._applied = self._applied
        other._listed = self._listed
        other._relisted = self._relisted
        other.rng = None
        other.players = [pl.clone() for pl in self.players]
        other.stock = self.stock[:]
        other.pile = self.pile[:]
        other.talons = [t[:] for t in self.talons]
        other.totals = self.totals[:]
        other.turn = self.turn.copy()
        other.talon_receivers = self.talon_receivers[:]
        other._pending_decks = self._pending_decks[:]
        if self.rng is not None:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
        if recording is not None:
            other.recording = recording
        other.log = self.log[:] if other.recording else []
        other.history = self.history[:]
        if not other.recording:
            other.last_events = []
        return other

    def canonical(self) -> tuple[Any, ...]:
        """Everything that decides the game's future, as nested tuples (for the state hash)."""
        players = tuple(
            (
                tuple(pl.hand),
                tuple((k, tuple(v)) for k, v in pl.melds.items()),
                tuple(pl.threes),
                pl.opened,
                tuple(sorted(pl.known)),
                pl.returns,
                tuple(pl.special_cards),
            )
            for pl in self.players
        )
        return (
            self.rules.digest(),
            tuple(self.totals),
            self.hand_no,
            self.first_player,
            Phase(self.phase).value,
            self.to_move,
            players,
            tuple(self.stock),
            tuple(self.pile),
            tuple(tuple(t) for t in self.talons),
            tuple(self.talon_receivers),
            self.stock_reused,
            self.turn.drew,
            self.turn.top,
            tuple(sorted(self.turn.locked)),
            self.turn.returned,
            self.turn.no_discard,
            self.turn.black_threes,
            len(self.turn.undo),
            self.went_out,
            self.concealed,
            self.winner,
        )

    def state_hash(self) -> str:
        return hashlib.sha256(repr(self.canonical()).encode()).hexdigest()


# The codes of the Red Threes, which a rule lets a player discard from the table.
_RED_THREE_CODES: Final = frozenset(
    CARD_CODE[card] for card in range(N_CARDS) if IS_RED_THREE[card]
)

_NO_DISCARD: Final = (
    "The last stock card was a Three: meld what you like, then end the hand without discarding."
)


def _need_canastas(need: int) -> str:
    return f"You need {need} canasta{'s' if need != 1 else ''} to go out."


_HANDLERS: Final[dict[type, Callable[[Game, Any, list[Event]], None]]] = {
    Draw: Game._draw,
    TakePile: Game._take_pile,
    Meld: Game._meld,
    Discard: Game._discard,
    Pass: Game._pass,
    Undo: Game._undo,
    UndoTurn: Game._undo_turn,
    NextHand: Game._next_hand,
}

__all__ = [
    "DRAW",
    "GAME_OVER",
    "HAND_OVER",
    "PLAY",
    "SORT_KEY",
    "Game",
    "Phase",
    "PlayerState",
    "TurnState",
]
