"""The computer at a seat: AutoPilot as a decision source that never blocks the network peer,
answered by the same worker as the opponent and hints, and a plain move when all else fails."""

from __future__ import annotations

from game.logic import Game, legal_actions, player_view
from game.logic.actions import Draw, NextHand
from game.logic.phases import HAND_OVER
from game.match.computer import WorkerPilot, safe_action
from game.match.worker import AIWorker


def test_autopilot_says_not_yet_until_the_worker_answers_then_plays_that_move() -> None:
    worker = AIWorker("inline")
    pilot = WorkerPilot(worker, "carefree")
    view = player_view(Game(seed=3), 0)
    assert pilot.choose(view, 0.0) is None and pilot.thinking
    for result in worker.poll():
        assert pilot.receive(result)
    action = pilot.choose(view, 0.0)
    assert action is not None and not pilot.thinking
    assert action in legal_actions(Game(seed=3))


def test_autopilot_starts_the_next_hand_at_once() -> None:
    import dataclasses

    view = dataclasses.replace(player_view(Game(seed=3), 0), phase=HAND_OVER)
    assert WorkerPilot(AIWorker("inline"), "carefree").choose(view, 0.0) == NextHand()


def test_a_refused_autopilot_move_is_not_played_again_for_the_same_view() -> None:
    worker = AIWorker("inline")
    pilot = WorkerPilot(worker, "carefree")
    game = Game(seed=3)
    game.apply(Draw())
    view = player_view(game, 0)  # many discards to choose from
    pilot.choose(view, 0.0)
    for result in worker.poll():
        pilot.receive(result)
    first = pilot.choose(view, 0.0)
    assert first is not None
    pilot.refused(first, "illegal", "No.")
    second = pilot.choose(view, 0.0)
    assert second is not None and second != first


def test_the_plain_move_draws_when_it_can() -> None:
    assert safe_action(Game(seed=1)) == Draw()
