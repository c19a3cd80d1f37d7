"""The tutorial's core (User Guide 4.6.1): a hand played by the computer for both players, step by
step, each move told in words and a rule note shown the first time each situation arises.

`Tutorial` owns its own game with the default (Classic) rules and a deal chosen so that every
situation the notes explain comes up; the player's own game is never touched, so stopping the
tutorial returns them to it exactly as it was. `step()` plays one action ("Next"),
`next_note()` plays on to the next rule note or the end of the hand ("Next rule note"). The
narration speaks to the learner's seat and names only the cards that seat may see; the learner's
own moves also carry the hint's explanation of why. Each `RuleNote` names the help anchor that
explains it, so the screen can offer "More in the help". `Tutorial.partnership()` is the short
partnership lesson: a Classic hand of four, the learner and North against West and East, whose
notes are only what a partnership changes (the side's melds and opening, "May I go out?", going
out and scoring as a side).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import events as ev
from ..actions import Action, Draw
from ..ai import ComputerPlayer
from ..cards import IS_BLACK_THREE, IS_RED_THREE, IS_WILD
from ..engine import Game
from ..events import Event
from ..phases import DRAW, PLAY
from ..phrase import phrase
from ..rules import Rules
from ..view import PlayerView, player_view
from .explain import explain_action
from .narration import narrate

# A Classic deal in which every situation of the notes comes up with the computer at "advanced".
TUTORIAL_SEED = 5
TUTORIAL_LEVEL = "advanced"
# A Classic deal of four in which both partners meld for the side, North asks "May I go out?",
# the learner answers and North goes out, with every seat at TUTORIAL_LEVEL.
PARTNERSHIP_SEED = 3
PARTNERSHIP_NAMES = ("You", phrase("West"), phrase("North"), phrase("East"))
MAX_ACTIONS = 1000  # a hand never needs this many; the bound keeps a fault from looping


@dataclass(frozen=True)
class RuleNote:
    """A rule explained once: its key, title, text and the help anchor with the whole rule."""

    key: str
    title: str
    text: str
    anchor: str


RULE_NOTES: dict[str, RuleNote] = {
    note.key: note
    for note in (
        RuleNote(
            "red_threes",
            phrase("Red Threes"),
            phrase(
                "A Red Three is never kept in the hand: it is laid down at once and replaced from "
                "the stock. Each is worth 100 points (all four 800), but counts against a player "
                "who has melded nothing by the end of the hand."
            ),
            "red-threes",
        ),
        RuleNote(
            "frozen_pile",
            phrase("The frozen pile"),
            phrase(
                "The pile is frozen for a player who has not opened yet, and for everyone once a wild "
                "card or Red Three is in it. A frozen pile can be taken only with two natural cards "
                "from the hand matching the top card."
            ),
            "pile-frozen",
        ),
        RuleNote(
            "black_threes",
            phrase("Black Threes"),
            phrase(
                "A Black Three cannot be melded except when going out. Discarded, it blocks the pile "
                "for the next player's turn: a good way to stop the opponent taking it."
            ),
            "black-threes",
        ),
        RuleNote(
            "opening_minimum",
            phrase("The opening meld"),
            phrase(
                "A player's first melds of a hand must together be worth a minimum: 50 points for a "
                "score from 0 to 1495 (15 below 0, 90 from 1500, 120 from 3000). Jokers count 50, "
                "Twos and Aces 20, Kings to Eights 10, Sevens to Fours 5."
            ),
            "initial-meld",
        ),
        RuleNote(
            "wild_cards",
            phrase("Wild cards"),
            phrase(
                "Jokers and Twos are wild: they can stand in for natural cards in a meld, but never "
                "outnumber them, and at most three go in one meld. A wild card discarded freezes the "
                "pile."
            ),
            "wild-cards",
        ),
        RuleNote(
            "taking_the_pile",
            phrase("Taking the pile"),
            phrase(
                "Instead of drawing from the stock, a player may take the whole pile if the top card "
                "can be melded at once with cards from the hand (or added to their meld of that "
                "rank). All the pile's cards go into the hand: a big pile is a big gain."
            ),
            "taking-the-pile",
        ),
        RuleNote(
            "canastas",
            phrase("Canastas"),
            phrase(
                "A meld of seven cards is a canasta: 500 bonus points if it has no wild card, 300 if "
                "it has. Two canastas are needed before a player may go out."
            ),
            "canastas",
        ),
        RuleNote(
            "going_out",
            phrase("Going out"),
            phrase(
                "A player with two canastas may go out by melding all their cards, or all but one and "
                "discarding it. That ends the hand and earns 100 points (200 if nothing was melded "
                "before that turn). When the stock runs out first, the hand ends without that bonus."
            ),
            "going-out",
        ),
        RuleNote(
            "scoring",
            phrase("Scoring"),
            phrase(
                "Each player scores their melded cards and canasta bonuses, the going-out bonus and "
                "the Red Threes, minus the cards left in their hand. The first to reach 5000 points "
                "wins the game."
            ),
            "scoring",
        ),
        # The partnership lesson's notes.
        RuleNote(
            "partners",
            phrase("Partners"),
            phrase(
                "You and North, sitting opposite, play against West and East. Partners share one set "
                "of melds, canastas and Threes: either adds to any meld of the side. A partner's hand "
                "stays hidden, even from you."
            ),
            "partnerships",
        ),
        RuleNote(
            "side_opening",
            phrase("Opening as a side"),
            phrase(
                "The opening minimum comes from the side's score. Once either partner has met it, "
                "the side has opened: the other partner melds freely, and the pile is no longer "
                "frozen for them by the opening rule."
            ),
            "side-opening",
        ),
        RuleNote(
            "may_i_go_out",
            phrase("May I go out?"),
            phrase(
                'Before going out, a player may ask their partner "May I go out?". "Yes" binds them '
                'to go out this turn (the side pays 100 if they then cannot); "No" forbids it.'
            ),
            "may-i-go-out",
        ),
        RuleNote(
            "side_going_out",
            phrase("Going out as a side"),
            phrase(
                "Either partner may go out once the side has the canastas needed (one with four "
                "players, in Classic rules). Going out ends the hand for everyone."
            ),
            "side-going-out",
        ),
        RuleNote(
            "side_scoring",
            phrase("Scoring a side"),
            phrase(
                "Each side scores as one: both partners' melds, canastas and Threes for it, and the "
                "cards left in both partners' hands against it."
            ),
            "side-scoring",
        ),
    )
}


# The partnership lesson's notes, in the order its hand shows them; the rest are the hand of two's.
PARTNERSHIP_NOTES = ("partners", "side_opening", "may_i_go_out", "side_going_out", "side_scoring")
TWO_HAND_NOTES = tuple(key for key in RULE_NOTES if key not in PARTNERSHIP_NOTES)


def notes_for(events: list[Event], before: PlayerView, after: PlayerView) -> list[str]:
    """The keys of the situations an action's events show, in the order they happened."""
    if after.players == 4:
        return _partnership_notes(events, before)
    keys: list[str] = []

    def add(key: str) -> None:
        if key not in keys:
            keys.append(key)

    for event in events:
        kind = event.kind
        if kind == ev.THREE_LAID and event.cards and IS_RED_THREE[event.cards[0]]:
            add("red_threes")
        elif kind == ev.TURN and after.pile and after.pile_frozen_for[after.to_move]:
            if not after.pile_blocked:
                add("frozen_pile")
        elif kind == ev.PILE_TAKEN:
            add("taking_the_pile")
        elif kind == ev.MELD and event.player in (0, 1):
            if not before.opened[event.player]:
                add("opening_minimum")
            if any(IS_WILD[c] for c in event.cards):
                add("wild_cards")
        elif kind == ev.DISCARD:
            card = event.cards[0]
            if IS_BLACK_THREE[card]:
                add("black_threes")
            elif IS_WILD[card]:
                add("wild_cards")
        elif kind == ev.CANASTA:
            add("canastas")
        elif kind in (ev.HAND_OVER, ev.SPECIAL_MELD):
            add("going_out")
            add("scoring")
    return keys


