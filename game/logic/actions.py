"""Player actions as small frozen records that pack to plain dicts (JSON and msgpack alike).

The list of actions, with the deal seed and the rule options, is the saved game, the replay, the
network transcript and the test fixture. Cards are named by code (``"8H"``, ``"JK"``); a code names
any matching card in the acting player's hand, so a log never depends on which of two identical
cards was meant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import MELD_KEY_OF_NAME, normalize_code
from .errors import IllegalAction
from .frozen import reduce_frozen

MAX_CARDS_IN_ACTION = 40


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the stock (`stock_draw` cards)."""

    @property
    def type(self) -> str:
        return "draw"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the whole discard pile, melding its top card with `with_` cards from the hand.

    An empty `with_` puts the top card onto the player's existing meld of its rank.
    """

    with_: tuple[str, ...] = ()

    @property
    def type(self) -> str:
        return "take_pile"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "with": list(self.with_)}


@dataclass(frozen=True, slots=True, init=False)
class Meld:
    """Put cards from the hand onto one meld, new or existing.

    `rank` names the meld when no natural card does (``"8"``, ``"wild"``); ``"special"`` asks for a
    special meld (Straight, Seven Pairs, Garbage) going out at once.
    """

    cards: tuple[str, ...]
    rank: str | None = None

    @property
    def type(self) -> str:
        return "meld"

    # Written out, as the legal-move listing makes melds by the thousand: the compiled engine
    # turns each object.__setattr__ here into a plain store.
    def __init__(self, cards: tuple[str, ...], rank: str | None = None) -> None:
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "rank", rank)

    # Written out too (a dataclass keeps methods its class defines): the compiled engine makes
    # them native, where the generated ones stay interpreted, and the search hashes melds often.
    def __eq__(self, other: object) -> bool:
        return type(other) is Meld and self.cards == other.cards and self.rank == other.rank

    def __hash__(self) -> int:
        return hash((self.cards, self.rank))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "cards": list(self.cards)}
        if self.rank is not None:
            out["rank"] = self.rank
        return out


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card from the hand, ending the turn."""

    card: str

    @property
    def type(self) -> str:
        return "discard"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "card": self.card}


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without discarding where the rules allow it, or decline the pile at stock end."""

    @property
    def type(self) -> str:
        return "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class Undo:
    """Undo the last meld action of this turn (or return a pile taken with no meld since)."""

    @property
    def type(self) -> str:
        return "undo"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class UndoTurn:
    """Undo the whole turn so far: melds, and a taken pile (which goes back exactly)."""

    @property
    def type(self) -> str:
        return "undo_turn"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class NextHand:
    """Deal the next hand after a hand is over."""

    @property
    def type(self) -> str:
        return "next_hand"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class AskGoOut:
    """Ask the partner "May I go out?" (four players, RULES.md 9.1): once a turn, after drawing."""

    @property
    def type(self) -> str:
        return "ask_go_out"

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class AnswerGoOut:
    """The partner's answer to "May I go out?": an action of the partner's seat (`Game.to_act`).
    "Yes" binds the asker to go out this turn, "No" forbids it."""

    yes: bool

    @property
    def type(self) -> str:
        return "answer_go_out"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "yes": self.yes}


Action = (
    Draw | TakePile | Meld | Discard | Pass | Undo | UndoTurn | NextHand | AskGoOut | AnswerGoOut
)
_SIMPLE: dict[str, type[Draw | Pass | Undo | UndoTurn | NextHand | AskGoOut]] = {
    "draw": Draw,
    "ask_go_out": AskGoOut,
    "pass": Pass,
    "undo": Undo,
    "undo_turn": UndoTurn,
    "next_hand": NextHand,
}


def _codes(value: object, what: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > MAX_CARDS_IN_ACTION:
        raise IllegalAction("bad_action", f"The {what} must be a list of card codes.")
    out = []
    for raw in value:
        code = normalize_code(raw)
        if code is None:
            raise IllegalAction("bad_card", f"{raw!r} is not a card code (such as 8H, 10S or JK).")
        out.append(code)
    return tuple(out)


def action_from_dict(data: object) -> Action:
    """Parse and check an action record; malformed input raises `IllegalAction("bad_action")`."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise IllegalAction("bad_action", "An action must be a record with a 'type'.")
    kind = data["type"]
    allowed = {"type"}
    if kind in _SIMPLE:
        action: Action = _SIMPLE[kind]()
    elif kind == "take_pile":
        allowed.add("with")
        action = TakePile(_codes(data.get("with", []), "cards to take the pile with"))
    elif kind == "meld":
        allowed |= {"cards", "rank"}
        rank = data.get("rank")
        if rank is not None:
            if not isinstance(rank, str):
                raise IllegalAction(
                    "bad_action", "A meld's rank must be a name such as '8' or 'wild'."
                )
            rank = rank.strip().upper()
            rank = {"WILD": "wild", "SPECIAL": "special", "T": "10"}.get(rank, rank)
            if rank not in MELD_KEY_OF_NAME and rank != "special":
                raise IllegalAction(
                    "bad_rank", f"{data['rank']!r} is not a rank that can be melded."
                )
        cards = _codes(data.get("cards"), "cards to meld")
        if not cards:
            raise IllegalAction("bad_action", "Choose at least one card to meld.")
        action = Meld(cards, rank)
    elif kind == "discard":
        allowed.add("card")
        code = normalize_code(data.get("card"))
        if code is None:
            raise IllegalAction("bad_card", f"{data.get('card')!r} is not a card code.")
        action = Discard(code)
    elif kind == "answer_go_out":
        allowed.add("yes")
        yes = data.get("yes")
        if not isinstance(yes, bool):
            raise IllegalAction("bad_action", "An answer to 'May I go out?' is yes or no.")
        action = AnswerGoOut(yes)
    else:
        raise IllegalAction("bad_action", f"Unknown action type {kind!r}.")
    extra = set(data) - allowed
    if extra:
        raise IllegalAction(
            "bad_action",
            f"Unexpected field(s) in a {kind} action: {', '.join(sorted(map(str, extra)))}.",
        )
    return action


def action_to_dict(action: Action) -> dict[str, Any]:
    return action.to_dict()
