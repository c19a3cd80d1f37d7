"""The replay / scenario file (``canasta-replay/2``): saved games, bug reports, tutorials, tests.

A replay is seed (or explicit deck) + rules + starting scores + the list of actions; applying the
actions to the dealt game rebuilds it exactly. Version 2 deals from the shuffle defined in
`shuffle` (and docs/replay-format.md); files of version 1 still load, dealt as they were. `load_replay` checks a parsed JSON document and
returns the game with every action applied up to the first illegal one. `python -m
game.logic.replay FILE` prints the resulting position as one JSON object (docs/replay-format.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any

from .cards import CARD_CODE, MELD_KEY_NAME, N_CARDS, CardId, deck_from_codes, sorted_codes
from .engine import Game
from .errors import IllegalAction
from .melds import canasta_count
from .rules import Rules, RulesError
from .shuffle import DEAL_VERSION, LEGACY_DEAL_VERSION

FORMAT_PREFIX = "canasta-replay/"
FORMAT = f"{FORMAT_PREFIX}{DEAL_VERSION}"
# Every format version this code reads, and the deal version it stands for.
FORMATS = {f"{FORMAT_PREFIX}{v}": v for v in (LEGACY_DEAL_VERSION, DEAL_VERSION)}
MAX_ACTIONS = 100_000


class ReplayError(ValueError):
    """A replay document that cannot be used, with a sentence saying why."""


@dataclass
class ReplayResult:
    game: Game
    applied: int
    error: dict[str, Any] | None


def _is_whole(value: object) -> bool:
    """A JSON whole number: an int, never a bool (true is 1 to Python) nor a float (0.0)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _deck(value: object, what: str) -> list[CardId]:
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
    fmt = doc.get("format")
    version = FORMATS.get(fmt) if isinstance(fmt, str) else None
    if version is None:
        raise ReplayError(f"This is not a {FORMAT} file (format is {doc.get('format')!r}).")
    known = {"format", "rules", "scores", "first_player", "deck", "decks", "seed", "actions"}
    unknown = set(doc) - known
    if unknown:
        raise ReplayError(f"Unknown field(s) in the replay: {', '.join(sorted(unknown))}.")
    rules_data = doc.get("rules", {"preset": "classic"})
    if not isinstance(rules_data, dict):
        raise ReplayError('\'rules\' must be an object such as {"preset": "classic"}.')
    try:
        rules = Rules.from_dict(rules_data)
    except RulesError as exc:
        raise ReplayError(str(exc)) from None
    # Two sides unless three play (four play as two partnerships); a version 2 file of two
    # players, which names no number of players, reads as before.
    sides = 3 if rules.players == 3 else 2
    scores = doc.get("scores", [0] * sides)
    if not (isinstance(scores, list) and len(scores) == sides and all(map(_is_whole, scores))):
        raise ReplayError(
            "'scores' must be two whole numbers."
            if sides == 2
            else f"'scores' must be {sides} whole numbers."
        )
    first = doc.get("first_player", 0)
    if not (_is_whole(first) and first in range(rules.players)):
        raise ReplayError(
            "'first_player' must be 0 or 1."
            if rules.players == 2
            else f"'first_player' must be a seat from 0 to {rules.players - 1}."
        )
    seed = doc.get("seed")
    if seed is not None and not _is_whole(seed):
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
    game = Game(
        rules,
        seed=seed,
        deck=deck,
        decks=decks,
        scores=scores,
        first_player=first,
        deal_version=version,
    )
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
        "format": f"{FORMAT_PREFIX}{game.deal_version}",
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
                "special_meld": [CARD_CODE[c] for c in pl.special_cards],
                "canastas": canasta_count(pl.melds),
                "opened": pl.opened,
                "hand_score": dict(game.hand_scores[game.side_of(p)]) if game.hand_scores else None,
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
            "frozen_for": [game.pile_is_frozen_for(p) for p in range(game.n_players)],
            "blocked": game.pile_is_blocked(),
        },
        "stock_size": len(game.stock),
        "talons": [[CARD_CODE[c] for c in talon] for talon in game.talons],
        "totals": list(game.totals),
        "error": error,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m game.logic.replay",
        description="Apply a canasta-replay file's actions, stopping at the first illegal one, "
        "and print the position reached as one JSON object (docs/replay-format.md).",
    )
    parser.add_argument("file", help="the replay file (JSON)")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8") as handle:
            doc = json.load(handle)
        result = load_replay(doc)
    except RecursionError:
        print(_bad_replay("The file nests its data too deeply to be a replay."))
        return 1
    except (OSError, ValueError) as exc:
        # ValueError covers ReplayError, RulesError, bad JSON and text that is not UTF-8.
        print(_bad_replay(str(exc)))
        return 1
    print(json.dumps(position_summary(result.game, result.error)))
    return 0


def _bad_replay(message: str) -> str:
    return json.dumps({"error": {"index": None, "code": "bad_replay", "message": message}})


if __name__ == "__main__":
    sys.exit(main())
