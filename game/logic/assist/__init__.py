"""Help for the player at the table, computed from that player's view only: cards in words,
hints explained, "What can I do?", the opening scenario, the going-out warning and the Explore
tools."""

from .choices import describe_choices
from .explain import explain_action, explain_hint
from .explore import (
    Deduction,
    Distribution,
    Place,
    Prediction,
    RankChance,
    Recall,
    deduce,
    distribution,
    predict_opponent,
    recall,
    seen_in_opponent_hand,
)
from .memory import TableMemory
from .names import card_name, cards_text, code_name, codes_text, rank_plural, rank_singular
from .opening import (
    OpeningPlan,
    OpeningScenario,
    PlannedMeld,
    find_opening,
    meldable_points,
    opening_scenario,
    plan_text,
)
from .warning import GoingOutRisk, canasta_shortfall, opponent_may_go_out

__all__ = [
    "Deduction",
    "Distribution",
    "GoingOutRisk",
    "OpeningPlan",
    "OpeningScenario",
    "Place",
    "PlannedMeld",
    "Prediction",
    "RankChance",
    "Recall",
    "TableMemory",
    "canasta_shortfall",
    "card_name",
    "cards_text",
    "code_name",
    "codes_text",
    "deduce",
    "describe_choices",
    "distribution",
    "explain_action",
    "explain_hint",
    "find_opening",
    "meldable_points",
    "opening_scenario",
    "opponent_may_go_out",
    "plan_text",
    "predict_opponent",
    "rank_plural",
    "rank_singular",
    "recall",
    "seen_in_opponent_hand",
]
