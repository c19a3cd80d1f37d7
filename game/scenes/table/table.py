"""The card table: a game played with the mouse or the keyboard, against whatever `Match` holds.

Data flows one way. A click, a drag, a key or a hint's "Do it" becomes an engine action handed to
the match (`play`), which refuses it with a sentence (shown in the status bar with the "illegal"
sound, nothing changed) or answers with a `Change`: the picture after it (a `TableState`, only
what the player may see) and the engine events that led there. The opponent's moves, the
computer's or a remote player's, arrive as changes too and are shown one at a time once the cards
have come to rest, after a short pause. For each change the board works out where every card now
belongs, and the choreographer turns the events into card flights and sounds. Input is never lost
while cards move: a new action first brings every moving card to rest, then applies. The table
never learns who the opponent is: the match says what to write and what is offered. What each
gesture means on the table is in `moves`; where cards lie, in `board`; how they move,
in `motion`; the network table's chat and Disconnect, in `game.scenes.net.table`.
"""

from __future__ import annotations

import functools
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.logic import events as ev
from game.logic.actions import Action, Draw, Pass
from game.logic.engine import DRAW, PLAY
from game.logic.events import Event
from game.match import ME, Alert, Change, ChatArrived, HintReady, Match, Note, Refused, TurnMark
from game.match.table_info import (
    hand_value,
    narrate,
    opening_status,
    rank_group,
    rules_summary,
    scoresheet_rows,
    status_counters,
)
from game.scenes.base import Scene
from game.scenes.dialog import confirm_dialog, message_dialog
from game.scenes.menu import MenuItem, MenuScene
from game.scenes.table.board import Board, BoardOptions
from game.scenes.table.gestures import Gestures
from game.scenes.table.hint import HintPanel
from game.scenes.table.hud import HudModel, TableHud
from game.scenes.table.layout import TableGeometry, compute_geometry
from game.scenes.table.learning import LearnTools
from game.scenes.table.motion import Choreographer
from game.scenes.table.moves import Drag, PlayerMoves, Sweep
from game.scenes.table.photographer import Photographer
from game.scenes.table.scores import GameOverScene, HandOverScene
from game.settings import CARD_SIZES
from game.sprites.tween import Animator
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

OPPONENT_PAUSE = 0.4
HAND_OVER_DELAY = 0.8
MESSAGE_SECONDS = 6.0
READING_CHARS_PER_SECOND = 15.0
# A status message too long for two lines shows two lines at a time, turning this often.
MESSAGE_PAGE_SECONDS = 3.0
PLAYS_KEPT = 12
SORT_NEXT = {"rank": "rank_groups", "rank_groups": "suit", "suit": "none", "none": "rank"}
SORT_TITLES = {"rank": "rank", "rank_groups": "gaps", "suit": "suit", "none": "none"}
MELD_LAYOUT_NEXT = {"created": "length", "length": "rank", "rank": "created"}
MELD_LAYOUT_TITLES = {"created": "as played", "length": "by size", "rank": "by rank"}


def _nothing() -> None:
    """A menu item that only closes the menu."""


@dataclass
class TableOptions:
    """How this table runs (the command line sets these for headless runs)."""

    speed: float | None = None  # animation speed factor; None: the player's preference
    pauses: bool = True  # pause between the opponent's moves
    hands: int | None = None  # quit the app after this many hands
    photographer: Photographer | None = None
    notice: str = ""  # a message for the status bar when the table opens


