"""High scores and the hall of fame (UG 4.5.6), over every player on this computer.

Each record (highest and lowest score for and against, best hand, narrowest and widest winning
margin, fastest win, most canastas in a hand) with its value, who set it, when and against whom.
Restarted and replicated games never appear here. Enter opens the game that set the record.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.language import N_, _
from game.records import hall_of_fame
from game.scenes.records.history import GameScene
from game.scenes.records.screen import Column, ListScreen, Row, RowTable
from game.scenes.records.shared import opponent_words, when_words
from game.ui import theme as th
from game.ui.numbers import grouped

if TYPE_CHECKING:
    from game.scenes.base import Host

POINTS = N_("{value} points")
RECORD_WORDS = {
    "highest_score_for": (N_("Highest score"), POINTS),
    "lowest_score_for": (N_("Lowest score"), POINTS),
    "highest_score_against": (N_("Highest score against"), POINTS),
    "lowest_score_against": (N_("Lowest score against"), POINTS),
    "best_hand": (N_("Best hand"), POINTS),
    "narrowest_win": (N_("Narrowest win"), N_("by {value}")),
    "widest_win": (N_("Widest win"), N_("by {value}")),
    "fastest_win": (N_("Fastest win"), N_("{value} hands")),
    "most_canastas_in_hand": (N_("Most canastas in a hand"), "{value}"),
}


class FameScene(ListScreen):
    title = N_("High scores")
    row_height = 36
    keys_hint = N_("\u2191 \u2193  choose     Enter  open the game     Tab  buttons     Esc  back")

    def __init__(self, app: Host) -> None:
        self.table = RowTable(
            [
                Column(N_("Record"), 0.22),
                Column("", 0.20, "right"),
                Column(N_("Player"), 0.14),
                Column(N_("When"), 0.18),
                Column(N_("Against"), 0.26),
            ],
            "",
            on_open=self.open_game,
        )
        super().__init__(app)

    def heading(self) -> str:
        return _("High scores \u00b7 Hall of fame")

    def refresh(self) -> None:
        rows = []
        records = hall_of_fame(self.app.players.records)
        for key, (label, fmt) in RECORD_WORDS.items():
            entry = records.get(key)
            if entry is None:
                rows.append(Row([_(label), "\u2013", _("not set yet"), "", ""], [th.CREAM_DIM] * 5))
                continue
            value = (_(fmt) if fmt != "{value}" else fmt).format(value=grouped(entry.value))
            if entry.hand_no is not None and key != "most_canastas_in_hand":
                value = _("{value} (hand {hand})").format(value=value, hand=entry.hand_no)
            rows.append(
                Row(
                    [
                        _(label),
                        value,
                        entry.profile,
                        when_words(entry.ended_at),
                        opponent_words(entry.opponent_kind, entry.opponent),
                    ],
                    [th.CREAM, th.GOLD_LIGHT, th.CREAM, th.CREAM, th.CREAM],
                    key=entry.game_id,
                )
            )
        self.table.set_rows(rows)
        if all(entry is None for entry in records.values()):
            self.say(_("No records yet: they are set by games played to the end."))
        else:
            self.say(_("Restarted and replicated games never count here."))

    def open_game(self, row: Row) -> None:
        if isinstance(row.key, int):
            self.app.stack.push(GameScene(self.app, row.key))
