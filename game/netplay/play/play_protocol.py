"""The play protocol, sans-I/O: each side runs its own rules engine on a peek-proof deal.

Every hand is dealt by peek-proof dealing (`fair`, PROTOCOL.md "Peek-proof dealing"): both seats
mask and shuffle the deck, and a card opens to a seat only when the other has removed its mask
with a proof. Each side plays the hand with its own `FairHand`: an ordinary engine on what the
seat may see, which says which cards must open to whom, checks every move of the other seat as
it arrives, and at the end of the hand audits the whole deal (both secrets released) and replays
it from the audited deck. Neither side ever holds a card it may not see before that audit: not
in its state, not in its save. Anything dishonest (a false unmask, a card shown that the sender
does not hold, a move the rules refuse, a failed audit) halts play on both sides with the
sentence naming the card and the move.

The sides react to each message on their own state alone (no rounds): what a side owes (its
shuffle, its unmasks, its Red Threes and hands to show, its acknowledgement of cards given to
it) it sends at once; its player moves once nothing is owed. The host starts the game (`start`,
with its commitment to half of the toss for the first player), the guest answers with its half
(`toss`), the host opens its own; then both deal. Between hands both players ask for the next
hand (`next`); after the last one the guest sends `done` with the state hash of the game
replayed from every audited deck, and the host compares it.

Both objects keep the game messages they sent and count those they received, so that a game saved
after a lost connection can be rejoined later: each side resends what the other never got."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import hmac
import secrets
from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import Enum
from typing import Any

import msgpack

from game.logic.actions import Action, NextHand, action_from_dict
from game.logic.cards import ALL_CARDS, is_unseen
from game.logic.engine import Game
from game.logic.errors import IllegalAction
from game.logic.events import Event
from game.logic.phases import GAME_OVER, HAND_OVER
from game.logic.phrase import Phrase, as_sentence, phrase, phrase_from_doc, phrase_to_doc
from game.logic.rules import Rules, RulesError
from game.logic.view import PlayerView, player_view
from game.netplay.fair import (
    Misconduct,
    Phase,
    RandomBytes,
    Seat,
    SecretMessage,
    Step,
    UnmaskMessage,
    decode,
    hand_id,
)
from game.netplay.fair.halt_words import halt_to_wire, seats_named
from game.netplay.fair.misconduct import card_name, for_reader

from ..errors import ProtocolError
from ..wire.payloads import GAME, game_payload
from . import play_messages as m
from .agreement import rules_hash as terms_hash
from .fair_hand import FairHand, decode_move

SAVE_FORMAT = "canasta-netplay-save/4"
# /1 dealt by commit and reveal, /2 and /3 sent the deal's messages in forms this copy no longer
# reads (a rejoin resends them): none can go on
OLD_SAVE_FORMATS = tuple(f"canasta-netplay-save/{n}" for n in (1, 2, 3))
HANDS_KEY = "hands"  # the one agreed term that is not a rule: how many hands make this game
MAX_HANDS_TERM = 1000
HOST_SEAT, GUEST_SEAT = 0, 1
COIN_BYTES = m.COIN_HEX // 2
GAME_ID_BYTES = m.GAME_ID_HEX // 2
REUSE_PILE_REFUSED = phrase(
    "A network game cannot take the pile back as the stock (the stock-end rule 'reuse the "
    "pile'): the peek-proof deal cannot shuffle those cards again. Choose another stock end."
)


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
        if rules.stock_end == "reuse_pile":
            raise RulesError(REUSE_PILE_REFUSED)
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
    view now; `events` carry the cards this side may see (the others are unseen cards, which a
    view never shows)."""

    state_no: int
    actor: int
    action: Action | None
    events: tuple[Event, ...]
    view: PlayerView


@dataclass(frozen=True)
class DealChecked:
    """A finished hand's deal was audited: both secrets checked every shuffle and unmask, and the
    hand replayed from the audited deck as it was played."""

    hand_no: int
    text: str


@dataclass(frozen=True)
class Halted:
    """Play stopped for good: `code` is "misconduct", "desync", "no_saved_game", ..."""

    code: str
    state_no: int
    my_hash: str
    their_hash: str
    text: str
    by_peer: bool


@dataclass(frozen=True)
class GameFinished:
    state_hash: str
    totals: tuple[int, ...]  # per side: two, or three at a table of three
    hands: int


PlayEvent = Updated | DealChecked | Halted | GameFinished


