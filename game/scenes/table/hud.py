"""Everything on the table that is not a card: mat, labels, scoresheet, rules panel, status bar.

The parts that never change during a game (the felt, the two halves of the mat, the empty places
of the stock and the pile, the panels' frames) are drawn once into a backdrop for the screen size.
The words and numbers come in a `HudModel` that the table rebuilds only when the game changes;
every piece of text is rendered through the theme's cache, so an ordinary frame is a backdrop
blit plus a few dozen small blits.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Protocol

import pygame
from pygame import Rect

from game.language import _, n_
from game.match.table_info import MELD_LABELS, Counter, ScoreRow, fold_hands
from game.scenes.table.board import Badge
from game.scenes.table.layout import TableGeometry
from game.ui import theme as th
from game.ui.numbers import grouped

BLACK = (0, 0, 0)
NEGATIVE = (240, 150, 130)
OPEN_TINTS = {
    "met": (40, 128, 64),
    "pile": (170, 140, 30),
    "splash": (40, 90, 170),
    "short": (150, 50, 40),
    "": (30, 60, 42),
}
BADGE_COLOURS = {"natural": (30, 120, 50), "mixed": (170, 130, 20), "wild": (90, 80, 170)}


class StatusMark(Protocol):
    """Something another screen puts at the status bar's left end while the table is played (a
    waiting host's watch): drawn in its box, its words shown while pointed at, clicked."""

    @property
    def tip(self) -> str: ...
    def draw(self, surface: pygame.Surface, box: Rect, clock: float) -> None: ...
    def click(self) -> None: ...


@dataclass
class HudModel:
    """The words and numbers on the table at one moment."""

    names: tuple[str, ...] = ("You", "Computer")  # by side: the scoresheet's columns
    opponent_line: str = ""
    opponent_cards: int = 0
    to_move: int = 0
    stock_count: int = 0
    pile_count: int = 0
    pile_state: str = ""
    score_rows: list[ScoreRow] = field(default_factory=list)
    totals: tuple[int, ...] = (0, 0)
    rules_title: str = ""
    rules_lines: list[str] = field(default_factory=list)
    plays: list[str] = field(default_factory=list)
    message: str = ""
    message_error: bool = False
    counters: list[Counter] = field(default_factory=list)
    level_text: str = ""
    message_page: int = 0
    tip: str = ""
    tip_x: int = 0
    badges: list[Badge] = field(default_factory=list)
    watching: bool = False
    dealer: int = -1  # the seat that dealt this hand (-1: not known)
    mark_room: int = 0  # pixels kept at the status bar's left end for a `StatusMark`
    # With three or four players: (name, line under it, cards in hand) for seats 1, 2, ...,
    # the seat whose action the game waits for, and what a computer seat said, by seat.
    seats: list[tuple[str, str, int]] = field(default_factory=list)
    to_act: int = 0
    speech: dict[int, str] = field(default_factory=dict)


SPEECH_FILL = (250, 244, 222)

# The most lines a player's name takes at the head of its scoresheet column.
NAME_LINES = 4
NAME_SIZES = (13, 12)  # a scoresheet head's name, and a point smaller to keep its words whole


