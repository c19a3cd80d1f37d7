"""Card geometry: hands fit and stay readable, melds stay in their area, piles stay put."""

from __future__ import annotations

import itertools

import pytest
from pygame import Rect

from game.sprites.layout import (
    card_size,
    default_card_height,
    fan_hand,
    insertion_index,
    meld_columns,
    pile,
)

SCREEN = (1280, 720)


def hand_area() -> Rect:
    return Rect(20, 560, SCREEN[0] - 40, 150)


def test_forty_cards_fit_across_a_1280_window_with_every_index_visible() -> None:
    w, h = card_size(default_card_height(SCREEN))
    rects = fan_hand(hand_area(), 40, w, h)
    assert len(rects) == 40
    area = hand_area()
    assert rects[0].left >= area.left - 1e-3
    assert rects[-1].right <= area.right + 1e-3
    steps = [b.x - a.x for a, b in itertools.pairwise(rects)]
    # Each card keeps at least a quarter of its width visible: its rank and suit index show.
    assert min(steps) >= 0.25 * w
    assert max(steps) - min(steps) < 1e-3


def test_a_small_hand_uses_the_full_spread_and_is_centred() -> None:
    w, h = card_size(120)
    rects = fan_hand(hand_area(), 5, w, h, spread=0.4)
    assert rects[1].x - rects[0].x == pytest.approx(0.4 * w, abs=1e-2)
    middle = (rects[0].left + rects[-1].right) / 2
    assert middle == pytest.approx(hand_area().centerx, abs=1e-2)


def test_rank_groups_get_gaps_when_there_is_room() -> None:
    w, h = card_size(120)
    plain = fan_hand(hand_area(), 6, w, h)
    grouped = fan_hand(hand_area(), 6, w, h, groups=[2, 3, 1])
    plain_steps = [b.x - a.x for a, b in itertools.pairwise(plain)]
    grouped_steps = [b.x - a.x for a, b in itertools.pairwise(grouped)]
    assert grouped_steps[1] > plain_steps[1]  # break after the first group of 2
    assert grouped_steps[0] == pytest.approx(plain_steps[0], abs=1e-2)


def test_gaps_shrink_before_cards_squeeze_together() -> None:
    w, h = card_size(120)
    groups = [3] * 13 + [1]
    rects = fan_hand(hand_area(), 40, w, h, groups=groups)
    assert rects[-1].right <= hand_area().right + 1e-3
    assert rects[0].left >= hand_area().left - 1e-3


def test_group_sizes_must_add_up() -> None:
    with pytest.raises(ValueError):
        fan_hand(hand_area(), 5, 80, 112, groups=[2, 2])


def test_insertion_index_follows_the_drop_position() -> None:
    rects = fan_hand(hand_area(), 10, 80, 112)
    assert insertion_index(rects, rects[0].x - 50) == 0
    assert insertion_index(rects, rects[4].x + 1) == 4
    assert insertion_index(rects, rects[-1].right + 10) == 10


def test_melds_stay_inside_their_area_and_wrap_to_new_rows() -> None:
    area = Rect(100, 300, 700, 240)
    w, h = card_size(90)
    melds = meld_columns(area, [3, 7, 4, 5, 3, 3, 6, 3, 4, 3], w, h)
    assert len(melds) == 10
    for column in melds:
        for rect in column:
            assert area.left <= rect.left and rect.right <= area.right + 1e-3
            assert area.top <= rect.top and rect.bottom <= area.bottom + 1e-3
    rows = {column[0].y for column in melds}
    assert len(rows) == 2


def test_filled_meld_columns_spread_evenly_from_edge_to_edge() -> None:
    area = Rect(100, 300, 900, 240)
    w, h = card_size(90)
    columns = meld_columns(area, [3, 0, 4, 1], w, h, fill=True)
    step = (area.width - w) / 3
    assert columns[0][0].x == area.left and abs(columns[-1][0].right - area.right) < 1e-3
    assert abs(columns[2][0].x - (area.left + 2 * step)) < 1e-3
    assert columns[1] == []


def test_meld_cards_cascade_so_each_index_shows() -> None:
    w, h = card_size(90)
    column = meld_columns(Rect(0, 0, 500, 400), [5], w, h)[0]
    offsets = [b.y - a.y for a, b in itertools.pairwise(column)]
    assert all(o >= 0.12 * h - 1e-3 for o in offsets)
    assert all(rect.x == column[0].x for rect in column)


def test_a_full_stock_looks_thick_but_does_not_drift() -> None:
    rects = pile((50, 200), 108, 80, 112)
    assert rects[0].topleft == (50, 200)
    assert abs(rects[-1].x - 50) <= 12 * 0.6 + 1e-3
    assert rects[-1].x > rects[0].x
