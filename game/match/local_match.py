"""A match against the computer on this machine: the engine, the computer opponent, the autosave.

`LocalMatch` applies the player's moves to the engine at once, and asks the worker process for
the computer's move whenever the computer is to play and the table has shown every change so far
(so the computer thinks while the previous move is still animating, but never runs ahead of what
the player has seen by more than one move). A computer answer that is missing, broken or refused
is replaced by a plain legal move. Every change is saved in the background; going back to an
earlier turn rebuilds the game from its log. With AutoPlay the computer plays both seats.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from typing import Any

from game.logic import Game, IllegalAction, player_view
from game.logic.actions import Action, Discard, NextHand
from game.logic.ai.opponent import OpponentModel
from game.logic.assist import PracticeChange
from game.logic.cut import Cut
from game.logic.events import Event
from game.logic.phases import DRAW, GAME_OVER, PLAY
from game.logic.phrase import phrase
from game.logic.replay import load_replay, replay_document
from game.match.autosaved_game import (
    HUMAN_SEAT,
    AutosaveWriter,
    LocalGame,
    SavedGameError,
    recent_events,
)
from game.match.computer import ComputerSeat, safe_action
from game.match.match import Change, HintReady, Match, Note, TurnMark
from game.match.practice import PracticeStep
from game.match.recording import Recording, new_local_game, numbered_greeting
from game.match.state import TableState, table_state
from game.match.worker import HINT, AIResult, AIWorker
from game.records import Ending, GameSetup, Opponent, Records, setup_from_replay
from game.settings import Preferences

log = logging.getLogger(__name__)

# With three or four players the computer seats are named for where they sit, the person at
# the keyboard being South: West plays after them, then North (the partner at four), then East.
SEAT_NAMES = {
    2: (phrase("Computer"),),
    3: (phrase("West"), phrase("East")),
    4: (phrase("West"), phrase("North"), phrase("East")),
}

SKILL_TITLES = {
    "carefree": "Carefree",
    "beginner": "Beginner",
    "intermediate": "Intermediate",
    "advanced": "Advanced",
    "expert": "Expert",
    "master": "Master",
}


def picture(game: Game) -> TableState:
    """The table's picture of a game against the computer: seat 0's view, and the real cards
    in the face-down places (the table never shows their faces)."""
    return table_state(
        player_view(game, HUMAN_SEAT),
        game.stock,
        game.talons,
        game.players[1].hand,
        game.history,
        [player.hand for player in game.players[2:]],
    )


def local_match(
    game: LocalGame,
    *,
    autosave: bool = True,
    worker_mode: str | None = None,
    records: Records | None = None,
    setup: GameSetup | None = None,
    restarted: bool = False,
) -> LocalMatch:
    """A match for `game` with its own worker (`worker_mode` "process", or "inline" for tests;
    by default CANASTA_AI_WORKER, else "process") and, unless told not to, the autosave. With
    `records` the game is recorded (`setup` says how it was dealt, `restarted` marks it)."""
    mode = worker_mode or os.environ.get("CANASTA_AI_WORKER", "process")
    match = LocalMatch(game, AIWorker(mode), AutosaveWriter() if autosave else None)
    if records is not None:
        match.record_in(records, setup, restarted=restarted)
    return match


# The assists that make a recorded game practice, as the note said on the table the first time
# the computer helps names them.
ASSIST_WORDS = {"AutoPlay": phrase("AutoPlay"), "an earlier turn": phrase("an earlier turn")}


class LocalMatch(Match):
    """The person at seat 0 against the computer (or watching it play both seats)."""

    def __init__(
        self, game: LocalGame, worker: AIWorker, writer: AutosaveWriter | None = None
    ) -> None:
        super().__init__()
        self.game = game
        self.worker = worker
        self.writer = writer
        self._told_save_error = False  # a failing save is told once, not after every move
        self.computer = ComputerSeat(worker)
        self.hint_id: int | None = None
        # What Master would remember of the opponent in the player's seat (for hints).
        self.memory = OpponentModel()
        self.records: Records | None = None
        self.recording: Recording | None = None
        # Set when a hand was dealt again: the game is marked when it is recorded.
        self.hand_restarted = False
        self._notice = ""  # words for the table's next line (see take_notice)
        self._state = picture(game.game)
        self._opening: tuple[Event, ...] = (
            tuple(game.game.last_events) if not game.game.log and game.game.hand_no == 1 else ()
        )
        self._save()

    # -- what I see -----------------------------------------------------------------------------
    @property
    def state(self) -> TableState:
        return self._state

    @property
    def opening(self) -> Sequence[Event]:
        return self._opening

    @property
    def opponent_name(self) -> str:
        return self.other_names[0]

    @property
    def other_names(self) -> tuple[str, ...]:
        return SEAT_NAMES[self.game.game.n_players]

    @property
    def opponent_line(self) -> str:
        return self.seat_line(1)

    def seat_line(self, seat: int) -> str:
        """The computer's level (in a side strip's few words, with three or four players)."""
        title = phrase(SKILL_TITLES[self.game.levels[seat]])
        return title if self.game.game.n_players > 2 else phrase("{level} level", level=title)

    def level_text(self) -> str:
        levels = self.game.levels
        if len(levels) > 2:
            # The computers' levels from the weakest to the strongest (each seat shows its own).
            played = levels if self.watching else levels[1:]
            ranked = sorted(set(played), key=list(SKILL_TITLES).index)
            span = phrase(SKILL_TITLES[ranked[0]])
            if len(ranked) > 1:
                span = phrase(
                    "{weakest} to {strongest}",
                    weakest=span,
                    strongest=phrase(SKILL_TITLES[ranked[-1]]),
                )
            if self.watching:
                return phrase("All seats: {levels}", levels=span)
            return phrase("Computers: {levels}", levels=span)
        if self.watching:
            return phrase(
                "{level} vs {other}",
                level=phrase(SKILL_TITLES[levels[0]]),
                other=phrase(SKILL_TITLES[levels[1]]),
            )
        return phrase("Opponent: {level}", level=phrase(SKILL_TITLES[levels[1]]))

    def status_text(self) -> str:
        if self.watching or self._state.hand_over or self._my_turn():
            return ""
        if self.game.game.n_players == 2:
            if self.thinking:
                return phrase("The computer is thinking\u2026")
            return phrase("The computer is playing.")
        if not self.game.game.to_act:
            return phrase("You are thinking\u2026") if self.thinking else phrase("You are playing.")
        name = self.other_names[self.game.game.to_act - 1]
        if self.thinking:
            return phrase("{name} is thinking\u2026", name=name)
        return phrase("{name} is playing.", name=name)

    def _my_turn(self) -> bool:
        """Whether the engine waits for the person: their turn, or their partner's question."""
        state = self._state
        return state.view.to_act == HUMAN_SEAT and not self.opponent_pending

    # -- what I may do --------------------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        if self.autoplay or not self._my_turn() or self._state.hand_over:
            return phrase("It is not your turn.")
        refusal = self.game.game.check(action)
        return None if refusal is None else refusal.message

    def play(self, action: Action) -> str | None:
        if self.autoplay:
            return phrase("AutoPlay is on: press Stop AutoPlay to play yourself.")
        if self._state.hand_over:
            return phrase("The hand is over.")
        if not self._my_turn():
            return phrase("Wait for your turn: the computer is playing.")
        try:
            self._apply(action, paced=False)
        except IllegalAction as exc:
            return exc.message
        return None

    def _apply(self, action: Action, paced: bool) -> None:
        """Apply a move for the seat to play and queue its change; `IllegalAction` changes
        nothing."""
        game = self.game.game
        if game.to_act == HUMAN_SEAT and game.phase in (DRAW, PLAY):
            self._remember(action)
        events = self.game.apply(action)
        self._record(events)
        self._state = picture(self.game.game)
        self.changes.append(Change(self._state, tuple(events), paced=paced, by_me=not paced))
        self.cancel_hint()
        self._save()

    def next_hand(self) -> str:
        if self.game.game.phase != GAME_OVER:
            events = self.game.apply(NextHand())
            self._record(events)
            self._state = picture(self.game.game)
            self.changes.append(Change(self._state, tuple(events)))
            self._save()
        return ""

    # -- the records ----------------------------------------------------------------------------
    def record_in(
        self, records: Records, setup: GameSetup | None = None, *, restarted: bool = False
    ) -> None:
        """Record this game in `records` from now on (a resumed game carries on its record).
        A game the computer plays alone (AutoPlay from the start) is not the player's."""
        self.records = records
        if self.game.practice:
            return  # Doctor hand or Swap cards were used: practice never counts for records
        if self.game.record_id is not None:
            self.recording = Recording.resume(records, self.game.record_id)
            return
        if self.game.autoplay:
            return
        setup = setup or setup_from_replay(replay_document(self.game.game))
        self.recording = Recording.start(
            records, setup, self._opponent(), HUMAN_SEAT, restarted=restarted
        )
        self.game.record_id = self.recording.game_id
        self._save()

    def _opponent(self) -> Opponent:
        """Who the person plays against: the computer's level, or the table's other seats."""
        levels = self.game.levels
        game = self.game.game
        if game.n_players == 2:
            return Opponent.computer(levels[1])
        partner = game.partner_of(HUMAN_SEAT)
        opponents = [levels[seat] for seat in range(1, game.n_players) if seat != partner]
        return Opponent.table(
            game.n_players, opponents, None if partner is None else levels[partner]
        )

    def _record(self, events: Sequence[Event]) -> None:
        if self.recording is None:
            return
        if self.hand_restarted and self.game.game.phase == GAME_OVER:
            self.recording.finish(replay_document(self.game.game), Ending.OVER, hand_restarted=True)
            return
        self.recording.observe(self.game.game, events)

    def abandon(self) -> None:
        """The player gives this game up: it goes into the history as abandoned."""
        if self.recording is not None:
            self.recording.abandon(self.game.game)
            self.recording = None

    def replace_game(
        self, game: LocalGame, setup: GameSetup | None = None, *, restarted: bool = False
    ) -> None:
        """Give up the game on the table and deal `game` in its place (same deal again,
        a replicated game, the next numbered deal)."""
        self._forget_thinking()
        self.abandon()
        self.game = game
        self.hand_restarted = False
        if self.records is not None:
            self.record_in(self.records, setup, restarted=restarted)
        self._fresh_picture(game.game.last_events)
        self._save()

    def restart_hand(self) -> str | None:
        """Deal the hand in play again with the same cards (the game is marked so)."""
        doc = replay_document(self.game.game)
        start = self._hand_start(doc)
        if start is None:
            return phrase("This hand has not been played yet.")
        self._forget_thinking()
        doc["actions"] = doc["actions"][:start]
        result = load_replay(doc)
        if result.error is not None:
            return f"The hand could not be dealt again: {result.error['message']}"
        self.game.game = result.game
        self.game.marks = [m for m in self.game.marks if m.log_index <= start]
        self.hand_restarted = True
        self._fresh_picture(result.game.last_events)
        self._save()
        return None

    @staticmethod
    def _hand_start(doc: dict[str, Any]) -> int | None:
        """How many actions come before the hand in play was dealt (None: nothing played)."""
        actions = doc["actions"]
        if not actions:
            return None
        start = 0
        for index, raw in enumerate(actions):
            if isinstance(raw, dict) and raw.get("type") == "next_hand":
                start = index + 1
        return start if start < len(actions) else None

    # -- the computer ---------------------------------------------------------------------------
    def pump(self) -> list[Note]:
        notes: list[Note] = []
        for result in self.worker.poll():
            if self.computer.receive(result):
                continue
            if result.id == self.hint_id:
                self.hint_id = None
                notes.append(self._hint_note(result))
        writer = self.writer
        if writer is not None and writer.last_error and not self._told_save_error:
            self._told_save_error = True
            notes.append(
                Note(
                    phrase(
                        "Your game could not be saved to {path} ({error}); play on, but it will "
                        "not be there after you quit.",
                        path=str(writer.path),
                        error=writer.last_error,
                    ),
                    error=True,
                )
            )
        self._drive_computer()
        return notes

    def _drive_computer(self) -> None:
        game = self.game.game
        if game.phase not in (DRAW, PLAY) or not self.game.is_computer(game.to_act):
            return
        if self.changes:
            return  # one move ahead of the table at most
        if self.computer.overdue():
            log.warning("the computer took too long; playing a plain move instead")
            self.worker.cancel()
            self.computer.reset()
            self._play_fallback()
            return
        seat = game.to_act
        self.computer.ask(
            player_view(game, seat),
            self.game.levels[seat],
            self.game.ai_seed,
            self.game.aggressiveness,
        )
        answer = self.computer.take()
        if answer is None:
            return
        if answer.error is None and answer.action is not None:
            try:
                self._apply(answer.action, paced=True)
                return
            except IllegalAction as exc:
                log.warning("the computer's move %s was refused: %s", answer.action, exc.message)
        self._play_fallback()

    def _play_fallback(self) -> None:
        action = safe_action(self.game.game)
        try:
            if action is not None:
                self._apply(action, paced=True)
                return
        except IllegalAction:
            pass
        log.error("no move could be played for seat %d", self.game.game.to_act)

    @property
    def thinking(self) -> bool:
        return self.computer.thinking

    def _forget_thinking(self) -> None:
        self.worker.cancel()
        self.computer.reset()
        self.hint_id = None

    # -- help -----------------------------------------------------------------------------------
    def _remember(self, action: Action | None) -> None:
        """What Master would remember of the opponent in the player's seat, from the player's
        view before each of the player's actions (as `ComputerPlayer.decide` remembers)."""
        view = player_view(self.game.game, HUMAN_SEAT)
        self.memory.observe(view)
        if isinstance(action, Discard):
            self.memory.note_discard(view, action.card)

    def ask_hint(self) -> None:
        self._remember(None)
        self.hint_id = self.worker.submit(
            HINT,
            player_view(self.game.game, HUMAN_SEAT),
            seed=self.game.ai_seed,
            model=self.memory,
        )

    def cancel_hint(self) -> None:
        if self.hint_id is not None:
            self._forget_thinking()

    @staticmethod
    def _hint_note(result: AIResult) -> HintReady:
        if result.error or not result.actions:
            return HintReady(phrase("No suggestion is available just now."))
        return HintReady(result.reason, actions=tuple(result.actions))

    # -- AutoPlay -------------------------------------------------------------------------------
    @property
    def autoplay(self) -> bool:
        return self.game.autoplay

    @property
    def watching(self) -> bool:
        return self.game.autoplay

    def set_autoplay(self, on: bool, level: str) -> str:
        self.game.set_autoplay(on)
        self._forget_thinking()
        if not on:
            return phrase("AutoPlay off: your turn to play.")
        self._mark_assisted("AutoPlay")
        return phrase("AutoPlay on: watch the computer play both hands.")

    def _mark_assisted(self, assist: str) -> None:
        """A recorded game the computer helped with becomes practice (kept out of the high
        scores and the hall of fame); the first time, the table is told so."""
        if self.recording is None or self.recording.finished or assist in self.game.assists:
            return
        self.game.assists.append(assist)
        self.recording.mark_assisted(assist)
        self._save()
        self._notice = phrase(
            "With {assist} this is now a practice game: it stays in your history but out of the "
            "high scores and the hall of fame.",
            assist=ASSIST_WORDS.get(assist, assist),
        )

    def recent_events(self) -> list[Event]:
        return recent_events(self.game.game)

    def take_notice(self) -> str:
        notice, self._notice = self._notice, ""
        return notice

    def take_cut(self) -> Cut | None:
        cut, self.game.cut = self.game.cut, None
        return cut

    def preferences_changed(self, prefs: Preferences) -> None:
        game = self.game
        game.levels = (game.levels[0],) + (prefs.skill_level,) * (len(game.levels) - 1)
        game.aggressiveness = prefs.aggressiveness
        self._forget_thinking()
        self._save()

    # -- turns gone by, saving, the end ---------------------------------------------------------
    def earlier_turns(self) -> list[TurnMark]:
        return self.game.earlier_turns()

    def rewind(self, mark: TurnMark) -> str | None:
        self._forget_thinking()
        try:
            self.game.rewind(mark)
        except SavedGameError as exc:
            return str(exc)
        self._fresh_picture()
        self._save()
        self._mark_assisted("an earlier turn")
        return None

    def snapshot(self) -> LocalGame:
        """A copy of the game as it stands, for `restore` (AutoStep's "As was")."""
        local = self.game
        copy = LocalGame(
            local.game.clone(),
            seats=local.seats,
            levels=local.levels,
            aggressiveness=local.aggressiveness,
            ai_seed=local.ai_seed,
            marks=list(local.marks),
        )
        copy.practice = list(local.practice)
        copy.assists = list(local.assists)
        return copy

    def restore(self, saved: LocalGame) -> None:
        """Put back a game taken with `snapshot`; the table is shown it afresh. Help had since
        the snapshot stays on the game: what was seen cannot be unseen."""
        self._forget_thinking()
        saved.assists = [*saved.assists, *(a for a in self.game.assists if a not in saved.assists)]
        self.game = saved
        self._fresh_picture()
        self._save()

    def practise(self, game: Game, change: PracticeChange) -> None:
        """Put a practice copy of the game on the table (Doctor hand, Swap cards); the game is
        marked practice from now on, and a practice game leaves no record."""
        self._forget_thinking()
        if self.recording is not None:
            self.recording.forget()
            self.recording = None
            self.game.record_id = None
        self.game.practice.append(PracticeStep(len(self.game.game.log), change))
        self.game.game = game
        self._fresh_picture()
        self._save()

    def _fresh_picture(self, events: Sequence[Event] = ()) -> None:
        self.changes.clear()
        self._state = picture(self.game.game)
        self.changes.append(Change(self._state, tuple(events)))

    def restart(self, prefs: Preferences) -> str | None:
        self._forget_thinking()
        self.abandon()
        if not prefs.autosave:
            self._stop_saving()
        autoplay = self.game.autoplay
        game, setup, warning = new_local_game(prefs, self.records, autoplay=autoplay)
        if autoplay:
            game.levels = self.game.levels
        self.game = game
        self.hand_restarted = False
        if self.records is not None:
            self.record_in(self.records, setup)
        self._fresh_picture(game.game.last_events)
        self._save()
        self._notice = numbered_greeting(setup)
        return warning

    @property
    def finished(self) -> bool:
        return self.game.finished

    def _stop_saving(self) -> None:
        """The player no longer wants games saved as they play: the saved copy of the game
        given up goes, and the new one is not saved."""
        if self.writer is not None:
            self.writer.delete()
            self.writer.close()
            self.writer = None

    def _save(self) -> None:
        if self.writer is None:
            return
        if self.game.finished:
            self.writer.delete()
        else:
            self.writer.save(self.game)

    def close(self) -> None:
        self.worker.close()
        if self.writer is not None:
            self.writer.close()
