"""The way into the records screens from outside them: by name (`--scene`, tests) and from the
table's menu.

`open_screen(app, "history")` pushes one of `SCREENS`. `table_menu_items` is what the app lends
the table for its menu (`Host.table_menu`): Restart hand and Restart game in a game against the
computer, Replicate a game (the history, to choose one) and Players and records. `game_review`
is what it lends the final scores (`Host.game_review`): the review of the game just recorded. Every records
screen is imported here and none imports this module, so the screens form no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.language import N_, _
from game.match import LocalMatch
from game.scenes.records.charts import ChartsScene
from game.scenes.records.fame import FameScene
from game.scenes.records.history import HistoryScene
from game.scenes.records.league import LeagueScene
from game.scenes.records.players import PlayersScene
from game.scenes.records.review import ReviewScene
from game.scenes.records.same_cards import same_cards_items
from game.scenes.records.stats import StatsScene
from game.scenes.table.table import TableScene

if TYPE_CHECKING:
    from game.scenes.base import Host, Scene

SCREENS: dict[str, Callable[[Host], Scene]] = {
    "players": PlayersScene,
    "history": HistoryScene,
    "stats": StatsScene,
    "charts": ChartsScene,
    "fame": FameScene,
    "league": LeagueScene,
}


def open_screen(app: Host, name: str) -> Scene:
    """Push the records screen called `name` (a key of `SCREENS`)."""
    scene = SCREENS[name](app)
    app.stack.push(scene)
    return scene


def table_menu_items(scene: Scene) -> list[tuple[str, Callable[[], None]]]:
    """The table menu's entries for the same cards again and the records."""
    if not isinstance(scene, TableScene):
        return []
    app = scene.app
    items = same_cards_items(scene)
    if isinstance(scene.match, LocalMatch):
        items.append((N_("Replicate a game\u2026"), lambda: _choose_to_replicate(app)))
    items.append((N_("Players and records"), lambda: _push(app, PlayersScene(app))))
    return items


def game_review(scene: Scene) -> Callable[[], None] | None:
    """How did I play? for the game against the computer a table has just finished and
    recorded, or None."""
    if not isinstance(scene, TableScene) or not isinstance(scene.match, LocalMatch):
        return None
    recording = scene.match.recording
    if recording is None or not recording.finished or recording.game_id is None:
        return None
    app, game_id = scene.app, recording.game_id
    return lambda: _push(app, ReviewScene(app, game_id))


def _push(app: Host, scene: Scene) -> None:
    app.stack.push(scene)


def _choose_to_replicate(app: Host) -> None:
    history = HistoryScene(app)
    app.stack.push(history)
    history.say(_("Choose a game and press C (Replicate) to play its deals again."))
