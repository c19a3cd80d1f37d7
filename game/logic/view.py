"""What one player may see of the game (RULES.md sections 7 and 9.3), and games consistent with it.

`PlayerView` is a frozen record of plain values built from a `Game`; it holds no reference back to
the game, so whoever receives it (the computer opponent, a hint, a network guest) cannot reach a
hidden card. It contains: the player's own hand; every seat's melds (a side's, shown at each of
its seats), laid-down Threes and hand size; the cards each player holds that came from the pile
(everyone saw them); the discard pile (every card in it was face up when it got there); the
stock's and talons' sizes; the turn in progress; and the sides' scores. A partner's hand is hidden
like an opponent's. Per-seat fields have one entry per seat, `totals` and `hand_scores` one per
side. `determinize` deals the unseen cards at random into a full `Game` that agrees with the
view, which is how the computer opponent searches without cheating.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, cast

from .cards import ALL_CARDS, CARD_CODE, IS_RED_THREE, IS_WILD, MELD_KEY_NAME, CardId, sorted_codes
from .engine import Game
from .frozen import reduce_frozen
from .hand.player_state import PlayerState
from .hand.turn import TurnState
from .phases import GAME_OVER, HAND_OVER, Phase
from .rules import Rules
from .shuffle import DEAL_VERSION

Meld = tuple[int, tuple[int, ...]]


@dataclass(frozen=True)
class PlayerView:
    """Everything player `seat` may know now, and nothing more."""

    seat: int
    rules: Rules
    phase: str
    to_move: int
    hand_no: int
    first_player: int
    turn_no: int
    totals: tuple[int, ...]
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    threes: tuple[tuple[int, ...], ...]
    opened: tuple[bool, ...]
    returns: tuple[int, ...]
    pile: tuple[int, ...]
    pile_frozen_for: tuple[bool, ...]
    pile_blocked: bool
    stock_size: int
    stock_reused: bool
    talon_sizes: tuple[int, ...]
    talon_receivers: tuple[int, ...]
    initial_minimums: tuple[int, ...]
    opening_points: int
    turn_drew: str | None
    turn_top: int | None
    turn_locked: tuple[int, ...]
    turn_drawn: tuple[int, ...]
    turn_returned: bool
    turn_no_discard: bool
    turn_black_threes: bool
    turn_opened_at_start: bool
    turn_had_melds: bool
    undo_depth: int
    went_out: int | None
    concealed: bool
    special: tuple[int, str, int] | None
    special_cards: tuple[tuple[int, ...], ...]
    hand_scores: tuple[dict[str, int], ...] | None
    winner: int | None
    turn_ask: int = 0  # "May I go out?" this turn: 0 not asked, 1 waiting, 2 "Yes", 3 "No"
    broken_yeses: tuple[int, ...] = ()  # by side, the "Yes" answers not kept this hand

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return len(self.hand_sizes)

    @property
    def sides(self) -> int:
        """The number of sides: two partnerships with four players, else one per seat."""
        return len(self.totals)

    @property
    def opponent(self) -> int:
        """The seat that plays next (the only opponent with two players)."""
        return (self.seat + 1) % len(self.hand_sizes)

    @property
    def side(self) -> int:
        """This seat's side (its index in `totals` and `hand_scores`)."""
        return self.seat % len(self.totals)

    @property
    def to_act(self) -> int:
        """The seat whose action the game expects: the player to move, or their partner while
        "May I go out?" waits for an answer."""
        if self.turn_ask == 1:
            return (self.to_move + 2) % len(self.hand_sizes)
        return self.to_move

    @property
    def must_answer(self) -> bool:
        """Whether this seat must now answer its partner's "May I go out?"."""
        return self.turn_ask == 1 and self.to_act == self.seat

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat and self.phase not in (HAND_OVER, GAME_OVER)

    def pile_top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    def melds_of(self, p: int) -> dict[int, tuple[int, ...]]:
        return dict(self.melds[p])

    def visible_cards(self) -> set[int]:
        """Every card id this view shows."""
        cards = set(self.hand) | set(self.pile)
        for p in range(len(self.hand_sizes)):
            cards.update(self.known[p])
            cards.update(self.threes[p])
            cards.update(self.special_cards[p])
            for _key, meld in self.melds[p]:
                cards.update(meld)
        return cards

    def unseen_cards(self) -> list[CardId]:
        """Cards this player cannot see: the opponent's unknown cards, the stock and talons."""
        visible = self.visible_cards()
        return [c for c in ALL_CARDS if c not in visible]

    def to_dict(self) -> dict[str, Any]:
        """A compact summary with card codes (for logs and debugging)."""
        return {
            "seat": self.seat,
            "phase": self.phase,
            "to_move": self.to_move,
            "hand": sorted_codes(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "melds": [
                {MELD_KEY_NAME[k]: [CARD_CODE[c] for c in m] for k, m in self.melds[p]}
                for p in range(len(self.melds))
            ],
            "pile_top": CARD_CODE[self.pile[-1]] if self.pile else None,
            "pile_size": len(self.pile),
            "stock_size": self.stock_size,
            "totals": list(self.totals),
        }


def _melds(player: PlayerState) -> tuple[Meld, ...]:
    return tuple((k, tuple(v)) for k, v in player.melds.items())


def _ids(cards: Iterable[int]) -> list[CardId]:
    """A view holds card ids as plain ints (they may come off the network); they are ids."""
    return cast("list[CardId]", list(cards))


def player_view(game: Game, seat: int) -> PlayerView:
    """The view of `game` for player `seat`."""
    n = game.n_players
    if seat not in range(n):
        raise ValueError(f"seat must be from 0 to {n - 1}")
    players = game.players
    seats = range(n)
    turn = game.turn
    # "May I go out?" has no place in a game of two: its fields keep their defaults there, so a
    # two-player view (and what goes on the wire) is as it always was.
    partnership: dict[str, Any] = (
        {} if n == 2 else {"turn_ask": turn.ask, "broken_yeses": tuple(game.broken_yeses)}
    )
    return PlayerView(
        seat=seat,
        rules=game.rules,
        phase=Phase(game.phase).value,  # plain text: a view holds plain values only
        to_move=game.to_move,
        hand_no=game.hand_no,
        first_player=game.first_player,
        turn_no=turn.no,
        totals=tuple(game.totals),
        hand=tuple(players[seat].hand),
        hand_sizes=tuple(len(pl.hand) for pl in players),
        known=tuple(tuple(sorted(pl.known)) for pl in players),
        melds=tuple(_melds(pl) for pl in players),
        threes=tuple(tuple(pl.threes) for pl in players),
        opened=tuple(pl.opened for pl in players),
        returns=tuple(pl.returns for pl in players),
        pile=tuple(game.pile),
        pile_frozen_for=tuple(game.pile_is_frozen_for(p) for p in seats),
        pile_blocked=game.pile_is_blocked(),
        stock_size=len(game.stock),
        stock_reused=game.stock_reused,
        talon_sizes=tuple(len(t) for t in game.talons),
        talon_receivers=tuple(game.talon_receivers),
        initial_minimums=tuple(game.initial_meld_minimum(p) for p in seats),
        opening_points=game.opening_points(game.to_move),
        turn_drew=turn.drew,
        turn_top=turn.top,
        turn_locked=tuple(sorted(turn.locked)),
        turn_drawn=tuple(turn.drawn) if game.to_move == seat else (),
        turn_returned=turn.returned,
        turn_no_discard=turn.no_discard,
        turn_black_threes=turn.black_threes,
        turn_opened_at_start=turn.opened_at_start,
        turn_had_melds=turn.had_melds,
        undo_depth=len(turn.undo),
        went_out=game.went_out,
        concealed=game.concealed,
        special=game.special,
        special_cards=tuple(tuple(pl.special_cards) for pl in players),
        hand_scores=tuple(dict(s) for s in game.hand_scores) if game.hand_scores else None,
        winner=game.winner,
        **partnership,
    )


def determinize(view: PlayerView, rng: random.Random) -> Game:
    """A full `Game` that agrees with everything in `view`, the unseen cards dealt at random.

    Every other hand (a partner's too) keeps its known cards and is filled from the unseen
    ones; the rest make up the talons and the stock in random order. Undo history is not
    reconstructed.
    """
    n = len(view.hand_sizes)
    unseen = view.unseen_cards()
    rng.shuffle(unseen)
    game = Game(blank=True)
    game.rules = view.rules
    # A seed of its own deals any later hand of the copy, unknown as the real one's.
    game.seed = int(rng.random() * 2**53)
    game.deal_version = DEAL_VERSION
    game.initial_deck = None
    game.initial_decks = []
    game.initial_scores = view.totals
    game.initial_first_player = view.first_player
    game.rng = None
    game._pending_decks = []
    game.totals = list(view.totals)
    game.hand_no = view.hand_no
    game.first_player = view.first_player
    game.dealer = (view.first_player - 1) % n
    game.n_players = n
    game.n_sides = len(view.totals)
    game.broken_yeses = list(view.broken_yeses) if view.broken_yeses else [0] * game.n_sides
    game.log = []
    game.history = []
    game.record_undo = False
    game.winner = view.winner
    game.last_events = []
    game.deck = []
    game.reuse_key = hashlib.sha256(str(rng.random()).encode()).digest()
    players = []
    position = 0
    for p in range(n):
        pl = PlayerState()
        pl.melds = {k: _ids(v) for k, v in view.melds[p]}
        pl.threes = _ids(view.threes[p])
        pl.opened = view.opened[p]
        pl.known = set(_ids(view.known[p]))
        pl.returns = view.returns[p]
        pl.special_cards = _ids(view.special_cards[p])
        if p == view.seat:
            pl.hand = _ids(view.hand)
        else:
            hidden = view.hand_sizes[p] - len(view.known[p])
            pl.hand = _ids(view.known[p]) + unseen[position : position + hidden]
            position += hidden
        players.append(pl)
    if n == 4:
        players[2].join_side_of(players[0])
        players[3].join_side_of(players[1])
    game.players = players
    game.talons = []
    for size in view.talon_sizes:
        game.talons.append(unseen[position : position + size])
        position += size
    game.stock = unseen[position:]
    if len(game.stock) != view.stock_size:
        raise ValueError("the view's card counts do not add up to 108")
    game.pile = _ids(view.pile)
    game.pile_freezers = sum(1 for c in view.pile if IS_WILD[c] or IS_RED_THREE[c])
    game.phase = Phase(view.phase)
    game.to_move = view.to_move
    game.stock_reused = view.stock_reused
    game.went_out = view.went_out
    game.went_out_bonus = False
    game.concealed = view.concealed
    game.special = view.special
    game.hand_scores = list(view.hand_scores) if view.hand_scores else None
    game.end_reason = ""
    game.talon_receivers = list(view.talon_receivers)
    game.turn = TurnState(
        no=view.turn_no,
        drew=view.turn_drew,
        top=CardId(view.turn_top) if view.turn_top is not None else None,
        locked=set(_ids(view.turn_locked)),
        returned=view.turn_returned,
        no_discard=view.turn_no_discard,
        black_threes=view.turn_black_threes,
        drawn=_ids(view.turn_drawn),
        had_melds=view.turn_had_melds,
        opened_at_start=view.turn_opened_at_start,
        ask=view.turn_ask,
    )
    return game
