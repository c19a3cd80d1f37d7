"""Hand-made games for the records tests: hands with chosen totals, written through the recorder."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.logic import Game, NextHand, Rules, legal_actions
from game.logic.scoring import ITEMS
from game.records import (
    DealSource,
    Ending,
    GameSetup,
    HandRecord,
    Opponent,
    Records,
    start_game,
)

MINIMAL_REPLAY = {"format": "canasta-replay/1", "seed": 1, "actions": []}


def score(total: int) -> dict[str, int]:
    """A breakdown whose items add up to `total` (all of it melded)."""
    out = dict.fromkeys(ITEMS, 0)
    out["melded"] = total
    out["total"] = total
    return out


def hand(
    hand_no: int,
    totals: tuple[int, int],
    went_out: int | None = None,
    canastas: tuple[int, int] = (0, 0),
    pile_takes: tuple[int, int] = (0, 0),
    turns: int = 20,
) -> HandRecord:
    """A hand by seat: `totals[0]` is seat 0's score."""
    return HandRecord(
        hand_no=hand_no,
        scores=(score(totals[0]), score(totals[1])),
        went_out=went_out,
        reason="went_out" if went_out is not None else "stock_out",
        turns=turns,
        canastas=canastas,
        pile_takes=pile_takes,
    )


def add_game(
    records: Records,
    opponent: Opponent,
    hands: Sequence[HandRecord],
    winner: int | None,
    *,
    seat: int = 0,
    rules: Rules | None = None,
    ending: Ending = Ending.OVER,
    restarted: bool = False,
    practice: bool = False,
    deal: DealSource | None = None,
    profile_id: int | None = None,
) -> int:
    """Record a finished game with these hands; returns its id."""
    setup = GameSetup(rules or Rules(), 0, deal or DealSource(seed=7))
    recorder = start_game(
        records,
        setup,
        opponent,
        seat,
        restarted=restarted,
        practice=practice,
        profile_id=profile_id,
    )
    totals = (sum(h.totals[0] for h in hands), sum(h.totals[1] for h in hands))
    assert recorder.finish_with(hands, totals, winner, MINIMAL_REPLAY, ending) is not None
    assert recorder.game_id is not None
    return recorder.game_id


def play_game(seed: int, rules: Rules, hands: int = 30) -> Game:
    """A real game played by random legal moves (melds preferred) until over or `hands` dealt."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while game.phase != "game_over" and game.hand_no <= hands:
        if game.phase == "hand_over":
            if game.hand_no == hands:
                break
            game.apply(NextHand())
            continue
        actions = legal_actions(game)
        building = [a for a in actions if a.type in ("meld", "take_pile")]
        pick = building if building and rng.random() < 0.7 else actions
        game.apply(rng.choice(pick))
    return game
