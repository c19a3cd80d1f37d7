"""The Players screen: who plays on this computer, and the way to every record screen.

Each player (profile) has a name, their own preferences and their own scoreboard. Here a player
is created, renamed, made current ("Play as") or removed after a question; the current player
cannot be removed (switch first). Switching loads that player's preferences at once. Buttons
lead to the History, Statistics, Charts, High scores and League screens. `NameDialog` asks for a
name and shows why a name is refused. `show_records_message` tells the player, once, what
happened to a damaged or newer records file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _
from game.records import (
    PROFILE_PROBLEMS,
    ProfileError,
    create_profile,
    league_table,
    profiles,
    remove_profile,
    rename_profile,
)
from game.scenes.base import Scene
from game.scenes.dialog import confirm_dialog, message_dialog
from game.scenes.records.charts import ChartsScene
from game.scenes.records.fame import FameScene
from game.scenes.records.history import HistoryScene
from game.scenes.records.league import LeagueScene
from game.scenes.records.screen import Column, ListScreen, Row, RowTable
from game.scenes.records.stats import StatsScene
from game.settings import PLAYER_NAME_MAX
from game.ui import theme as th
from game.ui.button import Button
from game.ui.numbers import grouped
from game.ui.text_entry import TextEntry
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host


def show_records_message(app: Host) -> None:
    """The sentence from opening the records (damaged file kept, newer file left alone), once."""
    message = app.players.message
    if message:
        app.players.message = None
        message_dialog(app, _("Your records"), _(message))


def refusal(error: ProfileError) -> str:
    """Why a change of players is refused, in the player's language."""
    return _(PROFILE_PROBLEMS[error.kind]).format(**error.fields)


class NameDialog(Scene):
    """A player's name, typed in a text field (Enter gives it, Tab moves to OK and Cancel);
    `on_name` returns None if the name is accepted, else the sentence why not (shown under the
    field)."""

    overlay = True

    def __init__(
        self, app: Host, title: str, text: str, on_name: Callable[[str], str | None]
    ) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.on_name = on_name
        self.error = ""
        self.group = WidgetGroup()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.field: TextEntry | None = None

    @property
    def typed(self) -> str:
        return self.field.text if self.field is not None else self.text

    def leave(self) -> None:
        # The text field hands the keyboard back (text input, key repeat).
        self.group.set_focus(None)

    def layout(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        self.text = self.typed
        self.panel = pygame.Rect(0, 0, t.px(460), t.px(230))
        self.panel.center = (size[0] // 2, size[1] // 2)
        pad = t.px(24)
        field = pygame.Rect(
            self.panel.left + pad, self.panel.top + t.px(70), self.panel.width - 2 * pad, t.px(46)
        )
        self.group.clear()
        self.field = self.group.add(
            TextEntry(
                field,
                t,
                self.text,
                max_length=PLAYER_NAME_MAX,
                name="player_name",
            )
        )
        width = (self.panel.width - 3 * pad) // 2
        y = self.panel.bottom - pad - t.px(42)
        self.group.add(
            Button(
                (self.panel.left + pad, y, width, t.px(42)),
                t,
                _("OK"),
                self.accept,
                text_size=19,
                name="OK",
            )
        )
        self.group.add(
            Button(
                (self.panel.left + 2 * pad + width, y, width, t.px(42)),
                t,
                _("Cancel"),
                self.cancel,
                text_size=19,
                name="Cancel",
            )
        )
        self.group.set_focus(self.field)

    def accept(self) -> None:
        problem = self.on_name(self.typed)
        if problem is None:
            self.app.stack.remove(self)
        else:
            self.error = problem

    def cancel(self) -> None:
        self.app.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.accept()
            return True
        self.group.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill((0, 12, 4, 150))
        surface.blit(dim, (0, 0))
        surface.blit(t.panel(self.panel.size, fill=th.PANEL_LIGHT, radius=16), self.panel)
        title = t.text(_(self.title), 26, th.GOLD_LIGHT, "title")
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.top + t.px(20))))
        if self.error and self.field is not None:
            line = t.text(self.error, 15, th.ERROR)
            surface.blit(
                line,
                line.get_rect(midtop=(self.panel.centerx, self.field.rect.bottom + t.px(8))),
            )
        self.group.draw(surface)


