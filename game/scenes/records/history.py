"""Game history: every finished game of the player, newest first, and one game's hands.

`HistoryScene` lists date, opponent, rules, final score, result (wins green, losses red) and
hands, with what keeps a game out of the high scores (replica, restarted) or its numbered deal.
O and P (or the two filter buttons) step through the opponent levels (then network games, games
of three and games of four) and the rules presets;
Enter opens a game, V replays it on the table, C deals it again (replicate), E exports the
history as CSV to the export folder and says where. `GameScene` shows one game: each hand's
score breakdown for the player (their side's, at four), every other side's total and the running
score, the other sides' breakdowns for the selected hand, and the same replay, replicate and
chart actions, plus export of its replay file and its review (How did I play?, R).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _, n_
from game.records import (
    GameFilter,
    GameRow,
    export_history_csv,
    export_replay,
    game_hands,
    get_game,
    history_page,
)
from game.scenes.records.charts import ChartsScene
from game.scenes.records.review import ReviewScene
from game.scenes.records.same_cards import replay_game, replicate
from game.scenes.records.screen import Column, ListScreen, Row, RowTable
from game.scenes.records.shared import (
    OPPONENT_CHOICES,
    RULES_CHOICES,
    against_words,
    export_folder,
    level_words,
    marks_words,
    opponent_filter_name,
    opponent_filter_text,
    opponent_words,
    result_colour,
    result_words,
    rules_filter_name,
    rules_filter_text,
    rules_words,
    when_words,
)
from game.ui import theme as th
from game.ui.numbers import grouped

if TYPE_CHECKING:
    from game.scenes.base import Host

# The history screen shows this many games; older ones are in the CSV export.
SHOWN_GAMES = 500


def _score(row: GameRow) -> str:
    return f"{grouped(row.score_for)} \u2013 {grouped(row.score_against)}"


class HistoryScene(ListScreen):
    title = N_("Game history")
    keys_hint = N_(
        "\u2191 \u2193  choose     Enter  open     O / P  filter     V  replay     "
        "C  replicate     E  export CSV     Esc  back"
    )

    def __init__(self, app: Host) -> None:
        self.opponent_index = 0
        self.rules_index = 0
        self.total = 0
        self.table = RowTable(
            [
                Column(N_("Date"), 0.17),
                Column(N_("Opponent"), 0.22),
                Column(N_("Rules"), 0.15),
                Column(N_("Score"), 0.15, "right"),
                Column(N_("Result"), 0.10),
                Column(N_("Hands"), 0.07, "right"),
                Column(N_("Notes"), 0.14),
            ],
            "",
            on_open=lambda _row: self.open_game(),
        )
        super().__init__(app)

    @property
    def game_filter(self) -> GameFilter:
        return GameFilter(OPPONENT_CHOICES[self.opponent_index], RULES_CHOICES[self.rules_index])

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        return [
            (opponent_filter_name(self.opponent_index), lambda: self.cycle_opponent(1)),
            (rules_filter_name(self.rules_index), lambda: self.cycle_rules(1)),
            (N_("Open"), self.open_game),
            (N_("Replay"), self.replay),
            (N_("Replicate"), self.replicate),
            (N_("Export CSV"), self.export_csv),
            (N_("Back"), self.close),
        ]

    def button_text(self, label: str) -> str:
        if label == opponent_filter_name(self.opponent_index):
            return opponent_filter_text(self.opponent_index)
        if label == rules_filter_name(self.rules_index):
            return rules_filter_text(self.rules_index)
        return _(label)

    def refresh(self) -> None:
        page = history_page(self.app.players.records, 0, SHOWN_GAMES, self.game_filter)
        self.total = page.total
        rows = []
        for game in page.rows:
            shade = result_colour(game.result)
            rows.append(
                Row(
                    [
                        when_words(game.ended_at or game.started_at),
                        opponent_words(game.opponent_kind, game.opponent, game.online),
                        rules_words(game.rules_preset),
                        _score(game),
                        result_words(game.result),
                        str(game.hands),
                        marks_words(game),
                    ],
                    [th.CREAM, th.CREAM, th.CREAM, th.CREAM, shade, th.CREAM, th.CREAM_DIM],
                    key=game.id,
                )
            )
        filtered = self.opponent_index or self.rules_index
        self.table.empty = (
            _("No games match these filters: press O or P to widen them.")
            if filtered
            else _(
                "No games yet. Every game you finish against the computer or over the "
                "network is kept here, with its hands and its replay."
            )
        )
        self.table.set_rows(rows)

    def _relist(self) -> None:
        self.table.selected = 0
        self.refresh()
        self.layout(self.app.size)
        shown = n_("{n} game", "{n} games", self.total).format(n=grouped(self.total))
        opponent = OPPONENT_CHOICES[self.opponent_index]
        rules = RULES_CHOICES[self.rules_index]
        if opponent is None:
            against = _("against all opponents")
        elif opponent == "three":
            against = _("of three players")
        elif opponent == "four":
            against = _("of four players")
        else:
            against = _("against {opponent}").format(opponent=level_words(opponent))
        if rules is None:
            self.say(_("{games} {against}, all rules.").format(games=shown, against=against))
        else:
            self.say(
                _("{games} {against}, {rules} rules.").format(
                    games=shown, against=against, rules=rules_words(rules)
                )
            )

    def cycle_opponent(self, step: int) -> None:
        self.opponent_index = (self.opponent_index + step) % len(OPPONENT_CHOICES)
        self._relist()

    def cycle_rules(self, step: int) -> None:
        self.rules_index = (self.rules_index + step) % len(RULES_CHOICES)
        self._relist()

    def _chosen(self) -> int | None:
        row = self.table.current
        return row.key if row is not None and isinstance(row.key, int) else None

    # -- actions -------------------------------------------------------------------------------
    def open_game(self) -> None:
        chosen = self._chosen()
        if chosen is not None:
            self.app.stack.push(GameScene(self.app, chosen))

    def replay(self) -> None:
        chosen = self._chosen()
        if chosen is not None:
            problem = replay_game(self.app, chosen)
            if problem:
                self.say(problem, error=True)

    def replicate(self) -> None:
        chosen = self._chosen()
        if chosen is not None:
            problem = replicate(self.app, chosen)
            if problem:
                self.say(problem, error=True)

    def export_csv(self) -> None:
        target = export_folder() / "canasta-history.csv"
        try:
            count = export_history_csv(self.app.players.records, target, self.game_filter)
        except OSError as exc:
            self.say(
                _("The history could not be exported ({reason}).").format(reason=exc), error=True
            )
            return
        self.say(
            n_("{n} game exported to {path}", "{n} games exported to {path}", count).format(
                n=grouped(count), path=target
            )
        )

    # -- input ---------------------------------------------------------------------------------
    def shortcuts(self, event: pygame.event.Event) -> dict[int, Callable[[], None]]:
        back = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
        return {
            pygame.K_o: lambda: self.cycle_opponent(back),
            pygame.K_p: lambda: self.cycle_rules(back),
            pygame.K_v: self.replay,
            pygame.K_c: self.replicate,
            pygame.K_e: self.export_csv,
        }


BREAKDOWN = (
    ("melded", N_("Melded")),
    ("canasta_bonus", N_("Canastas")),
    ("going_out", N_("Going out")),
    ("threes", N_("Red threes")),
    ("in_hand", N_("In hand")),
    ("penalties", N_("Penalties")),
)


# The other sides' names in a game's hands, by players: the opponent; at three the players to
# the left and right (as the table names them); at four the other partnership.
OTHER_SIDES = {2: (N_("Opponent"),), 3: (N_("West"), N_("East")), 4: (N_("Them"),)}


def _side_columns(players: int) -> list[Column]:
    """The hand table's columns for a game of `players`: one total per side."""
    others = OTHER_SIDES.get(players, OTHER_SIDES[2])
    item = 0.09 if len(others) == 1 else 0.08
    score = 0.12 if len(others) == 1 else 0.11
    return [
        Column(N_("Hand"), 0.06, "right"),
        Column(N_("Went out"), 0.11),
        *(Column(label, item, "right") for key, label in BREAKDOWN),
        Column(N_("Us") if players == 4 else N_("You"), 0.08, "right"),
        *(Column(name, 0.09 if len(others) == 1 else 0.08, "right") for name in others),
        Column("Score", score, "right"),
    ]


