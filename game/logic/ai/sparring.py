"""Sparring partners for the arena: five plain, independent strategies the levels must beat.

They are not skill levels (the table never offers them); they are the kinds of opponent a strong
player meets, each with one clear idea, so the arena can show whether a level really plays well
rather than only better than its own kind:

- `Rusher` melds everything it can and goes out at the first chance.
- `PileHunter` keeps its natural pairs, takes the pile whenever it may, and freezes the pile with
  a wild card when the opponent is ahead on the table.
- `Careful` plays like the rusher but never discards a card that feeds the opponent's melds or
  lets it take the pile, when it has any other choice.
- `Hoarder` holds its cards and its wild cards for canastas: it opens only when it takes the
  pile, its hand has grown big or the stock runs low, makes new melds late, and goes out only
  with a canasta to spare or when the hand is ending anyway.
- `ByTheBook` follows the strategy advice of the User Guide the game is modelled on ("Strategies -
  Classic Canasta", section 2.13 of the commercial two-player Canasta's guide among the source
  documents): open with the fewest cards; play offence after opening first (keep pairs to take
  a frozen pile, keep two of a rank back when melding it, discard from long ranks) and defence
  when the opponent opened first (discard from short ranks, go out swiftly); never discard a card
  that fits the opponent's melds on an open pile, a rank it may hold a pair of or one the pile
  is full of; spend a blocker only to defend, freezing the pile when holding more cards than an
  opened opponent; take no pile of fewer than three cards.

With three or four players "the opponent" is the next player, the one who may take the discard.

Each is a bot (`decide(view) -> action`, see `bots.py`): it sees only its own view and decides
without randomness, from the view alone.
"""

from __future__ import annotations

import random

from ..actions import Action, AskGoOut, Discard, Draw, Meld, Pass, TakePile, UndoTurn
from ..cards import (
    CARD_POINTS,
    CARD_RANK,
    IDS_OF_CODE,
    IS_BLACK_THREE,
    IS_WILD,
    JOKER,
    MELD_KEY_OF_NAME,
    THREE,
    TWO,
)
from ..engine import Game
from ..legal import legal_actions
from ..melds import CANASTA_SIZE
from ..phases import DRAW, PLAY
from ..view import PlayerView, determinize
from . import heuristic
from .partner import answer_go_out


def _meld_key(action: Meld) -> int:
    """The meld a meld action goes onto (its natural rank, or the rank it names)."""
    if action.rank is not None and action.rank != "special":
        return MELD_KEY_OF_NAME[action.rank]
    naturals = [c for c in action.cards if not IS_WILD[IDS_OF_CODE[c][0]]]
    return CARD_RANK[IDS_OF_CODE[naturals[0]][0]] if naturals else TWO


def _wilds_in(action: Meld) -> int:
    return sum(IS_WILD[IDS_OF_CODE[c][0]] for c in action.cards)


def table_points(game: Game, p: int) -> int:
    """What a player has banked on the table: melded cards, canasta bonuses at 300 or 500."""
    player = game.players[p]
    points = 0
    for cards in player.melds.values():
        points += sum(CARD_POINTS[c] for c in cards)
        if len(cards) >= CANASTA_SIZE:
            points += 300 if any(IS_WILD[c] for c in cards) else 500
    return points


