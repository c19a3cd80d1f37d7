"""The play protocol at a table of three or four, sans-I/O: the host's copy is the hub.

Every seat plays its hand on the peek-proof deal with its own `FairHand`, exactly as at two
seats (`play_protocol`); only the routing differs. Each guest has one channel, to the host. The
host's copy plays its own seat and every computer seat (`LocalSeat`: the host's copy holds a
computer seat's secret, as any player of that seat would) and passes every message on: a
guest's `toss`, `deal`, `move`, `next` or `halt` goes to the host's seats and, inside `from`
with the guest's seat, to every other guest, in the order the host handles them, so every seat
sees one order (the star of `tests/netplay/play/test_fair_async.py`). A guest's `done` and
`rejoin` are for the host alone.

The toss for the first player: the host commits to its half (`table`, one per guest with that
guest's seat and its own rejoin token), every guest answers with its half, and only once all
are in does the host pass them on and open its own, so no guest chooses its half knowing
another's. The first player is `SHA-256("canasta-netplay first N|" game_id "|" halves)` (the
host's half first, then the guests' in seat order) as a big number modulo the seats.

The host keeps, for each guest, the game messages sent to it and the count received from it,
so each guest rejoins on its own (its token, its transcript) while the others play on."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import deque
from typing import Any

from game.logic.actions import Action
from game.logic.engine import Game
from game.logic.phrase import as_sentence, phrase
from game.netplay.fair import RandomBytes
from game.netplay.fair.misconduct import whose

from ..errors import ProtocolError
from ..wire.payloads import game_payload
from . import play_messages as m
from .play_protocol import (
    COIN_BYTES,
    GAME_ID_BYTES,
    HOST_SEAT,
    OLD_SAVE_FORMATS,
    SAVE_FORMAT,
    GameFinished,
    GuestPlay,
    Halted,
    PlayEvent,
    SaveError,
    Stage,
    Terms,
    _pack_blob,
    _Side,
    _unpack_blob,
    saved_by_other,
    toss_commitment,
    unreadable_save,
)

NOT_A_TABLE = phrase("This is not a saved network game of three or four.")


def table_first_player(game_id: str, halves: list[str], players: int) -> int:
    """The first hand's first player at a table of three or four: no seat can choose it."""
    text = "|".join(halves)
    digest = hashlib.sha256(f"canasta-netplay first {players}|{game_id}|{text}".encode())
    return int.from_bytes(digest.digest(), "big") % players


# -- a guest ---------------------------------------------------------------------------------


