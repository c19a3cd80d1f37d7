"""Delivery: how payloads cross a session exactly once and in order, whatever the connections
under it do. Payloads carry session-wide sequence numbers; the receiver acknowledges
cumulatively (with a short delay so the ack rides on the answer, or at once for duplicates and
gaps, plus a few selective acks) and hands payloads on in order, setting aside any that break
their schema; the sender keeps every payload until it is acknowledged and retransmits on an
RFC 6298 timeout that honours Karn's rule, and replays what is unacknowledged on a new
connection. `Delivery` decides what to send; the session seals and sends it."""

from __future__ import annotations

import contextlib
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.logic.phrase import phrase

from ..errors import ProtocolError, SessionError
from ..wire.framing import MAX_FRAME, encode_body, encode_frame
from ..wire.payloads import REFUSAL, PayloadRegistry, from_wire, to_wire
from ..wire.session_messages import MAX_REASON_CHARS, MAX_SACK, WINDOW, Ack, Data, pack_message
from ..wire.text import clean_text
from .config import SessionConfig, SessionStats
from .events import Delivered, Event, PayloadRefused, RefusedByPeer
from .rto import RtoEstimator

# payloads breaking their schema within the window before the connection is dropped (the game
# goes on and resumes on a new one)
MAX_REFUSED = 20
REFUSED_WINDOW = 60.0
# In-order messages wait up to `ack_delay` for an ack to ride on data going back (a move
# answered at once); only this many unacknowledged ones make it go out at once on its own.
ACK_EVERY = 16
_DATA_RUN_BYTES = MAX_FRAME // 2  # payloads one DATA may carry together
_log = logging.getLogger(__name__)


@dataclass
class Outgoing:
    seq: int
    payload: list[Any]
    first_sent: float | None = None
    last_sent: float | None = None
    transmissions: int = 0
    sacked: bool = False
    resend: bool = False  # replay on a fresh transport at the first chance
    # may still give a round-trip sample: sent once (Karn's rule), and not in flight while
    # another message was retransmitted, since its ack may then wait for the gap to fill
    timed: bool = True


