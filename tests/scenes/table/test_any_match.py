"""The table needs nothing but a `Match`: a scripted one is drawn, paced and told of moves like the
computer's or a network peer's, and its notes reach the status bar, a dialog and the hint panel."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.app import App
from game.logic import Game, legal_actions
from game.logic.actions import Action, Discard, Draw
from game.logic.events import Event
from game.match import Alert, Change, HintReady, Match, Note, Refused, TableState, TurnMark
from game.match.local_match import picture
from game.scenes.dialog import DialogScene
from game.scenes.table.table import TableOptions, TableScene
from game.scenes.title import TitleScene
from game.settings import Preferences
from tests.helpers.ui_events import DT, press, step


class ScriptedMatch(Match):
    """A match whose every move is prepared by the test: played moves are recorded, notes and
    changes are handed out when the test queues them."""

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.played: list[Action] = []
        self.notes: list[Note] = []
        self.hints_asked = 0

    def move(self, action: Action, paced: bool) -> Change:
        events = self.game.apply(action)
        change = Change(picture(self.game), tuple(events), paced=paced, by_me=not paced)
        self.changes.append(change)
        return change

    @property
    def state(self) -> TableState:
        return picture(self.game)

    @property
    def opening(self) -> Sequence[Event]:
        return ()

    @property
    def opponent_name(self) -> str:
        return "Script"

    @property
    def opponent_line(self) -> str:
        return "Scripted opponent"

    def level_text(self) -> str:
        return "Scripted"

    def status_text(self) -> str:
        return ""

    def check(self, action: Action) -> str | None:
        illegal = self.game.check(action)
        return None if illegal is None else illegal.message

    def play(self, action: Action) -> str | None:
        self.played.append(action)
        return None

    def pump(self) -> list[Note]:
        notes, self.notes = self.notes, []
        return notes

    def next_hand(self) -> str:
        return ""

    def ask_hint(self) -> None:
        self.hints_asked += 1

    def cancel_hint(self) -> None:
        pass

    @property
    def thinking(self) -> bool:
        return False

    @property
    def autoplay(self) -> bool:
        return False

    @property
    def watching(self) -> bool:
        return False

    def set_autoplay(self, on: bool, level: str) -> str:
        return ""

    def preferences_changed(self, prefs: Preferences) -> None:
        pass

    def earlier_turns(self) -> list[TurnMark]:
        return []

    def rewind(self, mark: TurnMark) -> str | None:
        return "No."

    def restart(self, prefs: Preferences) -> str | None:
        return None

    @property
    def finished(self) -> bool:
        return False

    def close(self) -> None:
        pass


def open_scripted(app: App, speed: float = 0.0) -> tuple[TableScene, ScriptedMatch]:
    match = ScriptedMatch(Game(seed=9))
    table = TableScene(app, match, options=TableOptions(speed=speed))
    app.stack.push(TitleScene(app))
    app.stack.push(table)
    step(app)
    return table, match


def test_the_player_s_key_becomes_an_action_for_the_match(app: App) -> None:
    table, match = open_scripted(app)
    press(app, pygame.K_F6)
    assert match.played == [Draw()]
    assert table.state.phase == "draw"  # nothing changes until the match says so


def test_an_opponent_s_change_waits_for_the_cards_and_a_pause_the_player_s_own_shows_at_once(
    app: App,
) -> None:
    table, match = open_scripted(app, speed=1.0)
    mine = match.move(Draw(), paced=False)
    step(app)
    assert table.state == mine.state and not match.changes
    discard = next(a for a in legal_actions(match.game) if isinstance(a, Discard))
    match.move(discard, paced=False)  # the opponent is to play
    step(app)
    theirs = match.move(Draw(), paced=True)
    step(app)  # the discard is still flying
    assert table.state != theirs.state and match.changes
    for _ in range(300):
        if not table.animator.busy:
            break
        app.step(DT)
    assert table.state != theirs.state  # the cards are at rest: now the pause
    frames = 0
    while match.changes and frames < 300:
        app.step(DT)
        frames += 1
    assert table.state == theirs.state
    assert frames >= round(table._pause() / DT) - 1
    assert any(line.startswith("Script") for line in table.plays)


def test_notes_reach_the_status_bar_a_dialog_and_the_hint_panel(app: App) -> None:
    table, match = open_scripted(app)
    match.notes.append(Refused("Not like that."))
    step(app)
    assert table.model.message == "Not like that." and table.model.message_error
    press(app, pygame.K_h)
    assert match.hints_asked == 1
    match.notes.append(HintReady("Draw first.", actions=(Draw(),)))
    step(app)
    assert table.hint is not None and table.hint.visible
    match.notes.append(Alert("The other side left.", title="Connection lost"))
    step(app)
    assert isinstance(app.stack.top, DialogScene)
    assert app.stack.top.title == "Connection lost"