class TableGuest(GuestPlay):
    """A guest at a table of three or four: its seat comes with the host's `table`; every other
    seat's messages come through the host, inside `from`."""

    def __init__(
        self, terms: Terms, *, randomness: RandomBytes | None = None, seat: int = 1
    ) -> None:
        self.seat = seat  # until the host's `table` names it (a save knows it)
        super().__init__(terms, randomness=randomness)
        self.names: list[str] = []
        self.guests: list[int] = []
        self.coins: dict[int, str] = {}  # every guest's half of the toss, and the host's

    def _parse(self, body: Any) -> Any:
        return m.parse_at_table(body)

    def receive(self, payload: list[Any]) -> list[list[Any]]:
        try:
            message = self._parse(self.unwrap(payload))
        except m.Unreadable:
            self.received += 1
            raise
        if isinstance(message, (m.Rejoin, m.Rejoined)):
            return self._on_rejoin(message)
        if self._rejoining:
            raise ProtocolError("unexpected", "a saved game continues only after the rejoin")
        if isinstance(message, m.Relayed):
            if message.sender in (HOST_SEAT, self.seat) or message.sender >= self.players:
                raise ProtocolError("unexpected", f"no seat {message.sender} can send through")
            out = self._dispatch(message.message, message.sender)
        else:
            out = self._dispatch(message, HOST_SEAT)
        self.received += 1
        return out

    def _handle(self, message: Any, sender: int) -> list[list[Any]]:
        if isinstance(message, m.TableStart):
            return self._on_table(message)
        if isinstance(message, m.Start):
            raise ProtocolError("unexpected", "a table of three or four starts with 'table'")
        if isinstance(message, m.Toss) and sender != HOST_SEAT:
            return self._on_guest_toss(message, sender)
        return super()._handle(message, sender)

    def _on_table(self, message: m.TableStart) -> list[list[Any]]:
        if len(message.names) != self.players:
            raise ProtocolError("unexpected", "the table's seats are not the agreed players'")
        self.seat = message.seat
        self.names = list(message.names)
        self.guests = sorted(message.guests)
        self.peer_name = self.names[HOST_SEAT]
        start = m.Start(message.game_id, message.token, message.rules_hash, message.commitment)
        out = self._on_start(start)
        self.coins[self.seat] = self.coin
        return out

    def _on_guest_toss(self, message: m.Toss, sender: int) -> list[list[Any]]:
        if sender not in self.guests or sender in self.coins or not self.coin:
            raise ProtocolError("unexpected", f"seat {sender}'s half of the toss is not expected")
        self.coins[sender] = message.coin
        return self._tossed()

    def _on_toss(self, message: m.Toss) -> list[list[Any]]:
        if self.stage is not Stage.STARTING or not self.coin or self.their_coin:
            raise ProtocolError("unexpected", "the toss is not expected now")
        if not hmac.compare_digest(toss_commitment(self.game_id, message.coin), self.commitment):
            said = phrase(
                "{whose} half of the toss for the first player is not the one announced at the start",
                whose=whose(HOST_SEAT),
            )
            return self._halt("misconduct", 0, "", "", as_sentence(said))
        self.their_coin = message.coin
        return self._tossed()

    def _tossed(self) -> list[list[Any]]:
        if not self.their_coin or any(g not in self.coins for g in self.guests):
            return []
        halves = [self.their_coin, *(self.coins[g] for g in self.guests)]
        self.first_player = table_first_player(self.game_id, halves, self.players)
        return self._begin_hand()

    def _names(self) -> list[str]:
        return self.names

    def to_save(self) -> dict[str, Any]:
        return super().to_save() | {
            "seat": self.seat,
            "names": self.names,
            "guests": self.guests,
            "coins": {str(seat): coin for seat, coin in self.coins.items()},
        }

    @classmethod
    def from_save(cls, doc: dict[str, Any], **kwargs: Any) -> Any:
        seat = doc.get("seat") if isinstance(doc, dict) else None
        if type(seat) is not int or not 0 < seat < m.MAX_SEATS:
            raise SaveError(NOT_A_TABLE)
        play = super().from_save(doc, seat=seat, **kwargs)
        try:
            play.names = [str(name) for name in doc["names"]]
            play.guests = [int(seat) for seat in doc["guests"]]
            play.coins = {int(seat): str(coin) for seat, coin in doc["coins"].items()}
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise SaveError(unreadable_save(error)) from None
        play.peer_name = play.names[HOST_SEAT] if play.names else play.peer_name
        return play


# -- the host's copy: its own seat and the computer seats ------------------------------------


class LocalSeat(_Side):
    """A seat the host's copy plays: its own, or a computer seat. It reacts to every other
    seat's message as a guest does; the hub (`TableHost`) runs the toss, the rejoins and the
    end of the game."""

    seat = HOST_SEAT  # each one's own is set when it is made

    def __init__(
        self,
        terms: Terms,
        *,
        seat: int,
        names: list[str],
        randomness: RandomBytes | None = None,
    ) -> None:
        self.seat = seat
        super().__init__(terms, randomness=randomness, peer_name="the table")
        self.names = names

    def take(self, message: Any, sender: int) -> list[list[Any]]:
        """Another seat's message (parsed); the bodies this seat sends in answer."""
        return [self.unwrap(payload) for payload in self._dispatch(message, sender)]

    def play(self, action: Action) -> list[list[Any]]:
        """This seat's own action; the bodies it sends. Raises `IllegalAction` if refused."""
        return [self.unwrap(payload) for payload in self.act(action)]

    def begin(self, game_id: str, first_player: int) -> list[list[Any]]:
        self.game_id = game_id
        self.first_player = first_player
        return [self.unwrap(payload) for payload in self._begin_hand()]

    def _out(self, body: list[Any]) -> list[Any]:
        return game_payload(body)  # the hub keeps each guest's transcript

    def to_save(self) -> dict[str, Any]:
        return super().to_save() | {"role": "host"}  # a seat of the host's copy

    def _parse(self, body: Any) -> Any:
        return m.parse_relayed(body)

    def _on_rejoin(self, message: m.Rejoin | m.Rejoined) -> list[list[Any]]:
        raise ProtocolError("unexpected", "the host's copy rejoins nothing")

    def _on_toss(self, message: m.Toss) -> list[list[Any]]:
        raise ProtocolError("unexpected", "the host's copy runs the toss")

    def _last_hand_audited(self, record: Game) -> list[list[Any]]:
        if self.seat == HOST_SEAT:
            self.stage = Stage.ENDING  # the guests' agreement ends the game
        else:
            self._finish(record)
        return []

    def _names(self) -> list[str]:
        return self.names


