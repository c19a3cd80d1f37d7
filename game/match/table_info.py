"""What the table writes and chooses for the player, worked out from the game (no drawing).

The scoresheet's lines (hand scores, this hand's running meld and bonus totals, game totals), the
status bar's counters (User Guide 3.9: stock and pile, hand and turn numbers, the "Open:" minimum
and how able the player is to reach it, the hand's value, the goal), the rules panel's lines, the
cards AutoMeld puts with a taken pile's top card (User Guide 2.5), and plain-words descriptions of
actions for hints. Everything reads the table's `TableState` (what the player may see) and
returns plain values, so it is tested without a screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from game.logic import Rules
from game.logic.actions import (
    Action,
    Discard,
    Draw,
    Meld,
    NextHand,
    Pass,
    TakePile,
    Undo,
    UndoTurn,
)
from game.logic.cards import (
    CARD_POINTS,
    CARD_RANK,
    CARD_SUIT,
    IS_WILD,
    JOKER,
    MELD_KEY_NAME,
    SORT_KEY,
    THREE,
    WILD,
    code_of,
)
from game.logic.melds import CANASTA_SIZE, PLURAL, canasta_bonus
from game.logic.phrase import Phrase, phrase, phrase_n
from game.logic.rules import OPTION_SPECS, PRESETS
from game.logic.scoring import threes_score
from game.match import TableState

if TYPE_CHECKING:
    from game.logic.events import Event

PRESET_TITLES = {
    "classic": phrase("Classic rules"),
    "modern_american": phrase("Modern American rules"),
}
# Each side's melds named by the number of players, the player's side first: at three the
# players to the left (West) and the right (East), at four the other partnership. The table
# writes them in the corner of each meld area, the game review beside the melds of a moment.
MELD_LABELS = {
    2: (phrase("Your melds"), phrase("Opponent's melds")),
    3: (phrase("Your melds"), phrase("West's melds"), phrase("East's melds")),
    4: (phrase("Your side's melds"), phrase("West & East's melds")),
}
# Suits alternate colours in the hand (User Guide 3.5): Clubs, Diamonds, Spades, Hearts.
_SUIT_ORDER = {3: 0, 2: 1, 0: 2, 1: 3, 4: 4}


def display_key(card: int) -> tuple[int, int, int]:
    """Hand order: Threes up to Aces, then Twos and Jokers; suits alternating in colour."""
    return (SORT_KEY[card] // 640, _SUIT_ORDER[CARD_SUIT[card]], card)


def rank_group(card: int) -> int:
    """Cards of one rank group together; wild cards form one group."""
    return -1 if IS_WILD[card] else CARD_RANK[card]


def card_name(code: str) -> str:
    """ "8H" -> "8♥" for messages (the suit glyphs are in the bundled fonts)."""
    if code == "JK":
        return phrase("Joker")
    suit = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[code[-1]]
    return code[:-1] + suit


def describe_action(action: Action) -> str:
    """One line for a hint's list of suggested moves."""
    if isinstance(action, Draw):
        return phrase("Draw from the stock")
    if isinstance(action, TakePile):
        if action.with_:
            return phrase("Take the pile with {cards}", cards=_cards(action.with_))
        return phrase("Take the pile onto your meld")
    if isinstance(action, Meld):
        cards = _cards(action.cards)
        if action.rank == "special":
            return phrase("Meld your whole hand: {cards}", cards=cards)
        return phrase("Meld {cards}", cards=cards)
    if isinstance(action, Discard):
        return phrase("Discard {card}", card=card_name(action.card))
    if isinstance(action, Pass):
        return phrase("End the turn without discarding")
    if isinstance(action, Undo):
        return phrase("Undo the last meld")
    if isinstance(action, UndoTurn):
        return phrase("Undo the whole turn")
    if isinstance(action, NextHand):
        return phrase("Deal the next hand")
    return str(action)


def _cards(codes: Sequence[str]) -> str:
    """Cards named by code, with spaces between, as the table shows them ("8♥ 8♠ Joker")."""
    return " ".join(card_name(c) for c in codes)