def _partnership_notes(events: list[Event], before: PlayerView) -> list[str]:
    """The partnership lesson's notes: only what playing as a side changes."""
    keys: list[str] = []
    for event in events:
        kind = event.kind
        if kind == ev.DEAL:
            keys.append("partners")
        elif kind == ev.MELD and not before.opened[event.player]:
            keys.append("side_opening")
        elif kind == ev.ASK_GO_OUT:
            keys.append("may_i_go_out")
        elif kind == ev.HAND_OVER:
            if event.info.get("reason") == "went_out":
                keys.append("side_going_out")
            keys.append("side_scoring")
    return list(dict.fromkeys(keys))


@dataclass(frozen=True)
class TutorialStep:
    """What one "Next" did: who acted and how, the sentences, and any new rule notes."""

    seat: int
    action: Action | None
    lines: tuple[str, ...]
    notes: tuple[RuleNote, ...]
    finished: bool


@dataclass
class Tutorial:
    """A tutorial hand, stepped by the screen; the learner sits in seat `learner`, at a table
    of `seats` (2, or 4 for the partnership lesson)."""

    seed: int = TUTORIAL_SEED
    learner: int = 0
    level: str = TUTORIAL_LEVEL
    names: tuple[str, ...] = ("You", phrase("The Computer"))
    seats: int = 2
    game: Game = field(init=False)
    shown: list[str] = field(init=False, default_factory=list)
    players: tuple[ComputerPlayer, ...] = field(init=False)

    def __post_init__(self) -> None:
        self.game = Game(Rules().with_players(self.seats), seed=self.seed)
        self.players = tuple(
            ComputerPlayer(self.level, seed=self.seed + seat) for seat in range(self.seats)
        )
        # The learner's names are "You"; the narration is written for their seat.
        if self.learner == 1 and self.seats == 2:
            self.names = (self.names[1], self.names[0])

    @classmethod
    def partnership(cls) -> Tutorial:
        """The short partnership lesson (see the module docstring)."""
        return cls(seed=PARTNERSHIP_SEED, names=PARTNERSHIP_NAMES, seats=4)

    @property
    def finished(self) -> bool:
        return self.game.phase not in (DRAW, PLAY)

    def view(self) -> PlayerView:
        """What the learner may see now (the screen draws the table from this)."""
        return player_view(self.game, self.learner)

    def start(self) -> TutorialStep:
        """The deal, told, with the notes it calls for."""
        before = self.view()
        events = list(self.game.last_events)
        return self._told(-1, None, events, before)

    def step(self) -> TutorialStep:
        """Play one action of the player to move ("Next")."""
        if self.finished:
            return TutorialStep(-1, None, (), (), True)
        seat = self.game.to_act  # the mover, or their partner answering "May I go out?"
        mover_view = player_view(self.game, seat)
        action = self.players[seat].decide(mover_view)
        before = self.view()
        why = explain_action(mover_view, action) if seat == self.learner else ""
        events = self.game.apply(action)
        step = self._told(seat, action, events, before)
        if why and not isinstance(action, Draw):
            return TutorialStep(
                step.seat,
                action,
                (*step.lines, phrase("Why: {why}", why=why)),
                step.notes,
                step.finished,
            )
        return step

    def next_note(self) -> list[TutorialStep]:
        """Play on until a rule note appears or the hand ends ("Next rule note")."""
        steps = []
        for _ in range(MAX_ACTIONS):
            step = self.step()
            steps.append(step)
            if step.notes or step.finished:
                break
        return steps

    def _told(
        self, seat: int, action: Action | None, events: list[Event], before: PlayerView
    ) -> TutorialStep:
        after = self.view()
        lines = narrate(events, after, self.names)
        fresh = [k for k in notes_for(events, before, after) if k not in self.shown]
        self.shown.extend(fresh)
        return TutorialStep(
            seat, action, tuple(lines), tuple(RULE_NOTES[k] for k in fresh), self.finished
        )
