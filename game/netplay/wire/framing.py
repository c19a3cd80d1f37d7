"""Length-prefixed frames. A frame in the clear (the key exchange, a refusal) is a 4-byte
big-endian body length followed by one msgpack value, as every protocol version wrote it, so an
older copy still reads why it was refused. A sealed frame is a 2-byte big-endian length with the
top bit set (no clear frame can start so: they are far below 2 GiB), then the low byte of the
sender's frame counter and the ciphertext with its tag (see session/secure.py). Decoding is strict
because the bytes come from another machine: the length prefix is checked before anything is
buffered, msgpack is unpacked with hard limits on string, binary and container sizes, extension
types are refused, map keys must be strings, and the decoded value is walked once to bound its
nesting depth and node count. Anything wrong raises one `ProtocolError`, so a hostile or buggy peer
can close the connection but never crash the game or make it hold more than one frame's worth of
memory."""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import msgpack

from ..errors import ProtocolError

HEADER = struct.Struct(">I")
HEADER_SIZE = HEADER.size
SEALED_HEADER = struct.Struct(">H")
SEALED_HEADER_SIZE = SEALED_HEADER.size
SEALED_FLAG = 0x8000
TAG_BYTES = 16
SEALED_MIN = 1 + TAG_BYTES  # the counter byte and at least the tag

# A whole Canasta table state packs to a few kilobytes; 32 000 bytes leave room for the game
# layer without letting a peer make us allocate much, and keep a sealed frame within its
# 15-bit length.
MAX_FRAME = 32_000
# what travels on the wire: a sealed frame adds its counter byte and tag
SEAL_OVERHEAD = 64
MAX_WIRE_FRAME = MAX_FRAME + SEAL_OVERHEAD
MAX_STR_BYTES = 4096
MAX_BIN_BYTES = 4096
MAX_ARRAY_LEN = 1024
MAX_MAP_LEN = 256
# The C unpacker copes with deep nesting, but the Python code that walks values later does not.
MAX_DEPTH = 20
MAX_NODES = 16384

_SCALARS = (type(None), bool, int, float, str, bytes)


@dataclass(frozen=True)
class SealedBody:
    """A sealed frame as it travels: the low byte of its counter and the ciphertext with its
    tag. The receiver rebuilds the whole counter from the ones it has seen (secure.Opener)."""

    counter: int
    box: bytes


def _refuse_ext(code: int, data: bytes) -> Any:
    raise ProtocolError("bad_msgpack", f"msgpack extension type {code} is not allowed")


def encode_body(message: Any, limit: int = MAX_FRAME) -> bytes:
    """Pack one message into a frame body."""
    body: bytes = msgpack.packb(message, use_bin_type=True)
    if len(body) > limit:
        raise ProtocolError(
            "frame_too_large", f"a {len(body)}-byte message exceeds the {limit}-byte limit"
        )
    return body


def encode_frame(message: Any, limit: int = MAX_FRAME) -> bytes:
    """Pack one message (or a `SealedBody`) into a frame ready to write to the wire."""
    if isinstance(message, SealedBody):
        body = bytes((message.counter & 0xFF,)) + message.box
        if len(body) > MAX_WIRE_FRAME:
            raise ProtocolError(
                "frame_too_large", f"a {len(body)}-byte sealed frame exceeds {MAX_WIRE_FRAME}"
            )
        return SEALED_HEADER.pack(SEALED_FLAG | len(body)) + body
    body = encode_body(message, limit)
    return HEADER.pack(len(body)) + body


def _sealed(body: bytes) -> SealedBody:
    if len(body) < SEALED_MIN:
        raise ProtocolError("truncated_frame", "a sealed frame too short for its tag")
    return SealedBody(body[0], bytes(body[1:]))


