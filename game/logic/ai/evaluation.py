"""The search's judgement of an unfinished hand: the expected final score margin.

`value(game, seat)` is a linear function of features of the table and of each player's cards (the
difference between the seat and its opponent; with four players between the two sides, with three
between the seat and the average of the others), with weights fitted by least squares on positions
from Advanced-against-Advanced hands, against the margin those hands finally ended with
(`python -m tools.fit_evaluation` refits them). A finished hand is worth its true margin. The
features read everything in the game they are given, so the search only calls this on its own
determinized worlds, never on the real game.
"""

from __future__ import annotations

from typing import Final

from ..cards import CARD_POINTS, CARD_RANK, IS_WILD, THREE
from ..engine import Game
from ..melds import CANASTA_SIZE, canasta_bonus
from ..phases import GAME_OVER, HAND_OVER
from ..scoring import threes_score, uncompleted_penalty

FEATURES: Final = (
    "melded",  # card points on the table
    "canasta_bonus",  # bonuses of the finished canastas
    "near_canastas",  # melds of five or six cards
    "small_melds",  # melds of three or four cards
    "threes",  # the Threes' bonus or penalty as things stand
    "hand_points",  # card points held (a debt if the opponent goes out)
    "late_hand_points",  # the same, weighted by how close the stock is to running out
    "hand_size",
    "wilds_held",
    "pairs_held",  # natural pairs (chances to take the pile)
    "sets_held",  # three or more naturals of a rank (a meld in waiting)
    "layoffs_held",  # cards that fit one of the player's own melds
    "opened",
    "may_go_out",  # has the canastas needed to go out
    "penalties",  # Modern penalties for unfinished Ace, Seven and wild melds
    "pile_to_move",  # the pile's size, for the player to move
)

# Fitted by tools/fit_evaluation.py (one set of weights per preset and number of players; other
# rule sets use the weights of their nearest preset).
WEIGHTS: Final[dict[str, tuple[float, ...]]] = {
    "classic": (
        1.3469,
        0.8753,
        153.3686,
        95.0966,
        1.0419,
        0.6097,
        -3.3142,
        40.3668,
        35.3097,
        -6.8702,
        -32.472,
        -16.8896,
        -138.4756,
        105.0616,
        0.0,
        -2.6169,
    ),
    "modern_american": (
        3.2897,
        0.6163,
        156.3175,
        -134.1081,
        1.0373,
        4.6084,
        -2.1024,
        121.985,
        -307.6537,
        49.0822,
        239.9178,
        145.1957,
        1105.1671,
        787.7213,
        0.7299,
        -1.9594,
    ),
    "classic/3": (
        1.5327,
        1.2739,
        202.5378,
        110.9326,
        1.0046,
        1.5398,
        -4.1647,
        84.3436,
        -7.7615,
        6.5812,
        -154.084,
        -50.1194,
        117.3929,
        -78.6037,
        0.0,
        5.4202,
    ),
    "modern_american/3": (
        1.1478,
        1.1855,
        124.6402,
        -29.0268,
        0.6184,
        4.3835,
        -2.9812,
        39.6638,
        -185.1872,
        97.5659,
        183.1076,
        163.0903,
        857.83,
        118.7748,
        0.5574,
        19.1915,
    ),
    "classic/4": (
        1.3818,
        0.9766,
        77.0099,
        39.5745,
        0.9614,
        0.7339,
        -2.4005,
        -5.9435,
        84.3467,
        20.4461,
        60.2045,
        26.8555,
        -133.4194,
        -1.8474,
        0.0,
        0.476,
    ),
    "modern_american/4": (
        2.2525,
        0.9428,
        197.4559,
        -38.7012,
        0.3583,
        2.4096,
        1.3936,
        -26.4991,
        52.2786,
        88.1797,
        185.606,
        217.0422,
        539.2344,
        625.0632,
        0.6804,
        -0.156,
    ),
}


