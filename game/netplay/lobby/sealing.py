"""Sealed boxes (libsodium's `crypto_box_seal`, through PyNaCl): a message only the holder of an
X25519 private key can open, from a sender who stays anonymous. A guest's request is sealed to
the host's announced key and carries the guest's fresh key; the host's answer is sealed to that
key. So the broker and everyone subscribed to it see neither the guest's key nor the answer, and
as only the host learned the guest's key, only the host can make an answer the guest can open."""

from __future__ import annotations

from nacl.exceptions import CryptoError
from nacl.exceptions import RuntimeError as SodiumError
from nacl.public import PrivateKey, PublicKey, SealedBox

from .wire import KEY_BYTES, Malformed

SEAL_OVERHEAD = 48  # the sender's one-time public key and the MAC


def new_private_key() -> PrivateKey:
    return PrivateKey.generate()


def public_bytes(key: PrivateKey) -> bytes:
    return bytes(key.public_key)


def seal(message: bytes, public_key: bytes) -> bytes:
    """`message` sealed to the holder of `public_key`; raises `Malformed` for a key nobody can
    hold (the wrong size, or a low-order point libsodium refuses)."""
    if len(public_key) != KEY_BYTES:
        raise Malformed("bad key")
    try:
        return bytes(SealedBox(PublicKey(public_key)).encrypt(message))
    except SodiumError:
        raise Malformed("bad key") from None


def open_sealed(box: bytes, key: PrivateKey) -> bytes:
    """What was sealed to `key`; raises `Malformed` if it was not, or was changed."""
    if len(box) <= SEAL_OVERHEAD:
        raise Malformed("unsealed")
    try:
        return bytes(SealedBox(key).decrypt(box))
    except CryptoError:
        raise Malformed("unsealed") from None
