"""The end of a hand and of the game at the table: when the scores come up over it, how long they
stay, and what follows (the next hand, the final scores, or the end of a headless run).

`HandResults` is a part the table holds. Once the last change of a hand has been shown and the
cards are at rest it waits a moment, then puts the hand's score breakdown over the table; closing
that deals the next hand, or shows the final scores when the game is over. While AutoPlay plays
the breakdown closes by itself after the time the player chose, and AutoPlay stops with the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

from game.logic import events as ev
from game.scenes.table.scores import GameOverScene, HandOverScene

if TYPE_CHECKING:
    from game.logic.events import Event
    from game.match import Match, TableState
    from game.scenes.base import Host, Scene
    from game.scenes.table.photographer import Photographer
    from game.sprites.tween import Animator

HAND_OVER_DELAY = 0.8


class RunOptions(Protocol):
    pauses: bool  # pause between the opponent's moves (and before the results)
    hands: int | None  # quit the app after this many hands
    photographer: Photographer | None
    quit_at_end: bool  # quit the app once the final scores are shown


class ResultsTable(Protocol):
    """What the results use of the table that holds them."""

    app: Host
    match: Match
    state: TableState
    animator: Animator
    watch_paused: bool
    hud_dirty: bool

    @property
    def options(self) -> RunOptions: ...
    @property
    def side_names(self) -> tuple[str, ...]: ...
    def new_game(self) -> None: ...
    def to_title(self) -> None: ...
    def say(self, text: str, error: bool = False) -> None: ...
    def start_reminder(self) -> str: ...
    def show_unpaced(self) -> None: ...


class HandResults:
    def __init__(self, table: ResultsTable) -> None:
        self.table = table
        self.wait = 0.0
        self.shown = False  # the results of the hand just over are up (or were)
        self.hands_completed = 0

    def after(self, events: list[Event]) -> None:
        for event in events:
            if event.kind == ev.DEAL:
                self.shown = False
                self.wait = 0.0
            elif event.kind == ev.HAND_OVER:
                self.hands_completed += 1
                self.wait = 0.0

    def tick(self, dt: float) -> None:
        """The hand is over and every change shown: the results, after a moment."""
        if self.shown:
            return
        table = self.table
        delay = HAND_OVER_DELAY if table.animator.speed > 0 and table.options.pauses else 0.0
        self.wait += dt
        if self.wait < delay:
            return
        self.shown = True
        photographer = table.options.photographer
        number = table.state.hand_no
        on_shown = (lambda: photographer.request(f"hand{number}_score")) if photographer else None
        table.app.stack.push(
            HandOverScene(
                table.app,
                table.state,
                table.side_names,
                self._after_hand_over,
                auto_seconds=self._auto_seconds(),
                on_shown=on_shown,
            )
        )

    def _auto_seconds(self) -> float | None:
        """How long the hand results stay up by themselves: while AutoPlay plays, for the time
        the player chose in the preferences (none: until dismissed); a headless run without
        pauses goes straight on. Without AutoPlay, until the player moves on."""
        table = self.table
        if not table.match.autoplay:
            return None
        if not table.options.pauses:
            return 0.0
        seconds = table.app.prefs.results_seconds
        return float(seconds) if seconds > 0 else None

    def _stop_autoplay_at_game_over(self) -> None:
        """AutoPlay ends with the game: the final scores wait for the player, and no new game
        starts by itself."""
        table = self.table
        if table.match.autoplay and table.options.hands is None:
            table.match.set_autoplay(False, table.app.prefs.skill_level)
            table.watch_paused = False
            table.hud_dirty = True

    def _game_over_shown(self) -> None:
        """The final scores are on screen: their picture, and the end of a headless run."""
        options = self.table.options
        if options.photographer is not None:
            options.photographer.request("game_over")
        if options.quit_at_end:
            self.table.app.quit()

    def _review(self) -> Callable[[], None] | None:
        """The way to the review of the game just over, if the app lends one."""
        review = self.table.app.game_review
        # The results' table is the table scene itself (`ResultsTable` names what they use).
        return review(cast("Scene", self.table)) if review is not None else None

    def _after_hand_over(self) -> None:
        table = self.table
        limit = table.options.hands
        if limit is not None and (self.hands_completed >= limit or table.state.game_over):
            table.app.quit()
            return
        if table.state.game_over:
            on_shown = self._game_over_shown
            self._stop_autoplay_at_game_over()
            table.app.stack.push(
                GameOverScene(
                    table.app,
                    table.state,
                    table.side_names,
                    on_new_game=table.new_game,
                    on_title=table.to_title,
                    on_review=self._review(),
                    on_shown=on_shown,
                )
            )
            return
        text = table.match.next_hand() or table.start_reminder()
        if text:
            table.say(text)
        table.show_unpaced()
