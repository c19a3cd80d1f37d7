"""The search's position evaluation and the heuristic's care not to strand its own turn."""

import ast
import random

import pytest

from game.logic import Game, Rules
from game.logic.actions import Discard, UndoTurn
from game.logic.ai import evaluation, heuristic
from game.logic.phases import PLAY
from tests.helpers.paths import GAME
from tests.helpers.scenario import position, random_position
from tests.helpers.tools import load_tool


@pytest.mark.parametrize("preset", ["classic", "modern_american"])
def test_evaluation_is_zero_sum(preset):
    for seed in range(30):
        game = random_position(Rules.preset(preset), seed, steps=seed * 4)
        assert evaluation.value(game, 0) == pytest.approx(-evaluation.value(game, 1))


@pytest.mark.parametrize("preset", ["classic", "modern_american"])
def test_at_four_the_evaluation_is_a_sides_and_partners_share_it(preset):
    weight = evaluation.WEIGHTS[evaluation.table_name(preset, 4)][-1]
    for seed in range(20):
        game = random_position(Rules.preset(preset, 4), seed, steps=seed * 5)
        mover = game.to_move
        values = [evaluation.value(game, (mover + k) % 4) for k in range(4)]
        assert values[0] == pytest.approx(-values[1])
        # Partners differ only by who is to move on the pile.
        assert values[0] - values[2] == pytest.approx(2 * weight * len(game.pile))


def test_a_finished_hand_is_worth_its_true_margin():
    rng = random.Random(5)
    game = Game(Rules.preset("classic"), seed=5)
    while game.phase in ("draw", "play"):
        game.apply(heuristic.choose(game, heuristic.ADVANCED, rng))
    scores = [game.hand_scores[p]["total"] for p in (0, 1)]
    assert evaluation.value(game, 0) == scores[0] - scores[1]


def test_evaluation_prefers_a_canasta_to_the_same_cards_in_hand():
    rules = Rules.preset("classic")
    melded = position(
        rules, hands=("4C 9D", "5H 6H 8S"), melds=({"K": "KC KD KH KS KC KD KH"}, {"Q": "QC QD QH"})
    )
    held = position(
        rules, hands=("4C 9D KC KD KH KS", "5H 6H 8S"), melds=({"K": "KC KD KH"}, {"Q": "QC QD QH"})
    )
    assert evaluation.value(melded, 0) > evaluation.value(held, 0) + 200


def test_weights_cover_every_feature_of_both_presets_at_every_table():
    assert set(evaluation.WEIGHTS) == {
        evaluation.table_name(preset, players)
        for preset in ("classic", "modern_american")
        for players in (2, 3, 4)
    }
    for weights in evaluation.WEIGHTS.values():
        assert len(weights) == len(evaluation.FEATURES)
        assert any(w != 0 for w in weights)


def _finish_turn(game):
    """Let the Advanced heuristic play the mover's turn; the actions it chose."""
    rng = random.Random(1)
    mover, chosen = game.to_move, []
    while game.phase == PLAY and game.to_move == mover and len(chosen) < 20:
        action = heuristic.choose(game, heuristic.ADVANCED, rng)
        chosen.append(action)
        game.apply(action)
    return chosen


def test_no_meld_leaves_only_cards_that_may_not_be_discarded():
    # Modern rules forbid an Ace or a Seven onto an empty pile: melding the Tens would leave
    # 7S 7D, and the turn could only be taken back.
    game = position(
        Rules.preset("modern_american"),
        phase=PLAY,
        hands=("7S 7D 10S 10C 10C", "5H 6H 8S 9S"),
        melds=({"J": "JD JS JC", "A": "AS AC AS", "Q": "QS QH 2H"}, {}),
        opened=(True, False),
    )
    chosen = _finish_turn(game)
    assert not any(isinstance(a, UndoTurn) for a in chosen)
    assert isinstance(chosen[-1], Discard) and chosen[-1].card.startswith("10")


def test_opening_plan_puts_no_wild_card_on_pure_sevens():
    # 4s with two wild cards make 90; the Sevens cannot take the other Twos (pure Aces and
    # Sevens), so 7s alone reach 105 < 125: the plan must find another way or not open.
    game = position(
        Rules.preset("modern_american"),
        phase=PLAY,
        hands=("4S 2S 4H 4D 2D 7D QC 7S 4C JK 2C 9C AC 7H", "5H 6H 8S 9S"),
    )
    plan = heuristic._opening_plan(game)
    if plan is not None:
        for key, cards in plan:
            if key == 7:
                assert not any(heuristic.IS_WILD[c] for c in cards)
    chosen = _finish_turn(game)
    assert not any(isinstance(a, UndoTurn) for a in chosen)
    assert isinstance(chosen[-1], Discard)


def _fit_tool():
    return load_tool("fit_evaluation")


def test_least_squares_recovers_the_weights_of_an_exact_fit():
    rng = random.Random(3)
    truth = [2.0, -1.5, 0.25]
    x = [[rng.uniform(-5, 5) for _ in truth] for _ in range(40)]
    y = [sum(w * f for w, f in zip(truth, row, strict=True)) for row in x]
    weights = _fit_tool().least_squares(x, y)
    assert weights == pytest.approx(truth, abs=1e-6)


def test_least_squares_gives_a_feature_that_never_varies_no_weight():
    x = [[float(k), 0.0] for k in range(1, 6)]
    y = [3.0 * k for k in range(1, 6)]
    weights = _fit_tool().least_squares(x, y)
    assert weights == pytest.approx([3.0, 0.0], abs=1e-6)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fit_positions_carry_every_feature_and_a_final_margin(players):
    rows, targets = _fit_tool().positions(("classic", 5, 2, players))
    assert rows and len(rows) == len(targets)
    assert all(len(row) == len(evaluation.FEATURES) for row in rows)


def test_fit_tool_rewrites_the_weights_table_of_evaluation_py():
    source = (GAME / "logic" / "ai" / "evaluation.py").read_text()
    table = {"classic": (1.5,) * len(evaluation.FEATURES), "modern_american": (-2.0, 0.25)}
    tool = _fit_tool()
    text = tool.replace_weights(source, table)
    assigned = next(
        node
        for node in ast.parse(text).body
        if isinstance(node, ast.AnnAssign) and getattr(node.target, "id", "") == "WEIGHTS"
    )
    assert ast.literal_eval(assigned.value) == table
    # Nothing but the table changes, laid out as the formatter keeps it.
    assert tool.replace_weights(source, dict(evaluation.WEIGHTS)) == source
    assert tool.WEIGHTS_TABLE.sub("", text) == tool.WEIGHTS_TABLE.sub("", source)
    with pytest.raises(ValueError, match="WEIGHTS table"):
        tool.replace_weights("WEIGHTS = {}\n", table)
