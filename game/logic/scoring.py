"""Scoring a hand (RULES.md section 6) with a full per-item breakdown.

Every player's hand score is a dict with the same items, in the order the scoresheet shows them:
``melded``, ``canasta_bonus``, ``going_out``, ``threes``, ``in_hand``, ``penalties`` and ``total``
(their sum). Deductions are negative numbers. A player who went out with a special meld scores its
bonus under ``going_out`` and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from .cards import ACE, CARD_POINTS, CARD_RANK, IS_RED_THREE, SEVEN, WILD
from .hand.player_state import PlayerState
from .melds import CANASTA_SIZE, canasta_bonus, canasta_count
from .rules import Rules

ITEMS: Final = ("melded", "canasta_bonus", "going_out", "threes", "in_hand", "penalties")
ALL_THREES_VALUES: Final = (0, 100, 300, 500, 1000)


def threes_score(rules: Rules, threes: Sequence[int], melds: Mapping[int, Sequence[int]]) -> int:
    """The bonus (or penalty, when negative) for a player's laid-down Threes."""
    if not threes:
        return 0
    if rules.all_threes_equal:
        red = sum(IS_RED_THREE[c] for c in threes)
        black = len(threes) - red
        value = ALL_THREES_VALUES[min(red, 4)] + ALL_THREES_VALUES[min(black, 4)]
        canastas = canasta_count(melds)
        if canastas >= 2:
            return value
        return 0 if canastas == 1 else -value
    red = sum(IS_RED_THREE[c] for c in threes)
    value = 800 if red >= 4 else 100 * red
    if melds:
        return value
    # Without the penalty, the Red Threes of a player who has not melded count nothing.
    return -value if rules.red_three_penalty else 0


def uncompleted_penalty(
    rules: Rules, melds: Mapping[int, Sequence[int]], hand: Sequence[int]
) -> int:
    """Modern penalties for unfinished Ace, Seven and wild melds and Aces/Sevens left in hand."""
    if not rules.uncompleted_canasta_penalties:
        return 0
    penalty = 0
    for key, cards in melds.items():
        if len(cards) < CANASTA_SIZE:
            if key in (ACE, SEVEN):
                penalty -= 2500
            elif key == WILD:
                penalty -= 2000
    for rank in (ACE, SEVEN):
        if sum(1 for c in hand if CARD_RANK[c] == rank) >= 3:
            penalty -= 1500
    return penalty


def score_player(
    rules: Rules,
    hand: Sequence[int],
    melds: Mapping[int, Sequence[int]],
    threes: Sequence[int],
    returns: int,
    going_out: int,
) -> dict[str, int]:
    """The breakdown for one player; `going_out` is the going-out bonus they earned (or 0)."""
    melded = sum(CARD_POINTS[c] for cards in melds.values() for c in cards)
    bonus = sum(canasta_bonus(rules, key, cards) for key, cards in melds.items())
    if (
        rules.canasta_required_for_positive_score
        and canasta_count(melds) < rules.canastas_to_go_out
    ):
        melded, bonus = -melded, 0
    score = {
        "melded": melded,
        "canasta_bonus": bonus,
        "going_out": going_out,
        "threes": threes_score(rules, threes, melds),
        "in_hand": -sum(CARD_POINTS[c] for c in hand),
        "penalties": -returns * rules.discard_return_penalty
        + uncompleted_penalty(rules, melds, hand),
    }
    score["total"] = sum(score.values())
    return score


def special_meld_score(bonus: int) -> dict[str, int]:
    """The breakdown of a player who went out with a special meld: its bonus and nothing else."""
    score = dict.fromkeys(ITEMS, 0)
    score["going_out"] = bonus
    score["total"] = bonus
    return score


def score_hand(
    rules: Rules,
    players: Sequence[PlayerState],
    went_out: int | None,
    went_out_bonus: bool,
    concealed: bool,
    special: tuple[int, str, int] | None,
    sides: int = 2,
    side_penalties: Sequence[int] = (),
) -> list[dict[str, int]]:
    """Every side's breakdown as a hand ends, by side (a seat's side is seat % `sides`; each seat
    is its own side unless four play as partners). `special` is (seat, name, bonus) of a special
    meld that ended the hand; `went_out_bonus` says whether the player who went out had the
    canastas to earn the going-out bonus, doubled when they went out `concealed`. Partners share
    the side's melds and Threes; both their hands count against it and both their returned piles;
    `side_penalties` are other penalties by side (a broken "Yes" to "May I go out?")."""
    scores = []
    for side in range(sides):
        seats = range(side, len(players), sides)
        if special is not None and special[0] % sides == side:
            scores.append(special_meld_score(special[2]))
            continue
        bonus = 0
        if went_out is not None and went_out % sides == side and went_out_bonus:
            bonus = rules.going_out_bonus * (2 if concealed else 1)
        player = players[side]
        if len(seats) == 1:
            score = score_player(
                rules, player.hand, player.melds, player.threes, player.returns, bonus
            )
        else:
            score = _score_partners(rules, [players[p] for p in seats], bonus)
        if side_penalties and side_penalties[side]:
            score["penalties"] -= side_penalties[side]
            score["total"] -= side_penalties[side]
        scores.append(score)
    return scores


def _score_partners(
    rules: Rules, partners: Sequence[PlayerState], going_out: int
) -> dict[str, int]:
    """A partnership's breakdown: the side's melds and Threes once, every partner's hand, each
    partner's Aces and Sevens left in hand judged in that hand (RULES.md 9.1)."""
    first = partners[0]
    returns = sum(partner.returns for partner in partners)
    score = score_player(rules, first.hand, first.melds, first.threes, returns, going_out)
    for partner in partners[1:]:
        score["in_hand"] -= sum(CARD_POINTS[c] for c in partner.hand)
        score["penalties"] += uncompleted_penalty(rules, {}, partner.hand)
    score["total"] = sum(v for k, v in score.items() if k != "total")
    return score