class _Plain:
    """What the three share: open when possible, meld, go out at once, one discard rule each."""

    # Smallest pile taken when a natural pair (or a meld) takes it.
    min_pile = 3
    # Take the pile with a natural and a wild card too.
    takes_with_wild = False
    # Keep natural pairs (do not open a new meld with a pair and a wild card).
    keeps_pairs = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._gave_up: tuple[int, int] | None = None

    def decide(self, view: PlayerView) -> Action:
        if view.must_answer:
            return answer_go_out(view)
        world = determinize(view, random.Random(self.seed))
        # A sparring partner never asks "May I go out?" (going out without asking is legal).
        actions: list[Action] = [a for a in legal_actions(world) if not isinstance(a, AskGoOut)]
        if not actions:
            # Opening melds short of the minimum that cannot be completed: take them back once.
            self._gave_up = (view.hand_no, view.turn_no)
            return UndoTurn()
        if len(actions) == 1:
            return actions[0]
        if world.phase == DRAW:
            return self.draw(world, actions)
        if world.phase == PLAY:
            return self.play(world, actions, view)
        return actions[0]

    # ---- the draw
    def draw(self, game: Game, actions: list[Action]) -> Action:
        stock = next((a for a in actions if isinstance(a, (Draw, Pass))), actions[0])
        takes = [a for a in actions if isinstance(a, TakePile)]
        if len(game.pile) < self.min_pile:
            return stock
        for action in sorted(takes, key=lambda a: len(a.with_)):
            wild = any(IS_WILD[IDS_OF_CODE[c][0]] for c in action.with_)
            if wild and not self.takes_with_wild:
                continue
            if game.mover.opened or self._opens_after(game, action):
                return action
        return stock

    @staticmethod
    def _opens_after(game: Game, action: TakePile) -> bool:
        trial = game.clone()
        trial.record_undo = False
        trial.apply(action)
        return trial.mover.opened or heuristic._opening_plan(trial) is not None

    # ---- the rest of the turn
    def play(self, game: Game, actions: list[Action], view: PlayerView) -> Action:
        melds = [a for a in actions if isinstance(a, Meld)]
        discards = [a for a in actions if isinstance(a, Discard)]
        special = next((a for a in melds if a.rank == "special"), None)
        if special is not None:
            return special
        me = game.mover
        if self._gave_up == (view.hand_no, view.turn_no):
            # Its melds this turn led to a hand it could not play out, and it took them back:
            # melding the same way again would go round in circles, so it ends the turn.
            return self.end_turn(game, discards, actions)
        if not me.opened:
            plan = heuristic._opening_plan(game) if self.opens_now(game) else None
            if plan:
                action = heuristic._plan_action(game, plan)
                if action is not None:
                    return action
            return self.discard(game, discards) if discards else actions[0]
        meld = self.pick_meld(game, melds)
        if meld is not None:
            return meld
        return self.end_turn(game, discards, actions)

    def opens_now(self, game: Game) -> bool:
        """Whether to make the opening melds this turn when they can be made."""
        return True

    def end_turn(self, game: Game, discards: list[Discard], actions: list[Action]) -> Action:
        """The discard this player prefers, or a pass when the turn offers no discard."""
        if discards:
            return self.discard(game, discards)
        return next((a for a in actions if isinstance(a, Pass)), actions[0])

    def pick_meld(self, game: Game, melds: list[Meld]) -> Meld | None:
        """Naturals onto melds first (most cards), wild cards only to finish a canasta or to go
        out, and never a meld that leaves nothing to discard without going out."""
        me = game.mover
        need = game.rules.canastas_to_go_out
        hand_size = len(me.hand)
        best: tuple[float, Meld] | None = None
        for action in melds:
            size = len(action.cards)
            wilds = _wilds_in(action)
            key = _meld_key(action)
            if key == THREE:
                continue
            before = len(me.melds.get(key, ()))
            makes_canasta = before < CANASTA_SIZE <= before + size
            left = hand_size - size
            if left == 0:
                return action  # goes out
            if not heuristic._can_discard_one(game, self._rest(game, action)):
                continue
            canastas = me.canastas() + makes_canasta
            if left <= 2 and canastas < need:
                continue  # stripping the hand without the canastas to go out
            if wilds:
                going_out = canastas >= need and left <= 3
                if not (makes_canasta or going_out):
                    continue
            if self.keeps_pairs and before == 0 and size - wilds == 2:
                continue
            score = 10.0 * (size - wilds) + 3.0 * wilds + 50.0 * makes_canasta
            if best is None or score > best[0]:
                best = (score, action)
        return best[1] if best else None

    @staticmethod
    def _rest(game: Game, action: Meld) -> list[int]:
        hand: list[int] = list(game.mover.hand)
        for code in action.cards:
            for card in hand:
                if card in IDS_OF_CODE[code]:
                    hand.remove(card)
                    break
        return hand

    def discard(self, game: Game, discards: list[Discard]) -> Discard:
        return max(discards, key=lambda a: self.discard_score(game, a))

    def discard_score(self, game: Game, action: Discard) -> float:
        """Higher is a better discard: a Black Three, then a lone high card; never a wild card
        or a card of one's own melds unless nothing else is left."""
        card = IDS_OF_CODE[action.card][0]
        me = game.mover
        if IS_BLACK_THREE[card]:
            return 100.0
        if IS_WILD[card]:
            return -100.0 - CARD_POINTS[card]
        rank = CARD_RANK[card]
        held = sum(1 for c in me.hand if CARD_RANK[c] == rank)
        score = CARD_POINTS[card] / 10.0 - 10.0 * (held - 1)
        if rank in me.melds:
            score -= 30.0
        return score