def _went_out_words(game: GameRow, seat: int | None) -> str:
    """Who went out, from the player's seat: you, partner, opponent, or a seat's name."""
    if seat is None:
        return _("nobody")
    if seat == game.seat:
        return _("you")
    if game.players == 4:
        return _("partner") if seat % 2 == game.seat % 2 else _("opponent")
    if game.players == 3:
        return _(OTHER_SIDES[3][(seat - game.seat) % 3 - 1])
    return _("opponent")


class GameScene(ListScreen):
    """One recorded game, hand by hand."""

    title = N_("Game")
    footer_height = 40  # the opponent line under the hands (a line more for each other side)
    keys_hint = N_(
        "\u2191 \u2193  hand     R  review     V  replay     C  replicate     G  chart     "
        "X  export replay     Esc  back"
    )

    def __init__(self, app: Host, game_id: int) -> None:
        self.game_id = game_id
        self.game: GameRow | None = None
        self.opponent_lines: dict[int, list[str]] = {}
        self.table = RowTable(_side_columns(2), "")
        super().__init__(app)

    def heading(self) -> str:
        game = self.game
        if game is None:
            return _("Game")
        return _("Game of {date}").format(date=when_words(game.ended_at or game.started_at))

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        return [
            (N_("Review"), self.review),
            (N_("Replay"), self.replay),
            (N_("Replicate"), self.replicate),
            (N_("Chart"), self.chart),
            (N_("Export replay"), self.export),
            (N_("Back"), self.close),
        ]

    def refresh(self) -> None:
        db = self.app.players.records
        self.game = game = get_game(db, self.game_id)
        self.table.columns = _side_columns(game.players)
        self.table.empty = _("This game ended before its first hand was over.")
        others = OTHER_SIDES.get(game.players, OTHER_SIDES[2])
        self.footer_height = 16 + 24 * len(others)
        line_names = (N_("Opponent's hand"),) if game.players == 2 else others
        rows = []
        running: list[int] = []
        for hand in game_hands(db, self.game_id):
            sides = len(hand.scores)
            me = game.side % sides
            order = [me, *((me + step) % sides for step in range(1, sides))]
            running = [a + b for a, b in zip(running or [0] * sides, hand.totals, strict=True)]
            mine = hand.scores[me]
            out = _went_out_words(game, hand.went_out)
            if hand.went_out is not None and hand.concealed:
                out = _("{who} (concealed)").format(who=out)
            cells = [
                str(hand.hand_no),
                out,
                *(f"{grouped(mine[key])}" for key, label in BREAKDOWN),
                *(f"{grouped(hand.totals[side])}" for side in order),
                " \u2013 ".join(grouped(running[side]) for side in order),
            ]
            rows.append(Row(cells, key=hand.hand_no))
            self.opponent_lines[hand.hand_no] = [
                f"{_(name)}: "
                + ",  ".join(
                    f"{_(label)} {grouped(hand.scores[side][key])}" for key, label in BREAKDOWN
                )
                for name, side in zip(line_names, order[1:], strict=True)
            ]
        self.table.set_rows(rows)
        fields = {
            "result": result_words(game.result),
            "against": against_words(game),
            "score": _score(game),
            "rules": rules_words(game.rules_preset),
            "notes": marks_words(game),
        }
        if fields["notes"]:
            self.say(_("{result} {against}, {score}, {rules} rules ({notes}).").format(**fields))
        else:
            self.say(_("{result} {against}, {score}, {rules} rules.").format(**fields))

    def replay(self) -> None:
        problem = replay_game(self.app, self.game_id)
        if problem:
            self.say(problem, error=True)

    def replicate(self) -> None:
        problem = replicate(self.app, self.game_id)
        if problem:
            self.say(problem, error=True)

    def chart(self) -> None:
        self.app.stack.push(ChartsScene(self.app, game_id=self.game_id))

    def review(self) -> None:
        self.app.stack.push(ReviewScene(self.app, self.game_id))

    def export(self) -> None:
        target = export_folder() / f"canasta-game-{self.game_id}.json"
        try:
            export_replay(self.app.players.records, self.game_id, target)
        except (OSError, KeyError) as exc:
            self.say(
                _("The replay could not be exported ({reason}).").format(reason=exc), error=True
            )
            return
        self.say(_("Replay exported to {path}").format(path=target))

    def shortcuts(self, event: pygame.event.Event) -> dict[int, Callable[[], None]]:
        return {
            pygame.K_r: self.review,
            pygame.K_v: self.replay,
            pygame.K_c: self.replicate,
            pygame.K_g: self.chart,
            pygame.K_x: self.export,
        }

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        t = self.app.theme
        row = self.table.current
        if row is not None and isinstance(row.key, int):
            lines = self.opponent_lines.get(row.key, [])
            for index, text in enumerate(lines):
                line = t.text(text, 16, th.CREAM_DIM)
                y = self.content.bottom - t.px(24 * (len(lines) - index))
                surface.blit(line, (self.content.left + t.px(8), y))
