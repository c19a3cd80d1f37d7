"""The player's moves at the table, from the pointer and the keys to engine actions.

`MoveController` is the part of the table that knows what a click, a double-click, a drag or
a right-button sweep means where it lands (User Guide 2.4-2.8 and 3.2-3.4): the stock draws, the
pile is taken (with the cards AutoMeld would choose, or the selected ones), selected cards go onto
the mat or a meld, a right-click or a drop on the pile discards. Each becomes one engine action
passed to the table's `act`, which hands it to the match. The controller owns what the player
has in hand for the next move (the selection, the keyboard's focus, a drag or sweep under way,
the player's own order of the hand) and reads the table's picture, board and geometry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from game.language import _
from game.logic import events as ev
from game.logic.actions import Action, Discard, Draw, Meld, Pass, TakePile, Undo, UndoTurn
from game.logic.cards import IS_WILD, WILD, code_of
from game.logic.events import Event
from game.logic.phases import DRAW
from game.match import ME
from game.match.table_info import (
    auto_take_with,
    canasta_details,
    card_name,
    display_key,
    meld_cards_text,
    meld_name,
    plural,
    rank_group,
)
from game.scenes.dialog import confirm_dialog, message_dialog
from game.scenes.menu import MenuItem, MenuScene
from game.scenes.table.board import LAYER_FLYING
from game.settings import PROTECTED_PILE_SIZE
from game.ui import theme as th

if TYPE_CHECKING:
    from game.match import Match, TableState
    from game.scenes.base import Host
    from game.scenes.table.board import Board
    from game.scenes.table.hint import HintPanel
    from game.scenes.table.layout import TableGeometry
    from game.scenes.table.motion import Choreographer
    from game.sprites.tween import Animator
    from game.ui.widget import WidgetGroup


def _only(action: Callable[[], object]) -> Callable[[], None]:
    """A menu entry doing `action`, whatever it answers."""

    def run() -> None:
        action()

    return run


@dataclass
class Drag:
    kind: str  # "hand", "pile" or "stock"
    cards: list[int]
    origins: dict[int, tuple[float, float]]


@dataclass
class Sweep:
    origin: int
    left: bool = False


class MoveTable(Protocol):
    """What the move controller uses of the table that holds it."""

    app: Host
    match: Match
    state: TableState
    board: Board | None
    geometry: TableGeometry | None
    choreo: Choreographer | None
    animator: Animator
    hint: HintPanel | None
    group: WidgetGroup

    @property
    def names(self) -> tuple[str, ...]: ...
    def act(self, action: Action) -> bool: ...
    def refuse(self, text: str) -> None: ...
    def say(self, text: str, error: bool = False) -> None: ...
    def refusal_outdated(self) -> None: ...
    def open_recall(self) -> None: ...
    def relayout(self) -> None: ...
    def show_hand_scores(self) -> None: ...


class MoveController:
    """The player's selection, drag and sweep, and what each gesture or key means; the table
    holds one and hands it the gestures (it is their `GestureTarget`)."""

    def __init__(self, table: MoveTable) -> None:
        self.table = table
        self.selected: set[int] = set()
        self.arranged: list[int] = []  # the player's own order of the hand, until the next sort
        self.card_focus: int | None = None  # the card the keyboard is on (Left, Right, Space)
        self.fresh_tint = True
        self.pointer_in_hand = False
        self.last_meld_key: int | None = None
        self.drag: Drag | None = None
        self.drop_rect: pygame.Rect | None = None
        self.sweep: Sweep | None = None

    # The table's parts, read as they are now (the table replaces them on a new layout).
    @property
    def app(self) -> Host:
        return self.table.app

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def state(self) -> TableState:
        return self.table.state

    @property
    def board(self) -> Board | None:
        return self.table.board

    @property
    def geometry(self) -> TableGeometry | None:
        return self.table.geometry

    def act(self, action: Action) -> bool:
        return self.table.act(action)

    def refuse(self, text: str) -> None:
        self.table.refuse(text)

    def relayout(self) -> None:
        self.table.relayout()

    # -- the person's moves -----------------------------------------------------------------------
    def draw_from_stock(self) -> bool:
        return self.act(Draw())

    def take_pile(self) -> bool:
        state = self.state
        codes: tuple[str, ...]
        if self.selected:
            codes = tuple(code_of(c) for c in sorted(self.selected, key=display_key))
        elif state.to_move == ME and state.phase == DRAW:
            codes = auto_take_with(state, ME, self.match.check)
        else:
            codes = ()
        return self.act(TakePile(codes))

    def _codes(self, cards: set[int] | list[int]) -> tuple[str, ...]:
        return tuple(code_of(c) for c in sorted(cards, key=display_key))

    def meld_new(self, cards: set[int] | list[int] | None = None) -> bool:
        chosen = set(cards) if cards is not None else set(self.selected)
        if not chosen:
            self.refuse(_("Select the cards to meld first: click them in your hand."))
            return False
        state = self.state
        rank = None
        if (
            all(IS_WILD[c] for c in chosen)
            and state.rules.wild_canastas
            and WILD not in state.melds(ME)
        ):
            rank = "wild"
        return self.act(Meld(self._codes(chosen), rank))

    def meld_onto(self, key: int, cards: set[int] | list[int] | None = None) -> bool:
        chosen = set(cards) if cards is not None else set(self.selected)
        if not chosen:
            self.refuse(_("Select cards in your hand first, then click the meld to add them."))
            return False
        return self.act(Meld(self._codes(chosen), meld_name(key)))

    def discard(self, card: int) -> bool:
        """Discard `card`, first asking when the player's misclick protection wants it (then
        False: nothing happened yet; the answer acts later)."""
        action = Discard(code_of(card))
        worry = self._discard_worry(card) if self.match.check(action) is None else ""
        if not worry:
            return self.act(action)

        def answered(yes: bool) -> None:
            if yes:
                self.act(action)

        confirm_dialog(
            self.app,
            _("Discard the {card}?").format(card=_(card_name(code_of(card)))),
            worry,
            answered,
            yes=_("Discard"),
            no=_("Cancel"),
        )
        return False

    def _discard_worry(self, card: int) -> str:
        """Why this discard deserves a second thought, by the player's preferences ("" if not)."""
        prefs = self.app.prefs
        state = self.state
        if prefs.confirm_meldable_discard:
            code = code_of(card)
            onto = [
                key
                for key in state.melds(ME)
                if self.match.check(Meld((code,), meld_name(key))) is None
            ]
            if onto:
                return _(
                    "It could go onto your {rank} instead of the pile. "
                    "(Options: Confirm meldable discards.)"
                ).format(rank=_(plural(onto[0])))
        big = prefs.confirm_big_pile_discard
        if big and len(state.pile) + 1 >= big:
            return _(
                "The pile would hold {count} cards, and your opponent may be "
                "able to take it. (Options: Confirm discards on a big pile.)"
            ).format(count=len(state.pile) + 1)
        return ""

    def click_pile(self) -> bool:
        """A click on the pile takes it, unless the pile is big and protected: then it asks."""
        size = len(self.state.pile)
        if not (self.app.prefs.protect_pile and size >= PROTECTED_PILE_SIZE):
            return self.take_pile()

        def answered(yes: bool) -> None:
            if yes:
                self.take_pile()

        confirm_dialog(
            self.app,
            _("Take the pile of {count} cards?").format(count=size),
            _("The pile is protected against a stray click (Options: Protect a big pile)."),
            answered,
            yes=_("Take it"),
            no=_("Cancel"),
        )
        return False

    def discard_selected(self) -> None:
        if len(self.selected) != 1:
            self.refuse(_("Select exactly one card to discard, or right-click the card."))
            return
        self.discard(next(iter(self.selected)))

    def pass_turn(self) -> None:
        self.act(Pass())

    def undo_last(self) -> None:
        if self.selected:
            # As in the User Guide: undo first clears the highlighted cards.
            self.selected.clear()
            self.relayout()
            self.table.say(_("Selection cleared."))
            return
        self._undo_with_care(Undo(), whole_turn=False)

    def undo_turn(self) -> None:
        self.selected.clear()
        self._undo_with_care(UndoTurn(), whole_turn=True)

    def _undo_gives_back_the_pile(self, whole_turn: bool) -> bool:
        """Whether this undo reaches back to taking the pile (the pile's take is the turn's
        first undo step), which puts the pile back and costs the penalty."""
        view = self.state.view
        if view.turn_drew != "pile" or not view.undo_depth:
            return False
        return whole_turn or view.undo_depth == 1

    def _undo_with_care(self, action: Undo | UndoTurn, whole_turn: bool) -> None:
        if not self._undo_gives_back_the_pile(whole_turn) or self.match.check(action) is not None:
            self.act(action)
            return
        penalty = self.state.rules.discard_return_penalty
        if penalty:
            cost = _(
                "This undo puts the pile back where it was and costs you {points} points at the "
                "end of the hand (the penalty for returning the pile). You then draw from the "
                "stock: the pile cannot be taken again this turn."
            ).format(points=penalty)
        else:
            cost = _(
                "This undo puts the pile back where it was and costs no points under these rules "
                "at the end of the hand (the penalty for returning the pile). You then draw from "
                "the stock: the pile cannot be taken again this turn."
            )

        def answered(yes: bool) -> None:
            if yes:
                self.act(action)

        confirm_dialog(
            self.app,
            _("Give the pile back?"),
            cost,
            answered,
            yes=_("Give it back (-{points})").format(points=penalty)
            if penalty
            else _("Give it back"),
            no=_("Cancel"),
        )

    def toggle_select(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)
        self.fresh_tint = False
        # a refusal spoke of the selection as it was: it leaves the status bar
        self.table.refusal_outdated()
        self.relayout()

    # -- gestures (called by Gestures) -----------------------------------------------------------
    def _hand_card(self, pos: tuple[int, int]) -> int | None:
        assert self.board is not None
        return self.board.card_at(pos, "hand", ME)

    def _carried(self) -> list[int]:
        """The cards on the pointer, which must not hide what lies under them."""
        return self.drag.cards if self.drag is not None else []

    def _on_stock(self, pos: tuple[int, int]) -> bool:
        assert self.geometry is not None and self.board is not None
        card = self.board.card_at(pos, ignore=self._carried())
        if card is not None and self.board.placements[card].zone.kind == "stock":
            return True
        return self.geometry.stock_rect.inflate(
            self.geometry.px(8), self.geometry.px(8)
        ).collidepoint(pos)

    def _on_pile(self, pos: tuple[int, int]) -> bool:
        assert self.geometry is not None and self.board is not None
        card = self.board.card_at(pos, ignore=self._carried())
        if card is not None and self.board.placements[card].zone.kind == "pile":
            return True
        return self.geometry.pile_rect.inflate(
            self.geometry.px(8), self.geometry.px(8)
        ).collidepoint(pos)

    def _target(self, pos: tuple[int, int]) -> tuple[str, int]:
        """What lies under the pointer, as far as melding and discarding go."""
        assert self.geometry is not None and self.board is not None
        g = self.geometry
        if self._on_pile(pos):
            return ("pile", 0)
        key = self.board.meld_at(pos, ME)
        if key is not None:
            return ("meld", key)
        if g.threes_rect(ME).collidepoint(pos):
            return ("threes", 0)
        if g.halves[ME].collidepoint(pos):
            return ("mat", 0)
        if g.hands[ME].collidepoint(pos):
            return ("hand", 0)
        return ("", 0)

    def click(self, pos: tuple[int, int]) -> None:
        assert self.geometry is not None
        if self.geometry.scoresheet.collidepoint(pos):
            self.table.show_hand_scores()  # the bonus breakdown of the last hand (User Guide 4.5.1)
            return
        card = self._hand_card(pos)
        if card is not None:
            self.toggle_select(card)
            return
        if self._on_stock(pos):
            self.draw_from_stock()
            return
        kind, key = self._target(pos)
        if kind == "pile":
            self.click_pile()
        elif kind == "meld":
            self.meld_onto(key)
        elif kind in ("mat", "threes") and self.selected:
            self.meld_new()
        elif self.selected and kind == "":
            self.selected.clear()
            self.relayout()

    def double_click(self, pos: tuple[int, int]) -> None:
        card = self._hand_card(pos)
        if card is None:
            self.click(pos)
            return
        cards = set(self.selected) | {card}
        if (
            all(IS_WILD[c] for c in cards)
            and self.last_meld_key is not None
            and self.last_meld_key in self.state.melds(ME)
        ):
            # A wild card joins the meld last added to this turn (User Guide 2.6).
            self.meld_onto(self.last_meld_key, cards)
        else:
            self.meld_new(cards)

    def drag_begin(self, pos: tuple[int, int]) -> bool:
        assert self.board is not None and self.table.choreo is not None
        if (
            self.table.hint is not None
            and self.table.hint.visible
            and self.table.hint.rect.collidepoint(pos)
        ):
            return False
        self.table.choreo.fast_forward()
        state = self.state
        card = self._hand_card(pos)
        if card is not None:
            kind = "hand"
            cards = (
                [c for c in self.board.hand_order if c in self.selected]
                if card in self.selected
                else [card]
            )
        elif self._on_pile(pos) and state.pile:
            kind, cards = "pile", [state.pile[-1]]
        elif self._on_stock(pos) and state.stock:
            kind, cards = "stock", [state.stock[-1]]
        else:
            return False
        origins = {}
        for index, c in enumerate(cards):
            sprite = self.board.sprites[c]
            self.table.animator.cancel_target(sprite)
            origins[c] = sprite.pos
            self.board.group.change_layer(sprite, LAYER_FLYING + 900 + index)
        self.drag = Drag(kind, cards, origins)
        self.fresh_tint = False
        return True

    def drag_move(self, pos: tuple[int, int], origin: tuple[int, int]) -> None:
        if self.drag is None or self.board is None:
            return
        dx, dy = pos[0] - origin[0], pos[1] - origin[1]
        for card, (x, y) in self.drag.origins.items():
            self.board.sprites[card].pos = (x + dx, y + dy)
        self.drop_rect = self._drop_rect(pos)

    def _drop_rect(self, pos: tuple[int, int]) -> pygame.Rect | None:
        assert self.geometry is not None and self.board is not None and self.drag is not None
        kind, key = self._target(pos)
        g = self.geometry
        if self.drag.kind == "hand":
            if kind == "pile":
                return g.pile_rect.inflate(g.px(10), g.px(10))
            if kind == "meld":
                return self.board.layout.meld_boxes[(ME, key)].inflate(g.px(8), g.px(8))
            if kind in ("mat", "threes"):
                return g.halves[ME]
            return None
        if kind in ("mat", "hand", "meld", "threes"):
            return g.hands[ME]
        return None

    def drag_end(self, pos: tuple[int, int]) -> None:
        if self.drag is None:
            return
        # Where the cards land is read through the carried cards (the pile's top card would
        # otherwise always be "on the pile").
        kind, key = self._target(pos)
        drag, self.drag = self.drag, None
        self.drop_rect = None
        done = False
        if drag.kind == "hand":
            if kind == "pile":
                if len(drag.cards) == 1:
                    done = self.discard(drag.cards[0])
                else:
                    self.refuse(_("Discard one card at a time."))
            elif kind == "meld":
                done = self.meld_onto(key, drag.cards)
            elif kind in ("mat", "threes"):
                done = self.meld_new(drag.cards)
            elif kind == "hand":
                self.arrange(drag.cards, pos)
        elif kind in ("mat", "hand", "meld", "threes"):
            done = self.take_pile() if drag.kind == "pile" else self.draw_from_stock()
        if not done:
            self.relayout()

    # -- right-click menus -------------------------------------------------------------------------
    def context_menu(self, pos: tuple[int, int]) -> bool:
        """A right-click on the stock, the pile or a meld: a menu of what can be done with it
        now (a right-click on a card in the hand discards it, as in the User Guide)."""
        assert self.board is not None
        state = self.state
        items: list[MenuItem] = []
        note = ""
        if self._on_stock(pos):
            title = _("The stock ({count} cards)").format(count=len(state.stock))
            if self.match.check(Draw()) is None:
                items.append((_("Draw (F6)"), _only(self.draw_from_stock)))
        elif self._on_pile(pos):
            title = _("The pile ({count} cards)").format(count=len(state.pile))
            if state.to_move == ME and state.phase == DRAW and state.pile:
                items.append((_("Take the pile (F7)"), _only(self.take_pile)))
            if len(self.selected) == 1:
                items.append((_("Discard the selected card (F10)"), self.discard_selected))
            # one click from the table to what each player was seen to take (Explore, Recall)
            items.append((_("Cards seen taken from the pile"), self.table.open_recall))
        else:
            found = self._meld_under(pos)
            if found is None:
                return False
            seat, key = found
            cards = state.melds(seat)[key]
            whose = _("Your {rank}") if seat == ME else _("Opponent's {rank}")
            title = whose.format(rank=_(plural(key)))
            note = _(meld_cards_text(key, cards))
            if seat == ME and self.selected:
                items.append((_("Add the selected cards"), _only(lambda: self.meld_onto(key))))
            items.append((_("Canasta details"), self.show_canasta_details))
        items.append((_("Cancel"), lambda: None))
        self.app.stack.push(MenuScene(self.app, title, items, note=note))
        return True

    def _meld_under(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        assert self.board is not None
        for seat in range(self.state.view.sides):
            key = self.board.meld_at(pos, seat)
            if key is not None:
                return seat, key
        return None

    def show_canasta_details(self) -> None:
        paragraphs = canasta_details(self.state, self.table.names)
        text = "\n\n".join("\n".join(_(line) for line in lines) for lines in paragraphs)
        message_dialog(self.app, _("Canasta details"), text)

    def arrange(self, cards: list[int], pos: tuple[int, int]) -> None:
        """Cards dragged within the hand go where they are dropped, in the order kept until
        the next sort (User Guide 3.3)."""
        assert self.board is not None
        rest = [c for c in self.board.hand_order if c not in cards]
        # Before the first card whose middle lies right of the drop point.
        index = len(rest)
        for i, card in enumerate(rest):
            if self.board.placements[card].x + self._card_width(card) / 2 > pos[0]:
                index = i
                break
        self.arranged = rest[:index] + list(cards) + rest[index:]

    def _card_width(self, card: int) -> float:
        assert self.board is not None
        return float(self.board.sprites[card].rect.width)

    def sweep_begin(self, pos: tuple[int, int]) -> bool:
        card = self._hand_card(pos)
        if card is None:
            self.context_menu(pos)
            return False
        assert self.table.choreo is not None
        self.table.choreo.fast_forward()
        self.sweep = Sweep(card)
        return True

    def sweep_move(self, pos: tuple[int, int]) -> None:
        if self.sweep is None or self.board is None:
            return
        card = self._hand_card(pos)
        if card is None:
            return
        order = self.board.hand_order
        if card != self.sweep.origin:
            self.sweep.left = True
            a, b = sorted((order.index(self.sweep.origin), order.index(card)))
            chosen = set(order[a : b + 1])
        elif self.sweep.left:
            chosen = set()
        else:
            return
        if chosen != self.selected:
            self.selected = chosen
            self.fresh_tint = False
            self.relayout()

    def sweep_end(self, pos: tuple[int, int]) -> None:
        sweep, self.sweep = self.sweep, None
        if sweep is None:
            return
        if not sweep.left:
            self.discard(sweep.origin)
            return
        if self._hand_card(pos) is None:
            self.selected.clear()
            self.relayout()
        elif self.selected:
            self.meld_new()

    # -- playing from the keyboard -------------------------------------------------------------
    def move_card_focus(self, step: int) -> None:
        """Left and Right walk a visible focus along the hand."""
        assert self.board is not None
        self.table.group.set_focus(None)  # the keyboard leaves the buttons for the cards
        order = self.board.hand_order
        if not order:
            self.card_focus = None
            return
        if self.card_focus in order:
            index = (order.index(self.card_focus) + step) % len(order)
        else:
            index = 0 if step > 0 else len(order) - 1
        self.card_focus = order[index]

    def select_focused_card(self) -> None:
        """Space selects (or lets go of) the focused card."""
        assert self.board is not None
        if self.card_focus not in self.board.hand_order:
            self.move_card_focus(1)
        if self.card_focus is not None:
            self.toggle_select(self.card_focus)

    def meld_selection(self) -> None:
        """M melds the selected cards: onto your meld of their rank if you have one, else as a
        new meld (wild cards alone join the meld last added to, as a double-click does)."""
        if not self.selected:
            self.refuse(
                _("Select cards first: Left and Right move along your hand, Space selects.")
            )
            return
        naturals = {rank_group(c) for c in self.selected} - {-1}
        mine = self.state.melds(ME)
        if len(naturals) == 1:
            key = next(iter(naturals))
            if key in mine:
                self.meld_onto(key)
                return
        elif not naturals and self.last_meld_key in mine:
            self.meld_onto(self.last_meld_key)
            return
        self.meld_new()

    def cancel_drag(self) -> bool:
        """Escape drops the cards on the pointer back where they came from; whether any were."""
        if self.drag is None:
            return False
        self.drag = None
        self.relayout()
        return True

    # -- the table's news ----------------------------------------------------------------------
    def pointer_moved(self, pos: tuple[int, int], dragging: bool) -> None:
        """Drawn cards stay tinted until the pointer passes over the hand (UG 2.4)."""
        if self.geometry is None:
            return
        inside = self.geometry.hands[ME].collidepoint(pos)
        entered, self.pointer_in_hand = inside and not self.pointer_in_hand, inside
        if entered and self.fresh_tint and not dragging:
            self.fresh_tint = False
            self.relayout()

    def after(self, events: list[Event]) -> None:
        """The selection and the tint follow a change shown on the table."""
        self.selected &= set(self.state.hand(ME))
        for event in events:
            kind = event.kind
            if kind == ev.MELD and event.player == ME:
                self.last_meld_key = event.rank
            elif kind in (ev.DRAW, ev.TALON) and event.player == ME:
                # Freshly drawn cards are tinted even when the pointer rests on the hand (or
                # was dragged from the stock): the tint goes when the pointer next enters it.
                self.fresh_tint = True
            elif kind == ev.TURN:
                self.selected.clear()
                self.fresh_tint = True
                if event.player == ME:
                    self.last_meld_key = None

    # -- drawing -------------------------------------------------------------------------------
    def draw_drop_target(self, surface: pygame.Surface) -> None:
        """Where the cards on the pointer would go, outlined under the cards."""
        if self.drop_rect is None or self.geometry is None:
            return
        g = self.geometry
        pygame.draw.rect(
            surface, th.GOLD_LIGHT, self.drop_rect, max(2, g.px(3)), border_radius=g.px(10)
        )

    def draw_card_focus(self, surface: pygame.Surface) -> None:
        """The keyboard's place in the hand, as visible as the mouse pointer."""
        board, g = self.board, self.geometry
        if self.card_focus is None or board is None or g is None:
            return
        if self.card_focus in board.hand_order:
            rect = board.sprites[self.card_focus].rect.inflate(4, 4)
            pygame.draw.rect(surface, th.GOLD_LIGHT, rect, max(2, g.px(3)), border_radius=g.px(6))