def check_shape(value: Any) -> None:
    """Bound the nesting depth and node count of a decoded value, without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    nodes = 0
    while stack:
        item, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise ProtocolError("too_complex", f"message has more than {MAX_NODES} values")
        if depth > MAX_DEPTH:
            raise ProtocolError("too_deep", f"message nests deeper than {MAX_DEPTH} levels")
        if isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, dict):
            for key, child in item.items():
                stack.append((key, depth + 1))
                stack.append((child, depth + 1))
        elif not isinstance(item, _SCALARS):
            raise ProtocolError("bad_msgpack", f"unsupported value type {type(item).__name__}")


def decode_body(body: bytes, *, wire: bool = False) -> Any:
    """Unpack one frame body under the hard limits. A `wire` body is the outer frame, whose one
    binary field may hold a whole sealed frame; what it seals is unpacked with the tight limits."""
    limit = MAX_WIRE_FRAME if wire else MAX_FRAME  # a clear frame or a sealed one's contents
    if not body:
        raise ProtocolError("empty_frame", "received an empty frame")
    if len(body) > limit:
        raise ProtocolError(
            "frame_too_large", f"a {len(body)}-byte frame exceeds the {limit}-byte limit"
        )
    try:
        value = msgpack.unpackb(
            body,
            raw=False,
            strict_map_key=True,
            use_list=True,
            max_str_len=MAX_STR_BYTES,
            max_bin_len=MAX_BIN_BYTES,
            max_array_len=MAX_ARRAY_LEN,
            max_map_len=MAX_MAP_LEN,
            max_ext_len=0,
            ext_hook=_refuse_ext,
        )
    except ProtocolError:
        raise
    except Exception as exc:  # untrusted bytes: every unpacker complaint is the peer's fault
        raise ProtocolError(
            "bad_msgpack", f"unreadable msgpack body ({type(exc).__name__}: {exc})"
        ) from None
    check_shape(value)
    return value


def decode_frame(frame: bytes) -> Any:
    """Decode exactly one complete wire frame (length prefix included), as a datagram link
    delivers; a sealed one comes back as a `SealedBody`."""
    if frame[:1] and frame[0] & 0x80:
        if len(frame) < SEALED_HEADER_SIZE:
            raise ProtocolError("truncated_frame", "frame shorter than its length prefix")
        (length,) = SEALED_HEADER.unpack_from(frame)
        length &= ~SEALED_FLAG
        if len(frame) != SEALED_HEADER_SIZE + length:
            raise ProtocolError(
                "truncated_frame",
                f"frame says {length} bytes but carries {len(frame) - SEALED_HEADER_SIZE}",
            )
        return _sealed(bytes(frame[SEALED_HEADER_SIZE:]))
    if len(frame) < HEADER_SIZE:
        raise ProtocolError("truncated_frame", "frame shorter than its length prefix")
    (length,) = HEADER.unpack_from(frame)
    if length > MAX_WIRE_FRAME:
        raise ProtocolError(
            "frame_too_large", f"a {length}-byte frame exceeds the {MAX_WIRE_FRAME}-byte limit"
        )
    if len(frame) != HEADER_SIZE + length:
        raise ProtocolError(
            "truncated_frame", f"frame says {length} bytes but carries {len(frame) - HEADER_SIZE}"
        )
    return decode_body(bytes(frame[HEADER_SIZE:]), wire=True)


class FrameDecoder:
    """Reassembles frames from a byte stream fed in arbitrary chunks, even one byte at a time.

    After the first error the decoder stays broken: the stream position is lost, so every later
    call raises the same error rather than guessing where the next frame starts.
    """

    def __init__(self, max_frame: int = MAX_WIRE_FRAME) -> None:
        self.max_frame = max_frame
        self._buffer = bytearray()
        self._error: ProtocolError | None = None

    @property
    def buffered(self) -> int:
        """Bytes held waiting for the rest of a frame."""
        return len(self._buffer)

    def feed(self, data: bytes) -> Iterator[Any]:
        """Add bytes and return an iterator over the messages now complete.

        The bytes are stored at once; the iterator decodes lazily, so a caller that acts on each
        message before pulling the next one has handled every good frame before a bad one raises.
        """
        if self._error is not None:
            raise self._error
        self._buffer += data
        return self._drain()

    def _drain(self) -> Iterator[Any]:
        while True:
            if self._error is not None:
                raise self._error
            sealed = bool(self._buffer[:1]) and bool(self._buffer[0] & 0x80)
            header = SEALED_HEADER if sealed else HEADER
            if len(self._buffer) < header.size:
                return
            (length,) = header.unpack_from(self._buffer)
            if sealed:
                length &= ~SEALED_FLAG
            try:
                if length == 0:
                    raise ProtocolError("empty_frame", "received an empty frame")
                if length > self.max_frame:
                    raise ProtocolError(
                        "frame_too_large",
                        f"a {length}-byte frame exceeds the {self.max_frame}-byte limit",
                    )
                if len(self._buffer) < header.size + length:
                    return
                body = bytes(self._buffer[header.size : header.size + length])
                del self._buffer[: header.size + length]
                message = _sealed(body) if sealed else decode_body(body, wire=True)
            except ProtocolError as exc:
                self._error = exc
                self._buffer.clear()
                raise
            yield message
