"""The guest's player view on the wire, and the hashes both sides compare.

The host never sends the game: after every change it sends the fields of the guest's `PlayerView`
(game/logic/view.py) that changed since the last update, as `[index, value, index, value, ...]`.
Each field has a wire kind that is checked on arrival, and every list of cards travels as a byte
string of card ids: nothing else on the game wire is a byte string, so a test (or a suspicious
player) can find every card the host disclosed by looking at types alone. Decoding rebuilds a
`PlayerView` for seat 1 and checks that it is a possible view (no card twice, 108 cards accounted
for), so a broken or hostile host cannot crash the guest's computer player or table.

`public_hash` digests what both players may see (melds, Threes, pile, sizes, scores, turn, phase,
the agreed rules and the state number) and is computed by both sides from their own copy after
every action; `view_hash` digests a whole view including the guest's hand, which the guest records
so that it can replay the hand against the revealed deck."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Sequence
from typing import Any

import msgpack

from game.logic.cards import CARD_POINTS, MELD_KEY_NAME, N_CARDS
from game.logic.phases import DRAW, GAME_OVER, HAND_OVER, PLAY
from game.logic.rules import Rules
from game.logic.scoring import ITEMS
from game.logic.view import PlayerView

from ..errors import ProtocolError

GUEST_SEAT = 1
HOST_SEAT = 0

# 64 bits tell two tables apart with certainty enough (a desync is a bug, not an attack: the
# session is authenticated) and travel as one 9-byte integer in every update and move
PUBLIC_HASH_HEX = 16
MAX_COUNT = 1_000_000
MAX_SCORE = 10_000_000
MAX_MELDS = 16
MAX_SCORE_ITEMS = 16


def _bad(name: str, why: str) -> ProtocolError:
    return ProtocolError("bad_view", f"view field {name}: {why}")


# -- one codec per wire kind: (encode view value -> wire, decode wire -> view value) ---------------


def _enc_cards(cards: Sequence[int]) -> bytes:
    return bytes(cards)


def decode_cards(value: Any, name: str) -> tuple[int, ...]:
    if not isinstance(value, bytes) or len(value) > N_CARDS:
        raise _bad(name, "expected a byte string of card ids")
    if any(card >= N_CARDS for card in value):
        raise _bad(name, "a card id is out of range")
    if len(set(value)) != len(value):
        raise _bad(name, "a card appears twice")
    return tuple(value)


def _dec_int(low: int, high: int) -> Callable[[Any, str], int]:
    def decode(value: Any, name: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _bad(name, f"expected a whole number from {low} to {high}")
        return value

    return decode


def _dec_bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise _bad(name, "expected true or false")
    return value


def _dec_choice(*choices: Any) -> Callable[[Any, str], Any]:
    def decode(value: Any, name: str) -> Any:
        # `in` would let 0 match False and 1 match True; compare types too
        for choice in choices:
            if type(value) is type(choice) and value == choice:
                return value
        raise _bad(name, f"expected one of {choices}")

    return decode


def _dec_pair(inner: Callable[[Any, str], Any]) -> Callable[[Any, str], tuple[Any, ...]]:
    def decode(value: Any, name: str) -> tuple[Any, ...]:
        if not isinstance(value, list) or len(value) != 2:
            raise _bad(name, "expected a pair")
        return (inner(value[0], name), inner(value[1], name))

    return decode


def _dec_list(
    inner: Callable[[Any, str], Any], max_len: int
) -> Callable[[Any, str], tuple[Any, ...]]:
    def decode(value: Any, name: str) -> tuple[Any, ...]:
        if not isinstance(value, list) or len(value) > max_len:
            raise _bad(name, f"expected a list of at most {max_len} items")
        return tuple(inner(item, name) for item in value)

    return decode


def _enc_pair_of_cards(pair: Sequence[Sequence[int]]) -> list[Any]:
    return [bytes(pair[0]), bytes(pair[1])]


def _enc_melds(pair: Sequence[Sequence[tuple[int, Sequence[int]]]]) -> list[Any]:
    return [[[key, bytes(cards)] for key, cards in melds] for melds in pair]


def _dec_melds_of_one(value: Any, name: str) -> tuple[Any, ...]:
    if not isinstance(value, list) or len(value) > MAX_MELDS:
        raise _bad(name, f"expected a list of at most {MAX_MELDS} melds")
    melds = []
    keys = set()
    for item in value:
        if not isinstance(item, list) or len(item) != 2:
            raise _bad(name, "a meld is [key, cards]")
        key = item[0]
        if (
            isinstance(key, bool)
            or not isinstance(key, int)
            or key not in MELD_KEY_NAME
            or key in keys
        ):
            raise _bad(name, "a meld key is not a rank or is repeated")
        keys.add(key)
        cards = decode_cards(item[1], name)
        if not cards:
            raise _bad(name, "a meld cannot be empty")
        melds.append((key, cards))
    return tuple(melds)


def _enc_opt_card(card: int | None) -> bytes:
    return b"" if card is None else bytes((card,))


def _dec_opt_card(value: Any, name: str) -> int | None:
    cards = decode_cards(value, name)
    if len(cards) > 1:
        raise _bad(name, "expected at most one card")
    return cards[0] if cards else None


def _enc_special(special: tuple[int, str, int] | None) -> list[Any] | None:
    return None if special is None else list(special)


def _dec_special(value: Any, name: str) -> tuple[int, str, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 3:
        raise _bad(name, "expected [player, meld name, points] or nothing")
    seat = _dec_int(0, 1)(value[0], name)
    if not isinstance(value[1], str) or not 1 <= len(value[1]) <= 32:
        raise _bad(name, "expected a special meld name")
    return (seat, value[1], _dec_int(-MAX_SCORE, MAX_SCORE)(value[2], name))


def _enc_scores(scores: Sequence[dict[str, int]] | None) -> list[Any] | None:
    if scores is None:
        return None
    return [[[key, one[key]] for key in sorted(one)] for one in scores]


def _dec_scores(value: Any, name: str) -> tuple[dict[str, int], ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise _bad(name, "expected two score breakdowns or nothing")
    out = []
    for one in value:
        if not isinstance(one, list) or len(one) > MAX_SCORE_ITEMS:
            raise _bad(name, "a score breakdown is a short list of [name, points]")
        breakdown: dict[str, int] = {}
        for item in one:
            if (
                not isinstance(item, list)
                or len(item) != 2
                or not isinstance(item[0], str)
                or not 1 <= len(item[0]) <= 24
                or item[0] in breakdown
            ):
                raise _bad(name, "a score item is [name, points] with a new name")
            breakdown[item[0]] = _dec_int(-MAX_SCORE, MAX_SCORE)(item[1], name)
        out.append(breakdown)
    return tuple(out)


def _same(value: Any) -> Any:
    return value


def _as_list(value: Sequence[Any]) -> list[Any]:
    return list(value)


_COUNT = _dec_int(0, MAX_COUNT)
_SEAT = _dec_int(0, 1)
_OPT_SEAT = _dec_choice(None, 0, 1)

# (name, encode, decode, public). The order is the wire index, so only ever append.
_FIELDS: tuple[tuple[str, Callable[[Any], Any], Callable[[Any, str], Any], bool], ...] = (
    ("phase", _same, _dec_choice(*(p.value for p in (DRAW, PLAY, HAND_OVER, GAME_OVER))), True),
    ("to_move", _same, _SEAT, True),
    ("hand_no", _same, _COUNT, True),
    ("first_player", _same, _SEAT, True),
    ("turn_no", _same, _COUNT, True),
    ("totals", _as_list, _dec_pair(_dec_int(-MAX_SCORE, MAX_SCORE)), True),
    ("hand", _enc_cards, decode_cards, False),
    ("hand_sizes", _as_list, _dec_pair(_dec_int(0, N_CARDS)), True),
    ("known", _enc_pair_of_cards, _dec_pair(decode_cards), True),
    ("melds", _enc_melds, _dec_pair(_dec_melds_of_one), True),
    ("threes", _enc_pair_of_cards, _dec_pair(decode_cards), True),
    ("opened", _as_list, _dec_pair(_dec_bool), True),
    ("returns", _as_list, _dec_pair(_COUNT), True),
    ("pile", _enc_cards, decode_cards, True),
    ("pile_frozen_for", _as_list, _dec_pair(_dec_bool), True),
    ("pile_blocked", _same, _dec_bool, True),
    ("stock_size", _same, _dec_int(0, N_CARDS), True),
    ("stock_reused", _same, _dec_bool, True),
    ("talon_sizes", _as_list, _dec_list(_dec_int(0, N_CARDS), 4), True),
    ("talon_receivers", _as_list, _dec_list(_SEAT, 4), True),
    ("initial_minimums", _as_list, _dec_pair(_COUNT), True),
    ("opening_points", _same, _dec_int(-MAX_SCORE, MAX_SCORE), True),
    ("turn_drew", _same, _dec_choice(None, "stock", "pile"), True),
    ("turn_top", _enc_opt_card, _dec_opt_card, True),
    ("turn_locked", _enc_cards, decode_cards, True),
    ("turn_drawn", _enc_cards, decode_cards, False),  # only the mover's own view holds its draws
    ("turn_returned", _same, _dec_bool, True),
    ("turn_no_discard", _same, _dec_bool, True),
    ("turn_black_threes", _same, _dec_bool, True),
    ("turn_opened_at_start", _same, _dec_bool, True),
    ("turn_had_melds", _same, _dec_bool, True),
    ("undo_depth", _same, _COUNT, True),
    ("went_out", _same, _OPT_SEAT, True),
    ("concealed", _same, _dec_bool, True),
    ("special", _enc_special, _dec_special, True),
    ("special_cards", _enc_pair_of_cards, _dec_pair(decode_cards), True),
    ("hand_scores", _enc_scores, _dec_scores, True),
    ("winner", _same, _OPT_SEAT, True),
    # "May I go out?" (four players): always 0 and () between two players
    ("turn_ask", _same, _dec_int(0, 3), True),
    ("broken_yeses", _as_list, _dec_list(_COUNT, 4), True),
)
FIELD_NAMES = tuple(name for name, *_ in _FIELDS)
_PUBLIC = tuple(i for i, field in enumerate(_FIELDS) if field[3])
# fields every view carries that the wire does not: the seat is fixed, the rules were agreed
NOT_ON_WIRE = ("seat", "rules")

Fields = tuple[Any, ...]  # the view's values in FIELD_NAMES order


# -- edits: a changed field as the change itself, when that is shorter than its new value ------
# In a delta the index `EDIT + i` carries an edit of field i against the guest's previous value
# (or what the events predict, see `predict`). A card edit keeps cards as byte strings of ids
# (the audit by type above still holds): the cards appended as bytes, led by the positions of
# the cards removed as small integers, `[2, 5, b"..."]`, or only one of the two.
EDIT = 64


def _enc_card_edit(old: Sequence[int], new: Sequence[int]) -> bytes | list[Any] | None:
    """The edit turning `old` into `new`, if `new` is `old` without some cards and with others
    added at the end, else None."""
    gone = set(old) - set(new)
    kept = [card for card in old if card not in gone]
    if list(new[: len(kept)]) != kept:
        return None
    appended = bytes(new[len(kept) :])
    positions: list[Any] = [at for at, card in enumerate(old) if card in gone]
    if not positions:
        return appended
    return [*positions, appended] if appended else positions


def _dec_card_edit(old: Sequence[int], edit: Any, name: str) -> tuple[int, ...]:
    if isinstance(edit, bytes):
        positions: list[Any] = []
        appended = edit
    elif isinstance(edit, list) and edit and len(edit) <= N_CARDS + 1:
        appended = edit[-1] if isinstance(edit[-1], bytes) else b""
        positions = edit[:-1] if isinstance(edit[-1], bytes) else edit
    else:
        raise _bad(name, "expected a card edit")
    last = -1
    for at in positions:
        if isinstance(at, bool) or not isinstance(at, int) or not last < at < len(old):
            raise _bad(name, "a card edit names positions in order, within the cards")
        last = at
    gone = set(positions)
    kept = bytes(card for at, card in enumerate(old) if at not in gone)
    return decode_cards(kept + appended, name)


def _enc_pair_edit(old: Sequence[Sequence[int]], new: Sequence[Sequence[int]]) -> Any:
    edits = [_enc_card_edit(old[i], new[i]) for i in (0, 1)]
    return None if None in edits else edits


def _dec_pair_edit(old: Sequence[Sequence[int]], edit: Any, name: str) -> tuple[Any, ...]:
    if not isinstance(edit, list) or len(edit) != 2:
        raise _bad(name, "expected a pair of card edits")
    return (_dec_card_edit(old[0], edit[0], name), _dec_card_edit(old[1], edit[1], name))


def _enc_meld_edit(old: Any, new: Any) -> list[Any] | None:
    """`[seat, key, card edit, ...]` for each meld that grew or was laid down (at the end of
    its seat's melds); None if any meld went away or moved."""
    out: list[Any] = []
    for seat in (0, 1):
        before, after = old[seat], new[seat]
        if [key for key, _ in after[: len(before)]] != [key for key, _ in before]:
            return None
        for index, (key, cards) in enumerate(after):
            previous: Sequence[int] = before[index][1] if index < len(before) else ()
            if tuple(previous) == tuple(cards):
                continue
            edit = _enc_card_edit(previous, cards)
            if edit is None:
                return None
            out += [seat, key, edit]
    return out


def _dec_meld_edit(old: Any, edit: Any, name: str) -> tuple[Any, ...]:
    if not isinstance(edit, list) or len(edit) % 3 or len(edit) > 3 * 2 * MAX_MELDS:
        raise _bad(name, "expected [seat, key, card edit, ...]")
    melds = [dict(old[0]), dict(old[1])]
    for at in range(0, len(edit), 3):
        seat = _SEAT(edit[at], name)
        key = edit[at + 1]
        if isinstance(key, bool) or not isinstance(key, int) or key not in MELD_KEY_NAME:
            raise _bad(name, "a meld key is not a rank")
        melds[seat][key] = _dec_card_edit(melds[seat].get(key, ()), edit[at + 2], name)
    # dicts keep their order: grown melds stay where they were, new ones come last
    return _dec_pair(_dec_melds_of_one)(
        [[[key, bytes(cards)] for key, cards in one.items()] for one in melds], name
    )


def _choice_edit(*choices: Any) -> tuple[Callable[[Any, Any], Any], Callable[[Any, Any, str], Any]]:
    """A field with few values travels as the index of its value."""

    def encode(old: Any, new: Any) -> int:
        return choices.index(new)

    def decode(old: Any, edit: Any, name: str) -> Any:
        if isinstance(edit, bool) or not isinstance(edit, int) or not 0 <= edit < len(choices):
            raise _bad(name, f"expected an index below {len(choices)}")
        return choices[edit]  # the plain value, as the whole field decodes

    return encode, decode


# a score breakdown holding exactly the engine's items travels as their points in this order
_SCORE_KEYS = tuple(sorted((*ITEMS, "total")))


def _enc_scores_edit(old: Any, new: Any) -> list[Any] | None:
    if new is None or any(sorted(one) != list(_SCORE_KEYS) for one in new):
        return None
    return [[one[key] for key in _SCORE_KEYS] for one in new]


def _dec_scores_edit(old: Any, edit: Any, name: str) -> Any:
    if not isinstance(edit, list) or not all(
        isinstance(one, list) and len(one) == len(_SCORE_KEYS) for one in edit
    ):
        raise _bad(name, f"expected two lists of {len(_SCORE_KEYS)} points")
    return _dec_scores(
        [[list(item) for item in zip(_SCORE_KEYS, one, strict=True)] for one in edit], name
    )


_CARD_EDIT = (_enc_card_edit, _dec_card_edit)
_PAIR_EDIT = (_enc_pair_edit, _dec_pair_edit)
_EDITS: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any, Any, str], Any]]] = {
    "phase": _choice_edit(*(p.value for p in (DRAW, PLAY, HAND_OVER, GAME_OVER))),
    "turn_drew": _choice_edit(None, "stock", "pile"),
    "hand": _CARD_EDIT,
    "pile": _CARD_EDIT,
    "turn_locked": _CARD_EDIT,
    "turn_drawn": _CARD_EDIT,
    "known": _PAIR_EDIT,
    "threes": _PAIR_EDIT,
    "special_cards": _PAIR_EDIT,
    "melds": (_enc_meld_edit, _dec_meld_edit),
    "hand_scores": (_enc_scores_edit, _dec_scores_edit),
}