class Rusher(_Plain):
    """Melds everything it can and goes out at the first chance."""


class PileHunter(_Plain):
    """Keeps natural pairs, takes the pile whenever it may, and freezes the pile with a wild
    card when the opponent is ahead on the table."""

    min_pile = 2
    takes_with_wild = True
    keeps_pairs = True

    def discard_score(self, game: Game, action: Discard) -> float:
        card = IDS_OF_CODE[action.card][0]
        p = game.to_move
        them = game.next_seat(p)
        if IS_WILD[card]:
            behind = table_points(game, them) > table_points(game, p)
            open_pile = not game.pile_is_frozen_for(them) and len(game.pile) >= 3
            if behind and open_pile:
                return 200.0 - (CARD_RANK[card] == JOKER)  # freeze with a Two before a Joker
        score = super().discard_score(game, action)
        held = sum(1 for c in game.mover.hand if CARD_RANK[c] == CARD_RANK[card])
        if held == 2 and not IS_WILD[card]:
            score -= 40.0  # a pair is a key to the pile
        return score


class Careful(_Plain):
    """Plays like the rusher, but never discards a card that feeds the opponent's melds or lets
    it take the pile while it has a safer card."""

    def discard_score(self, game: Game, action: Discard) -> float:
        card = IDS_OF_CODE[action.card][0]
        score = super().discard_score(game, action)
        if IS_WILD[card] or IS_BLACK_THREE[card]:
            return score
        if self.feeds(game, CARD_RANK[card]):
            score -= 1000.0
        elif any(CARD_RANK[c] == CARD_RANK[card] for c in game.pile):
            score += 3.0  # a rank already thrown away is less likely to be wanted
        return score

    @staticmethod
    def feeds(game: Game, rank: int) -> bool:
        """Whether discarding a card of `rank` could let the opponent take the pile: it fits
        one of their melds (unless the pile is frozen for them) or a card of that rank they
        are known to hold from the pile."""
        opponent = game.next_seat(game.to_move)
        them = game.players[opponent]
        if rank in them.melds and not game.pile_is_frozen_for(opponent):
            return True
        return any(CARD_RANK[c] == rank for c in them.known)


def _held(game: Game, rank: int) -> int:
    """How many natural cards of `rank` the mover holds."""
    return sum(1 for c in game.mover.hand if CARD_RANK[c] == rank and not IS_WILD[c])


class Hoarder(_Plain):
    """Holds its cards for canastas: opens late, melds new ranks late, keeps its wild cards for
    canastas (as all of them do) and goes out only with a canasta to spare or when the hand is
    ending anyway."""

    keeps_pairs = True
    # The hand is "late" once the stock has fallen below this, or the hand has grown this big.
    late_stock = 40
    big_hand = 18
    # ... and it goes out early only when the stock is nearly gone or the opponent nearly out.
    last_stock = 12
    opponent_nearly_out = 4

    def opens_now(self, game: Game) -> bool:
        return game.turn.drew == "pile" or self._late(game)

    def _late(self, game: Game) -> bool:
        return len(game.stock) < self.late_stock or len(game.mover.hand) >= self.big_hand

    def _may_go_out(self, game: Game) -> bool:
        me = game.mover
        opponent = game.players[game.next_seat(game.to_move)]
        return (
            me.canastas() > game.rules.canastas_to_go_out
            or len(game.stock) < self.last_stock
            or len(opponent.hand) <= self.opponent_nearly_out
        )

    def pick_meld(self, game: Game, melds: list[Meld]) -> Meld | None:
        me = game.mover
        if not self._may_go_out(game):
            # Neither go out nor keep so few cards that the next discard would.
            melds = [a for a in melds if len(me.hand) - len(a.cards) >= 2]
        if not self._late(game):
            # Early, only cards onto its own melds: new ranks stay in hand.
            melds = [a for a in melds if _meld_key(a) in me.melds]
        return super().pick_meld(game, melds)


