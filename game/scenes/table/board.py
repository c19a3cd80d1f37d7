"""The cards on the table: one sprite per card, and where each card belongs in a position.

`Board` owns 108 `TableCard` sprites, one per card id for the whole game, so a card that moves
from the stock to a hand to a meld is the same sprite gliding from place to place. `placements`
works out, from the `TableState` (what the player may see) and the table's own state (selected cards, sorting, meld order), where
every card should be, face up or down, tinted or not, and above which others; the choreographer
then animates the sprites there. The board also answers "which card, meld or area is under the
pointer". It decides nothing about the rules.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass, field

import pygame
from pygame import FRect, Rect

from game.logic.cards import (
    CARD_PACK,
    CARD_SUIT,
    IS_RED_THREE,
    IS_WILD,
    N_CARDS,
    NATURAL_MELD_RANKS,
    THREE,
    WILD,
)
from game.match import TableState
from game.match.table_info import canasta_kind_of, display_key, rank_group
from game.scenes.table.layout import TableGeometry
from game.sprites.cards import CardImages, CardSprite, Tint, image_code
from game.sprites.layout import fan_hand, meld_columns, pile, spread_row

# Draw order bands: later bands lie on top.
LAYER_STOCK = 0
LAYER_PILE = 200
LAYER_THREES = 400
LAYER_TALON = 500
LAYER_MELDS = 1000
LAYER_OPPONENT = 2000
LAYER_HAND = 3000
LAYER_FLYING = 5000
CANASTA_TINTS = {
    "natural": Tint.NATURAL_CANASTA,
    "mixed": Tint.MIXED_CANASTA,
    "wild": Tint.WILD_CANASTA,
}
_RANK_POSITION = {3: 0, WILD: 20}
# Fixed rank columns: a column for every natural rank, Threes first and wild melds last when
# either side has one (so a rank's column is the same on every side of the mat).
FIXED_COLUMN_ORDER = (THREE, *NATURAL_MELD_RANKS, WILD)


@dataclass(frozen=True)
class Zone:
    """Where a card is: kind is hand, meld, stock, pile, threes, talon or special."""

    kind: str
    seat: int = -1
    key: int = 0


@dataclass(frozen=True)
class Placement:
    x: float
    y: float
    height: int
    face_up: bool
    tint: Tint | None
    layer: int
    shown: bool
    zone: Zone
    crosswise: bool = False  # lying across (the card that froze the pile, under it)


@dataclass(frozen=True)
class BoardOptions:
    """The table's own state that decides how cards lie (not the game's)."""

    selected: frozenset[int] = frozenset()
    fresh_tint: bool = True
    sorting: str = "rank"
    meld_layout: str = "created"
    reveal: bool = False
    # Whose eyes the pile's frozen tint is for: the player, or (watching) the player to move.
    pile_viewer: int = 0
    # The player's own order of the hand (cards dragged within it), kept until the next sort.
    arranged: tuple[int, ...] = ()
    # Preferences: canastas and a frozen or blocked pile tinted, hands spread twice as wide.
    canasta_tints: bool = True
    pile_tints: bool = True
    wide_spreads: bool = False


def suit_key(card: int) -> tuple[int, int, int]:
    """By suit (wild cards last), then rank within the suit."""
    return (1 if IS_WILD[card] else 0, CARD_SUIT[card], display_key(card)[0])


def hand_in_order(cards: list[int], options: BoardOptions) -> list[int]:
    """The player's cards in the order chosen: the player's own arrangement (cards new since
    then at the end), by suit, as held (dealt and drawn), or by rank."""
    if options.arranged:
        placed = set(options.arranged)
        kept = [c for c in options.arranged if c in set(cards)]
        return kept + [c for c in cards if c not in placed]
    if options.sorting == "suit":
        return sorted(cards, key=suit_key)
    if options.sorting == "none":
        return list(cards)
    return sorted(cards, key=display_key)


@dataclass
class Badge:
    """A small count drawn on a squared-up canasta."""

    rect: Rect
    count: int
    kind: str


@dataclass
class BoardLayout:
    placements: dict[int, Placement]
    meld_boxes: dict[tuple[int, int], Rect] = field(default_factory=dict)
    badges: list[Badge] = field(default_factory=list)
    hand_order: list[int] = field(default_factory=list)


class TableCard(CardSprite):
    """A card sprite that knows its card id (for hit-testing, nothing else)."""

    def __init__(
        self, card_id: int, images: CardImages, height: int, pos: tuple[float, float]
    ) -> None:
        super().__init__(
            images,
            image_code(card_id),
            pack=CARD_PACK[card_id] + 1,
            face_up=False,
            height=height,
            pos=pos,
        )
        self.card_id = card_id


class Board:
    def __init__(self, images: CardImages, geometry: TableGeometry) -> None:
        self.images = images
        self.geometry = geometry
        pos = (float(geometry.stock_pos[0]), float(geometry.stock_pos[1]))
        self.sprites: dict[int, TableCard] = {
            card: TableCard(card, images, geometry.pile_height, pos) for card in range(N_CARDS)
        }
        self.group: pygame.sprite.LayeredUpdates[TableCard] = pygame.sprite.LayeredUpdates()
        for sprite in self.sprites.values():
            self.group.add(sprite, layer=LAYER_STOCK)
        self.layout = BoardLayout({})

    @property
    def placements(self) -> dict[int, Placement]:
        return self.layout.placements

    def set_geometry(self, geometry: TableGeometry) -> None:
        self.geometry = geometry
        for sprite in self.sprites.values():
            sprite.reload()

    def exchange(self, a: int, b: int) -> None:
        """Swap where two face-down cards lie (a network table learning which hidden card was
        which): each sprite takes the other's place, so nothing visible moves."""
        sa, sb = self.sprites[a], self.sprites[b]
        layer_a, layer_b = self.group.get_layer_of_sprite(sa), self.group.get_layer_of_sprite(sb)
        pos_a, pos_b = sa.pos, sb.pos
        sa.height, sb.height = sb.height, sa.height
        sa.pos, sb.pos = pos_b, pos_a
        sa.shown, sb.shown = sb.shown, sa.shown
        self.group.change_layer(sa, layer_b)
        self.group.change_layer(sb, layer_a)
        placements = self.layout.placements
        if a in placements and b in placements:
            placements[a], placements[b] = placements[b], placements[a]

    # -- where cards belong --------------------------------------------------------------------
    def compute(self, state: TableState, options: BoardOptions) -> BoardLayout:
        g = self.geometry
        out = BoardLayout({})
        self._place_stock(state, out)
        self._place_pile(state, options, out)
        # A side's melds and Threes are shown once (with four players, at seats 0 and 1).
        for seat in range(state.view.sides):
            self._place_threes(state, seat, out)
            self._place_melds(state, seat, options, out)
        self._place_talons(state, out)
        self._place_player_hand(state, options, out)
        players = state.seat_count
        for seat in range(1, players):
            if players == 2 or (seat == 2 and players == 4):
                self._place_opponent_hand(state, seat, options, out)
            else:
                self._place_side_hand(state, seat, options, out)
        # Anything not accounted for waits, hidden, under the stock.
        x, y = g.stock_pos
        for card in range(N_CARDS):
            if card not in out.placements:
                out.placements[card] = Placement(
                    x, y, g.pile_height, False, None, LAYER_STOCK, False, Zone("stock")
                )
        return out

    def _size(self, height: int) -> tuple[int, int]:
        return self.images.size_for(height)

    def _place_stock(self, state: TableState, out: BoardLayout) -> None:
        g = self.geometry
        w, h = self._size(g.pile_height)
        count = len(state.stock)
        for index, rect in enumerate(pile(g.stock_pos, count, w, h)):
            # Only every fourth card and the top two are drawn: the rest lie hidden beneath.
            shown = index >= count - 2 or index % 4 == 3
            out.placements[state.stock[index]] = Placement(
                rect.x,
                rect.y,
                g.pile_height,
                False,
                None,
                LAYER_STOCK + index,
                shown,
                Zone("stock"),
            )

    def _place_pile(self, state: TableState, options: BoardOptions, out: BoardLayout) -> None:
        g = self.geometry
        w, h = self._size(g.pile_height)
        count = len(state.pile)
        top_tint = None
        if options.pile_tints and state.pile_blocked:
            top_tint = Tint.BLOCKED
        elif options.pile_tints and state.pile_frozen_for(options.pile_viewer):
            top_tint = Tint.FROZEN
        # The card that froze the pile lies across it, under the cards thrown since (as at a
        # real table), so a frozen pile shows why at a glance.
        across = next(
            (i for i, c in enumerate(state.pile[:-1]) if IS_WILD[c] or IS_RED_THREE[c]), None
        )
        for index, rect in enumerate(pile(g.pile_pos, count, w, h)):
            if index == across:
                x, y = rect.centerx - h / 2, rect.centery - w / 2
                out.placements[state.pile[index]] = Placement(
                    x, y, g.pile_height, True, None, LAYER_PILE + index, True, Zone("pile"), True
                )
                continue
            shown = index >= count - 3 or index % 4 == 3
            tint = top_tint if index == count - 1 else None
            out.placements[state.pile[index]] = Placement(
                rect.x, rect.y, g.pile_height, True, tint, LAYER_PILE + index, shown, Zone("pile")
            )

    def _place_threes(self, state: TableState, seat: int, out: BoardLayout) -> None:
        g = self.geometry
        w, h = self._size(g.threes_height)
        threes = state.threes(seat)
        room = g.threes_rect(seat).right - g.threes_pos[seat][0] - w
        step = min(0.32, room / max(1, (len(threes) - 1) * w)) if len(threes) > 1 else 0.32
        for index, rect in enumerate(spread_row(g.threes_pos[seat], len(threes), w, h, step=step)):
            out.placements[threes[index]] = Placement(
                rect.x,
                rect.y,
                g.threes_height,
                True,
                None,
                LAYER_THREES + index,
                True,
                Zone("threes", seat),
            )

    def _place_talons(self, state: TableState, out: BoardLayout) -> None:
        g = self.geometry
        w, h = self._size(g.threes_height)
        x, y = g.talon_pos
        for number, talon in enumerate(state.talons):
            for index, rect in enumerate(
                pile((x + number * (w + g.px(10)), y), len(talon), w, h, every=1, shift=(1.0, -1.0))
            ):
                out.placements[talon[index]] = Placement(
                    rect.x,
                    rect.y,
                    g.threes_height,
                    False,
                    None,
                    LAYER_TALON + number * 10 + index,
                    True,
                    Zone("talon"),
                )

    def _meld_order(self, state: TableState, seat: int, layout: str) -> list[int]:
        melds = state.melds(seat)
        keys = list(melds)
        if layout == "rank":
            keys.sort(key=lambda k: _RANK_POSITION.get(k, k))
        elif layout == "length":

            def weight(k: int) -> tuple[int, int]:
                kind = canasta_kind_of(k, melds[k])
                band = 0 if kind in ("natural", "wild") else (1 if kind == "mixed" else 2)
                return (band, -len(melds[k]))

            keys.sort(key=weight)
        return keys

    def _fit_meld_height(self, area: Rect, columns: list[int]) -> int:
        """The tallest meld card (up to the designed size) with which every column fits."""
        g = self.geometry
        height = g.meld_height
        while height > g.px(44):
            w = self._size(height)[0]
            gap = 0.12 * w
            per_row = max(1, int((area.width + gap) // (w + gap)))
            rows = math.ceil(len(columns) / per_row)
            row_h = (area.height - 0.08 * height * (rows - 1)) / rows
            longest = max(columns)
            if height + (longest - 1) * 0.12 * height <= row_h + 0.5:
                return height
            height -= g.px(4)
        return height

    def _meld_columns(self, state: TableState, seat: int) -> list[int]:
        """How many cards each of a side's melds shows in its column (a canasta lies squared)."""
        melds = state.melds(seat)
        return [1 if canasta_kind_of(k, m) is not None else len(m) for k, m in melds.items()]

    def _meld_grid(
        self, state: TableState, seat: int, options: BoardOptions
    ) -> tuple[list[int], list[list[FRect]], int]:
        """The side's melds in the order shown, a column of rects for each (then one for the
        special melds, if any) and the height of their cards."""
        g = self.geometry
        area = g.halves[seat].inflate(-g.px(16), -g.px(12))
        if options.meld_layout == "fixed":
            return self._fixed_grid(state, seat, area)
        melds = state.melds(seat)
        keys = self._meld_order(state, seat, options.meld_layout)
        sizes = dict(zip(melds, self._meld_columns(state, seat), strict=True))
        columns = [sizes[k] for k in keys]
        specials = len(state.special_cards(seat))
        if specials:
            columns.append(min(specials, 6))
        height = self._fit_meld_height(area, columns)
        w, h = self._size(height)
        return keys, meld_columns(area, columns, w, h), height

    def _fixed_grid(
        self, state: TableState, seat: int, area: Rect
    ) -> tuple[list[int], list[list[FRect]], int]:
        """Fixed rank columns: every side's grid is the same, its columns as long as the longest
        meld of that rank on any side, so the melds of a rank lie opposite each other and the
        cards are the same size on both halves of the mat."""
        g = self.geometry
        sides = range(state.view.sides)
        longest: dict[int, int] = {}
        for side in sides:
            for key, size in zip(state.melds(side), self._meld_columns(state, side), strict=True):
                longest[key] = max(longest.get(key, 0), size)
        slots = [k for k in FIXED_COLUMN_ORDER if k in NATURAL_MELD_RANKS or k in longest]
        columns = [longest.get(k, 1) for k in slots]
        specials = max(min(len(state.special_cards(side)), 6) for side in sides)
        if specials:
            columns.append(specials)
        # The narrowest half decides (with three players the upper halves are narrower).
        narrowest = min(g.halves[side].width for side in sides) - g.px(16)
        grid_area = Rect(area.left, area.top, narrowest, area.height)
        height = self._fit_meld_height(grid_area, columns)
        w, h = self._size(height)
        grid = meld_columns(grid_area, columns, w, h, fill=True)
        melds = state.melds(seat)
        keys = [k for k in slots if k in melds]
        sizes = dict(zip(melds, self._meld_columns(state, seat), strict=True))
        rects = [grid[slots.index(k)][: sizes[k]] for k in keys]
        if specials:
            rects.append(grid[-1])
        return keys, rects, height

    def _place_melds(
        self, state: TableState, seat: int, options: BoardOptions, out: BoardLayout
    ) -> None:
        g = self.geometry
        melds = state.melds(seat)
        specials = list(state.special_cards(seat))
        if not melds and not specials:
            return
        keys, rects, height = self._meld_grid(state, seat, options)
        w, h = self._size(height)
        thick = max(1.0, g.px(1.4))
        for index, key in enumerate(keys):
            cards = melds[key]
            # Wild cards lie behind the naturals (User Guide 3.1).
            ordered = sorted(cards, key=lambda c: (not IS_WILD[c], display_key(c)))
            kind = canasta_kind_of(key, cards)
            column = rects[index]
            base = LAYER_MELDS + index * 40
            if kind is not None:
                top = column[0]
                tint = CANASTA_TINTS[kind] if options.canasta_tints else None
                depth = min(len(ordered), 8)
                for i, card in enumerate(ordered):
                    step = min(i, depth - 1)
                    out.placements[card] = Placement(
                        top.x + step * thick * 0.5,
                        top.y + step * thick,
                        height,
                        True,
                        tint,
                        base + i,
                        True,
                        Zone("meld", seat, key),
                    )
                box = Rect(
                    round(top.x),
                    round(top.y),
                    w + round(depth * thick * 0.5),
                    h + round(depth * thick),
                )
                badge_size = g.px(22)
                out.badges.append(
                    Badge(
                        Rect(
                            box.right - badge_size - g.px(2),
                            box.bottom - badge_size - g.px(2),
                            badge_size,
                            badge_size,
                        ),
                        len(cards),
                        kind,
                    )
                )
            else:
                for i, card in enumerate(ordered):
                    rect = column[i]
                    out.placements[card] = Placement(
                        rect.x, rect.y, height, True, None, base + i, True, Zone("meld", seat, key)
                    )
                box = Rect(
                    round(column[0].x),
                    round(column[0].y),
                    w,
                    round(column[-1].bottom - column[0].y),
                )
            out.meld_boxes[(seat, key)] = box
        if specials:
            column = rects[len(keys)]
            spacing = (column[1].y - column[0].y) if len(column) > 1 else 0.0
            for i, card in enumerate(specials):
                out.placements[card] = Placement(
                    column[0].x,
                    column[0].y + i * spacing * 0.45,
                    height,
                    True,
                    Tint.NATURAL_CANASTA if options.canasta_tints else None,
                    LAYER_MELDS + 900 + i,
                    True,
                    Zone("special", seat),
                )

    def _place_player_hand(
        self, state: TableState, options: BoardOptions, out: BoardLayout
    ) -> None:
        g = self.geometry
        hand = state.hand(0)
        locked = state.turn_locked() if state.to_move == 0 else frozenset()
        main = hand_in_order([c for c in hand if c not in locked], options)
        extra = sorted((c for c in hand if c in locked), key=display_key)
        order = main + extra
        out.hand_order = order
        if not order:
            return
        groups: list[int] = []
        if options.sorting == "rank_groups" and not options.arranged:
            previous: int | None = None
            for card in main:
                group = rank_group(card)
                if groups and group == previous:
                    groups[-1] += 1
                else:
                    groups.append(1)
                previous = group
        elif main:
            groups.append(len(main))
        if extra:
            groups.append(len(extra))
        height = g.hand_heights[0]
        w, h = self._size(height)
        area = g.hands[0]
        # Wider spreads show nearly each card whole (less where the hand is long).
        spread, group_gap = (0.95, 0.4) if options.wide_spreads else (0.6, 0.3)
        natural = w * (1 + spread * (len(order) - 1) + group_gap * (len(groups) - 1))
        # A hand that fits under the mat is centred under it; a long one uses the full width.
        left, width = (
            (g.mat.left, g.mat.width) if natural <= g.mat.width else (area.left, area.width)
        )
        row = Rect(left, area.bottom - h, width, h)
        rects = fan_hand(
            row,
            len(order),
            w,
            h,
            groups=groups if len(groups) > 1 else None,
            spread=spread,
            group_gap=group_gap,
        )
        fresh = set(state.view.turn_drawn) if (state.to_move == 0 and options.fresh_tint) else set()
        for index, card in enumerate(order):
            rect = rects[index]
            y = rect.y
            tint: Tint | None = None
            if card in options.selected:
                y -= g.raise_px
                tint = Tint.SELECTED
            elif card in locked:
                tint = Tint.FROZEN
            elif card in fresh:
                tint = Tint.STOCK_DRAW
            out.placements[card] = Placement(
                rect.x, y, height, True, tint, LAYER_HAND + index, True, Zone("hand", 0)
            )

    def _place_opponent_hand(
        self, state: TableState, seat: int, options: BoardOptions, out: BoardLayout
    ) -> None:
        """The hand of the player opposite (the opponent at two, the partner at four), fanned
        face down along the top."""
        g = self.geometry
        hand = _other_hand(state, seat, options)
        if not hand:
            return
        height = g.hand_heights[seat]
        w, h = self._size(height)
        spread = 0.4 if options.reveal else 0.3
        if options.wide_spreads:
            spread *= 2
        rects = fan_hand(g.hands[seat], len(hand), w, h, spread=spread)
        for index, card in enumerate(hand):
            rect = rects[index]
            out.placements[card] = Placement(
                rect.x,
                rect.y,
                height,
                options.reveal,
                None,
                LAYER_OPPONENT + seat * 100 + index,
                True,
                Zone("hand", seat),
            )

    def _place_side_hand(
        self, state: TableState, seat: int, options: BoardOptions, out: BoardLayout
    ) -> None:
        """The hand of a player to the left or right: face down, lying across its strip, in a
        column that closes up as the hand grows."""
        g = self.geometry
        hand = _other_hand(state, seat, options)
        if not hand:
            return
        height = g.hand_heights[seat]
        w, h = self._size(height)  # lying across: w tall, h wide
        area = g.hands[seat]
        step = min(w * 0.42, (area.height - w) / max(1, len(hand) - 1))
        top = area.top + max(0.0, (area.height - w - step * (len(hand) - 1)) / 2)
        x = area.centerx - h / 2
        for index, card in enumerate(hand):
            out.placements[card] = Placement(
                x,
                top + index * step,
                height,
                options.reveal,
                None,
                LAYER_OPPONENT + seat * 100 + index,
                True,
                Zone("hand", seat),
                True,
            )

    # -- hit-testing ---------------------------------------------------------------------------
    def card_at(
        self,
        pos: tuple[int, int],
        zone_kind: str | None = None,
        seat: int | None = None,
        ignore: Collection[int] = (),
    ) -> int | None:
        """The top-most shown card under `pos` (optionally only in one kind of zone), looking
        through the cards in `ignore` (those the pointer is carrying). In a hand, where no card
        shows under the pointer, a card is also found where it is going to lie: a click aimed
        at a card just drawn, still flying in, finds it at once."""
        shown = self._shown_card_at(pos, zone_kind, seat, ignore)
        if shown is None and zone_kind == "hand":
            return self._hand_card_at(pos, seat, ignore)
        return shown

    def _shown_card_at(
        self,
        pos: tuple[int, int],
        zone_kind: str | None,
        seat: int | None,
        ignore: Collection[int],
    ) -> int | None:
        for sprite in reversed(self.group.get_sprites_at(pos)):
            if not sprite.shown or sprite.card_id in ignore:
                continue
            placement = self.placements.get(sprite.card_id)
            if placement is None:
                continue
            if zone_kind is not None and placement.zone.kind != zone_kind:
                continue
            if seat is not None and placement.zone.seat != seat:
                continue
            return sprite.card_id
        return None

    def _hand_card_at(
        self, pos: tuple[int, int], seat: int | None, ignore: Collection[int]
    ) -> int | None:
        lying = sorted(
            (
                (placement.layer, card)
                for card, placement in self.placements.items()
                if placement.zone.kind == "hand"
                and (seat is None or placement.zone.seat == seat)
                and placement.shown
                and card not in ignore
            ),
            reverse=True,
        )
        for _layer, card in lying:
            placement = self.placements[card]
            size = self.sprites[card].rect.size
            if pygame.FRect((placement.x, placement.y), size).collidepoint(pos):
                return card
        return None

    def meld_at(self, pos: tuple[int, int], seat: int) -> int | None:
        for (owner, key), box in self.layout.meld_boxes.items():
            if owner == seat and box.inflate(self.geometry.px(6), self.geometry.px(6)).collidepoint(
                pos
            ):
                return key
        return None

    @property
    def hand_order(self) -> list[int]:
        """The player's cards from left to right as last laid out."""
        return self.layout.hand_order

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.fblits([(s.image, s.rect) for s in self.group.sprites() if s.shown])


def _other_hand(state: TableState, seat: int, options: BoardOptions) -> list[int]:
    """Another seat's hand in the order it is laid out: as held, or sorted when revealed."""
    hand = list(state.hand(seat))
    if options.reveal:
        hand.sort(key=display_key)
    return hand