class TableScene(LearnTools, PlayerMoves, Scene):
    def __init__(self, app: Host, match: Match, *, options: TableOptions | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.state = match.state  # the picture on the table (changes not yet shown wait)
        self.options = options or TableOptions()
        self.animator = Animator(self._speed())
        self.geometry: TableGeometry | None = None
        self.board: Board | None = None
        self.hud: TableHud | None = None
        self.choreo: Choreographer | None = None
        self.hint: HintPanel | None = None
        self.gestures = Gestures(self)
        self.group = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        self.model = HudModel()
        self.hud_dirty = True
        self.selected: set[int] = set()
        self.arranged: list[int] = []  # the player's own order of the hand, until the next sort
        self.card_focus: int | None = None  # the card the keyboard is on (Left, Right, Space)
        self.fresh_tint = True
        self.pointer_in_hand = False
        self.last_meld_key: int | None = None
        self.message = self.options.notice
        self.message_error = False
        self.message_time = 0.0 if not self.message else MESSAGE_SECONDS
        self.message_page = 0
        self.page_time = 0.0
        self.tip = ""
        self.tip_x = 0
        self.clock = 0.0
        self.drag: Drag | None = None
        self.drop_rect: pygame.Rect | None = None
        self.sweep: Sweep | None = None
        self.script: deque[Action] = deque()
        self.script_rehint = False
        self.hint_waiting = False
        self.hint_actions: list[Action] = []
        self.opponent_wait = 0.0
        self.was_thinking = False
        self.watch_paused = False
        self.watch_steps = 0
        self.step_delay: float | None = None  # AutoStep's pause between moves, when it runs
        self.hand_over_wait = 0.0
        self.hand_over_shown = False
        self.hands_completed = 0
        self.photo_deal = True
        self.photo_canasta = False
        self.plays: deque[str] = deque(maxlen=PLAYS_KEPT)
        # The opponent preferences as last seen, so only a change made in Options applies
        # (a level chosen on the command line is kept otherwise).
        self._seen_opponent = (app.prefs.skill_level, app.prefs.aggressiveness)
        self._cards_version = app.cards.version
        self._laid_out_card_size = app.prefs.card_size
        self._closed = False

    # -- lifetime -------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.options.photographer is not None:
            self.app.post_draw.append(self.options.photographer.after_draw)
        opening = list(self.match.opening)
        if opening:
            # A fresh game: deal it out card by card.
            self.plays.extend(narrate(opening, self.names))
            self._animate(opening)
        self.app.inbox_pollers.append(self.poll)
        self.app.sounds.play_music()

    def leave(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self.poll in self.app.inbox_pollers:
            self.app.inbox_pollers.remove(self.poll)
        if (
            self.options.photographer is not None
            and self.options.photographer.after_draw in self.app.post_draw
        ):
            self.app.post_draw.remove(self.options.photographer.after_draw)
        self.match.close()

    def resume(self) -> None:
        """Back from the options or a menu: take up changed preferences."""
        self.animator.speed = self._speed()
        prefs = self.app.prefs
        if (prefs.skill_level, prefs.aggressiveness) != self._seen_opponent:
            self._seen_opponent = (prefs.skill_level, prefs.aggressiveness)
            self.match.preferences_changed(prefs)
        if self.app.prefs.card_size != self._laid_out_card_size:
            self.layout(self.app.size)
        fresh_pictures = self.app.cards.version != self._cards_version
        if fresh_pictures and self.board is not None and self.geometry is not None:
            # New card pictures (the four-colour deck): every card fetches its own again.
            self._cards_version = self.app.cards.version
            self.board.set_geometry(self.geometry)
        self.relayout()

    def wants_quit(self) -> bool:
        return True

    def busy(self) -> bool:
        """Cards moving, a gesture under way, or the game about to move on by itself."""
        match = self.match
        return (
            self.animator.busy
            or self.drag is not None
            or self.sweep is not None
            or bool(match.changes)
            or match.thinking
            or match.opponent_pending
            or match.autoplay
            or self.hint_waiting
            or bool(self.script)
            or (self.state.phase not in (DRAW, PLAY) and not self.hand_over_shown)
        )

    def layout(self, size: tuple[int, int]) -> None:
        self.geometry = compute_geometry(size, CARD_SIZES.get(self.app.prefs.card_size, 1.0))
        self._laid_out_card_size = self.app.prefs.card_size
        if self.board is None:
            self.board = Board(self.app.cards, self.geometry)
            self.choreo = Choreographer(self.board, self.animator, self.app.sounds.play)
        else:
            self.board.set_geometry(self.geometry)
        self.hud = TableHud(self.app.theme, self.geometry)
        self.gestures = Gestures(self, self.geometry.scale)
        was_shown = self.hint is not None and self.hint.visible
        self.hint = HintPanel(self.app.theme, self.geometry, self.hint_do, self.hint_close)
        if was_shown:
            self.hint_close()
        self._build_buttons()
        layout = self.board.compute(self.state, self.board_options())
        assert self.choreo is not None
        self.choreo.snap(layout.placements)
        self.board.layout = layout
        self.hud_dirty = True

    # -- settings -------------------------------------------------------------------------------
    def _speed(self) -> float:
        if self.options.speed is not None:
            return self.options.speed
        return self.app.prefs.animation_factor

    def _pause(self) -> float:
        if self.step_delay is not None:
            return self.step_delay
        if not self.options.pauses:
            return 0.0
        speed = self.animator.speed
        return OPPONENT_PAUSE / speed if speed > 0 else OPPONENT_PAUSE * 0.6

    def board_options(self) -> BoardOptions:
        return BoardOptions(
            frozenset(self.selected),
            self.fresh_tint,
            self.app.prefs.hand_sorting,
            self.app.prefs.meld_layout,
            self.state.hand_over,
            self.pile_viewer,
            tuple(self.arranged),
        )

    @property
    def pile_viewer(self) -> int:
        """The seat the pile's frozen state is shown for: the player's, or the mover's when
        watching the computer play both hands."""
        return self.state.to_move if self.match.watching else ME

    @property
    def names(self) -> tuple[str, str]:
        name = self.app.prefs.player_name
        return ("You" if name in ("", "Player") else name, self.match.opponent_name)

    # -- buttons --------------------------------------------------------------------------------
    def _build_buttons(self) -> None:
        g = self.geometry
        assert g is not None
        t = self.app.theme
        self.group.clear()
        self.buttons = {}
        gap = g.px(6)
        width = (g.buttons.width - gap) // 2
        height = g.px(34)
        specs = [
            ("hint", "Hint", self.request_hint),
            ("undo", "Undo", self.undo_last),
            ("undo_turn", "Undo turn", self.undo_turn),
            ("earlier", "Earlier turn", self.choose_earlier_turn),
            ("sort", "Sort", self.toggle_sorting),
            ("melds", "Melds", self.cycle_meld_layout),
            ("autoplay", "AutoPlay", self.toggle_autoplay),
            ("menu", "Menu", self.open_menu),
        ]
        for index, (name, label, action) in enumerate(specs):
            row, col = divmod(index, 2)
            rect = (
                g.buttons.left + col * (width + gap),
                g.buttons.top + row * (height + gap),
                width,
                height,
            )
            self.buttons[name] = self.group.add(
                Button(rect, t, label, action, text_size=15, name=name)
            )
        self.buttons["pass"] = self.group.add(
            Button(
                g.pass_button, t, "Pass", self.pass_turn, text_size=15, primary=True, name="pass"
            )
        )
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        state = self.state
        match = self.match
        watching = match.watching
        mine = (
            state.to_move == ME
            and state.phase in (DRAW, PLAY)
            and not match.autoplay
            and not match.opponent_pending
        )
        b = self.buttons
        if watching:
            b["hint"].label = "Run" if self.watch_paused else "Pause"
            b["hint"].on_click = self.toggle_watch_pause
            b["hint"].enabled = state.phase in (DRAW, PLAY)
            b["undo"].label = "Step"
            b["undo"].on_click = self.watch_step
            b["undo"].enabled = self.watch_paused
            b["autoplay"].label = "Stop AutoPlay"
            for name in ("undo_turn", "earlier"):
                b[name].enabled = False
        else:
            b["hint"].label, b["hint"].on_click = "Hint", self.request_hint
            b["undo"].label, b["undo"].on_click = "Undo", self.undo_last
            b["autoplay"].label = "AutoPlay"
            b["hint"].enabled = mine
            b["undo"].enabled = mine and (bool(state.view.undo_depth) or bool(self.selected))
            b["undo_turn"].enabled = mine and bool(state.view.undo_depth)
            b["earlier"].enabled = bool(match.earlier_turns()) and state.phase in (DRAW, PLAY)
        b["sort"].label = "Sort: " + SORT_TITLES.get(self.app.prefs.hand_sorting, "rank")
        b["melds"].label = "Melds: " + MELD_LAYOUT_TITLES.get(self.app.prefs.meld_layout, "")
        can_pass = mine and match.check(Pass()) is None
        b["pass"].visible = can_pass
        b["pass"].label = (
            "End hand" if state.phase == DRAW or state.view.turn_no_discard else "Pass"
        )

    # -- messages -------------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_error = error
        # A long message stays up long enough to be read to the end.
        self.message_time = max(MESSAGE_SECONDS, len(text) / READING_CHARS_PER_SECOND)
        self.message_page = 0
        self.page_time = 0.0
        self.hud_dirty = True

    def refuse(self, text: str) -> None:
        self.why_anchor = None
        self.say(text, error=True)
        self.app.sounds.play("illegal")

    def default_message(self) -> str:
        state = self.state
        about_match = self.match.status_text()
        if about_match:
            return about_match
        if state.game_over:
            return "The game is over."
        if state.hand_over:
            return "The hand is over."
        if self.match.watching:
            return "AutoPlay: the computer plays both hands." + (
                " Paused." if self.watch_paused else ""
            )
        warning = self.going_out_warning()
        if warning:
            return warning
        if state.phase == DRAW:
            if not state.stock:
                return "The stock is empty: take the pile, or end the hand."
            return "Your turn: click the stock to draw, or click the pile to take it."
        if state.view.turn_locked:
            return "Reach the opening minimum with your melds; the pile's cards unlock then."
        return "Meld (select cards, click the mat), then discard: right-click a card."

    # -- the model on screen --------------------------------------------------------------------
    def _rebuild_model(self) -> None:
        state = self.state
        opening = opening_status(state, ME)
        in_hand, net = hand_value(state, ME)
        title, lines = rules_summary(state.rules)
        if state.pile and state.pile_blocked:
            pile_state = "blocked"
        elif state.pile and state.pile_frozen_for(self.pile_viewer):
            pile_state = "frozen"
        else:
            pile_state = ""
        message = self.message if self.message_time > 0 and self.message else self.default_message()
        message = self.status_message(message)
        self.model = HudModel(
            names=self.names,
            opponent_line=self.match.opponent_line,
            opponent_cards=state.view.hand_sizes[1],
            to_move=state.to_move,
            stock_count=len(state.stock),
            pile_count=len(state.pile),
            pile_state=pile_state,
            score_rows=scoresheet_rows(state),
            totals=(state.totals[0], state.totals[1]),
            rules_title=title,
            rules_lines=lines,
            plays=list(self.plays),
            message=message,
            message_error=self.message_error and self.message_time > 0,
            counters=status_counters(state, opening, in_hand, net, self.match.level_text()),
            level_text=self.match.level_text(),
            message_page=self.message_page,
            tip=self.tip,
            tip_x=self.tip_x,
            badges=self.board.layout.badges if self.board else [],
            watching=self.match.watching,
            dealer=1 - state.view.first_player,
        )
        self._refresh_buttons()
        self.hud_dirty = False

    # -- actions and changes --------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """An action of the person at the keyboard, handed to the match."""
        assert self.choreo is not None
        # Cards still moving land at once: the action applies to the table as the player sees it.
        self.choreo.fast_forward()
        self.last_action = action
        refusal = self.match.play(action)
        if refusal is not None:
            self.refuse(refusal)
            self.note_refusal(action)
            return False
        self._show_unpaced()
        return True

    def _show_unpaced(self) -> None:
        """Show at once the changes that need no pause (the player's own, a new deal)."""
        while self.match.changes and not self.match.next_paced:
            change = self.match.next_change()
            assert change is not None
            self._show(change)

    def _show_changes(self, dt: float, ready: bool) -> None:
        """The player's own changes show at once; the opponent's one at a time, when the cards
        have come to rest and after a short pause, so a person can follow them."""
        self._show_unpaced()
        if not self.match.changes:
            return
        if not ready:
            self.opponent_wait = self._pause()
            return
        if self.match.watching and self.watch_paused and self.watch_steps <= 0:
            return
        if self.opponent_wait > 0:
            self.opponent_wait -= dt
            if self.opponent_wait > 0:
                return
        change = self.match.next_change()
        assert change is not None
        self._show(change)

    def _show(self, change: Change) -> None:
        assert self.choreo is not None and self.board is not None
        self.choreo.fast_forward()
        for a, b in change.swaps:
            self.board.exchange(a, b)
        self.state = change.state
        self._after(list(change.events), by_me=change.by_me)

    def _after(self, events: list[Event], by_me: bool) -> None:
        self.selected &= set(self.state.hand(ME))
        if self.hint_waiting:
            self.match.cancel_hint()
            self.hint_waiting = False
        if self.hint is not None and self.hint.visible:
            self.hint.hide()
        if by_me:
            self.message_time = 0.0
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
                if self.watch_steps > 0:
                    self.watch_steps -= 1
            elif kind == ev.DEAL:
                self.hand_over_shown = False
                self.hand_over_wait = 0.0
                self.photo_deal = True
            elif kind == ev.CANASTA:
                self.photo_canasta = True
            elif kind == ev.HAND_OVER:
                self.hands_completed += 1
                self.hand_over_wait = 0.0
        self.plays.extend(narrate(events, self.names))
        self.remember(events)
        self._animate(events)

    def _animate(self, events: list[Event]) -> None:
        assert self.board is not None and self.choreo is not None
        layout = self.board.compute(self.state, self.board_options())
        self.choreo.play(events, layout.placements, human_seat=ME, turn_cue=not self.match.watching)
        self.board.layout = layout
        self.hud_dirty = True

    def relayout(self) -> None:
        """Cards glide to where they now belong (selection, sorting, or a spring back)."""
        self._animate([])

    # -- what the match says ----------------------------------------------------------------------
    def poll(self) -> None:
        """Every frame, even under a dialog: the match's news (network, the computer)."""
        for note in self.match.pump():
            self._note(note)
            self.hud_dirty = True
        if self.match.thinking != self.was_thinking:
            self.was_thinking = self.match.thinking
            self.hud_dirty = True  # the status bar says when the computer is thinking

    def _note(self, note: Note) -> None:
        if isinstance(note, HintReady):
            if self.hint_waiting:
                self.hint_waiting = False
                self._show_hint(note)
        elif isinstance(note, Refused):
            self.refuse(note.text)
            if self.last_action is not None:
                self.note_refusal(self.last_action)  # refused by the host, later: still "Why?"
            self.relayout()
        elif isinstance(note, Alert):
            message_dialog(self.app, note.title, note.text)
        elif isinstance(note, ChatArrived):
            self.app.sounds.play("chat")
        else:
            self.say(note.text, error=note.error)

    # -- hints ------------------------------------------------------------------------------------
    def request_hint(self) -> None:
        state = self.state
        if (
            self.match.autoplay
            or state.phase not in (DRAW, PLAY)
            or state.to_move != ME
            or self.match.opponent_pending
        ):
            self.refuse("Hints are given on your turn.")
            return
        assert self.hint is not None
        self.hint.show_thinking()
        self.match.ask_hint()
        self.hint_waiting = True

    def _show_hint(self, note: HintReady) -> None:
        assert self.hint is not None
        if not note.actions:
            self.hint.show(note.text, [], False)
            return
        self.hint_actions = list(note.actions)
        reason = self.in_card_names(note.text)
        self.hint.show(reason, self.hint_words(self.hint_actions), True)

    def hint_do(self) -> None:
        assert self.hint is not None
        actions = list(self.hint_actions)
        self.hint.hide()
        self.script = deque(actions)
        # After a suggested draw, the next suggestion follows once the new cards are in hand.
        self.script_rehint = bool(actions) and isinstance(actions[-1], Draw)

    def hint_close(self) -> None:
        if self.hint is not None:
            self.hint.hide()
        if self.hint_waiting:
            self.match.cancel_hint()
            self.hint_waiting = False

    # -- assistance, AutoPlay, menus ----------------------------------------------------------------
    def choose_earlier_turn(self) -> None:
        marks = self.match.earlier_turns()
        if not marks:
            self.refuse("There is no earlier turn of yours in this hand to go back to.")
            return
        current = self.state.turn_no
        items: list[MenuItem] = [
            (
                f"Turn {m.turn_no}" + (" (start of this turn)" if m.turn_no == current else ""),
                functools.partial(self.rewind, m),
            )
            for m in reversed(marks[-6:])
        ]
        items.append(("Cancel", _nothing))
        self.app.stack.push(
            MenuScene(
                self.app,
                "Go back to a turn",
                items,
                note="The hand is played again up to the start of the turn you choose.",
            )
        )

    def rewind(self, mark: TurnMark) -> None:
        assert self.choreo is not None
        self.choreo.fast_forward()
        self.hint_close()
        self.script.clear()
        refusal = self.match.rewind(mark)
        if refusal is not None:
            self.refuse(refusal)
            return
        self.selected.clear()
        self._show_unpaced()
        self.say(f"Back at the start of turn {self.state.turn_no}.")

    def toggle_autoplay(self) -> None:
        text = self.match.set_autoplay(not self.match.autoplay, self.app.prefs.skill_level)
        self.hint_close()
        self.script.clear()
        self.watch_paused = False
        self.say(text)
        self._refresh_buttons()

    def toggle_watch_pause(self) -> None:
        self.watch_paused = not self.watch_paused
        self.hud_dirty = True

    def watch_step(self) -> None:
        if self.watch_paused:
            self.watch_steps = 1
            self.hud_dirty = True

    def toggle_sorting(self) -> None:
        """Sort the hand: the next way of sorting, and the player's own arrangement dropped."""
        prefs = self.app.prefs
        prefs.hand_sorting = SORT_NEXT.get(prefs.hand_sorting, "rank")
        self.arranged = []
        self.app.preferences_changed()
        self.hud_dirty = True
        self.relayout()

    def cycle_meld_layout(self) -> None:
        prefs = self.app.prefs
        prefs.meld_layout = MELD_LAYOUT_NEXT.get(prefs.meld_layout, "created")
        self.app.preferences_changed()
        self.relayout()

    def open_menu(self) -> None:
        items = [
            ("Resume", lambda: None),
            ("Options", self.open_options),
            ("Canasta details", self.show_canasta_details),
            ("Help and learning", self.learning_menu),
            ("New game", self.ask_new_game),
            *(self.app.table_menu(self) if self.app.table_menu else []),
            ("Title screen", self.to_title),
            ("Quit", self.app.quit),
        ]
        self.app.stack.push(
            MenuScene(self.app, "Paused", items, note="Your game is saved as you play.")
        )

    def open_options(self) -> None:
        from game.scenes.options import OptionsScene

        self.app.stack.push(OptionsScene(self.app, game_in_progress=True))

    def ask_new_game(self) -> None:
        confirm_dialog(
            self.app,
            "Start a new game?",
            "The game in progress will be given up.",
            lambda yes: self.new_game() if yes else None,
            yes="New game",
            no="Keep playing",
        )

    def new_game(self) -> None:
        assert self.choreo is not None
        self.choreo.fast_forward()
        self.hint_close()
        self.script.clear()
        warning = self.match.restart(self.app.prefs)
        if warning is None:
            self.to_title()
            return
        self.selected.clear()
        self.hands_completed = 0
        self.plays.clear()
        self._show_unpaced()
        self.say(warning or "A new game: good luck!", error=bool(warning))

    def deal_again(self, deal: Callable[[], str | None], text: str) -> None:
        """Show a deal made in place of the one on the table (same cards again, a replica):
        `deal` changes the match and returns the sentence why it could not, else None."""
        assert self.choreo is not None
        self.choreo.fast_forward()
        self.hint_close()
        self.script.clear()
        refusal = deal()
        if refusal is not None:
            self.refuse(refusal)
            return
        self.selected.clear()
        self.plays.clear()
        self.hand_over_shown = False
        self._show_unpaced()
        self.say(text)

    def to_title(self) -> None:
        self.app.stack.remove(self)

    # -- events ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.hint is not None and self.hint.handle_event(event):
            return True
        if self.status_click(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if event.type == pygame.MOUSEMOTION:
                self._hover(event.pos)
            if not self.gestures.dragging and self.group.handle_event(event):
                return True
            if event.type == pygame.MOUSEMOTION and self.geometry is not None:
                inside = self.geometry.hands[ME].collidepoint(event.pos)
                entered, self.pointer_in_hand = inside and not self.pointer_in_hand, inside
                if entered and self.fresh_tint and not self.gestures.dragging:
                    # Drawn cards stay tinted until the pointer passes over the hand (UG 2.4).
                    self.fresh_tint = False
                    self.relayout()
            return self.gestures.handle(event, self.clock)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if key == pygame.K_ESCAPE:
            if self.hint is not None and self.hint.visible:
                self.hint_close()
            elif self.drag is not None:
                self.drag = None
                self.gestures.reset()
                self.relayout()
            else:
                self.open_menu()
            return True
        actions = {
            pygame.K_F1: self.open_help,
            pygame.K_F2: self.ask_new_game,
            pygame.K_F3: self.what_can_i_do,
            pygame.K_F4: self.open_explore,
            pygame.K_h: self.request_hint,
            pygame.K_F6: self.draw_from_stock,
            pygame.K_F7: self.take_pile,
            pygame.K_F10: self.discard_selected,
            pygame.K_LEFT: lambda: self.move_card_focus(-1),
            pygame.K_RIGHT: lambda: self.move_card_focus(1),
            pygame.K_SPACE: self.select_focused_card,
            pygame.K_m: self.meld_selection,
        }
        if key == pygame.K_DELETE:
            (self.undo_turn if ctrl else self.undo_last)()
            return True
        if key == pygame.K_TAB:
            self.card_focus = None  # the keyboard leaves the hand for the buttons
        if key == pygame.K_SPACE and self.group.focused is not None:
            return self.group.handle_event(event)  # a button reached with Tab is pressed
        if key in actions:
            actions[key]()
            return True
        return self.group.handle_event(event)

    def show_hand_scores(self) -> None:
        """The scoresheet, clicked: the breakdown of the last finished hand."""
        if not self.state.history:
            self.say("The breakdown of each hand's scores shows here once a hand is over.")
            return
        self.app.stack.push(
            HandOverScene(
                self.app, self.state, self.names, lambda: None, record=self.state.history[-1]
            )
        )

    # -- playing from the keyboard ---------------------------------------------------------------
    def move_card_focus(self, step: int) -> None:
        """Left and Right walk a visible focus along the hand."""
        assert self.board is not None
        self.group.set_focus(None)  # the keyboard leaves the buttons for the cards
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
            self.refuse("Select cards first: Left and Right move along your hand, Space selects.")
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

    # -- frame ------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        assert self.choreo is not None
        self.clock += dt
        self.animator.update(dt)
        self.choreo.tick(dt)
        self.group.update(dt)
        if self.hint is not None:
            self.hint.update(dt)
        if self.message_time > 0:
            self.message_time -= dt
            if self.message_time <= 0:
                self.hud_dirty = True
        self._turn_message_page(dt)
        ready = not self.animator.busy and self.drag is None
        if ready:
            self._take_photos()
        self._show_changes(dt, ready)
        state = self.state
        if state.phase in (DRAW, PLAY):
            if ready and self.script and state.to_move == ME:
                self._run_script()
        elif ready and not self.match.changes:
            self._end_of_hand(dt)
        if self.hud_dirty:
            self._rebuild_model()

    def _turn_message_page(self, dt: float) -> None:
        if self.hud is None or self.hud.message_pages <= 1:
            self.page_time = 0.0
            return
        self.page_time += dt
        if self.page_time >= MESSAGE_PAGE_SECONDS:
            self.page_time = 0.0
            self.message_page += 1
            self.hud_dirty = True

    def _hover(self, pos: tuple[int, int]) -> None:
        """The details of a status-bar figure show while the pointer rests on it."""
        tip = self.hud.tip_at(pos) if self.hud is not None else ""
        if tip != self.tip or (tip and pos[0] != self.tip_x):
            self.tip, self.tip_x = tip, pos[0]
            self.hud_dirty = True

    def _run_script(self) -> None:
        action = self.script.popleft()
        if not self.act(action):
            self.script.clear()
            return
        if not self.script and self.script_rehint:
            self.script_rehint = False
            self.request_hint()

    def _end_of_hand(self, dt: float) -> None:
        if self.hand_over_shown:
            return
        delay = HAND_OVER_DELAY if self.animator.speed > 0 and self.options.pauses else 0.0
        self.hand_over_wait += dt
        if self.hand_over_wait < delay:
            return
        self.hand_over_shown = True
        photographer = self.options.photographer
        number = self.state.hand_no
        on_shown = (lambda: photographer.request(f"hand{number}_score")) if photographer else None
        self.app.stack.push(
            HandOverScene(
                self.app,
                self.state,
                self.names,
                self._after_hand_over,
                auto_seconds=self._auto_seconds(),
                on_shown=on_shown,
            )
        )

    def _auto_seconds(self) -> float | None:
        """How long the hand results stay up by themselves: while AutoPlay plays, for the time
        the player chose in the preferences (none: until dismissed); a headless run without
        pauses goes straight on. Without AutoPlay, until the player moves on."""
        if not self.match.autoplay:
            return None
        if not self.options.pauses:
            return 0.0
        seconds = self.app.prefs.results_seconds
        return float(seconds) if seconds > 0 else None

    def _stop_autoplay_at_game_over(self) -> None:
        """AutoPlay ends with the game: the final scores wait for the player, and no new game
        starts by itself."""
        if self.match.autoplay and self.options.hands is None:
            self.match.set_autoplay(False, self.app.prefs.skill_level)
            self.watch_paused = False
            self.hud_dirty = True

    def _after_hand_over(self) -> None:
        limit = self.options.hands
        if limit is not None and (self.hands_completed >= limit or self.state.game_over):
            self.app.quit()
            return
        if self.state.game_over:
            photographer = self.options.photographer
            on_shown = (lambda: photographer.request("game_over")) if photographer else None
            self._stop_autoplay_at_game_over()
            self.app.stack.push(
                GameOverScene(
                    self.app,
                    self.state,
                    self.names,
                    on_new_game=self.new_game,
                    on_title=self.to_title,
                    on_shown=on_shown,
                )
            )
            return
        text = self.match.next_hand()
        if text:
            self.say(text)
        self._show_unpaced()

    def _take_photos(self) -> None:
        photographer = self.options.photographer
        if photographer is None:
            return
        state = self.state
        if self.photo_deal:
            self.photo_deal = False
            photographer.request(f"hand{state.hand_no}_deal")
        # Frozen for the player: by a wild card or Red Three in it, or (before the player has
        # opened) by the rules; a pile of a few cards makes the better picture.
        frozen = (
            bool(state.pile)
            and state.pile_frozen_for(self.pile_viewer)
            and not state.pile_blocked
            and (state.pile_freezers > 0 or len(state.pile) >= 3)
        )
        if frozen and not photographer.has("frozen_pile"):
            photographer.request("frozen_pile")
        if self.photo_canasta and not photographer.has("canasta"):
            photographer.request("canasta")
        self.photo_canasta = False

    def draw(self, surface: pygame.Surface) -> None:
        if self.hud_dirty:
            self._rebuild_model()
        assert self.hud is not None and self.board is not None and self.geometry is not None
        self.hud.draw_under(surface, self.model)
        if self.drop_rect is not None:
            pygame.draw.rect(
                surface,
                th.GOLD_LIGHT,
                self.drop_rect,
                max(2, self.geometry.px(3)),
                border_radius=self.geometry.px(10),
            )
        self.board.draw(surface)
        self.hud.draw_over(surface, self.model)
        if self.card_focus is not None and self.card_focus in self.board.hand_order:
            # The keyboard's place in the hand, as visible as the mouse pointer.
            pygame.draw.rect(
                surface,
                th.GOLD_LIGHT,
                self.board.sprites[self.card_focus].rect.inflate(4, 4),
                max(2, self.geometry.px(3)),
                border_radius=self.geometry.px(6),
            )
        self.group.draw(surface)
        if self.hint is not None:
            self.hint.draw(surface)
        self.hud.draw_tip(surface, self.model)