def player_features(game: Game, p: int) -> list[float]:
    """The features of player `p`, excluding the shared pile term."""
    rules = game.rules
    player = game.players[p]
    melded = bonus = near = small = 0.0
    for key, cards in player.melds.items():
        melded += sum(CARD_POINTS[c] for c in cards)
        size = len(cards)
        if size >= CANASTA_SIZE:
            bonus += canasta_bonus(rules, key, cards)
        elif size >= 5:
            near += 1
        else:
            small += 1
    counts: dict[int, int] = {}
    wilds = layoffs = 0
    points = 0
    for card in player.hand:
        points += CARD_POINTS[card]
        if IS_WILD[card]:
            wilds += 1
            continue
        rank = CARD_RANK[card]
        if rank in player.melds:
            layoffs += 1
        elif rank != THREE:
            counts[rank] = counts.get(rank, 0) + 1
    pairs = sum(1 for n in counts.values() if n == 2)
    sets = sum(1 for n in counts.values() if n >= 3)
    late = max(0.0, 1.0 - len(game.stock) / 40.0)
    return [
        melded,
        bonus,
        near,
        small,
        float(threes_score(rules, player.threes, player.melds)),
        points,
        points * late,
        len(player.hand),
        wilds,
        pairs,
        sets,
        layoffs,
        float(player.opened),
        float(player.canastas() >= rules.canastas_to_go_out),
        float(uncompleted_penalty(rules, player.melds, player.hand)),
        0.0,
    ]


# The features that describe a side's table (shared by partners) rather than a player's hand.
TABLE_FEATURES: Final = frozenset(
    (
        "melded",
        "canasta_bonus",
        "near_canastas",
        "small_melds",
        "threes",
        "opened",
        "may_go_out",
    )
)
_TABLE: Final = tuple(name in TABLE_FEATURES for name in FEATURES)
_PENALTIES: Final = FEATURES.index("penalties")


def features(game: Game, seat: int) -> list[float]:
    """The features of the position for `seat`: its own minus its opponent's. With four
    players, its side's minus the other side's: the table once, the hands of both partners
    (both are caught in hand). With three, its own minus the average of the two others'."""
    n = game.n_players
    mine = player_features(game, seat)
    if n == 2:
        theirs = player_features(game, 1 - seat)
    elif n == 4:
        partner = player_features(game, (seat + 2) % 4)
        left = player_features(game, (seat + 1) % 4)
        right = player_features(game, (seat + 3) % 4)
        mine = [m if table else m + p for m, p, table in zip(mine, partner, _TABLE, strict=True)]
        theirs = [a if table else a + b for a, b, table in zip(left, right, _TABLE, strict=True)]
        # Modern penalties: the side's unfinished melds once, each partner's hand of its own.
        for side, first in ((mine, seat), (theirs, (seat + 1) % 4)):
            melds = game.players[first].melds
            side[_PENALTIES] -= uncompleted_penalty(game.rules, melds, ())
    else:
        others = [player_features(game, (seat + k) % n) for k in range(1, n)]
        theirs = [sum(values) / len(others) for values in zip(*others, strict=True)]
    diff = [a - b for a, b in zip(mine, theirs, strict=True)]
    diff[-1] = len(game.pile) * (1.0 if game.to_move == seat else -1.0)
    return diff


def table_name(preset: str, players: int) -> str:
    """The WEIGHTS entry of a preset at a number of players ("classic", "classic/4")."""
    return preset if players == 2 else f"{preset}/{players}"


def weights_for(game: Game) -> tuple[float, ...]:
    return WEIGHTS[table_name(game.rules.nearest_preset(), game.n_players)]


def value(game: Game, seat: int) -> float:
    """The expected final margin of the hand for `seat` (exact once the hand is over: its
    side's score less the best other side's)."""
    if game.phase in (HAND_OVER, GAME_OVER) and game.hand_scores:
        scores = game.hand_scores
        if len(scores) == 2:
            side = seat % 2
            return float(scores[side]["total"] - scores[1 - side]["total"])
        best_other = max(s["total"] for i, s in enumerate(scores) if i != seat)
        return float(scores[seat]["total"] - best_other)
    estimate = sum(w * f for w, f in zip(weights_for(game), features(game, seat), strict=True))
    return estimate - game.rules.discard_return_penalty * returns_margin(game, seat)


def returns_margin(game: Game, seat: int) -> float:
    """How many more piles the seat's side has given back this hand than its opponents (each
    costs `discard_return_penalty` at the end of the hand, whatever else happens): against the
    other side with two sides, against the average of the others with three."""
    n = game.n_players
    side = game.side_of(seat)
    given_back = [0] * game.n_sides
    for p in range(n):
        given_back[game.side_of(p)] += game.players[p].returns
    others = [given_back[s] for s in range(game.n_sides) if s != side]
    return given_back[side] - sum(others) / len(others)
