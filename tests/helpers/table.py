"""Helpers for table tests: a table on a given game, where things are, and gestures on them."""

from __future__ import annotations

from typing import Any

import pygame

from game.app import App
from game.logic import Game, Rules
from game.logic.cards import CARD_CODE
from game.match import LocalGame, LocalMatch, local_match
from game.scenes.table.scores import HandOverScene
from game.scenes.table.table import TableOptions, TableScene
from game.scenes.title import TitleScene
from tests.helpers.scenario import position
from tests.helpers.ui_events import DT, click, step


def open_table(
    app: App,
    game: Game,
    *,
    speed: float = 0.0,
    autosave: bool = False,
    level: str = "carefree",
    **options: Any,
) -> TableScene:
    """A table over the title screen, the computer at `level`, animations off unless asked."""
    match = local_match(
        LocalGame(game, levels=("master",) + (level,) * (game.n_players - 1)),
        autosave=autosave,
        worker_mode="inline",
    )
    table = TableScene(app, match, options=TableOptions(speed=speed, **options))
    app.stack.push(TitleScene(app))
    app.stack.push(table)
    step(app)
    return table


def engine(table: TableScene) -> Game:
    """The engine's game behind a table against the computer."""
    assert isinstance(table.match, LocalMatch)
    return table.match.game.game


def card_with_code(table: TableScene, code: str) -> int:
    game = engine(table)
    return next(c for c in game.players[0].hand if CARD_CODE[c] == code)


def card_spot(table: TableScene, card: int) -> tuple[int, int]:
    """A point on the visible part of a card in the hand (its left strip)."""
    rect = table.board.sprites[card].rect
    return (int(rect.x) + 6, int(rect.centery))


def centre(rect: Any) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))


def empty_mat_spot(table: TableScene) -> tuple[int, int]:
    half = table.geometry.halves[0]
    return (half.right - 20, half.bottom - 20)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], button: int = 1) -> None:
    """Press at `start`, move there in a few steps, release at `end`."""
    buttons = (1, 0, 0) if button == 1 else (0, 0, 1)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
    app.step(DT)
    for fraction in (0.25, 0.5, 0.75, 1.0):
        pos = (
            round(start[0] + (end[0] - start[0]) * fraction),
            round(start[1] + (end[1] - start[1]) * fraction),
        )
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)
        )
        app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    app.step(DT)


def settle(app: App, table: TableScene, limit: int = 600) -> None:
    """Step until no card is moving."""
    for _ in range(limit):
        if not table.animator.busy:
            return
        app.step(DT)


def pile_with_a_pair() -> Game:
    """The player to draw, with a natural pair of Eights for the pile's top card."""
    return position(hands=("8H 8S 5C 6D 9S KH KD", "4C 4D 5H 6S 7C 9D JH"), pile="7D 8D")


def opened_position_with_a_meld() -> Game:
    """The player opened, with a meld of Queens, in the middle of a turn."""
    return position(
        hands=("9S 9H 9D 4C 5D KS KH", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"Q": "QS QH QD"}, {}),
        pile="7D 6C",
        phase="play",
        opened=(True, False),
    )


def about_to_go_out(totals: tuple[int, ...] = (0, 0), players: int = 2) -> Game:
    """Seat 0 has a canasta and can go out this turn (with `players` at the table: at four its
    side's one canasta is enough, at three it has the two of every game; a total per side)."""
    others = ("4C 4D 5H 6S 7C 9D JH", "5C 6D 7H 8S 10C JD 4S", "4H 5S 6C 8D 10H JC 7S")
    canastas = {"K": "KS KH KD KC KS KH KD", "9": "9S 9H 9D"}
    if players == 3:
        canastas["Q"] = "QS QH QD QC QS QH QD"
    sides = 2 if players == 4 else players
    return position(
        Rules().with_players(players),
        hands=("9C 5D", *others[: players - 1]),
        melds=(canastas, *({},) * (sides - 1)),
        threes=("",) * sides,
        pile="7D 6C",
        phase="play",
        opened=(True, *(False,) * (sides - 1)),
        totals=totals,
    )


def quick_autoplay_table(app: App, game: Game) -> TableScene:
    """A table whose AutoPlay plays at the quickest level, so a hand ends in a few moves."""
    match = local_match(
        LocalGame(game, levels=("carefree",) * game.n_players),
        autosave=False,
        worker_mode="inline",
    )
    table = TableScene(app, match, options=TableOptions(speed=0.0))
    app.stack.push(TitleScene(app))
    app.stack.push(table)
    step(app)
    return table


def autoplay_to_the_results(app: App, table: TableScene) -> None:
    """Turn AutoPlay on and step until the hand's results show."""
    click(app, centre(table.buttons["autoplay"].rect))
    assert table.match.autoplay
    for _ in range(600):
        if isinstance(app.stack.top, HandOverScene):
            return
        step(app)
    raise AssertionError("the hand never ended")