class Stage(Enum):
    STARTING = "starting"  # the toss for the first player
    PLAYING = "playing"  # a hand is being dealt, played or audited
    BETWEEN_HANDS = "between hands"  # waiting for both players to ask for the next hand
    ENDING = "ending"  # host: the last hand is audited; waiting for the guest's agreement
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


def toss_commitment(game_id: str, coin: str) -> str:
    return hashlib.sha256(f"canasta-netplay toss 1|{game_id}|{coin}".encode()).hexdigest()


def tossed_first_player(game_id: str, host_coin: str, guest_coin: str) -> int:
    """The first hand's first player: neither side can choose it (the host committed to its
    half before the guest chose its own, and the guest never sees the host's half first)."""
    digest = hashlib.sha256(f"canasta-netplay first 1|{game_id}|{host_coin}|{guest_coin}".encode())
    return digest.digest()[0] & 1


class _Side(ABC):
    """One seat of a network game: its hand on the peek-proof deal, the record of the audited
    hands, the transcript, the outgoing queue, the events, halting."""

    seat: int

    def __init__(
        self, terms: Terms, *, randomness: RandomBytes | None = None, peer_name: str = ""
    ) -> None:
        self.terms = terms
        self.players = terms.rules.players
        self.randomness = randomness  # the seats' (the system's when None: tests inject one)
        self.random: RandomBytes = randomness or secrets.token_bytes
        stand_in = phrase("the guest") if self.seat == HOST_SEAT else phrase("the host")
        self.peer_name = peer_name or stand_in
        self.stage = Stage.STARTING
        self.game_id = ""
        self.token = ""
        self.sent: list[list[Any]] = []  # every game message sent, for a later rejoin
        self.received = 0  # game messages received (rejoin messages excepted)
        self.halted: Halted | None = None
        self.finished: GameFinished | None = None
        self._events: list[PlayEvent] = []
        # the toss for the first player: this side's half, the other's, the host's commitment
        self.coin = ""
        self.their_coin = ""
        self.commitment = ""
        self.first_player: int | None = None
        # the record: every audited hand's deck and the game's actions so far (`next_hand`
        # between hands), as each side replayed them
        self.decks: list[list[int]] = []
        self.log: list[dict[str, Any]] = []
        self.hand: FairHand | None = None
        self.hand_no = 0
        self.movers: list[int] = []  # who made each action of the hand in play
        self.ready = [False] * self.players  # who asked for the next hand
        self.early: list[SecretMessage] = []  # the other's secret, come before this side finished
        self.view: PlayerView | None = None
        self._shown: tuple[int, PlayerView] | None = None
        self._rejoining = False  # a saved game continues only once both sides resent their part

    # -- queries -------------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.stage in (Stage.FINISHED, Stage.HALTED)

    @property
    def state_no(self) -> int:
        """The game's actions so far: 0 is the first deal."""
        return len(self.log) + (len(self.hand.actions) if self.hand is not None else 0)

    @property
    def my_turn(self) -> bool:
        hand = self.hand
        return (
            self.stage is Stage.PLAYING
            and not self._rejoining
            and hand is not None
            and self._hand_ready(hand)
            and hand.game.phase not in (HAND_OVER, GAME_OVER)
            and hand.game.to_act == self.seat
        )

    @property
    def wants_next_hand(self) -> bool:
        """True between hands until this side has asked for the next one."""
        return (
            self.stage is Stage.BETWEEN_HANDS and not self.ready[self.seat] and not self._rejoining
        )

    def record(self) -> Game | None:
        """The game replayed from every audited deck (what the records and a replay file keep),
        None before the first audit."""
        if not self.decks or self.first_player is None:
            return None
        game = Game(
            self.terms.rules,
            deck=self.decks[0],
            decks=self.decks[1:],
            first_player=self.first_player,
        )
        for action in self.log:
            if game.phase in (HAND_OVER, GAME_OVER) and action["type"] != "next_hand":
                break
            if action["type"] == "next_hand" and len(self.decks) < game.hand_no + 1:
                break
            game.apply(action)
        return game

    def current_hash(self) -> str:
        """The state hash of the game replayed from the audited decks ("" before the first)."""
        game = self.record()
        return game.state_hash() if game is not None else ""

    def owed(self) -> str | None:
        """The protocol step the other side owes now, needing no decision of its player (for
        the silence check), or None."""
        if self.over:
            return None
        if self._rejoining:
            return (
                phrase("its rejoin")
                if self.seat == HOST_SEAT
                else phrase("its answer to the rejoin")
            )
        if self.stage is Stage.STARTING:
            if self.seat == GUEST_SEAT and self.game_id and self.coin:
                return phrase("its half of the toss")
            return None
        hand = self.hand
        if self.stage is not Stage.PLAYING or hand is None:
            return None
        owed = [step for step in hand.seat.public.owed() if step.seat != self.seat]
        if not owed:
            return None
        step = owed[0]
        # (said in a sentence for the player: `Phrase`s)
        if step.step is Step.KEY:
            return phrase("its key for the deal")
        if step.step is Step.SHUFFLE:
            return phrase("its shuffle of the deck")
        if step.step is Step.SECRET:
            return phrase("its secret for the audit")
        return phrase("its unmask of {card}", card=card_name(step.position or 0))

    def pop_events(self) -> list[PlayEvent]:
        events, self._events = self._events, []
        return events

    # -- the local player's side ---------------------------------------------------------------
    def act(self, action: Action) -> list[list[Any]]:
        """Play this side's own action; raises `IllegalAction` (changing nothing) if it is not
        allowed now."""
        if self._rejoining:
            raise IllegalAction("waiting", f"Wait for {self.peer_name} to rejoin the game.")
        action = action_from_dict(action.to_dict())  # canonical codes, as the log holds them
        if isinstance(action, NextHand):
            if not self.wants_next_hand:
                raise IllegalAction("not_now", "The next hand cannot be dealt now.")
            self.ready[self.seat] = True
            out = [self._out(m.next_hand(self.hand_no + 1))]
            return out + self._maybe_next_hand()
        hand = self.hand
        if not self.my_turn or hand is None:
            raise IllegalAction(
                "not_your_turn", f"Wait for your turn: {self.peer_name} is to move."
            )
        move = hand.act(action)
        self.movers.append(self.seat)
        unmask = None if move.unmask is None else move.unmask.encode()
        out = [self._out(m.move(move.action, unmask, move.opened))]
        return out + self._react()

    # -- the other side's messages -------------------------------------------------------------
    def receive(self, payload: list[Any]) -> list[list[Any]]:
        """Handle one delivered game payload; returns the payloads to send. Raises
        `ProtocolError` for anything malformed or impossible, without changing the game."""
        try:
            message = self._parse(self.unwrap(payload))
        except m.Unreadable:
            self.received += 1  # set aside but counted, so a rejoin never asks for it again
            raise
        if isinstance(message, (m.Rejoin, m.Rejoined)):
            return self._on_rejoin(message)
        if self._rejoining:
            raise ProtocolError("unexpected", "a saved game continues only after the rejoin")
        out = self._dispatch(message, 1 - self.seat)
        self.received += 1  # counted once handled: a message that raised changed nothing
        return out

    @abstractmethod
    def _parse(self, body: Any) -> Any:
        """The message `body` read strictly as one this side may receive."""

    @abstractmethod
    def _on_rejoin(self, message: m.Rejoin | m.Rejoined) -> list[list[Any]]:
        """A saved game continues: the host hears the guest's rejoin, the guest its answer."""

    def _dispatch(self, message: Any, sender: int) -> list[list[Any]]:
        """A message of seat `sender` (the channel's peer, or at a table of three or four the
        seat the host names)."""
        if isinstance(message, m.Halt):
            self._peer_halted(message)
            return []
        if self.stage is Stage.HALTED:
            return []  # play is over; only chat goes on
        try:
            return self._handle(message, sender)
        except Misconduct as misconduct:
            return self._misconduct(misconduct)

    def _handle(self, message: Any, sender: int) -> list[list[Any]]:
        if isinstance(message, m.Toss):
            return self._on_toss(message)
        if isinstance(message, m.Next):
            return self._on_next(message, sender)
        if isinstance(message, m.Done):
            return self._on_done(message)
        hand = self.hand
        if self.stage is not Stage.PLAYING or hand is None:
            raise ProtocolError("unexpected", "no hand is being played")
        other = sender
        if isinstance(message, m.Deal):
            dealt = decode(message.body, other)
            if isinstance(dealt, UnmaskMessage):
                hand.receive_unmask(dealt)
            elif isinstance(dealt, SecretMessage) and hand.seat.public.phase is not Phase.AUDIT:
                self.early.append(dealt)  # the other side finished first
            else:
                hand.seat.receive(dealt)
        else:
            assert isinstance(message, m.MoveMessage)
            action = None if message.action is None else message.action.to_dict()
            move = decode_move([other, action, message.unmask, message.opened], other)
            hand.receive_move(move)
            if move.action is not None:
                self.movers.append(other)
        return self._react()

    @abstractmethod
    def _on_toss(self, message: m.Toss) -> list[list[Any]]:
        """The other side's half of the toss for the first player."""

    def _on_done(self, message: m.Done) -> list[list[Any]]:
        raise ProtocolError("unexpected", "only the guest ends a game")

    def _on_next(self, message: m.Next, other: int) -> list[list[Any]]:
        if self.stage is not Stage.BETWEEN_HANDS or message.hand_no != self.hand_no + 1:
            raise ProtocolError("unexpected", f"hand {message.hand_no} cannot be asked for now")
        if self.ready[other]:
            raise ProtocolError("unexpected", "the next hand was asked for already")
        self.ready[other] = True
        return self._maybe_next_hand()

    # -- the hand ------------------------------------------------------------------------------
    def _maybe_next_hand(self) -> list[list[Any]]:
        if not all(self.ready):
            return []
        self.log.append(NextHand().to_dict())
        return self._begin_hand()

    def _begin_hand(self) -> list[list[Any]]:
        """Deal the next hand: a fresh seat with a fresh secret, the totals and the first
        player the record gives (the engine's own rule, asked before the next deck is known)."""
        assert self.first_player is not None
        if self.decks:
            ahead = Game(
                self.terms.rules,
                deck=self.decks[0],
                decks=[*self.decks[1:], list(ALL_CARDS)],
                first_player=self.first_player,
            )
            for action in self.log:
                ahead.apply(action)
            first, scores = ahead.first_player, tuple(ahead.totals)
        else:
            sides = 2 if self.players == 4 else self.players
            first, scores = self.first_player, (0,) * sides
        self.hand_no += 1
        ident = hand_id(self.game_id, self.hand_no)
        seat = Seat(self.seat, self.players, ident, self.randomness)
        self.hand = FairHand(seat, self.terms.rules, first, scores)
        self.movers = []
        self.ready = [False] * self.players
        self.early = []
        self.stage = Stage.PLAYING
        out = [self._deal_out(seat.key_message().encode())]
        return out + self._react()

    def _deal_out(self, body: Any) -> list[Any]:
        return self._out(m.deal(body))

    @staticmethod
    def _hand_ready(hand: FairHand) -> bool:
        """Nothing owed, nothing to ask for, every card given acknowledged: the step is done."""
        public = hand.seat.public
        return (
            public.phase is Phase.PLAY
            and not public.owed()
            and not hand.needs()
            and hand.all_acknowledged()
        )

    def _react(self) -> list[list[Any]]:
        """Everything this side owes now, sent at once, until it owes nothing more; then what
        its player sees, and the audit once both secrets are in."""
        hand = self.hand
        out: list[list[Any]] = []
        if hand is None or self.stage is not Stage.PLAYING:
            return out
        public = hand.seat.public
        progress = True
        while progress:
            progress = False
            if public.next_shuffler() == self.seat:
                out.append(self._deal_out(hand.seat.shuffle_message().encode()))
                progress = True
            if public.phase is not Phase.PLAY:
                continue
            progress = self._unmask(hand, out) or progress  # what it owes goes before a show
            move = hand.show()
            if move is not None and move.unmask is not None:
                out.append(self._out(m.move(None, move.unmask.encode(), move.opened)))
                progress = True
            move = hand.ack()  # before any unmask that what it acknowledges let it compute
            if move is not None:
                out.append(self._out(m.move(None, None, move.opened)))
                progress = True
            hand.request(hand.needs())
            progress = self._unmask(hand, out) or progress
            self._note(hand)
            if self._hand_ready(hand) and hand.game.phase in (HAND_OVER, GAME_OVER):
                hand.settled()
                hand.seat.finish()
                out.append(self._deal_out(hand.seat.secret_message().encode()))
                for secret in self.early:
                    hand.seat.receive(secret)
                self.early = []
        if public.phase is Phase.AUDIT and not public.owed():
            out += self._audited(hand)
        return out

    def _unmask(self, hand: FairHand, out: list[list[Any]]) -> bool:
        unmask = hand.seat.unmask_message()
        if unmask is not None:
            out.append(self._deal_out(unmask.encode()))
        return unmask is not None

    def _note(self, hand: FairHand) -> None:
        """Tell the player what changed, once its view holds no card still being opened."""
        view = self._hand_view(hand)
        if view is None:
            return
        state = self.state_no
        if self._shown is not None and self._shown == (state, view):
            return
        if hand.actions:
            actor: int = self.movers[-1] if self.movers else -1
            action: Action | None = hand.actions[-1]
            events = tuple(hand.game.last_events)
            if self._shown is not None and self._shown[0] == state:
                events = ()  # the same state, more of it seen (a Red Three shown)
        else:
            actor = -1
            action = NextHand() if self.hand_no > 1 else None
            events = tuple(hand.game.last_events)
        self._shown = (state, view)
        self.view = view
        self._events.append(Updated(state, actor, action, events, view))

    def _last_view(self, hand: FairHand) -> PlayerView | None:
        """The view of the last state of the hand whose cards were all open to this seat (a
        side restored while a card was being opened shows the table as it stood before)."""
        for count in range(len(hand.actions) - 1, -1, -1):
            game = hand._dealt(hand.deck(), hand.actions[:count])
            view = player_view(game, self.seat)
            if game.phase not in (HAND_OVER, GAME_OVER) and not any(
                is_unseen(card) for card in (*view.visible_cards(), *view.turn_drawn)
            ):
                return dataclasses.replace(view, hand_no=self.hand_no)
        return None

    def _hand_view(self, hand: FairHand) -> PlayerView | None:
        """This seat's view of the hand, or None while a card it would see is still unseen
        (being opened), or while the hands that ended it are not all shown."""
        phase = hand.seat.public.phase
        if phase not in (Phase.PLAY, Phase.AUDIT):
            return None
        game = hand.game
        over = game.phase in (HAND_OVER, GAME_OVER)
        if phase is Phase.PLAY and over and not self._hand_ready(hand):
            return None  # an audit starts only once every hand is shown
        view = player_view(game, self.seat)
        if any(is_unseen(card) for card in (*view.visible_cards(), *view.turn_drawn)):
            return None
        return dataclasses.replace(view, hand_no=self.hand_no)

    def _audited(self, hand: FairHand) -> list[list[Any]]:
        """Both secrets are in: audit the deal and replay the hand from the audited deck."""
        report = hand.seat.audit()
        if not report.ok:
            raise report.faults[0]
        hand.replay(report)  # Misconduct where the play hid a card the replay shows
        self.decks.append([int(card) for card in report.deck_ids()])
        self.log.extend(action.to_dict() for action in hand.actions)
        self.hand = None
        self._events.append(
            DealChecked(
                self.hand_no,
                phrase(
                    "Hand {hand} was audited: every card was dealt and shown fairly.",
                    hand=self.hand_no,
                ),
            )
        )
        record = self.record()
        assert record is not None
        if self.terms.game_ends_after(record):
            return self._last_hand_audited(record)
        self.stage = Stage.BETWEEN_HANDS
        self.ready = [False] * self.players
        return []

    @abstractmethod
    def _last_hand_audited(self, record: Game) -> list[list[Any]]:
        """The game's last hand passed its audit: the guest ends the game, the host waits."""

    def _finish(self, record: Game) -> None:
        self.stage = Stage.FINISHED
        totals = tuple(record.totals)
        self.finished = GameFinished(record.state_hash(), totals, self.hand_no)
        self._events.append(self.finished)

    # -- halting -------------------------------------------------------------------------------
    def _misconduct(self, misconduct: Misconduct) -> list[list[Any]]:
        """The other side cheated (or its copy is broken): play stops, with the card and the
        move named in words."""
        return self._halt("misconduct", self.state_no, "", "", as_sentence(misconduct.sentence))

    def _names(self) -> list[str]:
        """Each seat's player as this seat's player names them (its own seat aside)."""
        return ["", self.peer_name] if self.seat == HOST_SEAT else [self.peer_name, ""]

    def _read(self, said: Phrase) -> Phrase:
        """A halt's sentence with its seats named for this seat's player."""
        return seat_words(said, self.seat, self._names())

    def _halt(self, code: str, state_no: int, mine: str, theirs: str, said: str) -> list[list[Any]]:
        """Stop play here and tell the peer why: `said` with its seats as seat numbers (a
        `Phrase`: the peer names them for its player, in its language) or text as it is."""
        if self.stage is Stage.HALTED:
            return []
        self.stage = Stage.HALTED
        text = self._read(said) if isinstance(said, Phrase) else said
        self.halted = Halted(code, state_no, mine, theirs, text, by_peer=False)
        self._events.append(self.halted)
        wire = halt_to_wire(said) if isinstance(said, Phrase) else None
        return [self._out(m.halt(code, state_no, mine, theirs, text, wire))]

    def _peer_halted(self, message: m.Halt) -> None:
        if self.stage is Stage.HALTED:
            return
        self.stage = Stage.HALTED
        said = message.said
        # a sentence of this copy's own templates, on seats of this table, is said as this
        # copy's own; any other is the peer's English, shown as its words
        known = said is not None and max(seats_named(said), default=0) < self.players
        # the peer's "sender" hash is theirs, its "receiver" hash is what it thinks ours is
        self.halted = Halted(
            message.code,
            message.state_no,
            message.receiver_hash,
            message.sender_hash,
            self._read(said) if said is not None and known else message.text,
            by_peer=True,
        )
        self._events.append(self.halted)

    # -- the transcript ------------------------------------------------------------------------
    def _out(self, body: list[Any]) -> list[Any]:
        if not _is_rejoin(body):
            self.sent.append(body)
        return game_payload(body)

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

    # -- saving --------------------------------------------------------------------------------
    def to_save(self) -> dict[str, Any]:
        """Everything needed to continue this game later, as plain JSON values: this seat's own
        secret and the public transcript of the hand in play, never a card it may not see."""
        return {
            "format": SAVE_FORMAT,
            "role": "host" if self.seat == HOST_SEAT else "guest",
            "terms": self.terms.agreed,
            "rules_hash": self.terms.rules_hash,
            "game_id": self.game_id,
            "token": self.token,
            "stage": self.stage.value,
            "coin": self.coin,
            "their_coin": self.their_coin,
            "commitment": self.commitment,
            "first_player": self.first_player,
            "decks": self.decks,
            "log": self.log,
            "hand_no": self.hand_no,
            "hand": None if self.hand is None else self.hand.to_save(),
            "movers": self.movers,
            "ready": list(self.ready),
            "early": [_pack_blob(secret.encode()) for secret in self.early],
            "halted": None if self.halted is None else _halted_to_save(self.halted),
            "received": self.received,
            "sent": _pack_blob(self.sent),
        }

    @classmethod
    def from_save(cls, doc: dict[str, Any], **kwargs: Any) -> Any:
        """The side a save holds, waiting for the rejoin (a finished game only gives its
        result)."""
        role = "host" if cls.seat == HOST_SEAT else "guest"
        if isinstance(doc, dict) and doc.get("format") in OLD_SAVE_FORMATS:
            raise SaveError(
                phrase(
                    "This game was saved by an earlier version, which dealt the cards another "
                    "way: it cannot be continued."
                )
            )
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise SaveError(phrase("This is not a saved network game."))
        if doc.get("role") != role:
            raise SaveError(saved_by_other(doc.get("role"), role))
        try:
            play = cls(Terms.from_agreed(doc["terms"]), **kwargs)
            play.game_id, play.token = str(doc["game_id"]), str(doc["token"])
            play.stage = Stage(doc["stage"])
            play.coin, play.their_coin = str(doc["coin"]), str(doc["their_coin"])
            play.commitment = str(doc["commitment"])
            first = doc["first_player"]
            play.first_player = None if first is None else int(first)
            play.decks = [[int(card) for card in deck] for deck in doc["decks"]]
            play.log = [m.check_action(a, "log").to_dict() for a in doc["log"]]
            play.hand_no = int(doc["hand_no"])
            if doc["hand"] is not None:
                play.hand = FairHand.from_save(doc["hand"], play.terms.rules, play.randomness)
            play.movers = [int(seat) for seat in doc["movers"]]
            play.ready = [bool(x) for x in doc["ready"]]
            play.early = [_secret(_unpack_blob(b)) for b in doc["early"]]
            if doc["halted"] is not None:
                play.halted = _halted_from_save(doc["halted"])
            play.received = int(doc["received"])
            play.sent = list(_unpack_blob(doc["sent"]))
            play.record()  # the audited hands must replay
        except (KeyError, TypeError, ValueError, IllegalAction, ProtocolError, Misconduct) as error:
            raise SaveError(unreadable_save(error)) from None
        if play.stage is Stage.FINISHED:
            record = play.record()
            if record is None:
                raise SaveError(phrase("The saved game ended before any hand was played."))
            play._finish(record)  # saved once it ended: nothing to rejoin, only its result
            return play
        if play.hand is not None:
            play._note(play.hand)
            if play.view is None:
                play.view = play._last_view(play.hand)
        if play.view is None and play.decks:
            record = play.record()
            assert record is not None
            play.view = dataclasses.replace(player_view(record, play.seat), hand_no=play.hand_no)
        play._events.clear()
        play._rejoining = play.stage is not Stage.HALTED
        return play


