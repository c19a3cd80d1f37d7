"""A seat's part in a hand's deck as plain values (msgpack and JSON-safe once bytes are hex), so
that a saved game resumes the hand where it stood.

What is kept is what the seat holds: its own secret, the public transcript (every key, shuffle
and unmask on record, what each position is waiting for, the faces opened to all) and the cards
opened to this seat with its ids for them. Nothing here holds another seat's card before it was
opened to this seat: a masked value is useless without the other seats' secrets. Reading checks
every field's type and size and refuses a save that does not hang together."""

from __future__ import annotations

from typing import Any

from game.logic.cards import N_CARDS, VALID_CODES, CardCode

from .deck import Phase, Position, Unmasking
from .group import POINT_BYTES, SCALAR_BYTES, Point, RandomBytes, Scalar, base_mul, is_scalar
from .names import OpenedCard
from .proofs import PUBLIC
from .seat import Seat

FORMAT = 2  # 1 held the last seat's deck whole in its transcript


def seat_to_dict(seat: Seat) -> dict[str, Any]:
    public = seat.public
    return {
        "format": FORMAT,
        "seat": seat.seat,
        "seats": public.seats,
        "hand_id": public.hand_id.hex(),
        "secret": seat._secret.hex(),
        "phase": public.phase.value,
        "keys": [None if key is None else key.hex() for key in public.keys],
        "shuffles": [b"".join(deck).hex() for deck in public.shuffles],
        "deck": b"".join(seat._deck).hex(),
        "positions": [_position(state) for state in public.positions],
        "secrets": [None if s is None else s.hex() for s in public.secrets],
        "opened": [
            [card.position, card.face, card.card_id, card.position in seat.hand]
            for card in seat._names._named.values()
        ],
    }


def _position(state: Position) -> list[Any]:
    return [
        None if state.value is None else state.value.hex(),
        [[u.seat, u.before.hex(), u.after.hex()] for u in state.history],
        state.recipient,
        list(state.waiting),
        state.face,
    ]


def seat_from_dict(data: object, random: RandomBytes | None = None) -> Seat:
    """The seat a save holds, or ValueError saying what is wrong with it."""
    try:
        return _seat(data, random)
    except (KeyError, TypeError, IndexError) as error:
        raise ValueError(f"the saved deal is damaged ({error!r})") from None


def _seat(data: Any, random: RandomBytes | None) -> Seat:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("the saved deal is not of a format this copy reads")
    seats = _int(data["seats"], 2, 16)
    hand_id = bytes.fromhex(data["hand_id"])
    seat = Seat(_int(data["seat"], 0, seats - 1), seats, hand_id, random)
    secret = Scalar(_hex(data["secret"], SCALAR_BYTES))
    if not is_scalar(secret):
        raise ValueError("the saved secret is no secret")
    seat._secret, seat._key = secret, base_mul(secret)
    public = seat.public
    public.phase = Phase(data["phase"])
    public.keys = [None if k is None else _point(k) for k in data["keys"]]
    if len(public.keys) != seats or public.keys[seat.seat] not in (None, seat._key):
        raise ValueError("the saved keys do not match the seat's secret")
    public.shuffles = [_deck(blob, last=i == seats - 1) for i, blob in enumerate(data["shuffles"])]
    seat._deck = _deck(data["deck"], last=True)
    if seat._deck and (seat.seat != seats - 1 or len(seat._deck) != N_CARDS):
        raise ValueError("the saved deck kept for sending is not the last seat's whole deck")
    public.positions = [_state(p, seats) for p in data["positions"]]
    if public.positions and len(public.positions) != N_CARDS:
        raise ValueError(f"the saved deck does not have {N_CARDS} positions")
    public.secrets = [None if s is None else Scalar(_hex(s, SCALAR_BYTES)) for s in data["secrets"]]
    _restore_opened(seat, data["opened"])
    return seat


def _restore_opened(seat: Seat, opened: list[Any]) -> None:
    for position, face, card_id, private in opened:
        if face not in VALID_CODES or not 0 <= position < N_CARDS:
            raise ValueError(f"the saved card {face!r} at {position!r} is no card")
        card = OpenedCard(position, CardCode(face), card_id)
        seat._names._named[position] = card
        seat._names._used.add(card.card_id)
        state = seat.public.positions[position]
        if private:
            seat.hand[position] = card
        if state.recipient == PUBLIC and state.face is not None:
            seat.table[position] = card


def _state(data: list[Any], seats: int) -> Position:
    value, history, recipient, waiting, face = data
    state = Position(None if value is None else _point(value))
    for who, before, after in history:
        state.history.append(Unmasking(_int(who, 0, seats - 1), _point(before), _point(after)))
        state.unmasked_by.append(who)
    state.recipient = None if recipient is None else _int(recipient, PUBLIC, seats - 1)
    state.waiting = [_int(w, 0, seats - 1) for w in waiting]
    if face is not None and face not in VALID_CODES:
        raise ValueError(f"the saved face {face!r} is no card")
    state.face = face
    return state


def _point(text: str) -> Point:
    return Point(_hex(text, POINT_BYTES))


def _deck(text: str, last: bool) -> tuple[Point, ...]:
    """A deck: the whole of it, or for the last seat as much as was sent."""
    if not isinstance(text, str):
        raise ValueError("a saved deck is not text")
    blob = bytes.fromhex(text)
    if len(blob) % POINT_BYTES or len(blob) > N_CARDS * POINT_BYTES:
        raise ValueError(f"a saved deck of {len(blob)} bytes is not one of points")
    if not last and len(blob) != N_CARDS * POINT_BYTES:
        raise ValueError(f"a saved deck is {len(blob)} bytes, not {N_CARDS * POINT_BYTES}")
    return tuple(Point(blob[i : i + POINT_BYTES]) for i in range(0, len(blob), POINT_BYTES))


def _hex(text: object, size: int) -> bytes:
    if not isinstance(text, str):
        raise ValueError(f"a saved value of {size} bytes is not text")
    value = bytes.fromhex(text)
    if len(value) != size:
        raise ValueError(f"a saved value is {len(value)} bytes, not {size}")
    return value


def _int(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")
    return value
