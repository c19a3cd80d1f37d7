"""The tutorial's hand as a `Match`, so the real table can show it (User Guide 4.6.1).

`TutorialMatch` wraps the assist layer's `Tutorial`: its own game with the default rules and a
deal where every rule note comes up, never the player's game. In "watch" mode the computer plays
both hands and a move is made only when the screen asks (`next_step`, `next_note`); each move
becomes a paced `Change` for the table to animate, and the narration and fresh rule notes wait in
`told` for the screen. In "play" mode the learner makes their own moves at the table, the
computer answers for the other seat, and the coach compares each move with what the tutorial's
computer would have done in the learner's place, explaining the difference. The same match
shows the partnership lesson (`Tutorial.partnership()`), the other seats named as at the table.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.logic import IllegalAction
from game.logic.actions import Action, Discard, Pass, Undo, UndoTurn
from game.logic.ai import ComputerPlayer
from game.logic.assist import RULE_NOTES, RuleNote, Tutorial, coach, narrate, notes_for
from game.logic.events import Event
from game.logic.phases import DRAW, PLAY
from game.logic.phrase import phrase
from game.logic.view import PlayerView, determinize, player_view
from game.match import Change, HintReady, Match, Note, TableState, TurnMark
from game.match.local_match import picture
from game.settings import Preferences

WATCH, PLAY_MODE = "watch", "play"
MAX_SUGGESTED = 12


@dataclass(frozen=True)
class Told:
    """What one move of the tutorial says: sentences, fresh rule notes, a coach's remark."""

    lines: tuple[str, ...]
    notes: tuple[RuleNote, ...] = ()
    remark: str = ""


def suggestions(player: ComputerPlayer, view: PlayerView) -> list[Action]:
    """What `player` would do with the rest of the view's turn, in order (the tutorial's hint:
    its own computer, quick enough to ask before every move of the learner)."""
    world = determinize(view, random.Random(0))
    world.record_undo = True
    actions: list[Action] = []
    current = view
    for _ in range(MAX_SUGGESTED):
        action = player.decide(current)
        actions.append(action)
        if current.phase == DRAW or isinstance(action, (Discard, Pass, Undo, UndoTurn)):
            break
        try:
            world.apply(action)
        except IllegalAction:
            break
        if world.phase != PLAY or world.to_move != view.seat:
            break
        current = player_view(world, view.seat)
    return actions


