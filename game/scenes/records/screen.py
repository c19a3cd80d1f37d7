"""What every records screen shares: the felt, a title, a table of rows, buttons, keys.

`RecordsScreen` is the frame of the Players, History, Statistics, Charts, High scores and League
screens: a title with the player's name, a panel in which the screen draws its content, a row of
buttons at the bottom and a line of key hints; Escape goes back. `RowTable` is the list inside
most of them: columns with headings, one selected row (Up/Down, Page Up/Down, Home/End, a click),
Enter or a double click opens it, and a sentence in place of the rows when there are none. Text
is rendered through the theme's cache, so a frame only blits. Titles, column headings, buttons and
key hints are written in English, marked, and looked up in the player's language where drawn.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _, number
from game.scenes.base import Scene
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

ROW_TEXT = 17
# How many of a column's longest texts are measured to size it.
MEASURED_CELLS = 40
DOUBLE_CLICK_S = 0.4


@dataclass(frozen=True)
class Column:
    heading: str  # marked with N_, looked up where drawn
    width: float  # share of the table's width
    align: str = "left"  # "left" or "right"


@dataclass
class Row:
    cells: Sequence[str]
    colours: Sequence[th.Colour] = field(default_factory=tuple)
    key: object = None


class RowTable:
    """Rows under column headings, one of them selected; see the module docstring."""

    def __init__(
        self,
        columns: Sequence[Column],
        empty: str,
        on_open: Callable[[Row], None] | None = None,
    ) -> None:
        self.columns = list(columns)
        self.empty = empty
        self.on_open = on_open
        self.rows: list[Row] = []
        self.selected = 0
        self.top = 0
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 28
        self._last_click = (-1, -10.0)
        self._widths: tuple[object, list[int], int] | None = None

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.rows = list(rows)
        self.selected = min(self.selected, max(0, len(self.rows) - 1))
        self._scroll_to_selection()

    @property
    def current(self) -> Row | None:
        return self.rows[self.selected] if self.rows else None

    @property
    def visible_rows(self) -> int:
        return max(1, self.rect.height // self.row_h - 1)

    def select(self, index: int) -> None:
        if self.rows:
            self.selected = max(0, min(len(self.rows) - 1, index))
            self._scroll_to_selection()

    def _scroll_to_selection(self) -> None:
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible_rows:
            self.top = self.selected - self.visible_rows + 1
        self.top = max(0, min(self.top, max(0, len(self.rows) - self.visible_rows)))

    def handle_key(self, key: int) -> bool:
        moves = {
            pygame.K_UP: -1,
            pygame.K_DOWN: 1,
            pygame.K_PAGEUP: -self.visible_rows,
            pygame.K_PAGEDOWN: self.visible_rows,
        }
        if key in moves:
            self.select(self.selected + moves[key])
            return True
        if key == pygame.K_HOME:
            self.select(0)
            return True
        if key == pygame.K_END:
            self.select(len(self.rows) - 1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.current and self.on_open:
            self.on_open(self.current)
            return True
        return False

    def handle_mouse(self, event: pygame.event.Event, now: float) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.top = max(0, min(self.top - event.y, max(0, len(self.rows) - self.visible_rows)))
            return True
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        if not self.rect.collidepoint(event.pos):
            return False
        index = self.top + (event.pos[1] - self.rect.top) // self.row_h - 1
        if not 0 <= index < len(self.rows) or index < self.top:
            return True
        last_index, last_time = self._last_click
        self.select(index)
        self._last_click = (index, now)
        if last_index == index and now - last_time < DOUBLE_CLICK_S and self.on_open:
            self.on_open(self.rows[index])
        return True

    def column_widths(self, t: th.Theme) -> tuple[list[int], int]:
        """The columns' widths and the text size: each column as wide as its widest text, the
        room left shared out as the columns' shares say; where the table is too narrow for that,
        the text a size or a few smaller. Measured again only when the rows or the size change,
        and only a column's longest texts (a career's history has thousands of rows)."""
        key = (id(self.rows), len(self.rows), tuple(self.rect), t.scale)
        if self._widths is not None and self._widths[0] == key:
            return self._widths[1], self._widths[2]
        pad = t.px(8)
        total = self.rect.width
        shares = sum(column.width for column in self.columns) or 1.0
        columns = [
            [_heading(column), *heapq.nlargest(MEASURED_CELLS, self._cells(col), key=len)]
            for col, column in enumerate(self.columns)
        ]
        for size in range(ROW_TEXT, ROW_TEXT - 5, -1):
            font = t.font(size)
            needed = [max(font.size(text)[0] for text in texts) + 2 * pad + 1 for texts in columns]
            spare = total - sum(needed)
            if spare >= 0 or size == ROW_TEXT - 4:
                widths = [
                    max(0, need + int(spare * column.width / shares))
                    for need, column in zip(needed, self.columns, strict=True)
                ]
                break
        self._widths = (key, widths, size)
        return widths, size

    def _cells(self, col: int) -> Iterator[str]:
        return (row.cells[col] for row in self.rows if col < len(row.cells))

    def draw(self, surface: pygame.Surface, theme: th.Theme, focused: bool = True) -> None:
        t = theme
        x0, y = self.rect.left, self.rect.top
        widths, size = self.column_widths(t)
        pad = t.px(8)
        for column, width in zip(self.columns, widths, strict=True):
            self._cell(
                surface, t, _heading(column), th.GOLD_LIGHT, x0, y, width, column.align, pad, size
            )
            x0 += width
        pygame.draw.line(
            surface,
            th.GOLD_DARK,
            (self.rect.left, y + self.row_h - 2),
            (self.rect.right, y + self.row_h - 2),
        )
        if not self.rows:
            for index, line in enumerate(t.wrap(self.empty, 19, self.rect.width - 4 * pad)):
                text = t.text(line, 19, th.CREAM_DIM)
                surface.blit(
                    text,
                    text.get_rect(midtop=(self.rect.centerx, y + self.row_h * (2 + index))),
                )
            return
        for index in range(self.top, min(len(self.rows), self.top + self.visible_rows)):
            y += self.row_h
            row = self.rows[index]
            if index == self.selected:
                band = pygame.Rect(self.rect.left, y, self.rect.width, self.row_h)
                shade = th.ROW_SELECTED if focused else th.ROW_SELECTED_IDLE
                pygame.draw.rect(surface, shade, band, border_radius=t.px(5))
            elif index % 2:
                band = pygame.Rect(self.rect.left, y, self.rect.width, self.row_h)
                pygame.draw.rect(surface, th.ROW_STRIPE, band, border_radius=t.px(5))
            x = self.rect.left
            for col, (column, width) in enumerate(zip(self.columns, widths, strict=True)):
                colour: th.Colour = row.colours[col] if col < len(row.colours) else th.CREAM
                cell = row.cells[col] if col < len(row.cells) else ""
                self._cell(surface, t, cell, colour, x, y, width, column.align, pad, size)
                x += width
        if len(self.rows) > self.visible_rows:
            shown = _("{index} of {count}").format(
                index=number(self.selected + 1), count=number(len(self.rows))
            )
            more = t.text(shown, 14, th.CREAM_DIM)
            surface.blit(
                more, more.get_rect(bottomright=(self.rect.right, self.rect.bottom + t.px(18)))
            )

    def _cell(
        self,
        surface: pygame.Surface,
        t: th.Theme,
        text: str,
        colour: th.Colour,
        x: int,
        y: int,
        width: int,
        align: str,
        pad: int,
        size: int,
    ) -> None:
        image = t.text(t.fit(text, size, width - 2 * pad), size, colour)
        rect = image.get_rect(centery=y + self.row_h // 2)
        if align == "right":
            rect.right = x + width - pad
        else:
            rect.left = x + pad
        surface.blit(image, rect)


def _heading(column: Column) -> str:
    return _(column.heading) if column.heading else ""


class RecordsScreen(Scene):
    """A full-screen page of the records; subclasses fill `buttons()` and `draw_content`. The
    buttons are named by their English labels (marked with N_), shown as `button_text` says."""

    title = N_("Records")
    keys_hint = N_("\u2191 \u2193  choose     Enter  open     Tab  buttons     Esc  back")

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.group = WidgetGroup(focus_follows_mouse=False)
        self.button_map: dict[str, Button] = {}
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.content = pygame.Rect(0, 0, 0, 0)
        self.notice = ""
        self.notice_error = False
        self.clock = 0.0

    # -- what a screen provides -----------------------------------------------------------------
    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        return [(N_("Back"), self.close)]

    def button_text(self, label: str) -> str:
        """What the button named `label` shows."""
        return _(label)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Draw inside `self.content`."""

    def on_key(self, event: pygame.event.Event) -> bool:
        """Keys the screen uses itself (before the buttons get them)."""
        return False

    def on_mouse(self, event: pygame.event.Event) -> bool:
        return False

    def refresh(self) -> None:
        """Read the records again (after a change, or when coming back to this screen)."""

    # -- frame ----------------------------------------------------------------------------------
    def enter(self) -> None:
        self.refresh()
        super().enter()

    def resume(self) -> None:
        self.refresh()
        self.layout(self.app.size)

    def close(self) -> None:
        self.app.stack.remove(self)

    def say(self, text: str, error: bool = False) -> None:
        self.notice = text
        self.notice_error = error

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        w, h = size
        margin = t.px(32)
        top = t.px(92)
        specs = self.buttons()
        # More buttons than fit one row readably go on two.
        per_row = len(specs) if len(specs) <= 7 else -(-len(specs) // 2)
        rows = [specs[i : i + per_row] for i in range(0, len(specs), max(1, per_row))]
        gap = t.px(10)
        button_h = t.px(42)
        bottom = t.px(116) + (len(rows) - 1) * (button_h + gap)
        self.panel = pygame.Rect(margin, top, w - 2 * margin, h - top - bottom)
        inset = t.px(18)
        self.content = self.panel.inflate(-2 * inset, -2 * inset)
        focused = self.group.focused.name if self.group.focused else None
        self.group.clear()
        self.button_map = {}
        button_w = min(t.px(190), (w - 2 * margin - gap * (per_row - 1)) // max(1, per_row))
        y = self.panel.bottom + t.px(16)
        for row in rows:
            total = len(row) * button_w + (len(row) - 1) * gap
            x = (w - total) // 2
            for label, action in row:
                shown = self.button_text(label)
                button = Button(
                    (x, y, button_w, button_h), t, shown, action, text_size=18, name=label
                )
                self.button_map[label] = self.group.add(button)
                x += button_w + gap
            y += button_h + gap
        again = self.button_map.get(focused or "")
        if again is not None and again.can_focus():
            self.group.set_focus(again)
        self.layout_content()

    def layout_content(self) -> None:
        """Place what sits inside `self.content`."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.group.focused is not None:
                    self.group.set_focus(None)
                else:
                    self.close()
                return True
            if self.group.focused is None and self.on_key(event):
                return True
            if event.key == pygame.K_TAB:
                return self.group.handle_event(event)
            if self.group.focused is not None:
                return self.group.handle_event(event)
            return False
        if self.group.handle_event(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.group.set_focus(None)
            return self.on_mouse(event)
        return False

    def update(self, dt: float) -> None:
        self.clock += dt
        self.group.update(dt)

    def heading(self) -> str:
        return f"{_(self.title)} \u00b7 {self.app.players.profile.name}"

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        w, h = surface.get_size()
        surface.blit(t.felt(), (0, 0))
        # High enough to leave the line above the panel to the notice; smaller where a long
        # name would make it wider than the screen.
        heading = self.heading()
        size = t.size_to_fit(heading, 40, w - t.px(24), "title")
        title = t.shadowed_text(heading, size, th.GOLD_LIGHT, "title", offset=3)
        surface.blit(title, title.get_rect(midtop=(w // 2, t.px(12))))
        surface.blit(t.panel(self.panel.size, fill=th.PANEL, radius=16), self.panel)
        self.draw_content(surface)
        self.group.draw(surface)
        if self.notice:
            colour = th.ERROR if self.notice_error else th.CREAM
            line = t.text(self.notice, 16, colour)
            surface.blit(line, line.get_rect(midbottom=(w // 2, self.panel.top - t.px(4))))
        hint = t.text(_(self.keys_hint), 15, th.CREAM_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - t.px(12))))


class ListScreen(RecordsScreen):
    """A records page built around one list of rows (`self.table`): the arrow keys, Enter, the
    mouse and the wheel go to the list, and single-key shortcuts (`shortcuts`) to the page."""

    table: RowTable
    row_height = 30  # neutral pixels; the theme scales them
    footer_height = 0  # neutral pixels kept free under the list for a line of the page's own

    def shortcuts(self, event: pygame.event.Event) -> dict[int, Callable[[], None]]:
        """The page's own keys and what they do (the event gives the modifiers)."""
        return {}

    def layout_content(self) -> None:
        t = self.app.theme
        self.table.rect = self.content.inflate(0, -t.px(self.footer_height))
        self.table.rect.top = self.content.top
        self.table.row_h = t.px(self.row_height)

    def on_key(self, event: pygame.event.Event) -> bool:
        action = self.shortcuts(event).get(event.key)
        if action is not None:
            action()
            return True
        return self.table.handle_key(event.key)

    def on_mouse(self, event: pygame.event.Event) -> bool:
        return self.table.handle_mouse(event, self.clock)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.table.draw(surface, self.app.theme, self.group.focused is None)
