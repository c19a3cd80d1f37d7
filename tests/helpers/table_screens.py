"""The table's screens for the language tests, each built with real keys and clicks: the table in
play, with a hint, a refusal and its "Why?", its menus, the cut for the deal, AutoStep, the end of
a hand and of the game, "May I go out?" at four, the tutorial's first steps. Each builder takes the app and returns when the
screen is on top."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.bench.frames import busy_game
from game.language import _
from game.logic import Game, Rules
from game.logic.actions import AskGoOut
from game.logic.cards import MELD_KEY_OF_NAME
from game.logic.cut import cut_for_deal
from game.scenes.dialog import DialogScene
from game.scenes.learn.tutorial import TutorialScene
from game.scenes.menu import MenuScene
from game.scenes.table.autostep import AutoStepScene
from game.scenes.table.cut import CutDialog
from game.scenes.table.scores import GameOverScene, HandOverScene
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from tests.helpers.scenario import position
from tests.helpers.table import (
    about_to_go_out,
    autoplay_to_the_results,
    open_table,
    quick_autoplay_table,
)
from tests.helpers.ui_events import click, press, step

Builder = Callable[[App], object]


def in_play(app: App, game: Game | None = None) -> TableScene:
    table = open_table(app, game or busy_game(), level="advanced")
    step(app, 2)
    return table


def big_scores() -> Game:
    """A hand in play with totals of six digits and below zero, canastas on the table."""
    return position(
        hands=("9C 5D 4H 4S JH QH 7C 7S 8D 10H 10S AH 2C", "4C 4D 5H 6S 7C 9D JH"),
        melds=({"K": "KS KH KD KC KS KH KD", "9": "9S 9H 9D"}, {"Q": "QS QC QD QH"}),
        pile="7D 6C",
        phase="play",
        opened=(True, True),
        totals=(123456, -12345),
    )


def table(app: App) -> None:
    in_play(app)


def hint(app: App) -> None:
    scene = in_play(app, big_scores())
    press(app, pygame.K_h)
    step(app, 30)
    assert scene.hint is not None and scene.hint.visible


def refusal(app: App) -> None:
    scene = in_play(app, big_scores())
    press(app, pygame.K_F7)  # take the pile: refused, with "Why?"
    assert scene.model.message_error


def refusal_in_a_dialog(app: App) -> None:
    app.prefs.refusals_in_dialog = True
    in_play(app, big_scores())
    press(app, pygame.K_F7)
    assert isinstance(app.stack.top, DialogScene)


def table_menu(app: App) -> None:
    in_play(app)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def learning_menu(app: App) -> None:
    table_menu(app)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons[_("Help and learning")].rect.center)
    assert isinstance(app.stack.top, MenuScene) and app.stack.top is not menu


def meld_menu(app: App) -> None:
    scene = in_play(app, big_scores())
    assert scene.board is not None
    box = scene.board.layout.meld_boxes[(0, MELD_KEY_OF_NAME["K"])]
    click(app, (box.centerx, box.centery), button=3)
    assert isinstance(app.stack.top, MenuScene)


def pile_menu(app: App) -> None:
    scene = in_play(app, big_scores())
    assert scene.geometry is not None
    click(app, scene.geometry.pile_rect.center, button=3)
    assert isinstance(app.stack.top, MenuScene)


def canasta_details(app: App) -> None:
    in_play(app, big_scores())
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons[_("Canasta details")].rect.center)
    assert isinstance(app.stack.top, DialogScene)


def cut(app: App) -> None:
    scene = in_play(app, Game(Rules().with_players(4), seed=5))
    app.stack.push(CutDialog(app, cut_for_deal(5, 4), scene.names))


def autostep(app: App) -> None:
    scene = in_play(app)
    app.stack.push(AutoStepScene(app, scene, scene.match))  # type: ignore[arg-type]


def hand_over(app: App) -> None:
    autoplay_to_the_results(app, quick_autoplay_table(app, about_to_go_out((4321, -1234))))
    assert isinstance(app.stack.top, HandOverScene)


def game_over(app: App, players: int = 2) -> None:
    totals = (123456, -12345, 4321)[: 3 if players == 3 else 2]
    autoplay_to_the_results(app, quick_autoplay_table(app, about_to_go_out(totals, players)))
    press(app, pygame.K_RETURN)
    step(app, 5)
    assert isinstance(app.stack.top, GameOverScene), app.stack.top


def north_asks(app: App) -> None:
    """At four, North asks "May I go out?": the question put to the person in a dialog."""
    game = position(
        Rules().with_players(4),
        hands=("9C 5D 4H 6S 7D JC", "4C 4D 5H 6S 7C 9D JH", "5C 5D 6H 7S 8C 10D QH", "6C 6D"),
        melds=({"K": "KS KH KD KC KS KH KD", "9": "9S 9H 9D"}, {"8": "8S 8H 8D"}),
        threes=("3H", "3D"),
        pile="7S 6C",
        phase="play",
        opened=(True, True),
        totals=(4321, -1234),
    )
    game.to_move = 2
    game.apply(AskGoOut())
    in_play(app, game)
    step(app, 10)
    assert isinstance(app.stack.top, DialogScene), app.stack.top


def what_can_i_do(app: App) -> None:
    in_play(app, big_scores())
    press(app, pygame.K_F3)
    assert isinstance(app.stack.top, DialogScene)


def opening_meld(app: App) -> None:
    """The scenario behind the "Open:" counter, for a player who has not opened."""
    in_play(app, Game(seed=12))
    press(app, pygame.K_ESCAPE)
    click(app, app.stack.top.buttons[_("Help and learning")].rect.center)  # type: ignore[attr-defined]
    click(app, app.stack.top.buttons[_("Opening meld")].rect.center)  # type: ignore[attr-defined]
    assert isinstance(app.stack.top, DialogScene)


def tutorial(app: App) -> None:
    """The tutorial's first steps: its introduction, the deal and two moves told, a rule note."""
    app.stack.push(TitleScene(app))
    scene = TutorialScene(app, TableScene)
    app.stack.push(scene)
    step(app, 3)
    for _move in range(2):
        press(app, pygame.K_n)
        step(app, 3)
    press(app, pygame.K_r)
    step(app, 3)
    assert scene.notes_seen


SCREENS: dict[str, Builder] = {
    "table": table,
    "hint": hint,
    "refusal with Why?": refusal,
    "refusal in a dialog": refusal_in_a_dialog,
    "table menu": table_menu,
    "help and learning menu": learning_menu,
    "meld menu": meld_menu,
    "pile menu": pile_menu,
    "canasta details": canasta_details,
    "cut for the deal": cut,
    "AutoStep": autostep,
    "hand over": hand_over,
    "game over": game_over,
    "game over at 4": lambda app: game_over(app, 4),
    "May I go out? at 4": north_asks,
    "tutorial": tutorial,
    "what can I do": what_can_i_do,
    "opening meld": opening_meld,
}
