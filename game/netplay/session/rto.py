"""Retransmission timeout estimation following RFC 6298: a smoothed round-trip time and its
variance give the timeout, which is clamped to a minimum and maximum and doubled after every
expiry (capped) until a fresh sample arrives. Callers apply Karn's rule by never sampling a
message that was sent more than once, since its acknowledgement cannot be matched to a send."""

from __future__ import annotations

from dataclasses import dataclass

ALPHA = 1 / 8
BETA = 1 / 4
K = 4


@dataclass
class RtoEstimator:
    initial: float = 1.0
    minimum: float = 0.2
    maximum: float = 8.0
    granularity: float = 0.001
    srtt: float | None = None
    rttvar: float | None = None
    rto: float = 0.0
    samples: int = 0
    backoffs: int = 0

    def __post_init__(self) -> None:
        if not 0 < self.minimum <= self.initial <= self.maximum:
            raise ValueError("RTO bounds must satisfy 0 < minimum <= initial <= maximum")
        self.rto = self.initial

    def sample(self, rtt: float) -> None:
        """Fold in one measured round trip (seconds) and recompute the timeout, which also ends
        any backoff: the path has answered again."""
        rtt = max(rtt, 0.0)
        if self.srtt is None or self.rttvar is None:
            self.srtt = rtt
            self.rttvar = rtt / 2
        else:
            # RFC 6298 2.3: RTTVAR uses the old SRTT, so update it first
            self.rttvar = (1 - BETA) * self.rttvar + BETA * abs(self.srtt - rtt)
            self.srtt = (1 - ALPHA) * self.srtt + ALPHA * rtt
        self.samples += 1
        self.backoffs = 0
        self.rto = self._clamp(self.srtt + max(self.granularity, K * self.rttvar))

    def back_off(self) -> None:
        """The timer expired: wait twice as long next time, up to the maximum."""
        self.backoffs += 1
        self.rto = self._clamp(self.rto * 2)

    def _clamp(self, value: float) -> float:
        return min(self.maximum, max(self.minimum, value))
