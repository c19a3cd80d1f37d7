"""One seat's hand on a peek-proof deal: its own rules engine, run on what the seat may see.

A `FairHand` joins a `fair.Seat` (the seat's secret and the public transcript of the deal) to the
rules engine. The seat's engine is an ordinary `Game` dealt from the seat's *view of the deck*:
each position holds the card the seat has seen there, named by the seat's own ids
(`fair.CardNames`), or the unseen card of that position (`cards.unseen_card`), which the engine
counts and moves but never melds or lays down. Whenever the seat learns a card the game is dealt
again from the new view and the hand's actions replayed, so the engine stays pure and
deterministic and the seat's state never holds a card it has not seen.

What the engine does with the deck says which cards must open to whom (`needs`): a card in a
seat's hand opens to that seat, a card on the table (the pile, a meld, a laid Three, and every
hand once the hand is over) to every seat. A card the seat holds that its own engine puts on the
table is shown by the seat itself (`shows`): its melds and discards, and its Red Threes, which
only the holder can know. Every seat's engine makes the same decisions: an unseen card is never a
Three, and a Three is laid only once its holder has shown it, so no engine depends on a card
another seat has not shown. Which stock card goes where can depend on whether an earlier one was
a Three (a replacement goes to the next seat only once the last one's Threes are replaced), so
stock cards open only in stretches that go to one place (`_stable`), and only once every seat
has acknowledged the cards it was given (every `Move` says how many; `ack`), having shown its
Threes among them first.

Every move of another seat is checked when it arrives: the cards it shows must be the sender's
own, and once they are seen the engine must accept the move; anything else is `Misconduct`
naming the card and the move. At the end of the hand every secret is released, the deck audited
(`fair.audit`) and the hand replayed from the audited deck; the replay is the record, and it must
show on the table exactly what the play showed, or a seat kept a card it had to show."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import msgpack

from game.logic.actions import Action, action_from_dict
from game.logic.cards import (
    CARD_CODE,
    IDS_OF_CODE,
    MELD_KEY_NAME,
    N_CARDS,
    CardId,
    is_unseen,
    unseen_card,
)
from game.logic.engine import Game
from game.logic.errors import IllegalAction
from game.logic.hand.threes import laid_threes
from game.logic.phases import GAME_OVER, HAND_OVER, Phase
from game.logic.phrase import phrase
from game.logic.rules import Rules
from game.logic.view import PlayerView, player_view
from game.netplay.fair import (
    PUBLIC,
    AuditReport,
    Code,
    Misconduct,
    RandomBytes,
    Seat,
    Step,
    UnmaskMessage,
    decode,
)
from game.netplay.fair.misconduct import card_name, who, whose
from game.netplay.fair.saved import seat_from_dict, seat_to_dict


@dataclass(frozen=True)
class Opening:
    """Cards the game asks to open: to `recipient` (a seat, or `PUBLIC`), unmasked by the seats
    in `order` (None: every seat that must, in the protocol's order)."""

    recipient: int
    positions: tuple[int, ...]
    order: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Move:
    """What a seat sends besides the dealing protocol's own messages: an action (None for cards
    shown outside a move, as a Red Three is), its unmask of the cards it shows, and how many
    cards have been opened to it so far (`opened`): its acknowledgement of them, sent once it has
    shown what it must of them. A move with neither action nor unmask is a bare
    acknowledgement."""

    seat: int
    action: Action | None
    unmask: UnmaskMessage | None
    opened: int

    def encode(self) -> list[object]:
        action = None if self.action is None else self.action.to_dict()
        unmask = None if self.unmask is None else self.unmask.encode()
        return [self.seat, action, unmask, self.opened]


def decode_move(value: object, sender: int) -> Move:
    """The move `sender` sent, or `Misconduct` if it is malformed."""
    try:
        if not isinstance(value, (list, tuple)) or len(value) != 4 or value[0] != sender:
            raise ValueError("it is not [seat, action, unmask, opened] from its sender")
        action = None if value[1] is None else action_from_dict(value[1])
        unmask = None if value[2] is None else decode(value[2], sender)
        if unmask is not None and not isinstance(unmask, UnmaskMessage):
            raise ValueError("what it shows is not an unmask")
        opened = value[3]
        if type(opened) is not int or not 0 <= opened <= N_CARDS:
            raise ValueError(f"{opened!r} is no count of cards")
    except (ValueError, IllegalAction) as error:
        sentence = phrase("{who} sent a malformed move: {error}", who=who(sender), error=str(error))
        raise Misconduct(Code.MALFORMED, sentence, seat=sender, step=Step.MOVE) from None
    return Move(sender, action, unmask, opened)


class FairHand:
    def __init__(self, seat: Seat, rules: Rules, first_player: int, scores: Sequence[int]) -> None:
        if rules.stock_end == "reuse_pile":
            raise ValueError("peek-proof dealing cannot yet deal a pile taken back as the stock")
        if rules.players != seat.public.seats:
            raise ValueError(f"the rules seat {rules.players}, the deal {seat.public.seats}")
        self.seat = seat
        self.index = seat.seat
        self.rules = rules
        self.first_player = first_player
        self.scores = tuple(scores)
        self.actions: list[Action] = []
        # The public state after the deal and after each action, once every card it opened was
        # open: what the replay from the audited deck must show again.
        self.trail: list[bytes] = []
        self._game: Game | None = None
        self._seen = -1
        self._held_at_settle: set[int] = set()
        # The cards opened to each seat alone, as far as this seat has seen, and how many of
        # them each seat has acknowledged (this seat's own: as many as it last said).
        seats = rules.players
        self._given: list[set[int]] = [set() for _ in range(seats)]
        self.acknowledged = [0] * seats
        # Where the stock starts: cards before it are dealt to fixed places whatever they are.
        self._stock_start = rules.players * rules.hand_size + (7 if rules.talons else 0)

    # -- saving ------------------------------------------------------------------------------------

    def to_save(self) -> dict[str, Any]:
        """The hand as plain values (JSON-safe): this seat's own secret and the public transcript
        of the deal (`fair.saved`), the hand's actions and the public states noted."""
        return {
            "deal": seat_to_dict(self.seat),
            "first_player": self.first_player,
            "scores": list(self.scores),
            "actions": [action.to_dict() for action in self.actions],
            "trail": [state.hex() for state in self.trail],
            "held": sorted(self._held_at_settle),
            "given": [sorted(given) for given in self._given],
            "acknowledged": list(self.acknowledged),
        }

    @classmethod
    def from_save(
        cls, data: dict[str, Any], rules: Rules, random: RandomBytes | None = None
    ) -> FairHand:
        """The hand a save holds, going on where it stood (ValueError if the save is damaged
        or does not agree with itself: its actions must replay on the seat's view)."""
        try:
            hand = cls(
                seat_from_dict(data["deal"], random), rules, data["first_player"], data["scores"]
            )
            hand.actions = [action_from_dict(a) for a in data["actions"]]
            hand.trail = [bytes.fromhex(state) for state in data["trail"]]
            hand._held_at_settle = {int(p) for p in data["held"]}
            hand._given = [{int(p) for p in given} for given in data["given"]]
            hand.acknowledged = [int(count) for count in data["acknowledged"]]
            if len(hand._given) != rules.players or len(hand.acknowledged) != rules.players:
                raise ValueError("its counts of cards given are not one a seat")
            if len(hand.trail) not in (len(hand.actions), len(hand.actions) + 1):
                raise ValueError("its notes of the table do not follow its actions")
            hand.refresh()
        except (KeyError, TypeError, IllegalAction) as error:
            raise ValueError(f"the saved hand is damaged ({error})") from None
        return hand

    # -- the seat's engine ---------------------------------------------------------------------

    def deck(self) -> list[CardId]:
        """The deck as this seat sees it: its ids where it has seen the card, unseen cards
        elsewhere."""
        seen = {**self.seat.hand, **self.seat.table}
        return [seen[p].card_id if p in seen else unseen_card(p) for p in range(N_CARDS)]

    def refresh(self) -> Game:
        """Deal the seat's engine again from what it has seen and replay the hand's actions
        (`IllegalAction` if they do not replay)."""
        game = self._dealt(self.deck(), self.actions)
        self._game, self._seen = game, len(self.seat.hand) + len(self.seat.table)
        return game

    def _dealt(self, deck: list[CardId], actions: Sequence[Action]) -> Game:
        """The hand dealt from `deck` with `actions` applied (`IllegalAction` if they do not
        apply)."""
        game = Game(self.rules, deck=deck, scores=self.scores, first_player=self.first_player)
        for action in actions:
            game.apply(action)
        return game

    @property
    def game(self) -> Game:
        """The seat's engine, dealt again whenever the seat has seen another card."""
        if self._game is None or len(self.seat.hand) + len(self.seat.table) != self._seen:
            return self.refresh()
        return self._game

    def view(self) -> PlayerView:
        return player_view(self.game, self.index)

    def positions(self, cards: Iterable[int]) -> list[int]:
        """The deck positions of cards of this seat's engine."""
        where = {opened.card_id: p for p, opened in {**self.seat.hand, **self.seat.table}.items()}
        return [card - N_CARDS if is_unseen(card) else where[CardId(card)] for card in cards]

    def _on_table(self, game: Game) -> list[int]:
        cards: list[CardId] = list(game.pile)
        over = game.phase in (HAND_OVER, GAME_OVER)
        sides = game.players[: game.n_sides] if game.n_players == 4 else game.players
        for player in sides:
            cards.extend(player.threes)
            for meld in player.melds.values():
                cards.extend(meld)
        for player in game.players:
            cards.extend(player.special_cards)
            if over:
                cards.extend(player.hand)
        return self.positions(dict.fromkeys(cards))

    # -- what must open ------------------------------------------------------------------------

    def shows(self) -> list[int]:
        """The cards this seat holds that its engine has put on the table: it must show them."""
        positions = self.seat.public.positions
        mine = (
            p
            for p in self._on_table(self.game)
            if positions[p].recipient == self.index and not positions[p].waiting
        )
        return sorted(mine)

    def needs(self) -> list[Opening]:
        """The openings the engine asks for and nobody has asked for yet: a card in a seat's
        hand to that seat, a card on the table that no seat holds to every seat (stock cards
        only as far as `_stable` allows), and a card on the table that a seat holds and has not
        shown to every seat, by that seat alone (the hands at the end of the hand: a seat that
        withholds them is named by the deadline)."""
        game = self.game
        positions = self.seat.public.positions
        wanted: dict[int, int] = {}
        for s, player in enumerate(game.players):
            for p in self.positions(player.hand):
                wanted[p] = s
        held: dict[int, list[int]] = {}
        for p in self._on_table(game):
            wanted[p] = PUBLIC
            state = positions[p]
            if state.recipient not in (None, PUBLIC) and not state.waiting:
                held.setdefault(state.recipient, []).append(p)
        fresh = {
            p: r
            for p, r in wanted.items()
            if positions[p].recipient is None and not positions[p].waiting
        }
        in_flight = any(state.waiting for state in positions)
        stable = self._stable(fresh, self.all_acknowledged() and not in_flight)
        by_recipient: dict[int, list[int]] = {}
        for p in sorted(stable):
            by_recipient.setdefault(stable[p], []).append(p)
        openings = [Opening(r, tuple(ps)) for r, ps in sorted(by_recipient.items())]
        for holder, ps in sorted(held.items()):
            openings.append(Opening(PUBLIC, tuple(sorted(ps)), (holder,)))
        return openings

    def _stable(self, fresh: dict[int, int], acknowledged: bool) -> dict[int, int]:
        """The openings whose place no unseen card can change: every card dealt before the
        stock, and, once no opening is under way and every seat has acknowledged every card
        opened to it (and so shown its Threes), the stock's first stretch that goes to one
        place. A Three among those cards sends the next stock card to the same place (a
        replacement) or on (the next seat's), so the stretch after it waits for its holder to
        show it."""
        dealt = {p: r for p, r in fresh.items() if p < self._stock_start}
        stock = sorted(p for p in fresh if p >= self._stock_start)
        if stock and acknowledged:
            place = fresh[stock[0]]
            for p in stock:
                if fresh[p] != place:
                    break
                dealt[p] = place
        return dealt

    def given(self, seat: int) -> int:
        """How many cards have been opened to `seat` alone, as far as this seat has seen."""
        self._track()
        return len(self.seat.hand) if seat == self.index else len(self._given[seat])

    def all_acknowledged(self) -> bool:
        self._track()
        return all(
            self.acknowledged[s] >= len(self._given[s])
            for s in range(len(self._given))
            if s != self.index
        )

    def _track(self) -> None:
        """Note every card opened to one seat alone (before a show makes it public)."""
        for p, state in enumerate(self.seat.public.positions):
            if state.recipient not in (None, PUBLIC) and not state.waiting:
                self._given[state.recipient].add(p)

    def ack(self) -> Move | None:
        """A bare acknowledgement of the cards opened to this seat since it last said, once it
        has nothing to show (None when there is nothing new, or something to show first). A seat
        that can move now says it with its move instead (`opened`), one message fewer a draw:
        nobody waits for it then, as every seat's engine asks for the same openings."""
        if self.given(self.index) == self.acknowledged[self.index] or self.shows():
            return None
        if self._can_move():
            return None
        return self._move(None, None)

    def _can_move(self) -> bool:
        game = self.game
        return (
            game.to_act == self.index
            and game.phase not in (HAND_OVER, GAME_OVER)
            and not self.seat.public.owed()
            and not self.needs()
            and self.all_acknowledged()
        )

    def _move(self, action: Action | None, unmask: UnmaskMessage | None) -> Move:
        self.acknowledged[self.index] = self.given(self.index)
        return Move(self.index, action, unmask, self.acknowledged[self.index])

    def request(self, needs: Sequence[Opening]) -> None:
        for need in needs:
            if need.recipient == PUBLIC:
                self.seat.open_publicly(need.positions, need.order)
            else:
                self.seat.open_to(need.recipient, need.positions, need.order)

    # -- this seat's moves ---------------------------------------------------------------------

    def act(self, action: Action) -> Move:
        """Apply this seat's own action (`IllegalAction` changes nothing) and show the cards it
        puts on the table, and, when the other seats could not check the move from those alone,
        the rest of its hand."""
        self._owes_nothing()
        self.settled()
        self.game.apply(action)
        self.actions.append(action)
        shows = self.shows()
        if self._unchecked(action, shows):
            mine = set(self.positions(self.game.players[self.index].hand))
            shows = sorted(set(shows) | {p for p in mine if self.seat.table.get(p) is None})
        return self._move(action, self._unmask(shows))

    def _unchecked(self, action: Action, shows: list[int]) -> bool:
        """Whether an engine that sees only what is open to every seat, and `shows`, would
        refuse this seat's last action: a rule that asks about the rest of the hand (a wild card
        may go on the pile when the hand holds nothing else)."""
        public = {**self.seat.table, **{p: self.seat.hand[p] for p in shows}}
        deck = [public[p].card_id if p in public else unseen_card(p) for p in range(N_CARDS)]
        return self._dealt(deck, self.actions[:-1]).check(action) is not None

    def show(self) -> Move | None:
        """Show what this seat's engine has put on the table outside a move (a Red Three, the
        hand at the end), or None if there is nothing."""
        self._owes_nothing()
        unmask = self._unmask(self.shows())
        return None if unmask is None else self._move(None, unmask)

    def _owes_nothing(self) -> None:
        """A seat sends the unmasks it owes before it moves or shows a card, so that the unmask
        of a show holds its own cards alone (ValueError, changing nothing, otherwise)."""
        if self.seat.public.due(self.index):
            raise ValueError(f"seat {self.index} must send the unmasks it owes first")

    def _unmask(self, positions: list[int]) -> UnmaskMessage | None:
        """This seat's unmask of its own cards `positions`, shown to every seat (nothing else
        rides along: see `_owes_nothing`)."""
        if not positions:
            return None
        self.seat.open_publicly(positions, order=[self.index])
        message = self.seat.unmasks()
        assert message is not None
        return message

    # -- other seats' moves --------------------------------------------------------------------

    def receive_move(self, move: Move) -> None:
        """Check another seat's move: the cards it shows must be its own, and with them seen
        the engine must accept the action."""
        self._track()
        if move.unmask is not None:
            self._receive_shown(move.unmask)
        if move.opened > self.given(move.seat):
            sentence = phrase(
                "{who} acknowledged {count} cards opened, not {given}",
                who=who(move.seat),
                count=move.opened,
                given=self.given(move.seat),
            )
            raise Misconduct(Code.MALFORMED, sentence, seat=move.seat, step=Step.MOVE)
        self.acknowledged[move.seat] = max(self.acknowledged[move.seat], move.opened)
        if move.action is None:
            return
        if self.game.to_act != move.seat:
            sentence = phrase(
                "{who} moved ({move}) out of turn", who=who(move.seat), move=move_words(move.action)
            )
            raise Misconduct(Code.ILLEGAL_MOVE, sentence, seat=move.seat, step=Step.MOVE)
        self.settled()
        try:
            self.game.apply(move.action)
        except IllegalAction as refusal:
            sentence = phrase(
                "{whose} {move} is refused: {refusal}",
                whose=whose(move.seat),
                move=move_words(move.action),
                refusal=refusal.message,
            )
            raise Misconduct(Code.ILLEGAL_MOVE, sentence, seat=move.seat, step=Step.MOVE) from None
        self.actions.append(move.action)

    def receive_unmask(self, message: UnmaskMessage) -> None:
        """Another seat's unmask: its share of openings the game asked for, or cards it shows.
        The openings this seat's engine asks for are asked for first: the sender may have
        worked them out before this seat did."""
        self._track()
        self.request(self.needs())
        self._receive_shown(message)

    def _receive_shown(self, message: UnmaskMessage) -> None:
        sender = message.seat
        positions = self.seat.public.positions
        shown = [p for p in message.positions if not positions[p].waiting]
        for p in shown:
            state = positions[p]
            if state.recipient != sender or state.face is not None:
                sentence = phrase(
                    "{who} showed {card}, which is not in that hand",
                    who=who(sender),
                    card=card_name(p),
                )
                raise Misconduct(Code.NOT_HELD, sentence, seat=sender, step=Step.MOVE, position=p)
        if shown:
            self.seat.open_publicly(shown, order=[sender])
        self.seat.receive(message)
        laid = laid_threes(self.rules)
        for p in shown:
            face = self.seat.table[p].face
            if laid[IDS_OF_CODE[face][0]] and p in self._held_at_settle:
                sentence = phrase(
                    "{who} kept the Three {face} ({card}) and shows it only now: it had to be "
                    "laid down at once",
                    who=who(sender),
                    face=face,
                    card=card_name(p),
                )
                raise Misconduct(Code.KEPT_CARD, sentence, seat=sender, step=Step.MOVE, position=p)

    # -- the end of the hand -------------------------------------------------------------------

    def settled(self) -> None:
        """Every card the last step opened is open: note the public state for the replay, and
        which cards seats held then (a Three among them shown later was kept). Done before every
        action too: a seat moves only once it has everything of the step before, and what a seat
        sends before its move arrives before it."""
        self._held_at_settle = {
            p
            for p, state in enumerate(self.seat.public.positions)
            if state.recipient not in (None, PUBLIC) and not state.waiting
        }
        state = public_state(self.game)
        if len(self.trail) == len(self.actions) + 1:
            self.trail[-1] = state
        else:
            self.trail.append(state)

    def replay(self, report: AuditReport) -> Game:
        """The hand replayed from the audited deck (the record), or `Misconduct` where it shows
        on the table what the play did not: a card a seat kept instead of showing."""
        deck = report.deck_ids()
        game, live = self._dealt(deck, ()), self._dealt(self.deck(), ())
        for step, action in enumerate([None, *self.actions]):
            if action is not None:
                live.apply(action)
                try:
                    game.apply(action)
                except IllegalAction as refusal:
                    raise _kept(game, live, deck, step, action, refusal.message) from None
            if step < len(self.trail) and public_state(game) != self.trail[step]:
                raise _kept(game, live, deck, step, action, None)
        return game


def public_state(game: Game) -> bytes:
    """What every seat sees of a game, by card faces (never by ids, which are each seat's own):
    the same at every seat that has seen what it may. SHA-256 of its msgpack."""
    over = game.phase in (HAND_OVER, GAME_OVER)
    seats = [
        [
            len(player.hand),
            _faces(player.hand) if over else [],
            [[MELD_KEY_NAME[k], _faces(v)] for k, v in player.melds.items()],
            _faces(player.threes),
            player.opened,
            player.returns,
        ]
        for player in game.players
    ]
    scores = [sorted(s.items()) for s in game.hand_scores] if game.hand_scores else None
    state: list[Any] = [
        game.hand_no,
        list(game.totals),
        Phase(game.phase).value,
        game.to_move,
        seats,
        len(game.stock),
        _faces(game.pile),
        [len(t) for t in game.talons],
        list(game.talon_receivers),
        game.turn.drew,
        game.went_out,
        scores,
    ]
    return hashlib.sha256(msgpack.packb(state)).digest()


def _faces(cards: Iterable[int]) -> list[str]:
    return [CARD_CODE[c] for c in cards]


# A move's name in a misconduct's sentence (the English is the action's type in words).
_MOVES = {
    "draw": phrase("draw"),
    "take_pile": phrase("take pile"),
    "meld": phrase("meld"),
    "discard": phrase("discard"),
    "pass": phrase("pass"),
    "undo": phrase("undo"),
    "undo_turn": phrase("undo turn"),
    "next_hand": phrase("next hand"),
    "ask_go_out": phrase("ask go out"),
    "answer_go_out": phrase("answer go out"),
}


def move_words(action: Action) -> str:
    """A move in words for a misconduct's sentence: "discard of 9C", "draw"."""
    cards = getattr(action, "cards", None) or getattr(action, "with_", None)
    card = getattr(action, "card", None)
    named = " ".join(cards) if cards else card
    move = _MOVES[action.type]
    return phrase("{move} of {cards}", move=move, cards=named) if named else move


def _kept(
    game: Game,
    live: Game,
    deck: list[CardId],
    step: int,
    action: Action | None,
    refusal: str | None,
) -> Misconduct:
    """The replay from the audited deck parted from the play at `step`: name the card that
    the replay lays down and the play never saw."""
    where = (
        phrase("the deal")
        if action is None
        else phrase("move {step} ({move})", step=step, move=move_words(action))
    )
    for seat, (replayed, played) in enumerate(zip(game.players, live.players, strict=True)):
        seen = _faces(played.threes)
        for card in replayed.threes:
            if CARD_CODE[card] in seen:
                seen.remove(CARD_CODE[card])
                continue
            position = deck.index(card)
            sentence = phrase(
                "{who} kept the Red Three {face} ({card}) instead of laying it down: the "
                "audit's replay lays it at {where}",
                who=who(seat),
                face=CARD_CODE[card],
                card=card_name(position),
                where=where,
            )
            return Misconduct(
                Code.KEPT_CARD, sentence, seat=seat, step=Step.AUDIT, position=position
            )
    if refusal:
        sentence = phrase(
            "the hand replayed from the audited deck differs from the play at {where}: {refusal}",
            where=where,
            refusal=refusal,
        )
    else:
        sentence = phrase(
            "the hand replayed from the audited deck differs from the play at {where}", where=where
        )
    return Misconduct(Code.KEPT_CARD, sentence, seat=None, step=Step.AUDIT)