def _packed_size(value: Any) -> int:
    return len(msgpack.packb(value, use_bin_type=True))


# -- prediction: what the events alone say about the next view ----------------------------------
# An event as both sides read it: (kind, player, cards the guest sees, hidden count, rank).
Seen = tuple[str, int, tuple[int, ...], int, Any]


def _minus(cards: Sequence[int], gone: Sequence[int]) -> tuple[int, ...]:
    return tuple(card for card in cards if card not in gone)


def predict(previous: Fields, events: Sequence[Seen], seat: int = GUEST_SEAT) -> Fields:
    """The view after `events`, as far as they tell it: cards drawn, melded and discarded, the
    turn passing. Host and guest compute it from the same inputs, and the host sends only what
    differs from it, so a wrong guess costs bytes, never correctness."""
    v = dict(zip(FIELD_NAMES, previous, strict=True))
    sizes = list(v["hand_sizes"])
    melds = [dict(v["melds"][0]), dict(v["melds"][1])]
    known = [tuple(v["known"][0]), tuple(v["known"][1])]
    acted = False
    for kind, player, cards, hidden, rank in events:
        if player not in (0, 1):
            continue
        if kind == "draw":  # drawing is never undone: the undo depth stays
            sizes[player] += len(cards) + hidden
            v["stock_size"] = max(0, v["stock_size"] - len(cards) - hidden)
            if player == seat:
                v["hand"] = v["hand"] + _minus(cards, v["hand"])
                v["turn_drawn"] = v["turn_drawn"] + _minus(cards, v["turn_drawn"])
            v["phase"], v["turn_drew"] = PLAY.value, "stock"
        elif kind == "pile_taken":
            sizes[player] += len(cards) + hidden
            v["pile"] = ()
            if player == seat:
                v["hand"] = v["hand"] + _minus(cards, v["hand"])
            else:
                known[player] = known[player] + _minus(cards, known[player])
            v["phase"], v["turn_drew"] = PLAY.value, "pile"
            v["turn_top"] = cards[-1] if cards else None
            acted = True
        elif kind == "discard" or (kind == "meld" and isinstance(rank, int)):
            # The cards leave the hand, onto a meld or the pile.
            if kind == "meld" and isinstance(rank, int):
                melds[player][rank] = tuple(melds[player].get(rank, ())) + tuple(cards)
            else:
                v["pile"] = v["pile"] + tuple(cards)
            sizes[player] -= len(cards) + hidden
            known[player] = _minus(known[player], cards)
            if player == seat:
                v["hand"] = _minus(v["hand"], cards)
            acted = True
        elif kind == "turn":
            v["to_move"], v["phase"], v["turn_drew"] = player, DRAW.value, None
            v["turn_no"] += 1
            v["turn_drawn"], v["turn_locked"], v["turn_top"] = (), (), None
            v["undo_depth"], acted = 0, False
    if acted:
        v["undo_depth"] += 1
    v["hand_sizes"] = (sizes[0], sizes[1])
    # the mover's melded points (the engine's opening_points, but for the top card and bonus
    # rules, which the delta corrects)
    v["opening_points"] = sum(
        CARD_POINTS[card] for cards in melds[v["to_move"]].values() for card in cards
    )
    v["melds"] = (tuple(melds[0].items()), tuple(melds[1].items()))
    v["known"] = (known[0], known[1])
    return tuple(v[name] for name in FIELD_NAMES)


