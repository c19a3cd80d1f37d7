"""The play protocol, sans-I/O: the host's authoritative game and the guest's mirror of its view.

The host (seat 0) holds the only `Game`. The guest (seat 1) sends `act` messages naming the state
number its action applies to; the host checks them with the engine and answers every change with
an `update` carrying the action as applied, the events with only the cards the guest may see, the
fields of the guest's view that changed, and the host's hash of the public state. Every state has
a number (the count of actions applied in the game), and only the seat to move may act, so two
moves can never cross on the wire: this is the play-sequence rule of User Guide 8.5, done with
numbers instead of ready/not-ready packets. An illegal or out-of-turn action is refused with the
engine's sentence and changes nothing; a malformed message is a `ProtocolError`.

Both sides hash the public state after every change. The guest checks each update against its
own copy and puts its hash into every `act`; the host checks that. A mismatch halts play with a
report of both hashes and the state number instead of playing on from different tables.

Each hand is dealt by commit-reveal (see `dealing`): `commit`, then the guest's `seed`, then the
deal; when the hand is over the host sends `reveal` and the guest replays the whole hand from the
revealed deck, comparing every view it was shown, so a host that dealt another deck than it
committed to is caught. Between hands both players must ask for the next hand.

Both objects keep the game messages they sent and count those they received, so that a game saved
after a lost connection can be rejoined later: each side resends what the other never got."""

from __future__ import annotations

import base64
import dataclasses
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import msgpack

from game.logic.actions import Action, NextHand, action_from_dict
from game.logic.cards import CardId
from game.logic.engine import Game
from game.logic.errors import IllegalAction
from game.logic.events import Event
from game.logic.phases import GAME_OVER, HAND_OVER
from game.logic.replay import ReplayError, load_replay, replay_document
from game.logic.rules import Rules, RulesError
from game.logic.view import PlayerView, player_view

from ..errors import ProtocolError
from ..wire.payloads import GAME, game_payload
from . import play_messages as m
from .agreement import rules_hash as terms_hash
from .dealing import (
    GAME_ID_BYTES,
    HostSecret,
    commitment,
    commitment_holds,
    first_player,
    fresh_seed,
    shuffled_deck,
)
from .viewcodec import (
    GUEST_SEAT,
    HOST_SEAT,
    Fields,
    Seen,
    apply_delta,
    build_view,
    encode_delta,
    encode_view,
    predict,
    public_hash,
    view_fields,
    view_hash,
)

SAVE_FORMAT = "canasta-netplay-save/1"
HANDS_KEY = "hands"  # the one agreed term that is not a rule: how many hands make this game
MAX_HANDS_TERM = 1000


# -- the agreed terms ------------------------------------------------------------------------


@dataclass(frozen=True)
class Terms:
    """What both players agreed before the game: the rules, and how many hands (0 = play to the
    rules' target score)."""

    rules: Rules
    agreed: dict[str, Any]
    rules_hash: str
    hands: int

    @classmethod
    def from_agreed(cls, agreed: dict[str, Any]) -> Terms:
        """Terms from an agreed proposal dict; raises `ValueError` (`RulesError`) if unusable."""
        rules_part = {k: v for k, v in agreed.items() if k != HANDS_KEY}
        hands = agreed.get(HANDS_KEY, 0)
        if (
            isinstance(hands, bool)
            or not isinstance(hands, int)
            or not 0 <= hands <= MAX_HANDS_TERM
        ):
            raise RulesError(
                f"The number of hands must be a whole number from 0 to {MAX_HANDS_TERM}."
            )
        rules = Rules.from_dict(rules_part)
        if rules.players != 2:
            # The network seats two (three and four players are the engine's, RULES.md 9).
            raise RulesError("A network game is for two players.")
        return cls(rules, dict(agreed), terms_hash(agreed), hands)

    def game_ends_after(self, game: Game | PlayerView) -> bool:
        """True when the hand just finished is the last one."""
        if game.phase == GAME_OVER:
            return True
        return bool(self.hands) and game.hand_no >= self.hands


def proposal(rules: Rules, hands: int = 0) -> dict[str, Any]:
    """The dict a player proposes in the rules agreement (UG 5.4)."""
    out = rules.to_dict()
    if hands:
        out[HANDS_KEY] = hands
    return out


# -- what the driver and the table hear ------------------------------------------------------


@dataclass(frozen=True)
class Updated:
    """The game moved to `state_no`: `actor` (-1 for a deal) did `action`. `view` is this side's
    view now; `events` carry only cards this side may see (hidden ones are counted in
    `info["hidden"]`)."""

    state_no: int
    actor: int
    action: Action | None
    events: tuple[Event, ...]
    view: PlayerView


