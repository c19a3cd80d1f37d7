"""Tweens and the animator: easing shapes, stepping by dt, sequences, speed and fast-forward."""

from __future__ import annotations

import pytest

from game.sprites.tween import (
    EASINGS,
    Animator,
    Call,
    Parallel,
    Tween,
    TweenSequence,
    Wait,
    get_easing,
    tween_value,
)


class Thing:
    def __init__(self) -> None:
        self.x = 0.0
        self.pos = (0.0, 0.0)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_zero_and_ends_at_one(name: str) -> None:
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_out_back_overshoots_before_settling() -> None:
    assert max(EASINGS["out_back"](i / 100) for i in range(101)) > 1.0


def test_unknown_easing_name_is_an_error() -> None:
    with pytest.raises(ValueError):
        get_easing("wobble")


def test_tween_reaches_its_end_value_exactly_after_its_duration() -> None:
    thing = Thing()
    tween = Tween(thing, 0.5, easing="linear", x=100.0)
    for _ in range(4):
        tween.update(0.1)
    assert thing.x == pytest.approx(80.0)
    assert not tween.done
    leftover = tween.update(0.25)
    assert tween.done
    assert thing.x == 100.0
    assert leftover == pytest.approx(0.15)


def test_tween_waits_for_its_delay_and_reads_the_start_value_then() -> None:
    thing = Thing()
    tween = Tween(thing, 1.0, easing="linear", delay=0.5, x=10.0)
    tween.update(0.4)
    thing.x = 5.0  # moved by something else during the delay
    tween.update(0.1)
    tween.update(0.5)
    assert thing.x == pytest.approx(7.5)


def test_tween_interpolates_tuples_element_by_element() -> None:
    thing = Thing()
    tween = Tween(thing, 1.0, easing="linear", pos=(10.0, -20.0))
    tween.update(0.5)
    assert thing.pos == pytest.approx((5.0, -10.0))
    assert isinstance(thing.pos, tuple)


def test_on_done_runs_once() -> None:
    calls: list[str] = []
    tween = Tween(Thing(), 0.1, x=1.0, on_done=lambda: calls.append("done"))
    tween.update(0.2)
    tween.update(0.2)
    tween.finish()
    assert calls == ["done"]


def test_value_tween_reports_values_through_a_setter() -> None:
    seen: list[float] = []
    tween = tween_value(100.0, 200.0, 1.0, seen.append, easing="linear")
    tween.update(0.25)
    tween.update(1.0)
    assert seen == [pytest.approx(125.0), 200.0]


def test_sequence_hands_leftover_time_to_the_next_step() -> None:
    thing = Thing()
    order: list[str] = []
    seq = TweenSequence(
        Tween(thing, 0.2, easing="linear", x=10.0),
        Call(lambda: order.append("middle")),
        Tween(thing, 0.2, easing="linear", x=20.0),
    )
    seq.update(0.3)  # 0.2 for the first tween, 0.1 into the second
    assert order == ["middle"]
    assert thing.x == pytest.approx(15.0)
    seq.update(0.1)
    assert seq.done and thing.x == 20.0


def test_parallel_is_done_when_the_longest_part_is() -> None:
    a, b = Thing(), Thing()
    group = Parallel(Tween(a, 0.1, x=1.0), Tween(b, 0.3, x=1.0))
    group.update(0.2)
    assert a.x == 1.0 and not group.done
    group.update(0.2)
    assert group.done and b.x == 1.0


def test_animator_steps_everything_with_dt_times_speed() -> None:
    thing = Thing()
    animator = Animator(speed=2.0)
    animator.add(Tween(thing, 1.0, easing="linear", x=100.0))
    animator.update(0.25)
    assert thing.x == pytest.approx(50.0)
    animator.update(0.25)
    assert thing.x == 100.0
    assert not animator.busy


def test_speed_zero_finishes_animations_instantly() -> None:
    thing = Thing()
    done: list[bool] = []
    animator = Animator(speed=0.0)
    animator.add(
        TweenSequence(Wait(3.0), Tween(thing, 2.0, x=42.0), Call(lambda: done.append(True)))
    )
    assert thing.x == 42.0
    assert done == [True]
    assert not animator.busy


def test_setting_speed_to_zero_lands_running_animations() -> None:
    thing = Thing()
    animator = Animator()
    animator.add(Tween(thing, 1.0, x=9.0))
    animator.update(0.1)
    animator.speed = 0
    assert thing.x == 9.0 and not animator.busy


def test_finish_all_fast_forwards_including_animations_started_by_callbacks() -> None:
    thing = Thing()
    animator = Animator()

    def chain() -> None:
        animator.add(Tween(thing, 5.0, x=300.0))

    animator.add(Tween(thing, 1.0, x=100.0, on_done=chain))
    animator.add(Wait(10.0))
    animator.finish_all()
    assert thing.x == 300.0
    assert len(animator) == 0


def test_cancel_target_stops_only_that_targets_animations() -> None:
    a, b = Thing(), Thing()
    animator = Animator()
    animator.add(Tween(a, 1.0, x=10.0))
    animator.add(Tween(b, 1.0, x=10.0))
    assert animator.cancel_target(a) == 1
    animator.update(1.0)
    assert a.x == 0.0 and b.x == 10.0


def test_negative_speed_or_duration_is_rejected() -> None:
    with pytest.raises(ValueError):
        Animator(speed=-1)
    with pytest.raises(ValueError):
        Tween(Thing(), -0.1, x=1.0)
