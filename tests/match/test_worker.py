"""The computer thinks off the main loop: answers arrive later, stale ones are dropped."""

from __future__ import annotations

from game.logic import Game, player_view
from game.logic.actions import Draw, TakePile
from game.match.worker import DECIDE, HINT, AIWorker


def test_a_worker_process_answers_decisions_and_hints() -> None:
    worker = AIWorker("process")
    try:
        view = player_view(Game(seed=3), 0)
        first = worker.submit(DECIDE, view, level="beginner")
        assert worker.busy
        answers = worker.wait(20)
        assert [a.id for a in answers] == [first]
        assert isinstance(answers[0].action, (Draw, TakePile)) and answers[0].error is None
        worker.submit(HINT, view)
        hint = worker.wait(20)[0]
        assert hint.actions and hint.reason
    finally:
        worker.close()


def test_cancelled_requests_never_answer() -> None:
    worker = AIWorker("process")
    try:
        view = player_view(Game(seed=3), 0)
        worker.submit(DECIDE, view, level="master")
        worker.cancel()
        assert not worker.busy
        kept = worker.submit(DECIDE, view, level="carefree")
        answers = worker.wait(20)
        assert [a.id for a in answers] == [kept]
    finally:
        worker.close()


def test_the_inline_worker_answers_on_the_next_poll() -> None:
    worker = AIWorker("inline")
    request = worker.submit(DECIDE, player_view(Game(seed=5), 0), level="carefree")
    assert [a.id for a in worker.poll()] == [request]
    assert worker.poll() == []


def test_the_worker_process_is_spawned_the_same_way_on_every_platform() -> None:
    worker = AIWorker("process")
    try:
        # "spawn" starts a fresh interpreter: no forked copy of pygame or open sockets, and it
        # works in a frozen app (where fork is unavailable or unsafe).
        assert worker._process._start_method == "spawn"
    finally:
        worker.close()


def test_a_worker_process_that_dies_is_started_again_and_the_question_asked_again() -> None:
    worker = AIWorker("process")
    try:
        view = player_view(Game(seed=3), 0)
        worker._process.kill()  # as if the system had ended it (out of memory)
        worker._process.join(5)
        asked = worker.submit(DECIDE, view, level="carefree")
        answers = worker.wait(30)
        assert [a.id for a in answers] == [asked] and answers[0].action is not None
        assert worker.mode == "process" and worker._process.is_alive()
    finally:
        worker.close()
