"""Frames: a length prefix and a msgpack or sealed body, decoded strictly and incrementally."""

from __future__ import annotations

import struct

import msgpack
import pytest

from game.netplay.errors import ProtocolError
from game.netplay.wire import framing
from game.netplay.wire.framing import (
    MAX_WIRE_FRAME,
    FrameDecoder,
    SealedBody,
    decode_body,
    decode_frame,
    encode_frame,
)

SAMPLE = [5, 7, 3, ["game", {"meld": [1, 2, 3], "note": "héllo", "blob": b"\x00\x01"}]]


def test_frame_is_length_prefix_then_msgpack_body():
    frame = encode_frame(SAMPLE)
    (length,) = struct.unpack(">I", frame[:4])
    assert length == len(frame) - 4
    assert msgpack.unpackb(frame[4:], raw=False) == SAMPLE


def test_frame_round_trips_through_the_decoder():
    assert list(FrameDecoder().feed(encode_frame(SAMPLE))) == [SAMPLE]
    assert decode_frame(encode_frame(SAMPLE)) == SAMPLE


def test_decoder_reassembles_frames_fed_one_byte_at_a_time():
    stream = encode_frame(SAMPLE) + encode_frame([9, "quit", "bye"])
    decoder = FrameDecoder()
    out = []
    for i in range(len(stream)):
        out.extend(decoder.feed(stream[i : i + 1]))
    assert out == [SAMPLE, [9, "quit", "bye"]]
    assert decoder.buffered == 0


def test_decoder_yields_every_frame_in_one_chunk():
    frames = [[6, i, []] for i in range(50)]
    assert list(FrameDecoder().feed(b"".join(encode_frame(f) for f in frames))) == frames


def test_oversized_length_prefix_is_refused_before_anything_is_buffered():
    decoder = FrameDecoder()
    with pytest.raises(ProtocolError) as info:
        list(decoder.feed(struct.pack(">I", MAX_WIRE_FRAME + 1) + b"x" * 10))
    assert info.value.code == "frame_too_large"
    assert decoder.buffered == 0


def test_empty_frame_is_refused():
    with pytest.raises(ProtocolError) as info:
        list(FrameDecoder().feed(b"\0\0\0\0"))
    assert info.value.code == "empty_frame"


def test_encoding_a_message_over_the_frame_limit_is_refused():
    with pytest.raises(ProtocolError) as info:
        encode_frame(["x" * 1000] * 100)
    assert info.value.code == "frame_too_large"


def test_decoder_stays_broken_after_a_bad_frame():
    decoder = FrameDecoder()
    with pytest.raises(ProtocolError):
        list(decoder.feed(b"\0\0\0\x01\xc1"))
    with pytest.raises(ProtocolError):
        list(decoder.feed(encode_frame(SAMPLE)))


def test_good_frames_before_a_bad_one_are_still_yielded():
    decoder = FrameDecoder()
    seen = []
    with pytest.raises(ProtocolError):
        for message in decoder.feed(encode_frame([1]) + encode_frame([2]) + b"\0\0\0\x01\xc1"):
            seen.append(message)
    assert seen == [[1], [2]]


def _body(value: object) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


@pytest.mark.parametrize(
    "body, why",
    [
        (b"\x93\x01", "truncated array"),
        (_body([1]) + b"\x01", "trailing bytes"),
        (b"\xc1", "reserved byte"),
        (b"\xa2\xff\xfe", "invalid utf-8"),
        (_body("x" * (framing.MAX_STR_BYTES + 1)), "string too long"),
        (_body(list(range(framing.MAX_ARRAY_LEN + 1))), "array too long"),
        (_body({str(i): i for i in range(framing.MAX_MAP_LEN + 1)}), "map too long"),
        (_body({1: 2}), "integer map key"),
        (b"\x81\x91\x01\x02", "array as map key"),
        (_body(msgpack.ExtType(5, b"abc")), "extension type"),
        (b"\xc7\x00\x05", "empty extension"),
        (b"\xd6\xff\x00\x00\x00\x01", "timestamp extension"),
        (b"\x91" * (framing.MAX_DEPTH + 1) + b"\x01", "nested too deep"),
        (b"\x91" * 5000 + b"\x01", "nested far too deep"),
    ],
)
def test_malformed_or_oversized_bodies_raise_protocol_error(body, why):
    with pytest.raises(ProtocolError):
        decode_body(body)
    with pytest.raises(ProtocolError):
        list(FrameDecoder().feed(struct.pack(">I", len(body)) + body))


def test_values_at_the_limits_are_accepted():
    value = [
        "x" * framing.MAX_STR_BYTES,
        b"y" * framing.MAX_BIN_BYTES,
        list(range(framing.MAX_ARRAY_LEN)),
    ]
    assert decode_body(_body(value)) == value


def test_a_datagram_must_hold_exactly_one_whole_frame():
    frame = encode_frame(SAMPLE)
    for broken in (frame[:-1], frame + b"\0", frame[:3]):
        with pytest.raises(ProtocolError):
            decode_frame(broken)


def test_a_sealed_frame_has_a_short_header_and_may_carry_a_big_box_where_msgpack_may_not():
    big = _body(b"x" * (framing.MAX_BIN_BYTES + 1))
    with pytest.raises(ProtocolError):
        decode_body(big)
    box = b"x" * (framing.MAX_BIN_BYTES + 1)
    frame = encode_frame(SealedBody(0x1234, box))
    assert frame[:2] == struct.pack(">H", 0x8000 | (1 + len(box))) and frame[2] == 0x34
    assert list(FrameDecoder().feed(frame)) == [SealedBody(0x34, box)]
    assert decode_frame(frame) == SealedBody(0x34, box)


def test_a_sealed_frame_too_short_for_its_tag_is_refused():
    with pytest.raises(ProtocolError, match="too short"):
        list(FrameDecoder().feed(struct.pack(">H", 0x8000 | 10) + bytes(10)))
