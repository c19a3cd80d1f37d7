"""A hand-made history for the records screens: real games (random legal moves) recorded
against several computer levels and a network player, over a few weeks, for two players."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from game.logic import Game, NextHand, Rules, legal_actions
from game.logic.replay import replay_document
from game.records import (
    Ending,
    GameSetup,
    Opponent,
    Records,
    create_profile,
    current_profile,
    rename_profile,
    replicate_game,
    setup_from_replay,
    start_game,
    switch_profile,
)

# (opponent level or "@name" for a network player, seed, how it ended)
GAMES = (
    ("intermediate", 11, Ending.OVER),
    ("advanced", 12, Ending.OVER),
    ("advanced", 13, Ending.OVER),
    ("expert", 14, Ending.OVER),
    ("@Marta", 15, Ending.OVER),
    ("beginner", 16, Ending.OVER),
    ("advanced", 17, Ending.ABANDONED),
    ("master", 18, Ending.OVER),
    ("advanced", 19, Ending.OVER),
    ("expert", 20, Ending.OVER),
)
RULES = Rules()


class Days:
    """A clock that moves on half a day (and a few minutes) each time it is read."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 18, 5, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        current = self.now
        self.now += timedelta(hours=11, minutes=17)
        return current


def play(game: Game, seed: int, hands: int = 40) -> Game:
    """Random legal moves (melds and pile takes preferred) until the game is over or the hand
    `hands` is over."""
    rng = random.Random(seed)
    while game.phase != "game_over":
        if game.phase == "hand_over":
            if game.hand_no >= hands:
                break
            game.apply(NextHand())
            continue
        actions = legal_actions(game)
        building = [a for a in actions if a.type in ("meld", "take_pile")]
        game.apply(rng.choice(building if building and rng.random() < 0.7 else actions))
    return game


def record_game(records: Records, opponent: str, seed: int, ending: Ending) -> int:
    """Play a real game with random legal moves and record it; returns its id."""
    game = play(Game(RULES, seed=seed), seed, hands=1 if ending is Ending.ABANDONED else 40)
    setup = setup_from_replay(replay_document(game))
    who = Opponent.peer(opponent[1:]) if opponent.startswith("@") else Opponent.computer(opponent)
    recorder = start_game(records, setup, who, 0)
    recorder.finish_game(replay_document(game), ending)
    assert recorder.game_id is not None
    return recorder.game_id


def fill_history(records: Records) -> list[int]:
    """Ada's ten games (one abandoned, one network), a replica, and two games of Brian's."""
    records.clock = Days()
    ada = current_profile(records)
    rename_profile(records, ada.id, "Ada")
    ids = [record_game(records, *game) for game in GAMES]
    setup: GameSetup = replicate_game(records, ids[1])
    replica = start_game(records, setup, Opponent.computer("advanced"), 0)
    replica.finish_game(replay_document(play(setup.new_game(), 5)), Ending.OVER)
    brian = create_profile(records, "Brian")
    switch_profile(records, brian.id)
    record_game(records, "expert", 31, Ending.OVER)
    record_game(records, "beginner", 32, Ending.OVER)
    switch_profile(records, ada.id)
    return ids


def record_table_game(
    records: Records, players: int, seed: int, opponents: tuple[str, str], partner: str = ""
) -> int:
    """Play a real game of three or four with random legal moves and record it from seat 0
    against `opponents` (with `partner` at four); returns its id."""
    game = play(Game(RULES.with_players(players), seed=seed), seed)
    setup = setup_from_replay(replay_document(game))
    who = Opponent.table(players, opponents, partner or None)
    recorder = start_game(records, setup, who, 0)
    recorder.finish_game(replay_document(game), Ending.OVER)
    assert recorder.game_id is not None
    return recorder.game_id