@dataclass(frozen=True)
class Refusal:
    """The host refused an action; nothing changed."""

    state_no: int
    action: Action
    code: str
    text: str


@dataclass(frozen=True)
class DealChecked:
    """The guest replayed a finished hand from the revealed deck and found it as dealt."""

    hand_no: int
    text: str


@dataclass(frozen=True)
class Halted:
    """Play stopped for good: `code` is "desync", "deal_tampered", "no_saved_game", ..."""

    code: str
    state_no: int
    my_hash: str
    their_hash: str
    text: str
    by_peer: bool


@dataclass(frozen=True)
class GameFinished:
    state_hash: str
    totals: tuple[int, int]
    hands: int


PlayEvent = Updated | Refusal | DealChecked | Halted | GameFinished


class Stage(Enum):
    STARTING = "starting"  # guest: waiting for the host's start
    DEALING = "dealing"  # commit sent or received, waiting for the guest's seed / the deal
    PLAYING = "playing"
    REVEALING = "revealing"  # guest: the hand is over, waiting for the host's reveal
    BETWEEN_HANDS = "between hands"  # waiting for both players to ask for the next hand
    ENDING = "ending"  # the last hand is over; waiting for the guest's agreement
    FINISHED = "finished"
    HALTED = "halted"


def _is_rejoin(body: Any) -> bool:
    return (
        isinstance(body, list) and bool(body) and body[0] in (m.TAGS["rejoin"], m.TAGS["rejoined"])
    )


def _pack_blob(value: Any) -> str:
    return base64.b64encode(msgpack.packb(value, use_bin_type=True)).decode("ascii")


def _unpack_blob(text: str) -> Any:
    return msgpack.unpackb(base64.b64decode(text.encode("ascii")), raw=False)


class _Side:
    """What host and guest share: the transcript, the outgoing queue, the events, halting."""

    seat: int

    def __init__(self, terms: Terms) -> None:
        self.terms = terms
        self.stage = Stage.STARTING
        self.game_id = ""
        self.token = ""
        self.sent: list[list[Any]] = []  # every game message sent, for a later rejoin
        self.received = 0  # game messages received (rejoin messages excepted)
        self.halted: Halted | None = None
        self.finished: GameFinished | None = None
        self._events: list[PlayEvent] = []

    @property
    def over(self) -> bool:
        return self.stage in (Stage.FINISHED, Stage.HALTED)

    def pop_events(self) -> list[PlayEvent]:
        events, self._events = self._events, []
        return events

    def _out(self, body: list[Any]) -> list[Any]:
        if not _is_rejoin(body):
            self.sent.append(body)
        return game_payload(body)

    def _halt(self, code: str, state_no: int, mine: str, theirs: str, text: str) -> list[list[Any]]:
        """Stop play here and tell the peer why."""
        if self.stage is Stage.HALTED:
            return []
        self.stage = Stage.HALTED
        self.halted = Halted(code, state_no, mine, theirs, text, by_peer=False)
        self._events.append(self.halted)
        return [self._out(m.halt(code, state_no, mine, theirs, text))]

    def _peer_halted(self, message: m.Halt) -> None:
        if self.stage is Stage.HALTED:
            return
        self.stage = Stage.HALTED
        # the peer's "sender" hash is theirs, its "receiver" hash is what it thinks ours is
        self.halted = Halted(
            message.code,
            message.state_no,
            message.receiver_hash,
            message.sender_hash,
            message.text,
            by_peer=True,
        )
        self._events.append(self.halted)

    def unwrap(self, payload: list[Any]) -> Any:
        if not payload or payload[0] != GAME:
            raise ProtocolError("unexpected", "not a game payload")
        return payload[1]

    def resend_from(self, count: int) -> list[list[Any]]:
        """What the peer missed, for a rejoin: every game message after the first `count`."""
        if not 0 <= count <= len(self.sent):
            raise ProtocolError(
                "rejoin", f"the peer claims {count} game messages; only {len(self.sent)} were sent"
            )
        return [game_payload(body) for body in self.sent[count:]]


# -- the host --------------------------------------------------------------------------------


@dataclass
class HandRecord:
    """One hand's commit-reveal state on the host."""

    hand_no: int
    secret: HostSecret
    commitment: str
    guest_seed: str | None = None
    revealed: bool = False


