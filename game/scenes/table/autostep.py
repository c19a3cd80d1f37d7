"""AutoStep (User Guide 4.6.5): the computer plays both hands of the player's game while the
player watches, one step at a time or running at a chosen pace.

A panel over the table's right-hand column offers Step (one turn, or a turn of each player: a
preference), Run / Pause, Slower / Faster (the pause between moves, in 200 ms steps from 0 to
2 s) and Stop. The table below keeps running: this overlay steps it each frame, and the table's
own watching mode (AutoPlay) does the playing. When AutoStep stops the player chooses to carry on
from the position the computer reached ("As is") or to go back to where AutoStep began ("As
was"), restored exactly from a copy taken at the start. Only a game against the computer can be
stepped: a network game's other seat is a person.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.language import N_, _
from game.match import LocalMatch
from game.scenes.base import Scene
from game.scenes.dialog import confirm_dialog
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.logic.assist import TableMemory
    from game.match import LocalGame, Match, TableState
    from game.scenes.base import Host
    from game.scenes.table.hint import Hints
    from game.scenes.table.layout import TableGeometry
    from game.scenes.table.moves import MoveController

DELAY_STEP = 0.2  # seconds
MAX_DELAY_STEPS = 10  # 2 s
START_DELAY_STEPS = 3
OPAQUE = (22, 62, 38, 255)  # the table's own buttons lie underneath
STEP_TITLES = {"turn": N_("Step: one turn"), "cycle": N_("Step: full cycle")}


class Remembering(Protocol):
    """The table's memory of the hand, forgotten when AutoStep goes back."""

    memory: TableMemory | None


class SteppedTable(Protocol):
    """What AutoStep uses of the table (the table's module is not imported here: the table
    opens AutoStep)."""

    match: Match
    state: TableState
    geometry: TableGeometry | None
    moves: MoveController
    hints: Hints
    watch_paused: bool
    watch_steps: int
    step_delay: float | None
    hud_dirty: bool

    @property
    def learning(self) -> Remembering: ...
    def refuse(self, text: str) -> None: ...
    def say(self, text: str, error: bool = False) -> None: ...
    def retell_plays(self) -> None: ...
    def update(self, dt: float) -> None: ...


def start_autostep(app: Host, table: SteppedTable) -> AutoStepScene | None:
    """Begin AutoStep on the table's game (paused: the player steps or runs it)."""
    if not isinstance(table.match, LocalMatch):
        table.refuse(_("AutoStep is for games against the computer."))
        return None
    if table.state.hand_over:
        table.refuse(_("AutoStep starts during a hand."))
        return None
    scene = AutoStepScene(app, table, table.match)
    app.stack.push(scene)
    return scene


