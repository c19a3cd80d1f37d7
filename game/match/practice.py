"""Practice changes kept with a game against the computer, so a doctored game can be saved,
restored and rewound.

A game's log replays its deal and moves; Doctor hand and Swap cards are not moves, so each is
kept as a `PracticeStep`: where in the log it happened and what changed. Rebuilding a game
replays the log and makes each change again at its place (the deal is the same, so the card ids
are too). A game with any practice step is practice: it never counts for records.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeGuard

from game.logic import Game, IllegalAction
from game.logic.assist import PracticeChange, doctor_hand, swap_hands
from game.logic.assist.practice import DOCTOR, SWAP
from game.logic.cards import N_CARDS, CardId
from game.logic.replay import ReplayError, game_from_replay


@dataclass(frozen=True)
class PracticeStep:
    """A practice change made after `at` actions of the log."""

    at: int
    change: PracticeChange

    def to_json(self) -> dict[str, Any]:
        change = self.change
        return {
            "at": self.at,
            "kind": change.kind,
            "hand_no": change.hand_no,
            "seat": change.seat,
            "gave": list(change.gave),
            "took": list(change.took),
        }

    @classmethod
    def from_json(cls, raw: object) -> PracticeStep:
        """Raise ValueError for anything but a step this module wrote."""
        if not isinstance(raw, dict) or raw.get("kind") not in (DOCTOR, SWAP):
            raise ValueError("a practice change is damaged")
        at, hand_no, seat = (raw.get(key) for key in ("at", "hand_no", "seat"))
        gave, took = raw.get("gave"), raw.get("took")
        if not (isinstance(at, int) and isinstance(hand_no, int) and isinstance(seat, int)):
            raise ValueError("a practice change is damaged")
        if not (_card_list(gave) and _card_list(took)):
            raise ValueError("a practice change names cards that do not exist")
        change = PracticeChange(str(raw["kind"]), hand_no, seat, tuple(gave), tuple(took))
        return cls(at, change)


def _card_list(value: object) -> TypeGuard[list[int]]:
    return isinstance(value, list) and all(
        isinstance(card, int) and 0 <= card < N_CARDS for card in value
    )


def apply_step(game: Game, step: PracticeStep) -> Game:
    """The game with one practice change made again."""
    change = step.change
    if change.kind == SWAP:
        return swap_hands(game, change.seat)[0]
    return doctor_hand(game, change.seat, CardId(change.gave[0]), CardId(change.took[0]))[0]


def replay_with_practice(doc: dict[str, Any], steps: list[PracticeStep]) -> Game:
    """Rebuild a game from its replay document, making each practice change at its place;
    raise ValueError when the log stops making sense."""
    try:
        game, actions = game_from_replay(doc)
    except ReplayError as exc:
        raise ValueError(str(exc)) from None
    pending = sorted(steps, key=lambda s: s.at)
    try:
        for index, raw in enumerate(actions):
            while pending and pending[0].at == index:
                game = apply_step(game, pending.pop(0))
            game.apply(raw)
        for step in pending:
            game = apply_step(game, step)
    except IllegalAction as exc:
        raise ValueError(exc.message) from None
    return game