class TableHud:
    def __init__(self, theme: th.Theme, geometry: TableGeometry) -> None:
        self.theme = theme
        self.geometry = geometry
        self._backdrop: pygame.Surface | None = None
        self._fitted: dict[tuple[str, int, int, tuple[int, ...], str], pygame.Surface] = {}
        # Where the "Open:" chip and the message were last drawn (both can be clicked).
        self.open_rect = Rect(0, 0, 0, 0)
        self.message_rect = Rect(0, 0, 0, 0)
        self._wrapped: dict[tuple[str, int], tuple[int, list[str]]] = {}
        # Where each status-bar figure was last drawn, for its tooltip.
        self.counter_boxes: list[tuple[Rect, str]] = []
        self.message_pages = 1
        self.last_message_room = 0
        self.dealer_rect: Rect | None = None
        self.mark_rect = Rect(0, 0, 0, 0)

    # -- helpers ---------------------------------------------------------------------------
    def px(self, value: float) -> int:
        return self.geometry.px(value)

    def _score_columns(self, count: int = 2) -> list[int]:
        """Where the scoresheet's columns of figures end (right-aligned), one per side."""
        box = self.geometry.scoresheet
        col_b = box.right - self.px(12)
        if count == 2:
            return [col_b - int(box.width * 0.42), col_b]
        step = int(box.width * 0.22)
        return [col_b - step * (count - 1 - index) for index in range(count)]

    def name_rooms(self, count: int = 2) -> list[int]:
        """How wide each side's name may be at the head of its column: the header row has
        no labels, so the first name may use the room left of its column."""
        box = self.geometry.scoresheet
        columns = self._score_columns(count)
        rooms = [columns[0] - box.left - self.px(12)]
        rooms += [b - a - self.px(8) for a, b in itertools.pairwise(columns)]
        return rooms

    def name_size(self, name: str, width: int) -> int:
        """The size of a scoresheet column's player name: a point smaller where that keeps
        each of its words whole on its line ("Bartholomew" over "Rutledge", not "Bartholome"
        over "w Rutledge")."""
        for size in NAME_SIZES:
            font = self.theme.font(size, "bold")
            if all(font.size(word)[0] <= width for word in name.split()):
                return size
        return NAME_SIZES[0]

    def name_lines(self, name: str, width: int, size: int = NAME_SIZES[0]) -> list[str]:
        """A scoresheet column's player name, whole: on as many as four lines where one is too
        narrow (between words where it can, else within a word); only a fifth line's worth is
        cut, with an ellipsis (when the name is drawn)."""
        lines = self.theme.wrap(name, size, width, "bold")
        if len(lines) <= NAME_LINES:
            return lines
        rest = name
        for line in lines[: NAME_LINES - 1]:
            rest = rest[len(line) :].lstrip()
        return [*lines[: NAME_LINES - 1], rest]

    def fitted(
        self, text: str, size: int, width: int, colour: th.Colour = th.CREAM, role: str = "ui"
    ) -> pygame.Surface:
        """Text cut with an ellipsis to fit `width` (cached: measuring is not free)."""
        key = (text, size, width, tuple(colour), role)
        surface = self._fitted.get(key)
        if surface is None:
            surface = self.theme.text(self.theme.fit(text, size, width, role), size, colour, role)
            if len(self._fitted) > 400:
                self._fitted.clear()
            self._fitted[key] = surface
        return surface

    # -- backdrop -----------------------------------------------------------------------------
    def backdrop(self) -> pygame.Surface:
        if self._backdrop is None:
            self._backdrop = self._make_backdrop()
        return self._backdrop

    def _make_backdrop(self) -> pygame.Surface:
        t, g = self.theme, self.geometry
        surface = t.felt().copy()
        radius = self.px(14)
        # High contrast draws the mats' rules and words in the text colour, not faint greens.
        strong = th.CREAM_DIM if th.high_contrast else None
        # The mats and their words are shades of the felt, whatever its colour.
        mat_fill = (*th.mix(th.FELT, BLACK, 0.5), 150)
        mat_edge = th.mix(th.FELT, th.CREAM, 0.42)
        for seat, half in enumerate(g.halves[: len(MELD_LABELS[g.players])]):
            shade = pygame.Surface(half.size, pygame.SRCALPHA)
            pygame.draw.rect(shade, mat_fill, shade.get_rect(), border_radius=radius)
            pygame.draw.rect(
                shade,
                (*(strong or mat_edge), 255 if strong else 90),
                shade.get_rect(),
                max(1, self.px(1)),
                border_radius=radius,
            )
            surface.blit(shade, half)
            label = t.text(
                _(MELD_LABELS[g.players][seat]), 14, strong or th.mix(th.FELT, th.CREAM, 0.3)
            )
            surface.blit(
                label,
                label.get_rect(bottomright=(half.right - self.px(12), half.bottom - self.px(6))),
            )
        for rect in (g.stock_rect, g.pile_rect):
            pygame.draw.rect(
                surface,
                strong or th.mix(th.FELT, th.CREAM, 0.15),
                rect,
                max(1, self.px(2)),
                border_radius=self.px(7),
            )
        for name, rect in ((_("Stock"), g.stock_rect), (_("Pile"), g.pile_rect)):
            word = t.text(name, 13, strong or th.mix(th.FELT, th.CREAM, 0.38))
            surface.blit(word, word.get_rect(center=rect.center))
        surface.blit(t.panel(g.scoresheet.size, radius=12), g.scoresheet)
        bar = pygame.Surface(g.status.size, pygame.SRCALPHA)
        bar.fill((*th.mix(th.FELT, BLACK, 0.72), 235))
        pygame.draw.line(bar, th.GOLD_DARK, (0, 0), (g.status.width, 0), max(1, self.px(1)))
        surface.blit(bar, g.status)
        return surface.convert() if pygame.display.get_surface() is not None else surface

    # -- frame --------------------------------------------------------------------------------
    def draw_under(self, surface: pygame.Surface, model: HudModel) -> None:
        """Backdrop and everything the cards may cover."""
        surface.blit(self.backdrop(), (0, 0))
        self._draw_counts(surface, model)
        if model.seats:
            for seat in range(1, len(model.seats) + 1):
                self._draw_seat(surface, model, seat)
        else:
            self._draw_opponent(surface, model)
        self._draw_scoresheet(surface, model)
        self._draw_rules(surface, model)

    def draw_over(self, surface: pygame.Surface, model: HudModel) -> None:
        """What lies on top of the cards: canasta counts and the status bar."""
        for badge in model.badges:
            self._draw_badge(surface, badge)
        self.draw_speech(surface, model)
        self._draw_status(surface, model)

    def _draw_counts(self, surface: pygame.Surface, model: HudModel) -> None:
        t, g = self.theme, self.geometry
        y = g.stock_rect.bottom + self.px(14)
        stock = t.text(_("Stock {count}").format(count=model.stock_count), 15, th.CREAM)
        surface.blit(stock, stock.get_rect(center=(g.stock_rect.centerx, y)))
        state = {"frozen": _("frozen"), "blocked": _("blocked")}.get(model.pile_state, "")
        colour = {"frozen": (200, 206, 214), "blocked": (160, 160, 160)}.get(
            model.pile_state, th.CREAM
        )
        pile = t.text(_("Pile {count}").format(count=model.pile_count), 15, colour)
        surface.blit(pile, pile.get_rect(center=(g.pile_rect.centerx, y)))
        if state:
            note = t.text(state, 12, colour)
            surface.blit(note, note.get_rect(center=(g.pile_rect.centerx, y + self.px(15))))

    def _draw_opponent(self, surface: pygame.Surface, model: HudModel) -> None:
        t, g = self.theme, self.geometry
        box = g.opponent_label
        x = box.left + self.px(6)
        room = box.width - self.px(24)
        # A long name is set smaller, down to the size of the lines under it, then goes on two
        # lines, which push those lines down; only what a third line would hold is cut.
        size = t.size_to_fit(model.names[1], 18, room, "bold", smallest=14)
        lines = t.wrap(model.names[1], size, room, "bold")
        rest = " ".join(lines[1:])
        lines = lines[:1] + ([rest] if rest else [])
        step = t.font(size, "bold").get_linesize()
        for place, text in enumerate(lines):
            shown = self.fitted(text, size, room, th.GOLD_LIGHT, "bold")
            surface.blit(shown, (x + self.px(14), box.top + self.px(6) + place * step))
        name = self.fitted(lines[0], size, room, th.GOLD_LIGHT, "bold")
        below = (len(lines) - 1) * step
        if model.to_move == 1 and not model.watching:
            pygame.draw.circle(
                surface,
                th.GOLD_LIGHT,
                (x + self.px(5), box.top + self.px(6) + name.get_height() // 2),
                self.px(4),
            )
        line = self.fitted(_(model.opponent_line), 14, box.width - self.px(10), th.CREAM_DIM)
        surface.blit(line, (x, box.top + self.px(30) + below))
        count = model.opponent_cards
        in_hand = n_("{count} card in hand", "{count} cards in hand", count)
        cards = t.text(in_hand.format(count=count), 14, th.CREAM_DIM)
        surface.blit(cards, (x, box.top + self.px(48) + below))

    def _draw_seat(self, surface: pygame.Surface, model: HudModel, seat: int) -> None:
        """A computer seat's name box (three or four players): its name, level and cards in
        hand, framed in gold while the game waits for it."""
        box = self.geometry.seat_labels[seat]
        name, line, count = model.seats[seat - 1]
        waiting = model.to_act == seat
        if waiting:
            pygame.draw.rect(surface, th.GOLD_DARK, box, border_radius=self.px(8))
            pygame.draw.rect(
                surface, th.GOLD_LIGHT, box, max(1, self.px(2)), border_radius=self.px(8)
            )
        pad = self.px(6)
        room = box.width - 2 * pad
        colour = th.CREAM if waiting else th.GOLD_LIGHT
        # A long name (a person's, over the network) is set smaller, then takes the level's
        # line too; only what a third line would hold is cut.
        t = self.theme
        size = t.size_to_fit(name, 16, room, "bold", smallest=10)
        lines = t.wrap(name, size, room, "bold")
        if len(lines) == 1:
            title = self.fitted(name, size, room, colour, "bold")
            surface.blit(title, (box.left + pad, box.top + self.px(3)))
            under = self.fitted(_(line), 12, room, th.CREAM if waiting else th.CREAM_DIM)
            surface.blit(under, (box.left + pad, box.top + self.px(22)))
        else:
            rest = name[len(lines[0]) :].strip()
            step = t.font(size, "bold").get_linesize()
            for place, text in enumerate((lines[0], rest)):
                shown = self.fitted(text, size, room, colour, "bold")
                surface.blit(shown, (box.left + pad, box.top + self.px(3) + place * step))
        cards = n_("{count} card", "{count} cards", count).format(count=count)
        surface.blit(
            self.fitted(cards, 12, room, th.CREAM if waiting else th.CREAM_DIM),
            (box.left + pad, box.top + self.px(36)),
        )

    def draw_speech(self, surface: pygame.Surface, model: HudModel) -> None:
        """What a computer seat said ("May I go out?", its answer): a bubble under its name."""
        t = self.theme
        for seat, said in model.speech.items():
            text = _(said)
            if seat not in range(1, len(self.geometry.seat_labels)):
                continue
            anchor = self.geometry.seat_labels[seat]
            width = min(self.px(200), max(t.font(15, "bold").size(text)[0] + self.px(20), 10))
            lines = t.wrap(text, 15, width - self.px(20), "bold")
            step = t.font(15, "bold").get_linesize()
            bubble = Rect(0, 0, width, step * len(lines) + self.px(14))
            bubble.midtop = (anchor.centerx, anchor.bottom + self.px(10))
            bubble.clamp_ip(Rect(0, 0, *self.geometry.size))
            tail = [
                (anchor.centerx - self.px(7), bubble.top + 1),
                (anchor.centerx + self.px(7), bubble.top + 1),
                (anchor.centerx, bubble.top - self.px(9)),
            ]
            pygame.draw.rect(surface, SPEECH_FILL, bubble, border_radius=self.px(10))
            pygame.draw.polygon(surface, SPEECH_FILL, tail)
            pygame.draw.rect(surface, th.GOLD_DARK, bubble, 1, border_radius=self.px(10))
            for index, text_line in enumerate(lines):
                image = t.text(text_line, 15, th.INK, "bold")
                surface.blit(
                    image,
                    image.get_rect(midtop=(bubble.centerx, bubble.top + self.px(7) + index * step)),
                )

    def _draw_scoresheet(self, surface: pygame.Surface, model: HudModel) -> None:
        t = self.theme
        box = self.geometry.scoresheet
        pad = self.px(12)
        title = t.text(_("Scoresheet"), 20, th.GOLD_LIGHT, "title")
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + self.px(8))))
        count = len(model.names)
        columns = self._score_columns(count)
        col_a, col_b = columns[0], columns[-1]
        y = box.top + self.px(40)
        room = self.name_rooms(count)
        sizes = [self.name_size(name, width) for name, width in zip(model.names, room, strict=True)]
        heads = [
            self.name_lines(name, width, size)
            for name, width, size in zip(model.names, room, sizes, strict=True)
        ]
        below = 0  # how far the longest head reaches below its first line
        for index, lines in enumerate(heads):
            x = columns[index]
            name_h = t.font(sizes[index], "bold").get_linesize()
            for place, line in enumerate(lines):
                shown = self.fitted(line, sizes[index], room[index], th.GOLD, "bold")
                surface.blit(shown, shown.get_rect(topright=(x, y + place * name_h)))
            below = max(below, (len(lines) - 1) * name_h)
        y += self.px(22) + below
        pygame.draw.line(surface, th.GOLD_DARK, (box.left + pad, y), (box.right - pad, y), 1)
        y += self.px(6)
        line_h = self.px(21)
        if model.dealer in range(count):
            surface.blit(t.text(_("Dealer"), 15, th.CREAM_DIM, "italic"), (box.left + pad, y))
            x = columns[model.dealer]
            self._draw_dealer_marker(surface, (x - self.px(7), y + line_h // 2 - self.px(2)))
            y += line_h
        total_y = box.bottom - self.px(36)
        # as many lines as fit above Total (the running lines sit a little apart)
        lines_free = (total_y - self.px(12) - y) // line_h
        for row in fold_hands(model.score_rows, lines_free):
            if row.style == "italic" and row.label == "Melds":
                pygame.draw.line(
                    surface,
                    (70, 100, 76),
                    (box.left + pad, y + self.px(2)),
                    (box.right - pad, y + self.px(2)),
                    1,
                )
                y += self.px(6)
            colour = th.CREAM_DIM if row.style == "italic" else th.CREAM
            first_figure = box.right
            for index, value in enumerate(row.values):
                number = t.text(
                    grouped(value),
                    15 if count == 2 else 13,  # three columns share the width
                    NEGATIVE if value < 0 else colour,
                    row.style,
                )
                spot = number.get_rect(topright=(columns[index], y))
                first_figure = min(first_figure, spot.left)
                surface.blit(number, spot)
            # A label too long beside a large first figure is set smaller, or said shorter.
            width = first_figure - self.px(6) - (box.left + pad)
            said = _(row.label)
            if row.short and t.font(12, row.style).size(said)[0] > width:
                said = row.short
            size = t.size_to_fit(said, 15, width, row.style, smallest=12)
            surface.blit(t.text(said, size, colour, row.style), (box.left + pad, y))
            y += line_h
        pygame.draw.line(
            surface,
            th.GOLD,
            (box.left + pad, total_y - self.px(6)),
            (box.right - pad, total_y - self.px(6)),
            max(1, self.px(2)),
        )
        label = t.text(_("Total"), 17, th.GOLD_LIGHT, "bold")
        surface.blit(label, (box.left + pad, total_y))
        # Large totals (six figures, below zero) are set smaller, and the first moves right into
        # the room the other leaves it, rather than run into "Total" or into each other.
        texts = [grouped(value) for value in model.totals]
        if count != 2:
            # Three columns: each total as large as fits its column (the first clear of "Total").
            step = columns[1] - columns[0]
            first = columns[0] - (box.left + pad + label.get_width() + self.px(6))
            for index, (text, value, x) in enumerate(
                zip(texts, model.totals, columns, strict=True)
            ):
                space = min(step, first) if index == 0 else step
                size = t.size_to_fit(text, 17, space - self.px(6), "bold", smallest=10)
                number = t.text(text, size, NEGATIVE if value < 0 else th.GOLD_LIGHT, "bold")
                surface.blit(number, number.get_rect(bottomright=(x, total_y + label.get_height())))
            return
        gap = self.px(8)
        start = box.left + pad + label.get_width() + gap
        for size in (17, 16, 15, 14, 13):
            font = t.font(size, "bold")
            widths = [font.size(text)[0] for text in texts]
            if start + widths[0] <= col_b - widths[1] - gap:
                right_a = min(max(col_a, start + widths[0]), col_b - widths[1] - gap)
                break
        else:
            right_a = col_a
            t.misfit(" ".join(texts), "totals wider than the scoresheet")
        for index, (text, value) in enumerate(zip(texts, model.totals, strict=True)):
            number = t.text(text, size, NEGATIVE if value < 0 else th.GOLD_LIGHT, "bold")
            x = right_a if index == 0 else col_b
            surface.blit(number, number.get_rect(bottomright=(x, total_y + label.get_height())))

    def _side_boxes(self, model: HudModel) -> tuple[Rect, Rect | None]:
        """The space under the scoresheet: last plays above, the rules panel (if any) below."""
        area = self.geometry.rules_panel
        if not model.rules_title:
            return area, None
        lines = max(1, min(len(model.rules_lines), 5))
        rules_h = min(area.height // 2, self.px(38) + lines * self.px(17))
        rules = Rect(area.left, area.bottom - rules_h, area.width, rules_h)
        plays = Rect(area.left, area.top, area.width, rules.top - self.px(8) - area.top)
        return plays, rules

    def _draw_plays(self, surface: pygame.Surface, model: HudModel, box: Rect) -> None:
        if box.height < self.px(50):
            return
        t = self.theme
        surface.blit(
            t.panel(
                box.size, radius=12, fill=(*th.PANEL[:3], 190), border=th.GOLD_DARK, shadow=False
            ),
            box,
        )
        pad = self.px(10)
        surface.blit(
            t.text(_("Last plays"), 15, th.GOLD_LIGHT, "bold"),
            (box.left + pad, box.top + self.px(7)),
        )
        line_h = self.px(18)
        y = box.top + self.px(29)
        room = max(0, (box.bottom - self.px(6) - y) // line_h)
        width = box.width - 2 * pad
        # Each play whole, on more lines where it is long (the rest indented); the newest last.
        rows: list[tuple[str, bool, int]] = []
        plays = model.plays[-room:] if room else []
        for index, play in enumerate(plays):
            newest = index == len(plays) - 1
            rows.extend((line, newest, shift) for line, shift in self._hanging(play, 13, width))
        rows = rows[-room:] if room else []
        while rows and rows[0][2]:
            rows.pop(0)  # no play shown from its middle
        for line, newest, shift in rows:
            colour = th.CREAM if newest else th.CREAM_DIM
            surface.blit(self.fitted(line, 13, width - shift, colour), (box.left + pad + shift, y))
            y += line_h

    def _hanging(self, text: str, size: int, width: int) -> list[tuple[str, int]]:
        """`text` on lines no wider than `width`, those after the first indented: (line,
        indent) each."""
        indent = self.px(10)
        first, *rest = self.theme.wrap(text, size, width)
        more = self.theme.wrap(" ".join(rest), size, width - indent) if rest else []
        return [(first, 0), *((line, indent) for line in more)]

    def _draw_rules(self, surface: pygame.Surface, model: HudModel) -> None:
        plays_box, box = self._side_boxes(model)
        self._draw_plays(surface, model, plays_box)
        if box is None or not model.rules_title:
            return
        t = self.theme
        if box.height < self.px(40):
            return
        surface.blit(
            t.panel(
                box.size, radius=12, fill=(*th.PANEL[:3], 200), border=th.GOLD_DARK, shadow=False
            ),
            box,
        )
        pad = self.px(10)
        title = self.fitted(_(model.rules_title), 15, box.width - 2 * pad, th.GOLD_LIGHT, "bold")
        surface.blit(title, (box.left + pad, box.top + self.px(7)))
        y = box.top + self.px(29)
        line_h = self.px(17)
        room = (box.bottom - self.px(8) - y) // line_h
        lines = [_(line) for line in model.rules_lines] or [_("Every option as in the preset.")]
        width = box.width - 2 * pad
        # Each option whole (on more lines where it is long), as many as fit with room for
        # the line that counts the rest.
        shown: list[list[tuple[str, int]]] = []
        used = 0
        for index, line in enumerate(lines):
            rows = self._hanging(line, 12, width)
            if used + len(rows) + (index < len(lines) - 1) > room:
                break
            shown.append(rows)
            used += len(rows)
        for text, shift in (row for rows in shown for row in rows):
            surface.blit(
                self.fitted(text, 12, width - shift, th.CREAM_DIM), (box.left + pad + shift, y)
            )
            y += line_h
        if len(shown) < len(lines):
            more = t.text(
                _("and {count} more: see Options, Rules").format(count=len(lines) - len(shown)),
                12,
                th.GOLD,
            )
            surface.blit(more, (box.left + pad, y))

    def _draw_dealer_marker(self, surface: pygame.Surface, centre: tuple[int, int]) -> None:
        """A gold disc with the first letter of "Dealer" ("D") in the dealer's column of the scoresheet."""
        radius = self.px(7)
        pygame.draw.circle(surface, th.GOLD, centre, radius)
        letter = self.theme.text(_("Dealer")[:1], 10, th.INK, "bold")
        surface.blit(letter, letter.get_rect(center=centre))
        self.dealer_rect = Rect(0, 0, 2 * radius, 2 * radius)
        self.dealer_rect.center = centre

    def _draw_badge(self, surface: pygame.Surface, badge: Badge) -> None:
        t = self.theme
        colour = BADGE_COLOURS.get(badge.kind, (60, 60, 60))
        pygame.draw.ellipse(surface, (0, 0, 0), badge.rect.move(0, self.px(1)))
        pygame.draw.ellipse(surface, colour, badge.rect)
        pygame.draw.ellipse(surface, th.CREAM, badge.rect, max(1, self.px(1)))
        number = t.text(str(badge.count), 13, th.CREAM, "bold")
        surface.blit(number, number.get_rect(center=badge.rect.center))

    def _draw_status(self, surface: pygame.Surface, model: HudModel) -> None:
        t, g = self.theme, self.geometry
        bar = g.status
        pad = self.px(12)
        cy = bar.centery + self.px(1)
        self.mark_rect = Rect(bar.left + pad // 2, bar.top, model.mark_room, bar.height)
        x = bar.left + pad + model.mark_room
        # Figures from the right edge leftwards; the message takes what is left, wrapped.
        right = bar.right - pad
        boxes: list[tuple[Rect, str]] = []
        for counter in reversed(model.counters):
            if not counter.text:
                continue
            image = t.text(_(counter.text), 15, th.CREAM_DIM if counter.dim else th.CREAM)
            rect = image.get_rect(midright=(right, cy))
            if counter.tint is not None:
                chip = rect.inflate(self.px(14), self.px(6))
                pygame.draw.rect(
                    surface,
                    OPEN_TINTS.get(counter.tint, OPEN_TINTS[""]),
                    chip,
                    border_radius=self.px(6),
                )
                self.open_rect = chip
            surface.blit(image, rect)
            boxes.append((rect.inflate(pad, bar.height - rect.height), _(counter.tip)))
            right = rect.left - pad - (self.px(7) if counter.tint is not None else 0)
            self._divider(surface, right + pad // 2, bar)
            right -= pad // 2
        self.counter_boxes = boxes
        room = right - x - pad
        self.last_message_room = room
        self.message_pages = 1
        if model.message and room > self.px(40):
            colour = th.ERROR if model.message_error else th.CREAM
            size, lines = self.message_lines(_(model.message), room)
            per_page = 1 if size == 15 else 2
            self.message_pages = max(1, -(-len(lines) // per_page))
            first = (model.message_page % self.message_pages) * per_page
            shown = lines[first : first + per_page]
            step = t.font(size).get_linesize()
            top = cy - step * len(shown) // 2
            self.message_rect = Rect(x, top, 0, step * len(shown))
            for index, line in enumerate(shown):
                image = t.text(line, size, colour)
                rect = image.get_rect(midleft=(x, top + step * index + step // 2))
                surface.blit(image, rect)
                self.message_rect.width = max(self.message_rect.width, rect.width)

    def message_lines(self, text: str, width: int) -> tuple[int, list[str]]:
        """The status message in one line at full size, or wrapped at a smaller size; never cut
        (lines beyond two are shown a page at a time)."""
        key = (text, width)
        cached = self._wrapped.get(key)
        if cached is None:
            if self.theme.font(15).size(text)[0] <= width:
                cached = (15, [text])
            else:
                cached = (13, self.theme.wrap(text, 13, width))
            if len(self._wrapped) > 100:
                self._wrapped.clear()
            self._wrapped[key] = cached
        return cached

    def tip_at(self, pos: tuple[int, int]) -> str:
        """The details of the status-bar figure under `pos` ("" if none)."""
        for rect, tip in self.counter_boxes:
            if rect.collidepoint(pos):
                return tip
        return ""

    def draw_tip(self, surface: pygame.Surface, model: HudModel) -> None:
        """The details of the figure under the pointer, above everything else."""
        if not model.tip:
            return
        t, g = self.theme, self.geometry
        tip, x = model.tip, model.tip_x
        pad = self.px(10)
        width = min(self.px(360), g.size[0] - 2 * pad)
        lines = t.wrap(tip, 14, width - 2 * pad)
        step = t.font(14).get_linesize()
        box = Rect(0, 0, width, step * len(lines) + 2 * pad)
        box.bottom = g.status.top - self.px(6)
        box.centerx = x
        box.clamp_ip(Rect(0, 0, *g.size))
        surface.blit(t.panel(box.size, fill=th.PANEL_LIGHT, radius=8, shadow=False), box)
        for index, line in enumerate(lines):
            image = t.text(line, 14, th.CREAM)
            surface.blit(image, (box.left + pad, box.top + pad + step * index))

    def _divider(self, surface: pygame.Surface, x: int, bar: Rect) -> None:
        pygame.draw.line(
            surface, (50, 80, 56), (x, bar.top + self.px(7)), (x, bar.bottom - self.px(7)), 1
        )
