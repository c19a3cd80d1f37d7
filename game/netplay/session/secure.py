"""The key exchange and the sealed channel under every connection. The guest proves it knows
the join code (and the host proves it too) with SPAKE2, a password-authenticated key exchange:
the wire shows nothing an eavesdropper could test guesses against offline, and an active
stranger gets one guess per connection. Each side then checks the other's confirmation tag
(HMAC over the transcript, guest first), and every later frame is sealed with
ChaCha20-Poly1305: one key per direction, the frame counter as the nonce, so a replayed, reordered
(on a stream) or altered frame fails to open and is dropped.

A reconnection runs the same exchange with the resume secret of the first join as password, so
only the side that joined can resume; the session token is derived from the same key. Nothing
here touches a socket or a clock."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from enum import IntEnum

import msgpack
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from ..errors import ProtocolError
from ..wire.session_messages import (
    CONFIRM_TAG_BYTES,
    TOKEN_BYTES,
    KeyAccept,
    KeyConfirm,
    KeyHello,
    KeyReply,
    Sealed,
)
from .joincode import normalize_code

PAKE_BYTES = 33
# a confirmation tag is HMAC-SHA256 cut to 128 bits, as strong as the channel's 128-bit tags
TAG_BYTES = CONFIRM_TAG_BYTES
SECRET_BYTES = 32
_ID_GUEST = b"canasta-netplay guest"
_ID_HOST = b"canasta-netplay host"
_LABEL = b"canasta-netplay channel 2"
_NONCE_PAD = bytes(4)
# a datagram link may deliver frames out of order: take this many counters below the highest.
# The wire carries only the counter's low byte, rebuilt as the value nearest the next one
# expected, so the window must stay within half of 256.
REPLAY_WINDOW = 120


class Mode(IntEnum):
    JOIN = 0  # the password is the join code
    RESUME = 1  # the password is the resume secret of the first join


def join_password(code: str | None) -> bytes:
    """The key exchange password for a join code (None: a caller that has no code, the same
    empty password on both sides)."""
    return b"canasta-netplay join|" + (normalize_code(code).encode() if code else b"")


def resume_password(secret: bytes) -> bytes:
    return b"canasta-netplay resume|" + secret


@dataclass(frozen=True)
class ChannelKeys:
    """Everything one exchange yields, identical on both sides."""

    guest_to_host: bytes
    host_to_guest: bytes
    guest_tag: bytes
    host_tag: bytes
    resume_secret: bytes
    token: bytes


def _transcript(hello: KeyHello, host_pake: bytes) -> bytes:
    fields = [
        _LABEL,
        hello.magic,
        hello.proto_min,
        hello.proto_max,
        hello.app_version,
        int(hello.mode),
        hello.pake,
        host_pake,
    ]
    if hello.seat:
        fields.append(hello.seat)  # a seat named at a table of three or four is bound too
    return hashlib.sha256(msgpack.packb(fields, use_bin_type=True)).digest()


def _derive(shared: bytes, transcript: bytes) -> ChannelKeys:
    sizes = (32, 32, 32, 32, SECRET_BYTES, TOKEN_BYTES)
    material = HKDF(hashes.SHA256(), sum(sizes), salt=transcript, info=_LABEL).derive(shared)
    parts = []
    at = 0
    for size in sizes:
        parts.append(material[at : at + size])
        at += size
    keys, tags = parts[:2], parts[2:4]
    guest_tag = hmac.new(tags[0], b"guest confirms" + transcript, hashlib.sha256).digest()
    host_tag = hmac.new(tags[1], b"host confirms" + transcript, hashlib.sha256).digest()
    guest_tag, host_tag = guest_tag[:TAG_BYTES], host_tag[:TAG_BYTES]
    return ChannelKeys(keys[0], keys[1], guest_tag, host_tag, parts[4], parts[5])


def _finish(spake: SPAKE2_A | SPAKE2_B, message: bytes) -> bytes:
    try:
        shared: bytes = spake.finish(message)
    except Exception as error:  # untrusted bytes: any complaint of the library is the peer's
        raise ProtocolError(
            "bad_key_exchange", f"the key exchange message is unusable ({type(error).__name__})"
        ) from None
    return shared


class GuestExchange:
    """The guest's half of one connection's exchange."""

    def __init__(
        self,
        mode: Mode,
        password: bytes,
        magic: str,
        proto_min: int,
        proto_max: int,
        app_version: str,
        seat: int = 0,
    ) -> None:
        self._spake = SPAKE2_A(password, idA=_ID_GUEST, idB=_ID_HOST)
        self.hello = KeyHello(
            magic, proto_min, proto_max, app_version, int(mode), self._spake.start(), seat
        )
        self.keys: ChannelKeys | None = None
        self.confirm: KeyConfirm | None = None
        self.accepted = False
        self._reply: bytes | None = None

    @property
    def mode(self) -> Mode:
        return Mode(self.hello.mode)

    def on_reply(self, reply: KeyReply) -> KeyConfirm:
        """The host's half arrived: derive the keys and return our confirmation."""
        if self.confirm is not None:
            if reply.pake == self._reply:
                return self.confirm  # a duplicate on a datagram link
            raise ProtocolError("unexpected", "the host answered the key exchange twice")
        self.keys = _derive(_finish(self._spake, reply.pake), _transcript(self.hello, reply.pake))
        self._reply = reply.pake
        self.confirm = KeyConfirm(self.keys.guest_tag)
        return self.confirm

    def on_accept(self, accept: KeyAccept) -> bool:
        """The host's confirmation: True if it proves the host holds the same code."""
        if self.keys is None:
            raise ProtocolError("unexpected", "the host confirmed a key exchange not yet made")
        self.accepted = hmac.compare_digest(accept.tag, self.keys.host_tag)
        return self.accepted


