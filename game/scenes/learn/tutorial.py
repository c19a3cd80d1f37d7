"""The tutorial screen (User Guide 4.6.1): a hand of Canasta with the default rules, played on the
real table and told in words, with a rule note the first time each situation arises.

The screen holds a table of its own (the `TableScene` class is handed in by whoever opens it), drawing a `TutorialMatch`, and a panel over the
table's right-hand column with the story so far (narration, rule notes in gold, the coach's
remarks) and the controls: Next (one move), Next rule note (play on to the next note), You play /
Watch (the learner makes their own moves with Hint and the coach, or watches again), the
partnership lesson (a short hand of four, and back to the hand of two), Stop. The
player's own game lies untouched underneath: Stop simply closes this screen, so they are back at
their game exactly as it was. F1 opens the help at the last rule note's section.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui

from game.language import N_, _
from game.logic.assist import RuleNote, Tutorial
from game.match.tutorial import PLAY_MODE, WATCH, Told, TutorialMatch
from game.scenes.base import Scene
from game.ui import theme as th
from game.ui.gui import escape, hex_colour, make_manager, quiet_update

if TYPE_CHECKING:
    from game.match import Match
    from game.scenes.base import Host
    from game.scenes.table.hint import HintPanel, Hints
    from game.scenes.table.layout import TableGeometry


class ShownTable(Protocol):
    """What the tutorial uses of the table it shows (the table's class is handed in, so this
    module, which the table opens, never imports the table's)."""

    geometry: TableGeometry | None
    hint: HintPanel | None
    hints: Hints

    def enter(self) -> None: ...
    def leave(self) -> None: ...
    def layout(self, size: tuple[int, int]) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> bool: ...
    def say(self, text: str, error: bool = False) -> None: ...


TableMaker = Callable[["Host", "Match"], ShownTable]

OPAQUE = (22, 62, 38, 255)
INTRO = N_(
    "Welcome! You sit at the bottom, the computer at the top. Press Next to see each move, or "
    "Next rule note to play on to the next rule worth knowing. Press You play to make your own "
    "moves with hints."
)
PARTNERSHIP_INTRO = N_(
    "The partnership lesson: four at the table. North, opposite you, is your partner; West and "
    "East play against you both. Press Next or Next rule note to watch what a partnership "
    "changes, or You play to play your seat."
)


class TutorialScene(Scene):
    """The tutorial; see the module docstring."""

    def __init__(
        self,
        app: Host,
        make_table: TableMaker,
        match: TutorialMatch | None = None,
        *,
        on_close: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.on_close = on_close
        self.make_table = make_table
        self.match = match or TutorialMatch()
        self.table = make_table(app, self.match)
        self.manager: pygame_gui.UIManager | None = None
        self.story: pygame_gui.elements.UITextBox | None = None
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.read = 0  # how many of the match's `told` are in the story
        intro = PARTNERSHIP_INTRO if self.partnership else INTRO
        self.html: list[str] = [f"<i>{escape(_(intro))}</i><br>"]
        self.notes_seen: list[RuleNote] = []
        self.ended = False  # the story's closing line is told
        self.closed = False

    @property
    def partnership(self) -> bool:
        return self.match.tutorial.seats == 4

    # -- lifetime ------------------------------------------------------------------------------
    def enter(self) -> None:
        self.table.enter()
        super().enter()

    def leave(self) -> None:
        self.table.leave()
        if self.on_close is not None:
            self.on_close()

    def layout(self, size: tuple[int, int]) -> None:
        self.table.layout(size)
        g = self.table.geometry
        assert g is not None
        t = self.app.theme
        self.manager = make_manager(size, t.scale)
        self.panel_rect = g.scoresheet.union(g.buttons).inflate(g.px(8), g.px(8))
        inner = self.panel_rect.inflate(-g.px(16), -g.px(16))
        button_h, gap = g.px(34), g.px(6)
        half = (inner.width - gap) // 2
        rows = [
            [("next", _("Next (N)"), inner.width)],
            [("note", _("Next rule note (R)"), inner.width)],
            [("mode", self._mode_label(), half), ("hint", _("Hint"), half)],
            [("help", _("Help (F1)"), half), ("stop", _("Stop (Esc)"), half)],
            [
                (
                    "lesson",
                    _("Two-hand tutorial (P)") if self.partnership else _("Partnerships (P)"),
                    inner.width,
                )
            ],
        ]
        top = inner.bottom - len(rows) * (button_h + gap) + gap
        self.buttons = {}
        for row_index, row in enumerate(rows):
            x = inner.left
            for name, label, width in row:
                rect = pygame.Rect(x, top + row_index * (button_h + gap), width, button_h)
                self.buttons[name] = pygame_gui.elements.UIButton(
                    rect, label, manager=self.manager, object_id=f"#{name}"
                )
                x += width + gap
        title_h = g.px(34)
        story_rect = pygame.Rect(
            inner.left, inner.top + title_h, inner.width, top - gap - inner.top - title_h
        )
        self.story = pygame_gui.elements.UITextBox(
            "".join(self.html), story_rect, manager=self.manager
        )
        self._refresh()

    # -- the story -----------------------------------------------------------------------------
    def _told_html(self, told: Told) -> str:
        gold = hex_colour(th.GOLD_LIGHT)
        parts = [escape(_(line)) + "<br>" for line in told.lines]
        if told.remark:
            parts.append(
                f"<font color='{hex_colour(th.GOLD)}'><i>{escape(_(told.remark))}</i></font><br>"
            )
        for note in told.notes:
            self.notes_seen.append(note)
            title = _("Rule note: {title}").format(title=_(note.title))
            parts.append(
                f"<br><font color='{gold}'><b>{escape(title)}</b></font><br>"
                f"{escape(_(note.text))}<br><br>"
            )
        return "".join(parts)

    def _catch_up(self) -> None:
        """Add what the match has told since the last frame to the story."""
        told = self.match.told
        if self.read >= len(told):
            return
        for item in told[self.read :]:
            self.html.append(self._told_html(item))
        self.read = len(told)
        if self.match.finished and not self.ended:
            self.ended = True
            over = escape(_("The tutorial hand is over."))
            back = escape(_("Press Stop to go back to your game."))
            self.html.append(f"<br><b>{over}</b> {back}<br>")
        if self.story is not None:
            self.story.set_text("".join(self.html))
            bar = self.story.scroll_bar
            if bar is not None:
                bar.set_scroll_from_start_percentage(1.0)
        self._refresh()

    def _refresh(self) -> None:
        if not self.buttons:
            return
        watching = self.match.mode == WATCH
        more = not self.match.finished
        wanted = {
            "next": watching and more,
            "note": watching and more,
            "mode": more,
            "hint": not watching and more,
        }
        for name, enabled in wanted.items():
            button: Any = self.buttons[name]  # pygame_gui's enable/disable carry no types
            button.enable() if enabled else button.disable()
        self.buttons["mode"].set_text(self._mode_label())

    def _mode_label(self) -> str:
        return _("You play") if self.match.mode == WATCH else _("Watch")

    # -- controls ------------------------------------------------------------------------------
    def next(self) -> None:
        self.match.next_step()

    def next_note(self) -> None:
        self.match.next_note()

    def toggle_mode(self) -> None:
        text = self.match.set_autoplay(self.match.mode == PLAY_MODE, "")
        self.table.say(text)
        self._refresh()

    def help(self) -> None:
        from game.scenes.learn.help import HelpScene

        anchor = self.notes_seen[-1].anchor if self.notes_seen else "getting-started"
        self.app.stack.push(HelpScene(self.app, anchor, rules=self.match.state.rules))

    def switch_lesson(self) -> None:
        """From the hand of two to the partnership lesson, or back: a fresh tutorial in place
        of this one, over the same untouched game."""
        if self.closed:
            return
        tutorial = Tutorial() if self.partnership else Tutorial.partnership()
        other = TutorialScene(
            self.app, self.make_table, TutorialMatch(tutorial), on_close=self.on_close
        )
        self.on_close = None  # the player's game waits on until the new lesson stops
        self.app.stack.push(other)  # first, so the stack is never empty on the way
        self.stop()

    def stop(self) -> None:
        """Back to the player's own game, untouched."""
        if not self.closed:
            self.closed = True
            self.app.stack.remove(self)

    # -- frame ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.manager is None:
            return False
        consumed = self.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            actions = {
                "#next": self.next,
                "#note": self.next_note,
                "#mode": self.toggle_mode,
                "#hint": self.table.hints.request,
                "#help": self.help,
                "#stop": self.stop,
                "#lesson": self.switch_lesson,
            }
            action = actions.get(event.ui_object_id.rsplit(".", 1)[-1])
            if action is not None:
                action()
                return True
            return bool(consumed)
        if consumed:
            return True
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_ESCAPE: self.stop,
                pygame.K_F1: self.help,
                pygame.K_p: self.switch_lesson,
                pygame.K_n: self.next if self.match.mode == WATCH else None,
                pygame.K_r: self.next_note if self.match.mode == WATCH else None,
            }
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        pos = getattr(event, "pos", None)
        if pos is not None and self.panel_rect.collidepoint(pos):
            return True
        if self.match.mode == PLAY_MODE:
            return self.table.handle_event(event)
        return False

    def update(self, dt: float) -> None:
        self.table.update(dt)
        self._catch_up()
        if self.manager is not None:
            quiet_update(self.manager, dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.table.draw(surface)
        t = self.app.theme
        surface.blit(t.panel(self.panel_rect.size, fill=OPAQUE, radius=12), self.panel_rect)
        g = self.table.geometry
        assert g is not None
        title = t.text(
            _("Partnerships") if self.partnership else _("Tutorial"), 24, th.GOLD_LIGHT, "title"
        )
        surface.blit(title, (self.panel_rect.left + g.px(12), self.panel_rect.top + g.px(8)))
        if self.manager is not None:
            self.manager.draw_ui(surface)