# -- taking the pile -------------------------------------------------------------------------------
def auto_take_with(
    state: TableState, seat: int, check: Callable[[TakePile], str | None]
) -> tuple[str, ...]:
    """The cards AutoMeld melds with the pile's top card (User Guide 2.5), best first.

    Frozen pile, or two naturals of the rank and no meld of it yet: two naturals. One natural and
    no meld yet: that natural and a wild card (Joker before Two). A meld of the rank already: the
    top card goes onto it alone. Candidates `check` refuses (it returns why) are skipped.
    """
    candidates = take_candidates(state, seat)
    for candidate in candidates:
        if check(TakePile(candidate)) is None:
            return candidate
    return candidates[0] if candidates else ()


def take_candidates(state: TableState, seat: int) -> list[tuple[str, ...]]:
    if not state.pile:
        return [()]
    top = state.pile[-1]
    rank = CARD_RANK[top]
    hand = sorted(state.hand(seat), key=display_key)
    naturals = [c for c in hand if CARD_RANK[c] == rank and not IS_WILD[c]]
    wilds = sorted((c for c in hand if IS_WILD[c]), key=lambda c: CARD_RANK[c] != JOKER)
    melded = rank in state.melds(seat)
    frozen = state.pile_frozen_for(seat) or state.rules.natural_pair_required
    pair = tuple(code_of(c) for c in naturals[:2]) if len(naturals) >= 2 else None
    with_wild = (code_of(naturals[0]), code_of(wilds[0])) if naturals and wilds else None
    out: list[tuple[str, ...]] = []
    if frozen:
        order = [pair, () if melded else None]
    elif melded:
        order = [(), pair]
    else:
        order = [pair, with_wild]
    for candidate in order:
        if candidate is not None and candidate not in out:
            out.append(candidate)
    return out or [()]


# -- opening ---------------------------------------------------------------------------------------
def best_opening_points(cards: list[int], rules: Rules) -> tuple[int, bool]:
    """Points of the melds the cards could make now, and whether a natural canasta is among them.

    Greedy and quick, for the "Open:" tint: every rank with three naturals melds them; pairs take
    a wild card each, the most valuable pairs first; spare wild cards join melds up to the limits.
    """
    by_rank: dict[int, list[int]] = {}
    wilds = sorted((c for c in cards if IS_WILD[c]), key=lambda c: -CARD_POINTS[c])
    for card in cards:
        rank = CARD_RANK[card]
        if not IS_WILD[card] and rank != THREE:
            by_rank.setdefault(rank, []).append(card)
    points = 0
    splash = False
    melds: list[list[int]] = []
    pairs: list[list[int]] = []
    for group in by_rank.values():
        if len(group) >= 3:
            melds.append(group)
            if len(group) >= CANASTA_SIZE:
                splash = True
        elif len(group) == 2:
            pairs.append(group)
    pairs.sort(key=lambda g: -sum(CARD_POINTS[c] for c in g))
    spare = list(wilds)
    for group in pairs:
        if not spare:
            break
        melds.append([*group, spare.pop(0)])
    for meld in melds:
        naturals = sum(1 for c in meld if not IS_WILD[c])
        while spare and sum(1 for c in meld if IS_WILD[c]) < min(naturals, rules.max_wild_per_meld):
            meld.append(spare.pop(0))
        points += sum(CARD_POINTS[c] for c in meld)
    return points, splash


@dataclass(frozen=True)
class Opening:
    """The "Open:" counter: points still needed, and the tint of User Guide 3.9."""

    text: str
    tint: str  # "met", "pile", "splash", "short" or "" once opened
    need: int = 0  # this hand's opening minimum
    left: int = 0  # points still to go


@dataclass(frozen=True)
class Counter:
    """A figure on the status bar: its words, the details shown when the pointer rests on it,
    and (for the opening minimum) the tint of its chip."""

    text: str
    tip: str = ""
    tint: str | None = None
    dim: bool = False


OPENING_TIPS = {
    "met": phrase("The cards in your hand can open now."),
    "pile": phrase("Taking the pile would let you open."),
    "splash": phrase("You could open with a special meld."),
    "short": phrase("Your hand cannot open yet."),
}


