"""Where everything sits on the card table, for one screen size (User Guide section 3).

The stock and the discard pile stand in a column left of the mat, with each player's laid-down
Threes beside the pile on their own side; the opponent's hand is face down along the top, the
player's hand face up along the bottom; the mat between them is split in two, the opponent's melds
on the upper half and the player's on the lower. The scoresheet, the rules panel and the buttons
fill a column on the right, and the status bar runs along the bottom edge. Sizes are designed for
a 1280x720 screen and scaled with its height, so 1920x1080 looks the same, only sharper. Pure
arithmetic on rectangles: no drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from game.sprites.layout import CARD_ASPECT

BASE_HEIGHT = 720


@dataclass(frozen=True)
class TableGeometry:
    size: tuple[int, int]
    scale: float
    status: Rect
    left: Rect
    right: Rect
    scoresheet: Rect
    rules_panel: Rect
    buttons: Rect
    mat: Rect
    # Indexed by seat: 0 is the player at the bottom, 1 the opponent at the top.
    halves: tuple[Rect, Rect]
    hands: tuple[Rect, Rect]
    hand_heights: tuple[int, int]
    raise_px: int
    meld_height: int
    pile_height: int
    stock_pos: tuple[int, int]
    pile_pos: tuple[int, int]
    threes_height: int
    threes_pos: tuple[tuple[int, int], tuple[int, int]]
    talon_pos: tuple[int, int]
    pass_button: Rect
    opponent_label: Rect

    def px(self, value: float) -> int:
        return max(1, round(value * self.scale))

    def card_width(self, height: int) -> int:
        return max(1, round(height * CARD_ASPECT))

    @property
    def stock_rect(self) -> Rect:
        return Rect(self.stock_pos, (self.card_width(self.pile_height), self.pile_height))

    @property
    def pile_rect(self) -> Rect:
        return Rect(self.pile_pos, (self.card_width(self.pile_height), self.pile_height))

    def threes_rect(self, seat: int) -> Rect:
        x, y = self.threes_pos[seat]
        return Rect(x, y, self.left.right - x, self.threes_height)


def compute_geometry(size: tuple[int, int], hand_scale: float = 1.0) -> TableGeometry:
    """The table's regions for a screen of `size` pixels; the player's hand cards `hand_scale`
    times their designed height (the card size preference: the mat gives up the room)."""
    w, h = size
    scale = h / BASE_HEIGHT

    def px(value: float) -> int:
        return max(1, round(value * scale))

    margin = px(8)
    # Tall enough for a status message wrapped on two lines.
    status_h = px(36)
    status = Rect(0, h - status_h, w, status_h)
    # Side columns keep their designed width unless the window is unusually narrow.
    right_w = min(px(236), int(w * 0.2))
    left_w = min(px(180), int(w * 0.15))
    right = Rect(w - margin - right_w, margin, right_w, status.top - 2 * margin)
    left = Rect(margin, margin, left_w, status.top - 2 * margin)

    hand_h = px(112 * hand_scale)
    raise_px = px(20)
    hand_top = status.top - px(8) - hand_h
    player_hand = Rect(margin, hand_top - raise_px, right.left - 2 * margin, hand_h + raise_px)
    opponent_h = px(70)
    centre_left = left.right + px(8)
    centre_right = right.left - px(8)
    opponent_hand = Rect(centre_left, margin, centre_right - centre_left, opponent_h)
    mat = Rect(
        centre_left,
        opponent_hand.bottom + px(8),
        centre_right - centre_left,
        player_hand.top - px(6) - (opponent_hand.bottom + px(8)),
    )
    gap = px(6)
    upper = Rect(mat.left, mat.top, mat.width, (mat.height - gap) // 2)
    lower = Rect(mat.left, upper.bottom + gap, mat.width, mat.bottom - upper.bottom - gap)

    # Meld cards: as tall as lets a six-card cascade (22% of each card showing) fill a half.
    meld_h = max(px(40), min(px(92), int((lower.height - px(14)) / 2.12)))
    pile_h = px(100)
    pile_w = round(pile_h * CARD_ASPECT)
    column_gap = max(px(10), (left.width - 2 * pile_w) // 3)
    stock_x = left.left + column_gap
    pile_x = stock_x + pile_w + column_gap
    pile_y = mat.centery - pile_h // 2 - px(8)
    threes_h = px(62)
    threes_x = left.left + px(8)
    # Threes sit by the pile, each player's on their own half.
    threes_top = (threes_x, mat.top + px(4))
    threes_bottom = (threes_x, mat.bottom - threes_h - px(4))
    # Talons (Modern rules) wait above the stock; the Pass button goes under the pile.
    talon_pos = (stock_x, pile_y - px(10) - threes_h)
    pass_button = Rect(left.left + px(10), pile_y + pile_h + px(30), left.width - px(20), px(32))

    scoresheet = Rect(right.left, right.top, right.width, px(318))
    button_rows = 4
    button_h, button_gap = px(34), px(6)
    buttons_h = button_rows * button_h + (button_rows - 1) * button_gap
    buttons = Rect(right.left, right.bottom - buttons_h, right.width, buttons_h)
    # Between the scoresheet and the buttons: the last plays, and the rules panel when the rules
    # are not the Classic ones (the HUD divides this space).
    rules_panel = Rect(
        right.left,
        scoresheet.bottom + px(8),
        right.width,
        max(0, buttons.top - px(8) - scoresheet.bottom - px(8)),
    )
    opponent_label = Rect(left.left, margin, left.width, opponent_h)

    return TableGeometry(
        size=(w, h),
        scale=scale,
        status=status,
        left=left,
        right=right,
        scoresheet=scoresheet,
        rules_panel=rules_panel,
        buttons=buttons,
        mat=mat,
        halves=(lower, upper),
        hands=(player_hand, opponent_hand),
        hand_heights=(hand_h, opponent_h),
        raise_px=raise_px,
        meld_height=meld_h,
        pile_height=pile_h,
        stock_pos=(stock_x, pile_y),
        pile_pos=(pile_x, pile_y),
        threes_height=threes_h,
        threes_pos=(threes_bottom, threes_top),
        talon_pos=talon_pos,
        pass_button=pass_button,
        opponent_label=opponent_label,
    )
