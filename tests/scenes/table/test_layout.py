"""The busiest table fits the screen at 1280x720 and 1920x1080: nothing spills or overlaps."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.app import App
from game.bench.frames import busy_game
from game.match import LocalGame, local_match
from game.scenes.table.layout import compute_geometry
from game.scenes.table.table import TableOptions, TableScene
from tests.helpers.ui_events import step


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_forty_card_hand_and_full_meld_areas_fit(
    size: tuple[int, int], user_dirs: tuple[Path, Path]
) -> None:
    app = App(size=size)
    try:
        game = busy_game()
        assert len(game.players[0].hand) == 40
        table = TableScene(
            app,
            local_match(LocalGame(game, marks=[]), autosave=False, worker_mode="inline"),
            options=TableOptions(speed=0.0),
        )
        app.stack.push(table)
        step(app, 2)
        g = table.geometry
        screen = app.screen.get_rect()
        for card, placement in table.board.placements.items():
            rect = table.board.sprites[card].rect
            if not placement.shown:
                continue
            assert screen.contains(rect), (card, rect)
            assert not rect.colliderect(g.right) and not rect.colliderect(g.status)
            zone = placement.zone
            if zone.kind == "hand":
                area = g.hands[zone.seat]
                assert area.left <= rect.left and rect.right <= area.right + 1
        boxes = table.board.layout.meld_boxes
        for (seat, _key), box in boxes.items():
            assert g.halves[seat].contains(box), box
        mine = [b for (s, _), b in boxes.items() if s == 0]
        assert not any(a.colliderect(b) for i, a in enumerate(mine) for b in mine[i + 1 :])
        assert app.last_crash is None
    finally:
        app.close()


def test_regions_do_not_overlap_at_common_sizes() -> None:
    for size in ((1280, 720), (1920, 1080), (1366, 768), (1024, 768)):
        g = compute_geometry(size)
        assert not g.mat.colliderect(g.right) and not g.mat.colliderect(g.left)
        assert not g.halves[0].colliderect(g.halves[1])
        assert g.hands[0].bottom <= g.status.top and g.mat.bottom <= g.hands[0].top
        assert g.scoresheet.bottom <= g.rules_panel.top <= g.buttons.top


@pytest.mark.usefixtures("user_dirs")
def test_larger_cards_keep_a_long_hand_on_screen() -> None:
    normal = compute_geometry((1024, 600))
    large = compute_geometry((1024, 600), 1.4)
    assert large.hand_heights[0] > normal.hand_heights[0]
    assert large.hands[0].bottom <= large.status.top and large.mat.height > 0
    app = App(size=(1024, 600))
    try:
        app.prefs.card_size = "extra_large"
        table = TableScene(
            app,
            local_match(LocalGame(busy_game(), marks=[]), autosave=False, worker_mode="inline"),
            options=TableOptions(speed=0.0),
        )
        app.stack.push(table)
        step(app, 2)
        screen = app.screen.get_rect()
        hand = table.board.hand_order
        assert len(hand) == 40
        for card in hand:
            assert screen.contains(table.board.sprites[card].rect)
        assert table.board.sprites[hand[0]].rect.height == table.geometry.hand_heights[0]
        assert table.geometry.hand_heights[0] > normal.hand_heights[0]
    finally:
        app.close()