def opening_status(state: TableState, seat: int) -> Opening:
    """The opening counter of the player at the keyboard (`seat` is the table's seat 0)."""
    if state.view.opened[seat]:
        return Opening(phrase("Opened"), "")
    need = state.initial_meld_minimum(seat)
    left = max(0, need - state.opening_points(seat))
    hand = state.hand(seat)
    locked = state.turn_locked() if state.to_move == seat else frozenset()
    usable = [c for c in hand if c not in locked]
    points, splash = best_opening_points(usable, state.rules)
    text = phrase("To open: {points}", points=left)
    if points >= left:
        return Opening(text, "met", need, left)
    if splash and state.rules.splash_initial_meld:
        return Opening(text, "splash", need, left)
    if state.pile and not state.pile_blocked and state.phase == "draw":
        top = state.pile[-1]
        naturals = sum(1 for c in usable if CARD_RANK[c] == CARD_RANK[top] and not IS_WILD[c])
        if naturals >= 2 and best_opening_points([*usable, top], state.rules)[0] >= left:
            return Opening(text, "pile", need, left)
    return Opening(text, "short", need, left)


def status_counters(
    state: TableState, opening: Opening, in_hand: int, net: int, level_text: str
) -> list[Counter]:
    """The figures on the status bar, in words, left to right, each with its details."""
    hand, turn = state.hand_no, state.turn_no
    if opening.tint:
        need, left = opening.need, opening.left
        open_counter = Counter(
            opening.text,
            phrase(
                "Your first melds this hand must be worth {need} points; {left} still to go. {tip}",
                need=need,
                left=left,
                tip=OPENING_TIPS.get(opening.tint, ""),
            ),
            opening.tint,
        )
    else:
        open_counter = Counter(
            phrase("Opened"),
            phrase("You have made your opening meld: meld freely this hand."),
            "",
        )
    target = state.rules.target_score
    return [
        Counter(
            phrase("Hand {hand}, turn {turn}", hand=hand, turn=turn),
            phrase("Hand {hand} of this game; turn {turn} of the hand.", hand=hand, turn=turn),
        ),
        open_counter,
        Counter(
            phrase("In hand: {points} points", points=in_hand),
            phrase(
                "The cards in your hand count {points} points. If the hand ended now, you would "
                "score {net:+} for it (melds and bonuses, less the cards still in your hand).",
                points=in_hand,
                net=net,
            ),
        ),
        Counter(
            phrase("Game to {target}", target=target),
            phrase("The first player to reach {target} points wins the game.", target=target),
        ),
        Counter(level_text, phrase("Who you are playing against."), dim=True),
    ]


# -- scoresheet ------------------------------------------------------------------------------------
def running_scores(state: TableState, seat: int) -> tuple[int, int]:
    """This hand's melded points and bonus/penalty points so far for `seat` (scoresheet italics).

    Cards in hand are not counted, so the opponent's line gives nothing of their hand away.
    """
    rules = state.rules
    melds = {key: list(cards) for key, cards in state.melds(seat).items()}
    melded = sum(CARD_POINTS[c] for cards in melds.values() for c in cards)
    bonus = sum(canasta_bonus(rules, key, cards) for key, cards in melds.items())
    bonus += threes_score(rules, list(state.threes(seat)), melds)
    bonus -= state.view.returns[seat] * rules.discard_return_penalty
    return melded, bonus


MELDS_ROW = phrase("Melds")


@dataclass(frozen=True)
class ScoreRow:
    label: str
    values: tuple[int, ...]
    style: str = "ui"  # "ui", "italic" or "bold"
    hands: int = 0  # how many finished hands the row adds up (0: a line of the hand in play)
    short: str = ""  # the label where the whole one does not fit beside the figures


