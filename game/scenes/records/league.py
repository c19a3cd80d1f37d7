"""The league table (UG 4.5.5): every player on this computer and every computer level, ranked.

Rows: rank, name, played, won, lost, points for, points against, average (points for per game).
A computer level's row is its own side of the games played against it. Rows without games come
last, without a rank. Players are in gold, computer levels in cream. Games of three and of four
follow in leagues of their own, each under its heading, once someone has played them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.language import N_, _, number
from game.records import LeagueRow, league_table
from game.scenes.records.screen import Column, ListScreen, Row, RowTable
from game.scenes.records.shared import level_words
from game.ui import theme as th
from game.ui.numbers import grouped

if TYPE_CHECKING:
    from game.scenes.base import Host


class LeagueScene(ListScreen):
    title = N_("League table")
    keys_hint = N_("\u2191 \u2193  choose     Tab  buttons     Esc  back")

    def __init__(self, app: Host) -> None:
        self.table = RowTable(
            [
                Column(N_("Rank"), 0.07, "right"),
                Column(N_("Name"), 0.25),
                Column(N_("Played"), 0.10, "right"),
                Column(N_("Wins"), 0.09, "right"),
                Column(N_("Losses"), 0.09, "right"),
                Column(N_("Points for"), 0.14, "right"),
                Column(N_("Against"), 0.14, "right"),
                Column(N_("Average"), 0.12, "right"),
            ],
            "",
        )
        super().__init__(app)

    def heading(self) -> str:
        return _(self.title)

    def refresh(self) -> None:
        self.table.empty = _("No players yet.")
        db = self.app.players.records
        two = league_table(db)
        rows = [_row(row) for row in two]
        played = any(r.played for r in two)
        for players, heading in TABLE_LEAGUES:
            league = league_table(db, players)
            if league:
                played = True
                rows.append(Row(["", _(heading), *[""] * 6], [th.GOLD] * 8, key=heading))
                rows.extend(_row(row) for row in league)
        self.table.set_rows(rows)
        if not played:
            self.say(_("No games yet: the table fills as games are finished."))


# The leagues after the one of games of two, each under its heading.
TABLE_LEAGUES = ((3, N_("Games of three")), (4, N_("Games of four, in partnerships")))


def _row(row: LeagueRow) -> Row:
    player = row.kind == "player"
    name = row.name if player else _("Computer, {level}").format(level=level_words(row.name))
    colour = (th.GOLD_LIGHT if player else th.CREAM) if row.played else th.CREAM_DIM
    average = number(round(row.points_for / row.played)) if row.played else "\u2013"
    return Row(
        [
            str(row.rank) if row.rank is not None else "",
            name,
            str(row.played),
            str(row.won),
            str(row.lost),
            f"{grouped(row.points_for)}",
            f"{grouped(row.points_against)}",
            average,
        ],
        [colour] * 8,
    )
