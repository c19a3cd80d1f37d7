"""The card table: a game against the computer, played with the mouse or the keyboard.

Data flows one way. A click, a drag, a key or the computer's decision becomes an engine action;
the engine returns events (or refuses, with a sentence shown in the status bar and the "illegal"
sound, changing nothing); the board works out where every card now belongs, and the choreographer
turns the events into card flights and sounds. The same path serves the person at the keyboard,
the computer opponent, hints ("Do it") and AutoPlay. Input is never lost while cards move: a new
action first brings every moving card to rest, then applies. The computer thinks in a worker
process (`AIWorker`), so the window keeps drawing and answering while it does. After every action
the game is saved in the background, and restored by Continue. What each gesture means on the
table is in `table_moves`; where cards lie, in `table_board`; how they move, in `table_motion`.
"""

from __future__ import annotations

import logging
import os
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.ai_worker import HINT, AIResult, AIWorker
from game.logic import IllegalAction, player_view
from game.logic import events as ev
from game.logic.actions import Action, Draw, NextHand, Pass
from game.logic.engine import DRAW, GAME_OVER, HAND_OVER, PLAY
from game.logic.events import Event
from game.scenes.base import Scene
from game.scenes.dialog import confirm_dialog
from game.scenes.menu import MenuScene
from game.scenes.photographer import Photographer
from game.scenes.scores import GameOverScene, HandOverScene
from game.scenes.table_board import Board, BoardOptions
from game.scenes.table_hint import HintPanel
from game.scenes.table_hud import HudModel, TableHud
from game.scenes.table_info import (
    SKILL_TITLES,
    describe_action,
    hand_value,
    narrate,
    opening_status,
    rules_summary,
    scoresheet_rows,
)
from game.scenes.table_input import Gestures
from game.scenes.table_layout import TableGeometry, compute_geometry
from game.scenes.table_motion import Choreographer
from game.scenes.table_moves import Drag, PlayerMoves, Sweep
from game.scenes.table_turns import ComputerSeat, safe_action
from game.session import HUMAN_SEAT, AutosaveWriter, GameSession, SessionError
from game.sprites.tween import Animator
from game.ui import theme as th
from game.ui.button import Button
from game.ui.widget import WidgetGroup

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)

OPPONENT_PAUSE = 0.4
HAND_OVER_DELAY = 0.8
MESSAGE_SECONDS = 6.0
PLAYS_KEPT = 12
MELD_LAYOUT_NEXT = {"created": "length", "length": "rank", "rank": "created"}
MELD_LAYOUT_TITLES = {"created": "as played", "length": "by size", "rank": "by rank"}


@dataclass
class TableOptions:
    """How this table runs (the command line sets these for headless runs)."""

    speed: float | None = None  # animation speed factor; None: the player's preference
    pauses: bool = True  # pause between the computer's moves
    hands: int | None = None  # quit the app after this many hands
    photographer: Photographer | None = None
    autosave: bool = True
    # "process" (default), "thread" or "inline"; CANASTA_AI_WORKER overrides the default.
    worker_mode: str = field(default_factory=lambda: os.environ.get("CANASTA_AI_WORKER", "process"))
    notice: str = ""  # a message for the status bar when the table opens


