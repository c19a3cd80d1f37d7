"""A deal neither player can choose: commit-reveal shuffling for each hand of a network game.

The host runs the authoritative game, so it must not be able to pick a deck that suits it. Before
each hand the host draws a secret seed and a salt and sends only their commitment (a SHA-256 hash);
then the guest sends a seed of its own; the deck is a Fisher-Yates shuffle driven by SHA-256 of
both seeds, so neither side can steer it once the other's part is fixed. When the hand is over the
host reveals its seed and salt, and the guest checks the commitment and replays the hand from that
deck (see `play.GuestPlay`). The shuffle uses only SHA-256 and integer arithmetic, never Python's
`random`, so any implementation of the protocol can reproduce a deck bit for bit.

Seeds, salts and commitments travel as lowercase hex text, never as bytes: on the game wire a
byte string always means a list of card ids (see `viewcodec`), which keeps the hidden-card rule
checkable by looking at the types alone."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from game.logic.cards import N_CARDS, CardId, code_of, deck_from_codes

SEED_BYTES = 32
SALT_BYTES = 16
SEED_HEX = SEED_BYTES * 2
SALT_HEX = SALT_BYTES * 2
DIGEST_HEX = 64
GAME_ID_BYTES = 16
GAME_ID_HEX = GAME_ID_BYTES * 2

_COMMIT_LABEL = b"canasta-netplay deal commitment 1"
_DECK_LABEL = b"canasta-netplay deck 1"
_FIRST_LABEL = b"canasta-netplay first player 1"


@dataclass(frozen=True)
class HostSecret:
    """What the host keeps to itself until the hand is over."""

    seed: str  # hex
    salt: str  # hex

    @classmethod
    def fresh(cls) -> HostSecret:
        return cls(secrets.token_hex(SEED_BYTES), secrets.token_hex(SALT_BYTES))


def fresh_seed() -> str:
    """A guest's contribution to a deck: 32 random bytes in hex."""
    return secrets.token_hex(SEED_BYTES)


def is_hex(text: object, length: int) -> bool:
    if not isinstance(text, str) or len(text) != length:
        return False
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return text == text.lower()


def commitment(game_id: str, hand_no: int, secret: HostSecret) -> str:
    """The hash the host sends before the guest's seed. The game id and hand number are bound in
    so that a commitment from one hand or game cannot be replayed for another."""
    data = b"|".join(
        (
            _COMMIT_LABEL,
            game_id.encode("ascii"),
            str(hand_no).encode("ascii"),
            secret.seed.encode("ascii"),
            secret.salt.encode("ascii"),
        )
    )
    return hashlib.sha256(data).hexdigest()


def commitment_holds(expected: str, game_id: str, hand_no: int, secret: HostSecret) -> bool:
    return hmac.compare_digest(expected, commitment(game_id, hand_no, secret))


class _HashStream:
    """An endless stream of 32-bit numbers: SHA-256 of a key and a counter."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self._counter = 0
        self._buffer = b""

    def next32(self) -> int:
        if len(self._buffer) < 4:
            self._buffer += hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
        value, self._buffer = int.from_bytes(self._buffer[:4], "big"), self._buffer[4:]
        return value

    def below(self, bound: int) -> int:
        """Uniform in [0, bound): rejection sampling, since a plain modulo would favour low values."""
        limit = (1 << 32) - (1 << 32) % bound
        while True:
            value = self.next32()
            if value < limit:
                return value % bound


def _key(label: bytes, host_seed: str, guest_seed: str) -> bytes:
    return hashlib.sha256(
        label + b"|" + host_seed.encode("ascii") + b"|" + guest_seed.encode("ascii")
    ).digest()


def shuffled_deck(host_seed: str, guest_seed: str) -> list[CardId]:
    """The 108 card ids in deal order for these two seeds (dealt from the front).

    Identical cards (the two Eights of Hearts) are then renumbered in deal order, as a replay
    file's codes are read back: a saved game must rebuild with the very same ids, or the public
    hashes would differ after a rejoin although the tables look the same."""
    stream = _HashStream(_key(_DECK_LABEL, host_seed, guest_seed))
    deck = list(range(N_CARDS))
    for i in range(N_CARDS - 1, 0, -1):
        j = stream.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck_from_codes([code_of(card) for card in deck])


def first_player(host_seed: str, guest_seed: str) -> int:
    """Who plays first in the first hand (later hands follow the rules' `starter`)."""
    return _key(_FIRST_LABEL, host_seed, guest_seed)[0] & 1
