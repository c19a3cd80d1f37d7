"""A cheating seat for the tests (never shipped in the game): a `FairTable` whose seat `cheat`
does one dishonest thing, through the same messages an honest seat sends, while every other seat
plays honestly and judges what arrives. Each cheat is a small subclass overriding what the
cheater sends (`cheat_deal`, `cheat_move`) or how its own hand behaves (`make_hand`)."""

from __future__ import annotations

from collections.abc import Sequence

from game.logic.actions import Action, Discard, Draw
from game.logic.cards import N_CARDS, CardId, unseen_card
from game.logic.hand.threes import laid_threes
from game.logic.legal import legal_actions
from game.logic.rules import Rules
from game.logic.view import PlayerView
from game.netplay.fair import Message, Seat
from game.netplay.play.deciders import Autopilot, DecisionSource
from game.netplay.play.fair_hand import FairHand, Move
from game.netplay.play.fair_table import FairTable
from tests.netplay.fair.streams import seeded

CHEAT = 1


class CheatingTable(FairTable):
    def __init__(
        self, rules: Rules | None = None, seed: bytes = b"cheat", players: int = 2
    ) -> None:
        rules = rules or Rules.preset("classic", players=players)
        deciders: list[DecisionSource] = [
            Autopilot("beginner", seed=s) for s in range(rules.players)
        ]
        super().__init__(
            rules, deciders, randomness=lambda hand, seat: seeded(seed + bytes([hand, seat]))
        )
        self.cheated = 0  # how many times the cheater did its trick

    def send_deal(self, sender: int, message: Message) -> None:
        changed = self.cheat_deal(message) if sender == CHEAT else message
        if changed is not message:
            self.cheated += 1
        if changed is not None:
            super().send_deal(sender, changed)

    def send_move(self, move: Move) -> None:
        changed = self.cheat_move(move) if move.seat == CHEAT else move
        if changed is not move:
            self.cheated += 1
        if changed is not None:
            super().send_move(changed)

    def cheat_deal(self, message: Message) -> Message | None:
        """What the cheater sends instead of a message of the deal (None: nothing)."""
        return message

    def cheat_move(self, move: Move) -> Move | None:
        """What the cheater sends instead of a move (None: nothing)."""
        return move

    @property
    def cheater(self) -> FairHand:
        return self.hands[CHEAT]


class KeepsItsThrees(FairHand):
    """A seat that never lays its Red Threes: its own engine is told they are unseen cards, so
    it plays on holding them, and shows them only with its hand at the end."""

    def __init__(self, seat: Seat, rules: Rules, first_player: int, scores: Sequence[int]) -> None:
        super().__init__(seat, rules, first_player, scores)
        self.kept: list[int] = []

    def deck(self) -> list[CardId]:
        deck = super().deck()
        laid = laid_threes(self.rules)
        for p, card in enumerate(deck):
            if card < N_CARDS and laid[card] and p in self.seat.hand and p not in self.seat.table:
                if p not in self.kept:
                    self.kept.append(p)
                deck[p] = unseen_card(p)
        return deck

    def shows(self) -> list[int]:
        over = self.game.phase in ("hand_over", "game_over")
        return [p for p in super().shows() if over or p not in self.kept]


class Plain:
    """A decision source for a seat whose view the computer cannot read (it holds a card its own
    engine takes for unseen): draw, then throw the first card the rules let it."""

    def __init__(self, table: FairTable, seat: int) -> None:
        self.table = table
        self.seat = seat

    def choose(self, view: PlayerView, now: float) -> Action | None:
        game = self.table.hands[self.seat].game
        actions = legal_actions(game)
        if Draw() in actions:
            return Draw()
        return next((a for a in actions if isinstance(a, Discard)), actions[0])

    def refused(self, action: Action, code: str, text: str) -> None:
        raise AssertionError(f"the plain decider's {action} was refused: {text}")
