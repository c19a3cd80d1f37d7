"""A game against the computer in progress: the engine's `Game`, who sits in each seat, and its
autosave.

`LocalGame` wraps a `Game` with what the table needs beyond the rules: which seat is the person
at the keyboard and which the computer (and at what skill), and where each of the person's turns
began in the action log, so the table can rebuild the hand at the start of an earlier turn from
the replay document truncated there ("undo to a previous turn"). The game saves itself as one
JSON document (the replay document plus the seats) through `atomic_write_json`, on a background
thread so a slow disk never stalls a frame; a process killed mid-write leaves the previous save
whole. Loading checks everything and raises `SavedGameError` with a sentence a player can read.
No pygame here.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from pathlib import Path
from typing import Any

from game.logic import Game, IllegalAction, Rules, RulesError
from game.logic.actions import Action
from game.logic.cut import Cut, cut_for_deal
from game.logic.events import TURN, Event
from game.logic.phases import GAME_OVER
from game.logic.replay import ReplayError, game_from_replay, load_replay, replay_document
from game.match.match import TurnMark
from game.match.practice import PracticeStep, replay_with_practice
from game.settings import SKILL_LEVELS, YOU, Preferences, data_dir
from game.storage import (
    DamagedFile,
    atomic_write_json,
    keep_aside,
    read_json_file,
    remove_stale_temporaries,
)

log = logging.getLogger(__name__)

AUTOSAVE_FORMAT = "canasta-autosave/1"
AUTOSAVE_FILE = "autosave.json"
HUMAN = "human"
COMPUTER = "computer"
# The seat of the person at the keyboard: the bottom of the table.
HUMAN_SEAT = 0
# The engine's seat of each named seat of a game of three or four (Preferences.seat_players).
SEAT_NUMBERS = {
    3: {"south": 0, "west": 1, "east": 2},
    4: {"south": 0, "west": 1, "north": 2, "east": 3},
}


class SavedGameError(ValueError):
    """A saved game that cannot be restored, with a sentence saying why."""


class NewerSaveError(SavedGameError):
    """A saved game written by a newer version of the game: kept as it is, never set aside."""


class LocalGame:
    """The game on the table and the people (or programs) playing it."""

    def __init__(
        self,
        game: Game,
        *,
        seats: tuple[str, ...] | None = None,
        levels: tuple[str, ...] | None = None,
        aggressiveness: int = 50,
        ai_seed: int = 0,
        marks: list[TurnMark] | None = None,
        record_id: int | None = None,
    ) -> None:
        self.game = game
        # The game's row in the player's records, so a resumed game goes on being recorded.
        self.record_id = record_id
        # By default the person in seat 0 and the computer (Intermediate) in every other seat.
        others = game.n_players - 1
        self.seats = seats if seats is not None else (HUMAN,) + (COMPUTER,) * others
        self.levels = levels if levels is not None else ("master",) + ("intermediate",) * others
        self.aggressiveness = aggressiveness
        self.ai_seed = ai_seed
        self.marks: list[TurnMark] = list(marks) if marks is not None else []
        # Doctor hand / Swap cards used: a practice game, never to count for records.
        self.practice: list[PracticeStep] = []
        # The computer's help the player had (AutoPlay, an earlier turn): a practice game.
        self.assists: list[str] = []
        # The cut for the deal that chose who plays first, in a game just made with one.
        self.cut: Cut | None = None
        if marks is None:
            self._note(game.last_events)

    # -- making ------------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        rules: Rules | None = None,
        *,
        seed: int | None = None,
        level: str = "intermediate",
        aggressiveness: int = 50,
        autoplay: bool = False,
        cut: bool = False,
    ) -> LocalGame:
        """A fresh game: the person in seat 0 (or the computer too, for autoplay) and the
        computer in every other seat (as many as `rules.players`); with `cut`, the players cut
        for who plays first (else seat 0 does)."""
        if seed is None:
            seed = random.SystemRandom().randrange(1, 2**31)
        rules = rules or Rules()
        cutting = cut_for_deal(seed, rules.players) if cut else None
        game = Game(rules, seed=seed, first_player=cutting.first_player if cutting else 0)
        others = game.n_players - 1
        seats = (COMPUTER if autoplay else HUMAN,) + (COMPUTER,) * others
        # Watching, every seat plays the chosen level; the person's helper (hint, AutoStep) is Master.
        levels = (level if autoplay else "master",) + (level,) * others
        local = cls(
            game,
            seats=seats,
            levels=levels,
            aggressiveness=aggressiveness,
            ai_seed=seed % 1_000_003,
        )
        local.cut = cutting
        return local

    @classmethod
    def from_preferences(
        cls,
        prefs: Preferences,
        *,
        seed: int | None = None,
        level: str | None = None,
        autoplay: bool = False,
        players: int | None = None,
    ) -> tuple[LocalGame, str]:
        """A new game with the player's rule options and opponent, for `players` (else as many
        as the options say); returns it and a warning (empty if none) when the saved rule
        options could not be used. At three or four the options say who plays each seat,
        unless `level` or `autoplay` (the command line's) say it for all of them."""
        warning = ""
        try:
            rules = Rules.from_dict(prefs.rules or {})
        except RulesError as exc:
            rules = Rules()
            warning = f"The saved rule options were not usable ({exc}); playing Classic rules."
        if players is not None:
            rules = rules.with_players(players)
        local = cls.new(
            rules,
            seed=seed,
            level=level or prefs.skill_level,
            aggressiveness=prefs.aggressiveness,
            autoplay=autoplay,
            cut=prefs.cut_for_deal,
        )
        if level is None and not autoplay:
            local.seat_as(prefs.seat_players)
        return local, warning

    def seat_as(self, seat_players: dict[str, str]) -> None:
        """Seat a new game of three or four as `seat_players` says (see Preferences): a level
        for a computer seat, and South a computer the person watches, or the person."""
        numbers = SEAT_NUMBERS.get(self.game.n_players, {})
        seats, levels = list(self.seats), list(self.levels)
        for name, who in seat_players.items():
            seat = numbers.get(name)
            if seat is None or who == YOU:
                continue
            seats[seat], levels[seat] = COMPUTER, who
        self.seats, self.levels = tuple(seats), tuple(levels)

    # -- playing -----------------------------------------------------------------------------
    def is_computer(self, seat: int) -> bool:
        return self.seats[seat] == COMPUTER

    @property
    def autoplay(self) -> bool:
        return self.seats[HUMAN_SEAT] == COMPUTER

    def set_autoplay(self, on: bool) -> None:
        self.seats = (COMPUTER if on else HUMAN, *self.seats[1:])

    def apply(self, action: Action) -> list[Event]:
        """Apply an action for the player to move; `IllegalAction` changes nothing."""
        events = self.game.apply(action)
        self._note(events)
        return events

    def _note(self, events: list[Event]) -> None:
        for event in events:
            if event.kind == TURN and event.player == HUMAN_SEAT:
                self.marks.append(
                    TurnMark(len(self.game.log), self.game.hand_no, self.game.turn.no)
                )

    def earlier_turns(self) -> list[TurnMark]:
        """The person's turns in this hand that can be gone back to, oldest first."""
        game = self.game
        current = len(game.log)
        return [m for m in self.marks if m.hand_no == game.hand_no and m.log_index < current]

    def rewind(self, mark: TurnMark) -> None:
        """Rebuild the game as it was when `mark`'s turn began (the log truncated there)."""
        doc = replay_document(self.game)
        doc["actions"] = doc["actions"][: mark.log_index]
        if self.practice:
            # Practice changes made by then are made again; later ones are undone.
            self.practice = [p for p in self.practice if p.at <= mark.log_index]
            try:
                self.game = replay_with_practice(doc, self.practice)
            except ValueError as exc:
                raise SavedGameError(f"The game could not be rebuilt: {exc}") from None
            self.marks = [m for m in self.marks if m.log_index <= mark.log_index]
            return
        result = load_replay(doc)
        if result.error is not None:
            raise SavedGameError(f"The game could not be rebuilt: {result.error['message']}")
        self.game = result.game
        self.marks = [m for m in self.marks if m.log_index <= mark.log_index]

    @property
    def finished(self) -> bool:
        return self.game.phase == GAME_OVER

    # -- saving ------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": AUTOSAVE_FORMAT,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "replay": replay_document(self.game),
            "seats": list(self.seats),
            "levels": list(self.levels),
            "aggressiveness": self.aggressiveness,
            "ai_seed": self.ai_seed,
            "marks": [m.to_json() for m in self.marks],
            "record_id": self.record_id,
            "practice": [p.to_json() for p in self.practice],
            "assists": list(self.assists),
        }

    @classmethod
    def from_json(cls, data: Any) -> LocalGame:
        stamp = data.get("format") if isinstance(data, dict) else None
        if isinstance(stamp, str) and stamp.startswith(AUTOSAVE_FORMAT.split("/")[0] + "/"):
            version = stamp.rsplit("/", 1)[1]
            if version.isdigit() and int(version) > int(AUTOSAVE_FORMAT.rsplit("/", 1)[1]):
                raise NewerSaveError(
                    "The saved game comes from a newer version of Canasta; "
                    "update the game to carry it on."
                )
        if not isinstance(data, dict) or stamp != AUTOSAVE_FORMAT:
            raise SavedGameError("The file is not a saved Canasta game.")
        seats = data.get("seats")
        levels = data.get("levels")
        if not (
            isinstance(seats, list)
            and len(seats) in (2, 3, 4)
            and all(s in (HUMAN, COMPUTER) for s in seats)
        ):
            raise SavedGameError("The saved game does not say who sits where.")
        if not (
            isinstance(levels, list)
            and len(levels) == len(seats)
            and all(level in SKILL_LEVELS for level in levels)
        ):
            raise SavedGameError("The saved game names an unknown skill level.")
        aggressiveness = data.get("aggressiveness", 50)
        ai_seed = data.get("ai_seed", 0)
        if not (
            isinstance(aggressiveness, int)
            and 0 <= aggressiveness <= 100
            and isinstance(ai_seed, int)
        ):
            raise SavedGameError("The saved game's opponent settings are damaged.")
        game = cls._replayed(data)
        if game.n_players != len(seats):
            raise SavedGameError("The saved game does not say who sits where.")
        marks = []
        for raw in data.get("marks", []):
            if not (
                isinstance(raw, list) and len(raw) == 3 and all(isinstance(v, int) for v in raw)
            ):
                raise SavedGameError("The saved game's turn list is damaged.")
            marks.append(TurnMark(*raw))
        record_id = data.get("record_id")
        local = cls(
            game,
            seats=tuple(seats),
            levels=tuple(levels),
            aggressiveness=aggressiveness,
            ai_seed=ai_seed,
            marks=marks,
            record_id=record_id if isinstance(record_id, int) else None,
        )
        local.practice = [PracticeStep.from_json(raw) for raw in data.get("practice", [])]
        assists = data.get("assists", [])
        if isinstance(assists, list):
            local.assists = [a for a in assists if isinstance(a, str)][:8]
        return local

    @staticmethod
    def _replayed(data: dict[str, Any]) -> Game:
        """The saved game rebuilt from its replay (with its practice changes, if any)."""
        replay = data.get("replay")
        try:
            practice = [PracticeStep.from_json(raw) for raw in data.get("practice", [])]
            if practice and isinstance(replay, dict):
                return replay_with_practice(replay, practice)
            result = load_replay(replay)
        except (ReplayError, ValueError) as exc:
            raise SavedGameError(f"The saved game is damaged: {exc}") from None
        if result.error is not None:
            raise SavedGameError(
                f"The saved game stops making sense at move {result.applied + 1}: "
                f"{result.error['message']}"
            )
        return result.game