class HostPlay(_Side):
    """The host's side: owns the `Game`, validates the guest's actions, reveals each deal."""

    seat = HOST_SEAT

    def __init__(
        self,
        terms: Terms,
        *,
        secret_source: Callable[[], HostSecret] = HostSecret.fresh,
        guest_name: str = "the guest",
    ) -> None:
        super().__init__(terms)
        self.game_id = secrets.token_hex(GAME_ID_BYTES)
        self.token = secrets.token_hex(GAME_ID_BYTES)
        self.game: Game | None = None
        self.hands: list[HandRecord] = []
        self.first_player: int | None = None
        self.ready = [False, False]  # who asked for the next hand
        self.guest_name = guest_name
        self._secret_source = secret_source
        self._last_fields: Fields | None = None
        self._last_hash = ""
        self._awaiting_rejoin = False

    # -- queries -------------------------------------------------------------------------------
    @property
    def state_no(self) -> int:
        return len(self.game.log) if self.game is not None else -1

    @property
    def view(self) -> PlayerView | None:
        return player_view(self.game, self.seat) if self.game is not None else None

    def guest_view(self) -> PlayerView | None:
        return player_view(self.game, GUEST_SEAT) if self.game is not None else None

    @property
    def my_turn(self) -> bool:
        return (
            self.stage is Stage.PLAYING
            and not self._awaiting_rejoin
            and self.game is not None
            and self.game.to_move == self.seat
        )

    @property
    def wants_next_hand(self) -> bool:
        """True between hands until this side has asked for the next one."""
        return (
            self.stage is Stage.BETWEEN_HANDS
            and not self.ready[self.seat]
            and not self._awaiting_rejoin
        )

    def current_hash(self) -> str:
        """The public hash of the current state."""
        return self._last_hash

    # -- the local player's side ---------------------------------------------------------------
    def begin(self) -> list[list[Any]]:
        """The opening messages: the game's identity, then the first hand's commitment."""
        if self.stage is not Stage.STARTING or self.game is not None:
            raise ProtocolError("unexpected", "the game has already begun")
        out = [self._out(m.start(self.game_id, self.token, self.terms.rules_hash))]
        out += self._commit_next_hand()
        return out

    def act(self, action: Action) -> list[list[Any]]:
        """Apply the host player's own action; raises `IllegalAction` if it is not allowed."""
        if self._awaiting_rejoin:
            raise IllegalAction("waiting", f"Wait for {self.guest_name} to rejoin the game.")
        action = action_from_dict(
            action.to_dict()
        )  # canonical codes, as the log and the wire hold them
        if isinstance(action, NextHand):
            if not self.wants_next_hand:
                raise IllegalAction("not_now", "The next hand cannot be dealt now.")
            self.ready[self.seat] = True
            return self._maybe_next_hand()
        if not self.my_turn:
            raise IllegalAction(
                "not_your_turn", f"Wait for your turn: {self.guest_name} is to move."
            )
        assert self.game is not None
        events = self.game.apply(action)
        return self._after_change(self.seat, self.game.log[-1], events)

    # -- the guest's messages ------------------------------------------------------------------
    def receive(self, payload: list[Any]) -> list[list[Any]]:
        """Handle one delivered game payload; returns the payloads to send. Raises
        `ProtocolError` for anything malformed or impossible, without changing the game."""
        try:
            message = m.parse_from_guest(self.unwrap(payload))
        except m.Unreadable:
            self.received += 1  # set aside but counted, so a rejoin never asks for it again
            raise
        if isinstance(message, m.Rejoin):
            return self._on_rejoin(message)
        if self._awaiting_rejoin:
            raise ProtocolError("unexpected", "a saved game continues only after the guest rejoins")
        out = self._dispatch(message)
        self.received += 1  # counted once handled: a message that raised changed nothing
        return out

    def _dispatch(self, message: m.GuestMessage) -> list[list[Any]]:
        if isinstance(message, m.Halt):
            self._peer_halted(message)
            return []
        if self.stage is Stage.HALTED:
            return []  # play is over; only chat goes on
        if isinstance(message, m.Seed):
            return self._on_seed(message)
        if isinstance(message, m.Act):
            return self._on_act(message)
        assert isinstance(message, m.Done)
        return self._on_done(message)

    def _on_seed(self, message: m.Seed) -> list[list[Any]]:
        hand = self.hands[-1] if self.hands else None
        if (
            self.stage is not Stage.DEALING
            or hand is None
            or hand.hand_no != message.hand_no
            or hand.guest_seed
        ):
            raise ProtocolError(
                "unexpected", f"a seed for hand {message.hand_no} is not expected now"
            )
        hand.guest_seed = message.seed
        deck = self._deck_for(hand)
        if self.game is None:
            self.first_player = first_player(hand.secret.seed, message.seed)
            self.game = Game(self.terms.rules, deck=deck, first_player=self.first_player)
            events = list(self.game.last_events)
            action = None
        else:
            self.game = self._rebuilt_with(deck)
            events = self.game.apply(NextHand())
            action = self.game.log[-1]
        self.ready = [False, False]
        self.stage = Stage.PLAYING
        return self._after_change(-1, action, events)

    def _on_act(self, message: m.Act) -> list[list[Any]]:
        state = self.state_no
        action = message.parsed
        if message.state_no != state:
            return [
                self._refuse(
                    message,
                    "stale",
                    "That move was for an earlier position; the game has moved on.",
                )
            ]
        if not hmac.compare_digest(message.public_hash, m.short_hash(self._last_hash)):
            text = f"The two tables differ at state {state}: play stops here."
            return self._halt("desync", state, self._last_hash, message.public_hash, text)
        if self.stage is Stage.BETWEEN_HANDS and isinstance(action, NextHand):
            if self.ready[GUEST_SEAT]:
                return [
                    self._refuse(message, "already_asked", "You already asked for the next hand.")
                ]
            self.ready[GUEST_SEAT] = True
            return self._maybe_next_hand()
        if self.stage is not Stage.PLAYING:
            return [self._refuse(message, "not_now", "No move can be made now: the hand is over.")]
        assert self.game is not None
        if self.game.to_move != GUEST_SEAT:
            return [
                self._refuse(message, "not_your_turn", "Wait for your turn: it is the host's move.")
            ]
        try:
            events = self.game.apply(action)
        except IllegalAction as error:
            return [self._refuse(message, error.code, error.message)]
        return self._after_change(GUEST_SEAT, self.game.log[-1], events)

    def _on_done(self, message: m.Done) -> list[list[Any]]:
        if self.stage is not Stage.ENDING or message.state_no != self.state_no:
            raise ProtocolError("unexpected", "the guest ended a game that is not over")
        if not hmac.compare_digest(message.public_hash, self._last_hash):
            text = f"The final tables differ at state {self.state_no}."
            return self._halt("desync", self.state_no, self._last_hash, message.public_hash, text)
        self._finish()
        return []

    def expect_rejoin(self) -> None:
        """The guest's session started over (it crashed): nothing moves until it rejoins."""
        if self.game_id and not self.over:
            self._awaiting_rejoin = True

    def _on_rejoin(self, message: m.Rejoin) -> list[list[Any]]:
        if not self._awaiting_rejoin:
            raise ProtocolError("unexpected", "there is no saved game waiting for a rejoin")
        if not (
            hmac.compare_digest(message.game_id, self.game_id)
            and hmac.compare_digest(message.token, self.token)
        ):
            # set aside, never the end of the game: the host keeps waiting for its guest
            raise m.Unreadable("rejoin", "this guest does not hold the saved game's token")
        out = [game_payload(m.rejoined(self.received))]
        out += self.resend_from(message.received)
        self._awaiting_rejoin = False
        return out

    # -- helpers -------------------------------------------------------------------------------
    def _refuse(self, message: m.Act, code: str, text: str) -> list[Any]:
        return self._out(m.refused(message.state_no, code, text))

    def _deck_for(self, hand: HandRecord) -> list[CardId]:
        """The deck both seeds make (a test overrides this to play a cheating host)."""
        assert hand.guest_seed is not None
        return shuffled_deck(hand.secret.seed, hand.guest_seed)

    def _decks(self) -> list[list[CardId]]:
        return [self._deck_for(hand) for hand in self.hands if hand.guest_seed is not None]

    def _rebuilt_with(self, deck: list[CardId]) -> Game:
        """The game so far, rebuilt with one more deck waiting for the next hand. Later hands'
        decks only exist once both seeds do, and the engine takes them at construction."""
        assert self.game is not None and self.first_player is not None
        decks = self._decks()
        decks[-1] = deck
        game = Game(
            self.terms.rules, deck=decks[0], decks=decks[1:], first_player=self.first_player
        )
        for action in self.game.log:
            game.apply(action)
        return game

    def _commit_next_hand(self) -> list[list[Any]]:
        hand_no = len(self.hands) + 1
        secret = self._secret_source()
        record = HandRecord(hand_no, secret, commitment(self.game_id, hand_no, secret))
        self.hands.append(record)
        self.stage = Stage.DEALING
        return [self._out(m.commit(hand_no, record.commitment))]

    def _maybe_next_hand(self) -> list[list[Any]]:
        if all(self.ready):
            return self._commit_next_hand()
        return []

    def _after_change(
        self, actor: int, action: dict[str, Any] | None, events: list[Event]
    ) -> list[list[Any]]:
        assert self.game is not None
        game = self.game
        view = player_view(game, GUEST_SEAT)
        fields = view_fields(view)
        shown = events_for(view, events)
        base = self._last_fields
        if base is not None:
            base = predict(base, [_seen(*event) for event in shown])
        delta = encode_delta(base, fields)
        self._last_fields = fields
        state = self.state_no
        self._last_hash = public_hash(fields, self.terms.rules_hash, state)
        out = [self._out(m.update(state, actor, action, shown, delta, self._last_hash))]
        mine = player_view(game, self.seat)
        self._events.append(Updated(state, actor, _parsed(action), tuple(events), mine))
        if game.phase in (HAND_OVER, GAME_OVER):
            hand = self.hands[-1]
            hand.revealed = True
            out.append(self._out(m.reveal(hand.hand_no, hand.secret.seed, hand.secret.salt)))
            self.stage = Stage.ENDING if self.terms.game_ends_after(game) else Stage.BETWEEN_HANDS
        return out

    def _finish(self) -> None:
        assert self.game is not None
        self.stage = Stage.FINISHED
        totals = (self.game.totals[0], self.game.totals[1])
        self.finished = GameFinished(self._last_hash, totals, self.game.hand_no)
        self._events.append(self.finished)

    # -- saving --------------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        """Everything needed to continue this game later, as plain JSON values."""
        return {
            "format": SAVE_FORMAT,
            "role": "host",
            "terms": self.terms.agreed,
            "rules_hash": self.terms.rules_hash,
            "game_id": self.game_id,
            "token": self.token,
            "stage": self.stage.value,
            "first_player": self.first_player,
            "ready": list(self.ready),
            "hands": [
                {
                    "hand": h.hand_no,
                    "commitment": h.commitment,
                    "seed": h.secret.seed,
                    "salt": h.secret.salt,
                    "guest_seed": h.guest_seed,
                    "revealed": h.revealed,
                }
                for h in self.hands
            ],
            "replay": replay_document(self.game) if self.game is not None else None,
            "received": self.received,
            "sent": _pack_blob(self.sent),
        }

    @classmethod
    def from_save(cls, doc: dict[str, Any], **kwargs: Any) -> HostPlay:
        """The host's side of a saved game, waiting for the guest to rejoin."""
        _check_save(doc, "host")
        try:
            play = cls(Terms.from_agreed(doc["terms"]), **kwargs)
            play.game_id, play.token = doc["game_id"], doc["token"]
            play.stage = Stage(doc["stage"])
            play.first_player = doc["first_player"]
            play.ready = [bool(x) for x in doc["ready"]]
            play.hands = [
                HandRecord(
                    h["hand"],
                    HostSecret(h["seed"], h["salt"]),
                    h["commitment"],
                    h["guest_seed"],
                    bool(h["revealed"]),
                )
                for h in doc["hands"]
            ]
            if doc["replay"] is not None:
                result = load_replay(doc["replay"])
                if result.error is not None:
                    raise SaveError(f"the saved game does not replay: {result.error['message']}")
                play.game = result.game
                play._last_fields = view_fields(player_view(play.game, GUEST_SEAT))
                play._last_hash = public_hash(
                    play._last_fields, play.terms.rules_hash, play.state_no
                )
            play.received = int(doc["received"])
            play.sent = list(_unpack_blob(doc["sent"]))
        except (KeyError, TypeError, ValueError, ReplayError) as error:
            raise SaveError(f"The saved game cannot be read ({error}).") from None
        if play.stage is Stage.FINISHED and play.game is not None:
            play._finish()  # saved once it ended: nothing to rejoin, only its result to give
            return play
        play._awaiting_rejoin = True
        return play


