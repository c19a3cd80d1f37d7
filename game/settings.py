"""Player preferences and where they live on disk.

`Preferences` is the record of everything a player can set on the options screen (animation speed,
sound, music and speech, hand sorting, meld layout, opponent skill, name, window size, rule options).
It is stored as JSON in the platform's configuration folder and always written atomically, so a
crash or power cut mid-save leaves either the old file or the new one, never half of each.
Loading never fails, whatever the bytes: a damaged file, or a field with a bad value, falls back to
the default for what is bad, keeps the rest, returns a plain warning (the window shows it) and
keeps the original file beside it as `.bak` (several of them, numbered).
`atomic_write_json` is the same careful writer, shared with autosaves.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import reprlib
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from game.storage import (
    DamagedFile,
    atomic_write_json,
    keep_aside,
    read_json_file,
    remove_stale_temporaries,
)

log = logging.getLogger(__name__)

APP_DIR_NAME = "canasta"
PREFERENCES_FILE = "preferences.json"
# Safe mode (User Guide 4.4.19): the player's own preferences, kept while the game runs on the
# defaults; and the mark a start leaves until its first frame is on screen.
SAFE_MODE_FILE = "preferences-before-safe-mode.json"
STARTING_FILE = "starting"

ANIMATION_SPEEDS: tuple[str, ...] = ("off", "very_fast", "fast", "normal", "slow")
# Multipliers applied to every animation's clock; 0 means moves happen at once.
ANIMATION_SPEED_FACTORS: dict[str, float] = {
    "off": 0.0,
    "very_fast": 2.5,
    "fast": 1.6,
    "normal": 1.0,
    "slow": 0.6,
}
# How long hand results stay up while AutoPlay plays; 0: until the player dismisses them.
RESULTS_SECONDS: tuple[int, ...] = (0, 5, 10, 20)
BIG_PILE_CHOICES: tuple[int, ...] = (0, 8, 12, 16)
# A pile this big is not taken by a single click when the pile is protected.
PROTECTED_PILE_SIZE = 8
# By rank, by rank with a gap between ranks, by suit, or as dealt and drawn.
# The player's hand cards, as a multiple of their designed height.
CARD_SIZES: dict[str, float] = {"normal": 1.0, "large": 1.2, "extra_large": 1.4}
# game.sprites.cards.BACK_DESIGNS with the standard backs and the player's own picture (a test
# keeps them in step).
CARD_BACKS: tuple[str, ...] = (
    "standard",
    "lattice",
    "diamonds",
    "rings",
    "stripes",
    "waves",
    "stars",
    "own",
)
# The player's colours (User Guide 4.4.4): game.ui.theme's FELT_COLOURS, PANEL_COLOURS and
# TEXT_COLOURS (a test keeps them in step); the first of each is the palette's own.
FELT_COLOURS: tuple[str, ...] = ("green", "blue", "teal", "burgundy", "brown", "purple", "grey")
PANEL_COLOURS: tuple[str, ...] = ("green", "navy", "black", "burgundy", "brown")
TEXT_COLOURS: tuple[str, ...] = ("cream", "white", "yellow", "light_blue")
# The letters on the court cards (game.sprites.notation.INDEX_NOTATIONS; a test keeps them in
# step).
INDEX_NOTATIONS: tuple[str, ...] = ("english", "french", "german", "italian", "spanish", "dutch")
# The faces: game.sprites.cards.DECK_DESIGNS (a test keeps them in step).
DECK_DESIGNS: tuple[str, ...] = ("standard", "large_index")
HAND_SORTINGS: tuple[str, ...] = ("rank", "rank_groups", "suit", "none")
# As created, by rank, by length, or in fixed rank columns (a rank always in the same place).
MELD_LAYOUTS: tuple[str, ...] = ("created", "rank", "length", "fixed")
SKILL_LEVELS: tuple[str, ...] = (
    "carefree",
    "beginner",
    "intermediate",
    "advanced",
    "expert",
    "master",
)
PLAYER_NAME_MAX = 20
LOBBY_LEVELS: tuple[str, ...] = ("any", "beginner", "intermediate", "expert")
WINDOW_MIN = (640, 360)
WINDOW_MAX = (7680, 4320)


def config_dir() -> Path:
    """The folder for preferences: `CANASTA_CONFIG_DIR` if set, else the platform's usual place
    (`~/.config/canasta`, `%APPDATA%\\canasta`, `~/Library/Application Support/canasta`)."""
    override = os.environ.get("CANASTA_CONFIG_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_DIR_NAME, appauthor=False, roaming=True))


def data_dir() -> Path:
    """The folder for logs, crash reports and autosaves: `CANASTA_DATA_DIR` if set, else the
    platform's usual place for an application's own data (`~/.local/share/canasta`,
    `%LOCALAPPDATA%\\canasta`, `~/Library/Application Support/canasta`)."""
    override = os.environ.get("CANASTA_DATA_DIR")
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir(APP_DIR_NAME, appauthor=False))


def legacy_dirs(platform: str = sys.platform) -> dict[str, Path]:
    """The folders versions before 1.2 chose by hand, by kind ("config", "data"), for `platform`.

    They agree with `platformdirs` except for the capital C on Windows and macOS, which matters
    only on a case-sensitive disk; `adopt_legacy_files` still looks there.
    """
    home = Path.home()
    if platform == "win32":
        roaming = os.environ.get("APPDATA") or str(home / "AppData" / "Roaming")
        local = os.environ.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return {"config": Path(roaming) / "Canasta", "data": Path(local) / "Canasta"}
    if platform == "darwin":
        support = home / "Library" / "Application Support" / "Canasta"
        return {"config": support, "data": support}
    config = os.environ.get("XDG_CONFIG_HOME") or str(home / ".config")
    data = os.environ.get("XDG_DATA_HOME") or str(home / ".local" / "share")
    return {"config": Path(config) / APP_DIR_NAME, "data": Path(data) / APP_DIR_NAME}


def _same_folder(first: Path, second: Path) -> bool:
    try:
        return first.samefile(second)
    except OSError:
        return first == second


def adopt_legacy_files(legacy: dict[str, Path] | None = None) -> list[Path]:
    """Copy the files an earlier version left in its own folders into today's, where missing.

    Preferences, the autosave and saved network games then carry on. Files are copied, not
    moved, so an older copy of the game still finds them; a file already in today's folder is
    never replaced. A kind whose folder is overridden by `CANASTA_*` is left alone. Returns the
    files copied; never raises (an unreadable old folder is simply not adopted).
    """
    legacy = legacy_dirs() if legacy is None else legacy
    current = {"config": (config_dir, "CANASTA_CONFIG_DIR"), "data": (data_dir, "CANASTA_DATA_DIR")}
    copied: list[Path] = []
    for kind, old in legacy.items():
        where, override = current[kind]
        new = where()
        if os.environ.get(override) or not old.is_dir() or _same_folder(old, new):
            continue
        try:
            for source in sorted(old.iterdir()):
                target = new / source.name
                if source.is_file() and not target.exists():
                    new.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(source, target)
                    copied.append(target)
        except OSError as exc:
            log.warning("could not bring the files over from %s: %s", old, exc)
    for path in copied:
        log.info("carried over %s from an earlier version's folder", path)
    return copied


def preferences_path() -> Path:
    return config_dir() / PREFERENCES_FILE


def _is_int(value: Any) -> bool:
    # bool is an int subclass in Python, but `true` is not a volume.
    return isinstance(value, int) and not isinstance(value, bool)


def _int_in(low: int, high: int) -> Callable[[Any], bool]:
    return lambda v: _is_int(v) and low <= v <= high


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, str) and v in choices


def _valid_name(value: Any) -> bool:
    return (
        isinstance(value, str) and 0 < len(value.strip()) <= PLAYER_NAME_MAX and value.isprintable()
    )


def _valid_window(value: Any) -> bool:
    return (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(_is_int(v) for v in value)
        and WINDOW_MIN[0] <= value[0] <= WINDOW_MAX[0]
        and WINDOW_MIN[1] <= value[1] <= WINDOW_MAX[1]
    )


def _valid_address(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 255 and value.isprintable()


# The seats of a game of three or four, the person's first (RULES.md 9: West plays after
# South, North sits opposite, East before South).
SEATS = ("south", "west", "north", "east")
# South's own choice: the person, or a computer they watch.
YOU = "you"
# The other seats of a network table the host chooses who plays (by number, clockwise from the
# host's), and the word for a guest's.
HOST_SEATS = ("1", "2", "3")
GUEST = "guest"


def _valid_seat_players(value: Any) -> bool:
    return isinstance(value, dict) and all(
        seat in SEATS and (level in SKILL_LEVELS or (seat == "south" and level == YOU))
        for seat, level in value.items()
    )


def _valid_host_seats(value: Any) -> bool:
    return isinstance(value, dict) and all(
        seat in HOST_SEATS and (kind == GUEST or kind in SKILL_LEVELS)
        for seat, kind in value.items()
    )


def _valid_rules(value: Any) -> bool:
    # Rule values are checked by the rules engine; here only the JSON shape matters.
    return isinstance(value, dict) and all(isinstance(k, str) for k in value)


@dataclass
class Preferences:
    """Everything a player can set. Field names are the JSON keys on disk."""

    player_name: str = "Player"
    # The language of every text ("es", "de"); empty: the system's, when the game has it.
    language: str = ""
    animation_speed: str = "normal"
    sound_enabled: bool = True
    sound_volume: int = 80
    music_enabled: bool = True
    music_volume: int = 50
    # Speech (User Guide 4.4.18): prompts, refusals, messages, points and scores read aloud.
    speech_enabled: bool = False
    speech_volume: int = 80
    speech_stop_when_interrupted: bool = True
    hand_sorting: str = "rank"
    meld_layout: str = "created"
    results_seconds: int = 0
    # Misclick protection (User Guide 4.4): ask before a discard that could go onto one of your
    # own melds, or onto a pile this big (0: never); ask before a click takes a big pile.
    confirm_meldable_discard: bool = False
    confirm_big_pile_discard: int = 0
    protect_pile: bool = False
    four_colour_deck: bool = False
    colour_blind_marks: bool = False
    high_contrast: bool = False
    # Colours (User Guide 4.4.4): the table's felt, the panels and the text, in either palette.
    felt_colour: str = "green"
    panel_colour: str = "green"
    text_colour: str = "cream"
    card_size: str = "normal"
    # Card faces (User Guide 4.4.2): the court cards' letters, hands spread wider, and the tints
    # of canastas and of a frozen or blocked pile (the table's menu turns both on or off).
    index_notation: str = "english"
    deck_design: str = "standard"
    wide_hand_spreads: bool = False
    canasta_tints: bool = True
    pile_tints: bool = True
    # The card backs (User Guide 4.4.3): "standard", one of CARD_BACKS' designs, or "own": the
    # picture file in card_back_picture, scaled and framed.
    card_back: str = "standard"
    card_back_picture: str = ""
    # The computer opponent's own default level (game.logic.ai.DEFAULT_LEVEL; a test keeps
    # the two equal).
    skill_level: str = "advanced"
    # Who plays each seat in a game of three or four, by seat name (SEATS): "you" or a level
    # key for South, a level key for the others; a seat left out is the person's (South) or
    # plays at skill_level.
    seat_players: dict[str, str] = field(default_factory=dict)
    aggressiveness: int = 50
    window_size: tuple[int, int] = (1280, 720)
    last_join_address: str = ""
    # The TCP port this player hosts network games on (UG 4.4.10 "IP Port").
    host_port: int = 50410
    # The network table this player hosts, as last chosen on the Host screen: the players
    # (2, 3 or 4) and who plays each other seat, by its number clockwise from the host's
    # (HOST_SEATS): GUEST or a level key; a seat left out is a guest's.
    host_players: int = 2
    host_seats: dict[str, str] = field(default_factory=dict)
    # Invite codes over the internet: the magic-wormhole mailbox and transit relay (the public
    # ones by default, the same as game.netplay.shell.wormhole's; a club may run its own).
    invite_mailbox: str = "ws://relay.magic-wormhole.io:4000/v1"
    invite_relay: str = "tcp:transit.magic-wormhole.io:4001"
    # Find a partner: the lobby's MQTT broker (the public one by default, the same as
    # game.netplay.lobby.DEFAULT_BROKER; a club may run its own), the level of play a waiting
    # host hopes for (a key of game.netplay.lobby.LEVELS), and whether it takes the first guest
    # who asks without asking its player.
    lobby_broker: str = "mqtt://test.mosquitto.org:1883"
    lobby_level: str = "any"
    lobby_auto_accept: bool = False
    # Rule options by their RULES.md key; empty means the Classic defaults.
    rules: dict[str, Any] = field(default_factory=dict)
    # Numbered deals (tournament dealing): the sequence 1-100 new games are dealt from; 0 is off.
    deal_sequence: int = 0
    # Dealing (User Guide 4.4.5): a new game starts with a cut for who plays first (not with
    # numbered deals); the deal's cards fly as one block per hand; the deal makes no sound.
    cut_for_deal: bool = False
    quick_deal: bool = False
    quiet_deal: bool = False
    # Messages and the mouse (User Guide 4.4.7, 4.4.8): a refused move told in a dialog rather
    # than on the status bar; the status bar's figures explained when pointed at; "Start a new
    # game?" asked first; who starts the next hand said; cards moved by dragging as well as by
    # clicking.
    refusals_in_dialog: bool = False
    tooltips: bool = True
    confirm_new_game: bool = True
    start_reminders: bool = True
    drag_and_drop: bool = True
    # Operation (User Guide 4.4.6): the game in progress opens at start instead of the title
    # screen, and a game is saved as it is played (to carry on after quitting).
    resume_at_start: bool = False
    autosave: bool = True
    # AutoStep's Step plays one turn ("turn") or a turn of each player ("cycle").
    autostep_step: str = "turn"
    # The tutorial is offered once, at the first start.
    tutorial_offered: bool = False

    @property
    def animation_factor(self) -> float:
        return ANIMATION_SPEED_FACTORS.get(self.animation_speed, 1.0)

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data: Any) -> tuple[Preferences, list[str]]:
        """Build preferences from parsed JSON; returns them and one warning per field replaced."""
        prefs = cls()
        if not isinstance(data, dict):
            return prefs, ["the preferences file does not hold a JSON object; using all defaults"]
        warnings: list[str] = []
        known = {f.name for f in dataclasses.fields(cls)}
        for key, value in data.items():
            if key not in known:
                warnings.append(f"unknown setting {reprlib.repr(key)} ignored")
                continue
            check = _VALIDATORS[key]
            if not check(value):
                warnings.append(
                    f"setting {reprlib.repr(key)} has an unusable value {reprlib.repr(value)}; "
                    f"using the default {getattr(prefs, key)!r}"
                )
                continue
            if key == "window_size":
                value = (int(value[0]), int(value[1]))
            elif key == "player_name":
                value = value.strip()
            elif key in ("rules", "seat_players", "host_seats"):
                value = dict(value)
            setattr(prefs, key, value)
        return prefs, warnings

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        target = Path(path) if path is not None else preferences_path()
        atomic_write_json(target, self.to_json())
        return target

    @classmethod
    def load(cls, path: str | os.PathLike[str] | None = None) -> Preferences:
        return load_preferences(path)[0]


_VALIDATORS: dict[str, Callable[[Any], bool]] = {
    "player_name": _valid_name,
    "language": lambda v: (
        isinstance(v, str) and (v == "" or (v.isascii() and v.isalpha() and 2 <= len(v) <= 3))
    ),
    "animation_speed": _one_of(ANIMATION_SPEEDS),
    "sound_enabled": lambda v: isinstance(v, bool),
    "sound_volume": _int_in(0, 100),
    "music_enabled": lambda v: isinstance(v, bool),
    "music_volume": _int_in(0, 100),
    "speech_enabled": lambda v: isinstance(v, bool),
    "speech_volume": _int_in(0, 100),
    "speech_stop_when_interrupted": lambda v: isinstance(v, bool),
    "hand_sorting": _one_of(HAND_SORTINGS),
    "meld_layout": _one_of(MELD_LAYOUTS),
    "results_seconds": lambda v: _is_int(v) and v in RESULTS_SECONDS,
    "confirm_meldable_discard": lambda v: isinstance(v, bool),
    "confirm_big_pile_discard": lambda v: _is_int(v) and v in BIG_PILE_CHOICES,
    "protect_pile": lambda v: isinstance(v, bool),
    "four_colour_deck": lambda v: isinstance(v, bool),
    "colour_blind_marks": lambda v: isinstance(v, bool),
    "high_contrast": lambda v: isinstance(v, bool),
    "felt_colour": _one_of(FELT_COLOURS),
    "panel_colour": _one_of(PANEL_COLOURS),
    "text_colour": _one_of(TEXT_COLOURS),
    "card_size": _one_of(tuple(CARD_SIZES)),
    "index_notation": _one_of(INDEX_NOTATIONS),
    "deck_design": _one_of(DECK_DESIGNS),
    "wide_hand_spreads": lambda v: isinstance(v, bool),
    "canasta_tints": lambda v: isinstance(v, bool),
    "pile_tints": lambda v: isinstance(v, bool),
    "card_back": _one_of(CARD_BACKS),
    "card_back_picture": lambda v: isinstance(v, str) and len(v) <= 1000 and v.isprintable(),
    "skill_level": _one_of(SKILL_LEVELS),
    "seat_players": _valid_seat_players,
    "aggressiveness": _int_in(0, 100),
    "window_size": _valid_window,
    "last_join_address": _valid_address,
    "host_port": _int_in(1, 65535),
    "host_players": _int_in(2, 4),
    "host_seats": _valid_host_seats,
    "invite_mailbox": _valid_address,
    "invite_relay": _valid_address,
    "lobby_broker": _valid_address,
    "lobby_level": _one_of(LOBBY_LEVELS),
    "lobby_auto_accept": lambda v: isinstance(v, bool),
    "rules": _valid_rules,
    "deal_sequence": _int_in(0, 100),
    "cut_for_deal": lambda v: isinstance(v, bool),
    "quick_deal": lambda v: isinstance(v, bool),
    "quiet_deal": lambda v: isinstance(v, bool),
    "refusals_in_dialog": lambda v: isinstance(v, bool),
    "tooltips": lambda v: isinstance(v, bool),
    "confirm_new_game": lambda v: isinstance(v, bool),
    "start_reminders": lambda v: isinstance(v, bool),
    "drag_and_drop": lambda v: isinstance(v, bool),
    "resume_at_start": lambda v: isinstance(v, bool),
    "autosave": lambda v: isinstance(v, bool),
    "autostep_step": _one_of(("turn", "cycle")),
    "tutorial_offered": lambda v: isinstance(v, bool),
}


def safe_mode_path() -> Path:
    return config_dir() / SAFE_MODE_FILE


def start_marker_path() -> Path:
    """Present from a start until its first frame is drawn: found at the next start, it says
    the last one never got that far (so safe mode is offered)."""
    return data_dir() / STARTING_FILE


def keep_before_safe_mode(profile_id: int, prefs: Preferences) -> None:
    """Keep player `profile_id`'s preferences to restore after safe mode (never over the ones
    kept already: a second start in safe mode must not keep its own defaults)."""
    if preferences_before_safe_mode(profile_id) is None:
        atomic_write_json(safe_mode_path(), {"profile": profile_id, "preferences": prefs.to_json()})


def preferences_before_safe_mode(profile_id: int) -> Preferences | None:
    """Player `profile_id`'s preferences from before safe mode, None if none are kept for them
    (a damaged file keeps none; its fields that are bad take their defaults)."""
    try:
        data = read_json_file(safe_mode_path())
    except FileNotFoundError:
        return None
    except DamagedFile as exc:
        log.warning("the preferences kept before safe mode are unusable: %s", exc)
        return None
    if not isinstance(data, dict) or data.get("profile") != profile_id:
        return None
    prefs, warnings = Preferences.from_json(data.get("preferences"))
    for warning in warnings:
        log.warning("preferences before safe mode: %s", warning)
    return prefs


def forget_safe_mode() -> None:
    safe_mode_path().unlink(missing_ok=True)


def _keep_backup(path: Path) -> Path | None:
    return keep_aside(path, path.with_name(path.name + ".bak"), move=False)


def load_preferences(path: str | os.PathLike[str] | None = None) -> tuple[Preferences, list[str]]:
    """Read preferences; never raises. Returns them and the warnings (already logged).

    A missing file is normal on first start and yields defaults silently. Anything unreadable
    or invalid is copied to `<name>.bak` so the player's old settings are not lost when the
    next save overwrites the file.
    """
    source = Path(path) if path is not None else preferences_path()
    remove_stale_temporaries(source)
    try:
        data = read_json_file(source)
    except FileNotFoundError:
        return Preferences(), []
    except DamagedFile as exc:
        prefs, warnings = Preferences(), [f"{source} {exc}; using default preferences"]
    else:
        prefs, warnings = Preferences.from_json(data)
    if warnings:
        backup = _keep_backup(source)
        if backup is not None:
            warnings.append(f"the original file was kept as {backup}")
        for warning in warnings:
            log.warning("preferences: %s", warning)
    return prefs, warnings
