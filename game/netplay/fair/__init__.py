"""Peek-proof dealing ("mental poker") for any number of seats: no seat, the host included,
sees a card before it is opened to it, and every dishonest step is caught at the card. Pure and
sans-I/O: no sockets, files, threads or clock, randomness injected. See PROTOCOL.md, "Peek-proof
dealing"."""

from .group import CARD_POINTS, RandomBytes
from .messages import (
    KeyMessage,
    Message,
    SecretMessage,
    Share,
    ShuffleMessage,
    UnmaskMessage,
    decode,
)
from .misconduct import Code, Misconduct, Step
from .proofs import PUBLIC

__all__ = [
    "CARD_POINTS",
    "PUBLIC",
    "Code",
    "KeyMessage",
    "Message",
    "Misconduct",
    "RandomBytes",
    "SecretMessage",
    "Share",
    "ShuffleMessage",
    "Step",
    "UnmaskMessage",
    "decode",
]
