"""The same cards again: restart the hand or the game with the same deal, replicate a past game,
and replay a recorded game on the table.

Restart hand deals the hand in play again exactly as it was dealt; Restart game deals the whole
game again from its first hand (the old game goes into the history as abandoned). Replicate plays
a new game whose every hand is dealt as in a chosen past game, against the same computer level.
Restarted and replicated games are marked so in the statistics and never count for the high
scores. These are offered in the table's menu (for a game against the computer) and on the
history screens. `ReplayTableScene` is the table stepping through a recorded game: Right or
Space forward, Left back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.language import N_, _
from game.logic.replay import replay_document
from game.match import SEAT_NAMES, SKILL_TITLES, LocalGame, LocalMatch, local_match
from game.match.replay_view import ReplayMatch
from game.records import (
    DealError,
    GameRow,
    get_game,
    replay_of,
    replicate_game,
    setup_from_replay,
)
from game.scenes.flow import give_up_saved_game
from game.scenes.records.screen import RecordsScreen
from game.scenes.records.shared import when_words
from game.scenes.table.table import TableOptions, TableScene
from game.settings import SKILL_LEVELS

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.scenes.base import Host

    MenuItem = tuple[str, Callable[[], None]]


def same_cards_items(table: TableScene) -> list[MenuItem]:
    """The table menu's entries for playing the same cards again (games against the computer)."""
    if not isinstance(table.match, LocalMatch):
        return []
    return [
        (N_("Restart hand"), lambda: restart_hand(table)),
        (N_("Restart game"), lambda: restart_game(table)),
    ]


def restart_hand(table: TableScene) -> None:
    match = table.match
    assert isinstance(match, LocalMatch)
    table.deal_again(match.restart_hand, _("The hand is dealt again with the same cards."))


def restart_game(table: TableScene) -> None:
    match = table.match
    assert isinstance(match, LocalMatch)

    def deal() -> str | None:
        setup = setup_from_replay(replay_document(match.game.game))
        old = match.game
        local = LocalGame(
            setup.new_game(),
            levels=old.levels,
            aggressiveness=old.aggressiveness,
            ai_seed=old.ai_seed,
        )
        match.replace_game(local, setup, restarted=True)
        return None

    table.deal_again(deal, _("The game starts again with the same deals."))


def replicate(app: Host, game_id: int) -> str | None:
    """Play a new game dealt as recorded game `game_id`; returns why not, or None."""
    db = app.players.records
    try:
        setup = replicate_game(db, game_id)
        game = setup.new_game()
        row = get_game(db, game_id)
    except (KeyError, DealError, ValueError) as exc:
        return _("This game cannot be dealt again ({reason}).").format(reason=exc)
    local = LocalGame(
        game,
        levels=("master", *_levels(row, app.prefs.skill_level)),
        aggressiveness=app.prefs.aggressiveness,
        ai_seed=(setup.deal.seed or 0) % 1_000_003,
    )
    text = _("A replica of your game of {date}: the same deals again.").format(
        date=when_words(row.started_at)
    )
    for scene in list(app.stack):
        if isinstance(scene, RecordsScreen):
            app.stack.remove(scene)
    table = _table_on_stack(app)
    if table is not None and isinstance(table.match, LocalMatch):
        match = table.match

        def deal() -> str | None:
            match.replace_game(local, setup)
            return None

        table.deal_again(deal, text)
        return None
    give_up_saved_game(app)
    match = local_match(local, records=db, setup=setup)
    app.stack.push(TableScene(app, match, options=TableOptions(notice=text)))
    return None


def _levels(row: GameRow, fallback: str) -> tuple[str, ...]:
    """The levels of seats 1, 2, ... as recorded (the opponents from the player's left, the
    partner opposite at four); `fallback` for a network player or an unknown level."""
    opponents = [name if name in SKILL_LEVELS else fallback for name in row.opponent.split(", ")]
    if row.players == 4:
        partner = row.partner if row.partner in SKILL_LEVELS else fallback
        return (opponents[0], partner, opponents[-1])
    if row.players == 3:
        return (opponents[0], opponents[-1])
    return (row.opponent if row.opponent in SKILL_LEVELS else fallback,)


def _table_on_stack(app: Host) -> TableScene | None:
    for scene in app.stack:
        if isinstance(scene, TableScene) and not isinstance(scene, ReplayTableScene):
            return scene
    return None


def replay_game(app: Host, game_id: int) -> str | None:
    """Open recorded game `game_id` on the table, to step through; returns why not, or None."""
    db = app.players.records
    try:
        doc = replay_of(db, game_id)
        row = get_game(db, game_id)
        if row.players > 2:  # the seats named as at the live table
            names = SEAT_NAMES[row.players]
            match = ReplayMatch(doc, names[0], row.seat, other_names=names)
        elif row.opponent_kind == "computer":  # named as at the live table, with its level
            level = SKILL_TITLES.get(row.opponent, row.opponent.title())
            match = ReplayMatch(doc, "Computer", row.seat, opponent_level=level)
        else:
            match = ReplayMatch(doc, row.opponent, row.seat)
    except (KeyError, ValueError) as exc:
        return _("This game has no replay to show ({reason}).").format(reason=exc)
    notice = _("Replay: \u2192 or Space steps forward, \u2190 steps back, Esc for the menu.")
    app.stack.push(ReplayTableScene(app, match, options=TableOptions(notice=notice)))
    return None


class ReplayTableScene(TableScene):
    """The table stepping through a recorded game (see `ReplayMatch`)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and isinstance(self.match, ReplayMatch):
            if event.key in (pygame.K_RIGHT, pygame.K_SPACE):
                self.step(forward=True)
                return True
            if event.key == pygame.K_LEFT:
                self.step(forward=False)
                return True
        return super().handle_event(event)

    def step(self, forward: bool) -> None:
        match = self.match
        assert isinstance(match, ReplayMatch) and self.choreo is not None
        self.choreo.fast_forward()
        moved = match.forward() if forward else match.back()
        if not forward:
            # Stepping back over the end of a hand shows its scores again on the way forward.
            self.hand_over_shown = False
        if moved:
            self.show_unpaced()
        self.say(match.level_text() if moved else match.status_text())
