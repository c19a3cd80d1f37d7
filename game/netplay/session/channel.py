"""The peer's traffic on the current connection, and what breaking the protocol costs it.

`Channel` is one transport's traffic, in frames. Bytes from a stream are cut into frames here.
Until its key exchange is done only the exchange (and a REJECT) can travel, in the clear; after,
everything is sealed, and everything sent between two flushes goes out sealed together in as
few frames as it fits, so a turn of several moves pays for one length, counter and tag. Frames
the peer sealed are opened here: a replayed one is dropped, a forged one is reported to the
caller. On a datagram link a message out of place is dropped, on a byte stream it breaks the
protocol. A new transport gets a new channel.

`Conduct` is how the session answers a peer that breaks the protocol, over all its
connections. Before the channel is proven a broken frame costs the connection, never the game:
a stranger's garbage can at most lose its own connection. After, each frame the authenticated
peer gets wrong (malformed, oversized, too deep, out of range) is refused with a notice and the
game goes on; a stream that lost its place, a flood, too many such frames within a window, or
too many forged ones cost the current connection (never the game), which the guest redials and
resumes. Only a payload the game layer cannot accept, or the peer's own BYE, ends the game.
`Conduct` counts and words; the session sends and drops as it says."""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgpack

from game.logic.phrase import phrase

from ..errors import ProtocolError
from ..wire.framing import MAX_FRAME, FrameDecoder, decode_body, encode_body, encode_frame
from ..wire.session_messages import (
    MAX_REASON_CHARS,
    PLAIN_KINDS,
    Kind,
    Message,
    Sealed,
    pack_message,
)
from .config import SessionStats
from .events import Event, Failed, GuestTurnedAway, PayloadRefused
from .secure import Opener, Sealer

_BATCH_HEADER = 5  # the largest msgpack array header a flush may need
MAX_BAD_FRAMES = 16  # frames failing to open before a connection is given up
# frames from the authenticated peer that break the protocol: this many within the window make
# the session drop that connection (never the game) and wait for the peer to resume
MAX_BAD_INPUT = 8
BAD_INPUT_WINDOW = 30.0
_log = logging.getLogger(__name__)


def _array_header(count: int) -> bytes:
    header: bytes = msgpack.Packer().pack_array_header(count)
    return header


class Channel:
    """The frames to read from and write to one transport and the keys that seal and open
    them. `datagram` says frames may arrive lost, duplicated or reordered (the in-memory link);
    `decoder` holds bytes already read from a stream; `stats` counts the frames."""

    def __init__(
        self, stats: SessionStats, *, datagram: bool = False, decoder: FrameDecoder | None = None
    ) -> None:
        self._stats = stats
        self.datagram = datagram
        self._decoder = decoder or FrameDecoder()
        self._sealer: Sealer | None = None
        self._opener: Opener | None = None
        self._out: list[bytes] = []
        self._batch: list[bytes] = []  # message bodies to seal together at the next flush

    @property
    def buffered(self) -> int:
        """Bytes read from the stream that do not make a whole frame yet."""
        return self._decoder.buffered

    def feed(self, data: bytes) -> Iterator[Any]:
        """The frames (decoded values) that bytes from a stream complete, in any chunking."""
        return self._decoder.feed(data)

    def unexpected(self, message: Message, when: str) -> None:
        """`message` came out of place: a datagram link may reorder a host's replay ahead of
        its RESUME_OK, and the sender will retransmit, so dropping is safe there, while on a
        byte stream it means a broken peer."""
        if self.datagram:
            return
        raise ProtocolError(
            "unexpected", f"{type(message).__name__.upper()} is not expected {when}"
        )

    @property
    def sealing(self) -> bool:
        return self._sealer is not None

    @property
    def opening(self) -> bool:
        return self._opener is not None

    @property
    def pending(self) -> bool:
        """Something is waiting to be written."""
        return bool(self._out or self._batch)

    def seal_with(self, key: bytes) -> None:
        self._sealer = Sealer(key)

    def open_with(self, key: bytes) -> None:
        self._opener = Opener(key, ordered=not self.datagram)

    def send(self, message: Message) -> bool:
        """Queue `message`: in the clear if it belongs to the key exchange (or is a REJECT
        before it is done), else to be sealed at the next flush. False if it cannot travel
        yet: nothing but the key exchange can before it is done."""
        if message.KIND in PLAIN_KINDS and not (
            message.KIND is Kind.REJECT and self._sealer is not None
        ):
            self.send_frames([encode_frame(pack_message(message))])
            self._stats.frames_sent += 1
        elif self._sealer is None:
            return False
        else:
            self._batch.append(encode_body(pack_message(message)))
        return True

    def send_frames(self, frames: Sequence[bytes]) -> None:
        """Frames already made, after whatever was sent before them."""
        self.flush()
        self._out.extend(frames)

    def flush(self) -> None:
        """Seal the messages sent since the last flush into as few frames as they fit: the
        length, counter and tag are paid once per flush, not once per message."""
        batch, self._batch = self._batch, []
        if not batch or self._sealer is None:
            return
        group: list[bytes] = []
        size = 0
        for body in batch:
            if group and size + len(body) + _BATCH_HEADER > MAX_FRAME:
                self._seal(group)
                group, size = [], 0
            group.append(body)
            size += len(body)
        self._seal(group)

    def _seal(self, bodies: Sequence[bytes]) -> None:
        assert self._sealer is not None
        inner = bodies[0] if len(bodies) == 1 else _array_header(len(bodies)) + b"".join(bodies)
        self._out.append(encode_frame(pack_message(self._sealer.seal(inner))))
        self._stats.frames_sent += 1

    def take(self) -> list[bytes]:
        """Everything to write now, in order."""
        self.flush()
        out, self._out = self._out, []
        return out

    def discard(self) -> None:
        """The transport is gone: what was not written is dropped."""
        self._out.clear()
        self._batch.clear()

    def open(self, sealed: Sealed) -> list[Any] | None:
        """The messages (undecoded values) a sealed frame carries: empty for a replay, None for
        a forgery (a frame altered, or never sealed by the peer). Only once `opening`."""
        assert self._opener is not None
        forgeries = self._opener.forgeries
        body = self._opener.open(sealed)
        if body is None:
            if self._opener.forgeries > forgeries:
                return None
            self._stats.replays_dropped += 1
            return []
        value = decode_body(body)
        # one message, or every message of the sender's flush as a list of them
        if isinstance(value, list) and value and isinstance(value[0], list):
            return value
        return [value]