def view_fields(view: PlayerView) -> Fields:
    return tuple(getattr(view, name) for name in FIELD_NAMES)


def encode_delta(previous: Fields | None, current: Fields) -> list[Any]:
    """`[index, wire value, ...]` for the fields that differ (all of them without `previous`),
    each as an edit (`EDIT + index`) where that is shorter."""
    out: list[Any] = []
    for index, (value, (name, encode, _, _)) in enumerate(zip(current, _FIELDS, strict=True)):
        if previous is not None and previous[index] == value:
            continue
        whole = encode(value)
        edit = None
        if previous is not None and name in _EDITS:
            edit = _EDITS[name][0](previous[index], value)
        if edit is not None and _packed_size(edit) < _packed_size(whole):
            out += [EDIT + index, edit]
        else:
            out += [index, whole]
    return out


def apply_delta(previous: Fields | None, delta: Any) -> Fields:
    """Check a delta from the host and return the new field values. Without `previous` the
    delta must carry every field."""
    if not isinstance(delta, list) or len(delta) % 2 or len(delta) > 2 * len(_FIELDS):
        raise ProtocolError("bad_view", "a view update is a list of [index, value] pairs")
    values: list[Any] = (
        list(previous) if previous is not None else [dataclasses.MISSING] * len(_FIELDS)
    )
    seen = set()
    for position in range(0, len(delta), 2):
        code = delta[position]
        index = code - EDIT if isinstance(code, int) and code >= EDIT else code
        if (
            isinstance(code, bool)
            or not isinstance(code, int)
            or not 0 <= index < len(_FIELDS)
            or index in seen
        ):
            raise ProtocolError("bad_view", f"view field index {code!r} is unknown or repeated")
        seen.add(index)
        name, _, decode, _ = _FIELDS[index]
        if index == code:
            values[index] = decode(delta[position + 1], name)
        elif previous is None or name not in _EDITS:
            raise ProtocolError("bad_view", f"view field {name} cannot travel as an edit here")
        else:
            values[index] = _EDITS[name][1](previous[index], delta[position + 1], name)
    if previous is None and len(seen) != len(_FIELDS):
        raise ProtocolError("bad_view", "the first view must carry every field")
    return tuple(values)


