"""The options screen: the player's preferences, page by page.

The pages and their rows come from `option_items` (data), and each row gets the control its kind
asks for: a switch, a choice with arrows, a slider or stepper, a text field. Changes apply at
once (a volume is heard as it moves) and are saved shortly after, through the app. The help line
at the bottom explains the focused row. Escape or Back returns to the previous screen;
"Defaults" puts everything back as it was on first start, after asking. Rule options apply from
the next new game (the page says so, and more plainly while a game is in progress); a rule
combination the rules engine refuses is not stored, and its reason shows in the help line.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.language import N_, _
from game.logic.rules import RulesError
from game.scenes.base import Scene
from game.scenes.dialog import confirm_dialog
from game.scenes.option_items import (
    COLOUR_KEYS,
    ActionOption,
    BoolOption,
    ChoiceOption,
    IntRangeOption,
    OptionItem,
    OptionSection,
    PreviewOption,
    TextOption,
    back_picture_problem,
    option_sections,
)
from game.settings import Preferences
from game.ui import theme as th
from game.ui.button import Button
from game.ui.colour_preview import ColourPreview
from game.ui.controls import Choice, Slider, Stepper, Toggle
from game.ui.label import Label
from game.ui.text_entry import TextEntry
from game.ui.widget import Widget, WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

HELP_HEIGHT = 76  # the help line under the options: room for a rule's description
# Addresses and names are long: their fields take a size smaller than the labels.
TEXT_FIELD_SIZE = 19
# Said when the speech volume is set, so the player hears it.
SPEECH_SAMPLE = N_("This is how loud the game speaks.")
SPEECH_ON = N_("Speech is on.")


class OptionRow:
    """A label and its control, placed at `base_y` within the scrolling page."""

    def __init__(self, item: OptionItem, label: Label, control: Widget, base_y: int) -> None:
        self.item = item
        self.label = label
        self.control = control
        self.base_y = base_y


class OptionsScene(Scene):
    def __init__(
        self,
        app: Host,
        sections: list[OptionSection] | None = None,
        section: int = 0,
        game_in_progress: bool = False,
    ) -> None:
        super().__init__(app)
        self.game_in_progress = game_in_progress
        self.error_text = ""
        self.sections = sections if sections is not None else option_sections()
        self.section_index = min(section, len(self.sections) - 1)
        self.group = WidgetGroup(horizontal_moves_focus=True)
        self.tabs: list[Button] = []
        self.rows: list[OptionRow] = []
        self.footer: list[Button] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.content_rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.max_scroll = 0
        self.row_height = 0
        self._help_cache: dict[str, tuple[list[str], int, int]] = {}
        self.title_y = 0
        self.tabs_y = 0
        self.footer_y = 0

    # -- building -----------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        focused_key = self._focused_key()
        t = self.app.theme
        w, h = size
        self.row_height = t.px(62)
        pad_top, help_h = t.px(20), t.px(HELP_HEIGHT + 8)
        title_h = t.font(54, "title").get_linesize()
        tab_h, button_h = t.px(44), t.px(50)
        gaps = t.px(10) + t.px(16) + t.px(24)
        chrome = title_h + tab_h + button_h + gaps
        # The page is as tall as the longest section needs (so pages do not jump in size when
        # switching tabs), up to what the screen allows; longer sections scroll.
        longest = max((len(s.items) for s in self.sections), default=1)
        room = h - chrome - 2 * t.px(16) - pad_top - t.px(8) - help_h
        # Whole rows only, so scrolling never leaves half a row cut off at the edge.
        rows_shown = max(1, min(longest, room // self.row_height))
        panel_h = pad_top + rows_shown * self.row_height + t.px(8) + help_h
        top = max(t.px(16), (h - chrome - panel_h) // 2)
        self.title_y = top
        self.tabs_y = top + title_h + t.px(10)
        panel_top = self.tabs_y + tab_h + t.px(16)
        panel_w = min(t.px(900), int(w * 0.9))
        self.panel_rect = pygame.Rect((w - panel_w) // 2, panel_top, panel_w, panel_h)
        self.footer_y = self.panel_rect.bottom + t.px(24)
        self.content_rect = pygame.Rect(
            self.panel_rect.left + t.px(36),
            self.panel_rect.top + pad_top,
            panel_w - 2 * t.px(36),
            rows_shown * self.row_height,
        )
        self._help_cache = {}
        self.group.clear()
        self._build_tabs(size)
        self._build_rows()
        self._build_footer(size)
        self._restore_focus(focused_key)

    def _build_tabs(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        self.tabs = []
        count = len(self.sections)
        tab_h, gap = t.px(44), t.px(12)
        # As wide as the screen allows them all, up to their designed width.
        tab_w = min(t.px(170), (size[0] - 2 * t.px(16) - (count - 1) * gap) // count)
        total = count * tab_w + (count - 1) * gap
        x = (size[0] - total) // 2
        y = self.tabs_y
        for index, section in enumerate(self.sections):
            tab = Button(
                (x, y, tab_w, tab_h),
                t,
                _(section.title),
                functools.partial(self.show_section, index),
                text_size=21,
                name=f"tab:{section.title}",
            )
            tab.selected = index == self.section_index
            self.tabs.append(self.group.add(tab))
            x += tab_w + gap

    def _build_rows(self) -> None:
        t = self.app.theme
        self.rows = []
        items = self.sections[self.section_index].items
        label_w = int(self.content_rect.width * 0.48)
        control_x = self.content_rect.left + label_w + t.px(20)
        control_w = self.content_rect.right - control_x
        control_h = t.px(42)
        # An address needs the width: text fields start just after the longest of their labels.
        text_labels = [t.font(23).size(_(i.label))[0] for i in items if isinstance(i, TextOption)]
        text_x = self.content_rect.left + min(label_w, max(text_labels, default=0)) + t.px(24)
        for index, item in enumerate(items):
            base_y = index * self.row_height
            # Rule names can be long: smaller type on the rules page, over two lines if need be.
            size = 19 if item.store in ("rules", "rules_preset") else 23
            long = t.font(size).size(_(item.label))[0] > label_w
            label = Label(
                (self.content_rect.left, 0, label_w, self.row_height),
                t,
                _(item.label),
                size=size,
                colour=th.CREAM,
                wrap=long,
                line_spacing=1.0,
            )
            rect = (control_x, 0, control_w, control_h)
            if isinstance(item, TextOption) and not long:
                rect = (text_x, 0, self.content_rect.right - text_x, control_h)
            control = self._make_control(item, rect)
            row = OptionRow(item, label, control, base_y)
            self.rows.append(row)
            self.group.add(label)
            self.group.add(control)
        content_h = len(items) * self.row_height
        self.max_scroll = max(0, content_h - self.content_rect.height)
        self.scroll = min(self.scroll, self.max_scroll)
        self._place_rows()

    def _make_control(self, item: OptionItem, rect: tuple[int, int, int, int]) -> Widget:
        t = self.app.theme
        prefs = self.app.prefs
        value = item.get(prefs)
        name = f"option:{item.key}"
        if isinstance(item, BoolOption):
            return Toggle(
                rect,
                t,
                bool(value),
                functools.partial(self.change, item),
                labels=(_(item.off_label), _(item.on_label)),
                name=name,
            )
        if isinstance(item, ChoiceOption):
            return Choice(
                rect,
                t,
                tuple((choice, _(words)) for choice, words in item.choices),
                value,
                functools.partial(self.change, item),
                name=name,
            )
        if isinstance(item, IntRangeOption):
            if item.style == "stepper":
                return Stepper(
                    rect,
                    t,
                    int(value),
                    item.minimum,
                    item.maximum,
                    item.step,
                    functools.partial(self.change, item),
                    unit=item.unit,
                    name=name,
                )
            return Slider(
                rect,
                t,
                int(value),
                item.minimum,
                item.maximum,
                item.step,
                on_change=functools.partial(self.change, item),
                on_commit=functools.partial(self._committed, item),
                unit=item.unit,
                name=name,
            )
        if isinstance(item, ActionOption):
            return Button(
                rect,
                t,
                _(item.button),
                functools.partial(self.act, item),
                text_size=21,
                name=name,
            )
        if isinstance(item, PreviewOption):
            x, w = rect[0], rect[2]
            return ColourPreview((x, 0, w, self.row_height - t.px(8)), t, name=name)
        if isinstance(item, TextOption):
            return TextEntry(
                rect,
                t,
                str(value),
                max_length=item.max_length,
                placeholder=_(item.placeholder),
                on_change=functools.partial(self._text_changed, item),
                text_size=TEXT_FIELD_SIZE,
                name=name,
            )
        raise TypeError(f"no control for option kind {type(item).__name__}")

    def _build_footer(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        button_w, gap = t.px(200), t.px(20)
        button_h = t.px(50)
        y = self.footer_y
        specs: list[tuple[str, Callable[[], None]]] = [(N_("Defaults"), self.ask_defaults)]
        # After safe mode, the player's own preferences can come back (User Guide 4.4.19).
        if self.app.can_restore_before_safe_mode():
            specs.append((N_("Restore mine"), self.restore_mine))
        specs.append((N_("Back"), self.back))
        x = size[0] // 2 - (len(specs) * button_w + (len(specs) - 1) * gap) // 2
        self.footer = []
        for label, action in specs:
            button = Button(
                (x, y, button_w, button_h),
                t,
                _(label),
                action,
                text_size=22,
                primary=label == "Back",
            )
            self.footer.append(self.group.add(button))
            x += button_w + gap

    def _place_rows(self) -> None:
        for row in self.rows:
            y = self.content_rect.top + row.base_y - self.scroll
            row.label.rect = pygame.Rect(row.label.rect.x, y, row.label.rect.width, self.row_height)
            control = row.control
            control.rect = pygame.Rect(
                control.rect.x,
                y + (self.row_height - control.rect.height) // 2,
                control.rect.width,
                control.rect.height,
            )
            # Rows scrolled out of view stay focusable (the keyboard scrolls to them) but only
            # their visible part takes the pointer.
            row.label.clip_rect = control.clip_rect = self.content_rect

    def _row_in_view(self, row: OptionRow) -> bool:
        top = row.label.rect.top
        return top + self.row_height > self.content_rect.top and top < self.content_rect.bottom

    def _focused_key(self) -> str | None:
        focused = self.group.focused
        return focused.name if focused is not None else None

    def _restore_focus(self, key: str | None) -> None:
        for widget in self.group.widgets:
            if key is not None and widget.name == key and widget.can_focus():
                self.group.set_focus(widget)
                return
        first = self.rows[0].control if self.rows else self.tabs[self.section_index]
        self.group.set_focus(first)

    # -- actions ---------------------------------------------------------------------------------
    def show_section(self, index: int) -> None:
        if index == self.section_index:
            return
        self.section_index = index
        self.scroll = 0
        for i, tab in enumerate(self.tabs):
            tab.selected = i == index
        # Rebuild rows only; keep the focus on the tab that was used.
        keep = self.group.focused
        self.group.widgets = [w for w in self.group.widgets if w in self.tabs]
        self._build_rows()
        for button in self.footer:
            self.group.add(button)
        self.group.set_focus(keep if keep in self.group.widgets else None)

    def change(self, item: OptionItem, value: Any) -> None:
        try:
            item.set(self.app.prefs, value)
        except RulesError as exc:
            self.error_text = str(exc)
            self._help_cache = {}
            self.app.sounds.play("illegal")
            # The control goes back to the value that is really stored.
            self._rebuild_rows()
            return
        self.error_text = ""
        self._help_cache = {}
        self.app.preferences_changed()
        if item.key == "speech_enabled" and value:
            self.app.speech.say(_(SPEECH_ON))
        if item.key == "card_back_picture":
            # A picture that can be used is what the player wants on the backs.
            self.app.prefs.card_back = "own"
            self.app.preferences_changed()
            self._rebuild_rows()
        elif item.key == "card_back" and self.app.cards.back_problem:
            self.error_text = back_picture_problem(self.app.prefs.card_back_picture)
        if item.store == "rules_preset":
            self._rebuild_rows()

    def act(self, item: OptionItem) -> None:
        """A button row: "Reset colours" puts the three colours back to the standard ones."""
        if item.key == "reset_colours":
            fresh = Preferences()
            for key in COLOUR_KEYS:
                setattr(self.app.prefs, key, getattr(fresh, key))
            self.error_text = ""
            self._help_cache = {}
            # The palette changes, and every screen is laid out again in it.
            self.app.preferences_changed()

    def _rebuild_rows(self) -> None:
        keep = self._focused_key()
        scroll = self.scroll
        self.group.widgets = [w for w in self.group.widgets if w in self.tabs]
        self._build_rows()
        for button in self.footer:
            self.group.add(button)
        self.scroll = min(scroll, self.max_scroll)
        self._place_rows()
        self._restore_focus(keep)

    def _committed(self, item: OptionItem, value: int) -> None:
        # Let the player hear the new effects or speech volume.
        if item.key == "sound_volume":
            self.app.sounds.play("place")
        elif item.key == "speech_volume":
            self.app.speech.interrupt()
            self.app.speech.say(_(SPEECH_SAMPLE))

    def _text_changed(self, item: OptionItem, value: str) -> None:
        cleaned = value.strip()
        if not cleaned:
            return
        problem = item.check(cleaned) if isinstance(item, TextOption) and item.check else ""
        if problem:
            # Shown in the help line while it stands; the stored value stays as it was.
            self.error_text = problem
            self._help_cache = {}
            return
        self.change(item, cleaned)

    def back(self) -> None:
        self.app.stack.pop()

    def restore_mine(self) -> None:
        """The preferences from before safe mode, back (the page is laid out again in them)."""
        self.app.restore_before_safe_mode()
        self.error_text = ""
        self._help_cache = {}

    def ask_defaults(self) -> None:
        confirm_dialog(
            self.app,
            _("Restore defaults?"),
            _("All preferences go back to how they were when the game was first started."),
            self._defaults_answer,
            yes=_("Restore"),
            no=_("Cancel"),
        )

    def _defaults_answer(self, yes: bool) -> None:
        if not yes:
            return
        fresh = Preferences()
        # The window stays as it is; that is not a preference the player set here.
        fresh.window_size = self.app.prefs.window_size
        self.app.prefs.__dict__.update(fresh.__dict__)
        self.app.preferences_changed()
        self.layout(self.app.size)

    def leave(self) -> None:
        # A half-typed empty name is not kept: the field shows the stored name again next time.
        self.app.save_preferences()
        # A focused text field hands the keyboard back (text input, key repeat).
        self.group.set_focus(None)

    # -- frame ---------------------------------------------------------------------------------
    def _ensure_visible(self, widget: Widget | None) -> None:
        for row in self.rows:
            if row.control is widget:
                top = row.base_y
                bottom = row.base_y + self.row_height
                if top < self.scroll:
                    self.scroll = top
                elif bottom > self.scroll + self.content_rect.height:
                    self.scroll = bottom - self.content_rect.height
                self._place_rows()
                return

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        if event.type == pygame.MOUSEWHEEL and self.max_scroll:
            self.scroll = max(0, min(self.max_scroll, self.scroll - event.y * self.row_height))
            self._place_rows()
            return True
        used = self.group.handle_event(event)
        if event.type == pygame.KEYDOWN:
            self._ensure_visible(self.group.focused)
        return used

    def update(self, dt: float) -> None:
        self.group.update(dt)
        # A machine without a speech engine says so once, when speech is first turned on.
        problem = self.app.speech.take_problem()
        if problem:
            self.error_text = problem
            self._help_cache = {}

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        surface.blit(t.felt(), (0, 0))
        title = t.shadowed_text(_("Options"), 54, th.GOLD_LIGHT, "title", offset=3)
        surface.blit(title, title.get_rect(midtop=(surface.get_width() // 2, self.title_y)))
        surface.blit(t.panel(self.panel_rect.size, radius=18), self.panel_rect)
        # Rows are clipped to the page so scrolled-out rows never spill over the edges.
        previous = surface.get_clip()
        surface.set_clip(self.content_rect.inflate(t.px(16), 0))
        for index, row in enumerate(self.rows):
            if not self._row_in_view(row):
                continue
            if index and row.label.rect.top > self.content_rect.top:
                y = row.label.rect.top
                pygame.draw.line(
                    surface,
                    th.mix(th.PANEL, th.CREAM, 0.22),
                    (self.content_rect.left, y),
                    (self.content_rect.right, y),
                    1,
                )
            row.label.draw(surface)
            row.control.draw(surface)
        surface.set_clip(previous)
        self._draw_scroll_marks(surface)
        for widget in self.tabs + self.footer:
            widget.draw(surface)
        self._draw_help(surface)

    def _draw_scroll_marks(self, surface: pygame.Surface) -> None:
        """Small gold arrows at the page's right edge when rows are hidden above or below."""
        t = self.app.theme
        x = self.panel_rect.right - t.px(18)
        size = t.px(7)
        if self.scroll > 0:
            y = self.content_rect.top + t.px(10)
            pygame.draw.polygon(
                surface, th.GOLD, [(x - size, y + size), (x + size, y + size), (x, y)]
            )
        if self.scroll < self.max_scroll:
            y = self.content_rect.bottom - t.px(10)
            pygame.draw.polygon(
                surface, th.GOLD, [(x - size, y - size), (x + size, y - size), (x, y)]
            )

    def help_shown(self) -> tuple[str, list[str], int]:
        """The help line: its text (the focused row's help, a refused change's reason or what
        the page says), its lines as they are drawn, and their type size."""
        focused = self.group.focused
        text = ""
        rules_page = any(row.item.store in ("rules", "rules_preset") for row in self.rows)
        for row in self.rows:
            if row.control is focused:
                text = row.item.help_text()
                lines, size, room = self._help_layout(text)
                if len(lines) > room:
                    # A long rule description: the help text's words alone, without the presets.
                    text = row.item.help_text(brief=True)
        if not text:
            text = _("Changes are saved as you make them.")
            if rules_page:
                text = _("Rule changes apply from the next new game.")
        if rules_page and self.game_in_progress and not self.error_text:
            text = _("The game in progress keeps its rules. {help}").format(help=text)
        if self.error_text:
            text = self.error_text
        lines, size, room = self._help_layout(text)
        return text, lines[:room], size

    def _help_layout(self, text: str) -> tuple[list[str], int, int]:
        """`text` wrapped for the help line: every line, their size, how many lines show."""
        if text not in self._help_cache:
            # Wrapping measures text; do it when the help changes, not every frame.
            t = self.app.theme
            size, lines = 19, t.wrap(text, 19, self.content_rect.width)
            if len(lines) > 2:
                # A rule option's description from the help text: smaller, so it fits whole.
                size, lines = 15, t.wrap(text, 15, self.content_rect.width)
            room = max(2, t.px(HELP_HEIGHT) // t.font(size).get_linesize())
            self._help_cache[text] = (lines, size, room)
        return self._help_cache[text]

    def _draw_help(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        lines, size = self.help_shown()[1:]
        colour = th.ERROR if self.error_text else th.CREAM_DIM
        y = self.panel_rect.bottom - t.px(HELP_HEIGHT)
        pygame.draw.line(
            surface, th.GOLD_DARK, (self.content_rect.left, y), (self.content_rect.right, y), 1
        )
        line_h = t.font(size).get_linesize()
        top = y + (t.px(HELP_HEIGHT) - line_h * len(lines)) // 2
        for line in lines:
            image = t.text(line, size, colour)
            surface.blit(image, image.get_rect(midtop=(self.panel_rect.centerx, top)))
            top += line_h
