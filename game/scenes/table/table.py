"""The card table: a game played with the mouse or the keyboard, against whatever `Match` holds.

Data flows one way. A click, a drag, a key or a hint's "Do it" becomes an engine action handed to
the match (`play`), which refuses it with a sentence (shown in the status bar with the "illegal"
sound, nothing changed) or answers with a `Change`: the picture after it (a `TableState`, only
what the player may see) and the engine events that led there. The opponent's moves, the
computer's or a remote player's, arrive as changes too and are shown one at a time once the cards
have come to rest, after a short pause. For each change the board works out where every card now
belongs, and the choreographer turns the events into card flights and sounds. Input is never lost
while cards move: a new action first brings every moving card to rest, then applies. The table
never learns who the opponent is: the match says what to write and what is offered.

The scene holds its parts: the `MoveController` (what each gesture or key means, the selection,
a drag or sweep under way), the `LearningPanel` ("Why?", help, Explore, the tutorial, AutoStep),
the `Hints`, the `HandResults` (the scores between hands) and the `PhotoCues` of a headless run.
Where cards lie is in `board`, how they move in `motion`; the network table's chat and
Disconnect, in `game.scenes.net.table`.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.language import N_, _
from game.logic import events as ev
from game.logic.actions import Action, Pass
from game.logic.events import Event
from game.logic.phases import DRAW, PLAY
from game.logic.phrase import Phrase
from game.match import ME, Alert, Change, ChatArrived, HintReady, Match, Note, Refused
from game.match.table_info import (
    hand_value,
    narrate,
    opening_status,
    rules_summary,
    scoresheet_rows,
    status_counters,
)
from game.scenes.base import Scene
from game.scenes.dialog import confirm_dialog, message_dialog
from game.scenes.menu import MenuScene
from game.scenes.table.board import Board, BoardOptions
from game.scenes.table.cut import CutDialog
from game.scenes.table.gestures import Gestures
from game.scenes.table.hint import HintPanel, Hints
from game.scenes.table.hud import HudModel, StatusMark, TableHud
from game.scenes.table.layout import TableGeometry, compute_geometry
from game.scenes.table.learning import LearningPanel
from game.scenes.table.motion import Choreographer
from game.scenes.table.moves import MoveController
from game.scenes.table.partners import Partners
from game.scenes.table.photographer import PhotoCues, Photographer
from game.scenes.table.results import HandResults
from game.scenes.table.scores import HandOverScene
from game.scenes.table.turns_back import TurnsBack
from game.scenes.table.voice import phrases
from game.settings import CARD_SIZES
from game.sprites.notation import in_notation
from game.sprites.tween import Animator
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.scenes.base import Host

log = logging.getLogger(__name__)

OPPONENT_PAUSE = 0.4
MESSAGE_SECONDS = 6.0
READING_CHARS_PER_SECOND = 15.0
# A status message too long for two lines shows two lines at a time, turning this often.
MESSAGE_PAGE_SECONDS = 3.0
PLAYS_KEPT = 12
SORT_NEXT = {"rank": "rank_groups", "rank_groups": "suit", "suit": "none", "none": "rank"}
SORT_TITLES = {
    "rank": N_("rank"),
    "rank_groups": N_("gaps"),
    "suit": N_("suit"),
    "none": N_("none"),
}
# The menu's word on saving, as "Save the game as you play" is on or off.
SAVED_NOTES = {
    True: N_("Your game is saved as you play."),
    False: N_("Games are not saved as you play (Options \u2192 Play)."),
}
MELD_LAYOUT_NEXT = {"created": "length", "length": "rank", "rank": "fixed", "fixed": "created"}
MELD_LAYOUT_TITLES = {
    "created": N_("as played"),
    "length": N_("by size"),
    "rank": N_("by rank"),
    "fixed": N_("in columns"),
}


@dataclass
class TableOptions:
    """How this table runs (the command line sets these for headless runs)."""

    speed: float | None = None  # animation speed factor; None: the player's preference
    pauses: bool = True  # pause between the opponent's moves
    hands: int | None = None  # quit the app after this many hands
    photographer: Photographer | None = None
    notice: str = ""  # a message for the status bar when the table opens
    quit_at_end: bool = False  # quit the app once the final scores are shown (headless runs)


class TableScene(Scene):
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
        self.moves = MoveController(self)
        self.learning = LearningPanel(self)
        self.turns_back = TurnsBack(self)
        self.hints = Hints(self)
        self.results = HandResults(self)
        self.photos = PhotoCues(self.options.photographer)
        self.partners = Partners(self)
        self.gestures = Gestures(self.moves)
        self.gestures.drag_enabled = app.prefs.drag_and_drop
        self.group = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        self.model = HudModel()
        self.hud_dirty = True
        self.message = self.options.notice
        self.message_error = False
        self.message_time = 0.0 if not self.message else MESSAGE_SECONDS
        self.message_page = 0
        self.page_time = 0.0
        self.tip = ""
        self.tip_x = 0
        self.clock = 0.0
        self.opponent_wait = 0.0
        self.was_thinking = False
        self.watch_paused = False
        self.watch_steps = 0
        self.step_delay: float | None = None  # AutoStep's pause between moves, when it runs
        self.plays: deque[str] = deque(maxlen=PLAYS_KEPT)
        # The opponent preferences as last seen, so only a change made in Options applies
        # (a level chosen on the command line is kept otherwise).
        self._seen_opponent = (app.prefs.skill_level, app.prefs.aggressiveness)
        self._cards_version = app.cards.version
        self._laid_out_card_size = app.prefs.card_size
        self._closed = False
        self.status_mark: StatusMark | None = None

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
        self.show_cut()

    def show_cut(self) -> None:
        """A game that began with a cut for the deal shows it (the deal goes on after)."""
        cut = self.match.take_cut()
        if cut is not None:
            self.app.stack.push(CutDialog(self.app, cut, self.names))

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
        self.gestures.drag_enabled = self.app.prefs.drag_and_drop
        prefs = self.app.prefs
        if (prefs.skill_level, prefs.aggressiveness) != self._seen_opponent:
            self._seen_opponent = (prefs.skill_level, prefs.aggressiveness)
            self.match.preferences_changed(prefs)
        if self.app.prefs.card_size != self._laid_out_card_size:
            self.layout(self.app.size)
        fresh_pictures = self.app.cards.version != self._cards_version
        if fresh_pictures and self.board is not None and self.geometry is not None:
            # New card pictures (the four-colour deck, another notation): every card fetches its
            # own again, and the plays are told in the notation.
            self._cards_version = self.app.cards.version
            self.board.set_geometry(self.geometry)
            self.hud_dirty = True
        self.relayout()

    def set_status_mark(self, mark: StatusMark | None) -> None:
        """Show `mark` at the status bar's left end (None: take it away)."""
        self.status_mark = mark
        self.hud_dirty = True

    def message_showing(self) -> bool:
        """Whether a message of its own is on the status bar (not the default words)."""
        return self.message_time > 0

    def wants_quit(self) -> bool:
        return True

    def busy(self) -> bool:
        """Cards moving, a gesture under way, or the game about to move on by itself."""
        match = self.match
        return (
            self.animator.busy
            or self.moves.drag is not None
            or self.moves.sweep is not None
            or bool(match.changes)
            or match.thinking
            or match.opponent_pending
            or match.autoplay
            or self.hints.waiting
            or bool(self.hints.script)
            or (self.state.phase not in (DRAW, PLAY) and not self.results.shown)
        )

    def layout(self, size: tuple[int, int]) -> None:
        self.geometry = compute_geometry(
            size, CARD_SIZES.get(self.app.prefs.card_size, 1.0), self.state.seat_count
        )
        self._laid_out_card_size = self.app.prefs.card_size
        if self.board is None:
            self.board = Board(self.app.cards, self.geometry)
            self.choreo = Choreographer(self.board, self.animator, self.app.sounds.play)
        else:
            self.board.set_geometry(self.geometry)
        self.hud = TableHud(self.app.theme, self.geometry)
        self.gestures = Gestures(self.moves, self.geometry.scale)
        was_shown = self.hint is not None and self.hint.visible
        self.hint = HintPanel(self.app.theme, self.geometry, self.hints.do, self.hints.close)
        if was_shown:
            self.hints.close()
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
            frozenset(self.moves.selected),
            self.moves.fresh_tint,
            self.app.prefs.hand_sorting,
            self.app.prefs.meld_layout,
            self.state.hand_over,
            self.pile_viewer,
            tuple(self.moves.arranged),
            canasta_tints=self.app.prefs.canasta_tints,
            pile_tints=self.app.prefs.pile_tints,
            wide_spreads=self.app.prefs.wide_hand_spreads,
        )

    @property
    def notation(self) -> str:
        """The letters the court cards go by in the plays and hints told."""
        return self.app.prefs.index_notation

    @property
    def pile_viewer(self) -> int:
        """The seat the pile's frozen state is shown for: the player's, or the mover's when
        watching the computer play both hands."""
        return self.state.to_move if self.match.watching else ME

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name, the person's first (theirs even while the computer plays it)."""
        name = self.app.prefs.player_name
        # The computer seats' names are said in the player's language; a person's stay theirs.
        others = (
            _(other) if isinstance(other, Phrase) else other for other in self.match.other_names
        )
        return (_("You") if name in ("", "Player") else name, *others)

    @property
    def side_names(self) -> tuple[str, ...]:
        """Every side's name (the scoresheet's columns): a partnership's are both partners'."""
        names = self.names
        if len(names) == 4:
            return (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")
        return names

    def outcome(self) -> dict[str, object]:
        """How the game on the table stands, for the line a headless run ends with."""
        view = self.state.view
        sides = self.side_names
        winner = view.winner
        return {
            "players": view.players,
            "sides": list(sides),
            "totals": list(view.totals),
            "hands": view.hand_no,
            "over": self.state.game_over,
            "winner": sides[winner] if winner is not None else None,
            "winner_side": winner,
        }

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
            ("hint", _("Hint"), self.hints.request),
            ("undo", _("Undo"), self.moves.undo_last),
            ("undo_turn", _("Undo turn"), self.moves.undo_turn),
            ("earlier", _("Earlier turn"), self.turns_back.choose),
            ("sort", _("Sort"), self.toggle_sorting),
            ("melds", _("Melds"), self.cycle_meld_layout),
            ("autoplay", _("AutoPlay"), self.toggle_autoplay),
            ("menu", _("Menu"), self.open_menu),
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
                g.pass_button,
                t,
                _("Pass"),
                self.moves.pass_turn,
                text_size=15,
                primary=True,
                name="pass",
            )
        )
        if g.ask_button is not None:
            self.buttons["ask"] = self.group.add(
                Button(
                    g.ask_button, t, _("May I go out?"), self.partners.ask, text_size=14, name="ask"
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
            b["hint"].label = _("Run") if self.watch_paused else _("Pause")
            b["hint"].on_click = self.toggle_watch_pause
            b["hint"].enabled = state.phase in (DRAW, PLAY)
            b["undo"].label = _("Step")
            b["undo"].on_click = self.watch_step
            b["undo"].enabled = self.watch_paused
            b["autoplay"].label = _("Stop AutoPlay")
            for name in ("undo_turn", "earlier"):
                b[name].enabled = False
        else:
            b["hint"].label, b["hint"].on_click = _("Hint"), self.hints.request
            b["undo"].label, b["undo"].on_click = _("Undo"), self.moves.undo_last
            b["autoplay"].label = _("AutoPlay")
            b["hint"].enabled = mine
            b["undo"].enabled = mine and (bool(state.view.undo_depth) or bool(self.moves.selected))
            b["undo_turn"].enabled = mine and bool(state.view.undo_depth)
            b["earlier"].enabled = bool(match.earlier_turns()) and state.phase in (DRAW, PLAY)
        sorting = SORT_TITLES.get(self.app.prefs.hand_sorting, "rank")
        b["sort"].label = _("Sort: {way}").format(way=_(sorting))
        layout = MELD_LAYOUT_TITLES.get(self.app.prefs.meld_layout, "as played")
        b["melds"].label = _("Melds: {way}").format(way=_(layout))
        can_pass = mine and match.check(Pass()) is None
        b["pass"].visible = can_pass
        b["pass"].label = (
            _("End hand") if state.phase == DRAW or state.view.turn_no_discard else _("Pass")
        )
        if "ask" in b:
            b["ask"].visible = self.partners.can_ask()

    # -- messages -------------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        # "Why?" belongs to the refusal it explains (set again by note_refusal), never to the
        # ordinary lines that follow it
        self.learning.why_anchor = None
        text = _(text)  # a sentence of the match (a `Phrase`) is said in the player's language
        self.message = text
        self.message_error = error
        # A long message stays up long enough to be read to the end.
        self.message_time = max(MESSAGE_SECONDS, len(text) / READING_CHARS_PER_SECOND)
        self.message_page = 0
        self.page_time = 0.0
        self.hud_dirty = True

    def refuse(self, refusal: str) -> None:
        text = _(refusal)
        self.app.sounds.play("illegal")
        if self.app.prefs.refusals_in_dialog:
            # The dialog reads itself aloud.
            message_dialog(self.app, _("Not allowed"), text)
            return
        self.say(text, error=True)
        self.app.speech.interrupt()
        self.app.speech.say(text)

    def refusal_outdated(self) -> None:
        """The player changed what a refusal on show was about: back to the default words."""
        if self.message_error and self.message_showing():
            self.message_time = 0.0
            self.message_error = False
            self.learning.why_anchor = None
            self.hud_dirty = True

    def default_message(self) -> str:
        state = self.state
        about_match = self.match.status_text()
        if about_match:
            return _(about_match)  # a sentence of the match (a `Phrase`) in the player's language
        if state.game_over:
            return _("The game is over.")
        if state.hand_over:
            return _("The hand is over.")
        if self.match.watching:
            if state.seat_count > 2:
                playing = _("AutoPlay: the computer plays every seat.")
            else:
                playing = _("AutoPlay: the computer plays both hands.")
            paused = _("Paused.")
            return f"{playing} {paused}" if self.watch_paused else playing
        if state.view.must_answer:
            return _("{name} asks you: \u201cMay I go out?\u201d").format(
                name=self.names[state.to_move]
            )
        warning = self.learning.going_out_warning()
        if warning:
            return _(warning)
        if state.phase == DRAW:
            if not state.stock:
                return _("The stock is empty: take the pile, or end the hand.")
            return _("Your turn: click the stock to draw, or click the pile to take it.")
        if state.view.turn_locked:
            return _("Reach the opening minimum with your melds; the pile's cards unlock then.")
        return _("Meld (select cards, click the mat), then discard: right-click a card.")

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
        message = self.learning.status_message(message)
        self.model = HudModel(
            names=self.side_names,
            opponent_line=self.match.opponent_line,
            opponent_cards=state.view.hand_sizes[1],
            to_move=state.to_move,
            stock_count=len(state.stock),
            pile_count=len(state.pile),
            pile_state=pile_state,
            score_rows=scoresheet_rows(state),
            totals=tuple(state.totals),
            rules_title=title,
            rules_lines=lines,
            plays=[in_notation(_(play), self.notation) for play in self.plays],
            message=message,
            message_error=self.message_error and self.message_time > 0,
            counters=status_counters(state, opening, in_hand, net, self.match.level_text()),
            level_text=self.match.level_text(),
            message_page=self.message_page,
            tip=self.tip,
            tip_x=self.tip_x,
            badges=self.board.layout.badges if self.board else [],
            watching=self.match.watching,
            # The dealer sits to the right of the first player; the scoresheet marks their side.
            dealer=state.side((state.view.first_player - 1) % state.seat_count),
            mark_room=self.geometry.px(34) if self.status_mark and self.geometry else 0,
            seats=self.partners.seats(),
            to_act=state.view.to_act if state.phase in (DRAW, PLAY) else -1,
            speech=self.partners.words(),
        )
        self._refresh_buttons()
        self.hud_dirty = False

    # -- actions and changes --------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """An action of the person at the keyboard, handed to the match."""
        assert self.choreo is not None
        # Cards still moving land at once: the action applies to the table as the player sees it.
        self.choreo.fast_forward()
        self.learning.last_action = action
        refusal = self.match.play(action)
        if refusal is not None:
            self.refuse(refusal)
            self.learning.note_refusal(action)
            return False
        self.show_unpaced()
        return True

    def show_unpaced(self) -> None:
        """Show at once the changes that need no pause (the player's own, a new deal)."""
        while self.match.changes and not self.match.next_paced:
            change = self.match.next_change()
            assert change is not None
            self._show(change)

    def _show_changes(self, dt: float, ready: bool) -> None:
        """The player's own changes show at once; the opponent's one at a time, when the cards
        have come to rest and after a short pause, so a person can follow them."""
        self.show_unpaced()
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
        self.moves.after(events)
        self.results.after(events)
        self.photos.after(events)
        self.partners.after(events)
        self.hints.close()
        if by_me:
            self.message_time = 0.0
        turns = sum(1 for event in events if event.kind == ev.TURN)
        self.watch_steps = max(0, self.watch_steps - turns)  # AutoStep's steps still to show
        self.plays.extend(narrate(events, self.names))
        for phrase in phrases(events, self.side_names, prompt=not self.match.watching):
            self.app.speech.say(phrase.text, phrase.side)
        self.learning.remember(events)
        self._animate(events)

    def _animate(self, events: list[Event]) -> None:
        assert self.board is not None and self.choreo is not None
        layout = self.board.compute(self.state, self.board_options())
        self.choreo.quick_deal = self.app.prefs.quick_deal
        self.choreo.quiet_deal = self.app.prefs.quiet_deal
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
            self.hints.ready(note)
        elif isinstance(note, Refused):
            self.refuse(note.text)
            if self.learning.last_action is not None:
                # Refused by the host, later: still "Why?".
                self.learning.note_refusal(self.learning.last_action)
            self.relayout()
        elif isinstance(note, Alert):
            message_dialog(self.app, _(note.title), _(note.text))
        elif isinstance(note, ChatArrived):
            self.app.sounds.play("chat")
        else:
            self.say(note.text, error=note.error)

    # -- assistance, AutoPlay, menus ----------------------------------------------------------------
    def toggle_autoplay(self) -> None:
        text = self.match.set_autoplay(not self.match.autoplay, self.app.prefs.skill_level)
        self.hints.close()
        self.hints.script.clear()
        self.watch_paused = False
        self.say(self.with_notice(text))
        self._refresh_buttons()

    def open_recall(self) -> None:
        """Explore at Recall: the cards each player was seen to take from the pile."""
        self.learning.open_explore(page="Recall")

    def retell_plays(self) -> None:
        """ "Last plays" told again from the game now on the table: after going back, the moves
        taken back are no longer there."""
        self.plays.clear()
        self.plays.extend(narrate(self.match.recent_events(), self.names)[-PLAYS_KEPT:])
        self.hud_dirty = True

    def with_notice(self, text: str) -> str:
        notice = self.match.take_notice()
        return f"{_(text)} {_(notice)}" if notice else _(text)

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
        self.moves.arranged = []
        self.app.preferences_changed()
        self.hud_dirty = True
        self.relayout()

    def cycle_meld_layout(self) -> None:
        prefs = self.app.prefs
        prefs.meld_layout = MELD_LAYOUT_NEXT.get(prefs.meld_layout, "created")
        self.app.preferences_changed()
        self.relayout()

    def toggle_tints(self) -> None:
        """The tints of canastas and of the pile (User Guide 4.4.2): if either is on, both go
        off; if neither is, both come on."""
        prefs = self.app.prefs
        on = not (prefs.canasta_tints or prefs.pile_tints)
        prefs.canasta_tints = prefs.pile_tints = on
        self.app.preferences_changed()
        self.relayout()
        self.say(_("Canasta and pile tints on.") if on else _("Canasta and pile tints off."))

    def open_menu(self) -> None:
        prefs = self.app.prefs
        tints = _("Tints off") if prefs.canasta_tints or prefs.pile_tints else _("Tints on")
        items = [
            (_("Resume"), lambda: None),
            (_("Options"), self.open_options),
            (tints, self.toggle_tints),
            (_("Canasta details"), self.moves.show_canasta_details),
            (_("Help and learning"), self.learning.learning_menu),
            (_("New game"), self.ask_new_game),
            *(self.app.table_menu(self) if self.app.table_menu else []),
            (_("Title screen"), self.to_title),
            (_("Quit"), self.app.quit),
        ]
        note = _(SAVED_NOTES[self.app.prefs.autosave])
        self.app.stack.push(MenuScene(self.app, _("Paused"), items, note=note))

    def open_options(self) -> None:
        from game.scenes.options import OptionsScene

        self.app.stack.push(OptionsScene(self.app, game_in_progress=True))

    def ask_new_game(self) -> None:
        if not self.app.prefs.confirm_new_game:
            self.new_game()
            return
        confirm_dialog(
            self.app,
            _("Start a new game?"),
            _("The game in progress will be given up."),
            lambda yes: self.new_game() if yes else None,
            yes=_("New game"),
            no=_("Keep playing"),
        )

    def new_game(self) -> None:
        assert self.choreo is not None
        self.choreo.fast_forward()
        self.hints.close()
        self.hints.script.clear()
        warning = self.match.restart(self.app.prefs)
        if warning is None:
            self.to_title()
            return
        self.moves.selected.clear()
        self.results.hands_completed = 0
        self.plays.clear()
        self.show_unpaced()
        greeting = " ".join(filter(None, (_("A new game: good luck!"), self.start_reminder())))
        notice = self.match.take_notice()
        self.say(_(warning or notice) if warning or notice else greeting, error=bool(warning))
        self.show_cut()

    def start_reminder(self) -> str:
        """Who starts the hand now dealt, when the player wants to be reminded; else ""."""
        if not self.app.prefs.start_reminders:
            return ""
        if self.state.to_move == ME and self.names[ME] == _("You"):
            return _("You start this hand.")
        return _("{name} starts this hand.").format(name=self.names[self.state.to_move])

    def deal_again(self, deal: Callable[[], str | None], text: str) -> None:
        """Show a deal made in place of the one on the table (same cards again, a replica):
        `deal` changes the match and returns the sentence why it could not, else None."""
        assert self.choreo is not None
        self.choreo.fast_forward()
        self.hints.close()
        self.hints.script.clear()
        refusal = deal()
        if refusal is not None:
            self.refuse(refusal)
            return
        self.moves.selected.clear()
        self.plays.clear()
        self.results.shown = False
        self.show_unpaced()
        self.say(text)

    def to_title(self) -> None:
        self.app.stack.remove(self)

    # -- events ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.hint is not None and self.hint.handle_event(event):
            return True
        if self.learning.status_click(event):
            return True
        if self._mark_click(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if event.type == pygame.MOUSEMOTION:
                self._hover(event.pos)
            if not self.gestures.dragging and self.group.handle_event(event):
                return True
            if event.type == pygame.MOUSEMOTION:
                self.moves.pointer_moved(event.pos, self.gestures.dragging)
            return self.gestures.handle(event, self.clock)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if key == pygame.K_ESCAPE:
            if self.hint is not None and self.hint.visible:
                self.hints.close()
            elif self.moves.cancel_drag():
                self.gestures.reset()
            else:
                self.open_menu()
            return True
        moves, learning = self.moves, self.learning
        actions = {
            pygame.K_F1: learning.open_help,
            pygame.K_F2: self.ask_new_game,
            pygame.K_F3: learning.what_can_i_do,
            pygame.K_F4: learning.open_explore,
            pygame.K_h: self.hints.request,
            pygame.K_F6: moves.draw_from_stock,
            pygame.K_F7: moves.take_pile,
            pygame.K_F10: moves.discard_selected,
            pygame.K_LEFT: lambda: moves.move_card_focus(-1),
            pygame.K_RIGHT: lambda: moves.move_card_focus(1),
            pygame.K_SPACE: moves.select_focused_card,
            pygame.K_m: moves.meld_selection,
            pygame.K_t: self.toggle_tints,
        }
        if key == pygame.K_DELETE:
            (moves.undo_turn if ctrl else moves.undo_last)()
            return True
        if key == pygame.K_TAB:
            moves.card_focus = None  # the keyboard leaves the hand for the buttons
        if key == pygame.K_SPACE and self.group.focused is not None:
            return self.group.handle_event(event)  # a button reached with Tab is pressed
        if key in actions:
            actions[key]()
            return True
        return self.group.handle_event(event)

    def show_hand_scores(self) -> None:
        """The scoresheet, clicked: the breakdown of the last finished hand."""
        if not self.state.history:
            self.say(_("The breakdown of each hand's scores shows here once a hand is over."))
            return
        self.app.stack.push(
            HandOverScene(
                self.app,
                self.state,
                self.side_names,
                lambda: None,
                record=self.state.history[-1],
            )
        )

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
        ready = not self.animator.busy and self.moves.drag is None
        if ready:
            self.photos.take(self.state, self.pile_viewer)
        self.partners.tick(dt, ready)
        self._show_changes(dt, ready)
        state = self.state
        if state.phase in (DRAW, PLAY):
            if ready and self.hints.script and state.to_move == ME:
                self.hints.play_next()
        elif ready and not self.match.changes:
            self.results.tick(dt)
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

    def _mark_click(self, event: pygame.event.Event) -> bool:
        mark, hud = self.status_mark, self.hud
        if event.type != pygame.MOUSEBUTTONUP or getattr(event, "button", 1) != 1:
            return False
        if mark is None or hud is None or not hud.mark_rect.collidepoint(event.pos):
            return False
        mark.click()
        return True

    def _hover(self, pos: tuple[int, int]) -> None:
        """The details of a status-bar figure show while the pointer rests on it."""
        if not self.app.prefs.tooltips:
            return
        tip = self.hud.tip_at(pos) if self.hud is not None else ""
        if self.status_mark is not None and self.hud is not None:
            tip = self.status_mark.tip if self.hud.mark_rect.collidepoint(pos) else tip
        if tip != self.tip or (tip and pos[0] != self.tip_x):
            self.tip, self.tip_x = tip, pos[0]
            self.hud_dirty = True

    def draw(self, surface: pygame.Surface) -> None:
        if self.hud_dirty:
            self._rebuild_model()
        assert self.hud is not None and self.board is not None and self.geometry is not None
        self.hud.draw_under(surface, self.model)
        self.moves.draw_drop_target(surface)
        self.board.draw(surface)
        self.hud.draw_over(surface, self.model)
        if self.status_mark is not None and self.hud.mark_rect.width:
            self.status_mark.draw(surface, self.hud.mark_rect, self.clock)
        self.moves.draw_card_focus(surface)
        self.group.draw(surface)
        if self.hint is not None:
            self.hint.draw(surface)
        self.hud.draw_tip(surface, self.model)