class ByTheBook(_Plain):
    """The User Guide's advice for Classic play (section 2.13, "Strategies - Classic Canasta"),
    rule by rule; see the module's description."""

    keeps_pairs = True
    # A blocker is spent on a pile at least this big.
    guarded_pile = 5

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        # The hand in which the opponent opened first: this player then plays defence.
        self._defending: int | None = None
        self._hand_no = -1

    def decide(self, view: PlayerView) -> Action:
        if view.opened[view.opponent] and not view.opened[view.seat]:
            self._defending = view.hand_no
        self._hand_no = view.hand_no
        return super().decide(view)

    def _defence(self) -> bool:
        return self._defending == self._hand_no

    def pick_meld(self, game: Game, melds: list[Meld]) -> Meld | None:
        if self._defence():
            return super().pick_meld(game, melds)  # go out as swiftly as possible
        me = game.mover
        kept = []
        for action in melds:
            key = _meld_key(action)
            before = len(me.melds.get(key, ()))
            held = _held(game, key)
            naturals = len(action.cards) - _wilds_in(action)
            canasta = before < CANASTA_SIZE <= before + len(action.cards)
            out = len(me.hand) == len(action.cards)
            # Keep two of a long rank back to take a frozen pile, and lay off no pair.
            breaks = (held >= 4 and held - naturals < 2) or (key in me.melds and held == 2)
            if canasta or out or not breaks:
                kept.append(action)
        return super().pick_meld(game, kept)

    def discard_score(self, game: Game, action: Discard) -> float:
        card = IDS_OF_CODE[action.card][0]
        p = game.to_move
        them = game.next_seat(p)
        opponent = game.players[them]
        frozen_for_them = game.pile_is_frozen_for(them)
        if IS_WILD[card] or IS_BLACK_THREE[card]:
            # A blocker only for defence: a wild card freezes a rich open pile against an
            # opened opponent holding fewer cards, a Black Three guards a rich pile for a turn.
            rich = len(game.pile) >= self.guarded_pile and opponent.opened
            if IS_WILD[card]:
                freeze = rich and not frozen_for_them and len(game.mover.hand) > len(opponent.hand)
                return 50.0 if freeze else -100.0 - CARD_POINTS[card]
            return 40.0 if rich else -20.0
        rank = CARD_RANK[card]
        held = _held(game, rank)
        neither_opened = not game.mover.opened and not opponent.opened
        if neither_opened or not self._defence():
            # Early and on offence: discard from long ranks, never break a pair.
            score = {1: 0.0, 2: -30.0}.get(held, 10.0 + held)
        else:
            # On defence: discard from short ranks, build the long ones.
            score = 10.0 if held == 1 else -5.0 * held
        if rank in game.mover.melds:
            score -= 15.0
        if rank in opponent.melds and not frozen_for_them:
            score -= 1000.0
        if any(CARD_RANK[c] == rank for c in opponent.known):
            score -= 500.0  # it took a card of this rank with the pile: it may hold a pair
        score -= 4.0 * sum(1 for c in game.pile if CARD_RANK[c] == rank)
        return score + CARD_POINTS[card] / 100.0


SPARRING: dict[str, type[_Plain]] = {
    "rusher": Rusher,
    "pile_hunter": PileHunter,
    "careful": Careful,
    "hoarder": Hoarder,
    "by_the_book": ByTheBook,
}
