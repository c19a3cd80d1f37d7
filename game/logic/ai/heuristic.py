"""Rule-of-thumb Canasta play: the Carefree to Advanced levels, and the rollouts of the search.

A `Style` says which pieces of the strategy advice (User Guide 2.13-2.14, the book rules) a level
uses: taking the pile when it pays, opening with the fewest cards, keeping pairs to capture a frozen
pile, holding wild cards for canastas and going out, discarding safely, freezing the pile when
defending, and choosing when to go out. Going out is judged explicitly (`going_out_gain`): the
lead it would bank (the going-out bonus and the cards the opponent would be caught with) against
the chance that the opponent goes out first (`opponent_out_chance`, from its canastas, melds near
a canasta, hand size and the cards it took); where going out would end the game, by whether it
would win it (`going_out_ends_game`). `choose(game, style, rng)` scores the legal actions
of the player to move and returns the best; it reads only what that player may see (their own
hand, the table, sizes, and the cards the others are known to hold), so it is fair on a
determinized game.

With three or four players (RULES.md section 9) "the opponent" of a discard is the next player,
the only one who may take it; the race to go out looks at every opponent; and with four the side's
melds are shared, so laying off on the partner's melds is laying off on one's own, while going out
also counts the partner's hand against the side. A four-player level that judges going out asks
its partner "May I go out?" when its partner's cards could turn the decision (`should_ask`), and
after "Yes" it goes out.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from ..actions import Action, AskGoOut, Discard, Draw, Meld, Pass, TakePile, Undo, UndoTurn
from ..cards import (
    ACE,
    CARD_CODE,
    CARD_POINTS,
    CARD_RANK,
    IDS_OF_CODE,
    IS_BLACK_THREE,
    IS_RED_THREE,
    IS_WILD,
    JOKER,
    MELD_KEY_NAME,
    MELD_KEY_OF_NAME,
    NATURAL_MELD_RANKS,
    SEVEN,
    THREE,
    TWO,
    WILD,
    CardId,
    code_of,
)
from ..engine import Game
from ..errors import IllegalAction
from ..hand.card_lookup import take_codes
from ..hand.player_state import PlayerState
from ..hand.turn import NOT_ASKED, YES
from ..legal import legal_actions
from ..melds import CANASTA_SIZE, canasta_bonus
from ..phases import DRAW, PLAY
from ..phrase import phrase
from ..scoring import threes_score

# A hand this big is hoarding: meld it down and shed points rather than take on more.
HUGE_HAND: Final = 16
# Copies of each natural rank in the two packs.
COPIES_PER_RANK: Final = 8
# How much a discard's chance of giving the opponent the pile through a hidden pair counts, by
# preset (measured in the arena against the sparring partners: Classic play gains most from this
# caution, Modern play little).
PAIR_RISK_WEIGHT: Final = {"classic": 1.0, "modern_american": 0.1}
# What one card drawn from the stock is worth, against the cards of the pile.
STOCK_CARD: Final = 18.0
# How much less freezing the pile is worth with a partner, for whom it freezes too.
PARTNER_FREEZE_COST: Final = 10.0
# A pile frozen against the player with this many cards is worth guarding a hand for: only
# natural pairs held take it, and a hand melded down holds none (hands in which Master ended
# turns with three cards or fewer, no canastas to go out and a pile of 10+ averaged about 290
# points less than the others).
RICH_FROZEN_PILE: Final = 8
# The fewest cards the hand keeps before its discard, facing such a pile without the canastas
# to go out.
GUARDED_HAND: Final = 5


@dataclass(frozen=True)
class Style:
    """The strategy a heuristic level applies."""

    name: str
    takes_pile: bool = True  # Carefree never takes the pile
    pile_judgement: bool = True  # weigh the pile's value (else take whenever it melds)
    opens_minimal: bool = True  # open with as few cards as the minimum allows
    keeps_pairs: bool = True  # keep natural pairs to capture a frozen pile
    holds_wilds: bool = True  # keep wild cards for canastas, the opening and going out
    safe_discards: bool = True  # avoid feeding the opponent's melds and pairs
    freezes: bool = True  # freeze the pile when defending
    judges_going_out: bool = True  # go out when it pays, build when it does not
    pair_caution: float = 1.0  # how much a discard's risk of meeting a hidden pair counts
    conceals_sets: bool = False  # when slow, keep three of a kind unseen to catch the pile
    guards_frozen_pile: bool = False  # facing a rich frozen pile, keep a hand that can take it
    noise: float = 0.0  # random error added to every score


CAREFREE: Final = Style(
    "carefree",
    takes_pile=False,
    pile_judgement=False,
    opens_minimal=False,
    keeps_pairs=False,
    holds_wilds=False,
    safe_discards=False,
    freezes=False,
    judges_going_out=False,
    noise=6.0,
)
BEGINNER: Final = Style(
    "beginner",
    pile_judgement=False,
    opens_minimal=False,
    keeps_pairs=False,
    holds_wilds=False,
    safe_discards=False,
    freezes=False,
    judges_going_out=False,
    noise=4.0,
)
INTERMEDIATE: Final = Style(
    "intermediate",
    keeps_pairs=False,
    pair_caution=0.1,
    holds_wilds=False,
    freezes=False,
    judges_going_out=False,
    noise=1.5,
)
# Advanced (and Expert, which searches from its plans) weighs hidden pairs only lightly; Master
# weighs them fully, and so do the searches' play-outs.
ADVANCED: Final = Style("advanced", pair_caution=0.1)
MASTER: Final = Style("master", conceals_sets=True, guards_frozen_pile=True)


def choose(game: Game, style: Style, rng: random.Random, aggressive: bool = False) -> Action:
    """The action the style prefers for the player to move (always a legal one). It never asks
    "May I go out?" itself: the player decides that first (`should_ask`)."""
    actions = legal_actions(game)
    if game.n_players == 4:
        actions = [a for a in actions if not isinstance(a, AskGoOut)]
    if not actions:
        raise IllegalAction("no_move", phrase("There is nothing to do now."))
    if len(actions) == 1:
        return actions[0]
    if game.phase == DRAW:
        return _choose_draw(game, actions, style, rng)
    if game.phase == PLAY:
        return _choose_play(game, actions, style, rng, aggressive)
    return actions[0]


# ------------------------------------------------------------------ seats
def _noise(style: Style, rng: random.Random) -> float:
    """The style's random error on one score. A style without noise draws nothing: its
    generator feeds nothing else, and the play-outs ask millions of times."""
    return rng.uniform(-style.noise, style.noise) if style.noise else 0.0


def opponent_seats(game: Game) -> list[int]:
    """The mover's opponents (every other seat but a partner)."""
    side = game.side_of(game.to_move)
    return [q for q in range(game.n_players) if game.side_of(q) != side]


