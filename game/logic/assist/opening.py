"""The opening scenario (User Guide 4.6.3): one way to make the opening meld now, or how far off it is.

Worked out from the player's view alone: the usable hand (cards from a taken pile stay locked), the
melds already made this turn, the opening minimum, and the pile's top card. The search prefers
plans that use no wild card, then as few and as cheap wild cards as possible, then as few cards
as possible, so the advice never spends Jokers on an opening that natural cards can make (a Master
hint once opened with 8♥ 8♠ Joker Joker for 120 when 50 were needed). A plan that takes the pile is
offered only when the hand alone cannot open.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import CARD_POINTS, CARD_RANK, IDS_OF_CODE, IS_WILD, JOKER, SEVEN, THREE, TWO
from ..melds import CANASTA_SIZE
from ..phases import DRAW, PLAY
from ..phrase import phrase
from ..rules import Rules
from ..view import PlayerView
from .names import cards_text, join_words

# The search stops after this many steps (deterministically): hands are small and the bound
# keeps a pathological hand from stalling a frame.
SEARCH_STEPS = 20000
JOKER_POINTS = CARD_POINTS[IDS_OF_CODE["JK"][0]]
TWO_POINTS = CARD_POINTS[IDS_OF_CODE["2S"][0]]
SPLASH = 10**6  # points that meet any minimum (a natural canasta under splash_initial_meld)


@dataclass(frozen=True)
class PlannedMeld:
    """Cards from the hand going onto one meld (`key` is its rank); `top` when the pile's top
    card joins it."""

    key: int
    cards: tuple[int, ...]
    points: int
    top: int | None = None


@dataclass(frozen=True)
class OpeningPlan:
    melds: tuple[PlannedMeld, ...]
    points: int

    @property
    def takes_pile(self) -> bool:
        return any(m.top is not None for m in self.melds)

    @property
    def wild_cards(self) -> int:
        return sum(IS_WILD[c] for m in self.melds for c in m.cards)


@dataclass(frozen=True)
class OpeningScenario:
    """What the "Open:" counter explains when clicked."""

    opened: bool
    minimum: int
    still_needed: int
    meldable_points: int
    plan: OpeningPlan | None
    text: str


@dataclass
class _Search:
    """A depth-first search over the ranks for the cheapest melds reaching `need` points."""

    need: int
    max_cards: int
    options: list[list[tuple[int, list[int], int, int, int]]]  # per rank: (key, cards, pts, j, t)
    # Points of the natural cards from each rank on (empty when bonuses may count).
    natural_points: list[int]
    best: tuple[tuple[int, int, int], list[tuple[int, list[int], int]]] | None = None
    steps: int = 0

    def run(
        self,
        index: int,
        chosen: list[tuple[int, list[int], int]],
        state: tuple[int, int, int, int, int, int],
    ) -> None:
        points, cards, jokers, twos, wilds, wild_points = state
        self.steps += 1
        if self.steps > SEARCH_STEPS:
            return
        cost = (wilds, wild_points, cards)
        if self.best is not None and cost >= self.best[0]:
            return
        if points >= self.need:
            self.best = (cost, list(chosen))
            return
        if index == len(self.options):
            return
        remaining = sum(max((o[2] for o in opts), default=0) for opts in self.options[index:])
        if self.natural_points:
            # Without bonuses a meld is worth its cards: the wild cards left bound it too.
            cards_left = self.natural_points[index] + jokers * JOKER_POINTS + twos * TWO_POINTS
            remaining = min(remaining, cards_left)
        if points + remaining < self.need:
            return
        for key, group, pts, j, t in self.options[index]:
            if j > jokers or t > twos or cards + len(group) > self.max_cards:
                continue
            chosen.append((key, group, pts))
            wild_pts = j * JOKER_POINTS + t * TWO_POINTS
            self.run(
                index + 1,
                chosen,
                (
                    points + pts,
                    cards + len(group),
                    jokers - j,
                    twos - t,
                    wilds + j + t,
                    wild_points + wild_pts,
                ),
            )
            chosen.pop()
        self.run(index + 1, chosen, state)


def _rank_options(
    rules: Rules,
    key: int,
    naturals: list[int],
    jokers: list[int],
    twos: list[int],
    top: int | None,
    frozen: bool,
) -> list[tuple[int, list[int], int, int, int]]:
    """Every way to put cards of one rank (and wild cards) into an opening meld, cheapest first."""
    out = []
    naturals = sorted(naturals)
    low = 2 if top is not None and frozen else (1 if top is not None else 2)
    for m in range(low, len(naturals) + 1):
        total_naturals = m + (1 if top is not None else 0)
        for j in range(len(jokers) + 1):
            for t in range(len(twos) + 1):
                w = j + t
                if w and (frozen and top is not None):
                    continue
                if w and rules.pure_aces_sevens and key == SEVEN:
                    continue
                if w > total_naturals or w > rules.max_wild_per_meld:
                    continue
                if total_naturals + w < 3:
                    continue
                group = naturals[:m] + jokers[:j] + twos[:t]
                out.append((key, group, _meld_points(rules, key, group, top), j, t))
    out.sort(key=lambda o: (o[3] + o[4], len(o[1])))
    return out


def _meld_points(rules: Rules, key: int, group: list[int], top: int | None) -> int:
    points = sum(CARD_POINTS[c] for c in group)
    size = len(group) + (top is not None)
    if top is not None:
        if rules.top_card_counts_for_initial_meld:
            points += CARD_POINTS[top]
        elif len(group) < 3:
            points = 0
    wild = any(IS_WILD[c] for c in group)
    if size >= CANASTA_SIZE:
        if rules.splash_initial_meld and not wild and top is None:
            return SPLASH
        if rules.canasta_bonus_counts_for_initial:
            points += 300 if wild else 500
    return points


def find_opening(
    cards: list[int],
    rules: Rules,
    need: int,
    keep: int = 2,
    top: int | None = None,
    frozen: bool = True,
) -> OpeningPlan | None:
    """Melds from `cards` worth at least `need` opening points, leaving `keep` cards in the hand;
    with `top`, the pile's top card must join a meld of its rank (with a natural pair when the
    pile is `frozen`). None when there is no such plan."""
    by_rank: dict[int, list[int]] = {}
    jokers = sorted(c for c in cards if CARD_RANK[c] == JOKER)
    twos = sorted(c for c in cards if CARD_RANK[c] == TWO)
    for card in cards:
        if not IS_WILD[card] and CARD_RANK[card] != THREE:
            by_rank.setdefault(CARD_RANK[card], []).append(card)
    top_rank = CARD_RANK[top] if top is not None else None
    if top_rank is not None and top_rank not in by_rank:
        return None
    options = []
    keys = sorted(by_rank, key=lambda k: (k != top_rank, -CARD_POINTS[by_rank[k][0]]))
    for key in keys:
        forced = key == top_rank
        opts = _rank_options(
            rules, key, by_rank[key], jokers, twos, top if forced else None, frozen
        )
        if forced and not opts:
            return None
        options.append(opts)
    natural_points: list[int] = []
    if not (rules.splash_initial_meld or rules.canasta_bonus_counts_for_initial):
        suffix = [0]
        for key in reversed(keys):
            suffix.append(suffix[-1] + sum(CARD_POINTS[c] for c in by_rank[key]))
        natural_points = suffix[::-1]
        if top is not None:
            natural_points = [n + CARD_POINTS[top] for n in natural_points]
    search = _Search(need, len(cards) - keep, options, natural_points)
    if top_rank is not None:
        # The top card's meld is not optional: search each of its ways first.
        for key, group, pts, j, t in options[0]:
            if len(group) > search.max_cards:
                continue
            wild_pts = j * JOKER_POINTS + t * TWO_POINTS
            search.run(
                1,
                [(key, group, pts)],
                (pts, len(group), len(jokers) - j, len(twos) - t, j + t, wild_pts),
            )
    else:
        search.run(0, [], (0, 0, len(jokers), len(twos), 0, 0))
    if search.best is None:
        return None
    melds = tuple(
        PlannedMeld(key, tuple(group), pts, top if key == top_rank else None)
        for key, group, pts in search.best[1]
    )
    return OpeningPlan(melds, sum(m.points for m in melds))


def meldable_points(cards: list[int], rules: Rules) -> int:
    """The opening points the cards could meld now (for "you hold N meldable points").

    Every rank with three naturals melds them all; natural pairs take a wild card each, the most
    valuable pairs first; spare wild cards join melds up to the limits.
    """
    by_rank: dict[int, list[int]] = {}
    for card in cards:
        if not IS_WILD[card] and CARD_RANK[card] != THREE:
            by_rank.setdefault(CARD_RANK[card], []).append(card)
    spare = sorted((c for c in cards if IS_WILD[c]), key=lambda c: -CARD_POINTS[c])
    melds = [(k, g) for k, g in by_rank.items() if len(g) >= 3]
    pairs = sorted(
        ((k, g) for k, g in by_rank.items() if len(g) == 2), key=lambda kg: -CARD_POINTS[kg[1][0]]
    )
    for key, group in pairs:
        if spare and not (rules.pure_aces_sevens and key == SEVEN):
            melds.append((key, [*group, spare.pop(0)]))
    points = 0
    for key, meld in melds:
        naturals = sum(1 for c in meld if not IS_WILD[c])
        room = 0 if rules.pure_aces_sevens and key == SEVEN else rules.max_wild_per_meld
        while spare and sum(1 for c in meld if IS_WILD[c]) < min(naturals, room):
            meld.append(spare.pop(0))
        points += sum(CARD_POINTS[c] for c in meld)
    return points


def _usable(view: PlayerView) -> list[int]:
    locked = set(view.turn_locked)
    return [c for c in view.hand if c not in locked]


def opening_scenario(view: PlayerView) -> OpeningScenario:
    """One way for the view's player to open now, or the meldable points held (UG 4.6.3)."""
    seat = view.seat
    minimum = view.initial_minimums[seat]
    if view.opened[seat]:
        return OpeningScenario(
            True, minimum, 0, 0, None, phrase("You have opened: meld as you like.")
        )
    so_far = view.opening_points if view.to_move == seat and view.phase == PLAY else 0
    need = max(0, minimum - so_far)
    cards = _usable(view)
    rules = view.rules
    drawing = view.to_move == seat and view.phase == DRAW
    keep = 1 if drawing else 2
    plan = find_opening(cards, rules, need, keep)
    if plan is None and drawing and view.pile and not view.pile_blocked:
        plan = find_opening(
            cards,
            rules,
            need,
            keep,
            view.pile[-1],
            view.pile_frozen_for[seat] or rules.natural_pair_required,
        )
    held = meldable_points(cards, rules)
    return OpeningScenario(
        False, minimum, need, held, plan, _scenario_text(view, minimum, need, held, plan, drawing)
    )


