"""Going back to an earlier turn of the hand ("Earlier turn", User Guide 4.3.7's Undo Previous
Turn): the menu of the player's turns, and the table shown again from the one chosen."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Protocol

from game.language import _
from game.match import Match, TurnMark
from game.scenes.menu import MenuItem, MenuScene

if TYPE_CHECKING:
    from game.match.state import TableState
    from game.scenes.base import Host
    from game.scenes.table.hint import Hints
    from game.scenes.table.motion import Choreographer
    from game.scenes.table.moves import MoveController

# How many of the player's turns the menu offers, newest first.
TURNS_OFFERED = 6


class TurnsBackTable(Protocol):
    """What going back uses of the table that holds it."""

    app: Host
    match: Match
    state: TableState
    choreo: Choreographer | None
    hints: Hints
    moves: MoveController

    def refuse(self, text: str) -> None: ...
    def say(self, text: str, error: bool = False) -> None: ...
    def show_unpaced(self) -> None: ...
    def retell_plays(self) -> None: ...
    def with_notice(self, text: str) -> str: ...


def _nothing() -> None:
    """A menu item that only closes the menu."""


class TurnsBack:
    """The table's "Earlier turn"."""

    def __init__(self, table: TurnsBackTable) -> None:
        self.table = table

    def choose(self) -> None:
        """The menu of the player's turns in this hand, to go back to one."""
        table = self.table
        marks = table.match.earlier_turns()
        if not marks:
            table.refuse(_("There is no earlier turn of yours in this hand to go back to."))
            return
        current = table.state.turn_no
        items: list[MenuItem] = [
            (
                (
                    _("Turn {number} (start of this turn)")
                    if m.turn_no == current
                    else _("Turn {number}")
                ).format(number=m.turn_no),
                functools.partial(self.rewind, m),
            )
            for m in reversed(marks[-TURNS_OFFERED:])
        ]
        items.append((_("Cancel"), _nothing))
        table.app.stack.push(
            MenuScene(
                table.app,
                _("Go back to a turn"),
                items,
                note=_("The hand is played again up to the start of the turn you choose."),
            )
        )

    def rewind(self, mark: TurnMark) -> None:
        table = self.table
        assert table.choreo is not None
        table.choreo.fast_forward()
        table.hints.close()
        table.hints.script.clear()
        refusal = table.match.rewind(mark)
        if refusal is not None:
            table.refuse(refusal)
            return
        table.moves.selected.clear()
        table.show_unpaced()
        table.retell_plays()
        back = _("Back at the start of turn {number}.").format(number=table.state.turn_no)
        table.say(table.with_notice(back))