def scoresheet_rows(state: TableState) -> list[ScoreRow]:
    """A row for each finished hand, then the running lines of the hand in play (see
    `fold_hands` for a sheet with less room than hands)."""
    # One column per side: with four players seats 0 and 1 hold their sides' melds.
    sides = range(state.view.sides)
    rows = [
        ScoreRow(
            phrase("Hand {hand}", hand=record["hand"]),
            tuple(record["scores"][p]["total"] for p in sides),
            hands=1,
        )
        for record in state.history
    ]
    if state.phase in ("draw", "play"):
        running = [running_scores(state, p) for p in sides]
        rows.append(ScoreRow(MELDS_ROW, tuple(r[0] for r in running), "italic"))
        rows.append(ScoreRow(phrase("Bonus"), tuple(r[1] for r in running), "italic"))
    return rows


def fold_hands(rows: list[ScoreRow], room: int) -> list[ScoreRow]:
    """`rows` in at most `room` lines where it can: the oldest hands added up into one bold
    "Hands 1-n" line (the running lines and the latest hand always stay)."""
    hands = sum(1 for row in rows if row.hands)
    if len(rows) <= room or hands < 2:
        return rows
    fold = min(hands, len(rows) - max(room, 1) + 1)
    sums = tuple(map(sum, zip(*(row.values for row in rows[:fold]), strict=True)))
    folded = ScoreRow(
        phrase("Hands 1\u2013{last}", last=fold), sums, "bold", fold, f"1\u2013{fold}"
    )
    return [folded, *rows[fold:]]


def hand_value(state: TableState, seat: int) -> tuple[int, int]:
    """Points in the hand, and the hand's score if the opponent went out now (User Guide 3.9)."""
    in_hand = sum(CARD_POINTS[c] for c in state.hand(seat))
    melded, bonus = running_scores(state, seat)
    return in_hand, melded + bonus - in_hand


# -- rules panel -----------------------------------------------------------------------------------
# A choice's value in words (as the rules agreement says it).
CHOICE_WORDS = {
    "alternate": phrase("take turns"),
    "loser": phrase("loser of the hand"),
    "play_on": phrase("play on"),
    "reuse_pile": phrase("reuse the pile once"),
}


def _value_text(value: object) -> str:
    if value is True:
        return phrase("on")
    if value is False:
        return phrase("off")
    if isinstance(value, str) and value in CHOICE_WORDS:
        return CHOICE_WORDS[value]
    return str(value).replace("_", " ")


def rules_summary(rules: Rules, *, seated: bool = False) -> tuple[str, list[str]]:
    """("" , []) for the Classic rules; otherwise a title and one line per changed option.
    `seated`: against the preset at the same number of players, whose section 9 defaults (and
    the number itself) are then no changes, as a table's announcement says its size apart."""
    if rules == Rules():
        return "", []
    preset = rules.nearest_preset()
    base = PRESETS[preset]()
    if seated:
        base = base.with_players(rules.players)
    lines: list[str] = []
    for f in fields(rules):
        value = getattr(rules, f.name)
        if value != getattr(base, f.name):
            lines.append(
                phrase(
                    "{option}: {value}",
                    option=phrase(OPTION_SPECS[f.name].label),
                    value=_value_text(value),
                )
            )
    return PRESET_TITLES.get(preset, preset), lines


CANASTA_KINDS = {"wild": phrase("wild"), "mixed": phrase("mixed"), "natural": phrase("natural")}


def canasta_kind_of(key: int, cards: Sequence[int]) -> str | None:
    if len(cards) < CANASTA_SIZE:
        return None
    if key == WILD:
        return "wild"
    return "mixed" if any(IS_WILD[c] for c in cards) else "natural"


def canasta_details(state: TableState, names: tuple[str, ...]) -> list[list[str]]:
    """Every canasta on the table with its cards (User Guide 4.5.2), one paragraph a player:
    its head, then a line a canasta."""
    paragraphs: list[list[str]] = []
    for seat, name in enumerate(names):
        lines = []
        for key, cards in state.melds(seat).items():
            kind = canasta_kind_of(key, cards)
            if kind is not None:
                shown = " ".join(card_name(code_of(c)) for c in sorted(cards, key=display_key))
                lines.append(
                    phrase(
                        "{rank} ({kind}, {count} cards): {cards}",
                        rank=plural(key),
                        kind=CANASTA_KINDS[kind],
                        count=len(cards),
                        cards=shown,
                    )
                )
        head = phrase("Your canastas:") if seat == 0 else phrase("{name}'s canastas:", name=name)
        paragraphs.append([head, *(lines or [phrase("none yet")])])
    return paragraphs