class TutorialMatch(Match):
    """A tutorial hand for the table; see the module docstring."""

    def __init__(self, tutorial: Tutorial | None = None, mode: str = WATCH) -> None:
        super().__init__()
        self.tutorial = tutorial or Tutorial()
        self.mode = mode
        self.told: list[Told] = []
        self.notes: list[Note] = []
        self._opening = tuple(self.tutorial.game.last_events)
        first = self.tutorial.start()
        self.told.append(Told(first.lines, first.notes))

    # -- what I see -----------------------------------------------------------------------------
    @property
    def state(self) -> TableState:
        return picture(self.tutorial.game)

    @property
    def opening(self) -> Sequence[Event]:
        return self._opening

    @property
    def opponent_name(self) -> str:
        return self.other_names[0]

    @property
    def other_names(self) -> tuple[str, ...]:
        names = self.tutorial.names
        return (phrase("Computer"),) if len(names) == 2 else tuple(names[1:])

    @property
    def opponent_line(self) -> str:
        return phrase("Tutorial")

    def level_text(self) -> str:
        if self.tutorial.seats == 4:
            return phrase("Tutorial: partnerships, Classic rules")
        return phrase("Tutorial: Classic rules")

    def status_text(self) -> str:
        if self.mode == WATCH and not self.finished:
            return phrase("Tutorial: press Next to see the next move.")
        return ""

    # -- moving ---------------------------------------------------------------------------------
    def _learner_to_move(self) -> bool:
        """The learner's turn, or their partner's question waiting for their answer."""
        return self.tutorial.game.to_act == self.tutorial.learner and not self.finished

    def check(self, action: Action) -> str | None:
        if self.mode == WATCH:
            return phrase("In this part of the tutorial the computer plays: press Next.")
        if not self._learner_to_move() or self.opponent_pending:
            return phrase("Wait for your turn.")
        refusal = self.tutorial.game.check(action)
        return None if refusal is None else refusal.message

    def play(self, action: Action) -> str | None:
        refusal = self.check(action)
        if refusal is not None:
            return refusal
        tutorial = self.tutorial
        view = tutorial.view()
        remark = coach(view, action, suggestions(tutorial.players[tutorial.learner], view)) or ""
        self._apply(tutorial.learner, action, paced=False, remark=remark)
        return None

    def _apply(self, seat: int, action: Action, *, paced: bool, remark: str = "") -> None:
        tutorial = self.tutorial
        before = tutorial.view()
        events = tutorial.game.apply(action)
        after = tutorial.view()
        lines = narrate(events, after, tutorial.names)
        fresh = [k for k in notes_for(events, before, after) if k not in tutorial.shown]
        tutorial.shown.extend(fresh)
        self.told.append(Told(tuple(lines), tuple(RULE_NOTES[k] for k in fresh), remark))
        self.changes.append(
            Change(self.state, tuple(events), paced=paced, by_me=seat == tutorial.learner)
        )

    def next_step(self) -> bool:
        """ "Next": the computer makes one move (watch mode); False when the hand is over."""
        if self.finished or self.mode != WATCH:
            return False
        step = self.tutorial.step()
        events = tuple(self.tutorial.game.last_events)
        self.told.append(Told(step.lines, step.notes))
        self.changes.append(Change(self.state, events, paced=True))
        return True

    def next_note(self) -> int:
        """ "Next rule note": moves until a new rule note or the end; returns how many."""
        moves = 0
        while self.next_step():
            moves += 1
            if self.told[-1].notes:
                break
        return moves

    def pump(self) -> list[Note]:
        notes, self.notes = self.notes, []
        game = self.tutorial.game
        if (
            self.mode == PLAY_MODE
            and not self.changes
            and game.phase in (DRAW, PLAY)
            and not self._learner_to_move()
        ):
            seat = game.to_act
            action = self.tutorial.players[seat].decide(player_view(game, seat))
            self._apply(seat, action, paced=True)
        return notes

    def next_hand(self) -> str:
        return phrase("The tutorial hand is over.")

    # -- help -----------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        tutorial = self.tutorial
        if not self._learner_to_move():
            self.notes.append(HintReady(phrase("Hints are given on your turn.")))
            return
        actions = suggestions(tutorial.players[tutorial.learner], tutorial.view())
        self.notes.append(
            HintReady(phrase("What the computer would do in your place:"), actions=tuple(actions))
        )

    def cancel_hint(self) -> None:
        self.notes = [n for n in self.notes if not isinstance(n, HintReady)]

    @property
    def thinking(self) -> bool:
        return False

    # -- who plays ------------------------------------------------------------------------------
    @property
    def autoplay(self) -> bool:
        return self.mode == WATCH

    @property
    def watching(self) -> bool:
        return self.mode == WATCH

    def set_autoplay(self, on: bool, level: str) -> str:
        self.mode = WATCH if on else PLAY_MODE
        if on:
            return phrase("The computer plays both hands: press Next.")
        return phrase("Your turn to play: the hint and the coach will help.")

    def preferences_changed(self, prefs: Preferences) -> None:
        """The tutorial keeps its own rules and level whatever the options say."""

    # -- the rest ---------------------------------------------------------------------------------
    def earlier_turns(self) -> list[TurnMark]:
        return []

    def rewind(self, mark: TurnMark) -> str | None:
        return phrase("The tutorial cannot go back.")

    def restart(self, prefs: Preferences) -> str | None:
        return None

    @property
    def finished(self) -> bool:
        return self.tutorial.finished

    def close(self) -> None:
        """Nothing to stop or save: the tutorial's game is thrown away."""