class TableHost:
    """The host's copy at a table of three or four: its own seat, the computer seats, each
    guest's transcript, the routing. `seats` names every seat (the host's first); `guests` are
    the guest seats, the rest are computer seats."""

    def __init__(
        self,
        terms: Terms,
        names: list[str],
        guests: list[int],
        *,
        randomness: RandomBytes | None = None,
    ) -> None:
        players = terms.rules.players
        if players not in (3, 4) or len(names) != players:
            raise ValueError("a table seats three or four, each with a name")
        if not guests or any(not 0 < g < players for g in guests):
            raise ValueError("the guests sit at seats 1 to 3")
        self.terms = terms
        self.names = list(names)
        self.guests = sorted(set(guests))
        self.random: RandomBytes = randomness or secrets.token_bytes
        self.seats = {
            s: LocalSeat(terms, seat=s, names=self.names, randomness=randomness)
            for s in range(players)
            if s not in self.guests
        }
        self.game_id = ""
        self.tokens: dict[int, str] = {}
        self.coin = ""
        self.coins: dict[int, str] = {}
        self.sent: dict[int, list[list[Any]]] = {g: [] for g in self.guests}
        self.received: dict[int, int] = dict.fromkeys(self.guests, 0)
        self.rejoining: set[int] = set()
        self.done: dict[int, tuple[int, str]] = {}

    # -- queries -------------------------------------------------------------------------------
    @property
    def me(self) -> LocalSeat:
        return self.seats[HOST_SEAT]

    @property
    def computers(self) -> list[LocalSeat]:
        return [seat for s, seat in self.seats.items() if s != HOST_SEAT]

    @property
    def over(self) -> bool:
        return self.me.over

    @property
    def halted(self) -> Halted | None:
        return self.me.halted

    @property
    def finished(self) -> GameFinished | None:
        return self.me.finished

    @property
    def view(self) -> Any:
        return self.me.view

    @property
    def state_no(self) -> int:
        return self.me.state_no

    def current_hash(self) -> str:
        return self.me.current_hash()

    def owed(self) -> str | None:
        if self.rejoining:
            return phrase("its rejoin")
        if self.me.stage is Stage.STARTING and self.game_id:
            if len(self.coins) < len(self.guests):
                return phrase("its half of the toss")
            return None
        return self.me.owed()

    def pop_events(self) -> list[PlayEvent]:
        """What the host's own seat shows (the computer seats' are nobody's to show)."""
        for seat in self.computers:
            seat.pop_events()
        return self.me.pop_events()

    # -- the start ------------------------------------------------------------------------------
    def begin(self) -> list[tuple[int, list[Any]]]:
        """Each guest's `table`: the game's id, its own token, the host's toss commitment."""
        if self.game_id:
            raise ProtocolError("unexpected", "the game has already begun")
        self.game_id = self.random(GAME_ID_BYTES).hex()
        self.coin = self.random(COIN_BYTES).hex()
        commitment = toss_commitment(self.game_id, self.coin)
        out = []
        for g in self.guests:
            self.tokens[g] = secrets.token_hex(GAME_ID_BYTES)
            body = m.table_start(
                self.game_id,
                self.tokens[g],
                self.terms.rules_hash,
                commitment,
                g,
                self.names,
                self.guests,
            )
            out.extend(self._to(g, body))
        for seat in self.seats.values():
            seat.game_id, seat.coin, seat.commitment = self.game_id, self.coin, commitment
        return out

    # -- messages -------------------------------------------------------------------------------
    def receive(self, guest: int, payload: list[Any]) -> list[tuple[int, list[Any]]]:
        """A game payload from `guest`; the payloads to send, each to its guest. Raises
        `ProtocolError` (`Unreadable` for a schema break) without changing the game."""
        if guest not in self.received:
            raise ProtocolError("unexpected", f"seat {guest} is no guest")
        body = self.me.unwrap(payload)
        try:
            message = m.parse_from_guest(body)
        except m.Unreadable:
            self.received[guest] += 1
            raise
        if isinstance(message, m.Rejoin):
            return self._on_rejoin(guest, message)
        if guest in self.rejoining:
            raise ProtocolError("unexpected", "a saved game continues only after the rejoin")
        out = self._handle(guest, message, body)
        self.received[guest] += 1
        return out

    def _handle(self, guest: int, message: Any, body: list[Any]) -> list[tuple[int, list[Any]]]:
        if isinstance(message, m.Toss):
            return self._on_toss(guest, message)
        if isinstance(message, m.Done):
            return self._on_done(guest, message)
        if self.me.stage is Stage.STARTING:
            raise ProtocolError("unexpected", "the game has not started yet")
        return self._route(deque([(guest, body)]))

    def act(self, seat: int, action: Action) -> list[tuple[int, list[Any]]]:
        """An action of a seat this copy plays (its own, or a computer's); raises
        `IllegalAction` (changing nothing) if that seat may not make it now."""
        local = self.seats.get(seat)
        if local is None:
            raise ValueError(f"seat {seat} is a guest's: this copy does not play it")
        bodies = local.play(action)
        return self._route(deque((seat, body) for body in bodies))

    def _route(self, queue: deque[tuple[int, list[Any]]]) -> list[tuple[int, list[Any]]]:
        """Deliver each message to every seat but its sender, in order: to the guests through
        their channels (inside `from` when another seat sent it), to this copy's seats at once,
        whose answers join the queue."""
        out: list[tuple[int, list[Any]]] = []
        while queue:
            sender, body = queue.popleft()
            for g in self.guests:
                if g != sender:
                    out.extend(
                        self._to(g, body if sender == HOST_SEAT else m.relayed(sender, body))
                    )
            message = None
            for s, local in self.seats.items():
                if s == sender:
                    continue
                if message is None:
                    message = m.parse_relayed(body)
                queue.extend((s, answer) for answer in local.take(message, sender))
        self._check_end()
        return out

    def _to(self, guest: int, body: list[Any]) -> list[tuple[int, list[Any]]]:
        """`body` for `guest`, kept in its transcript; held back while it rejoins (its session
        started over, and it takes nothing before the answer to its rejoin, which resends it)."""
        self.sent[guest].append(body)
        return [] if guest in self.rejoining else [(guest, game_payload(body))]

    # -- the toss ------------------------------------------------------------------------------
    def _on_toss(self, guest: int, message: m.Toss) -> list[tuple[int, list[Any]]]:
        if self.me.stage is not Stage.STARTING or not self.game_id or guest in self.coins:
            raise ProtocolError("unexpected", "the toss is not expected now")
        self.coins[guest] = message.coin
        if len(self.coins) < len(self.guests):
            return []
        halves = [self.coin, *(self.coins[g] for g in self.guests)]
        first = table_first_player(self.game_id, halves, self.terms.rules.players)
        out = []
        for g in self.guests:
            for other in self.guests:
                if other != g:
                    out.extend(self._to(g, m.relayed(other, m.toss(self.coins[other]))))
            out.extend(self._to(g, m.toss(self.coin)))
        queue: deque[tuple[int, list[Any]]] = deque()
        for s, local in self.seats.items():
            local.their_coin = self.coin
            queue.extend((s, body) for body in local.begin(self.game_id, first))
        return out + self._route(queue)

    # -- the end -------------------------------------------------------------------------------
    def _on_done(self, guest: int, message: m.Done) -> list[tuple[int, list[Any]]]:
        if guest in self.done:
            raise ProtocolError("unexpected", "this guest ended the game already")
        self.done[guest] = (message.state_no, message.state_hash)
        return self._check_end()

    def _check_end(self) -> list[tuple[int, list[Any]]]:
        me = self.me
        if me.stage is not Stage.ENDING or len(self.done) < len(self.guests):
            return []
        record = me.record()
        assert record is not None
        mine = record.state_hash()
        for g, (state_no, state_hash) in sorted(self.done.items()):
            if state_no != me.state_no or not hmac.compare_digest(state_hash, mine):
                said = phrase(
                    "{whose} final table and the host's differ at state {state}",
                    whose=whose(g),
                    state=me.state_no,
                )
                return self.halt("desync", mine, state_hash, as_sentence(said))
        me._finish(record)
        return []

    def halt(self, code: str, mine: str, theirs: str, said: str) -> list[tuple[int, list[Any]]]:
        """Stop play at the whole table (a desync the host found)."""
        bodies = self.me._halt(code, self.me.state_no, mine, theirs, said)
        return self._route(deque((HOST_SEAT, self.me.unwrap(b)) for b in bodies))

    # -- rejoining -----------------------------------------------------------------------------
    def expect_rejoin(self, guest: int) -> None:
        """`guest`'s session started over (it crashed): nothing of it moves until it rejoins."""
        if self.game_id and not self.over and guest in self.received:
            self.rejoining.add(guest)

    def _on_rejoin(self, guest: int, message: m.Rejoin) -> list[tuple[int, list[Any]]]:
        if guest not in self.rejoining:
            raise ProtocolError("unexpected", "there is no saved game waiting for a rejoin")
        token = self.tokens.get(guest, "")
        if not (
            hmac.compare_digest(message.game_id, self.game_id)
            and hmac.compare_digest(message.token, token)
        ):
            raise m.Unreadable("rejoin", "this guest does not hold the saved game's token")
        sent = self.sent[guest]
        if not 0 <= message.received <= len(sent):
            raise ProtocolError(
                "rejoin", f"the guest claims {message.received} game messages of {len(sent)}"
            )
        self.rejoining.discard(guest)
        answer = (guest, game_payload(m.rejoined(self.received[guest])))
        return [answer, *((guest, game_payload(body)) for body in sent[message.received :])]

    # -- saving --------------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        """The host's copy: every seat it plays (their own secrets), each guest's token and
        transcript; never a guest's card."""
        return {
            "format": SAVE_FORMAT,
            "role": "host",
            "table": {
                "names": self.names,
                "guests": self.guests,
                "game_id": self.game_id,
                "tokens": {str(g): t for g, t in self.tokens.items()},
                "coin": self.coin,
                "coins": {str(g): c for g, c in self.coins.items()},
                "sent": {str(g): _pack_blob(bodies) for g, bodies in self.sent.items()},
                "received": {str(g): n for g, n in self.received.items()},
                "done": {str(g): list(d) for g, d in self.done.items()},
                "seats": {str(s): seat.to_save() for s, seat in self.seats.items()},
            },
            "terms": self.terms.agreed,
        }

    @classmethod
    def from_save(cls, doc: dict[str, Any], *, randomness: RandomBytes | None = None) -> TableHost:
        """The host's copy a save holds, every guest waiting to rejoin."""
        if isinstance(doc, dict) and doc.get("format") in OLD_SAVE_FORMATS:
            raise SaveError(
                phrase("This game was saved by an earlier version: it cannot be continued.")
            )
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT or "table" not in doc:
            raise SaveError(NOT_A_TABLE)
        if doc.get("role") != "host":
            raise SaveError(saved_by_other(doc.get("role"), "host"))
        try:
            table = doc["table"]
            terms = Terms.from_agreed(doc["terms"])
            host = cls(terms, table["names"], table["guests"], randomness=randomness)
            host.game_id = str(table["game_id"])
            host.tokens = {int(g): str(t) for g, t in table["tokens"].items()}
            host.coin = str(table["coin"])
            host.coins = {int(g): str(c) for g, c in table["coins"].items()}
            host.sent = {int(g): list(_unpack_blob(b)) for g, b in table["sent"].items()}
            host.received = {int(g): int(n) for g, n in table["received"].items()}
            host.done = {int(g): (int(d[0]), str(d[1])) for g, d in table["done"].items()}
            for s, saved in table["seats"].items():
                seat = LocalSeat.from_save(
                    saved, seat=int(s), names=host.names, randomness=randomness
                )
                seat._rejoining = False  # the guests rejoin the hub, not this seat
                host.seats[int(s)] = seat
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            raise SaveError(unreadable_save(error)) from None
        if set(host.seats) | set(host.guests) != set(range(terms.rules.players)):
            raise SaveError(phrase("The saved table's seats do not fit its players."))
        if not host.over and host.game_id:
            host.rejoining = set(host.guests)
        return host
