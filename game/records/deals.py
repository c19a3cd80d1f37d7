"""Where a game's cards come from: a fresh seed, numbered (tournament) deals, or a past game.

Numbered deals (UG 2.15): sequence n (1-100), game g. The game's seed is the first eight bytes of
SHA-256 over the ASCII text ``canasta numbered deal 1:<n>:<g>``, read as a big-endian unsigned
number and shifted right by one bit (a 63-bit seed, so it fits an SQLite integer). The engine
derives every hand's deck from the seed with its version-stable shuffle, so game g, hand h of
sequence n is the same deal on every computer and every version (numbered deals keep the replay
format they were defined with, `NUMBERED_DEAL_FORMAT`). Only `hashlib` is involved, never
Python's `random`. Replication (UG 4.1.4, 4.5.4) reads a stored game's replay and returns
the same rules, first player and deal source (its seed, or its explicit decks), marked as a
replica of that game.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from game.logic.engine import Game
from game.logic.replay import FORMAT, game_from_replay
from game.logic.rules import Rules

SEQUENCES = range(1, 101)
NUMBERED_LABEL = "canasta numbered deal 1"
SEED_BITS = 63
# The replay format (and so the shuffle) numbered deals are dealt with. Numbered deals must stay
# the same forever: when the replay format gains a new deal version, this stays where it is.
NUMBERED_DEAL_FORMAT = FORMAT


class DealError(ValueError):
    """A deal that cannot be made, with a sentence saying why."""


@dataclass(frozen=True)
class DealSource:
    """How the hands of a game are dealt.

    `seed` drives every hand's shuffle; `deck` and `decks` (card codes, front first) are explicit
    decks for the first and following hands, as in the replay format. Network games deal
    peek-proof and have neither at the start: each deck reaches the record once its hand is
    audited.
    `format` is the replay format whose shuffle turns the seed into decks (None: the current
    one), so a game replicated from an old record is dealt with that record's shuffle.
    """

    seed: int | None = None
    deck: tuple[str, ...] | None = None
    decks: tuple[tuple[str, ...], ...] = ()
    sequence: int | None = None
    game_number: int | None = None
    replicated_from: int | None = None
    format: str | None = None

    @property
    def kind(self) -> str:
        if self.sequence is not None:
            return "numbered"
        if self.deck is not None or self.seed is None:
            return "deck"
        return "seed"


@dataclass(frozen=True)
class GameSetup:
    """Everything that decides a game's deals: the rules, who plays first, the deal source."""

    rules: Rules
    first_player: int
    deal: DealSource

    def replay_start(self) -> dict[str, Any]:
        """The replay document of this game before its first action."""
        deal = self.deal
        doc: dict[str, Any] = {
            "format": deal.format or FORMAT,
            "rules": self.rules.to_dict(),
            "first_player": self.first_player,
        }
        if deal.seed is not None:
            doc["seed"] = deal.seed
        if deal.deck is not None:
            doc["deck"] = list(deal.deck)
        if deal.decks:
            doc["decks"] = [list(d) for d in deal.decks]
        return doc

    def new_game(self) -> Game:
        """The dealt game, built by the replay format itself; needs a seed or an explicit deck."""
        if self.deal.seed is None and self.deal.deck is None:
            raise DealError("This game's deal is not known, so it cannot be dealt again.")
        return game_from_replay(self.replay_start())[0]


def numbered_deal_seed(sequence: int, game_number: int) -> int:
    """The seed of game `game_number` (1, 2, ...) of numbered-deal sequence `sequence` (1-100)."""
    if sequence not in SEQUENCES:
        raise DealError(f"A deal sequence is a number from {SEQUENCES[0]} to {SEQUENCES[-1]}.")
    if game_number < 1:
        raise DealError("Games of a deal sequence are numbered from 1.")
    text = f"{NUMBERED_LABEL}:{sequence}:{game_number}"
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def numbered_deal(sequence: int, game_number: int) -> DealSource:
    return DealSource(
        seed=numbered_deal_seed(sequence, game_number),
        sequence=sequence,
        game_number=game_number,
        format=NUMBERED_DEAL_FORMAT,
    )


def fresh_deal() -> DealSource:
    """A new, unpredictable seed (from the operating system, not Python's `random`)."""
    return DealSource(seed=secrets.randbits(SEED_BITS))


def setup_from_replay(doc: dict[str, Any], replicated_from: int | None = None) -> GameSetup:
    """The setup that deals exactly the hands of the game a replay document describes.

    A game dealt from explicit decks only (a network game) gets a fresh seed for any hand past
    the ones it recorded, so the new game can go on longer than the old one did.
    """
    deck = doc.get("deck")
    seed = doc.get("seed")
    deal = DealSource(
        seed=seed if seed is not None else secrets.randbits(SEED_BITS),
        deck=tuple(deck) if deck is not None else None,
        decks=tuple(tuple(d) for d in doc.get("decks", [])),
        replicated_from=replicated_from,
        format=doc.get("format"),
    )
    return GameSetup(Rules.from_dict(doc.get("rules")), int(doc.get("first_player", 0)), deal)
