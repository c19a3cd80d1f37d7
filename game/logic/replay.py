"""The replay / scenario file (``canasta-replay/1``): saved games, bug reports, tutorials, tests.

A replay is seed (or explicit deck) + rules + starting scores + the list of actions; applying the
actions to the dealt game rebuilds it exactly. `load_replay` checks a parsed JSON document and
returns the game with every action applied up to the first illegal one. `python -m
game.logic.replay FILE` prints the resulting position as one JSON object (docs/replay-format.md).
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Any

from .cards import CARD_CODE, MELD_KEY_NAME, N_CARDS, deck_from_codes, sorted_codes
from .engine import Game
from .errors import IllegalAction
from .rules import Rules, RulesError
from .scoring import canasta_count

FORMAT = "canasta-replay/1"
MAX_ACTIONS = 100_000


class ReplayError(ValueError):
    """A replay document that cannot be used, with a sentence saying why."""


@dataclass
class ReplayResult:
    game: Game
    applied: int
    error: dict[str, Any] | None


def _deck(value: object, what: str) -> list[int]:
    if not isinstance(value, list):
        raise ReplayError(f"'{what}' must be a list of {N_CARDS} card codes.")
    try:
        return deck_from_codes(value)
    except ValueError as exc:
        raise ReplayError(f"'{what}': {exc}.") from None


def game_from_replay(doc: object) -> tuple[Game, list[Any]]:
    """The dealt game a replay document describes, and its raw action list."""
    if not isinstance(doc, dict):
        raise ReplayError("A replay must be a JSON object.")
    if doc.get("format") != FORMAT:
        raise ReplayError(f"This is not a {FORMAT} file (format is {doc.get('format')!r}).")
    known = {"format", "rules", "scores", "first_player", "deck", "decks", "seed", "actions"}
    unknown = set(doc) - known
    if unknown:
        raise ReplayError(f"Unknown field(s) in the replay: {', '.join(sorted(unknown))}.")
    try:
        rules = Rules.from_dict(doc.get("rules", {"preset": "classic"}))
    except RulesError as exc:
        raise ReplayError(str(exc)) from None
    scores = doc.get("scores", [0, 0])
    if not (
        isinstance(scores, list)
        and len(scores) == 2
        and all(isinstance(s, int) and not isinstance(s, bool) for s in scores)
    ):
        raise ReplayError("'scores' must be two whole numbers.")
    first = doc.get("first_player", 0)
    if first not in (0, 1) or isinstance(first, bool):
        raise ReplayError("'first_player' must be 0 or 1.")
    seed = doc.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise ReplayError("'seed' must be a whole number.")
    deck = _deck(doc["deck"], "deck") if "deck" in doc else None
    if deck is None and seed is None:
        raise ReplayError("A replay needs a 'deck' or a 'seed'.")
    raw_decks = doc.get("decks", [])
    if not isinstance(raw_decks, list):
        raise ReplayError("'decks' must be a list of decks.")
    decks = [_deck(d, f"decks[{i}]") for i, d in enumerate(raw_decks)]
    actions = doc.get("actions", [])
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise ReplayError("'actions' must be a list of actions.")
    game = Game(rules, seed=seed, deck=deck, decks=decks, scores=scores, first_player=first)
    return game, actions


def load_replay(doc: object) -> ReplayResult:
    """Apply a replay's actions in order, stopping at the first illegal one."""
    game, actions = game_from_replay(doc)
    for index, raw in enumerate(actions):
        try:
            game.apply(raw)
        except IllegalAction as exc:
            return ReplayResult(
                game, index, {"index": index, "code": exc.code, "message": exc.message}
            )
    return ReplayResult(game, len(actions), None)


def replay_document(game: Game) -> dict[str, Any]:
    """The replay document that rebuilds `game` (its deal and every action applied so far)."""
    doc: dict[str, Any] = {
        "format": FORMAT,
        "rules": game.rules.to_dict(),
        "scores": list(game.initial_scores),
        "first_player": game.initial_first_player,
    }
    if game.seed is not None:
        doc["seed"] = game.seed
    if game.initial_deck is not None:
        doc["deck"] = [CARD_CODE[c] for c in game.initial_deck]
    if game.initial_decks:
        doc["decks"] = [[CARD_CODE[c] for c in d] for d in game.initial_decks]
    doc["actions"] = list(game.log)
    return doc


def position_summary(game: Game, error: dict[str, Any] | None = None) -> dict[str, Any]:
    """The position as the replay tool prints it (docs/replay-format.md)."""
    players = []
    for p, pl in enumerate(game.players):
        players.append(
            {
                "hand": sorted_codes(pl.hand),
                "melds": {MELD_KEY_NAME[k]: [CARD_CODE[c] for c in m] for k, m in pl.melds.items()},
                "threes": [CARD_CODE[c] for c in pl.threes],
                "canastas": canasta_count(pl.melds),
                "opened": pl.opened,
                "hand_score": dict(game.hand_scores[p]) if game.hand_scores else None,
            }
        )
    top = game.pile_top()
    return {
        "phase": game.phase,
        "to_move": game.to_move,
        "players": players,
        "pile": {
            "size": len(game.pile),
            "top": CARD_CODE[top] if top is not None else None,
            "frozen_for": [game.pile_is_frozen_for(0), game.pile_is_frozen_for(1)],
            "blocked": game.pile_is_blocked(),
        },
        "stock_size": len(game.stock),
        "totals": list(game.totals),
        "error": error,
    }


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m game.logic.replay FILE", file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as handle:
            doc = json.load(handle)
        result = load_replay(doc)
    except (OSError, json.JSONDecodeError, ReplayError, ValueError, RecursionError) as exc:
        print(json.dumps({"error": {"index": None, "code": "bad_replay", "message": str(exc)}}))
        return 1
    print(json.dumps(position_summary(result.game, result.error)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
