"""Tweens: smooth changes of attributes over time, stepped by the frame's `dt` in seconds.

An easing function maps progress 0..1 to eased progress (0 at the start, 1 at the end). A `Tween`
moves one or more attributes of a target (a sprite's `x`, an FRect's `center`, an alpha value)
from where they are when it starts to given end values. `TweenSequence` and `Parallel` combine
animations; `Wait` and `Call` are the pauses and side effects between steps. An `Animator` runs
many of them at once under one speed factor: 0 turns animation off (everything lands at once),
2 runs at double speed. Nothing here reads a clock, so tests step time with a fixed `dt`.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any

Easing = Callable[[float], float]

_EPSILON = 1e-9


def linear(t: float) -> float:
    return t


def in_quad(t: float) -> float:
    return t * t


def out_quad(t: float) -> float:
    return t * (2.0 - t)


def in_out_quad(t: float) -> float:
    return 2.0 * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 2 / 2.0


def in_cubic(t: float) -> float:
    return t * t * t


def out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4.0 * t * t * t if t < 0.5 else 1.0 - (-2.0 * t + 2.0) ** 3 / 2.0


def in_sine(t: float) -> float:
    return 1.0 - math.cos(t * math.pi / 2.0)


def out_sine(t: float) -> float:
    return math.sin(t * math.pi / 2.0)


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1.0) / 2.0


_BACK = 1.70158


def in_back(t: float) -> float:
    return (_BACK + 1.0) * t * t * t - _BACK * t * t


def out_back(t: float) -> float:
    u = t - 1.0
    return 1.0 + (_BACK + 1.0) * u * u * u + _BACK * u * u


def out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1.0 / d:
        return n * t * t
    if t < 2.0 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "in_quad": in_quad,
    "out_quad": out_quad,
    "in_out_quad": in_out_quad,
    "in_cubic": in_cubic,
    "out_cubic": out_cubic,
    "in_out_cubic": in_out_cubic,
    "in_sine": in_sine,
    "out_sine": out_sine,
    "in_out_sine": in_out_sine,
    "in_back": in_back,
    "out_back": out_back,
    "out_bounce": out_bounce,
}


def get_easing(easing: Easing | str) -> Easing:
    if callable(easing):
        return easing
    try:
        return EASINGS[easing]
    except KeyError:
        raise ValueError(f"unknown easing {easing!r}; known: {', '.join(EASINGS)}") from None


def _lerp(start: Any, end: Any, t: float) -> Any:
    if isinstance(start, (int, float)):
        return start + (end - start) * t
    # Sequences (tuples, Vector2, colours) interpolate element by element and keep their type.
    values = [a + (b - a) * t for a, b in zip(start, end, strict=False)]
    try:
        return type(start)(values)
    except TypeError:
        return tuple(values)


class Animation(ABC):
    """Something that changes over time. `update(dt)` returns the part of `dt` it did not need
    (non-zero only once it is done), so a sequence can hand the rest of a frame to the next step."""

    def __init__(self, on_done: Callable[[], None] | None = None) -> None:
        self.on_done = on_done
        self.done = False
        self.cancelled = False

    @abstractmethod
    def update(self, dt: float) -> float:
        """Advance by `dt` seconds; the part of `dt` not needed (non-zero only once done)."""

    @abstractmethod
    def finish(self) -> None:
        """Jump to the end state now, running callbacks as if time had passed."""

    def cancel(self) -> None:
        """Stop where it is; no end state, no `on_done`."""
        self.done = True
        self.cancelled = True

    def targets(self) -> Iterable[object]:
        return ()

    def _complete(self) -> None:
        if self.done:
            return
        self.done = True
        if self.on_done is not None:
            self.on_done()


class Tween(Animation):
    """Moves attributes of `target` to the given end values over `duration` seconds.

    Start values are read when the tween begins (after `delay`), not when it is made, so a
    tween queued in a sequence starts from wherever the previous step left the target.
    `on_update(p)` receives the eased progress each step, which also makes value tweens
    without a target possible (see `tween_value`).
    """

    def __init__(
        self,
        target: object | None,
        duration: float,
        *,
        easing: Easing | str = out_cubic,
        delay: float = 0.0,
        on_update: Callable[[float], None] | None = None,
        on_done: Callable[[], None] | None = None,
        **end_values: Any,
    ) -> None:
        super().__init__(on_done)
        if duration < 0 or delay < 0:
            raise ValueError("duration and delay must not be negative")
        if end_values and target is None:
            raise ValueError("attributes to tween need a target")
        self.target = target
        self.duration = float(duration)
        self.delay = float(delay)
        self.easing = get_easing(easing)
        self.on_update = on_update
        self.end_values = end_values
        self.start_values: dict[str, Any] = {}
        self.elapsed = 0.0
        self.started = False

    @property
    def progress(self) -> float:
        """Linear progress 0..1 of the active part (after the delay)."""
        if self.duration == 0:
            return 1.0 if self.done else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def targets(self) -> Iterable[object]:
        return (self.target,) if self.target is not None else ()

    def _start(self) -> None:
        self.started = True
        self.start_values = {name: getattr(self.target, name) for name in self.end_values}

    def _apply(self, t: float) -> None:
        eased = self.easing(t) if t < 1.0 else 1.0
        for name, end in self.end_values.items():
            setattr(
                self.target, name, end if t >= 1.0 else _lerp(self.start_values[name], end, eased)
            )
        if self.on_update is not None:
            self.on_update(eased)

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed < self.delay - _EPSILON:
            return 0.0
        if not self.started:
            self._start()
        active = self.elapsed - self.delay
        # The epsilon absorbs float drift from summing frame times (0.1 + 0.2 != 0.3).
        if active < self.duration - _EPSILON:
            self._apply(active / self.duration)
            return 0.0
        self._apply(1.0)
        self._complete()
        return max(0.0, active - self.duration)

    def finish(self) -> None:
        if self.done:
            return
        if not self.started:
            self._start()
        self.elapsed = self.delay + self.duration
        self._apply(1.0)
        self._complete()


def tween_value(
    start: float,
    end: float,
    duration: float,
    setter: Callable[[float], None],
    **kwargs: Any,
) -> Tween:
    """A tween of a bare number: `setter` receives each new value (the last one is `end`)."""
    return Tween(None, duration, on_update=lambda p: setter(start + (end - start) * p), **kwargs)


class Wait(Tween):
    """A pause of `duration` seconds, for use inside a `TweenSequence`."""

    def __init__(self, duration: float, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(None, duration, easing=linear, on_done=on_done)


class Call(Animation):
    """Runs `func` once, taking no time: a side effect at a point in a sequence (play a sound,
    turn a card face up)."""

    def __init__(self, func: Callable[[], None]) -> None:
        super().__init__(func)

    def update(self, dt: float) -> float:
        self._complete()
        return dt

    def finish(self) -> None:
        self._complete()


class TweenSequence(Animation):
    """Runs animations one after another; leftover time of a finished step flows into the next."""

    def __init__(self, *steps: Animation, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(on_done)
        self.steps: list[Animation] = list(steps)
        self.index = 0

    def targets(self) -> Iterable[object]:
        for step in self.steps[self.index :]:
            yield from step.targets()

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        while self.index < len(self.steps):
            step = self.steps[self.index]
            dt = step.update(dt)
            if not step.done:
                return 0.0
            self.index += 1
        self._complete()
        return dt

    def finish(self) -> None:
        if self.done:
            return
        while self.index < len(self.steps):
            self.steps[self.index].finish()
            self.index += 1
        self._complete()

    def cancel(self) -> None:
        for step in self.steps[self.index :]:
            step.cancel()
        super().cancel()


class Parallel(Animation):
    """Runs animations together; done when the longest is done."""

    def __init__(self, *parts: Animation, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(on_done)
        self.parts: list[Animation] = list(parts)

    def targets(self) -> Iterable[object]:
        for part in self.parts:
            if not part.done:
                yield from part.targets()

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        leftover = dt
        for part in self.parts:
            if part.done:
                continue
            leftover = min(leftover, part.update(dt))
        if all(part.done for part in self.parts):
            self._complete()
            return leftover
        return 0.0

    def finish(self) -> None:
        if self.done:
            return
        for part in self.parts:
            part.finish()
        self._complete()

    def cancel(self) -> None:
        for part in self.parts:
            part.cancel()
        super().cancel()


class Animator:
    """Steps every running animation by `dt * speed`.

    `speed` is the player's animation-speed preference as a factor; 0 means animation is off,
    so anything added lands on its end state at once (callbacks included). `finish_all`
    fast-forwards everything, for example when the player clicks to skip or a test wants the
    final layout.
    """

    # Callbacks may start new animations while finishing; this bounds a runaway chain.
    MAX_FINISH_ROUNDS = 1000

    def __init__(self, speed: float = 1.0) -> None:
        self._running: list[Animation] = []
        self._speed = 1.0
        self.speed = speed

    @property
    def speed(self) -> float:
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        if value < 0:
            raise ValueError("speed must not be negative")
        self._speed = float(value)
        if self._speed == 0:
            self.finish_all()

    @property
    def busy(self) -> bool:
        return any(not a.done for a in self._running)

    def __len__(self) -> int:
        return sum(1 for a in self._running if not a.done)

    def add(self, animation: Animation) -> Animation:
        self._running.append(animation)
        if self._speed == 0:
            self.finish_all()
        return animation

    def tween(self, target: object | None, duration: float, **kwargs: Any) -> Tween:
        """Shorthand: make a `Tween` with these arguments and add it."""
        tween = Tween(target, duration, **kwargs)
        self.add(tween)
        return tween

    def update(self, dt: float) -> None:
        if self._speed == 0:
            self.finish_all()
            return
        scaled = dt * self._speed
        # Iterate over a copy: callbacks may add animations, which start next frame.
        for animation in list(self._running):
            if not animation.done:
                animation.update(scaled)
        self._running = [a for a in self._running if not a.done]

    def finish_all(self) -> None:
        for _ in range(self.MAX_FINISH_ROUNDS):
            pending = [a for a in self._running if not a.done]
            if not pending:
                break
            for animation in pending:
                animation.finish()
        self._running = [a for a in self._running if not a.done]

    def cancel_all(self) -> None:
        for animation in self._running:
            animation.cancel()
        self._running.clear()

    def cancel_target(self, target: object) -> int:
        """Cancel the animations that move `target` (before it gets a new destination)."""
        count = 0
        for animation in self._running:
            if not animation.done and any(t is target for t in animation.targets()):
                animation.cancel()
                count += 1
        self._running = [a for a in self._running if not a.done]
        return count
