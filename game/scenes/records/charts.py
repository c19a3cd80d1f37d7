"""Charts in the table's own style: a game's running totals, and the win ratio over time.

"Game scores" draws both players' totals after each hand of one game (the current game when
opened from the table, else a recorded game: Up/Down step through the history), with the
target (5000 in Classic) as a dashed gold line. "Win ratio" draws, for each computer level and
for network players, the ratio after each won or lost game, on a 0-100% scale. Left/Right or the
button switches between them. Lines are drawn once per change onto a cached surface.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _
from game.match import LocalMatch
from game.records import get_game, history_page, running_totals, win_ratio_over_time
from game.scenes.records.screen import RecordsScreen
from game.scenes.records.shared import level_words, opponent_words, when_words
from game.settings import SKILL_LEVELS
from game.ui import theme as th
from game.ui.numbers import grouped

if TYPE_CHECKING:
    from game.scenes.base import Host

ME_LINE = (246, 214, 128)
SERIES_COLOURS = (
    (150, 210, 255),
    (132, 214, 120),
    (246, 214, 128),
    (236, 160, 90),
    (236, 128, 104),
    (210, 150, 230),
    (230, 230, 230),
)
GAME, RATIO = "game", "ratio"
RATIO_KEYS = N_("\u2190 \u2192  chart     Tab  buttons     Esc  back")
# How many recorded games Up/Down can step through.
GAME_CHOICES = 200

Points = Sequence[tuple[float, float]]


class ChartsScene(RecordsScreen):
    title = N_("Charts")
    keys_hint = N_("\u2190 \u2192  chart     \u2191 \u2193  older / newer game     Esc  back")

    def __init__(
        self,
        app: Host,
        *,
        game_id: int | None = None,
        current: tuple[list[tuple[int, int, int]], int, str] | None = None,
    ) -> None:
        # `current`: the game on the table (points after each hand, target, opponent's name).
        self.current = current
        self.mode = GAME
        self.game_ids: list[int] = []
        self.game_index = 0
        self.wanted = game_id
        self.caption = ""
        self.points: list[tuple[int, int, int]] = []
        self.target = 5000
        self.series: dict[str, list[tuple[int, float]]] = {}
        super().__init__(app)

    def heading(self) -> str:
        return _("Game scores") if self.mode == GAME else _("Win ratio over time")

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        if self.mode == RATIO:
            return [(N_("Game scores"), self.switch), (N_("Back"), self.close)]
        return [
            (N_("Win ratio"), self.switch),
            (N_("Older game"), self.older),
            (N_("Newer game"), self.newer),
            (N_("Back"), self.close),
        ]

    def _game_on_the_table(self) -> tuple[list[tuple[int, int, int]], int, str] | None:
        """The running totals of the game against the computer under this screen, if any."""
        for scene in self.app.stack:
            match = getattr(scene, "match", None)
            if isinstance(match, LocalMatch) and not match.finished:
                game = match.game.game
                points = [(0, 0, 0)]
                for hand in game.history:
                    mine, theirs = hand["totals"]
                    points.append((int(hand["hand"]), int(mine), int(theirs)))
                return points, game.rules.target_score, match.opponent_line
        return None

    def refresh(self) -> None:
        if self.current is None:
            self.current = self._game_on_the_table()
        db = self.app.players.records
        self.game_ids = [row.id for row in history_page(db, 0, GAME_CHOICES).rows]
        if self.wanted is not None and self.wanted in self.game_ids:
            self.game_index = self.game_ids.index(self.wanted) + (1 if self.current else 0)
        self.wanted = None
        self._load_game()
        ratios = win_ratio_over_time(db)
        order = [*SKILL_LEVELS, *sorted(set(ratios) - set(SKILL_LEVELS))]
        self.series = {
            key: [(p.games, p.win_ratio) for p in ratios[key]] for key in order if key in ratios
        }

    def _choices(self) -> int:
        return len(self.game_ids) + (1 if self.current else 0)

    def _load_game(self) -> None:
        if self.current is not None and self.game_index == 0:
            self.points, self.target, name = self.current
            self.caption = _("This game, against {opponent}").format(opponent=name)
            return
        index = self.game_index - (1 if self.current else 0)
        if not 0 <= index < len(self.game_ids):
            self.points, self.caption = [], ""
            return
        db = self.app.players.records
        game_id = self.game_ids[index]
        totals = running_totals(db, game_id)
        game = get_game(db, game_id)
        self.points, self.target = totals.points, totals.target_score
        self.caption = _("{date}, against {opponent}").format(
            date=when_words(game.ended_at or game.started_at),
            opponent=opponent_words(game.opponent_kind, game.opponent, game.online),
        )

    # -- actions -------------------------------------------------------------------------------
    def switch(self) -> None:
        self.mode = RATIO if self.mode == GAME else GAME
        self.keys_hint = type(self).keys_hint if self.mode == GAME else RATIO_KEYS
        self.layout(self.app.size)

    def older(self) -> None:
        if self.mode == GAME and self.game_index + 1 < self._choices():
            self.game_index += 1
            self._load_game()

    def newer(self) -> None:
        if self.mode == GAME and self.game_index > 0:
            self.game_index -= 1
            self._load_game()

    def on_key(self, event: pygame.event.Event) -> bool:
        keys: dict[int, Callable[[], None]] = {
            pygame.K_LEFT: self.switch,
            pygame.K_RIGHT: self.switch,
            pygame.K_DOWN: self.older,
            pygame.K_UP: self.newer,
        }
        if event.key in keys:
            keys[event.key]()
            return True
        return False

    # -- drawing -------------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.mode == GAME:
            self._draw_game(surface)
        else:
            self._draw_ratio(surface)

    def _plot_area(self) -> pygame.Rect:
        t = self.app.theme
        area = self.content.copy()
        area.left += t.px(80)
        area.width -= t.px(80) + t.px(230)
        area.top += t.px(34)
        area.height -= t.px(34) + t.px(40)
        return area

    def _empty(self, surface: pygame.Surface, text: str) -> None:
        t = self.app.theme
        for index, line in enumerate(t.wrap(text, 20, self.content.width - t.px(80))):
            image = t.text(line, 20, th.CREAM_DIM)
            surface.blit(
                image,
                image.get_rect(
                    center=(self.content.centerx, self.content.centery + index * t.px(28))
                ),
            )

    def _axes(
        self,
        surface: pygame.Surface,
        area: pygame.Rect,
        y_max: float,
        y_ticks: Sequence[tuple[float, str]],
        x_max: float,
        x_label: str,
    ) -> None:
        t = self.app.theme
        for value, label in y_ticks:
            y = area.bottom - value / y_max * area.height
            pygame.draw.line(surface, (40, 84, 54), (area.left, y), (area.right, y))
            text = t.text(label, 14, th.CREAM_DIM)
            surface.blit(text, text.get_rect(midright=(area.left - t.px(8), y)))
        pygame.draw.line(surface, th.GOLD_DARK, area.bottomleft, area.bottomright, 2)
        pygame.draw.line(surface, th.GOLD_DARK, area.bottomleft, area.topleft, 2)
        steps = max(1, int(x_max))
        every = max(1, steps // 10)
        for value in range(0, steps + 1, every):
            x = area.left + value / max(1, x_max) * area.width
            text = t.text(str(value), 14, th.CREAM_DIM)
            surface.blit(text, text.get_rect(midtop=(x, area.bottom + t.px(6))))
        caption = t.text(_(x_label), 15, th.CREAM_DIM)
        surface.blit(caption, caption.get_rect(midtop=(area.centerx, area.bottom + t.px(24))))

    @staticmethod
    def _line(
        surface: pygame.Surface,
        area: pygame.Rect,
        points: Points,
        x_max: float,
        y_min: float,
        y_max: float,
        colour: th.Colour,
    ) -> None:
        span = max(1e-9, y_max - y_min)
        spots = [
            (
                area.left + x / max(1, x_max) * area.width,
                area.bottom - (y - y_min) / span * area.height,
            )
            for x, y in points
        ]
        if len(spots) >= 2:
            pygame.draw.lines(surface, colour, False, spots, 3)
        for spot in spots:
            pygame.draw.circle(surface, colour, (round(spot[0]), round(spot[1])), 4)

    def _legend(self, surface: pygame.Surface, entries: Sequence[tuple[str, th.Colour]]) -> None:
        t = self.app.theme
        # As wide as its longest name (a third of the chart at most), inside the chart's right edge.
        room = self.content.width // 3
        labels = [t.fit(label, 16, room) for label, _colour in entries]
        widest = max(t.font(16).size(label)[0] for label in labels)
        x = self.content.right - t.px(42) - max(widest, t.px(173))
        y = self.content.top + t.px(40)
        for label, (_name, colour) in zip(labels, entries, strict=True):
            pygame.draw.line(surface, colour, (x, y + t.px(9)), (x + t.px(26), y + t.px(9)), 3)
            text = t.text(label, 16, th.CREAM)
            surface.blit(text, (x + t.px(34), y))
            y += t.px(26)

    def _draw_game(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        if len(self.points) < 2:
            self._empty(
                surface,
                _("No scores to draw yet: when a hand is over, its totals appear here.")
                if self.caption
                else _("No games yet: play a game and its running totals are drawn here."),
            )
            return
        caption = t.text(self.caption, 18, th.CREAM)
        surface.blit(caption, (self.content.left + t.px(8), self.content.top))
        area = self._plot_area()
        low = min(0, *(min(p[1], p[2]) for p in self.points))
        high = max(self.target, *(max(p[1], p[2]) for p in self.points)) * 1.08
        step = 1000 if high - low > 3000 else 500
        ticks = []
        value = (int(low) // step) * step
        while value <= high:
            ticks.append((value - low, f"{grouped(value)}"))
            value += step
        x_max = self.points[-1][0]
        self._axes(surface, area, high - low, ticks, x_max, N_("hand"))
        target_y = area.bottom - (self.target - low) / (high - low) * area.height
        for x in range(area.left, area.right, t.px(14)):
            pygame.draw.line(
                surface, th.GOLD, (x, target_y), (min(x + t.px(8), area.right), target_y), 2
            )
        target = t.text(_("{points} to win").format(points=grouped(self.target)), 15, th.GOLD_LIGHT)
        surface.blit(target, target.get_rect(bottomright=(area.right, target_y - t.px(4))))
        mine = [(float(p[0]), float(p[1])) for p in self.points]
        theirs = [(float(p[0]), float(p[2])) for p in self.points]
        self._line(surface, area, theirs, x_max, low, high, th.LOSS)
        self._line(surface, area, mine, x_max, low, high, ME_LINE)
        name = self.app.players.profile.name
        self._legend(surface, [(name, ME_LINE), (_("Opponent"), th.LOSS)])

    def _draw_ratio(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        drawn = {key: points for key, points in self.series.items() if points}
        if not drawn:
            self._empty(
                surface,
                _("No games yet: the win ratio against each level is drawn here over time."),
            )
            return
        caption = t.text(_("Win ratio after each won or lost game, per opponent"), 18, th.CREAM)
        surface.blit(caption, (self.content.left + t.px(8), self.content.top))
        area = self._plot_area()
        x_max = max(points[-1][0] for points in drawn.values())
        ticks = [(v / 100, _("{percent}%").format(percent=v)) for v in range(0, 101, 25)]
        self._axes(surface, area, 1.0, ticks, x_max, N_("games played"))
        legend = []
        for index, (key, points) in enumerate(drawn.items()):
            colour = SERIES_COLOURS[index % len(SERIES_COLOURS)]
            self._line(surface, area, [(float(g), r) for g, r in points], x_max, 0.0, 1.0, colour)
            ratio = _("{percent}%").format(percent=round(points[-1][1] * 100))
            legend.append((f"{level_words(key)} {ratio}", colour))
        self._legend(surface, legend)
