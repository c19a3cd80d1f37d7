"""The Explore screens (User Guide 4.7): where the cards are, what was seen, what is unknown and
what the opponent probably holds, all from the player's own view; and the practice tools.

The screen is given the player's `PlayerView` and `TableMemory` only (never the table's picture,
whose face-down places hold real cards), so nothing on it can show a card the player may not see.
Pages: Distribution (a map of the 108 cards, two copies of each card and four Jokers, coloured by
where each is known to be, with a legend and counts), Recall, Deduce, Predict opponent hand, and
Practice: Doctor hand (exchange a card of your hand for any card not on show) and Swap cards (swap
the two hands), allowed before the first meld of a hand against the computer. A game where they
were used is marked practice and never counts for records.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.language import N_, _
from game.logic.assist import (
    Place,
    TableMemory,
    deduce,
    distribution,
    doctor_hand,
    practice_refusal,
    predict_opponent,
    recall,
    swap_hands,
)
from game.logic.assist.names import card_name
from game.logic.cards import (
    ALL_CARDS,
    CARD_RANK,
    CARD_SUIT,
    IS_RED_THREE,
    JOKER,
    N_CARDS,
    CardId,
    sorted_cards,
)
from game.logic.errors import IllegalAction
from game.logic.view import PlayerView
from game.scenes.gui_scene import GuiScene
from game.ui import theme as th
from game.ui.gui import escape, hex_colour

if TYPE_CHECKING:
    from game.match import Match
    from game.scenes.base import Host

PAGES = (N_("Distribution"), N_("Recall"), N_("Deduce"), N_("Predict opponent"), N_("Practice"))
PLACE_COLOURS: dict[Place, tuple[int, int, int]] = {
    Place.MY_HAND: (236, 230, 206),
    Place.MY_HAND_SEEN: (120, 170, 240),
    Place.MY_MELDS: (70, 180, 100),
    Place.MY_THREES: (40, 150, 150),
    Place.OPPONENT_MELDS: (230, 150, 60),
    Place.OPPONENT_THREES: (170, 110, 60),
    Place.OPPONENT_HAND_SEEN: (225, 80, 80),
    Place.PILE: (214, 176, 84),
    Place.UNKNOWN: (60, 72, 66),
}
RANK_COLUMNS = (14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)
RANK_LABEL = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"} | {r: str(r) for r in range(2, 10)}
SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")


def cards_by_place(
    view: PlayerView, memory: TableMemory | None
) -> dict[tuple[int, int], list[Place]]:
    """(rank, suit) -> the places of its copies; Jokers under (JOKER, 0)."""
    places = distribution(view, memory).places
    out: dict[tuple[int, int], list[Place]] = {}
    for card in range(N_CARDS):
        rank = CARD_RANK[card]
        key = (JOKER, 0) if rank == JOKER else (rank, CARD_SUIT[card])
        out.setdefault(key, []).append(places[card])
    return out


def page_lines(page: str, view: PlayerView, memory: TableMemory | None) -> list[str]:
    """The sentences of a text page in the player's language, from the view and memory alone."""
    if page == "Recall":
        return [_(line) for line in recall(view, memory).lines()]
    if page == "Deduce":
        return [_(line) for line in deduce(view, memory).lines()]
    if page == "Predict opponent":
        return [_(line) for line in predict_opponent(view, memory).lines()]
    counts = distribution(view, memory).counts()
    return [f"{place_words(place)}: {counts[place]}" for place in Place]


def place_words(place: Place) -> str:
    """Where a card is, as a heading in the player's language ("In your hand")."""
    words = _(place.value)
    return words[:1].upper() + words[1:]


