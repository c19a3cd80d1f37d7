"""Table preferences go through the options screen to disk and come back in a new session."""

from __future__ import annotations

import itertools
from pathlib import Path

import pygame

from game.app import App
from game.logic import Rules
from game.scenes import flow
from game.scenes.options import OptionsScene
from game.scenes.title import TitleScene
from game.settings import load_preferences, preferences_path
from tests.helpers.table import engine
from tests.helpers.ui_events import press, step


def control(scene: OptionsScene, key: str):
    return next(row.control for row in scene.rows if row.item.key == key)


def test_preferences_round_trip_through_disk_into_the_next_game(
    user_dirs: tuple[Path, Path],
) -> None:
    app = App(size=(1280, 720))
    try:
        app.stack.push(TitleScene(app))
        scene = OptionsScene(app)
        app.stack.push(scene)
        step(app)
        control(scene, "skill_level").set_value("expert")
        scene.show_section(1)
        control(scene, "hand_sorting").set_value("rank_groups")
        control(scene, "meld_layout").set_value("length")
        control(scene, "animation_speed").set_value("off")
        scene.show_section(3)
        control(scene, "preset").set_value("modern_american")
        control(scene, "target_score").set_value(10000)
        press(app, pygame.K_ESCAPE)  # leaving saves at once
    finally:
        app.close()
    stored, warnings = load_preferences(preferences_path())
    assert not warnings
    assert stored.rules == {"preset": "modern_american", "target_score": 10000}
    again = App(size=(1280, 720))
    try:
        assert again.prefs == stored
        table = flow.start_new_game(again)
        step(again)
        game = engine(table)
        assert game.rules == Rules.from_dict({"preset": "modern_american", "target_score": 10000})
        assert table.match.game.levels[1] == "expert" and table.animator.speed == 0
        # Rank groups: the hand shows a gap between ranks.
        order = table.board.hand_order
        steps = {
            round(table.board.sprites[b].rect.x - table.board.sprites[a].rect.x)
            for a, b in itertools.pairwise(order)
        }
        assert len(steps) >= 2
    finally:
        again.close()


def test_an_impossible_rule_combination_is_refused_with_its_reason(
    user_dirs: tuple[Path, Path],
) -> None:
    app = App(size=(1280, 720))
    try:
        scene = OptionsScene(app, section=3, game_in_progress=True)
        app.stack.push(scene)
        step(app)
        control(scene, "special_melds").set_value(True)  # needs 13 cards and a one-card draw
        assert app.prefs.rules == {}
        assert "13-card deal" in scene.error_text
        assert control(scene, "special_melds").value is False
    finally:
        app.close()


def test_the_four_colour_deck_recolours_the_table_from_the_options(
    user_dirs: tuple[Path, Path],
) -> None:
    from game.logic import Game
    from game.logic.cards import CARD_CODE
    from tests.helpers.table import open_table

    app = App(size=(1280, 720))  # the real card pictures
    try:
        table = open_table(app, Game(seed=3))
        diamond = next(c for c in engine(table).players[0].hand if CARD_CODE[c].endswith("D"))
        sprite = table.board.sprites[diamond]

        def reds() -> int:
            image = sprite.image
            return sum(
                1
                for x in range(0, image.get_width(), 2)
                for y in range(0, image.get_height(), 2)
                if image.get_at((x, y)).r > 180 > 90 > max(image.get_at((x, y))[1:3])
            )

        assert reds() > 0
        scene = OptionsScene(app, game_in_progress=True)
        app.stack.push(scene)
        step(app)
        scene.show_section(1)
        control(scene, "four_colour_deck").set_value(True)
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is table
        step(app)
        assert reds() == 0
    finally:
        app.close()
