"""Where everything sits on the card table, for one screen size (User Guide section 3).

The stock and the discard pile stand in a column left of the mat, with each player's laid-down
Threes beside the pile on their own side; the opponent's hand is face down along the top, the
player's hand face up along the bottom; the mat between them is split in two, the opponent's melds
on the upper half and the player's on the lower. The scoresheet, the rules panel and the buttons
fill a column on the right, and the status bar runs along the bottom edge. Sizes are designed for
a 1280x720 screen and scaled with its height, so 1920x1080 looks the same, only sharper. Pure
arithmetic on rectangles: no drawing here.

With three or four players the mat makes room at its sides for the players to the left (West,
who plays after the person) and right (East): each has a strip with their name, their hand face
down across the strip and, at three, their laid Threes. At four the partner (North) sits at the
top where the opponent sits at two, and each side's melds fill one half of the mat (the person's
side below); at three the upper half is West's melds on the left and East's on the right.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    # Indexed by seat: 0 is the player at the bottom, 1 the opponent at the top (with three or
    # four players: 1 West, 2 North or East, 3 East; a side's seats share their meld area).
    halves: tuple[Rect, ...]
    hands: tuple[Rect, ...]
    hand_heights: tuple[int, ...]
    raise_px: int
    meld_height: int
    pile_height: int
    stock_pos: tuple[int, int]
    pile_pos: tuple[int, int]
    threes_height: int
    threes_pos: tuple[tuple[int, int], ...]
    talon_pos: tuple[int, int]
    pass_button: Rect
    opponent_label: Rect
    # With three or four players: each seat's name box (seat 0's unused) and the button that
    # asks the partner "May I go out?" (four players).
    seat_labels: tuple[Rect, ...] = ()
    ask_button: Rect | None = None
    # Where the seat's Threes may run to (the left column's edge, or a side strip's).
    threes_right: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.hands)

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
        right = self.threes_right[seat] if self.threes_right else self.left.right
        return Rect(x, y, right - x, self.threes_height)


def compute_geometry(
    size: tuple[int, int], hand_scale: float = 1.0, players: int = 2
) -> TableGeometry:
    """The table's regions for a screen of `size` pixels; the player's hand cards `hand_scale`
    times their designed height (the card size preference: the mat gives up the room); for
    `players` 3 or 4 the seats at the sides too."""
    base = _two_player_geometry(size, hand_scale)
    return base if players == 2 else _seat_sides(base, players)


def _seat_sides(g: TableGeometry, players: int) -> TableGeometry:
    """`g` with strips for West and East cut from the sides of the mat (and, at three, the top
    strip given to the mat: nobody sits opposite)."""
    px = g.px
    strip_w = px(96)
    gap = px(8)
    top = g.hands[1].top if players == 3 else g.mat.top
    full = Rect(g.mat.left, top, g.mat.width, g.mat.bottom - top)
    west = Rect(full.left, full.top, strip_w, full.height)
    east = Rect(full.right - strip_w, full.top, strip_w, full.height)
    mat = Rect(west.right + gap, full.top, east.left - gap - (west.right + gap), full.height)
    split = px(6)
    upper = Rect(mat.left, mat.top, mat.width, (mat.height - split) // 2)
    lower = Rect(mat.left, upper.bottom + split, mat.width, mat.bottom - upper.bottom - split)
    label_h = px(50)
    threes_h = g.threes_height
    side_h = px(62)  # the side hands' cards (lying across the strip)

    def hand_area(strip: Rect, with_threes: bool) -> Rect:
        bottom = strip.bottom - (threes_h + px(10) if with_threes else px(4))
        return Rect(strip.left, strip.top + label_h, strip.width, bottom - strip.top - label_h)

    labels = [Rect(0, 0, 0, 0), Rect(west.left, west.top, west.width, label_h)]
    hands: tuple[Rect, ...]
    heights: tuple[int, ...]
    halves: tuple[Rect, ...]
    threes: tuple[tuple[int, int], ...]
    threes_right: tuple[int, ...]
    strip_threes = (west.left + px(6), west.bottom - threes_h - px(4))
    east_threes = (east.left + px(6), east.bottom - threes_h - px(4))
    if players == 4:
        north = g.hands[1]
        hands = (g.hands[0], hand_area(west, False), north, hand_area(east, False))
        heights = (g.hand_heights[0], side_h, g.hand_heights[1], side_h)
        halves = (lower, upper, lower, upper)
        # North's name stands left of their cards, which are fanned in the middle of the top.
        north_label = Rect(mat.left, north.top, min(px(150), mat.width // 4), label_h)
        labels += [north_label, Rect(east.left, east.top, east.width, label_h)]
        # A side's Threes lie together in the left column: the person's side below.
        threes = (g.threes_pos[0], g.threes_pos[1], g.threes_pos[0], g.threes_pos[1])
        threes_right = (g.left.right,) * 4
        ask = Rect(g.pass_button.left, g.pass_button.bottom + px(8), g.pass_button.width, px(32))
    else:
        hands = (g.hands[0], hand_area(west, True), hand_area(east, True))
        heights = (g.hand_heights[0], side_h, side_h)
        half_w = (upper.width - split) // 2
        halves = (
            lower,
            Rect(upper.left, upper.top, half_w, upper.height),
            Rect(
                upper.left + half_w + split, upper.top, upper.width - half_w - split, upper.height
            ),
        )
        labels.append(Rect(east.left, east.top, east.width, label_h))
        threes = (g.threes_pos[0], strip_threes, east_threes)
        threes_right = (g.left.right, west.right, east.right)
        ask = None
    return replace(
        g,
        mat=mat,
        halves=halves,
        hands=hands,
        hand_heights=heights,
        threes_pos=threes,
        seat_labels=tuple(labels),
        ask_button=ask,
        threes_right=threes_right,
    )


def _two_player_geometry(size: tuple[int, int], hand_scale: float) -> TableGeometry:
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