class HostExchange:
    """The host's half of one connection's exchange, started by the guest's KEY_HELLO."""

    def __init__(self, hello: KeyHello, password: bytes) -> None:
        spake = SPAKE2_B(password, idA=_ID_GUEST, idB=_ID_HOST)
        pake = spake.start()
        self.hello = hello
        self.keys = _derive(_finish(spake, hello.pake), _transcript(hello, pake))
        self.reply = KeyReply(pake)
        self.accepted = False

    @property
    def mode(self) -> Mode:
        return Mode(self.hello.mode)

    def check(self, confirm: KeyConfirm) -> bool:
        """True (and accepted from now on) if the guest's tag proves it holds the code."""
        self.accepted = hmac.compare_digest(confirm.tag, self.keys.guest_tag)
        return self.accepted

    @property
    def accept(self) -> KeyAccept:
        return KeyAccept(self.keys.host_tag)


class Sealer:
    """Seals frame bodies for one direction; the counter never repeats under one key."""

    def __init__(self, key: bytes) -> None:
        self._aead = ChaCha20Poly1305(key)
        self._counter = 0

    def seal(self, body: bytes) -> Sealed:
        """The sealed frame: only the counter's low byte travels; the whole counter is the
        nonce, so a receiver that rebuilds it wrongly fails to open the frame."""
        self._counter += 1
        nonce = _NONCE_PAD + self._counter.to_bytes(8, "big")
        return Sealed(self._counter & 0xFF, self._aead.encrypt(nonce, body, None))


class Opener:
    """Opens the other direction's frames, each counter at most once. On a stream the counters
    must rise (TCP never reorders, so anything else is a replay); on a datagram link a window
    below the highest counter seen takes late arrivals."""

    def __init__(self, key: bytes, *, ordered: bool) -> None:
        self._aead = ChaCha20Poly1305(key)
        self._ordered = ordered
        self._highest = 0
        self._seen: set[int] = set()
        self.replays = 0  # counters seen before: a duplicate on a datagram link, or a replay
        self.forgeries = 0  # frames that failed authentication: altered or never sealed by us

    def counter_of(self, low: int) -> int:
        """The whole counter a frame carrying `low` stands for: the one nearest the next
        expected (up to 127 ahead, 128 behind; behind is a replay on a stream)."""
        expected = self._highest + 1
        step = (low - expected) & 0xFF
        return expected + (step - 256 if step >= 128 else step)

    def open(self, sealed: Sealed) -> bytes | None:
        """The body, or None if the frame is a replay, too old, or fails authentication."""
        counter = self.counter_of(sealed.counter)
        if counter < 1 or (
            counter <= self._highest
            and (self._ordered or counter in self._seen or counter <= self._highest - REPLAY_WINDOW)
        ):
            self.replays += 1
            return None
        nonce = _NONCE_PAD + counter.to_bytes(8, "big")
        try:
            body = self._aead.decrypt(nonce, sealed.box, None)
        except InvalidTag:
            self.forgeries += 1
            return None
        if not self._ordered:
            self._seen.add(counter)
            if counter > self._highest:
                floor = counter - REPLAY_WINDOW
                self._seen = {c for c in self._seen if c > floor}
        self._highest = max(self._highest, counter)
        return body
