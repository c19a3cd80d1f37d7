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
from .hands import HandRecord, hands_from_replay
from .profiles import (
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
from .store import OpenedRecords, Records, default_path, open_records

__all__ = [
    "DealError",
    "DealSource",
    "Ending",
    "GameFilter",
    "GameRecorder",
    "GameRow",
    "GameSetup",
    "HandRecord",
    "HistoryPage",
    "OpenedRecords",
    "Opponent",
    "Profile",
    "ProfileError",
    "RatioPoint",
    "Records",
    "RunningTotals",
    "create_profile",
    "current_profile",
    "default_path",
    "fresh_deal",
    "game_hands",
    "get_game",
    "get_profile",
    "hands_from_replay",
    "history_page",
    "numbered_deal",
    "numbered_deal_seed",
    "open_records",
    "preferences",
    "profiles",
    "remove_profile",
    "rename_profile",
    "replay_of",
    "resume_game",
    "running_totals",
    "save_preferences",
    "setup_from_replay",
    "start_game",
    "switch_profile",
    "win_ratio_over_time",
]