def _secret(body: Any) -> SecretMessage:
    sender = body[1] if isinstance(body, list) and len(body) > 1 else -1
    message = decode(body, sender)
    if not isinstance(message, SecretMessage):
        raise ValueError("a secret kept for the audit is no secret")
    return message


def seat_words(said: Phrase, me: int, names: list[str]) -> Phrase:
    """A halt's sentence for the player at seat `me`: that seat as "you", every other by its
    player's name (or stand-in) in `names`."""
    return for_reader(said, lambda seat, own: _seat_said(seat, own, me, names))


def _seat_said(seat: int, possessive: bool, me: int, names: list[str]) -> str:
    if seat == me:
        return phrase("your") if possessive else phrase("you")
    return phrase("{name}'s", name=names[seat]) if possessive else names[seat]


# -- the host --------------------------------------------------------------------------------


class HostPlay(_Side):
    """The host's side: starts the game, accepts the guest's rejoin."""

    seat = HOST_SEAT

    def __init__(
        self,
        terms: Terms,
        *,
        randomness: RandomBytes | None = None,
        guest_name: str = "the guest",
    ) -> None:
        super().__init__(terms, randomness=randomness, peer_name=guest_name)
        self.guest_name = guest_name

    def begin(self) -> list[list[Any]]:
        """The opening message: the game's identity and the host's commitment to its half of
        the toss."""
        if self.stage is not Stage.STARTING or self.game_id:
            raise ProtocolError("unexpected", "the game has already begun")
        self.game_id = self.random(GAME_ID_BYTES).hex()
        self.token = secrets.token_hex(GAME_ID_BYTES)
        self.coin = self.random(COIN_BYTES).hex()
        self.commitment = toss_commitment(self.game_id, self.coin)
        start = m.start(self.game_id, self.token, self.terms.rules_hash, self.commitment)
        return [self._out(start)]

    def _parse(self, body: Any) -> Any:
        return m.parse_from_guest(body)

    def game_alone(self, seed: int) -> Game:
        """The game as the host can play it on without its guest: the hands played and audited
        stand, and the hand in play (whose other cards the host never saw) is dealt again from
        the engine's own deck for `seed`."""
        rules = self.terms.rules
        first = self.first_player or 0
        if not self.decks:
            return Game(rules, seed=seed, first_player=first)
        game = Game(rules, seed=seed, deck=self.decks[0], decks=self.decks[1:], first_player=first)
        for action in self.log:
            game.apply(action)
        if game.phase == HAND_OVER:
            game.apply(NextHand())
        return game

    def _on_toss(self, message: m.Toss) -> list[list[Any]]:
        if self.stage is not Stage.STARTING or not self.coin or self.their_coin:
            raise ProtocolError("unexpected", "the toss is not expected now")
        self.their_coin = message.coin
        self.first_player = tossed_first_player(self.game_id, self.coin, self.their_coin)
        return [self._out(m.toss(self.coin)), *self._begin_hand()]

    def _last_hand_audited(self, record: Game) -> list[list[Any]]:
        self.stage = Stage.ENDING
        return []

    def _on_done(self, message: m.Done) -> list[list[Any]]:
        if self.stage is not Stage.ENDING:
            raise ProtocolError("unexpected", "the guest ended a game that is not over")
        record = self.record()
        assert record is not None
        mine = record.state_hash()
        if message.state_no != self.state_no or not hmac.compare_digest(message.state_hash, mine):
            text = phrase("The final tables differ at state {state}.", state=self.state_no)
            return self._halt("desync", self.state_no, mine, message.state_hash, text)
        self._finish(record)
        return []

    def expect_rejoin(self) -> None:
        """The guest's session started over (it crashed): nothing moves until it rejoins."""
        if self.game_id and not self.over:
            self._rejoining = True

    def _on_rejoin(self, message: m.Rejoin | m.Rejoined) -> list[list[Any]]:
        assert isinstance(message, m.Rejoin)
        if not self._rejoining:
            raise ProtocolError("unexpected", "there is no saved game waiting for a rejoin")
        if not (
            hmac.compare_digest(message.game_id, self.game_id)
            and hmac.compare_digest(message.token, self.token)
        ):
            # set aside, never the end of the game: the host keeps waiting for its guest
            raise m.Unreadable("rejoin", "this guest does not hold the saved game's token")
        out = [game_payload(m.rejoined(self.received))]
        out += self.resend_from(message.received)
        self._rejoining = False
        return out


