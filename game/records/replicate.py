"""Playing the same cards again: replicating a stored game, and the next numbered deal.

`replicate_game` gives the setup of a new game dealt exactly as a past one (UG 4.1.4, 4.5.4):
its rules, its first player and its deal source read from the stored replay, marked as a replica
so the new game stays out of the high scores. `next_numbered_game` says which game of a numbered
deal sequence the profile plays next: one after the highest it has finished (won or lost), so an
abandoned game is dealt again rather than skipped.
"""

from __future__ import annotations

from .deals import GameSetup, setup_from_replay
from .queries import profile_or_current, replay_of
from .store import Records


def replicate_game(records: Records, game_id: int) -> GameSetup:
    """The setup that deals every hand of game `game_id` again; KeyError if it is not stored."""
    return setup_from_replay(replay_of(records, game_id), replicated_from=game_id)


def next_numbered_game(records: Records, sequence: int, profile_id: int | None = None) -> int:
    row = records.conn.execute(
        "SELECT MAX(deal_game) FROM games WHERE profile_id = ? AND deal_sequence = ? "
        "AND result IN ('won', 'lost')",
        (profile_or_current(records, profile_id), sequence),
    ).fetchone()
    return (row[0] or 0) + 1