# -- the guest -------------------------------------------------------------------------------


@dataclass
class GuestHand:
    """One hand's commit-reveal state on the guest."""

    hand_no: int
    commitment: str
    seed: str
    first_state: int | None = None
    host_seed: str | None = None
    salt: str | None = None
    verified: bool = False


@dataclass
class _Logged:
    state_no: int
    actor: int
    action: dict[str, Any] | None
    view_hash: str = field(repr=False, default="")


class GuestPlay(_Side):
    """The guest's side: mirrors its view from the host's updates and checks every deal."""

    seat = GUEST_SEAT

    def __init__(self, terms: Terms, *, seed_source: Callable[[], str] = fresh_seed) -> None:
        super().__init__(terms)
        self.hands: list[GuestHand] = []
        self.fields: Fields | None = None
        self.view: PlayerView | None = None
        self.log: list[_Logged] = []
        self.pending: tuple[int, Action] | None = None  # my act awaiting the host's answer
        self._seed_source = seed_source
        self._my_hash = ""
        self._asked_next = False
        # a saved game: nothing may be played until both sides have resent what the other missed,
        # or a new move could overtake (or repeat) one still in the transcript
        self._needs_rejoin = False

    # -- queries -------------------------------------------------------------------------------
    @property
    def state_no(self) -> int:
        return self.log[-1].state_no if self.log else -1

    @property
    def my_turn(self) -> bool:
        return (
            self.stage is Stage.PLAYING
            and self.pending is None
            and not self._needs_rejoin
            and self.view is not None
            and self.view.to_move == self.seat
        )

    @property
    def wants_next_hand(self) -> bool:
        return (
            self.stage is Stage.BETWEEN_HANDS
            and not self._asked_next
            and self.pending is None
            and not self._needs_rejoin
        )

    def owed(self) -> str | None:
        """The protocol step the host owes now, needing no decision of its player (for the
        host-silence check), or None."""
        if self.over:
            return None
        if self._needs_rejoin:
            return "its answer to the rejoin"
        if self.pending is not None and not isinstance(self.pending[1], NextHand):
            return "its answer to your move"
        if self.stage is Stage.REVEALING:
            return "the reveal of the hand's deck"
        if self.stage is Stage.DEALING:
            return "the deal"  # our seed went out with the commitment's answer
        return None

    def current_hash(self) -> str:
        """The public hash of the current state."""
        return self._my_hash

    # -- the local player's side ---------------------------------------------------------------
    def act(self, action: Action) -> list[list[Any]]:
        """Send the guest player's action to the host; raises `IllegalAction` when this side
        can already tell it is not allowed now (not its turn, a move still unanswered)."""
        if self.pending is not None or self._needs_rejoin:
            raise IllegalAction("waiting", "Wait for the host to answer your last move.")
        # canonical codes ("10H", not "th"), so the host's echo of this move compares equal
        action = action_from_dict(action.to_dict())
        if isinstance(action, NextHand):
            if not self.wants_next_hand:
                raise IllegalAction("not_now", "The next hand cannot be dealt now.")
            self._asked_next = True
        elif not self.my_turn:
            raise IllegalAction("not_your_turn", "Wait for your turn: it is the host's move.")
        self.pending = (self.state_no, action)
        return [self._out(m.act(self.state_no, self._my_hash, action.to_dict()))]

    def rejoin(self) -> list[list[Any]]:
        """The first message on a new session for a game in progress (a saved game, or a host
        that started again): nothing moves until the host answers."""
        self._needs_rejoin = True
        return [game_payload(m.rejoin(self.game_id, self.token, self.received))]

    # -- the host's messages -------------------------------------------------------------------
    def receive(self, payload: list[Any]) -> list[list[Any]]:
        try:
            message = m.parse_from_host(self.unwrap(payload))
        except m.Unreadable:
            self.received += 1  # set aside but counted, so a rejoin never asks for it again
            raise
        if isinstance(message, m.Rejoined):
            if not self._needs_rejoin:
                raise ProtocolError(
                    "unexpected", "the host answered a rejoin that was never asked for"
                )
            out = self.resend_from(message.received)
            self._needs_rejoin = False
            return out
        if self._needs_rejoin:
            raise ProtocolError(
                "unexpected", "a saved game continues only after the host accepts the rejoin"
            )
        out = self._dispatch(message)
        self.received += 1
        return out

    def _dispatch(self, message: m.HostMessage) -> list[list[Any]]:
        if isinstance(message, m.Halt):
            self._peer_halted(message)
            return []
        if self.stage is Stage.HALTED:
            return []
        if isinstance(message, m.Start):
            return self._on_start(message)
        if isinstance(message, m.Commit):
            return self._on_commit(message)
        if isinstance(message, m.Update):
            return self._on_update(message)
        if isinstance(message, m.Refused):
            return self._on_refused(message)
        assert isinstance(message, m.Reveal)
        return self._on_reveal(message)

    def _on_start(self, message: m.Start) -> list[list[Any]]:
        if self.stage is not Stage.STARTING or self.game_id:
            raise ProtocolError("unexpected", "the game has already started")
        if message.rules_hash != self.terms.rules_hash:
            raise ProtocolError(
                "rules_mismatch", "the host starts a game under rules that were not agreed"
            )
        self.game_id, self.token = message.game_id, message.token
        return []

    def _on_commit(self, message: m.Commit) -> list[list[Any]]:
        expected = len(self.hands) + 1
        ready = (self.stage is Stage.STARTING and self.game_id) or (
            self.stage is Stage.BETWEEN_HANDS and self._asked_next
        )
        if not ready or message.hand_no != expected:
            raise ProtocolError(
                "unexpected", f"a commitment for hand {message.hand_no} is not expected now"
            )
        hand = GuestHand(message.hand_no, message.commitment, self._seed_source())
        self.hands.append(hand)
        self.stage = Stage.DEALING
        return [self._out(m.seed(hand.hand_no, hand.seed))]

    def _on_update(self, message: m.Update) -> list[list[Any]]:
        if message.actor == self.seat and message.action is None and self.pending is not None:
            # the answer to my move names it no more: it is the one I sent
            action = self.pending[1]
            message = dataclasses.replace(message, action=action.to_dict(), parsed=action)
        dealing = message.actor == -1
        if dealing != (self.stage is Stage.DEALING) or self.stage not in (
            Stage.DEALING,
            Stage.PLAYING,
        ):
            raise ProtocolError(
                "unexpected", f"update {message.state_no} does not fit the {self.stage.value} stage"
            )
        if message.state_no != self.state_no + 1:
            raise ProtocolError(
                "sequence", f"update {message.state_no} arrived after state {self.state_no}"
            )
        if dealing and bool(self.log) != (message.action is not None):
            raise ProtocolError("sequence", "only the first deal comes without a next-hand action")
        if self.view is not None and not dealing and message.actor != self.view.to_move:
            raise ProtocolError(
                "out_of_turn", f"the host reports a move by seat {message.actor} out of turn"
            )
        if message.actor == self.seat and (
            self.pending is None or self.pending[1].to_dict() != message.action
        ):
            raise ProtocolError("not_my_move", "the host reports a move this player did not make")
        if self.pending is not None and message.actor == HOST_SEAT:
            raise ProtocolError(
                "out_of_turn", "the host moved while the guest's move was unanswered"
            )
        base = self.fields
        if base is not None:
            base = predict(base, [_seen_event(event) for event in message.events])
        fields = apply_delta(base, message.delta)
        view = build_view(fields, self.terms.rules, self.seat)
        mine = public_hash(fields, self.terms.rules_hash, message.state_no)
        self.fields, self.view, self._my_hash = fields, view, mine
        self.log.append(_Logged(message.state_no, message.actor, message.action, view_hash(fields)))
        if not hmac.compare_digest(m.short_hash(mine), message.public_hash):
            text = f"The two tables differ at state {message.state_no}: play stops here."
            return self._halt("desync", message.state_no, mine, message.public_hash, text)
        if dealing:
            self.hands[-1].first_state = message.state_no
            self._asked_next = False
        if self.pending is not None and message.actor == self.seat:
            self.pending = None
        elif self.pending is not None and dealing:
            self.pending = None  # my request for the next hand was answered with the deal
        self.stage = Stage.REVEALING if view.phase in (HAND_OVER, GAME_OVER) else Stage.PLAYING
        self._events.append(
            Updated(message.state_no, message.actor, message.parsed, message.events, view)
        )
        return []

    def _on_refused(self, message: m.Refused) -> list[list[Any]]:
        if self.pending is None or self.pending[0] != message.state_no:
            raise ProtocolError("unexpected", "a refusal for a move that was not made")
        action = self.pending[1]
        self.pending = None
        if isinstance(action, NextHand) and message.code != "already_asked":
            self._asked_next = False
        self._events.append(Refusal(message.state_no, action, message.code, message.text))
        return []

    def _on_reveal(self, message: m.Reveal) -> list[list[Any]]:
        hand = self.hands[-1] if self.hands else None
        if self.stage is not Stage.REVEALING or hand is None or hand.hand_no != message.hand_no:
            raise ProtocolError(
                "unexpected", f"a reveal for hand {message.hand_no} is not expected now"
            )
        hand.host_seed, hand.salt = message.seed, message.salt
        problem = self._check_deal(hand)
        if problem is not None:
            return self._halt("deal_tampered", self.state_no, self._my_hash, "", problem)
        hand.verified = True
        self._events.append(
            DealChecked(hand.hand_no, f"Hand {hand.hand_no} was dealt from the committed deck.")
        )
        assert self.view is not None
        if self.terms.game_ends_after(self.view):
            self._finish()
            return [self._out(m.done(self.state_no, self._my_hash))]
        self.stage = Stage.BETWEEN_HANDS
        return []

    def _check_deal(self, hand: GuestHand) -> str | None:
        """None if the revealed seed matches the commitment and replaying every hand so far from
        the decks both seeds make reproduces exactly the views the host sent; else why not."""
        secret = HostSecret(hand.host_seed or "", hand.salt or "")
        if not commitment_holds(hand.commitment, self.game_id, hand.hand_no, secret):
            return (
                f"The host's revealed seed for hand {hand.hand_no} does not match its commitment."
            )
        first = self.hands[0]
        assert first.host_seed is not None
        decks = [shuffled_deck(h.host_seed or "", h.seed) for h in self.hands]
        game = Game(
            self.terms.rules,
            deck=decks[0],
            decks=decks[1:],
            first_player=first_player(first.host_seed, first.seed),
        )
        for entry in self.log:
            if entry.state_no > 0:
                try:
                    if entry.actor != -1 and entry.actor != game.to_move:
                        raise IllegalAction("out_of_turn", "a move out of turn")
                    game.apply(entry.action)
                except IllegalAction as error:
                    return f"State {entry.state_no} cannot be replayed from the revealed deck ({error.message})."
            if view_hash(view_fields(player_view(game, self.seat))) != entry.view_hash:
                return (
                    f"Hand {hand.hand_no} was not dealt from the committed deck: "
                    f"the cards shown at state {entry.state_no} differ."
                )
        return None

    def _finish(self) -> None:
        assert self.view is not None
        self.stage = Stage.FINISHED
        totals = self.view.totals
        self.finished = GameFinished(self._my_hash, (totals[0], totals[1]), self.view.hand_no)
        self._events.append(self.finished)

    # -- saving --------------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "role": "guest",
            "terms": self.terms.agreed,
            "rules_hash": self.terms.rules_hash,
            "game_id": self.game_id,
            "token": self.token,
            "stage": self.stage.value,
            "asked_next": self._asked_next,
            "hands": [
                {
                    "hand": h.hand_no,
                    "commitment": h.commitment,
                    "seed": h.seed,
                    "first_state": h.first_state,
                    "host_seed": h.host_seed,
                    "salt": h.salt,
                    "verified": h.verified,
                }
                for h in self.hands
            ],
            "log": [[e.state_no, e.actor, e.action, e.view_hash] for e in self.log],
            "view": _pack_blob(encode_view(self.fields)) if self.fields is not None else None,
            "pending": None
            if self.pending is None
            else [self.pending[0], self.pending[1].to_dict()],
            "received": self.received,
            "sent": _pack_blob(self.sent),
        }

    @classmethod
    def from_save(cls, doc: dict[str, Any], **kwargs: Any) -> GuestPlay:
        _check_save(doc, "guest")
        try:
            play = cls(Terms.from_agreed(doc["terms"]), **kwargs)
            play.game_id, play.token = doc["game_id"], doc["token"]
            play.stage = Stage(doc["stage"])
            play._asked_next = bool(doc["asked_next"])
            play.hands = [
                GuestHand(
                    h["hand"],
                    h["commitment"],
                    h["seed"],
                    h["first_state"],
                    h["host_seed"],
                    h["salt"],
                    h["verified"],
                )
                for h in doc["hands"]
            ]
            play.log = [_Logged(int(a), int(b), c, str(d)) for a, b, c, d in doc["log"]]
            if doc["view"] is not None:
                wire = _unpack_blob(doc["view"])
                delta = [item for pair in enumerate(wire) for item in pair]
                play.fields = apply_delta(None, delta)
                play.view = build_view(play.fields, play.terms.rules, play.seat)
                play._my_hash = public_hash(play.fields, play.terms.rules_hash, play.state_no)
            if doc["pending"] is not None:
                state_no, action = doc["pending"]
                play.pending = (int(state_no), m.check_action(action, "pending"))
            play.received = int(doc["received"])
            play.sent = list(_unpack_blob(doc["sent"]))
        except (KeyError, TypeError, ValueError, ProtocolError) as error:
            raise SaveError(f"The saved game cannot be read ({error}).") from None
        if play.stage is Stage.FINISHED and play.view is not None:
            play._finish()  # saved once it ended: nothing to rejoin, only its result to give
            return play
        play._needs_rejoin = True
        return play


