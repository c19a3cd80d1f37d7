"""The settings of a reliable session (`SessionConfig`: its timers in seconds and its bounds) and
the counters it keeps of what went over the wire (`SessionStats`), shared by its parts."""

from __future__ import annotations

from dataclasses import dataclass

from ..wire.session_messages import WINDOW
from .rto import RtoEstimator


@dataclass(frozen=True)
class SessionConfig:
    """Timers (seconds) and bounds. The defaults suit a card game on a LAN or the internet."""

    heartbeat_interval: float = 1.0
    interrupt_after: float = 3.0  # silence before the "connection interrupted" notice
    reconnect_after: float = 4.0  # silence before the transport is abandoned and redialled
    # silence before the session fails for good: the window to come back in, after a crash too
    give_up_after: float = 120.0
    ack_delay: float = 0.05
    initial_rto: float = 1.0
    min_rto: float = 0.2
    max_rto: float = 8.0
    max_unacked: int = WINDOW

    def __post_init__(self) -> None:
        if (
            not 0
            < self.heartbeat_interval
            < self.interrupt_after
            <= self.reconnect_after
            < self.give_up_after
        ):
            raise ValueError(
                "need 0 < heartbeat_interval < interrupt_after <= reconnect_after < give_up_after"
            )
        if not 0 <= self.ack_delay < self.min_rto:
            raise ValueError(
                "ack_delay must be shorter than min_rto, or every ack would look like a loss"
            )
        if not 1 <= self.max_unacked <= WINDOW:
            raise ValueError(f"max_unacked must be between 1 and the protocol window {WINDOW}")
        RtoEstimator(self.initial_rto, self.min_rto, self.max_rto)  # validates the bounds


@dataclass
class SessionStats:
    frames_sent: int = 0
    frames_received: int = 0
    data_sent: int = 0
    retransmissions: int = 0
    duplicates_received: int = 0
    out_of_order_received: int = 0
    delivered: int = 0
    resumes: int = 0
    transports: int = 0
    bad_frames: int = 0  # sealed frames that failed authentication (altered or forged)
    replays_dropped: int = 0  # sealed frames seen before (link duplicates or replays)
    refused: int = 0  # payloads that broke their schema
    restarts: int = 0  # times the peer's session started over (after a crash)
