"""Writes float audio to an Ogg Vorbis file that is the same byte for byte on every run.

libsndfile (bundled in the PyPI soundfile wheels) does the encoding, but it gives each Ogg
stream a random serial number, so two runs would differ and regenerating would always show a
change. After writing, every page's serial is set to a fixed value and its checksum recomputed.
"""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import soundfile

FIXED_SERIAL = 0x43414E41  # any constant will do


def write_ogg(path: Path, audio: np.ndarray, rate: int, quality_level: float = 0.6) -> None:
    """Encodes (n,) or (n, channels) float audio. Level 0.6 is Vorbis quality 0.4."""
    channels = 1 if audio.ndim == 1 else audio.shape[1]
    with soundfile.SoundFile(
        path, "w", rate, channels, format="OGG", subtype="VORBIS", compression_level=quality_level
    ) as f:
        # In blocks: libsndfile's Vorbis writer crashes when handed a minute of audio at once.
        for i in range(0, len(audio), 8192):
            f.write(audio[i : i + 8192].astype(np.float32))
    path.write_bytes(with_fixed_serial(path.read_bytes(), FIXED_SERIAL))


def with_fixed_serial(data: bytes, serial: int) -> bytes:
    """Rewrites the serial number of every page of a single-stream Ogg file."""
    out = bytearray(data)
    pos = 0
    while pos < len(out):
        if out[pos : pos + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {pos}")
        segments = out[pos + 26]
        body = sum(out[pos + 27 : pos + 27 + segments])
        end = pos + 27 + segments + body
        struct.pack_into("<I", out, pos + 14, serial)
        struct.pack_into("<I", out, pos + 22, 0)  # the checksum is computed with this field zeroed
        struct.pack_into("<I", out, pos + 22, _ogg_crc(bytes(out[pos:end])))
        pos = end
    return bytes(out)


def _crc_table() -> list[int]:
    table = []
    for i in range(256):
        r = i << 24
        for _ in range(8):
            r = ((r << 1) ^ 0x04C11DB7) if r & 0x80000000 else (r << 1)
        table.append(r & 0xFFFFFFFF)
    return table


_TABLE = _crc_table()


def _ogg_crc(page: bytes) -> int:
    """Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, initial value 0."""
    crc = 0
    for byte in page:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _TABLE[((crc >> 24) & 0xFF) ^ byte]
    return crc