class TableScene(PlayerMoves, Scene):
    def __init__(
        self,
        app: App,
        session: GameSession,
        *,
        options: TableOptions | None = None,
        worker: AIWorker | None = None,
        writer: AutosaveWriter | None = None,
    ) -> None:
        super().__init__(app)
        self.session = session
        self.options = options or TableOptions()
        self.worker = worker or AIWorker(self.options.worker_mode)
        self.writer = writer or AutosaveWriter()
        self.animator = Animator(self._speed())
        self.computer = ComputerSeat(self.worker)
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
        self.version = 0
        self.selected: set[int] = set()
        self.fresh_tint = True
        self.last_meld_key: int | None = None
        self.message = self.options.notice
        self.message_error = False
        self.message_time = 0.0 if not self.message else MESSAGE_SECONDS
        self.clock = 0.0
        self.drag: Drag | None = None
        self.drop_rect: pygame.Rect | None = None
        self.sweep: Sweep | None = None
        self.script: deque[Action] = deque()
        self.script_rehint = False
        self.hint_id: int | None = None
        self.hint_version = -1
        self.hint_actions: list[Action] = []
        self.watch_paused = False
        self.watch_steps = 0
        self.hand_over_wait = 0.0
        self.hand_over_shown = False
        self.hands_completed = 0
        self.photo_deal = True
        self.photo_canasta = False
        self.plays: deque[str] = deque(maxlen=PLAYS_KEPT)
        # The opponent preferences as last seen, so only a change made in Options applies
        # (a level chosen on the command line is kept otherwise).
        self._seen_level = app.prefs.skill_level
        self._seen_aggressiveness = app.prefs.aggressiveness
        self._entered = False
        self._closed = False

    # -- lifetime -------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.options.photographer is not None:
            self.app.post_draw.append(self.options.photographer.after_draw)
        game = self.session.game
        if not game.log and game.hand_no == 1:
            # A fresh game: deal it out card by card.
            self.plays.extend(narrate(game.last_events, self.names))
            self._animate(game.last_events)
        self._entered = True
        self.app.sounds.play_music()
        self.autosave()

    def leave(self) -> None:
        if self._closed:
            return
        self._closed = True
        if (
            self.options.photographer is not None
            and self.options.photographer.after_draw in self.app.post_draw
        ):
            self.app.post_draw.remove(self.options.photographer.after_draw)
        self.worker.close()
        self.writer.close()

    def resume(self) -> None:
        """Back from the options or a menu: take up changed preferences."""
        self.animator.speed = self._speed()
        prefs = self.app.prefs
        if (prefs.skill_level, prefs.aggressiveness) != (
            self._seen_level,
            self._seen_aggressiveness,
        ):
            self._seen_level, self._seen_aggressiveness = prefs.skill_level, prefs.aggressiveness
            self.session.levels = (self.session.levels[0], prefs.skill_level)
            self.session.aggressiveness = prefs.aggressiveness
            self.computer.reset()
            self.worker.cancel()
            self.version += 1
            self.autosave()
        self.relayout()

    def wants_quit(self) -> bool:
        return True

    def layout(self, size: tuple[int, int]) -> None:
        self.geometry = compute_geometry(size)
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
        layout = self.board.compute(self.session.game, self.board_options())
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
        if not self.options.pauses:
            return 0.0
        speed = self.animator.speed
        return OPPONENT_PAUSE / speed if speed > 0 else OPPONENT_PAUSE * 0.6

    def board_options(self) -> BoardOptions:
        game = self.session.game
        return BoardOptions(
            frozenset(self.selected),
            self.fresh_tint,
            self.app.prefs.hand_sorting,
            self.app.prefs.meld_layout,
            game.phase in (HAND_OVER, GAME_OVER),
            self.pile_viewer,
        )

    @property
    def pile_viewer(self) -> int:
        """The seat the pile's frozen state is shown for: the player's, or the mover's when
        watching the computer play both hands."""
        game = self.session.game
        return game.to_move if self.session.autoplay else HUMAN_SEAT

    @property
    def names(self) -> tuple[str, str]:
        name = self.app.prefs.player_name
        return ("You" if name in ("", "Player") else name, "Computer")

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
        game = self.session.game
        watching = self.session.autoplay
        mine = game.to_move == HUMAN_SEAT and game.phase in (DRAW, PLAY) and not watching
        b = self.buttons
        if watching:
            b["hint"].label = "Run" if self.watch_paused else "Pause"
            b["hint"].on_click = self.toggle_watch_pause
            b["hint"].enabled = game.phase in (DRAW, PLAY)
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
            b["undo"].enabled = mine and (bool(game.turn.undo) or bool(self.selected))
            b["undo_turn"].enabled = mine and bool(game.turn.undo)
            b["earlier"].enabled = bool(self.session.earlier_turns()) and game.phase in (DRAW, PLAY)
        b["sort"].label = (
            "Gaps: on" if self.app.prefs.hand_sorting == "rank_groups" else "Gaps: off"
        )
        b["melds"].label = "Melds: " + MELD_LAYOUT_TITLES.get(self.app.prefs.meld_layout, "")
        can_pass = mine and game.check(Pass()) is None
        b["pass"].visible = can_pass
        b["pass"].label = "End hand" if game.phase == DRAW or game.turn.no_discard else "Pass"

    # -- messages -------------------------------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_error = error
        self.message_time = MESSAGE_SECONDS
        self.hud_dirty = True

    def refuse(self, text: str) -> None:
        self.say(text, error=True)
        self.app.sounds.play("illegal")

    def default_message(self) -> str:
        game = self.session.game
        if game.phase == GAME_OVER:
            return "The game is over."
        if game.phase == HAND_OVER:
            return "The hand is over."
        if self.session.autoplay:
            return "AutoPlay: the computer plays both hands." + (
                " Paused." if self.watch_paused else ""
            )
        if game.to_move != HUMAN_SEAT:
            return (
                "The computer is thinking\u2026"
                if self.computer.thinking
                else "The computer is playing."
            )
        if game.phase == DRAW:
            if not game.stock:
                return "The stock is empty: take the pile, or end the hand."
            return "Your turn: click the stock to draw, or click the pile to take it."
        if game.turn.locked:
            return "Reach the opening minimum with your melds; the pile's cards unlock then."
        return "Meld (select cards, click the mat), then discard: right-click a card."

    # -- the model on screen --------------------------------------------------------------------
    def _rebuild_model(self) -> None:
        game = self.session.game
        opening = opening_status(game, HUMAN_SEAT)
        in_hand, net = hand_value(game, HUMAN_SEAT)
        title, lines = rules_summary(game.rules)
        if game.pile and game.pile_is_blocked():
            pile_state = "blocked"
        elif game.pile and game.pile_is_frozen_for(self.pile_viewer):
            pile_state = "frozen"
        else:
            pile_state = ""
        levels = self.session.levels
        if self.session.autoplay:
            level_text = f"{SKILL_TITLES[levels[0]]} vs {SKILL_TITLES[levels[1]]}"
        else:
            level_text = f"Opponent: {SKILL_TITLES[levels[1]]}"
        message = self.message if self.message_time > 0 and self.message else self.default_message()
        self.model = HudModel(
            names=self.names,
            opponent_line=f"{SKILL_TITLES[levels[1]]} level",
            opponent_cards=len(game.players[1].hand),
            to_move=game.to_move,
            stock_count=len(game.stock),
            pile_count=len(game.pile),
            pile_state=pile_state,
            score_rows=scoresheet_rows(game),
            totals=(game.totals[0], game.totals[1]),
            rules_title=title,
            rules_lines=lines,
            plays=list(self.plays),
            message=message,
            message_error=self.message_error and self.message_time > 0,
            round_text=f"Round {game.hand_no} ({game.turn.no})",
            open_text=opening.text,
            open_tint=opening.tint,
            hand_text=f"Hand {in_hand} ({net:+d})",
            goal_text=f"Goal {game.rules.target_score}",
            level_text=level_text,
            badges=self.board.layout.badges if self.board else [],
            watching=self.session.autoplay,
        )
        self._refresh_buttons()
        self.hud_dirty = False

    # -- applying actions -----------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """An action of the person at the keyboard: checked for turn, then applied."""
        game = self.session.game
        if self.session.autoplay:
            self.refuse("AutoPlay is on: press Stop AutoPlay to play yourself.")
            return False
        if game.phase in (HAND_OVER, GAME_OVER):
            self.refuse("The hand is over.")
            return False
        if game.to_move != HUMAN_SEAT:
            self.refuse("Wait for your turn: the computer is playing.")
            return False
        assert self.choreo is not None
        # Cards still moving land at once: the action applies to the table as the player sees it.
        self.choreo.fast_forward()
        return self.perform(action)

    def perform(self, action: Action, by_computer: bool = False) -> bool:
        try:
            events = self.session.apply(action)
        except IllegalAction as exc:
            if by_computer:
                log.warning("the computer's move %s was refused: %s", action, exc.message)
            else:
                self.refuse(exc.message)
            return False
        self._after(events, by_computer)
        return True

    def _after(self, events: list[Event], by_computer: bool = False) -> None:
        self.version += 1
        game = self.session.game
        self.selected &= set(game.players[HUMAN_SEAT].hand)
        if self.hint_id is not None:
            self.worker.cancel()
            self.computer.reset()
            self.hint_id = None
        if self.hint is not None and self.hint.visible:
            self.hint.hide()
        if not by_computer:
            self.message_time = 0.0
        for event in events:
            kind = event.kind
            if kind == ev.MELD and event.player == HUMAN_SEAT:
                self.last_meld_key = event.rank
            elif kind == ev.TURN:
                self.selected.clear()
                self.fresh_tint = True
                if event.player == HUMAN_SEAT:
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
        self._animate(events)
        if game.phase == GAME_OVER:
            if self.options.autosave:
                self.writer.delete()
        else:
            self.autosave()

    def _animate(self, events: list[Event]) -> None:
        assert self.board is not None and self.choreo is not None
        layout = self.board.compute(self.session.game, self.board_options())
        self.choreo.play(
            events, layout.placements, human_seat=HUMAN_SEAT, turn_cue=not self.session.autoplay
        )
        self.board.layout = layout
        self.hud_dirty = True

    def relayout(self) -> None:
        """Cards glide to where they now belong (selection, sorting, or a spring back)."""
        self._animate([])

    def autosave(self) -> None:
        if self.options.autosave and not self.session.finished:
            self.writer.save(self.session)

    # -- hints ------------------------------------------------------------------------------------
    def request_hint(self) -> None:
        game = self.session.game
        if self.session.autoplay or game.phase not in (DRAW, PLAY) or game.to_move != HUMAN_SEAT:
            self.refuse("Hints are given on your turn.")
            return
        assert self.hint is not None
        self.hint.show_thinking()
        self.hint_id = self.worker.submit(
            HINT, player_view(game, HUMAN_SEAT), seed=self.session.ai_seed
        )
        self.hint_version = self.version

    def _show_hint(self, result: AIResult) -> None:
        assert self.hint is not None
        self.hint_id = None
        if result.error or not result.actions:
            self.hint.show("No suggestion is available just now.", [], False)
            return
        self.hint_actions = list(result.actions)
        self.hint.show(result.reason, [describe_action(a) for a in self.hint_actions], True)

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
        if self.hint_id is not None:
            self.worker.cancel()
            self.computer.reset()
            self.hint_id = None

    # -- assistance, AutoPlay, menus ----------------------------------------------------------------
    def choose_earlier_turn(self) -> None:
        marks = self.session.earlier_turns()
        if not marks:
            self.refuse("There is no earlier turn of yours in this hand to go back to.")
            return
        current = self.session.game.turn.no
        items = [
            (
                f"Turn {m.turn_no}" + (" (start of this turn)" if m.turn_no == current else ""),
                (lambda m=m: self.rewind(m)),
            )
            for m in reversed(marks[-6:])
        ]
        items.append(("Cancel", lambda: None))
        self.app.stack.push(
            MenuScene(
                self.app,
                "Go back to a turn",
                items,
                note="The hand is played again up to the start of the turn you choose.",
            )
        )

    def rewind(self, mark: object) -> None:
        assert self.choreo is not None
        self.choreo.fast_forward()
        self.worker.cancel()
        self.computer.reset()
        self.hint_id = None
        self.script.clear()
        try:
            self.session.rewind(mark)  # type: ignore[arg-type]
        except SessionError as exc:
            self.refuse(str(exc))
            return
        self.version += 1
        self.selected.clear()
        self._animate([])
        self.autosave()
        self.say(f"Back at the start of turn {self.session.game.turn.no}.")

    def toggle_autoplay(self) -> None:
        on = not self.session.autoplay
        self.session.set_autoplay(on)
        self.worker.cancel()
        self.computer.reset()
        self.hint_close()
        self.script.clear()
        self.watch_paused = False
        self.version += 1
        self.say(
            "AutoPlay on: watch the computer play both hands."
            if on
            else "AutoPlay off: your turn to play."
        )
        self._refresh_buttons()

    def toggle_watch_pause(self) -> None:
        self.watch_paused = not self.watch_paused
        self.hud_dirty = True

    def watch_step(self) -> None:
        if self.watch_paused:
            self.watch_steps = 1
            self.hud_dirty = True

    def toggle_sorting(self) -> None:
        prefs = self.app.prefs
        prefs.hand_sorting = "rank" if prefs.hand_sorting == "rank_groups" else "rank_groups"
        self.app.preferences_changed("hand_sorting")
        self.relayout()

    def cycle_meld_layout(self) -> None:
        prefs = self.app.prefs
        prefs.meld_layout = MELD_LAYOUT_NEXT.get(prefs.meld_layout, "created")
        self.app.preferences_changed("meld_layout")
        self.relayout()

    def open_menu(self) -> None:
        items = [
            ("Resume", lambda: None),
            ("Options", self.open_options),
            ("New game", self.ask_new_game),
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
        self.worker.cancel()
        self.computer.reset()
        self.hint_close()
        self.script.clear()
        autoplay = self.session.autoplay
        session, warning = GameSession.from_preferences(self.app.prefs, autoplay=autoplay)
        if autoplay:
            session.levels = self.session.levels
        self.session = session
        self.selected.clear()
        self.hands_completed = 0
        self.plays.clear()
        self._after(list(session.game.last_events), by_computer=True)
        self.say(warning or "A new game: good luck!", error=bool(warning))

    def to_title(self) -> None:
        self.app.stack.remove(self)

    # -- events ------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if self.hint is not None and self.hint.handle_event(event):
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if not self.gestures.dragging and self.group.handle_event(event):
                return True
            if (
                event.type == pygame.MOUSEMOTION
                and self.fresh_tint
                and self.geometry is not None
                and self.geometry.hands[HUMAN_SEAT].collidepoint(event.pos)
            ):
                # Drawn cards stay tinted until the pointer passes over the hand (User Guide 2.4).
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
            pygame.K_F2: self.ask_new_game,
            pygame.K_h: self.request_hint,
            pygame.K_F6: self.draw_from_stock,
            pygame.K_F7: self.take_pile,
            pygame.K_F10: self.discard_selected,
        }
        if key == pygame.K_DELETE:
            (self.undo_turn if ctrl else self.undo_last)()
            return True
        if key in actions:
            actions[key]()
            return True
        return self.group.handle_event(event)

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
        self._poll_worker()
        game = self.session.game
        ready = not self.animator.busy and self.drag is None
        if ready:
            self._take_photos()
        if game.phase in (DRAW, PLAY):
            if self.session.is_computer(game.to_move):
                self._drive_computer(dt, ready)
            elif ready and self.script:
                self._run_script()
        elif ready:
            self._end_of_hand(dt)
        if self.hud_dirty:
            self._rebuild_model()

    def _poll_worker(self) -> None:
        for result in self.worker.poll():
            if self.computer.receive(result):
                self.hud_dirty = True
            elif result.id == self.hint_id:
                if self.hint_version == self.version:
                    self._show_hint(result)
                else:
                    self.hint_id = None

    def _drive_computer(self, dt: float, ready: bool) -> None:
        session = self.session
        game = session.game
        if session.autoplay and self.watch_paused and self.watch_steps <= 0:
            return
        seat = game.to_move
        if self.computer.overdue():
            log.warning("the computer took too long; playing a plain move instead")
            self.worker.cancel()
            self.computer.reset()
            self._play_fallback()
            return
        was_thinking = self.computer.thinking
        self.computer.ask(
            game, self.version, session.levels[seat], session.ai_seed, session.aggressiveness
        )
        if self.computer.thinking != was_thinking:
            self.hud_dirty = True  # the status bar says when the computer is thinking
        answer = self.computer.ready_move(self.version, ready, dt, self._pause())
        if answer is None:
            return
        if (
            answer.error
            or answer.action is None
            or not self.perform(answer.action, by_computer=True)
        ):
            self._play_fallback()

    def _play_fallback(self) -> None:
        action = safe_action(self.session.game)
        if action is None or not self.perform(action, by_computer=True):
            log.error("no move could be played for seat %d", self.session.game.to_move)

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
        game = self.session.game
        photographer = self.options.photographer
        number = game.hand_no
        on_shown = (lambda: photographer.request(f"hand{number}_score")) if photographer else None
        self.app.stack.push(
            HandOverScene(
                self.app,
                game,
                self.names,
                self._after_hand_over,
                auto_seconds=self._auto_seconds(),
                on_shown=on_shown,
            )
        )

    def _auto_seconds(self) -> float | None:
        if not self.session.autoplay:
            return None
        if not self.options.pauses:
            return 0.0
        speed = self.animator.speed
        return 3.0 / speed if speed > 0 else 2.0

    def _after_hand_over(self) -> None:
        limit = self.options.hands
        if limit is not None and self.hands_completed >= limit:
            self.app.quit()
            return
        game = self.session.game
        if game.phase == GAME_OVER:
            photographer = self.options.photographer
            on_shown = (lambda: photographer.request("game_over")) if photographer else None
            self.app.stack.push(
                GameOverScene(
                    self.app,
                    game,
                    self.names,
                    on_new_game=self.new_game,
                    on_title=self.to_title,
                    auto_seconds=self._auto_seconds(),
                    on_shown=on_shown,
                )
            )
            return
        self.perform(NextHand(), by_computer=True)

    def _take_photos(self) -> None:
        photographer = self.options.photographer
        if photographer is None:
            return
        game = self.session.game
        if self.photo_deal:
            self.photo_deal = False
            photographer.request(f"hand{game.hand_no}_deal")
        # Frozen for the player: by a wild card or Red Three in it, or (before the player has
        # opened) by the rules; a pile of a few cards makes the better picture.
        frozen = (
            bool(game.pile)
            and game.pile_is_frozen_for(self.pile_viewer)
            and not game.pile_is_blocked()
            and (game.pile_freezers > 0 or len(game.pile) >= 3)
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
        self.group.draw(surface)
        if self.hint is not None:
            self.hint.draw(surface)
