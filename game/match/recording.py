"""Putting the match's game into the player's records.

A `Recording` is made when a game starts (`start_game` writes its row), is told of every engine
change so each finished hand is kept as it ends (a crash loses at most the hand in play), and is
finished exactly once: at game over with the whole replay, or as abandoned (the player dealt a
new game) or disconnected (the network link was lost). `net_replay` builds the replay document
of a network game on either side: the host has the whole game, the guest rebuilds it from the
decks revealed after each hand and its log of the host's updates. Nothing here draws; no write
raises into the game (the records layer keeps the failure in `records.last_error`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from game.logic.engine import Game
from game.logic.events import Event
from game.logic.phases import GAME_OVER
from game.logic.replay import ReplayError, replay_document
from game.match.autosaved_game import LocalGame
from game.records import (
    Ending,
    GameRecorder,
    GameSetup,
    HandTally,
    Opponent,
    Records,
    next_numbered_game,
    numbered_deal,
    resume_game,
    start_game,
)
from game.records.hands import replay_hands
from game.settings import Preferences

log = logging.getLogger(__name__)


class Recording:
    """One game on its way into the records."""

    def __init__(self, records: Records, recorder: GameRecorder) -> None:
        self.records = records
        self.recorder = recorder
        self.tally = HandTally()
        self.result: str | None = None
        self.finished = False

    @classmethod
    def start(
        cls,
        records: Records,
        setup: GameSetup,
        opponent: Opponent,
        seat: int = 0,
        *,
        restarted: bool = False,
    ) -> Recording:
        return cls(records, start_game(records, setup, opponent, seat, restarted=restarted))

    @classmethod
    def resume(cls, records: Records, game_id: int) -> Recording | None:
        """The recording of a game started in an earlier session (its autosave names it)."""
        try:
            return cls(records, resume_game(records, game_id))
        except ValueError:
            return None

    @property
    def game_id(self) -> int | None:
        return self.recorder.game_id

    def observe(self, game: Game, events: Sequence[Event]) -> None:
        """After each engine change: keep a hand that just ended; at game over, the game."""
        if self.finished:
            return
        hand = self.tally.observe(game, list(events))
        if hand is not None:
            self.recorder.record_hand(hand)
        if game.phase == GAME_OVER:
            self.finish(replay_document(game), Ending.OVER)

    def mark_assisted(self, assist: str) -> bool:
        """Mark the game practice because `assist` helped; False once it is finished."""
        if self.finished:
            return False
        return self.recorder.mark_assisted(assist)

    def finish(
        self, replay: dict[str, Any], ending: Ending, *, hand_restarted: bool = False
    ) -> str | None:
        """Write the game once; later calls change nothing. Returns its result."""
        if self.finished:
            return self.result
        self.finished = True
        self.result = self.recorder.finish_game(replay, ending, hand_restarted=hand_restarted)
        return self.result

    def finish_network(self, play: Any, ending: Ending) -> str | None:
        """Write a network game from one side's play. A game agreed to end after a number of
        hands is won by the higher total even though no one reached the target."""
        if self.finished:
            return self.result
        replay = net_replay(play)
        if replay is None:
            if not play.hand_no:
                self.forget()  # no card was dealt: nothing was played
                return None
            # the first hand stopped before its audit: its deal is known nowhere in full
            self.finished = True
            zeros = (0,) * len(play.view.totals) if play.view is not None else (0, 0)
            self.result = self.recorder.finish_with([], zeros, None, None, ending)
            return self.result
        try:
            final, hands = replay_hands(replay)
        except (ReplayError, ValueError) as exc:
            log.warning("a network game's replay could not be read: %s", exc)
            return self.finish(replay, ending)
        totals = tuple(final.totals)
        winner = final.winner
        best = max(totals)
        if winner is None and ending is Ending.OVER and totals.count(best) == 1:
            winner = totals.index(best)  # by side, as the totals are
        self.finished = True
        self.result = self.recorder.finish_with(hands, totals, winner, replay, ending)
        return self.result

    def abandon(self, game: Game) -> None:
        """The player gave the game up before its end (a played game only: a deal nobody
        touched is not history)."""
        if self.finished:
            return
        if game.log:
            self.finish(replay_document(game), Ending.ABANDONED)
        else:
            self.forget()

    def forget(self) -> None:
        """Drop the record of a game that was never played."""
        self.finished = True
        game_id = self.game_id
        if game_id is None:
            return
        try:
            with self.records.transaction() as conn:
                conn.execute("DELETE FROM games WHERE id = ? AND result IS NULL", (game_id,))
        except Exception as exc:  # sqlite3.Error: an unplayed row left behind is harmless
            log.info("could not drop an unplayed game's record: %s", exc)


def net_replay(play: Any) -> dict[str, Any] | None:
    """The replay document of a network game from one side's play (`HostPlay` or `GuestPlay`):
    its audited hands (a hand's deck is known to a side only once both secrets audited it);
    None before the first hand was audited."""
    game = play.record()
    return None if game is None else replay_document(game)


def new_local_game(
    prefs: Preferences,
    records: Records | None,
    *,
    seed: int | None = None,
    level: str | None = None,
    autoplay: bool = False,
    players: int | None = None,
) -> tuple[LocalGame, GameSetup | None, str]:
    """A new game against the computer as the preferences ask: dealt from the next numbered
    deal of the chosen sequence when numbered deals are on, else from a fresh seed. Returns the
    game, its setup when it is not an ordinary seed (for the records) and a warning or ""."""
    game, warning = LocalGame.from_preferences(
        prefs, seed=seed, level=level, autoplay=autoplay, players=players
    )
    sequence = prefs.deal_sequence
    # Numbered deals are dealt for two (their records compare two-player games).
    if not sequence or seed is not None or records is None or game.game.n_players != 2:
        return game, None, warning
    number = next_numbered_game(records, sequence)
    setup = GameSetup(game.game.rules, 0, numbered_deal(sequence, number))
    numbered = LocalGame(
        setup.new_game(),
        seats=game.seats,
        levels=game.levels,
        aggressiveness=game.aggressiveness,
        ai_seed=game.ai_seed,
    )
    return numbered, setup, warning


def numbered_greeting(setup: GameSetup | None) -> str:
    """The first words at the table for a game from a numbered deal, else ""."""
    if setup is None or setup.deal.sequence is None:
        return ""
    return f"Numbered deal {setup.deal.sequence}, game {setup.deal.game_number}: good luck!"