class ExploreScene(GuiScene):
    """Explore; see the module docstring."""

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Explore")

    def __init__(
        self,
        app: Host,
        view: PlayerView,
        memory: TableMemory | None = None,
        *,
        match: Match | None = None,
        page: str = "Distribution",
    ) -> None:
        super().__init__(app)
        self.view = view
        self.memory = memory
        self.match = match
        self.page = page
        self.places = cards_by_place(view, memory)
        self.text_box: pygame_gui.elements.UITextBox | None = None
        self.give_list: pygame_gui.elements.UISelectionList | None = None
        self.take_list: pygame_gui.elements.UISelectionList | None = None
        self.notice = ""
        self.map_rect = pygame.Rect(0, 0, 0, 0)

    # -- widgets -------------------------------------------------------------------------------
    def build(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        panel = self.panel_rect
        left_w, button_h, gap = t.px(220), t.px(42), t.px(10)
        for index, name in enumerate(PAGES):
            button = pygame_gui.elements.UIButton(
                pygame.Rect(panel.left, panel.top + index * (button_h + gap), left_w, button_h),
                _(name),
                manager=self.manager,
                object_id=f"#page_{index}",
            )
            if name == self.page:
                button.select()  # type: ignore[no-untyped-call]
        pygame_gui.elements.UIButton(
            pygame.Rect(panel.left, panel.bottom - button_h, left_w, button_h),
            _("Back to the table (Esc)"),
            manager=self.manager,
            object_id="#close",
        )
        content = pygame.Rect(panel.left + left_w + t.px(20), panel.top, 0, panel.height)
        content.width = panel.right - content.left
        self.map_rect = content
        self.text_box = None
        self.give_list = self.take_list = None
        if self.page == "Practice":
            self._build_practice(content)
        elif self.page != "Distribution":
            self.text_box = pygame_gui.elements.UITextBox(
                self._lines_html(page_lines(self.page, self.view, self.memory)),
                content,
                manager=self.manager,
            )

    def _lines_html(self, lines: list[str]) -> str:
        heading = hex_colour(th.GOLD_LIGHT)
        size = round(self.app.theme.scale * 16 * 1.5)
        head = (
            f"<font color='{heading}' pixel_size={size}><b>{escape(_(self.page))}</b></font>"
            "<br><br>"
        )
        return head + "<br><br>".join(escape(line) for line in lines)

    def _build_practice(self, content: pygame.Rect) -> None:
        t = self.app.theme
        refusal = self._practice_refusal()
        intro = _(
            "Practice tools change the cards of this hand. They are allowed only before anyone "
            "melds, and a game where they were used is marked practice: it never counts for "
            "records or high scores."
        )
        text_h = t.px(200)
        lines = [
            intro,
            refusal
            or _(
                "Doctor hand: choose a card of your hand on the left and the card you want "
                "instead on the right. Swap cards: your hand and your opponent's change places."
            ),
        ]
        if self.notice:
            lines.append(self.notice)
        self.text_box = pygame_gui.elements.UITextBox(
            self._lines_html(lines),
            pygame.Rect(content.left, content.top, content.width, text_h),
            manager=self.manager,
        )
        if refusal:
            return
        top = content.top + text_h + t.px(10)
        half = (content.width - t.px(20)) // 2
        list_h = content.bottom - top - t.px(60)
        self.give_list = pygame_gui.elements.UISelectionList(
            pygame.Rect(content.left, top, half, list_h),
            item_list=list[str | tuple[str, str]](
                card_name(c) for c in sorted_cards(self.view.hand)
            ),
            manager=self.manager,
        )
        self.take_list = pygame_gui.elements.UISelectionList(
            pygame.Rect(content.left + half + t.px(20), top, half, list_h),
            item_list=list[str | tuple[str, str]](self._takeable_names()),
            manager=self.manager,
        )
        button_y = content.bottom - t.px(46)
        pygame_gui.elements.UIButton(
            pygame.Rect(content.left, button_y, half, t.px(46)),
            _("Doctor hand: exchange"),
            manager=self.manager,
            object_id="#doctor",
        )
        pygame_gui.elements.UIButton(
            pygame.Rect(content.left + half + t.px(20), button_y, half, t.px(46)),
            _("Swap cards with your opponent"),
            manager=self.manager,
            object_id="#swap",
        )

    def _takeable_names(self) -> list[str]:
        """Names of cards with a copy not on show (not in your hand, a meld or the Threes):
        the card is taken from wherever that copy is, which the list does not say."""
        on_show = set(self.view.hand)
        for p in (0, 1):
            on_show.update(self.view.threes[p])
            on_show.update(c for _k, m in self.view.melds[p] for c in m)
        names: list[str] = []
        for card in sorted_cards(range(N_CARDS)):
            name = card_name(card)
            if card not in on_show and not IS_RED_THREE[card] and name not in names:
                names.append(name)
        return names

    # -- practice ------------------------------------------------------------------------------
    def _practice_refusal(self) -> str:
        from game.match import LocalMatch

        if not isinstance(self.match, LocalMatch) or self.match.watching:
            return _("Practice tools are for a game against the computer, played by you.")
        refusal = practice_refusal(self.match.game.game)
        return refusal.message if refusal else ""

    def _selected(self, listing: pygame_gui.elements.UISelectionList | None) -> str | None:
        chosen = None if listing is None else listing.get_single_selection()
        return chosen if isinstance(chosen, str) else None

    def doctor(self, give_name: str, take_name: str) -> str:
        """Exchange a card of the hand named `give_name` for one named `take_name`."""
        from game.match import LocalMatch

        assert isinstance(self.match, LocalMatch)
        game = self.match.game.game
        seat = self.view.seat
        give = next(c for c in sorted_cards(self.view.hand) if card_name(c) == give_name)
        takes = [
            c for c in ALL_CARDS if card_name(c) == take_name and c not in game.players[seat].hand
        ]
        last: IllegalAction | None = None
        for take in takes:
            try:
                new_game, change = doctor_hand(game, seat, CardId(give), take)
            except IllegalAction as exc:
                last = exc
                continue
            self.match.practise(new_game, change)
            self._after_practice(change.describe())
            return change.describe()
        return last.message if last else _("That card cannot be taken.")

    def swap(self) -> str:
        from game.match import LocalMatch

        assert isinstance(self.match, LocalMatch)
        try:
            new_game, change = swap_hands(self.match.game.game, self.view.seat)
        except IllegalAction as exc:
            return exc.message
        self.match.practise(new_game, change)
        self._after_practice(change.describe())
        return change.describe()

    def _after_practice(self, text: str) -> None:
        from game.match import LocalMatch

        assert isinstance(self.match, LocalMatch)
        self.view = self.match.state.view
        self.places = cards_by_place(self.view, self.memory)
        self.notice = text

    # -- events --------------------------------------------------------------------------------
    def show_page(self, page: str) -> None:
        self.page = page
        self.layout(self.app.size)

    def on_gui(self, event: pygame.event.Event) -> bool:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return False
        object_id = event.ui_object_id.rsplit(".", 1)[-1]
        if object_id == "#close":
            self.close()
        elif object_id.startswith("#page_"):
            self.show_page(PAGES[int(object_id.removeprefix("#page_"))])
        elif object_id == "#doctor":
            give, take = self._selected(self.give_list), self._selected(self.take_list)
            if give is None or take is None:
                self.notice = _("Choose a card from each list first.")
            else:
                self.notice = self.doctor(give, take)
            self.layout(self.app.size)
        elif object_id == "#swap":
            self.notice = self.swap()
            self.layout(self.app.size)
        else:
            return False
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_F4:
            self.close()
            return True
        return False

    # -- the map -------------------------------------------------------------------------------
    def draw_extra(self, surface: pygame.Surface) -> None:
        if self.page != "Distribution":
            return
        t = self.app.theme
        area = self.map_rect
        surface.blit(t.panel(area.size, fill=th.PANEL, radius=12), area)
        pad = t.px(16)
        label_w = t.px(44)
        cell_w = (area.width - 2 * pad - label_w) // len(RANK_COLUMNS)
        cell_h = t.px(62)
        top = area.top + pad
        for col, rank in enumerate(RANK_COLUMNS):
            x = area.left + pad + label_w + col * cell_w + cell_w // 2
            head = t.text(RANK_LABEL[rank], 16, th.GOLD_LIGHT, "bold")
            surface.blit(head, head.get_rect(midtop=(x, top)))
        y = top + t.px(26)
        for suit, symbol in enumerate(SUIT_SYMBOLS):
            red = suit in (1, 2)
            mark = t.text(symbol, 24, (230, 90, 80) if red else th.CREAM)
            surface.blit(mark, mark.get_rect(midleft=(area.left + pad, y + cell_h // 2)))
            for col, rank in enumerate(RANK_COLUMNS):
                x = area.left + pad + label_w + col * cell_w
                self._chips(surface, pygame.Rect(x, y, cell_w, cell_h), self.places[(rank, suit)])
            y += cell_h
        joker = t.text(_("Jokers"), 16, th.CREAM)
        surface.blit(joker, joker.get_rect(midleft=(area.left + pad, y + cell_h // 2)))
        self._chips(
            surface,
            pygame.Rect(area.left + pad + label_w + t.px(30), y, cell_w * 2, cell_h),
            self.places[(JOKER, 0)],
        )
        self._legend(
            surface,
            pygame.Rect(
                area.left + pad,
                y + cell_h + t.px(10),
                area.width - 2 * pad,
                area.bottom - y - cell_h - t.px(10) - pad,
            ),
        )

    def _chips(self, surface: pygame.Surface, cell: pygame.Rect, places: list[Place]) -> None:
        t = self.app.theme
        size = t.px(20)
        gap = t.px(4)
        total = len(places) * size + (len(places) - 1) * gap
        x = cell.centerx - total // 2
        for place in places:
            chip = pygame.Rect(x, cell.centery - size // 2, size, size)
            pygame.draw.rect(surface, PLACE_COLOURS[place], chip, border_radius=t.px(4))
            pygame.draw.rect(surface, th.FELT_DARK, chip, 1, border_radius=t.px(4))
            x += size + gap

    def _legend(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        t = self.app.theme
        counts = distribution(self.view, self.memory).counts()
        columns = 2
        col_w = area.width // columns
        row_h = t.px(26)
        note = t.text(
            _(
                "Each square is one of the 108 cards (two packs and four Jokers), coloured by "
                "where you know it to be."
            ),
            15,
            th.CREAM_DIM,
        )
        surface.blit(note, (area.left, area.top))
        for index, place in enumerate(Place):
            row, col = divmod(index, columns)
            x, y = area.left + col * col_w, area.top + t.px(30) + row * row_h
            chip = pygame.Rect(x, y + t.px(3), t.px(18), t.px(18))
            pygame.draw.rect(surface, PLACE_COLOURS[place], chip, border_radius=t.px(4))
            label = t.text(f"{place_words(place)}: {counts[place]}", 15, th.CREAM)
            surface.blit(label, (chip.right + t.px(8), y + t.px(2)))