def meld_cards_text(key: int, cards: Sequence[int]) -> str:
    """The cards of one meld, in words, for its right-click menu."""
    kind = canasta_kind_of(key, cards)
    shown = " ".join(card_name(code_of(c)) for c in sorted(cards, key=display_key))
    if kind:
        return phrase(
            "{rank}, a {kind} canasta of {count} cards: {cards}",
            rank=plural(key),
            kind=CANASTA_KINDS[kind],
            count=len(cards),
            cards=shown,
        )
    return phrase(
        "{rank}, a meld of {count} cards: {cards}", rank=plural(key), count=len(cards), cards=shown
    )


def meld_name(key: int) -> str:
    """The rank name a Meld action uses for a meld key ("8", "wild", "3")."""
    return MELD_KEY_NAME[key]


def plural(key: int) -> str:
    return PLURAL.get(key, MELD_KEY_NAME.get(key, "?"))


# -- what just happened ----------------------------------------------------------------------------
def narrate(events: list[Event], names: tuple[str, ...]) -> list[str]:
    """Short lines for the "Last plays" panel, one per thing a player did."""

    lines: list[str] = []
    for event in events:
        who = names[event.player] if event.player in range(len(names)) else ""
        # A network view names only the cards its player may see and counts the others.
        count = len(event.cards) + event.info.get("hidden", 0)
        line = _play_line(event, who, count)
        if line:
            lines.append(line)
    return lines


def _play_line(event: Event, who: str, count: int) -> Phrase | None:
    from game.logic import events as ev
    from game.logic.melds import SPECIAL_MELD_NAMES

    kind = event.kind
    card = card_name(code_of(event.cards[0])) if event.cards else ""
    if kind == ev.DRAW and not event.info.get("replacement"):
        return phrase_n(
            "{who} drew {count} card", "{who} drew {count} cards", count, who=who, count=count
        )
    if kind == ev.PILE_TAKEN:
        return phrase_n(
            "{who} took the pile ({count} card)",
            "{who} took the pile ({count} cards)",
            count,
            who=who,
            count=count,
        )
    if kind == ev.MELD:
        return phrase(
            "{who} melded {rank} (+{count})", who=who, rank=plural(event.rank or 0), count=count
        )
    if kind == ev.CANASTA:
        return phrase(
            "{who}: {kind} canasta of {rank}",
            who=who,
            kind=CANASTA_KINDS.get(event.info.get("kind", ""), ""),
            rank=plural(event.rank or 0),
        )
    if kind == ev.ASK_GO_OUT:
        return phrase("{who}: \u201cMay I go out?\u201d", who=who)
    if kind == ev.GO_OUT_ANSWER:
        if event.info.get("yes"):
            return phrase("{who}: \u201cYes\u201d", who=who)
        return phrase("{who}: \u201cNo\u201d", who=who)
    if kind == ev.DISCARD:
        return phrase("{who} discarded {card}", who=who, card=card)
    if kind == ev.THREE_LAID and event.player in (0, 1):
        return phrase("{who} laid down {card}", who=who, card=card)
    if kind == ev.PASS:
        return phrase("{who} passed", who=who)
    if kind == ev.UNDO:
        return phrase("{who} took back a meld", who=who)
    if kind == ev.PILE_RETURNED:
        return phrase("{who} returned the pile", who=who)
    if kind == ev.TALON:
        return phrase("{who} received a talon", who=who)
    if kind == ev.STOCK_REUSED:
        return phrase("The pile became the new stock")
    if kind == ev.SPECIAL_MELD:
        title = SPECIAL_MELD_NAMES.get(event.info.get("name", ""), phrase("a special meld"))
        return phrase("{who} went out: {meld}", who=who, meld=title)
    if kind == ev.HAND_OVER:
        return phrase("{who} went out", who=who) if who else phrase("The hand is over")
    if kind == ev.DEAL and event.player == 0:
        return phrase("New hand dealt")
    return None
