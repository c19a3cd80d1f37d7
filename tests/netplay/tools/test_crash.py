"""Kill -9 of either side at a random moment, then `--resume PATH --autopilot LEVEL` with
nothing else: the game finishes on both sides with the same state hash. The tool runs 20 or more
rounds per side (`python -m game.netplay.tools.crash`); the suite runs one round each."""

from __future__ import annotations

import random

import pytest

from game.netplay.tools.crash import play_round


@pytest.mark.parametrize("victim, seed", [("host", 3), ("guest", 4)])
def test_a_side_killed_mid_game_resumes_to_the_same_final_state(tmp_path, victim, seed):
    outcome = play_round(0, victim, "beginner", random.Random(seed), tmp_path)
    assert outcome.killed, "the kill came before the game ended"
    assert outcome.identical, outcome.problem
