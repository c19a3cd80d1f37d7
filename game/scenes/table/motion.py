"""Turning the engine's events into card movements and sounds.

After every action the board knows where each card now belongs; the events say in what order
things happened. `Choreographer.play` gives each moving card a start time from the first event
that mentions it (the deal one card after another, a draw, a meld, the discard...) and a flight
whose length grows with the distance, eased at both ends, turning over on the way when it changes
side; cards no event mentions (the hand closing a gap, re-sorting) slide at once. Sounds are
scheduled on the same clock, so the snap of a card lands with the card. Everything runs on the
animator's clock, so the animation-speed preference and "off" apply to sounds and pauses alike.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from game.logic import events as ev
from game.logic.events import Event
from game.scenes.table.board import LAYER_FLYING, Board, Placement, TableCard
from game.sprites.cards import Tint
from game.sprites.tween import (
    Animation,
    Animator,
    Call,
    Parallel,
    Tween,
    TweenSequence,
    Wait,
    in_out_cubic,
    in_sine,
    out_sine,
)

GATHER_SECONDS = 0.45
DEAL_STEP = 0.055
# A quick deal sends each hand as one block, this long after the one before.
BLOCK_STEP = 0.25
MAX_SOUNDS_AT_ONCE = 3


@dataclass
class _Flight:
    card: int
    delay: float
    placement: Placement


class Choreographer:
    """Schedules sprite flights and sounds for batches of engine events."""

    def __init__(
        self, board: Board, animator: Animator, play_sound: Callable[[str], object]
    ) -> None:
        self.board = board
        self.animator = animator
        self.play_sound = play_sound
        self._sounds: list[tuple[float, str]] = []  # (seconds from now, sound)
        self._flying_order = 0
        # Dealing preferences (User Guide 4.4.5): each hand dealt as a block, and without the
        # sound of the cards.
        self.quick_deal = False
        self.quiet_deal = False

    # -- sounds ---------------------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Advance the sound schedule by `dt` seconds of animation time."""
        if not self._sounds:
            return
        if self.animator.speed == 0:
            self._play_now([name for _at, name in self._sounds])
            self._sounds.clear()
            return
        scaled = dt * self.animator.speed
        due: list[str] = []
        waiting: list[tuple[float, str]] = []
        for at, name in self._sounds:
            if at - scaled <= 0:
                due.append(name)
            else:
                waiting.append((at - scaled, name))
        self._sounds = waiting
        self._play_now(due)

    def _play_now(self, names: Iterable[str]) -> None:
        seen: list[str] = []
        for name in names:
            if name not in seen:
                seen.append(name)
        for name in seen[:MAX_SOUNDS_AT_ONCE]:
            self.play_sound(name)

    def drop_sounds(self) -> None:
        """Skipping ahead: the sounds of skipped movements are not played late."""
        self._sounds.clear()

    @property
    def busy(self) -> bool:
        return self.animator.busy

    def fast_forward(self) -> None:
        self.animator.finish_all()
        self.drop_sounds()

    def _dealing(self, hands: list[list[int]]) -> tuple[list[tuple[float, int]], list[float]]:
        """When each dealt card sets off, and when the deal is heard: one card after another
        round the table (a sound every third card), or with a quick deal each hand as one
        block (a sound each)."""
        if self.quick_deal:
            starts = [(i * BLOCK_STEP, card) for i, hand in enumerate(hands) for card in hand]
            return starts, [i * BLOCK_STEP for i in range(len(hands))]
        order: list[int] = []
        for index in range(max(len(h) for h in hands)):
            order.extend(hand[index] for hand in hands if index < len(hand))
        starts = [(k * DEAL_STEP, card) for k, card in enumerate(order)]
        return starts, [k * DEAL_STEP for k in range(0, len(order), 3)]

    # -- placing --------------------------------------------------------------------------------
    def snap(self, placements: dict[int, Placement]) -> None:
        """Put every card where it belongs at once (a restored game, a new screen size)."""
        for card, placement in placements.items():
            sprite = self.board.sprites[card]
            self.animator.cancel_target(sprite)
            self._apply_look(sprite, placement)
            sprite.pos = (placement.x, placement.y)
            sprite.shown = placement.shown
            self.board.group.change_layer(sprite, placement.layer)

    def _apply_look(self, sprite: TableCard, placement: Placement) -> None:
        sprite.flip_scale = 1.0
        sprite.height = placement.height
        sprite.face_up = placement.face_up
        sprite.tint = placement.tint
        sprite.crosswise = placement.crosswise

    def play(
        self,
        events: list[Event],
        new: dict[int, Placement],
        *,
        human_seat: int = 0,
        turn_cue: bool = True,
    ) -> float:
        """Animate from the board's current placements to `new`; returns the batch's length."""
        old = self.board.placements
        starts: dict[int, float] = {}
        sounds: list[tuple[float, str]] = []
        t = 0.0
        dealt = [e for e in events if e.kind == ev.DEAL]
        gather = bool(dealt)
        if gather:
            sounds.append((0.0, "shuffle"))
            t = GATHER_SECONDS
            dealing, heard = self._dealing([list(e.cards) for e in dealt])
            for at, card in dealing:
                starts.setdefault(card, t + at)
            if not self.quiet_deal:
                sounds.extend((t + at, "deal") for at in heard)
            t += max(at for at, _card in dealing) + DEAL_STEP + 0.15

        def mark(cards: Iterable[int], at: float, stagger: float = 0.0) -> None:
            for i, card in enumerate(cards):
                starts.setdefault(card, at + i * stagger)

        for event in events:
            kind = event.kind
            if kind == ev.DEAL:
                continue
            if kind in (ev.UPCARD, ev.THREE_LAID, ev.DISCARD, ev.UNDO):
                mark(event.cards, t, 0.04)
                sounds.append((t, "place"))
                t += 0.35
            elif kind in (ev.DRAW, ev.TALON):
                mark(event.cards, t, 0.09)
                sounds.append((t, "draw"))
                t += 0.4 + 0.09 * max(0, len(event.cards) - 1)
            elif kind == ev.STOCK_REUSED:
                mark(
                    (
                        c
                        for c, p in new.items()
                        if p.zone.kind == "stock" and c in old and old[c].zone.kind == "pile"
                    ),
                    t,
                )
                sounds.append((t, "shuffle"))
                t += 0.5
            elif kind in (ev.PILE_TAKEN, ev.PILE_RETURNED):
                mark(reversed(event.cards), t, 0.025)
                sounds.append((t, "pile_taken" if kind == ev.PILE_TAKEN else "place"))
                t += 0.45 + 0.025 * len(event.cards)
            elif kind == ev.MELD:
                mark(event.cards, t, 0.05)
                sounds.append((t + 0.2, "meld"))
                t += 0.35 + 0.05 * len(event.cards)
            elif kind == ev.CANASTA:
                mark(event.cards, t)
                sounds.append((t, "canasta"))
                t += 0.45
            elif kind == ev.SPECIAL_MELD:
                mark(event.cards, t, 0.04)
                sounds.append((t + 0.3, "canasta"))
                t += 0.8
            elif kind == ev.HAND_OVER:
                mark(
                    (
                        c
                        for c, p in new.items()
                        if c in old and old[c].face_up != p.face_up and p.zone.kind == "hand"
                    ),
                    t + 0.2,
                    0.02,
                )
                if event.player >= 0:
                    sounds.append((t, "go_out"))
                t += 0.8
            elif kind == ev.GAME_OVER:
                sounds.append((t, "win" if event.player == human_seat else "lose"))
            elif kind == ev.TURN and event.player == human_seat and turn_cue and not gather:
                sounds.append((t, "turn"))

        flights = []
        for card, placement in new.items():
            before = old.get(card)
            if card in starts or gather or before is None or _differs(before, placement):
                flights.append(_Flight(card, starts.get(card, 0.0), placement))
            else:
                sprite = self.board.sprites[card]
                self._apply_look(sprite, placement)
                self.board.group.change_layer(sprite, placement.layer)
        for flight in flights:
            self._fly(flight, gather)
        for at, name in sounds:
            self._sounds.append((at, name))
        if self.animator.speed == 0:
            self.tick(0.0)
        return t

    def _fly(self, flight: _Flight, gather: bool) -> None:
        board = self.board
        sprite = board.sprites[flight.card]
        target = flight.placement
        self.animator.cancel_target(sprite)
        sprite.flip_scale = 1.0
        steps: list[Animation] = []
        delay = flight.delay
        if gather:
            sx, sy = board.geometry.stock_pos
            if sprite.face_up or abs(sprite.x - sx) > 1 or abs(sprite.y - sy) > 1:
                steps.append(
                    self._leg(
                        sprite,
                        (float(sx), float(sy)),
                        board.geometry.pile_height,
                        False,
                        None,
                        GATHER_SECONDS * 0.9,
                        shown=sprite.shown,
                    )
                )
                delay = max(0.0, delay - GATHER_SECONDS)
        if delay > 0:
            steps.append(Wait(delay))
        steps.append(
            self._leg(
                sprite,
                (target.x, target.y),
                target.height,
                target.face_up,
                target.tint,
                None,
                shown=target.shown,
            )
        )
        steps.append(Call(functools.partial(self._land, sprite, target)))
        self.animator.add(_CardRun(sprite, *steps))

    def _leg(
        self,
        sprite: TableCard,
        pos: tuple[float, float],
        height: int,
        face_up: bool,
        tint: Tint | None,
        duration: float | None,
        *,
        shown: bool,
    ) -> TweenSequence:
        """One flight: lift above everything, glide (turning over if needed), keep the look."""
        state: dict[str, object] = {}

        def lift() -> None:
            self._flying_order += 1
            self.board.group.change_layer(sprite, LAYER_FLYING + self._flying_order % 1000)
            sprite.flip_scale = 1.0
            sprite.height = height
            sprite.shown = sprite.shown or shown
            state["flip"] = sprite.face_up != face_up
            if not state["flip"]:
                sprite.tint = tint
            start = sprite.pos
            distance = math.hypot(pos[0] - start[0], pos[1] - start[1])
            scale = self.board.geometry.scale
            length = (
                duration
                if duration is not None
                else min(0.6, max(0.2, 0.17 + distance / (2300.0 * scale)))
            )
            move = Tween(sprite, length, easing=in_out_cubic, pos=pos)
            parts: list[Animation] = [move]
            if state["flip"]:
                half = length / 2
                parts.append(
                    TweenSequence(
                        Tween(sprite, half, easing=in_sine, flip_scale=0.0),
                        Call(lambda: _turn(sprite, face_up, tint)),
                        Tween(sprite, half, easing=out_sine, flip_scale=1.0),
                    )
                )
            runner.steps.append(Parallel(*parts))

        runner = TweenSequence(Call(lift))
        return runner

    def _land(self, sprite: TableCard, placement: Placement) -> None:
        self._apply_look(sprite, placement)
        sprite.pos = (placement.x, placement.y)
        sprite.shown = placement.shown
        self.board.group.change_layer(sprite, placement.layer)


class _CardRun(TweenSequence):
    """A card's whole journey; it names the sprite from the start (even while it waits for its
    turn in the deal), so a newer journey for the same card cancels it."""

    def __init__(self, sprite: TableCard, *steps: Animation) -> None:
        super().__init__(*steps)
        self.sprite = sprite

    def targets(self) -> Iterable[object]:
        if not self.done:
            yield self.sprite


def _turn(sprite: TableCard, face_up: bool, tint: Tint | None) -> None:
    sprite.face_up = face_up
    sprite.tint = tint


def _differs(a: Placement, b: Placement) -> bool:
    return (
        abs(a.x - b.x) > 0.5
        or abs(a.y - b.y) > 0.5
        or a.face_up != b.face_up
        or a.height != b.height
        or a.shown != b.shown
    )
