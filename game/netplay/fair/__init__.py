"""Peek-proof dealing ("mental poker") for any number of seats: no seat, the host included,
sees a card before it is opened to it, and every dishonest step is caught at the card. Pure and
sans-I/O: no sockets, files, threads or clock, randomness injected. See PROTOCOL.md, "Peek-proof
dealing"."""

from .audit import AuditReport, audit
from .deadline import Deadline
from .deck import Owed, Phase, PublicDeck, hand_id
from .group import CARD_POINTS, RandomBytes
from .messages import (
    KeyMessage,
    Message,
    SecretMessage,
    ShuffleMessage,
    UnmaskMessage,
    decode,
)
from .misconduct import Code, Misconduct, Step
from .names import CardNames, OpenedCard
from .proofs import PUBLIC
from .seat import Seat

__all__ = [
    "CARD_POINTS",
    "PUBLIC",
    "AuditReport",
    "CardNames",
    "Code",
    "Deadline",
    "KeyMessage",
    "Message",
    "Misconduct",
    "OpenedCard",
    "Owed",
    "Phase",
    "PublicDeck",
    "RandomBytes",
    "Seat",
    "SecretMessage",
    "ShuffleMessage",
    "Step",
    "UnmaskMessage",
    "audit",
    "decode",
    "hand_id",
]