def build_view(values: Fields, rules: Rules, seat: int = GUEST_SEAT) -> PlayerView:
    """The `PlayerView` for checked field values; raises `ProtocolError` if it is impossible."""
    view = PlayerView(seat=seat, rules=rules, **dict(zip(FIELD_NAMES, values, strict=True)))
    check_view(view)
    return view


def check_view(view: PlayerView) -> None:
    """Refuse a view no real game can produce, before any game code trusts it."""
    seat, other = view.seat, 1 - view.seat
    zones: list[tuple[int, ...]] = [view.hand, view.pile, view.threes[0], view.threes[1]]
    zones += [view.special_cards[0], view.special_cards[1]]
    for p in (0, 1):
        zones.extend(cards for _, cards in view.melds[p])
    seen: set[int] = set()
    for zone in zones:
        if seen.intersection(zone):
            raise ProtocolError("bad_view", "a card is in two places at once")
        seen.update(zone)
    if view.hand_sizes[seat] != len(view.hand):
        raise ProtocolError("bad_view", "the hand size does not match the hand")
    if not set(view.known[seat]) <= set(view.hand):
        raise ProtocolError("bad_view", "a card known to be in my hand is not there")
    theirs = set(view.known[other])
    if theirs & seen or len(theirs) > view.hand_sizes[other]:
        raise ProtocolError("bad_view", "the opponent's known cards do not fit")
    hidden = view.hand_sizes[other] - len(theirs)
    if len(seen) + len(theirs) + hidden + view.stock_size + sum(view.talon_sizes) != N_CARDS:
        raise ProtocolError("bad_view", f"the view does not account for all {N_CARDS} cards")
    visible = seen | theirs
    extras = (
        set(view.turn_locked)
        | set(view.turn_drawn)
        | ({view.turn_top} if view.turn_top is not None else set())
    )
    if not extras <= visible:
        raise ProtocolError("bad_view", "a card of the turn in progress is not on the table")
    if view.to_move == other and view.turn_drawn:
        raise ProtocolError("bad_view", "the opponent's draws cannot be shown")


def encode_view(values: Fields) -> list[Any]:
    """Every field on the wire, in order (for hashing and for saving a view)."""
    return [encode(value) for value, (_, encode, _, _) in zip(values, _FIELDS, strict=True)]


def _digest(label: bytes, body: Any) -> str:
    return hashlib.sha256(label + msgpack.packb(body, use_bin_type=True)).hexdigest()


def public_hash(values: Fields, rules_hash: str, state_no: int) -> str:
    """What both players see of state `state_no` (given as a view's field values), under the
    agreed rules, as a hex digest. Any seat's view gives the same hash."""
    public = [_FIELDS[i][1](values[i]) for i in _PUBLIC]
    return _digest(b"canasta-netplay public 1", [rules_hash, state_no, public])[:PUBLIC_HASH_HEX]


def view_hash(values: Fields, seat: int = GUEST_SEAT) -> str:
    """The whole of one seat's view, hand included."""
    return _digest(b"canasta-netplay view 1", [seat, encode_view(values)])


def visible_cards(view: PlayerView) -> frozenset[int]:
    return frozenset(view.visible_cards())