# -- the autosave file ---------------------------------------------------------------------------
def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_FILE


def autosave_exists() -> bool:
    return autosave_path().is_file()


def load_autosave(path: Path | None = None) -> LocalGame:
    """The saved game; `SavedGameError` (never another exception) when it cannot be used."""
    source = path or autosave_path()
    remove_stale_temporaries(source)
    try:
        data = read_json_file(source)
    except FileNotFoundError:
        raise SavedGameError("There is no saved game.") from None
    except DamagedFile as exc:
        raise SavedGameError(f"The saved game {exc}." + _set_aside(source)) from None
    try:
        return LocalGame.from_json(data)
    except NewerSaveError as exc:
        # Untouched where it is, and copied aside: the next autosave must not replace it.
        kept = keep_aside(
            source, source.with_name(source.stem + ".newer" + source.suffix), move=False
        )
        raise NewerSaveError(str(exc) + (f" A copy was kept as {kept}." if kept else "")) from None
    except SavedGameError as exc:
        raise SavedGameError(str(exc) + _set_aside(source)) from None
    except (IllegalAction, RulesError, ValueError, TypeError, KeyError) as exc:
        raise SavedGameError(f"The saved game is damaged: {exc}." + _set_aside(source)) from None
    except Exception as exc:  # any bytes at all: a save that cannot be used never stops the game
        log.warning("the saved game could not be restored", exc_info=exc)
        raise SavedGameError("The saved game is damaged." + _set_aside(source)) from None