def plan_text(plan: OpeningPlan, each_points: bool = True) -> str:
    """The melds of a plan in words: "8♠ 8♥ 8♦ (30) and K♠ K♦ K♣ (30)"; without
    `each_points`, the cards alone (where the sentence gives the total at once)."""
    parts = []
    for meld in plan.melds:
        if meld.top is not None:
            continue
        if not each_points:
            parts.append(cards_text(meld.cards))
        elif meld.points >= SPLASH:
            parts.append(phrase("{cards} (a canasta)", cards=cards_text(meld.cards)))
        else:
            parts.append(
                phrase("{cards} ({points})", cards=cards_text(meld.cards), points=meld.points)
            )
    return join_words(parts)


def _scenario_text(
    view: PlayerView,
    minimum: int,
    need: int,
    held: int,
    plan: OpeningPlan | None,
    drawing: bool,
) -> str:
    if need < minimum:
        have = phrase(
            "You need {minimum} points to open; your melds this turn count {counted}, so {need} "
            "more",
            minimum=minimum,
            counted=minimum - need,
            need=need,
        )
    else:
        have = phrase("You need {minimum} points to open", minimum=minimum)
    if plan is None:
        return phrase(
            "{need}. You cannot open now: the cards you can meld are worth {held} points.",
            need=have,
            held=held,
        )
    steps: list[str] = []
    top_meld = next((m for m in plan.melds if m.top is not None), None)
    if top_meld is not None:
        top = top_meld.top
        assert top is not None
        steps.append(
            phrase(
                "take the pile with {cards} (the top card is {top}): {points} points",
                cards=cards_text(top_meld.cards),
                top=cards_text([top]),
                points=top_meld.points,
            )
        )
    elif drawing:
        steps.append(phrase("draw from the stock"))
    # one meld alone: its points are the total said next, not twice ("meld A♥ A♦ 2♦: 60 points")
    alone = top_meld is None and len(plan.melds) == 1
    rest = plan_text(plan, each_points=not alone)
    if rest:
        steps.append(phrase("meld {melds}", melds=rest))
    if plan.points >= SPLASH:
        points = phrase("a natural canasta")
    else:
        points = phrase("{points} points", points=plan.points)
    sentence = steps[0] if steps else ""
    for then in steps[1:]:
        sentence = phrase("{first}, then {then}", first=sentence, then=then)
    if plan.wild_cards:
        return phrase(
            "{need}. One way: {steps}: {points}.", need=have, steps=sentence, points=points
        )
    return phrase(
        "{need}. One way: {steps}: {points}, without a wild card.",
        need=have,
        steps=sentence,
        points=points,
    )


__all__ = [
    "OpeningPlan",
    "OpeningScenario",
    "PlannedMeld",
    "find_opening",
    "meldable_points",
    "opening_scenario",
    "plan_text",
]
