"""The Canasta rules engine for two, three or four: one `Game` from the deal to the end of the game.

`Game.apply(action)` checks an action completely before changing anything: an illegal action
raises `IllegalAction` (a stable code and a sentence for the player) and leaves the game exactly as
it was; a legal one changes the game and returns the `Event`s the table animates. The game is
deterministic: the seed (or an explicit deck), the rules and the list of applied actions rebuild
it exactly, and `state_hash()` proves it. Nothing here touches a clock, a file, a screen or the
global random generator.

`Game` holds the state and moves it through the turn; the rules it asks live beside it, each in a
module of its own: `dealing` and `threes` (the deal, the Threes laid down, the talons), `pile`
(blocking, freezing, taking, discarding), `melding` (may these cards be melded now),
`initial_meld` (the opening minimum), `going_out` (the cards and canastas going out needs) and
`scoring` (a hand's scores); `player_state`, `turn` and `phases` are the records it keeps.

Seats are numbered clockwise from 0 and play passes to the left (seat + 1). A *side* is what
scores: with four players seats 0 and 2 against 1 and 3 (`side_of(seat)` is seat % 2), otherwise
each seat is its own side. Partners' `PlayerState`s share the side's melds and Threes, so every
rule that reads "the player's melds" reads the side's; `totals`, `hand_scores` and `winner` count
sides. With four players a player may ask "May I go out?" (`AskGoOut`); the partner answers
(`AnswerGoOut`) as `to_act`, while `to_move` stays the asker's.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from . import events as ev
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
    action_from_dict,
)
from .cards import (
    CARD_CODE,
    CARD_RANK,
    IDS_OF_CODE,
    IS_RED_THREE,
    IS_WILD,
    MELD_KEY_OF_NAME,
    THREE,
    WILD,
    CardId,
)
from .errors import IllegalAction
from .events import Event
from .hand.card_lookup import first_cards, take_codes
from .hand.dealing import checked_deck, deal_hand
from .hand.going_out import NO_DISCARD, NO_GOING_OUT, would_go_out_concealed
from .hand.initial_meld import opening_points, splashed
from .hand.melding import check_meld_onto, check_special_meld
from .hand.pile import RED_THREE_CODES, check_discard, check_take, pile_is_blocked, pile_is_frozen
from .hand.player_state import PlayerState
from .hand.threes import laid_threes, receive_talon
from .hand.turn import ASKED, NO, NOT_ASKED, YES, TurnState, UndoSnapshot
from .melds import CANASTA_SIZE, PLURAL, SPECIAL_MELD_NAMES, canasta_kind
from .phases import DRAW, GAME_OVER, HAND_OVER, PLAY, Phase
from .phrase import phrase
from .rules import Rules
from .scoring import score_hand
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

# What a side pays when its player, told "Yes" to "May I go out?", ends the turn without going
# out (RULES.md 9.1).
BROKEN_YES_PENALTY: Final = 100


class Game:
    """A whole game of Canasta for two, three or four: hands, turns, scores, undo, the log.

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
        scores: Sequence[int] | None = None,
        first_player: int = 0,
        deal_version: int = DEAL_VERSION,
        *,
        blank: bool = False,
    ) -> None:
        """Start a game and deal its first hand.

        The first hand uses `deck` (108 card ids, dealt from the front) when given, else the deck
        `deck_order(seed, 0)`. Later hands take `decks` in order, then `deck_order(seed, n)` for
        hand index n. Without a seed or a deck the seed is 0. `deal_version` 1 deals as the first
        replay format did (CPython's generator), only for loading old files. `scores` are the
        sides' totals before the game (zeros by default); `first_player` a seat.

        `blank=True` makes an empty game that `clone` and `determinize` fill in field by field
        (the compiled engine runs __init__ even for `Game.__new__`, so that is no way round it).
        """
        if blank:
            return
        self.rules = rules or Rules()
        self.rules.validate()
        n = self.rules.players
        self.n_players = n
        self.n_sides = 2 if n == 4 else n
        if scores is None:
            scores = (0,) * self.n_sides
        if first_player not in range(n) or isinstance(first_player, bool):
            raise ValueError(f"first_player must be a seat from 0 to {n - 1}")
        if len(scores) != self.n_sides or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores
        ):
            raise ValueError(f"scores must be {self.n_sides} whole numbers, one for each side")
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
        self.initial_scores = tuple(int(s) for s in scores)
        self.initial_first_player = first_player
        # Only version 1 games keep a generator: their decks follow one another from it.
        self.rng: random.Random | None = None
        if deal_version == LEGACY_DEAL_VERSION and seed is not None:
            self.rng = random.Random(seed)
        self._pending_decks = [checked_deck(d) for d in decks]
        self.totals = list(self.initial_scores)
        self.hand_no = 0
        self.first_player = first_player
        self.log: list[dict[str, Any]] = []
        self.history: list[dict[str, Any]] = []  # finished hands: scores and who went out
        self.record_undo = True
        self.winner: int | None = None
        self.last_events: list[Event] = []
        self._deal(checked_deck(deck) if deck is not None else None)

    # ------------------------------------------------------------------ dealing
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
        self.dealer = (self.first_player - 1) % self.n_players
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
        self.broken_yeses = [0] * self.n_sides
        dealt = deal_hand(rules, deck, self.first_player)
        self.players: list[PlayerState] = dealt.players
        self.talons: list[list[CardId]] = dealt.talons
        self.pile: list[CardId] = dealt.pile
        self.pile_freezers = dealt.pile_freezers
        self.stock: list[CardId] = dealt.stock
        out = dealt.events
        self._begin_turn(self.first_player, out)
        if self.recording:
            self.last_events = out
        return out

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
        self._begin_turn((self.to_move + 1) % self.n_players, out)

    # ------------------------------------------------------------------ seats and sides
    def side_of(self, seat: int) -> int:
        """The side seat `seat` plays for: seat % 2 with four players, else the seat itself."""
        return seat % self.n_sides

    def partner_of(self, seat: int) -> int | None:
        """Seat `seat`'s partner (four players), or None."""
        return (seat + 2) % 4 if self.n_players == 4 else None

    def next_seat(self, seat: int) -> int:
        """The seat to the left of `seat`, which plays after it."""
        return (seat + 1) % self.n_players

    @property
    def to_act(self) -> int:
        """The seat whose action `apply` expects now: the player to move, or their partner while
        "May I go out?" waits for an answer."""
        if self.turn.ask == ASKED:
            return (self.to_move + 2) % self.n_players
        return self.to_move

    def _share_side(self, p: int) -> None:
        """After seat `p`'s side data was changed or replaced: their partner plays on it too."""
        if self.n_players == 4:
            self.players[(p + 2) % 4].join_side_of(self.players[p])

    # ------------------------------------------------------------------ public queries
    @property
    def mover(self) -> PlayerState:
        return self.players[self.to_move]

    def pile_top(self) -> CardId | None:
        return self.pile[-1] if self.pile else None

    def pile_is_blocked(self) -> bool:
        """A Black Three, a wild card or a Red Three on top: nobody may take the pile now."""
        return pile_is_blocked(self.pile)

    def pile_is_frozen_for(self, p: int) -> bool:
        """Frozen: only a natural pair from the hand may take it (RULES.md 3.3)."""
        return pile_is_frozen(self.rules, self.pile_freezers, self.players[p].opened)

    def initial_meld_minimum(self, p: int) -> int:
        """The opening minimum of seat `p`, from its side's score (RULES.md 4.5, 9.1)."""
        return self.rules.initial_meld_minimum(self.totals[p % self.n_sides])

    def opening_points(self, p: int) -> int:
        """Points this turn's melds count towards the initial-meld minimum (RULES.md 4.5)."""
        top = self.turn.top if p == self.to_move else None
        return opening_points(self.rules, self.players[p], top)

    def canastas_needed(self) -> int:
        """The canastas the player to move needs to go out now: none will do after their
        partner answered "No" to "May I go out?"."""
        if self.turn.ask == NO:
            return NO_GOING_OUT
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
        if self.turn.ask == ASKED and type(action) is not AnswerGoOut:
            raise IllegalAction(
                "answer_pending",
                phrase('Your partner has asked "May I go out?": answer yes or no first.'),
            )
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
    def _usable_hand(self, p: int) -> list[CardId]:
        if p == self.to_move and self.turn.locked:
            return [c for c in self.players[p].hand if c not in self.turn.locked]
        return self.players[p].hand

    def _resolve_hand_cards(self, codes: Sequence[str]) -> list[CardId]:
        if not self.turn.locked:
            found = first_cards(codes, self.players[self.to_move].rank_groups())
            if found is not None:
                return found
        try:
            return take_codes(codes, self._usable_hand(self.to_move))
        except IllegalAction:
            if self.turn.locked and self._in_hand(codes):
                raise IllegalAction(
                    "cards_locked",
                    phrase(
                        "The cards from the pile stay locked until "
                        "your melds reach the opening minimum of {points} points.",
                        points=self.initial_meld_minimum(self.to_move),
                    ),
                ) from None
            raise

    def _in_hand(self, codes: Sequence[str]) -> bool:
        try:
            take_codes(codes, self.mover.hand)
        except IllegalAction:
            return False
        return True

    def _expect(self, phase: Phase, doing: str) -> None:
        if self.phase == phase:
            return
        if self.phase in (HAND_OVER, GAME_OVER):
            raise IllegalAction("hand_over", phrase("The hand is over."))
        if phase == DRAW:
            raise IllegalAction(
                "already_drawn",
                phrase("You have already drawn this turn; you cannot {doing} now.", doing=doing),
            )
        raise IllegalAction(
            "draw_first",
            phrase("Draw from the stock or take the pile before you {doing}.", doing=doing),
        )

    # ---- draw
    def _draw(self, action: Draw, out: list[Event]) -> None:
        if self.phase != DRAW:
            self._expect(DRAW, phrase("draw again"))
        rules = self.rules
        reuse = False
        if not self.stock:
            if rules.stock_end == "reuse_pile" and not self.stock_reused and len(self.pile) >= 2:
                reuse = True
            elif rules.stock_end == "reuse_pile":
                raise IllegalAction("stock_empty", phrase("The stock is used up."))
            else:
                raise IllegalAction(
                    "stock_empty",
                    phrase("The stock is empty: take the pile if you can, or end the hand."),
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
        is_laid = laid_threes(rules)
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
        self._expect(DRAW, phrase("take the pile"))
        if self.turn.returned:
            raise IllegalAction(
                "pile_returned", phrase("You returned the pile this turn: draw from the stock.")
            )
        if not self.pile:
            raise IllegalAction("pile_empty", phrase("The discard pile is empty."))
        with_cards = take_codes(action.with_, self.mover.hand)
        self.validate_take(with_cards)
        self._commit_take(with_cards, out)

    def validate_take(self, with_cards: Sequence[int]) -> None:
        """Raise `IllegalAction` unless the mover may take the pile melding its top card with
        `with_cards` (ids from the hand); changes nothing."""
        p = self.to_move
        frozen = self.pile_is_frozen_for(p)
        check_take(
            self.rules, self.pile, self.players[p], with_cards, frozen, laid_threes(self.rules)
        )

    def _commit_take(self, with_cards: list[CardId], out: list[Event]) -> None:
        p = self.to_move
        player = self.players[p]
        if self.record_undo:
            self.turn.undo.append(self._snapshot(is_take=True))
        taken = self.pile
        top = taken[-1]
        rank = CARD_RANK[top]
        self.pile = []
        self.pile_freezers = 0
        is_laid = laid_threes(self.rules)
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

    # ---- meld
    def _meld(self, action: Meld, out: list[Event]) -> None:
        if self.phase != PLAY:
            self._expect(PLAY, phrase("meld"))
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
                "mixed_ranks", phrase("A meld holds cards of one rank only (plus wild cards).")
            )
        named = MELD_KEY_OF_NAME.get(action.rank) if action.rank else None
        if naturals:
            key = naturals.pop()
            if named is not None and named != key:
                raise IllegalAction(
                    "mixed_ranks",
                    phrase(
                        "These cards are {rank}, not {named}.",
                        rank=PLURAL[key],
                        named=PLURAL[named],
                    ),
                )
        elif named is not None:
            key = named
        elif rules.wild_canastas and WILD in player.melds:
            key = WILD
        else:
            raise IllegalAction("name_rank", phrase("Say which meld the wild cards go on."))
        self.validate_meld(key, cards)
        self._commit_meld(key, cards, out)

    def validate_meld(self, key: int, cards: Sequence[int]) -> None:
        """Raise `IllegalAction` unless the mover may put `cards` (ids from the hand, not
        locked) onto their meld keyed `key`; changes nothing."""
        check_meld_onto(
            self.rules, self.players[self.to_move], self.turn, key, cards, self.canastas_needed()
        )

    def _commit_meld(self, key: int, cards: list[CardId], out: list[Event]) -> None:
        p = self.to_move
        player = self.players[p]
        if self.record_undo:
            self.turn.undo.append(self._snapshot(is_take=False))
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
            self.turn.undo.append(self._snapshot(is_take=False))
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
        return check_special_meld(self.rules, self.mover, self.turn.drew, cards)

    def _after_meld(self, p: int, out: list[Event]) -> None:
        player = self.players[p]
        rules = self.rules
        top = self.turn.top if p == self.to_move else None
        # Short of the minimum, a meld opens only by a splash (which asks for a canasta).
        if not player.opened and (
            opening_points(rules, player, top) >= self.initial_meld_minimum(p)
            or (player.canastas() and splashed(rules, player, top))
        ):
            player.opened = True
            self.turn.locked = set()
        if self.n_players == 4:
            self._share_side(p)
        if not player.hand:
            self._go_out(p, out)

    # ---- discard
    def _discard(self, action: Discard, out: list[Event]) -> None:
        if self.phase != PLAY:
            self._expect(PLAY, phrase("discard"))
        player = self.players[self.to_move]
        from_threes = False
        code = action.card
        if code in RED_THREE_CODES and self.rules.discard_red_three_to_freeze:
            laid = [c for c in player.threes if CARD_CODE[c] == code]
            if not laid:
                raise IllegalAction(
                    "card_not_in_hand",
                    phrase("You have no {card} on the table to discard.", card=action.card),
                )
            card, from_threes = laid[0], True
        else:
            if self.turn.no_discard:
                raise IllegalAction("no_discard", NO_DISCARD)
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
        player = self.players[self.to_move]
        if self.turn.no_discard:
            raise IllegalAction("no_discard", NO_DISCARD)
        if not player.opened:
            self._check_turn_can_end()
        check_discard(
            self.rules,
            player,
            card,
            from_threes,
            self.turn.black_threes,
            self.pile,
            self.canastas_needed(),
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
        if self.turn.ask == YES:
            self._break_yes(p, out)
        if self.talons:
            self._give_talon(p, player.opened and not self.turn.opened_at_start, out)
        self._begin_turn((p + 1) % self.n_players, out)

    def _check_turn_can_end(self) -> None:
        """The initial-meld minimum is checked when a turn that melded would end."""
        if not self._opening_short():
            return
        p = self.to_move
        need = self.initial_meld_minimum(p)
        have = self.opening_points(p)
        raise IllegalAction(
            "initial_meld_short",
            phrase(
                "Your melds count {have} points towards the "
                "opening minimum of {need}: meld more, or undo.",
                have=have,
                need=need,
            ),
        )

    def _opening_short(self) -> bool:
        """Whether the mover's melds this turn fall short of the initial-meld minimum, so the
        turn may not end yet."""
        player = self.mover
        if player.opened or not (player.melds or self.turn.drew == "pile"):
            return False
        return not would_go_out_concealed(self.rules, player, self.turn.had_melds)

    def _give_talon(self, p: int, opened_now: bool, out: list[Event]) -> None:
        # The first side to open gets the first talon, into the hand of the player who opened.
        if not (opened_now and self.talons):
            return
        side = p % self.n_sides
        if any(r % self.n_sides == side for r in self.talon_receivers):
            return
        talon = self.talons.pop(0)
        self.talon_receivers.append(p)
        is_laid = laid_threes(self.rules)
        receive_talon(self.players[p], p, talon, self.stock, is_laid, out)

    # ---- pass
    def _pass(self, action: Pass, out: list[Event]) -> None:
        self.validate_pass()
        p = self.to_move
        player = self.players[p]
        out.append(Event(ev.PASS, p))
        if self.turn.ask == YES:
            self._break_yes(p, out)
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
                raise IllegalAction("must_draw", phrase("Draw from the stock or take the pile."))
            if not self.turn.returned and self._must_take_pile():
                raise IllegalAction(
                    "must_take_pile",
                    phrase(
                        "The stock is empty and the top card fits your meld: you must take the pile."
                    ),
                )
            return
        self._expect(PLAY, phrase("pass"))
        if self.turn.no_discard:
            self._check_turn_can_end()
            return
        need = self.canastas_needed()
        if not (rules.pass_the_discard and len(player.hand) == 1 and player.canastas() < need):
            raise IllegalAction("must_discard", phrase("End your turn by discarding a card."))
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
    def _snapshot(self, is_take: bool) -> UndoSnapshot:
        """What an undo of the take or meld about to happen restores."""
        mover = self.players[self.to_move]
        # The listing of this very state: made since the last action applied, for this player
        # and this hand. A taken pile comes back as a different state (it may not be retaken).
        listed = self._listed
        listing: tuple[bool, tuple[Action, ...]] | None = None
        if (
            not is_take
            and listed is not None
            and listed[0] == self._applied
            and listed[1] is mover
            and listed[3] == mover.hand
        ):
            listing = (listed[2], listed[4])
        pile = self.pile[:] if is_take else None
        return UndoSnapshot(mover, listing, pile, self.pile_freezers, self.phase, self.turn)

    def _undo(self, action: Undo, out: list[Event]) -> None:
        self._expect(PLAY, phrase("undo"))
        if not self.turn.undo:
            raise IllegalAction("nothing_to_undo", phrase("There is no meld this turn to undo."))
        self._restore(self.turn.undo.pop(), out)

    def _undo_turn(self, action: UndoTurn, out: list[Event]) -> None:
        self._expect(PLAY, phrase("undo your turn"))
        if not self.turn.undo:
            raise IllegalAction(
                "nothing_to_undo",
                phrase(
                    "There is nothing this turn to undo: a card drawn from the stock cannot go back."
                ),
            )
        first = self.turn.undo[0]
        self.turn.undo.clear()
        self._restore(first, out)

    def _restore(self, snap: UndoSnapshot, out: list[Event]) -> None:
        p = self.to_move
        in_hand = set(self.players[p].hand)
        # Snapshots may be shared with clones of this game: restore copies, never the originals.
        self.players[p] = snap.player.clone()
        self._share_side(p)
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

    # ---- "May I go out?" (four players)
    def _ask_go_out(self, action: AskGoOut, out: list[Event]) -> None:
        self.validate_ask()
        self.turn.ask = ASKED
        if self.recording:
            out.append(Event(ev.ASK_GO_OUT, self.to_move))

    def validate_ask(self) -> None:
        """Raise `IllegalAction` unless the mover may ask their partner "May I go out?" now."""
        if self.n_players != 4:
            raise IllegalAction(
                "no_partner", phrase("Only a player with a partner may ask to go out.")
            )
        if self.phase != PLAY:
            self._expect(PLAY, phrase('ask "May I go out?"'))
        if self.turn.ask != NOT_ASKED:
            raise IllegalAction(
                "already_asked", phrase('You may ask "May I go out?" only once in a turn.')
            )
        if len(self.mover.hand) < 2 or self.turn.black_threes or self.turn.no_discard:
            raise IllegalAction(
                "ask_too_late",
                phrase('Ask "May I go out?" while you still hold two cards or more.'),
            )

    def _answer_go_out(self, action: AnswerGoOut, out: list[Event]) -> None:
        if self.turn.ask != ASKED:
            raise IllegalAction("no_question", phrase('Nobody has asked "May I go out?".'))
        partner = self.to_act  # the partner, until the answer gives the turn back
        self.turn.ask = YES if action.yes else NO
        if self.recording:
            out.append(Event(ev.GO_OUT_ANSWER, partner, info={"yes": action.yes}))

    def _break_yes(self, p: int, out: list[Event]) -> None:
        """The player told "Yes" ends the turn without going out: their side pays."""
        self.turn.ask = NOT_ASKED
        self.broken_yeses[p % self.n_sides] += 1
        if self.recording:
            out.append(Event(ev.BROKEN_YES, p, info={"penalty": BROKEN_YES_PENALTY}))

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
        scores = score_hand(
            rules,
            self.players,
            self.went_out,
            self.went_out_bonus,
            self.concealed,
            self.special,
            self.n_sides,
            [n * BROKEN_YES_PENALTY for n in self.broken_yeses],
        )
        self.hand_scores = scores
        for side in range(self.n_sides):
            self.totals[side] += scores[side]["total"]
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
        # The highest total at or past the target wins; a tie at the top plays another hand.
        if top >= rules.target_score and self.totals.count(top) == 1:
            self.winner = self.totals.index(top)
            self.phase = GAME_OVER
            out.append(Event(ev.GAME_OVER, self.winner, info={"totals": tuple(self.totals)}))

    def _next_hand(self, action: NextHand, out: list[Event]) -> None:
        if self.phase != HAND_OVER:
            if self.phase == GAME_OVER:
                raise IllegalAction("game_over", phrase("The game is over."))
            raise IllegalAction("hand_not_over", phrase("The hand is still being played."))
        n = self.n_players
        # The deal passes to the left; with `starter` "loser", the player of the losing side
        # (the lowest hand score) nearest the last dealer's left starts (RULES.md 2, 9).
        first = (self.first_player + 1) % n
        if self.rules.starter == "loser" and self.hand_scores is not None:
            totals = [s["total"] for s in self.hand_scores]
            low = min(totals)
            if totals.count(low) < len(totals):
                dealer = (self.first_player - 1) % n
                for step in range(1, n + 1):
                    seat = (dealer + step) % n
                    if totals[seat % self.n_sides] == low:
                        first = seat
                        break
        deck = self._pending_decks.pop(0) if self._pending_decks else None
        if deck is None and self.seed is None and self.initial_deck is not None:
            raise IllegalAction("no_deck", phrase("This game has no deck for another hand."))
        self.first_player = first
        out.extend(self._deal(checked_deck(deck) if deck is not None else None))

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
        other.n_players = self.n_players
        other.n_sides = self.n_sides
        other.broken_yeses = self.broken_yeses[:]
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
        if self.n_players == 4:
            other.players[2].join_side_of(other.players[0])
            other.players[3].join_side_of(other.players[1])
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

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """`copy.deepcopy` of anything holding a game (a network seat, for a test's snapshot)
        takes the game's own `clone`: the compiled engine's records cannot be rebuilt field by
        field as `deepcopy` would."""
        return self.clone()

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
        seats: tuple[Any, ...] = ()
        if self.n_players > 2:
            # Only where they can differ from the two-player game, whose hashes stay as they were.
            seats = (self.turn.ask, tuple(self.broken_yeses), self.dealer)
        return (
            self.rules.digest(),
            *seats,
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


_HANDLERS: Final[dict[type, Callable[[Game, Any, list[Event]], None]]] = {
    Draw: Game._draw,
    TakePile: Game._take_pile,
    Meld: Game._meld,
    Discard: Game._discard,
    Pass: Game._pass,
    Undo: Game._undo,
    UndoTurn: Game._undo_turn,
    NextHand: Game._next_hand,
    AskGoOut: Game._ask_go_out,
    AnswerGoOut: Game._answer_go_out,
}
