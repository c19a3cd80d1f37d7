"""The table's learning tools: "Why?" after a refused move, F1 help, "What can I do?", the
opening scenario behind the "Open:" counter, the going-out warning, and the way to the Explore
screens, the tutorial and AutoStep.

`LearningPanel` is a part the table holds; it reads the table's picture of the game:
every explanation is computed from the player's view (`TableState.view`) and a `TableMemory` fed
with the public events the table shows, never from the game behind the match. A refused move
keeps the rule that refused it: the engine's refusal code, found by asking a game that agrees
with the view (the unseen cards do not matter to the player's own moves), maps to a help anchor.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, cast

import pygame

from game.help import anchor_for
from game.language import N_, _
from game.logic.actions import Action
from game.logic.assist import (
    TableMemory,
    describe_choices,
    likeliest_to_go_out,
    opening_scenario,
)
from game.logic.errors import IllegalAction
from game.logic.events import Event
from game.logic.phases import DRAW, PLAY
from game.logic.view import PlayerView, determinize
from game.scenes.dialog import message_dialog
from game.scenes.menu import MenuItem, MenuScene

if TYPE_CHECKING:
    from game.match import Match, TableState
    from game.scenes.base import Host
    from game.scenes.learn.tutorial import TableMaker
    from game.scenes.table.autostep import SteppedTable
    from game.scenes.table.hud import TableHud

WHY = N_("Why? (click or F1)")
WARNING = N_("\u26a0 Your opponent may go out on its next turn.")
NAMED_WARNING = N_("\u26a0 {name} may go out on their next turn.")  # three or four at the table
TABLE_ANCHOR = "controls"


def refusal_code(view: PlayerView, action: Action) -> str:
    """The engine's code for refusing `action` in the view's position ("" when the engine would
    accept it: the refusal came from outside the rules, such as "not your turn")."""
    try:
        illegal = determinize(view, random.Random(0)).check(action)
    except (IllegalAction, ValueError, KeyError, IndexError):
        return ""
    return "" if illegal is None else illegal.code


class LearnTable(Protocol):
    """What the learning panel uses of the table that holds it."""

    app: Host
    match: Match
    state: TableState
    hud: TableHud | None
    hud_dirty: bool

    @property
    def names(self) -> tuple[str, ...]: ...

    def poll(self) -> None: ...
    def message_showing(self) -> bool: ...


class LearningPanel:
    """Help, explanations and the ways to the learning screens, for the table that holds it."""

    def __init__(self, table: LearnTable) -> None:
        self.table = table
        self.app = table.app
        self.why_anchor: str | None = None
        self.memory: TableMemory | None = None
        self.last_action: Action | None = None  # the player's last move handed to the match

    @property
    def state(self) -> TableState:
        return self.table.state

    # -- Why? ----------------------------------------------------------------------------------
    def note_refusal(self, action: Action) -> None:
        """Keep the rule that refused `action`, so the status bar can offer "Why?"."""
        code = refusal_code(self.state.view, action)
        self.why_anchor = anchor_for(code, self.state.view.players) if code else None
        self.table.hud_dirty = True

    def why_offered(self) -> bool:
        return self.why_anchor is not None and self.table.message_showing()

    def status_message(self, message: str) -> str:
        """The status bar's words, with "Why?" after a refusal that has a rule behind it."""
        return f"{message}  {_(WHY)}" if self.why_offered() and message else message

    def open_help(self, anchor: str | None = None) -> None:
        """F1: the help at the rule of the refusal on show, else at how to play at the table."""
        from game.scenes.learn.help import HelpScene

        if anchor is None:
            anchor = self.why_anchor if self.why_offered() and self.why_anchor else TABLE_ANCHOR
        self.app.stack.push(HelpScene(self.app, anchor, rules=self.state.rules))

    # -- words for the player ------------------------------------------------------------------
    def what_can_i_do(self) -> None:
        """The "What can I do?" panel: the player's alternatives now, in words."""
        text = "\n\n".join(_(choice) for choice in describe_choices(self.state.view))
        message_dialog(self.app, _("What can I do?"), text)

    def show_opening(self) -> None:
        """Clicking "Open:": one way to reach the opening minimum now, or the points held."""
        scenario = opening_scenario(self.state.view)
        message_dialog(self.app, _("Opening meld"), _(scenario.text))

    def going_out_warning(self) -> str:
        """The status bar's warning when an opponent could go out on its next turn, named when
        there are two."""
        view = self.state.view
        if view.phase not in (DRAW, PLAY) or self.table.match.watching:
            return ""
        seat, risk = likeliest_to_go_out(view)
        if not risk.warn:
            return ""
        if view.players == 2:
            return _(WARNING)
        return _(NAMED_WARNING).format(name=self.table.names[seat])

    # -- what was seen -------------------------------------------------------------------------
    def remember(self, events: Sequence[Event]) -> None:
        """Feed the public events the table shows to the player's memory of the hand."""
        if self.memory is None:
            self.memory = TableMemory(self.state.view.seat)
        self.memory.observe(events)

    # -- the status bar ------------------------------------------------------------------------
    def status_click(self, event: pygame.event.Event) -> bool:
        """A click on "Open:" shows the opening scenario; on a refusal's message, its rule."""
        if event.type != pygame.MOUSEBUTTONUP or getattr(event, "button", 1) != 1:
            return False
        hud = self.table.hud
        if hud is None:
            return False
        if hud.open_rect.collidepoint(event.pos):
            self.show_opening()
            return True
        if self.why_offered() and hud.message_rect.collidepoint(event.pos):
            self.open_help()
            return True
        return False

    # -- the learning menu ---------------------------------------------------------------------
    def learning_menu(self) -> None:
        items: list[MenuItem] = [
            (_("Rules and help (F1)"), self.open_help),
            (_("What can I do? (F3)"), self.what_can_i_do),
            (_("Opening meld"), self.show_opening),
            (_("Explore (F4)"), self.open_explore),
            (_("AutoStep"), self.open_autostep),
            (_("Tutorial"), self.open_tutorial),
            (_("Back"), lambda: None),
        ]
        self.app.stack.push(
            MenuScene(
                self.app,
                _("Help and learning"),
                items,
                note=_("Everything here is worked out from what you can see at the table."),
                width=420,
            )
        )

    def open_explore(self, page: str = "Distribution") -> None:
        """Explore over the table, at `page` (Recall: the cards each player was seen to take)."""
        from game.scenes.learn.explore import ExploreScene

        self.app.stack.push(
            ExploreScene(self.app, self.state.view, self.memory, match=self.table.match, page=page)
        )

    def open_tutorial(self) -> None:
        """The tutorial over this game, which waits exactly as it is (not even the computer
        moves) until the tutorial stops."""
        from game.scenes.learn.tutorial import TutorialScene

        pollers = self.app.inbox_pollers
        waiting = self.table.poll in pollers
        if waiting:
            pollers.remove(self.table.poll)

        def back() -> None:
            if waiting and self.table.poll not in pollers:
                pollers.append(self.table.poll)

        # The tutorial builds its table from this class: its module never imports the table's.
        maker = cast("TableMaker", type(self.table))
        self.app.stack.push(TutorialScene(self.app, maker, on_close=back))

    def open_autostep(self) -> None:
        from game.scenes.table.autostep import start_autostep

        start_autostep(self.app, cast("SteppedTable", self.table))
