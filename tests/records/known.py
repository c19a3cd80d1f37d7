"""A hand-made history whose statistics are worked out by hand in the tests.

Ann plays seven games (from seat 0), in this order:

    g1 beginner  won  5100-3000  3 hands, out 2, canastas 2+1+3
    g2 beginner  lost 2000-5200  2 hands, out 0, canastas 1+0
    g3 advanced  won  5050-4900  2 hands, out 2, canastas 2+2   (Modern American)
    g4 advanced  abandoned 500-300
    g5 advanced  won  6000-1000  1 hand,  out 1, canastas 7     restarted
    g6 Bob (network) lost 4000-5500  1 hand, out 0, canastas 2
    g7 beginner  won  5000-4990  1 hand,  out 1, canastas 4     practice tools

Cy plays two games against master: c1 won 7100-500 (hands of 3000 and 4100, canastas 3 and 6)
and c2 lost 300-5000, replicated from g1. The login's own profile plays nothing.
"""

from __future__ import annotations

from game.logic import Rules
from game.records import (
    DealSource,
    Ending,
    Opponent,
    Records,
    create_profile,
    switch_profile,
)

from .history import add_game, hand

BEGINNER = Opponent.computer("beginner")
ADVANCED = Opponent.computer("advanced")
MASTER = Opponent.computer("master")


def build(records: Records) -> dict[str, int]:
    ann = create_profile(records, "Ann")
    cy = create_profile(records, "Cy")
    switch_profile(records, ann.id)
    ids: dict[str, int] = {"ann": ann.id, "cy": cy.id}
    ids["g1"] = add_game(
        records,
        BEGINNER,
        [
            hand(1, (2000, 1000), went_out=0, canastas=(2, 1)),
            hand(2, (1500, 1000), went_out=1, canastas=(1, 2)),
            hand(3, (1600, 1000), went_out=0, canastas=(3, 0)),
        ],
        0,
    )
    ids["g2"] = add_game(
        records,
        BEGINNER,
        [
            hand(1, (1000, 2600), went_out=1, canastas=(1, 3)),
            hand(2, (1000, 2600), went_out=1, canastas=(0, 2)),
        ],
        1,
    )
    ids["g3"] = add_game(
        records,
        ADVANCED,
        [
            hand(1, (2500, 2450), went_out=0, canastas=(2, 2)),
            hand(2, (2550, 2450), went_out=0, canastas=(2, 1)),
        ],
        0,
        rules=Rules.modern_american(),
    )
    ids["g4"] = add_game(records, ADVANCED, [hand(1, (500, 300))], None, ending=Ending.ABANDONED)
    ids["g5"] = add_game(
        records,
        ADVANCED,
        [hand(1, (6000, 1000), went_out=0, canastas=(7, 1))],
        0,
        restarted=True,
    )
    ids["g6"] = add_game(
        records,
        Opponent.peer("Bob"),
        [hand(1, (4000, 5500), went_out=1, canastas=(2, 4))],
        1,
    )
    ids["g7"] = add_game(
        records,
        BEGINNER,
        [hand(1, (5000, 4990), went_out=0, canastas=(4, 4))],
        0,
        practice=True,
    )
    ids["c1"] = add_game(
        records,
        MASTER,
        [
            hand(1, (3000, 200), went_out=0, canastas=(3, 0)),
            hand(2, (4100, 300), went_out=0, canastas=(6, 0)),
        ],
        0,
        profile_id=cy.id,
    )
    ids["c2"] = add_game(
        records,
        MASTER,
        [hand(1, (300, 5000), went_out=1, canastas=(0, 5))],
        1,
        deal=DealSource(seed=7, replicated_from=ids["g1"]),
        profile_id=cy.id,
    )
    return ids
