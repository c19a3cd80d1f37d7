"""What a table of three or four adds: the seats' names and lines, what the computer players say
("May I go out?" and its answer, in a bubble by the speaker's name), and the person's side of
"May I go out?" at four (the button that asks North, the Yes/No dialog when North asks).

`Partners` is a part the table holds; with two players it is idle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.language import N_, _
from game.logic import events as ev
from game.logic.actions import Action, AnswerGoOut, AskGoOut
from game.logic.phases import PLAY
from game.match import ME, Match, TableState
from game.scenes.dialog import DialogScene, confirm_dialog

if TYPE_CHECKING:
    from game.logic.events import Event
    from game.scenes.base import Host

# How long a computer player's words stay up (seconds of table time).
SPEECH_SECONDS = 3.0
ASK_TEXT = N_("May I go out?")


class PartnersTable(Protocol):
    app: Host
    match: Match
    state: TableState
    hud_dirty: bool

    @property
    def names(self) -> tuple[str, ...]: ...
    def act(self, action: Action) -> bool: ...
    def say(self, text: str, error: bool = False) -> None: ...


class Partners:
    def __init__(self, table: PartnersTable) -> None:
        self.table = table
        self.speech: dict[int, tuple[str, float]] = {}  # seat: (words, seconds left)
        self.dialog: DialogScene | None = None

    @property
    def active(self) -> bool:
        return self.table.state.seat_count > 2

    def seats(self) -> list[tuple[str, str, int]]:
        """(name, line, cards in hand) for every seat but the person's (three or four)."""
        table = self.table
        state = table.state
        if not self.active:
            return []
        names = table.names
        return [
            (names[seat], table.match.seat_line(seat), state.view.hand_sizes[seat])
            for seat in range(1, state.seat_count)
        ]

    def words(self) -> dict[int, str]:
        return {seat: text for seat, (text, _left) in self.speech.items()}

    # -- what happened ------------------------------------------------------------------------
    def after(self, events: list[Event]) -> None:
        table = self.table
        for event in events:
            if event.kind == ev.ASK_GO_OUT and event.player != ME:
                self._speak(event.player, ASK_TEXT)
            elif event.kind == ev.GO_OUT_ANSWER:
                yes = bool(event.info.get("yes"))
                if event.player != ME:
                    self._speak(event.player, N_("Yes") if yes else N_("No"))
                if event.player == (ME + 2) % 4 and table.state.to_move == ME:
                    name = table.names[event.player]
                    said = (
                        _("{name} says yes: you must go out this turn (or your side pays 100).")
                        if yes
                        else _("{name} says no: you may not go out this turn.")
                    )
                    table.say(said.format(name=name))

    def _speak(self, seat: int, text: str) -> None:
        self.speech[seat] = (text, SPEECH_SECONDS)
        self.table.hud_dirty = True

    def tick(self, dt: float, ready: bool) -> None:
        """Words fade after a while; North's question is put to the person once the table is
        at rest."""
        for seat, (text, left) in list(self.speech.items()):
            left -= dt
            if left <= 0:
                del self.speech[seat]
                self.table.hud_dirty = True
            else:
                self.speech[seat] = (text, left)
        if ready and self.must_answer() and self.dialog is None:
            self._put_question()

    # -- the person's part --------------------------------------------------------------------
    def must_answer(self) -> bool:
        table = self.table
        view = table.state.view
        return (
            view.must_answer
            and view.phase == PLAY
            and not table.match.autoplay
            and not table.match.changes
        )

    def can_ask(self) -> bool:
        """Whether the "May I go out?" button is offered: four players, the person's turn,
        and the engine would take the question now."""
        table = self.table
        state = table.state
        return (
            state.seat_count == 4
            and state.to_move == ME
            and state.view.to_act == ME
            and not table.match.autoplay
            and not table.match.opponent_pending
            and table.match.check(AskGoOut()) is None
        )

    def ask(self) -> None:
        if self.table.act(AskGoOut()):
            asked = _("You asked {name}: \u201cMay I go out?\u201d")
            self.table.say(asked.format(name=self.table.names[2]))

    def _put_question(self) -> None:
        table = self.table
        partner = table.names[(ME + 2) % 4]
        self.dialog = confirm_dialog(
            table.app,
            _("{name} asks").format(name=partner),
            _(
                "\u201cMay I go out?\u201d Yes binds {name} to go out this turn (your side pays "
                "100 if they cannot); No forbids it this turn."
            ).format(name=partner),
            self._answer,
            yes=_("Yes, go out"),
            no=_("No, not yet"),
            default_yes=True,
        )

    def _answer(self, yes: bool) -> None:
        self.dialog = None
        if self.table.act(AnswerGoOut(yes)):
            self.table.say(
                _("You answered \u201cYes\u201d.") if yes else _("You answered \u201cNo\u201d.")
            )