class PlayersScene(ListScreen):
    title = N_("Players")
    row_height = 34
    keys_hint = N_(
        "\u2191 \u2193  choose     Enter  play as     N  new     R  rename     "
        "Del  remove     Tab  buttons     Esc  back"
    )

    def __init__(self, app: Host) -> None:
        self.table = RowTable(
            [
                Column(N_("Player"), 0.34),
                Column(N_("Played"), 0.14, "right"),
                Column(N_("Wins"), 0.12, "right"),
                Column(N_("Losses"), 0.12, "right"),
                Column(N_("Points"), 0.16, "right"),
                Column("", 0.12),
            ],
            "",
            on_open=lambda _row: self.play_as(),
        )
        super().__init__(app)

    def heading(self) -> str:
        return _(self.title)

    def buttons(self) -> list[tuple[str, Callable[[], None]]]:
        return [
            (N_("Play as"), self.play_as),
            (N_("New player"), self.new_player),
            (N_("Rename"), self.rename),
            (N_("Remove"), self.remove),
            (N_("History"), lambda: self._open("history")),
            (N_("Statistics"), lambda: self._open("stats")),
            (N_("Charts"), lambda: self._open("charts")),
            (N_("High scores"), lambda: self._open("fame")),
            (N_("League"), lambda: self._open("league")),
            (N_("Back"), self.close),
        ]

    def _open(self, name: str) -> None:
        screens: dict[str, Callable[[Host], Scene]] = {
            "history": HistoryScene,
            "stats": StatsScene,
            "charts": ChartsScene,
            "fame": FameScene,
            "league": LeagueScene,
        }
        self.app.stack.push(screens[name](self.app))

    def refresh(self) -> None:
        db = self.app.players.records
        current = self.app.players.profile.id
        self.table.empty = _("No players yet.")
        played = {row.name: row for row in league_table(db) if row.kind == "player"}
        rows = []
        for profile in profiles(db):
            league = played.get(profile.name)
            mark = _("playing") if profile.id == current else ""
            cells = [
                profile.name,
                str(league.played if league else 0),
                str(league.won if league else 0),
                str(league.lost if league else 0),
                f"{grouped(league.points_for if league else 0)}",
                mark,
            ]
            colour = th.GOLD_LIGHT if mark else th.CREAM
            rows.append(Row(cells, [colour] * 5 + [th.GOLD_LIGHT], key=profile.id))
        self.table.set_rows(rows)
        if not self.notice:
            self.say(_("{name} is playing.").format(name=self.app.players.profile.name))

    def _chosen(self) -> int | None:
        row = self.table.current
        return row.key if row is not None and isinstance(row.key, int) else None

    # -- actions -------------------------------------------------------------------------------
    def play_as(self) -> None:
        chosen = self._chosen()
        if chosen is None:
            return
        self.app.switch_player(chosen)
        self.say(
            _("{name} is playing: their preferences are loaded.").format(
                name=self.app.players.profile.name
            )
        )
        self.refresh()

    def new_player(self) -> None:
        def create(name: str) -> str | None:
            try:
                profile = create_profile(self.app.players.records, name)
            except ProfileError as exc:
                return refusal(exc)
            self.refresh()
            self.table.select(next(i for i, r in enumerate(self.table.rows) if r.key == profile.id))
            self.say(_("{name} joins. Choose Play as to play as {name}.").format(name=profile.name))
            return None

        self.app.stack.push(NameDialog(self.app, N_("New player"), "", create))

    def rename(self) -> None:
        chosen = self._chosen()
        row = self.table.current
        if chosen is None or row is None:
            return

        def apply(name: str) -> str | None:
            try:
                profile = rename_profile(self.app.players.records, chosen, name)
            except ProfileError as exc:
                return refusal(exc)
            if chosen == self.app.players.profile.id:
                self.app.prefs.player_name = profile.name
                self.app.preferences_changed()
            self.say(_("Renamed to {name}.").format(name=profile.name))
            self.refresh()
            return None

        self.app.stack.push(NameDialog(self.app, N_("Rename player"), str(row.cells[0]), apply))

    def remove(self) -> None:
        chosen = self._chosen()
        row = self.table.current
        if chosen is None or row is None:
            return
        if chosen == self.app.players.profile.id:
            self.say(
                _("The player who is playing cannot be removed: play as another first."),
                error=True,
            )
            return
        name = row.cells[0]

        def answer(yes: bool) -> None:
            if not yes:
                return
            try:
                remove_profile(self.app.players.records, chosen)
            except ProfileError as exc:
                self.say(refusal(exc), error=True)
                return
            self.say(_("{name} was removed, with their games.").format(name=name))
            self.refresh()

        confirm_dialog(
            self.app,
            _("Remove {name}?").format(name=name),
            _("{name}'s games and preferences will be deleted for good.").format(name=name),
            answer,
            yes=_("Remove"),
            no=_("Keep"),
        )

    # -- input ---------------------------------------------------------------------------------
    def shortcuts(self, event: pygame.event.Event) -> dict[int, Callable[[], None]]:
        return {
            pygame.K_n: self.new_player,
            pygame.K_r: self.rename,
            pygame.K_DELETE: self.remove,
            pygame.K_F2: self.rename,
        }
