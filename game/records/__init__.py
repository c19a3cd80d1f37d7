"""Players and their records: profiles, game history, statistics, hall of fame, same deals again.

An SQLite database in the data folder (docs/records.md has the schema and the definitions). Open
it with `open_records()`, record games with `start_game` / `GameRecorder`, read them back with the
query functions. Nothing here imports pygame.
"""

from .deals import (
    DealError,
    DealSource,
    GameSetup,
    fresh_deal,
    numbered_deal,
    numbered_deal_seed,
    setup_from_replay,
)
from .export import CSV_COLUMNS, export_history_csv, export_replay, write_history_csv
from .fame import FAME_RECORDS, FameEntry, LeagueRow, hall_of_fame, league_table
from .hands import HandRecord, HandTally, hands_from_replay
from .profiles import (
    PROFILE_PROBLEMS,
    Profile,
    ProfileError,
    create_profile,
    current_profile,
    get_profile,
    preferences,
    profiles,
    remove_profile,
    rename_profile,
    save_preferences,
    switch_profile,
)
from .queries import (
    GameFilter,
    GameRow,
    HistoryPage,
    RatioPoint,
    RunningTotals,
    game_hands,
    get_game,
    history_page,
    replay_of,
    running_totals,
    win_ratio_over_time,
)
from .recorder import Ending, GameRecorder, Opponent, resume_game, start_game
from .replicate import next_numbered_game, replicate_game
from .reviews import review_of, save_review
from .stats import OVERALL, Statistics, statistics, statistics_by_opponent, wilson_interval
from .store import OpenedRecords, Records, default_path, open_records

__all__ = [
    "CSV_COLUMNS",
    "FAME_RECORDS",
    "OVERALL",
    "PROFILE_PROBLEMS",
    "DealError",
    "DealSource",
    "Ending",
    "FameEntry",
    "GameFilter",
    "GameRecorder",
    "GameRow",
    "GameSetup",
    "HandRecord",
    "HandTally",
    "HistoryPage",
    "LeagueRow",
    "OpenedRecords",
    "Opponent",
    "Profile",
    "ProfileError",
    "RatioPoint",
    "Records",
    "RunningTotals",
    "Statistics",
    "create_profile",
    "current_profile",
    "default_path",
    "export_history_csv",
    "export_replay",
    "fresh_deal",
    "game_hands",
    "get_game",
    "get_profile",
    "hall_of_fame",
    "hands_from_replay",
    "history_page",
    "league_table",
    "next_numbered_game",
    "numbered_deal",
    "numbered_deal_seed",
    "open_records",
    "preferences",
    "profiles",
    "remove_profile",
    "rename_profile",
    "replay_of",
    "replicate_game",
    "resume_game",
    "review_of",
    "running_totals",
    "save_preferences",
    "save_review",
    "setup_from_replay",
    "start_game",
    "statistics",
    "statistics_by_opponent",
    "switch_profile",
    "wilson_interval",
    "win_ratio_over_time",
    "write_history_csv",
]
