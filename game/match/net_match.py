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
import math
import random
from collections.abc import Sequence

from game.logic import events as ev
from game.logic.actions import Action, Discard, NextHand
from game.logic.ai.opponent import OpponentModel
from game.logic.events import Event
from game.logic.phases import DRAW, GAME_OVER, HAND_OVER, PLAY
from game.logic.phrase import Phrase, phrase
from game.logic.view import PlayerView, determinize
from game.match.hidden import event_seats_turned, follow, seats_turned
from game.match.local_match import SKILL_TITLES
from game.match.match import Alert, Change, ChatArrived, HintReady, Match, Note, Refused, TurnMark
from game.match.net_connection import NetGame, save_path, shown
from game.match.net_table import NetTable
from game.match.recording import Recording
from game.match.state import ME, HandRecord, TableState
from game.match.worker import HINT
from game.netplay import (
    Closed,
    Connected,
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
from game.netplay.play.table_peer import GuestNotice
from game.netplay.play.table_protocol import TableHost
from game.netplay.wire.text import clean_text
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
        if (
            event.kind == ev.DEAL
            and event.info.get("hidden")
            and 0 <= event.player < state.seat_count
        ):
            event = dataclasses.replace(event, cards=state.hand(event.player))
        out.append(event)
    return out


class NetMatch(Match):
    """The person at the keyboard against a person over `net`, once a hand has been dealt; at a
    table of three or four (`net` the host's `NetTable`, or a guest's `NetGame`), with the
    others, the seats turned so that the person sits at the bottom."""

    def __init__(self, net: NetGame | NetTable, records: Records | None = None) -> None:
        super().__init__()
        self.net = net
        play = net.peer.play
        assert play is not None and play.view is not None, "the table opens once a hand is dealt"
        self.history: list[HandRecord] = []
        self._state, _ = follow(None, self._local_view(play.view), ())
        self.recording: Recording | None = None
        if records is not None:
            setup = GameSetup(play.terms.rules, play.view.first_player, DealSource())
            opponent = (
                self._table_opponent()
                if self._state.seat_count > 2
                else Opponent.peer(net.peer_name or "Opponent")
            )
            self.recording = Recording.start(records, setup, opponent, net.seat)
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
        return seats_turned(view, self.net.seat)

    def _local_events(self, events: Sequence[Event], view: PlayerView) -> list[Event]:
        seat = self.net.seat
        if seat == 0:
            return list(events)
        return [event_seats_turned(e, seat, view.players, view.sides) for e in events]

    def _global_seat(self, seat: int) -> int:
        """The seat the game knows as the one drawn at `seat` on this table."""
        return (seat + self.net.seat) % self._state.seat_count

    def _guests(self) -> list[int]:
        play = self.net.peer.play
        return list(getattr(play, "guests", []) or [])

    def _level(self, seat: int) -> str:
        """The level of the computer at (global) `seat`, "" if not known here."""
        net = self.net
        if isinstance(net, NetTable):
            return net.kinds.get(seat) or ""
        seating = net.peer.seating
        return seating.levels[seat] if seating is not None else ""

    def _table_opponent(self) -> Opponent:
        """The other players of a table, as the records keep them: a person's name, a computer's
        level; the opponents from the player's left, at four the partner apart."""

        def recorded(seat: int) -> str:
            player = self._global_seat(seat)
            if player != 0 and player not in self._guests():
                return self._level(player) or "computer"
            return str(self._seat_name(player))

        n = self._state.seat_count
        if n == 4:
            return Opponent.table(4, [recorded(1), recorded(3)], recorded(2), online=True)
        return Opponent.table(3, [recorded(1), recorded(2)], online=True)

    def _seat_name(self, seat: int) -> str:
        """The name of the player at (global) `seat` of a table of three or four."""
        if seat != 0 and seat not in self._guests():
            return phrase("Computer")  # its level is said on the line under the name
        names = list(getattr(self.net.peer.play, "names", []) or [])
        name = clean_text(names[seat], 32) if seat < len(names) else ""
        return name or (phrase("the host") if seat == 0 else phrase("a guest"))

    # -- what I see -----------------------------------------------------------------------------
    @property
    def state(self) -> TableState:
        return self._state

    @property
    def opening(self) -> Sequence[Event]:
        return ()

    @property
    def opponent_name(self) -> str:
        if self._state.seat_count > 2:
            return self.other_names[0]
        return self.net.peer_name

    @property
    def other_names(self) -> tuple[str, ...]:
        n = self._state.seat_count
        if n == 2:
            return (self.net.peer_name,)
        return tuple(self._seat_name(self._global_seat(seat)) for seat in range(1, n))

    @property
    def opponent_line(self) -> str:
        return phrase("Online opponent")

    def seat_line(self, seat: int) -> str:
        if self._state.seat_count == 2:
            return self.opponent_line
        player = self._global_seat(seat)
        if player == 0:
            return phrase("Host")
        if player in self._guests():
            return phrase("Guest")
        level = self._level(player)
        return phrase(SKILL_TITLES[level]) if level in SKILL_TITLES else phrase("Computer")

    def waiting_for(self) -> tuple[tuple[str, ...], int]:
        """At a table of three or four: the players play waits for (their connection dropped:
        nobody else can play their seat) and the whole seconds left before the table gives up
        on them; nobody, once the game is over."""
        seats, seconds = self.net.waiting()
        if not seats or self.finished or self.net.over:
            return (), 0
        return tuple(self._seat_name(seat) for seat in seats), math.ceil(seconds)

    def _mover_name(self) -> str:
        """The name of whoever the game waits for (at two, the other player)."""
        to_act = self._state.view.to_act
        if self._state.seat_count == 2 or to_act == ME:
            return self.net.peer_name
        return self.other_names[to_act - 1]

    def level_text(self) -> str:
        status = STATUS_WORDS.get(self.net.status, STATUS_WORDS["connected"])
        if self._state.seat_count > 2:
            n = self._state.seat_count
            if self.autoplay:
                return phrase("{status}: a table of {n} \u00b7 AutoPilot", status=status, n=n)
            return phrase("{status}: a table of {n}", status=status, n=n)
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
        if self._state.view.to_act != ME or self.opponent_pending:
            return phrase("{name} is playing\u2026", name=self._mover_name())
        if self.autoplay:
            return phrase("AutoPilot is playing your turn.")
        return ""

    # -- what I may do --------------------------------------------------------------------------
    def _refusal(self) -> str | None:
        state = self._state
        if self.autoplay:
            return phrase("AutoPilot is playing your turns: turn it off to play yourself.")
        if self.opponent_pending or (state.view.to_act != ME and state.phase in (DRAW, PLAY)):
            return phrase("Wait for your turn: {name} is playing.", name=self._mover_name())
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
        if isinstance(notice, GuestNotice):  # one guest's session, at the host of a table
            if isinstance(notice.event, (Interrupted, Resumed)):
                return self._guest_link(notice.seat, notice.event)
            if isinstance(notice.event, Connected):
                return [
                    Note(phrase("{name} is back at the table.", name=self._seat_name(notice.seat)))
                ]
            if isinstance(notice.event, Closed):
                # the table ends for everyone and is saved: the host is told so, in the
                # words the other guests get
                name = self._seat_name(notice.seat)
                said = phrase("{name} left the game; the game is saved.", name=name)
                notice = dataclasses.replace(notice.event, text=said)
            else:
                notice = notice.event
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
            text = notice.text
            # a halt the other copy sent in templates this copy knows is said as this copy's
            # own (a `Phrase`); any other is the other copy's words, in its language
            if notice.by_peer and not isinstance(text, Phrase):
                text = phrase("The other side said: {reason}", reason=shown(text))
            return [Alert(text, title=phrase("Play has stopped"))]
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

    def _guest_link(self, seat: int, event: Interrupted | Resumed) -> list[Note]:
        """A guest's connection at the host's table: dropped (the table waits for it) or back."""
        name = self._seat_name(seat)
        if isinstance(event, Interrupted):
            return [
                Note(
                    phrase("{name}'s connection interrupted, waiting\u2026", name=name), error=True
                )
            ]
        return [Note(phrase("The connection to {name} is back.", name=name))]

    def _farewell(self, text: str, lost: bool) -> list[Note]:
        if self.farewell_shown or self.finished:
            return []
        self.farewell_shown = True
        play = self.net.peer.play
        # a table of three or four ends for everyone when a guest is gone for good: there is
        # no waiting for one seat to come back from here
        saved = play is not None and not play.over and self._state.seat_count == 2
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
        seen = visible_only(update.events, update.view.visible_cards())
        events = self._local_events(seen, update.view)
        self._keep_hand_record(view, events)
        actor = (update.actor - self.net.seat) % view.players if update.actor >= 0 else 1
        state, swaps = follow(
            None if fresh else self._state, view, tuple(self.history), actor=actor
        )
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
        play = self.net.peer.play
        if self.recording is not None and play is not None:
            # the host's copy of a table keeps its own seat's game, as a guest's copy does
            self.recording.finish_network(play.me if isinstance(play, TableHost) else play, ending)

    def disconnect(self) -> None:
        """Leave now (UG 4.2.8): the other player is told; a game in progress is saved."""
        self._finish_record(Ending.ABANDONED)
        self.farewell_shown = True
        self.net.leave(phrase("The other player disconnected."))

    def close(self) -> None:
        if not self.finished:
            self._finish_record(Ending.ABANDONED)
        self.net.stop()