def _set_aside(source: Path) -> str:
    """Keep a damaged autosave under another name (several of them), so the next autosave
    cannot overwrite what might still be recovered; returns the words saying where it is."""
    kept = keep_aside(source, source.with_name(source.stem + ".damaged" + source.suffix))
    return f" It was kept as {kept}." if kept is not None else ""


def delete_autosave(path: Path | None = None) -> None:
    try:
        (path or autosave_path()).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("could not remove the autosave: %s", exc)


class AutosaveWriter:
    """Writes the newest snapshot of a game on a background thread.

    `save` only copies the document (cheap) and returns; if several arrive while one is being
    written, only the latest is written next. `flush` waits until everything asked for is on disk.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or autosave_path()
        self._pending: dict[str, Any] | None = None
        self._delete = False
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self.last_error: str | None = None

    def save(self, local: LocalGame) -> None:
        doc = local.to_json()
        with self._cond:
            self._pending = doc
            self._delete = False
            self._start()
            self._cond.notify_all()

    def delete(self) -> None:
        with self._cond:
            self._pending = None
            self._delete = True
            self._start()
            self._cond.notify_all()

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._delete:
                    if self._closed:
                        return
                    self._cond.wait(0.5)
                doc, delete = self._pending, self._delete
                self._pending, self._delete = None, False
                self._busy = True
            try:
                if delete:
                    delete_autosave(self.path)
                elif doc is not None:
                    atomic_write_json(self.path, doc)
                self.last_error = None
            except OSError as exc:
                self.last_error = str(exc)
                log.warning("could not autosave to %s: %s", self.path, exc)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until nothing is left to write; returns False on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._delete or self._busy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def close(self) -> None:
        self.flush()
        with self._cond:
            self._closed = True
            self._cond.notify_all()


# How many moves back the "Last plays" panel is told again when a game is put on the table.
RECENT_MOVES = 12


def recent_events(game: Game, actions: int = RECENT_MOVES) -> list[Event]:
    """The events of the last `actions` moves of `game`, found by playing its replay again
    (a saved game keeps its moves, not what they did)."""
    try:
        rebuilt, moves = game_from_replay(replay_document(game))
        events: list[Event] = []
        for index, move in enumerate(moves):
            out = rebuilt.apply(move)
            if index >= len(moves) - actions:
                events.extend(out)
    except (ReplayError, IllegalAction):
        # The game itself was restored; only its story is missing.
        return []
    return events
