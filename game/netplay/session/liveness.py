"""Liveness: the clocks of one session. It keeps when the peer was last heard and when this side
last sent, sends the heartbeat and takes round-trip samples from its answers, paces the guest's
repeated opening, and says when a silence has gone on too long: long enough to tell the player
the connection is interrupted, to abandon the current transport (a fresh one gets its own
allowance for the handshake), or to give up. It keeps times and answers deadlines; the session
changes its status and its transport as they say."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.logic.phrase import phrase

from ..wire.session_messages import Ping
from .config import SessionConfig
from .events import Failed, Interrupted
from .handshake import Role
from .rto import RtoEstimator

Deadlines = tuple[float | None, float | None, float | None]


def _handshake_allowance(cfg: SessionConfig, rto: RtoEstimator) -> float:
    # two round trips, each perhaps retransmitted: a few timeouts, and never less than a
    # quarter of the give-up limit, since a slow line's timeouts are not yet measured
    return max(cfg.reconnect_after, 4 * rto.rto, cfg.give_up_after / 4)


def _hello_cap(cfg: SessionConfig, rto: RtoEstimator) -> float:
    # about a round trip: the line's own when measured, else twice the first timeout
    srtt = rto.srtt
    if srtt is None:
        return min(cfg.max_rto, 2 * cfg.initial_rto)
    return min(cfg.max_rto, max(2 * srtt, cfg.min_rto))


@dataclass(frozen=True)
class Alarm:
    """What the silence calls for now: give up with `failure` (nothing else then), tell the
    player the connection is `interrupted`, and/or abandon the current transport (`reset`)."""

    failure: Failed | None = None
    interrupted: Interrupted | None = None
    reset: bool = False


class Liveness:
    """The silence timers, heartbeat and HELLO pacing of one session. `peer_label` names the
    peer in the sentences it writes."""

    def __init__(
        self,
        role: Role,
        config: SessionConfig,
        rto: RtoEstimator,
        peer_label: Callable[[], str],
    ) -> None:
        self._role = role
        self._config = config
        self._rto = rto
        self._peer_label = peer_label
        self.started_at: float | None = None  # the give-up clock's start before any handshake
        self.last_heard = 0.0
        self.hello_due = 0.0
        self.refusal: Failed | None = None  # guest: the host asked it to wait before trying
        self._transport_since = 0.0
        self._hello_interval = config.initial_rto
        self._last_sent = float("-inf")
        self._ping: tuple[int, float] | None = None
        self._pings_sent = 0

    def new_transport(self, now: float) -> None:
        """A transport came up at `now`: its handshake allowance and the opening start now."""
        self._transport_since = now
        self._ping = None
        if self.started_at is None:
            self.started_at = now
        self.hello_due = now
        # the opening is repeated about once a round trip, not at a timeout backed off by the
        # losses that killed the last connection: two round trips must succeed before play
        srtt = self._rto.srtt
        self._hello_interval = self._rto.rto if srtt is None else min(self._rto.rto, 1.5 * srtt)

    def start(self, now: float) -> None:
        """A guest's give-up clock runs from its first attempt, even if no dial ever connects."""
        if self.started_at is None:
            self.started_at = now

    def progress(self, now: float) -> None:
        """The key exchange took a step: the handshake allowance restarts."""
        self._transport_since = max(self._transport_since, now)

    def heard(self, now: float) -> None:
        self.last_heard = now

    def sent(self, now: float) -> None:
        self._last_sent = now

    @property
    def heartbeat_due(self) -> float:
        return self._last_sent + self._config.heartbeat_interval

    def ping(self, now: float) -> Ping | None:
        """The heartbeat to send now, if this side has been quiet for its interval."""
        if now < self.heartbeat_due:
            return None
        # a small number tells the PONG to this PING from older ones: one byte where a time
        # in milliseconds took five
        self._pings_sent += 1
        stamp = self._pings_sent % 128
        self._ping = (stamp, now)
        return Ping(stamp)

    def pong(self, stamp: int, now: float) -> None:
        if self._ping is not None and self._ping[0] == stamp:
            self._rto.sample(now - self._ping[1])
            self._ping = None

    def hello_sent(self, now: float) -> None:
        self.hello_due = now + self._hello_interval
        self._hello_interval = min(self._hello_interval * 2, _hello_cap(self._config, self._rto))

    def deadlines(
        self, *, established: bool, connected: bool, armed: bool, steady: bool
    ) -> Deadlines:
        """(give up, interrupted notice, abandon transport) times, or None where not armed.
        `armed`: a transport is up and not being abandoned; `steady`: its handshake is done and
        the peer has spoken on it. The timer checks and the session's `next_deadline` share
        these sums so float rounding cannot make a deadline pass without its timer firing."""
        cfg = self._config
        give_up = interrupt = reset = None
        if established:
            give_up = self.last_heard + cfg.give_up_after
            if connected:
                interrupt = self.last_heard + cfg.interrupt_after
            if armed:
                # a fresh transport gets its own allowance for the handshake, which takes two
                # round trips: on a slow line, a few retransmission timeouts
                if steady:
                    reset = self.last_heard + cfg.reconnect_after
                else:
                    start = max(self.last_heard, self._transport_since)
                    reset = start + _handshake_allowance(cfg, self._rto)
        elif self._role is Role.GUEST and self.started_at is not None:
            give_up = self.started_at + cfg.give_up_after
            if armed:
                reset = self._transport_since + _handshake_allowance(cfg, self._rto)
        return give_up, interrupt, reset

    def alarm(self, now: float, deadlines: Deadlines, *, established: bool) -> Alarm:
        """What the `deadlines` that have passed by `now` call for."""
        give_up, interrupt, reset = deadlines
        if give_up is not None and now >= give_up:
            seconds = f"{self._config.give_up_after:g}"
            if established:
                text = phrase(
                    "No word from {name} for {seconds} seconds: the connection is lost.",
                    name=self._peer_label(),
                    seconds=seconds,
                )
                return Alarm(Failed("timeout", text))
            if self.refusal is not None:
                return Alarm(self.refusal)
            return Alarm(
                Failed(
                    "unreachable",
                    phrase("The host did not answer within {seconds} seconds.", seconds=seconds),
                )
            )
        interrupted = None
        if interrupt is not None and now >= interrupt:
            text = phrase(
                "The connection to {name} is interrupted; trying to reconnect.",
                name=self._peer_label(),
            )
            interrupted = Interrupted(now - self.last_heard, text)
        return Alarm(None, interrupted, reset is not None and now >= reset)
