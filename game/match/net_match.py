"""A match against a person over the network: the peer's views in, the player's moves out.

`NetMatch` wraps a connected `NetGame`. The player's moves go to the peer (the host's own are
checked at once by its engine, the guest's travel to the host); every change comes back as an
`Updated` notice carrying the player's new view, which becomes a `Change` with the picture after
it (see `hidden`: the guest's seats exchanged, face-down cards kept in place). The player's own
changes show at once, the opponent's are paced like the computer's. The peer's other notices
become words for the table: refusals, an interrupted or restored connection, a lost connection or
the other player leaving (with where the saved game can be taken up again), a save that failed.
Going back to an earlier turn is for games against the computer only (UG 4.3.7); AutoPilot plays
the player's turns (UG 4.2.6).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from game.logic import events as ev
from game.logic.actions import Action, Discard, NextHand
from game.logic.ai.opponent import OpponentModel
from game.logic.events import Event
from game.logic.phases import DRAW, GAME_OVER, HAND_OVER, PLAY
from game.logic.phrase import phrase
from game.logic.view import PlayerView, determinize
from game.match.hidden import event_seats_exchanged, follow, seats_exchanged
from game.match.match import Alert, Change, ChatArrived, HintReady, Match, Note, Refused, TurnMark
from game.match.net_connection import NetGame, save_path, shown
from game.match.recording import Recording
from game.match.state import ME, HandRecord, TableState
from game.match.worker import HINT
from game.netplay import (
    Closed,
    Failed,
    GameFinished,
    Halted,
    HostSilent,
    Interrupted,
    LocalRefusal,
    Resumed,
    SaveFailed,
    Updated,
)
from game.records import DealSource, Ending, GameSetup, Opponent, Records
from game.settings import Preferences

STATUS_WORDS = {
    "connected": phrase("Online"),
    "interrupted": phrase("Interrupted"),
    "lost": phrase("Disconnected"),
    "closed": phrase("Disconnected"),
}


def visible_only(events: Sequence[Event], visible: set[int]) -> list[Event]:
    """Events as a player who sees only `visible` may know them: other cards are counted."""
    out = []
    for event in events:
        shown = tuple(c for c in event.cards if c in visible)
        if len(shown) != len(event.cards):
            info = dict(event.info)
            info["hidden"] = len(event.cards) - len(shown)
            event = dataclasses.replace(event, cards=shown, info=info)
        out.append(event)
    return out


def deal_events(events: Sequence[Event], state: TableState) -> list[Event]:
    """Deal events name only the cards this player may see; the table deals the opponent's
    face-down cards too, so give them the ids the picture put in that hand."""
    out = []
    for event in events:
        if event.kind == ev.DEAL and event.info.get("hidden") and event.player in (0, 1):
            event = dataclasses.replace(event, cards=state.hand(event.player))
        out.append(event)
    return out


class NetMatch(Match):
    """The person at the keyboard against a person over `net`, once a hand has been dealt."""

    def __init__(self, net: NetGame, records: Records | None = None) -> None:
        super().__init__()
        self.net = net
        play = net.peer.play
        assert play is not None and play.view is not None, "the table opens once a hand is dealt"
        self.recording: Recording | None = None
        if records is not None:
            setup = GameSetup(play.terms.rules, play.view.first_player, DealSource())
            opponent = Opponent.peer(net.peer_name or "Opponent")
            self.recording = Recording.start(records, setup, opponent, net.seat)
        self.history: list[HandRecord] = []
        self._state, _ = follow(None, self._local_view(play.view), ())
        self.hint_id: int | None = None
        # What Master would remember of the opponent in the player's seat (the hint's memory, as
        # the solo table keeps it), from the player's own views; and the last of them.
        self.memory = OpponentModel()
        self._seen: PlayerView = play.view
        self.farewell_shown = False
        # why the other player is gone while the game is unfinished (and saved): the table then
        # offers to wait for them, save and quit, or play on against the computer
        self.left_behind = ""
        self.rung = net.chat_arrivals

    # -- seats: the player always sits at the bottom --------------------------------------------
    def _local_view(self, view: PlayerView) -> PlayerView:
        return seats_exchanged(view) if self.net.seat == 1 else view

    def _local_events(self, events: Sequence[Event]) -> list[Event]:
        if self.net.seat == 1:
            return [event_seats_exchanged(e) for e in events]
        return list(events)

    # -- what I see -----------------------------------------------------------------------------
    @property
    def state(self) -> TableState:
        return self._state

    @property
    def opening(self) -> Sequence[Event]:
        return ()

    @property
    def opponent_name(self) -> str:
        return self.net.peer_name

    @property
    def opponent_line(self) -> str:
        return phrase("Online opponent")

    def level_text(self) -> str:
        status = STATUS_WORDS.get(self.net.status, STATUS_WORDS["connected"])
        if self.autoplay:
            return phrase(
                "{status}: {name} \u00b7 AutoPilot", status=status, name=self.net.peer_name
            )
        return phrase("{status}: {name}", status=status, name=self.net.peer_name)

    def status_text(self) -> str:
        net = self.net
        if net.status in ("interrupted", "lost", "closed") and not self.finished:
            return net.status_text
        if self._state.hand_over:
            return ""
        if self._state.to_move != ME or self.opponent_pending:
            return phrase("{name} is playing\u2026", name=net.peer_name)
        if self.autoplay:
            return phrase("AutoPilot is playing your turn.")
        return ""

    # -- what I may do --------------------------------------------------------------------------
    def _refusal(self) -> str | None:
        state = self._state
        if self.autoplay:
            return phrase("AutoPilot is playing your turns: turn it off to play yourself.")
        if self.opponent_pending or (state.to_move != ME and state.phase in (DRAW, PLAY)):
            return phrase("Wait for your turn: {name} is playing.", name=self.net.peer_name)
        if self.net.status in ("lost", "closed"):
            return phrase("The connection is closed: no more moves can be made.")
        if state.hand_over:
            return phrase("The hand is over.")
        return None

    def check(self, action: Action) -> str | None:
        refusal = self._refusal()
        if refusal is not None:
            return refusal
        # The unseen cards do not matter to the mover's own moves: any game agreeing with the
        # view answers for the real one.
        illegal = determinize(self._state.view, random.Random(0)).check(action)
        return None if illegal is None else illegal.message

    def play(self, action: Action) -> str | None:
        refusal = self._refusal()
        if refusal is not None:
            return refusal
        self.net.submit(action)
        return None

    def next_hand(self) -> str:
        if self.net.peer.result is not None:
            return ""
        self.net.submit(NextHand())
        return phrase("Waiting for {name} to start the next hand\u2026", name=self.net.peer_name)

    # -- the network ----------------------------------------------------------------------------
    def pump(self) -> list[Note]:
        net = self.net
        net.pump()
        notes: list[Note] = []
        answers, net.answers = net.answers, []
        for result in answers:
            if result.id == self.hint_id:
                self.hint_id = None
                if result.error or not result.actions:
                    notes.append(HintReady(phrase("No suggestion is available just now.")))
                else:
                    notes.append(HintReady(result.reason, actions=tuple(result.actions)))
        for notice in net.take():
            notes.extend(self._notice(notice))
        if net.chat_arrivals != self.rung:
            self.rung = net.chat_arrivals
            notes.append(ChatArrived(""))
        return notes

    def _notice(self, notice: object) -> list[Note]:
        net = self.net
        if isinstance(notice, Updated):
            self._update(notice)
        elif isinstance(notice, LocalRefusal):
            return [Refused(notice.text)]
        elif isinstance(notice, Interrupted):
            return [Note(net.status_text, error=True)]
        elif isinstance(notice, Resumed):
            return [Note(phrase("The connection to {name} is back.", name=net.peer_name))]
        elif isinstance(notice, GameFinished):
            save_path(net.role).unlink(missing_ok=True)
            self._finish_record(Ending.OVER)
        elif isinstance(notice, Halted):
            if notice.code == "misconduct":
                self._finish_record(Ending.MISCONDUCT)
            return [Alert(notice.text, title=phrase("Play has stopped"))]
        elif isinstance(notice, (Failed, Closed, HostSilent)):
            self._finish_record(Ending.DISCONNECTED)
            return self._farewell(shown(notice.text), lost=not isinstance(notice, Closed))
        elif isinstance(notice, SaveFailed):
            return [
                Note(
                    phrase("The game could not be saved: {reason}", reason=notice.text), error=True
                )
            ]
        return []

    def _farewell(self, text: str, lost: bool) -> list[Note]:
        if self.farewell_shown or self.finished:
            return []
        self.farewell_shown = True
        play = self.net.peer.play
        saved = play is not None and not play.over
        if saved:
            self.left_behind = text
            return [Note(text, error=True)]
        title = phrase("Connection lost") if lost else phrase("The game has ended")
        return [Note(text, error=True), Alert(text, title=title)]

    def _remember(self, update: Updated) -> None:
        """Keep the hint's memory from each view, as `ComputerPlayer.decide` keeps its own: the
        player's discards (AutoPilot's too), and each of its turns as it begins."""
        if update.actor == self.net.seat and isinstance(update.action, Discard):
            self.memory.note_discard(self._seen, update.action.card)
        if update.view.my_turn:
            self.memory.observe(update.view)
        self._seen = update.view

    def _update(self, update: Updated) -> None:
        self._remember(update)
        fresh = update.actor == -1
        view = self._local_view(update.view)
        events = self._local_events(visible_only(update.events, update.view.visible_cards()))
        self._keep_hand_record(view, events)
        state, swaps = follow(None if fresh else self._state, view, tuple(self.history))
        if fresh:
            events = deal_events(events, state)
        self._state = state
        mine = update.actor == self.net.seat
        self.changes.append(
            Change(state, tuple(events), paced=not mine, swaps=tuple(swaps), by_me=mine)
        )

    def _keep_hand_record(self, view: PlayerView, events: Sequence[Event]) -> None:
        """A view holds only the current hand: keep each finished one for the scoresheet."""
        if (
            view.phase in (HAND_OVER, GAME_OVER)
            and view.hand_scores is not None
            and (not self.history or self.history[-1]["hand"] != view.hand_no)
        ):
            reason = next((e.info.get("reason", "") for e in events if e.kind == ev.HAND_OVER), "")
            self.history.append(
                {
                    "hand": view.hand_no,
                    "first_player": view.first_player,
                    "scores": list(view.hand_scores),
                    "went_out": view.went_out,
                    "concealed": view.concealed,
                    "reason": reason,
                    "totals": list(view.totals),
                }
            )

    # -- help -----------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        play = self.net.peer.play
        assert play is not None and play.view is not None
        self.hint_id = self.net.pilot.worker.submit(HINT, play.view, model=self.memory)

    def cancel_hint(self) -> None:
        if self.hint_id is not None:
            self.net.pilot.worker.cancel()
            self.hint_id = None

    @property
    def thinking(self) -> bool:
        return False  # the opponent thinks on their own machine

    # -- AutoPilot ------------------------------------------------------------------------------
    @property
    def autoplay(self) -> bool:
        return self.net.autopilot

    @property
    def watching(self) -> bool:
        return False

    def set_autoplay(self, on: bool, level: str) -> str:
        self.cancel_hint()
        self.net.set_autopilot(on, level)
        return (
            phrase("AutoPilot on: the computer plays your turns until you turn it off.")
            if on
            else phrase("AutoPilot off: you play your own turns again.")
        )

    def preferences_changed(self, prefs: Preferences) -> None:
        self.net.pilot.level = prefs.skill_level  # for AutoPilot, next time it is turned on

    # -- turns gone by, the end -----------------------------------------------------------------
    def earlier_turns(self) -> list[TurnMark]:
        return []

    def rewind(self, mark: TurnMark) -> str | None:
        return phrase("Going back to an earlier turn is only for games against the computer.")

    def restart(self, prefs: Preferences) -> str | None:
        return None  # a new network game starts from the title screen, hosting or joining

    @property
    def finished(self) -> bool:
        return self.net.peer.result is not None or self._state.game_over

    def _finish_record(self, ending: Ending) -> None:
        if self.recording is not None and self.net.peer.play is not None:
            self.recording.finish_network(self.net.peer.play, ending)

    def disconnect(self) -> None:
        """Leave now (UG 4.2.8): the other player is told; a game in progress is saved."""
        self._finish_record(Ending.ABANDONED)
        self.farewell_shown = True
        self.net.leave(phrase("The other player disconnected."))

    def close(self) -> None:
        if not self.finished:
            self._finish_record(Ending.ABANDONED)
        self.net.stop()