class SaveError(ValueError):
    """A saved network game that cannot be continued, with a sentence saying why."""


def _check_save(doc: object, role: str) -> None:
    if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
        raise SaveError("This is not a saved network game.")
    if doc.get("role") != role:
        raise SaveError(f"This game was saved by the {doc.get('role')}, not the {role}.")


def _parsed(action: dict[str, Any] | None) -> Action | None:
    if action is None:
        return None
    return m.check_action(action, "action")


def _seen(kind: Any, player: int, cards: bytes, hidden: int, rank: Any) -> Seen:
    """An event as the guest reads it, for `viewcodec.predict`."""
    return (str(kind), player, tuple(cards), hidden, rank)


def _seen_event(event: Event) -> Seen:
    return _seen(
        event.kind, event.player, bytes(event.cards), event.info.get("hidden", 0), event.rank
    )


def events_for(view: PlayerView, events: list[Event]) -> list[Any]:
    """The events as the view's seat may see them: cards it cannot see are left out and
    counted instead. Past `MAX_EVENTS` the rest are dropped; the view fields still tell the
    whole story."""
    visible = view.visible_cards()
    out = []
    for event in events[: m.MAX_EVENTS]:
        shown = bytes(card for card in event.cards if card in visible)
        out.append([event.kind, event.player, shown, len(event.cards) - len(shown), event.rank])
    return out
