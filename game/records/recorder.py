"""The three calls the match layer makes to put a game into the records.

``recorder = start_game(records, setup, Opponent.computer("advanced"))`` when the first hand is
dealt, ``recorder.record_hand(hand)`` after each hand if the hands should survive a crash, and
``recorder.finish_game(replay_document(game))`` at game over, when the player abandons the game
or when the network link is lost. `finish_game` replays the document once to read every hand's
breakdown, turns, pile takes and canastas, and writes the game, its hands, its per-game aggregates
and the replay in one transaction. A game of three or four is recorded against
``Opponent.table(players, levels, partner)``: its scores are its sides' (a partnership's at four). None of these calls raises into the game: a failed write is
logged and left in `records.last_error` for the screen to show.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from game.logic.replay import ReplayError

from .deals import GameSetup
from .hands import HandRecord, replay_hands
from .kinds import COMPUTER, NETWORK, TABLE_KINDS
from .profiles import current_profile
from .store import Records
from .streaks import update_game

log = logging.getLogger(__name__)


class Ending(str, Enum):
    """How a game stopped, as the caller knows it; a game that reached its target is won or lost."""

    OVER = "over"
    ABANDONED = "abandoned"
    DISCONNECTED = "disconnected"
    MISCONDUCT = "misconduct"  # a network game stopped because one side cheated


@dataclass(frozen=True)
class Opponent:
    """Who sat across the table: a computer level (its key) or a network peer (their name);
    at a table of three or four, the other players (see `table`)."""

    kind: str
    name: str
    partner: str | None = None
    online: bool = False  # over the network (a network player always is)

    @classmethod
    def computer(cls, level: str) -> Opponent:
        return cls(COMPUTER, level)

    @classmethod
    def peer(cls, name: str) -> Opponent:
        return cls(NETWORK, name, online=True)

    @classmethod
    def table(
        cls,
        players: int,
        opponents: Sequence[str],
        partner: str | None = None,
        *,
        online: bool = False,
    ) -> Opponent:
        """The other players of a game of three or four: the opponents' levels (or names) in
        seat order from the player's left, and at four the partner's; `online` at a table over
        the network."""
        if players not in TABLE_KINDS or len(opponents) != 2 or (partner is None) != (players == 3):
            raise ValueError("a table of three has two opponents; of four, two and a partner")
        return cls(TABLE_KINDS[players], ", ".join(opponents), partner, online)


def pack_replay(doc: dict[str, Any]) -> bytes:
    """The stored form of a replay document: compact JSON, zlib-compressed (about a tenth)."""
    return zlib.compress(json.dumps(doc, separators=(",", ":")).encode("utf-8"), 6)


def unpack_replay(blob: bytes) -> dict[str, Any]:
    doc = json.loads(zlib.decompress(blob).decode("utf-8"))
    if not isinstance(doc, dict):
        raise ValueError("a stored replay is not a JSON object")
    return doc


def _write_hand(conn: sqlite3.Connection, game_id: int, hand: HandRecord) -> None:
    conn.execute("DELETE FROM hands WHERE game_id = ? AND hand_no = ?", (game_id, hand.hand_no))
    conn.execute(
        "INSERT INTO hands (game_id, hand_no, went_out, concealed, reason, turns) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, hand.hand_no, hand.went_out, int(hand.concealed), hand.reason, hand.turns),
    )
    for seat, score in enumerate(hand.scores):  # a side's number, with four players
        conn.execute(
            "INSERT INTO hand_scores (game_id, hand_no, seat, melded, canasta_bonus, going_out, "
            "threes, in_hand, penalties, total, canastas, pile_takes) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game_id,
                hand.hand_no,
                seat,
                score["melded"],
                score["canasta_bonus"],
                score["going_out"],
                score["threes"],
                score["in_hand"],
                score["penalties"],
                score["total"],
                hand.canastas[seat],
                hand.pile_takes[seat],
            ),
        )


class GameRecorder:
    """One game being recorded. Obtain it from `start_game` or `resume_game`."""

    def __init__(self, records: Records, game_id: int | None, seat: int) -> None:
        self.records = records
        # None when the game could not even be started in the records: then nothing is written.
        self.game_id = game_id
        self.seat = seat

    def _guarded(self, what: str, write: Callable[[], None]) -> bool:
        try:
            write()
        except (sqlite3.Error, ValueError) as exc:
            message = f"The records could not {what} ({exc})."
            log.warning("records: %s", message)
            self.records.last_error = message
            return False
        return True

    def record_hand(self, hand: HandRecord) -> bool:
        """Keep one finished hand now (replacing an earlier record of the same hand)."""
        game_id = self.game_id
        if game_id is None:
            return False

        def write() -> None:
            with self.records.transaction() as conn:
                _write_hand(conn, game_id, hand)

        return self._guarded("keep this hand", write)

    def mark_assisted(self, assist: str) -> bool:
        """The computer helped the player (`assist`: "AutoPlay", "earlier turn"): from now on
        the game is practice, kept out of the high scores and the hall of fame, and its history
        line says what helped. Written at once, so a game killed later stays marked."""
        game_id = self.game_id
        if game_id is None:
            return False

        def write() -> None:
            with self.records.transaction() as conn:
                row = conn.execute("SELECT assists FROM games WHERE id = ?", (game_id,)).fetchone()
                named = [a for a in (row[0] if row else "").split(", ") if a]
                if assist not in named:
                    named.append(assist)
                conn.execute(
                    "UPDATE games SET practice = 1, assists = ? WHERE id = ?",
                    (", ".join(named), game_id),
                )

        return self._guarded("mark this game as practice", write)

    def finish_game(
        self,
        replay: dict[str, Any],
        ending: Ending = Ending.OVER,
        practice_tools_used: bool = False,
        hand_restarted: bool = False,
    ) -> str | None:
        """Write the whole game in one transaction; returns its result, or None if not written.

        Hands, totals and the winner are read from the replay, so the caller passes only that.
        `practice_tools_used` and `hand_restarted` (a hand was dealt again during the game) mark
        the game, like the flags given to `start_game`.
        """
        try:
            final, hands = replay_hands(replay)
        except (ReplayError, ValueError) as exc:
            self.records.last_error = f"The records could not read this game's replay ({exc})."
            log.warning("records: %s", self.records.last_error)
            return None
        totals = tuple(final.totals)
        return self.finish_with(
            hands, totals, final.winner, replay, ending, practice_tools_used, hand_restarted
        )

    def finish_with(
        self,
        hands: Sequence[HandRecord],
        totals: Sequence[int],
        winner: int | None,
        replay: dict[str, Any] | None,
        ending: Ending = Ending.OVER,
        practice_tools_used: bool = False,
        hand_restarted: bool = False,
    ) -> str | None:
        """`finish_game` for a caller that already has the hands, totals and winner (by side:
        the seat, or seat % 2 with four players). `replay` None: a network game stopped before
        any of its deals was known in full.

        The result is ``misconduct`` for a game stopped because a side cheated, ``won`` or
        ``lost`` when there is a winner, otherwise the `ending` (``abandoned`` for OVER without a
        winner). The score against is the best other side's. Everything lands in one
        transaction.
        """
        game_id = self.game_id
        if game_id is None:
            return None
        seat = self.seat
        side = seat % len(totals)
        if ending is Ending.MISCONDUCT:
            result = "misconduct"
        elif winner is not None:
            result = "won" if winner == side else "lost"
        elif ending is Ending.DISCONNECTED:
            result = "disconnected"
        else:
            result = "abandoned"
        values = (
            self.records.now(),
            result,
            totals[side],
            max(total for other, total in enumerate(totals) if other != side),
            ",".join(str(total) for total in totals),
            len(hands),
            sum(1 for h in hands if h.went_out == seat),
            sum(h.canastas[side] for h in hands),
            max((h.totals[side] for h in hands), default=None),
            max((h.canastas[side] for h in hands), default=0),
            int(practice_tools_used),
            int(hand_restarted),
            game_id,
        )

        def write() -> None:
            with self.records.transaction() as conn:
                conn.execute("DELETE FROM hands WHERE game_id = ?", (game_id,))
                for hand in hands:
                    _write_hand(conn, game_id, hand)
                conn.execute(
                    "UPDATE games SET ended_at = ?, result = ?, score_for = ?, score_against = ?, "
                    "side_totals = ?, hands = ?, went_out_hands = ?, canastas = ?, best_hand = ?, "
                    "most_canastas_hand = ?, practice = MAX(practice, ?), "
                    "restarted = MAX(restarted, ?) WHERE id = ?",
                    values,
                )
                if replay is not None:
                    conn.execute(
                        "INSERT OR REPLACE INTO replays (game_id, document) VALUES (?, ?)",
                        (game_id, pack_replay(replay)),
                    )
                update_game(conn, game_id)

        if not self._guarded("keep this game", write):
            return None
        return result


def start_game(
    records: Records,
    setup: GameSetup,
    opponent: Opponent,
    seat: int = 0,
    *,
    restarted: bool = False,
    practice: bool = False,
    profile_id: int | None = None,
) -> GameRecorder:
    """Open the record of a game the current profile (or `profile_id`) plays from `seat`.

    `restarted` marks a game started again with the same deal; a setup from `replicate_game`
    marks the game as a replica. Either keeps it out of the high scores, as does `practice`.
    A game of three or four is played against `Opponent.table`, a game of two never is.
    """
    rules, deal = setup.rules, setup.deal
    players = rules.players
    if not 0 <= seat < players:
        raise ValueError(f"seat must be one of the {players} seats")
    if TABLE_KINDS.get(players, opponent.kind) != opponent.kind or (
        players == 2 and opponent.kind in TABLE_KINDS.values()
    ):
        raise ValueError(f"a game of {players} is not played against {opponent.kind}")
    player = profile_id if profile_id is not None else current_profile(records).id
    values = (
        player,
        records.now(),
        rules.nearest_preset(),
        rules.digest(),
        json.dumps(rules.to_dict(), sort_keys=True),
        rules.target_score,
        opponent.kind,
        opponent.name,
        players,
        opponent.partner,
        seat,
        (setup.first_player - 1) % players,
        deal.seed,
        deal.kind,
        deal.sequence,
        deal.game_number,
        int(restarted),
        int(deal.replicated_from is not None),
        deal.replicated_from,
        int(practice),
        int(opponent.online),
    )
    recorder = GameRecorder(records, None, seat)

    def write() -> None:
        with records.transaction() as conn:
            cursor = conn.execute(
                "INSERT INTO games (profile_id, started_at, rules_preset, rules_digest, rules, "
                "target_score, opponent_kind, opponent, players, partner, seat, first_dealer, "
                "seed, deal_kind, deal_sequence, deal_game, restarted, replicated, "
                "replicated_from, practice, online) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                values,
            )
        assert cursor.lastrowid is not None
        recorder.game_id = cursor.lastrowid

    recorder._guarded("start recording this game", write)
    return recorder


def resume_game(records: Records, game_id: int) -> GameRecorder:
    """The recorder of a game started earlier (for a game resumed from its autosave)."""
    row = records.conn.execute("SELECT seat FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        raise ValueError(f"there is no recorded game {game_id}")
    return GameRecorder(records, game_id, int(row[0]))