class Delivery:
    """The sequence numbers, acks and retransmissions of one session. `report` takes the events
    for the program (delivered payloads, refusals); `peer_label` names the peer in them
    (`opening=True`: "The host" to open a sentence while its name is not known)."""

    def __init__(
        self,
        config: SessionConfig,
        registry: PayloadRegistry,
        rto: RtoEstimator,
        stats: SessionStats,
        report: Callable[[Event], None],
        peer_label: Callable[..., str],
    ) -> None:
        self._config = config
        self._registry = registry
        self._rto = rto
        self._stats = stats
        self._report = report
        self._peer_label = peer_label
        # sending
        self._next_seq = 1
        self._highest_sent = 0
        self._peer_acked = 0
        self._unacked: dict[int, Outgoing] = {}
        # receiving
        self._received = 0
        self._out_of_order: dict[int, list[Any] | None] = {}  # None: set aside
        self._ack_due: float | None = None
        self._ack_now = False
        self._unacked_in = 0
        self._refused_at: deque[float] = deque()

    # -- state ---------------------------------------------------------------------------------
    @property
    def received(self) -> int:
        """The highest sequence number received with everything before it."""
        return self._received

    @property
    def unacked_count(self) -> int:
        return len(self._unacked)

    @property
    def out_of_order_count(self) -> int:
        return len(self._out_of_order)

    def due_now(self) -> bool:
        """Something must go out at the next poll: an ack, or a message never sent (or to be
        replayed on this connection)."""
        return self._ack_now or any(
            item.last_sent is None or item.resend for item in self._unacked.values()
        )

    def deadlines(self) -> list[float]:
        """When a delayed ack or a retransmission falls due."""
        times = [] if self._ack_due is None else [self._ack_due]
        rto = self._rto.rto
        times.extend(
            item.last_sent + rto
            for item in self._unacked.values()
            if item.last_sent is not None and not item.sacked
        )
        return times

    # -- sending -------------------------------------------------------------------------------
    def queue(self, payload: list[Any]) -> int:
        """Take a payload to deliver; returns its sequence number. Raises `SessionError` for a
        payload the peer could not read, or when too many wait for their ack."""
        try:
            self._registry.validate(payload)
            encode_frame(pack_message(Data(self._next_seq, self._next_seq, payload)))
        except ProtocolError as error:
            raise SessionError(f"cannot send this payload: {error.message}") from None
        if len(self._unacked) >= self._config.max_unacked:
            raise SessionError(
                "Too many messages are waiting for the other player; try again shortly."
            )
        seq = self._next_seq
        self._next_seq += 1
        self._unacked[seq] = Outgoing(seq, payload)
        return seq

    def outgoing(self, now: float, last_heard: float) -> list[Data | Ack]:
        """The DATA due now (new, replayed and timed-out messages, consecutive ones sharing one
        header) and the ACK if one is due; `last_heard` is when the peer last spoke."""
        messages: list[Data | Ack] = []
        timed_out = False
        run: list[Outgoing] = []  # consecutive messages going out now, sent as one DATA
        run_bytes = 0
        for item in self._unacked.values():
            if item.last_sent is None or item.resend:
                pass
            elif not item.sacked and now >= item.last_sent + self._rto.rto:
                timed_out = True
                self._stats.retransmissions += 1
            else:
                continue
            if item.first_sent is None:
                item.first_sent = now
            item.last_sent = now
            item.transmissions += 1
            item.resend = False
            self._highest_sent = max(self._highest_sent, item.seq)
            size = len(encode_body(to_wire(item.payload)))
            if run and (run[-1].seq + 1 != item.seq or run_bytes + size > _DATA_RUN_BYTES):
                messages.append(self._data(run))
                run, run_bytes = [], 0
            run.append(item)
            run_bytes += size
            self._stats.data_sent += 1
        if run:
            messages.append(self._data(run))
        if timed_out:
            if now - last_heard >= self._rto.rto:
                # backing off is for a path gone quiet; a peer heard from within the timeout
                # is there, and the message was lost at random: try again as soon
                self._rto.back_off()
            for item in self._unacked.values():
                item.timed = False
        if self._ack_now or (self._ack_due is not None and now >= self._ack_due):
            sack = tuple(sorted(self._out_of_order)[:MAX_SACK])
            messages.append(Ack(self._received, sack))
            self._clear_ack()
        return messages

    def _data(self, run: list[Outgoing]) -> Data:
        payloads = [to_wire(item.payload) for item in run]
        data = Data(run[0].seq, self._received, payloads[0], tuple(payloads[1:]))
        if not self._out_of_order:
            self._clear_ack()  # the DATA carries the ack
        return data

    def _clear_ack(self) -> None:
        self._ack_now = False
        self._ack_due = None
        self._unacked_in = 0

    # -- receiving -----------------------------------------------------------------------------
    def on_data(self, data: Data, now: float) -> None:
        self.on_ack(data.ack, (), now)
        for offset, payload in enumerate((data.payload, *data.more)):
            self._on_payload(data.seq + offset, payload, now)

    def _on_payload(self, seq: int, wire_payload: Any, now: float) -> None:
        if seq <= self._received or seq in self._out_of_order:
            # our ack was probably lost: say it again at once
            self._stats.duplicates_received += 1
            self._ack_now = True
            return
        if seq > self._received + WINDOW:
            raise ProtocolError(
                "window", f"message {seq} is beyond the window (delivered up to {self._received})"
            )
        payload: list[Any] | None = None
        try:
            payload = self._registry.validate(from_wire(wire_payload))
        except ProtocolError as error:
            self._refuse_payload(error, now)  # set aside: counted as received, never delivered
        if seq != self._received + 1:
            self._out_of_order[seq] = payload
            self._stats.out_of_order_received += 1
            self._ack_now = True
            return
        self._deliver(seq, payload)
        while self._received + 1 in self._out_of_order:
            self._deliver(self._received + 1, self._out_of_order.pop(self._received + 1))
        self._unacked_in += 1
        if self._unacked_in >= ACK_EVERY:
            self._ack_now = True
        elif self._ack_due is None:
            self._ack_due = now + self._config.ack_delay

    def _deliver(self, seq: int, payload: list[Any] | None) -> None:
        self._received = seq
        if payload is None:
            return
        if payload[0] == REFUSAL:
            text = clean_text(str(payload[2]), MAX_REASON_CHARS)
            who = self._peer_label(opening=True)
            self._report(
                RefusedByPeer(
                    clean_text(str(payload[1]), 40),
                    phrase(
                        "{name} could not accept a message from this game: {reason}",
                        name=who,
                        reason=text,
                    ),
                )
            )
            return
        self._stats.delivered += 1
        self._report(Delivered(seq, payload))

    def _refuse_payload(self, error: ProtocolError, now: float) -> None:
        self._stats.refused += 1
        recent = self._refused_at
        recent.append(now)
        while recent and recent[0] <= now - REFUSED_WINDOW:
            recent.popleft()
        if len(recent) > MAX_REFUSED:
            recent.clear()
            raise ProtocolError(
                "flood", f"more than {MAX_REFUSED} of its messages broke the protocol's rules"
            )
        text = phrase(
            "A message from {name} was set aside: {reason}",
            name=self._peer_label(),
            reason=error.message[:MAX_REASON_CHARS],
        )
        _log.warning("%s (%s)", text, error.code)
        self._report(PayloadRefused(error.code, text))
        with contextlib.suppress(SessionError):  # too many waiting: the peer is not told
            self.queue([REFUSAL, error.code[:40] or "refused", error.message[:MAX_REASON_CHARS]])

    def on_ack(
        self, ack: int, sack: tuple[int, ...] | list[int], now: float, *, timed: bool = True
    ) -> None:
        """Take the peer's acks. `timed` False for an ack learnt on resuming: what it covers
        waited across a dropped connection and says nothing of the path's round trip."""
        if ack > self._highest_sent:
            raise ProtocolError(
                "bad_ack", f"ack for message {ack}, but only {self._highest_sent} were sent"
            )
        sample = None
        if ack > self._peer_acked:
            for seq in range(self._peer_acked + 1, ack + 1):
                item = self._unacked.pop(seq, None)
                if item is not None and self._can_time(item):
                    sample = now - item.first_sent  # type: ignore[operator]
            self._peer_acked = ack
        for seq in sack:
            if seq > self._highest_sent:
                raise ProtocolError("bad_ack", f"selective ack for message {seq}, never sent")
            item = self._unacked.get(seq)
            if item is not None and not item.sacked:
                item.sacked = True
                if self._can_time(item):
                    sample = now - item.first_sent  # type: ignore[operator]
                item.timed = False
        if sample is not None and timed:
            self._rto.sample(sample)

    @staticmethod
    def _can_time(item: Outgoing) -> bool:
        # Karn's rule: the ack of a message sent twice cannot be matched to either send
        return item.timed and item.transmissions == 1 and item.first_sent is not None

    # -- connections ---------------------------------------------------------------------------
    def new_connection(self) -> None:
        """A fresh transport: its handshake tells the peer what was received, so no ack is
        owed on it yet."""
        self._ack_now = False
        self._ack_due = None

    def replay_unacked(self) -> None:
        """Send again, on this connection, everything the peer has not acknowledged."""
        for item in self._unacked.values():
            if item.last_sent is not None:
                item.resend = True
                item.timed = False
            item.sacked = False  # the peer's buffer survived, but being sure costs little

    def restart(self) -> None:
        """The peer's session is gone (it crashed and started again): number the messages
        from 1 on both sides. What was in flight is the game layer's to resend on rejoin."""
        self._next_seq = 1
        self._highest_sent = 0
        self._peer_acked = 0
        self._unacked.clear()
        self._received = 0
        self._out_of_order.clear()
        self._clear_ack()
        self._stats.restarts += 1

    def drop_all(self) -> None:
        """The session ended: nothing more is sent or delivered."""
        self._unacked.clear()
        self._out_of_order.clear()
