"""Statistics: how the player does against each computer level, network players and overall.

One row per opponent: games (won + lost), won, lost, win ratio, average points for and against,
average margin, going-out rate, canastas per hand, current and best winning streak. With fewer
than ten games the ratio is shown with its 95% range in grey, since a few games say little.
Abandoned and cut-off games, and games that were restarted or replicated, are counted apart in
the line under the table. P steps through the rules presets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _, decimal, number
from game.records import OVERALL, Statistics, statistics_by_opponent
from game.scenes.records.screen import Column, ListScreen, Row, RowTable
from game.scenes.records.shared import (
    RULES_CHOICES,
    level_words,
    rules_filter_name,
    rules_filter_text,
)
from game.ui import theme as th

if TYPE_CHECKING:
    from game.scenes.base import Host


def _percent(value: float | None) -> str:
    return "\u2013" if value is None else _("{percent}%").format(percent=round(value * 100))


def _number(value: float | None, digits: int = 0) -> str:
    return "\u2013" if value is None else decimal(value, digits)


def ratio_words(stats: Statistics) -> str:
    """The win ratio, with its range when the games are too few to trust it."""
    if stats.win_ratio is None:
        return "\u2013"
    if stats.few_games and stats.ratio_low is not None and stats.ratio_high is not None:
        return f"{_percent(stats.win_ratio)} ({_percent(stats.ratio_low)}\u2013{_percent(stats.ratio_high)})"
    return _percent(stats.win_ratio)


class StatsScene(ListScreen):
    title = N_("Statistics")
    row_height = 32
    footer_height = 70  # the summary under the list
    keys_hint = N_("\u2191 \u2193  choose     P  rules     Tab  buttons     Esc  back")

    def __init__(self, app: Host) -> None:
        self.rules_index = 0
        self.summary = ""
        self.table = RowTable(
            [
                Column(N_("Opponent"), 0.13),
                Column(N_("Games"), 0.07, "right"),
                Column(N_("Wins"), 0.05, "right"),
                Column(N_("Losses"), 0.05, "right"),
                Column(N_("Win ratio"), 0.17, "right"),
                Column(N_("Avg for"), 0.08, "right"),
                Column(N_("Against"), 0.08, "right"),
                Column(N_("Margin"), 0.08, "right"),
                Column(N_("Going out"), 0.09, "right"),
                Column(N_("Canastas/hand"), 0.13, "right"),
                Column(N_("Streak"), 0.07, "right"),
            ],
            "",
        )
        super().__init__(app)

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        return [(rules_filter_name(self.rules_index), self.cycle_rules), (N_("Back"), self.close)]

    def button_text(self, label: str) -> str:
        if label == rules_filter_name(self.rules_index):
            return rules_filter_text(self.rules_index)
        return _(label)

    def cycle_rules(self) -> None:
        self.rules_index = (self.rules_index + 1) % len(RULES_CHOICES)
        self.refresh()
        self.layout(self.app.size)

    def refresh(self) -> None:
        per = statistics_by_opponent(
            self.app.players.records, rules_preset=RULES_CHOICES[self.rules_index]
        )
        rows = []
        for key, stats in per.items():
            strong = key == OVERALL
            colour = th.GOLD_LIGHT if strong else (th.CREAM if stats.games else th.CREAM_DIM)
            ratio_colour = th.CREAM_DIM if stats.few_games else colour
            rows.append(
                Row(
                    [
                        level_words(key),
                        str(stats.games),
                        str(stats.won),
                        str(stats.lost),
                        ratio_words(stats),
                        _number(stats.average_for),
                        _number(stats.average_against),
                        _number(stats.average_margin),
                        _percent(stats.going_out_rate),
                        _number(stats.canastas_per_hand, 2),
                        f"{stats.current_streak} / {stats.best_streak}",
                    ],
                    [colour] * 4 + [ratio_colour] + [colour] * 6,
                    key=key,
                )
            )
        self.table.set_rows(rows)
        overall = per[OVERALL]
        if overall.games == 0 and overall.abandoned == 0 and overall.disconnected == 0:
            self.summary = _("No games yet: play a game to the end and your statistics start here.")
        else:
            self.summary = _(
                "Not counted: {abandoned} abandoned, {cut_off} cut off.  "
                "Restarted or replicated games counted here (never in high scores): "
                "{marked}.  Ratios in grey: fewer than 10 games, 95% range in brackets.  "
                "Streak: current / best."
            ).format(
                abandoned=number(overall.abandoned),
                cut_off=number(overall.disconnected),
                marked=number(overall.marked),
            )

    def shortcuts(self, event: pygame.event.Event) -> dict[int, Callable[[], None]]:
        return {pygame.K_p: self.cycle_rules}

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        t = self.app.theme
        y = self.content.bottom - t.px(56)
        for line in t.wrap(self.summary, 16, self.content.width - t.px(16)):
            text = t.text(line, 16, th.CREAM_DIM)
            surface.blit(text, (self.content.left + t.px(8), y))
            y += t.font(16).get_linesize()
