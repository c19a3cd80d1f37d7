"""Dealing (User Guide 4.4.5): a new game starts with a cut for the deal when the player asks
for it, shown before the deal; a quick deal sends each hand as one block; a quiet deal is not
heard. Each is set in Options → Play and survives a restart."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.app import App
from game.logic import Game
from game.scenes import flow
from game.scenes.dialog import DialogScene
from game.scenes.options import OptionsScene
from game.scenes.table.cut import CutDialog
from game.scenes.table.table import TableScene
from game.scenes.title import TitleScene
from tests.helpers.options import control_in_view
from tests.helpers.table import engine, open_table
from tests.helpers.ui_events import click, press, step


@pytest.fixture
def sounds(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name: played.append(name) or True)
    return played


def switch_on(app: App, key: str) -> None:
    """Options → Play, the preference's switch clicked on, and back."""
    scene = OptionsScene(app)
    app.stack.push(scene)
    step(app)
    click(app, next(t for t in scene.tabs if t.label == "Play").rect.center)
    click(app, control_in_view(app, scene, key).rect.center)
    assert getattr(app.prefs, key) is True
    press(app, pygame.K_ESCAPE)


def test_a_new_game_starts_with_the_cut_shown_and_its_winner_playing_first(app: App) -> None:
    app.stack.push(TitleScene(app))
    switch_on(app, "cut_for_deal")
    table = flow.start_new_game(app)
    step(app)
    dialog = app.stack.top
    assert isinstance(dialog, CutDialog)
    cut = dialog.cut
    game = engine(table)
    assert game.initial_first_player == cut.first_player == game.to_move
    winner = table.names[cut.first_player]
    assert f"{winner} play" in dialog.message
    press(app, pygame.K_RETURN)
    assert app.stack.top is table
    # F2 (a new game) cuts again.
    press(app, pygame.K_F2)
    ask = app.stack.top
    assert isinstance(ask, DialogScene)
    click(app, next(b for b in ask.buttons if b.label == "New game").rect.center)
    step(app)
    assert isinstance(app.stack.top, CutDialog)


def test_without_the_preference_there_is_no_cut_and_the_player_starts(app: App) -> None:
    app.stack.push(TitleScene(app))
    table = flow.start_new_game(app)
    step(app)
    assert app.stack.top is table and engine(table).initial_first_player == 0


def cards_under_way(table: TableScene, game: Game) -> int:
    """How many of the player's dealt cards have left the stock."""
    stock = table.geometry.stock_pos
    return sum(
        1 for card in game.players[0].hand if abs(table.board.sprites[card].rect.x - stock[0]) > 4
    )


def deal_in_progress(app: App) -> tuple[TableScene, Game]:
    """A fresh game's deal, animated, a little after the first cards set off."""
    game = Game(seed=4)
    table = open_table(app, game, speed=1.0)
    step(app, 30)  # half a second: the shuffle, then the first cards
    return table, game


def test_a_quick_deal_sends_the_whole_hand_at_once(app: App) -> None:
    table, game = deal_in_progress(app)
    one_by_one = cards_under_way(table, game)
    assert 0 < one_by_one < len(game.players[0].hand)
    app.prefs.quick_deal = True
    quick, game = deal_in_progress(app)
    assert cards_under_way(quick, game) == len(game.players[0].hand)


def test_a_quiet_deal_makes_no_sound_of_cards(app: App, sounds: list[str]) -> None:
    deal_in_progress(app)
    step(app, 120)
    assert "deal" in sounds
    sounds.clear()
    app.prefs.quiet_deal = True
    deal_in_progress(app)
    step(app, 120)
    assert "deal" not in sounds and "shuffle" in sounds


def test_the_dealing_preferences_survive_a_restart(user_dirs: tuple[Path, Path]) -> None:
    first = App(size=(1280, 720))
    try:
        first.stack.push(TitleScene(first))
        for key in ("cut_for_deal", "quick_deal", "quiet_deal"):
            switch_on(first, key)
    finally:
        first.close()
    again = App(size=(1280, 720))
    try:
        assert again.prefs.cut_for_deal and again.prefs.quick_deal and again.prefs.quiet_deal
    finally:
        again.close()