class AutoStepScene(Scene):
    """The AutoStep controls over the table; see the module docstring."""

    overlay = True

    def __init__(self, app: Host, table: SteppedTable, match: LocalMatch) -> None:
        super().__init__(app)
        self.table = table
        self.match = match
        self.saved: LocalGame = match.snapshot()
        self.delay_steps = START_DELAY_STEPS
        self.group = WidgetGroup(focus_follows_mouse=True)
        self.buttons: dict[str, Button] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.stopped = False

    # -- lifetime ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.table.hints.close()
        self.table.hints.script.clear()
        self.match.set_autoplay(True, self.app.prefs.skill_level)
        notice = self.match.take_notice()
        if notice:
            self.table.say(notice)
        self.table.watch_paused = True
        self.table.watch_steps = 0
        self.table.step_delay = self.delay
        self.table.hud_dirty = True
        super().enter()

    def layout(self, size: tuple[int, int]) -> None:
        g = self.table.geometry
        assert g is not None
        t = self.app.theme
        gap = g.px(6)
        width = (g.buttons.width - gap) // 2
        height = g.px(34)
        top = g.buttons.bottom - 3 * height - 2 * gap
        # Title and two lines above three rows of buttons, over the table's own buttons.
        self.panel_rect = pygame.Rect(
            g.buttons.left - g.px(4), top - g.px(88), g.buttons.width + g.px(8), 0
        )
        self.panel_rect.height = g.buttons.bottom + g.px(4) - self.panel_rect.top
        specs = [
            ("step", _("Step"), self.step),
            ("run", _("Run"), self.toggle_run),
            ("slower", _("Slower"), self.slower),
            ("faster", _("Faster"), self.faster),
            ("kind", "", self.toggle_kind),
            ("stop", _("Stop"), self.stop),
        ]
        self.group.clear()
        self.buttons = {}
        for index, (name, label, action) in enumerate(specs):
            row, col = divmod(index, 2)
            rect = (
                g.buttons.left + col * (width + gap),
                top + row * (height + gap),
                width,
                height,
            )
            self.buttons[name] = self.group.add(
                Button(rect, t, label, action, text_size=15, name=name, primary=name == "run")
            )
        self._refresh()

    # -- controls ------------------------------------------------------------------------------
    @property
    def delay(self) -> float:
        """The pause between the computer's moves, in seconds."""
        return round(self.delay_steps * DELAY_STEP, 1)

    @property
    def running(self) -> bool:
        return not self.table.watch_paused

    def step(self) -> None:
        """Play one turn, or a turn of each player (the preference), then wait."""
        self.table.watch_paused = True
        self.table.watch_steps = 2 if self.app.prefs.autostep_step == "cycle" else 1
        self._refresh()

    def toggle_run(self) -> None:
        self.table.watch_paused = not self.table.watch_paused
        self.table.watch_steps = 0
        self._refresh()

    def slower(self) -> None:
        self.delay_steps = min(MAX_DELAY_STEPS, self.delay_steps + 1)
        self.table.step_delay = self.delay
        self._refresh()

    def faster(self) -> None:
        self.delay_steps = max(0, self.delay_steps - 1)
        self.table.step_delay = self.delay
        self._refresh()

    def toggle_kind(self) -> None:
        prefs = self.app.prefs
        prefs.autostep_step = "cycle" if prefs.autostep_step == "turn" else "turn"
        self.app.preferences_changed()
        self._refresh()

    def stop(self) -> None:
        """Hand the game back to the player, who chooses As is or As was."""
        if self.stopped:
            return
        self.stopped = True
        table = self.table
        self.match.set_autoplay(False, self.app.prefs.skill_level)
        table.watch_paused = False
        table.watch_steps = 0
        table.step_delay = None
        self.app.stack.remove(self)
        confirm_dialog(
            self.app,
            _("AutoStep stopped"),
            _("Carry on from here (As is), or go back to where AutoStep began (As was)?"),
            self._finish,
            yes=_("As is"),
            no=_("As was"),
            default_yes=True,
        )

    def _finish(self, as_is: bool) -> None:
        table = self.table
        if as_is:
            table.say(_("AutoStep stopped: your turn to play from here."))
        else:
            self.match.restore(self.saved)
            table.retell_plays()
            table.moves.selected.clear()
            table.learning.memory = None
            table.say(_("Back where AutoStep began."))
        table.hud_dirty = True

    def _refresh(self) -> None:
        if not self.buttons:
            return
        self.buttons["run"].label = _("Pause") if self.running else _("Run")
        self.buttons["step"].label = _("Step")
        self.buttons["step"].enabled = not self.running
        self.buttons["slower"].enabled = self.delay_steps < MAX_DELAY_STEPS
        self.buttons["faster"].enabled = self.delay_steps > 0
        self.buttons["kind"].label = _(STEP_TITLES[self.app.prefs.autostep_step])

    # -- frame ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_ESCAPE: self.stop,
                pygame.K_SPACE: self.toggle_run,
                pygame.K_RETURN: self.step,
                pygame.K_MINUS: self.slower,
                pygame.K_PLUS: self.faster,
                pygame.K_EQUALS: self.faster,
            }
            if event.key in keys:
                keys[event.key]()
                return True
        self.group.handle_event(event)
        return True  # the table below is watched, not played

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self.group.update(dt)
        if self.table.watch_paused and self.buttons and self.buttons["run"].label != _("Run"):
            self._refresh()

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        g = self.table.geometry
        assert g is not None
        surface.blit(t.panel(self.panel_rect.size, fill=OPAQUE, radius=12), self.panel_rect)
        x = self.panel_rect.left + g.px(12)
        y = self.panel_rect.top + g.px(8)
        surface.blit(t.text(_("AutoStep"), 22, th.GOLD_LIGHT, "title"), (x, y))
        state = _("Running") if self.running else _("Paused: Step or Run")
        surface.blit(t.text(state, 15, th.CREAM), (x, y + g.px(32)))
        pace = _("Moves {seconds} s apart").format(seconds=f"{self.delay:.1f}")
        surface.blit(t.text(pace, 15, th.CREAM_DIM), (x, y + g.px(54)))
        self.group.draw(surface)