def other_seats(game: Game) -> list[int]:
    """Every seat but the mover's, partner included, from its left."""
    n, p = game.n_players, game.to_move
    return [(p + k) % n for k in range(1, n)]


def _distinct_melds(game: Game) -> list[dict[int, list[CardId]]]:
    """Each side's melds once (partners share theirs)."""
    seen: list[dict[int, list[CardId]]] = []
    for player in game.players:
        if not any(melds is player.melds for melds in seen):
            seen.append(player.melds)
    return seen


# ------------------------------------------------------------------ card knowledge
def _rank_counts(cards: Iterable[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in cards:
        if not IS_WILD[card]:
            rank = CARD_RANK[card]
            counts[rank] = counts.get(rank, 0) + 1
    return counts


def usable_hand(game: Game) -> list[CardId]:
    """The mover's cards that may be played now (cards taken from the pile stay locked until
    the opening minimum is met)."""
    hand = game.mover.hand
    locked = game.turn.locked
    return [c for c in hand if c not in locked] if locked else list(hand)


class _Seen:
    """What scoring the actions of one decision reads again and again, worked out once: the
    mover's usable cards and ranks, the known ranks of the next player (who may take the
    discard), the pile's ranks, and whether an opponent may go out soon."""

    __slots__ = (
        "_by_code",
        "_risk",
        "counts",
        "known_counts",
        "pile_counts",
        "pressure",
        "usable",
    )

    def __init__(self, game: Game) -> None:
        me = game.mover
        self.usable = usable_hand(game)
        self.counts = _rank_counts(me.hand)
        self.known_counts = _rank_counts(game.players[game.next_seat(game.to_move)].known)
        self.pile_counts = _rank_counts(game.pile)
        self.pressure = _under_pressure(game)
        self._risk: dict[int, float] | None = None
        self._by_code: dict[str, list[int]] | None = None

    def cards_of(self, codes: tuple[str, ...]) -> list[int]:
        """The usable card ids a legal action's codes stand for, as the engine's `take_codes`
        picks them (the k-th copy of a code is the k-th such card in the hand), from the hand
        sorted by code once a decision: the scores of every meld on offer look them up."""
        by_code = self._by_code
        if by_code is None:
            by_code = {}
            for card in self.usable:
                own = CARD_CODE[card]
                same = by_code.get(own)
                if same is None:
                    by_code[own] = [card]
                else:
                    same.append(card)
            self._by_code = by_code
        chosen: list[int] = []
        for index, code in enumerate(codes):
            same = by_code.get(code)
            if same is None:
                continue
            copy = 0
            for earlier in range(index):
                if codes[earlier] == code:
                    copy += 1
            if copy < len(same):
                chosen.append(same[copy])
        return chosen

    def pair_risk(self, game: Game, rank: int) -> float:
        """The chance that the next player holds a natural pair of `rank` (counting the cards
        it is known to hold), from the copies of the rank the mover cannot see."""
        if self._risk is None:
            self._risk = _pair_risks(game, self)
        return self._risk.get(rank, 0.0)


def pair_risks(game: Game) -> dict[int, float]:
    """For every natural rank, the chance that the next player (who may take the mover's
    discard) holds a natural pair of it (the cards it is known to hold count): the copies of a
    rank the mover cannot see are spread at random over the cards it cannot see, of which that
    player holds its unknown cards (a binomial estimate of the hypergeometric chance)."""
    return _pair_risks(game, _Seen(game))


def _pair_risks(game: Game, seen: _Seen) -> dict[int, float]:
    opponent = game.players[game.next_seat(game.to_move)]
    known_counts = seen.known_counts
    visible = dict(seen.counts)
    others = [game.players[q] for q in other_seats(game)]
    known_elsewhere = [_rank_counts(pl.known) for pl in others[1:]]
    for counts in (seen.pile_counts, known_counts, *known_elsewhere):
        for rank, n in counts.items():
            visible[rank] = visible.get(rank, 0) + n
    for melds in _distinct_melds(game):
        for key, cards in melds.items():
            visible[key] = visible.get(key, 0) + sum(1 for c in cards if not IS_WILD[c])
    hidden = len(opponent.hand) - len(opponent.known)
    hidden_elsewhere = sum(len(pl.hand) - len(pl.known) for pl in others[1:])
    unseen_cards = hidden + hidden_elsewhere + len(game.stock) + sum(len(t) for t in game.talons)
    risks: dict[int, float] = {}
    for rank in NATURAL_MELD_RANKS:
        need = 2 - known_counts.get(rank, 0)
        if need <= 0:
            risks[rank] = 1.0
            continue
        unseen = COPIES_PER_RANK - visible.get(rank, 0)
        if unseen < need or hidden < need or unseen_cards <= 0:
            risks[rank] = 0.0
            continue
        q = min(1.0, unseen / unseen_cards)
        none = (1.0 - q) ** hidden
        if need == 1:
            risks[rank] = 1.0 - none
        else:
            one = hidden * q * (1.0 - q) ** (hidden - 1)
            risks[rank] = max(0.0, 1.0 - none - one)
    return risks


# ------------------------------------------------------------------ the draw
def _choose_draw(game: Game, actions: list[Action], style: Style, rng: random.Random) -> Action:
    draw = next((a for a in actions if isinstance(a, Draw)), None)
    takes = [a for a in actions if isinstance(a, TakePile)]
    if not takes or not style.takes_pile:
        return draw or next((a for a in actions if isinstance(a, Pass)), actions[0])
    best, best_value = None, 0.0 if draw is not None else -1e9
    for action in takes:
        value = _pile_value(game, action, style) + _noise(style, rng)
        if value > best_value:
            best, best_value = action, value
    if best is not None:
        return best
    return draw or next((a for a in actions if isinstance(a, Pass)), actions[0])


def _pile_value(game: Game, action: TakePile, style: Style) -> float:
    """How much better taking the pile this way is than drawing from the stock."""
    p = game.to_move
    me = game.players[p]
    rules = game.rules
    pile = game.pile
    if not me.opened:
        probe = game.clone()
        probe.record_undo = False
        try:
            probe.apply(action)
        except IllegalAction:
            return -1e9
        if not probe.players[p].opened and _opening_plan(probe) is None:
            return -1e9  # could not open with it: taking would cost the penalty
    if not style.pile_judgement:
        return len(pile) - 3.5  # a simple player takes a pile of four or more
    with_cards = take_codes(action.with_, usable_hand(game))
    hand_counts = _rank_counts([c for c in me.hand if c not in with_cards])
    value = 0.0
    for card in pile[:-1]:
        rank = CARD_RANK[card]
        if IS_WILD[card]:
            value += 14
        elif rank == THREE:
            value += 2
        elif rank in me.melds:
            value += 7
        elif hand_counts.get(rank, 0) >= 2:
            value += 6
        elif hand_counts.get(rank, 0) == 1:
            value += 3
        else:
            value += 1
        value += 4  # every card taken is one more to play with
        if rules.uncompleted_canasta_penalties and rank in (ACE, SEVEN):
            value -= 6
    top = pile[-1]
    value += 6 + CARD_POINTS[top] / 5
    wilds = sum(IS_WILD[c] for c in with_cards)
    value -= 3 * wilds  # spending a wild card on the pile
    if wilds and len(me.hand) >= HUGE_HAND:
        # A huge hand already has cards to meld: a wild card is worth more kept for a canasta
        # or going out than spent on more cards.
        value -= 60.0 * wilds
    # Drawing gives `stock_draw` fresh cards (and the Red Threes among them): a small pile is
    # worth less than that.
    value -= STOCK_CARD * rules.stock_draw
    return value


# ------------------------------------------------------------------ melding
def _opening_plan(game: Game) -> list[tuple[int, list[int]]] | None:
    """Melds (key, cards) that complete the mover's initial meld this turn, fewest cards first,
    or None. Melds already made this turn count."""
    p = game.to_move
    me = game.players[p]
    need = game.initial_meld_minimum(p) - game.opening_points(p)
    if need <= 0:
        return []
    hand = usable_hand(game)
    jokers = [c for c in hand if CARD_RANK[c] == JOKER]
    twos = [c for c in hand if CARD_RANK[c] == TWO]
    wilds = jokers + twos
    by_rank: dict[int, list[int]] = {}
    for card in hand:
        if not IS_WILD[card] and CARD_RANK[card] != THREE:
            by_rank.setdefault(CARD_RANK[card], []).append(card)
    pure = (ACE, SEVEN) if game.rules.pure_aces_sevens else ()
    options: list[tuple[int, list[int]]] = []
    for rank, naturals in by_rank.items():
        existing = me.melds.get(rank)
        if existing is None and len(naturals) >= 3:
            options.append((rank, naturals))
        elif existing is None and len(naturals) == 2 and rank not in pure:
            options.append((rank, [*naturals, -1]))  # -1: a wild card to be chosen
        elif existing is not None:
            options.append((rank, naturals))
    found: list[tuple[tuple[int, int], list[tuple[int, list[int]]]]] = []
    # Twos first keeps the Jokers for canastas and going out; Jokers first reaches a high
    # minimum with fewer wild cards. Both are tried and the cheaper plan wins.
    pools = (
        sorted(wilds, key=lambda c: CARD_POINTS[c]),
        sorted(wilds, key=lambda c: -CARD_POINTS[c]),
    )
    for size in range(1, min(len(options), 4) + 1):
        for combo in combinations(options, size):
            needed_wilds = sum(1 for _, cards in combo if -1 in cards)
            if needed_wilds > len(wilds):
                continue
            for pool in pools:
                plan = _fill_plan(game, combo, pool, need)
                if plan is None:
                    continue
                used = [c for _, cards in plan for c in cards]
                left = len(hand) - len(used)
                if left < 2 and me.canastas() < game.rules.canastas_to_go_out:
                    continue
                if not _can_discard_one(game, hand, used):
                    continue
                wild_cost = sum(3 + 2 * (CARD_RANK[c] == JOKER) for c in used if IS_WILD[c])
                points = sum(CARD_POINTS[c] for c in used)
                found.append(((len(used) + wild_cost, -points), plan))
    found.sort(key=lambda item: item[0])
    # The cheapest plan the engine accepts meld by meld (the sketch above does not know every
    # rule option, and a plan that fails halfway would have to be taken back).
    for _, plan in found[:4]:
        if _plan_works(game, plan):
            return plan
    return None


def _fill_plan(
    game: Game, combo: tuple[tuple[int, list[int]], ...], pool: list[CardId], need: int
) -> list[tuple[int, list[int]]] | None:
    """The melds of `combo` with wild cards from `pool` in its order (one for each pair, then
    more while the points fall short of `need`), or None if they cannot reach it."""
    pure = (ACE, SEVEN) if game.rules.pure_aces_sevens else ()
    max_wild = game.rules.max_wild_per_meld
    plan: list[tuple[int, list[int]]] = []
    points = used = 0
    for rank, cards in combo:
        real = [c for c in cards if c >= 0]
        if -1 in cards:
            real.append(pool[used])
            used += 1
        plan.append((rank, real))
        points += sum(CARD_POINTS[c] for c in real)
    for rank, cards in plan:
        while points < need and used < len(pool) and rank not in pure:
            wild_in = sum(IS_WILD[c] for c in cards)
            if wild_in >= min(max_wild, len(cards) - wild_in):
                break
            cards.append(pool[used])
            points += CARD_POINTS[pool[used]]
            used += 1
    return plan if points >= need else None


def _plan_works(game: Game, plan: list[tuple[int, list[int]]]) -> bool:
    trial = game.clone()
    trial.record_undo = False
    p = trial.to_move
    for key, cards in plan:
        try:
            trial.apply(_meld_of(key, cards))
        except IllegalAction:
            return False
    return trial.players[p].opened or trial.phase != PLAY


def _can_discard_one(game: Game, cards: Sequence[int], but: Sequence[int] = ()) -> bool:
    """Whether one of `cards`, leaving out those in `but`, could be discarded to end the turn
    (Modern rules forbid wild cards while another card is left, and Aces or Sevens onto an empty
    pile). One pass and no copy of the hand: the heuristic asks this of every meld it weighs."""
    rules = game.rules
    no_ace_seven = (
        rules.prohibit_ace_seven_to_empty_pile and rules.pure_aces_sevens and not game.pile
    )
    wild = barred = False
    for card in cards:
        if card in but:
            continue
        if IS_WILD[card]:
            wild = True
        elif no_ace_seven and CARD_RANK[card] in (ACE, SEVEN):
            barred = True
        else:
            return True
    return wild and not (rules.prohibit_wild_discard and barred)


def _plan_action(game: Game, plan: list[tuple[int, list[int]]]) -> Meld | None:
    """The first meld of an opening plan as a legal action, or None."""
    if not plan:
        return None
    key, cards = plan[0]
    try:
        game.validate_meld(key, cards)
    except IllegalAction:
        return None
    return _meld_of(key, cards)


def _meld_of(key: int, cards: list[int]) -> Meld:
    """The action melding `cards` as meld `key` (a meld of wild cards only names its key)."""
    named = any(not IS_WILD[c] for c in cards)
    return Meld(tuple(code_of(c) for c in cards), None if named else MELD_KEY_NAME[key])


def _choose_play(
    game: Game, actions: list[Action], style: Style, rng: random.Random, aggressive: bool
) -> Action:
    p = game.to_move
    me = game.players[p]
    melds = [a for a in actions if isinstance(a, Meld)]
    specials = [a for a in melds if a.rank == "special"]
    if specials:
        return specials[0]
    discards = [a for a in actions if isinstance(a, Discard)]
    if not me.opened:
        plan = _opening_plan(game)
        wants_open = plan is not None and (
            game.turn.drew == "pile"
            or bool(me.melds)
            or _should_open(game, plan, style, aggressive)
        )
        if wants_open and plan:
            action = _plan_action(game, plan)
            if action is not None:
                return action
        if not discards and any(isinstance(a, (Undo, UndoTurn)) for a in actions):
            return next(a for a in actions if isinstance(a, UndoTurn))
        if not discards:
            return next((a for a in actions if isinstance(a, Pass)), actions[0])
        return choose_discard(game, discards, style, rng, aggressive)
    best, best_score = None, 0.0
    seen = _Seen(game)
    if game.turn.ask == YES:
        aggressive = True  # the partner said "Yes": go out in this turn, or the side pays
    going_out = _can_go_out_this_turn(game, seen)
    want_out = going_out and _should_go_out(game, style, aggressive)
    for action in melds:
        score = _meld_score(game, action, style, want_out, seen, aggressive) + _noise(style, rng)
        if score > best_score:
            best, best_score = action, score
    if best is not None:
        return best
    if discards:
        return choose_discard(game, discards, style, rng, aggressive, seen)
    return next(
        (a for a in actions if isinstance(a, Pass)),
        next((a for a in actions if isinstance(a, UndoTurn)), actions[0]),
    )


def _should_open(
    game: Game, plan: list[tuple[int, list[int]]], style: Style, aggressive: bool
) -> bool:
    if not style.opens_minimal or aggressive:
        return True
    wilds = sum(IS_WILD[c] for _, cards in plan for c in cards)
    # Defensive: once an opponent has opened, open as soon as possible; otherwise do not spend
    # more than one wild card on the opening unless the hand is getting large.
    opened = any(game.players[q].opened for q in opponent_seats(game))
    return opened or wilds <= 1 or len(game.mover.hand) > 18


def _can_go_out_this_turn(game: Game, seen: _Seen) -> bool:
    me = game.mover
    counts = seen.counts
    wilds = sum(IS_WILD[c] for c in me.hand)
    stuck = 0
    for rank, n in counts.items():
        if rank in me.melds or n >= 3:
            continue
        if n == 2 and wilds:
            wilds -= 1
            continue
        stuck += n
    return stuck <= 1


def _should_go_out(game: Game, style: Style, aggressive: bool) -> bool:
    if not style.judges_going_out:
        return True
    if aggressive:
        # A hand played fast goes out at once, unless that would lose the game.
        ends = going_out_ends_game(game)
        return ends is None or ends > 0
    return going_out_gain(game) > 0


# ------------------------------------------------------------------ the race to go out
def unseen_average(game: Game) -> float:
    """The average points of a card the mover cannot see (the other players' unknown cards, the
    stock, the talons): what an unknown card in another player's hand is worth on average."""
    total = count = 0
    others = [game.players[q] for q in other_seats(game)]
    for pool, known in [(pl.hand, pl.known) for pl in others] + [
        (pool, set()) for pool in (game.stock, *game.talons)
    ]:
        for card in pool:
            if card not in known and not IS_RED_THREE[card]:
                total += CARD_POINTS[card]
                count += 1
    return total / count if count else 10.0


def hand_points_of(game: Game, q: int, average: float | None = None) -> float:
    """The points player `q` would be caught with, as the mover sees them: its known cards
    exactly, the rest at the average of the unseen cards."""
    player = game.players[q]
    known = sum(CARD_POINTS[c] for c in player.known)
    unknown = len(player.hand) - len(player.known)
    return known + unknown * (unseen_average(game) if average is None else average)


def out_chance_of(game: Game, q: int) -> float:
    """The chance that player `q` goes out on its next turn, from what the mover may see: its
    side's canastas and near-canastas against the number needed, its hand size, and the cards
    it is known to hold (taken from the pile), which are the ones it keeps to meld."""
    opponent = game.players[q]
    need = game.rules.canastas_to_go_out
    canastas = opponent.canastas()
    near = sum(1 for cards in opponent.melds.values() if 5 <= len(cards) < CANASTA_SIZE)
    size = len(opponent.hand)
    if canastas >= need:
        chance = 0.7 if size <= 2 else 0.45 if size <= 4 else 0.25 if size <= 7 else 0.1
    elif canastas + min(near, 1) >= need:
        chance = 0.2 if size <= 4 else 0.1 if size <= 8 else 0.04
    elif canastas + near >= need:
        chance = 0.05 if size <= 6 else 0.02
    else:
        return 0.0
    if any(CARD_RANK[c] in opponent.melds for c in opponent.known):
        chance = min(1.0, chance * 1.3)  # it holds cards that fit its own melds
    return chance


def opponent_out_chance(game: Game) -> float:
    """The chance that an opponent goes out before the mover's next turn."""
    stays = 1.0
    for q in opponent_seats(game):
        stays *= 1.0 - out_chance_of(game, q)
    return 1.0 - stays


def banked(game: Game, p: int) -> float:
    """Player `p`'s (side's) score on the table now: melded cards, canasta bonuses and Threes."""
    player = game.players[p]
    rules = game.rules
    points = 0
    for key, cards in player.melds.items():
        points += sum(CARD_POINTS[c] for c in cards) + canasta_bonus(rules, key, cards)
    return points + threes_score(rules, player.threes, player.melds)


def going_out_scores(game: Game) -> list[float]:
    """Each side's score for the hand if the mover went out now, as the mover estimates it: its
    (side's) table, the cards it would meld on the way out and the going-out bonus, less a
    partner's cards left in hand; each opponent side's table less its cards caught in hand."""
    me = game.to_move
    average = unseen_average(game)
    hand_points = sum(CARD_POINTS[c] for c in game.mover.hand)
    scores = [0.0] * game.n_sides
    mine = game.side_of(me)
    scores[mine] = banked(game, me) + hand_points + game.rules.going_out_bonus
    partner = game.partner_of(me)
    if partner is not None:
        scores[mine] -= hand_points_of(game, partner, average)
    counted: set[int] = {mine}
    for q in opponent_seats(game):
        side = game.side_of(q)
        if side not in counted:
            counted.add(side)
            scores[side] = banked(game, q)
        scores[side] -= hand_points_of(game, q, average)
    return scores


def going_out_lead(game: Game, scores: Sequence[float] | None = None) -> float:
    """The mover's lead in the hand if it went out now (`going_out_scores`, unless given):
    against the other side, or with three players against the best placed other player."""
    if scores is None:
        scores = going_out_scores(game)
    mine = game.side_of(game.to_move)
    return min(scores[mine] - score for side, score in enumerate(scores) if side != mine)


def going_out_ends_game(game: Game, scores: Sequence[float] | None = None) -> float | None:
    """If going out now would end the game (a side reaching the target score alone at the top):
    by how much the mover's side would win it, negative if it would lose it; None if the game
    would go on. The hand's scores are `going_out_scores`, unless given."""
    if scores is None:
        scores = going_out_scores(game)
    totals = [total + score for total, score in zip(game.totals, scores, strict=True)]
    top = max(totals)
    if top < game.rules.target_score or totals.count(top) > 1:
        return None
    mine = game.side_of(game.to_move)
    return totals[mine] - max(t for side, t in enumerate(totals) if side != mine)


def going_out_gain(game: Game) -> float:
    """How much better going out this turn is than playing on (positive: go out).

    Going out banks the going-out bonus, the cards melded on the way out, and catches the
    opponents with their hands (and, with four players, the partner's hand counts against the
    side). Playing on is worth what the mover can still build (its melds of five or six cards
    are canastas in waiting, a big pile may come its way) for the turns it can safely wait, less
    the same for the opponents, and it risks being caught itself. Where going out would end
    the game, the gain is the lead it would end it with."""
    player = game.mover
    scores = going_out_scores(game)
    ends = going_out_ends_game(game, scores)
    if ends is not None:
        # The game is at stake, not the hand: go out to win it, whatever the hand's margin, and
        # never to lose it, while playing on leaves a chance.
        return ends
    lead = going_out_lead(game, scores)
    chance = opponent_out_chance(game)
    if lead <= 0:
        # Behind: the hand is lost if it ends now; play on unless an opponent is about to go
        # out anyway (then going out saves the bonus and catches its cards).
        return 1.0 if chance >= 0.25 else -1.0
    # Ahead: go out and win the hand, unless no opponent can go out for several turns and a
    # canasta in waiting could add more than the lead risks.
    stock = len(game.stock)
    mine_near = sum(1 for cards in player.melds.values() if 5 <= len(cards) < CANASTA_SIZE)
    if chance > 0.0 or stock < 30 or mine_near == 0 or len(player.hand) > 8:
        return lead
    mine = player.melds
    their_near = sum(
        1
        for melds in _distinct_melds(game)
        if melds is not mine
        for cards in melds.values()
        if 5 <= len(cards) < CANASTA_SIZE
    )
    return -1.0 if 300.0 * mine_near > 150.0 * their_near else lead


# What one card the partner holds unseen may cost the side when the mover goes out: enough to
# turn a going-out decision within this many points per card is worth asking about.
ASK_MARGIN_PER_CARD: Final = 12.0


def should_ask(game: Game, style: Style, aggressive: bool = False) -> bool:
    """Whether the mover (four players, after its draw) should ask its partner "May I go out?"
    now: it can go out this turn, and its partner's hidden cards could decide whether going out
    pays. A player that does not weigh going out (or plays fast) goes out without asking; one
    whose decision holds whatever its partner holds decides alone."""
    if (
        game.n_players != 4
        or game.phase != PLAY
        or game.turn.ask != NOT_ASKED
        or not style.judges_going_out
        or aggressive
        or len(game.mover.hand) < 2
        or game.mover.canastas() < game.rules.canastas_to_go_out
        or not _can_go_out_this_turn(game, _Seen(game))
    ):
        return False
    partner = game.partner_of(game.to_move)
    assert partner is not None
    hidden = len(game.players[partner].hand) - len(game.players[partner].known)
    if hidden == 0:
        return False
    gain = going_out_gain(game)
    if abs(gain) > ASK_MARGIN_PER_CARD * hidden:
        return False
    return AskGoOut() in legal_actions(game) and _goes_out(game, style)


def _goes_out(game: Game, style: Style) -> bool:
    """Whether the style, set on going out, can go out in this turn (a "Yes" binds)."""
    trial = game.clone(recording=False)
    trial.record_undo = False
    trial.turn.ask = YES
    mover = trial.to_move
    rng = random.Random(0)
    for _step in range(24):
        if trial.phase != PLAY or trial.to_move != mover:
            break
        try:
            trial.apply(choose(trial, style, rng, True))
        except IllegalAction:
            return False
    return trial.went_out == mover


def makes_canasta_now(player: PlayerState, key: int, cards: list[int]) -> bool:
    """Whether adding `cards` to the player's meld `key` completes a canasta."""
    before = len(player.melds.get(key, ()))
    return before < CANASTA_SIZE <= before + len(cards)


def _under_pressure(game: Game) -> bool:
    """An opponent may go out soon: shed cards rather than build."""
    need = game.rules.canastas_to_go_out
    for q in opponent_seats(game):
        opponent = game.players[q]
        if (opponent.canastas() >= need and len(opponent.hand) <= 8) or (
            opponent.canastas() >= need - 1 and len(opponent.hand) <= 4
        ):
            return True
    return len(game.stock) < 8


def _meld_score(
    game: Game, action: Meld, style: Style, want_out: bool, seen: _Seen, aggressive: bool
) -> float:
    if action.rank == "special":
        return 2000.0  # a special meld goes out at once for its bonus
    me = game.mover
    cards = seen.cards_of(action.cards)
    wild = sum(IS_WILD[c] for c in cards)
    natural = len(cards) - wild
    key = (
        WILD
        if action.rank == "wild"
        else (
            MELD_KEY_OF_NAME[action.rank]
            if action.rank
            else CARD_RANK[next(c for c in cards if not IS_WILD[c])]
        )
    )
    if key == THREE:
        return 1000.0 if want_out else -1.0
    existing = me.melds.get(key, [])
    before, after = len(existing), len(existing) + len(cards)
    left = len(me.hand) - len(cards)
    if left == 0:
        return 1000.0 if want_out else -50.0
    if (
        left == 1
        and not want_out
        and me.canastas() + makes_canasta_now(me, key, cards) >= (game.rules.canastas_to_go_out)
    ):
        return -50.0  # the last card's discard would go out
    if not _can_discard_one(game, me.hand, cards):
        return -1000.0  # the turn could not end: the melds would have to be taken back
    makes_canasta = before < CANASTA_SIZE <= after
    canastas = me.canastas() + makes_canasta
    need = game.rules.canastas_to_go_out
    if left <= 2 and canastas < need:
        return -30.0  # do not strip the hand bare without the canastas to go out
    pressure = seen.pressure
    # A rich pile frozen against the player goes to whoever holds a pair of the rank thrown
    # next: without the canastas to go out, three of a kind is worth keeping unseen even in a
    # hand played fast, or with the opponent near going out (the pile is then the one way back
    # into the hand), and unless the opponent is near going out a hand melded down to a few
    # cards gives it away.
    rich_frozen_pile = (
        style.guards_frozen_pile
        and canastas < need
        and len(game.pile) >= RICH_FROZEN_PILE
        and game.pile_is_frozen_for(game.to_move)
    )
    guarding = rich_frozen_pile and not pressure
    if guarding and left < GUARDED_HAND and not makes_canasta:
        return -30.0
    score = 10.0 * natural + sum(CARD_POINTS[c] for c in cards) / 10.0
    if makes_canasta:
        score += 80.0 if wild == 0 else 50.0
    held = seen.counts.get(key, 0)
    if (
        style.conceals_sets
        and game.n_players != 4
        and (rich_frozen_pile or not (aggressive or pressure))
        and not existing
        and not wild
        and not want_out
        and len(me.hand) < HUGE_HAND
        and not any(c in me.known for c in cards)
    ):
        # Three of a kind kept out of sight catches the pile when the opponent, seeing no
        # meld of the rank, discards one; laid down, it tells the opponent never to. (With a
        # partner, a meld on the table is one the partner can add to: it goes down.)
        return -5.0
    if not existing and natural < held:
        score -= 6.0 * (held - natural)  # split a rank: keep its cards together
    if wild:
        # Wild cards finish canastas and take the hand out; spent on a meld that is neither,
        # they are gone when a canasta needs them.
        heading_out = want_out or (canastas >= need and left <= 3)
        if makes_canasta or heading_out or not style.holds_wilds:
            score += 3.0 * wild
        else:
            return -25.0 * wild
    if key == WILD and not makes_canasta:
        score -= 10.0
    if (
        game.rules.uncompleted_canasta_penalties
        and key in (ACE, SEVEN, WILD)
        and after < CANASTA_SIZE
        and not pressure
    ):
        score -= 60.0
    return score


# ------------------------------------------------------------------ discarding
def choose_discard(
    game: Game,
    discards: Sequence[Discard],
    style: Style,
    rng: random.Random,
    aggressive: bool = False,
    seen: _Seen | None = None,
) -> Discard:
    """The discard the style prefers among `discards`."""
    seen = seen or _Seen(game)
    best, best_score = discards[0], -1e18
    for action in discards:
        score = discard_score(game, action, style, aggressive, seen) + _noise(style, rng)
        if score > best_score:
            best, best_score = action, score
    return best


def discards_by_preference(game: Game, discards: Sequence[Discard], style: Style) -> list[Discard]:
    """`discards`, the style's favourite first (one reading of the position for them all)."""
    seen = _Seen(game)
    return sorted(discards, key=lambda a: -discard_score(game, a, style, seen=seen))


def discard_score(
    game: Game,
    action: Discard,
    style: Style,
    aggressive: bool = False,
    seen: _Seen | None = None,
) -> float:
    """How good a discard `action` is for the style (higher is better)."""
    seen = seen or _Seen(game)
    p = game.to_move
    them = game.next_seat(game.to_move)  # the one player who may take this discard
    me, opponent = game.players[p], game.players[them]
    partner = game.partner_of(p)
    code = action.card
    card = IDS_OF_CODE[code][0]
    rank = CARD_RANK[card]
    held = seen.counts.get(rank, 0)
    score = 0.0
    if IS_WILD[card]:
        score -= 30.0
        if style.freezes and opponent.opened and len(game.pile) >= 6:
            if partner is None:
                score += 22.0  # freeze a rich pile against an opened opponent
            elif not game.pile_is_frozen_for(them):
                # A frozen pile is frozen for the partner too: freeze only what the next
                # player could otherwise take, and for less than against a lone opponent.
                score += 22.0 - PARTNER_FREEZE_COST * (not game.pile_is_frozen_for(partner))
        return score
    if IS_BLACK_THREE[card]:
        # A Black Three blocks the pile for a turn: worth spending when the pile is worth
        # guarding, wasted onto an empty one (kept, it guards a bigger pile later). With a
        # partner it is the defence that blocks only the next player, never the partner.
        if not style.freezes:
            return 5.0
        if not game.pile:
            return 2.0
        guard = 6.0 if len(game.pile) >= 5 else 0.0
        return 5.0 + (guard * 2.0 if partner is not None else guard)
    score += CARD_POINTS[card] / 10.0
    if held == 1:
        score += 6.0
    elif held == 2:
        score -= 4.0 if style.keeps_pairs else 1.0
    elif held >= 3:
        score += 1.0 if not me.opened else -3.0
    if rank in me.melds:
        score -= 8.0  # it belongs on our meld
    if style.safe_discards:
        frozen_for_them = game.pile_is_frozen_for(them)
        # A pair in the opponent's hidden cards takes the pile too: the bigger the pile, the
        # less a discard may risk it.
        weight = style.pair_caution * PAIR_RISK_WEIGHT[game.rules.nearest_preset()]
        pile_at_risk = 100.0 + 20.0 * len(game.pile)
        if rank in opponent.melds and not frozen_for_them:
            # It takes the pile for certain: never cheaper than a pair it only might hold.
            score -= max(25.0 + len(game.pile), weight * pile_at_risk)
        if seen.known_counts.get(rank, 0) >= 1:
            score -= 10.0 + 2.0 * len(game.pile)
        else:
            score -= weight * seen.pair_risk(game, rank) * pile_at_risk
        score -= 1.5 * seen.pile_counts.get(rank, 0)
        if game.n_players == 2 and game.pile and CARD_RANK[game.pile[-1]] == rank:
            # Matching the opponent's last discard is usually safe (with more players the
            # last discard is not the next player's).
            score += 4.0
    if aggressive:
        score += CARD_POINTS[card] / 10.0
    if style.judges_going_out and (seen.pressure or len(me.hand) >= HUGE_HAND):
        # The opponent may go out soon, or the hand is too big to meld down: shed points.
        score += CARD_POINTS[card] / 5.0
    return score