class Conduct:
    """The strikes against the peer of one session. `report` takes the notices for the program;
    `peer_label` names the peer in them."""

    def __init__(
        self,
        stats: SessionStats,
        report: Callable[[Event], None],
        peer_label: Callable[[], str],
    ) -> None:
        self._stats = stats
        self._report = report
        self._peer_label = peer_label
        self._forgeries = 0  # on the current connection
        self._bad_input: deque[float] = deque()  # when the peer's recent bad frames came

    def new_connection(self) -> None:
        self._forgeries = 0

    def forged(self) -> bool:
        """A frame failed to open; True when the line is being tampered with and the connection
        should be dialled afresh."""
        self._stats.bad_frames += 1
        self._forgeries += 1
        return self._forgeries >= MAX_BAD_FRAMES

    def refuse(self, error: ProtocolError, now: float, *, stream_broken: bool) -> bool:
        """The proven peer sent a frame breaking the protocol: refuse it with a notice. True
        when the connection must be dropped (the stream lost its place, a flood, or too many
        such frames within the window)."""
        self._stats.bad_frames += 1
        window = self._bad_input
        window.append(now)
        while window and window[0] <= now - BAD_INPUT_WINDOW:
            window.popleft()
        who = self._peer_label()
        text = phrase(
            "A message from {name} was refused: {reason}",
            name=who,
            reason=error.message[:MAX_REASON_CHARS],
        )
        _log.warning("%s (%s)", text, error.code)
        self._report(PayloadRefused(error.code[:40] or "refused", text))
        if not (stream_broken or error.code == "flood" or len(window) >= MAX_BAD_INPUT):
            return False
        window.clear()
        self._report(
            PayloadRefused(
                "dropped",
                phrase(
                    "Too many broken messages from {name}: the connection was dropped; the game "
                    "waits for it to come back.",
                    name=who,
                ),
            )
        )
        return True

    def turned_away(self, error: ProtocolError) -> None:
        """The host refused a connection that broke the protocol before proving itself."""
        self._report(
            GuestTurnedAway(
                error.code, phrase("A connection was refused: {reason}", reason=error.message)
            )
        )

    def fatal(self, error: ProtocolError) -> Failed:
        """The failure when the proven peer sent what the game cannot accept."""
        text = phrase(
            "The connection was closed: {name} sent something this game cannot accept ({reason}).",
            name=self._peer_label(),
            reason=error.message[:MAX_REASON_CHARS],
        )
        return Failed(error.code, text)
