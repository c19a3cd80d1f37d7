"""Help for the player at the table, computed from that player's view only: cards in words,
hints explained, "What can I do?", the opening scenario, the going-out warning, the Explore
tools, the tutorial and the practice tools."""

from .choices import describe_choices
from .coach import coach
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
    recall_and_deduce,
    seen_in_opponent_hand,
)
from .memory import TableMemory
from .names import card_name, cards_text, code_name, codes_text, rank_plural, rank_singular
from .narration import narrate
from .opening import (
    OpeningPlan,
    OpeningScenario,
    PlannedMeld,
    find_opening,
    meldable_points,
    opening_scenario,
    plan_text,
)
from .practice import PracticeChange, doctor_hand, practice_refusal, swap_hands
from .tutorial import (
    PARTNERSHIP_NOTES,
    RULE_NOTES,
    TWO_HAND_NOTES,
    RuleNote,
    Tutorial,
    TutorialStep,
    notes_for,
)
from .warning import GoingOutRisk, canasta_shortfall, likeliest_to_go_out, opponent_may_go_out

__all__ = [
    "PARTNERSHIP_NOTES",
    "RULE_NOTES",
    "TWO_HAND_NOTES",
    "Deduction",
    "Distribution",
    "GoingOutRisk",
    "OpeningPlan",
    "OpeningScenario",
    "Place",
    "PlannedMeld",
    "PracticeChange",
    "Prediction",
    "RankChance",
    "Recall",
    "RuleNote",
    "TableMemory",
    "Tutorial",
    "TutorialStep",
    "canasta_shortfall",
    "card_name",
    "cards_text",
    "coach",
    "code_name",
    "codes_text",
    "deduce",
    "describe_choices",
    "distribution",
    "doctor_hand",
    "explain_action",
    "explain_hint",
    "find_opening",
    "likeliest_to_go_out",
    "meldable_points",
    "narrate",
    "notes_for",
    "opening_scenario",
    "opponent_may_go_out",
    "plan_text",
    "practice_refusal",
    "predict_opponent",
    "rank_plural",
    "rank_singular",
    "recall",
    "recall_and_deduce",
    "seen_in_opponent_hand",
    "swap_hands",
]