# -- the guest -------------------------------------------------------------------------------


class GuestPlay(_Side):
    """The guest's side: answers the host's start, rejoins a saved game."""

    seat = GUEST_SEAT

    def __init__(self, terms: Terms, *, randomness: RandomBytes | None = None) -> None:
        super().__init__(terms, randomness=randomness)

    def _parse(self, body: Any) -> Any:
        return m.parse_from_host(body)

    def _handle(self, message: Any, sender: int) -> list[list[Any]]:
        if isinstance(message, m.Start):
            return self._on_start(message)
        return super()._handle(message, sender)

    def _on_start(self, message: m.Start) -> list[list[Any]]:
        if self.stage is not Stage.STARTING or self.game_id:
            raise ProtocolError("unexpected", "the game has already started")
        if message.rules_hash != self.terms.rules_hash:
            raise ProtocolError(
                "rules_mismatch", "the host starts a game under rules that were not agreed"
            )
        self.game_id, self.token = message.game_id, message.token
        self.commitment = message.commitment
        self.coin = self.random(COIN_BYTES).hex()
        return [self._out(m.toss(self.coin))]

    def _on_toss(self, message: m.Toss) -> list[list[Any]]:
        if self.stage is not Stage.STARTING or not self.coin or self.their_coin:
            raise ProtocolError("unexpected", "the toss is not expected now")
        if not hmac.compare_digest(toss_commitment(self.game_id, message.coin), self.commitment):
            text = phrase(
                "The host's half of the toss for the first player is not the one it chose."
            )
            return self._halt("misconduct", 0, "", "", text)
        self.their_coin = message.coin
        self.first_player = tossed_first_player(self.game_id, self.their_coin, self.coin)
        return self._begin_hand()

    def _last_hand_audited(self, record: Game) -> list[list[Any]]:
        self._finish(record)
        return [self._out(m.done(self.state_no, record.state_hash()))]

    def rejoin(self) -> list[list[Any]]:
        """The first message on a new session for a game in progress (a saved game, or a host
        that started again): nothing moves until the host answers."""
        self._rejoining = True
        return [game_payload(m.rejoin(self.game_id, self.token, self.received))]

    def _on_rejoin(self, message: m.Rejoin | m.Rejoined) -> list[list[Any]]:
        assert isinstance(message, m.Rejoined)
        if not self._rejoining:
            raise ProtocolError("unexpected", "the host answered a rejoin that was never asked for")
        out = self.resend_from(message.received)
        self._rejoining = False
        return out


def _halted_to_save(halted: Halted) -> dict[str, Any]:
    # the English for older copies and for a sentence that does not read back, and the Phrase
    return dataclasses.asdict(halted) | {"said": phrase_to_doc(halted.text)}


def _halted_from_save(doc: dict[str, Any]) -> Halted:
    fields = {name: value for name, value in doc.items() if name != "said"}
    said = phrase_from_doc(doc.get("said"))
    return Halted(**fields | ({} if said is None else {"text": said}))


def saved_by_other(saved_by: object, role: str) -> str:
    """Why a save of the other role (or of none) does not continue as `role`."""
    roles = {"host": phrase("the host"), "guest": phrase("the guest")}
    if saved_by not in roles:
        return phrase("This is not a saved network game.")
    return phrase(
        "This game was saved by {saved_by}, not {role}.", saved_by=roles[saved_by], role=roles[role]
    )


def unreadable_save(error: Exception) -> str:
    """A save whose contents do not read back (`error`: what did not, in the system's words)."""
    return phrase("The saved game cannot be read ({error}).", error=str(error))


class SaveError(ValueError):
    """A saved network game that cannot be continued, with a sentence saying why."""
