"""What the options screen shows, as data.

Each entry describes one setting: its label, a line of help, the kind of control (on/off,
choice among named values, whole number in a range, text) and where the value lives — a field of
`Preferences`, or a key of `Preferences.rules` for rule options. The options screen builds its
controls from these lists alone, so adding a rule option is adding one entry to `RULE_OPTIONS`
(with its key from RULES.md and its Classic default); the screen then shows a Rules page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.settings import PLAYER_NAME_MAX, Preferences


@dataclass(frozen=True)
class OptionItem:
    """One setting. `store` is "prefs" (a Preferences field) or "rules" (a key in prefs.rules)."""

    key: str
    label: str
    help: str = ""
    store: str = "prefs"
    # Used for rule options, whose absence from prefs.rules means the Classic default.
    default: Any = None

    def get(self, prefs: Preferences) -> Any:
        if self.store == "rules":
            return prefs.rules.get(self.key, self.default)
        return getattr(prefs, self.key)

    def set(self, prefs: Preferences, value: Any) -> None:
        if self.store == "rules":
            if value == self.default:
                # Only departures from the Classic rules are stored.
                prefs.rules.pop(self.key, None)
            else:
                prefs.rules[self.key] = value
        else:
            setattr(prefs, self.key, value)


@dataclass(frozen=True)
class BoolOption(OptionItem):
    on_label: str = "On"
    off_label: str = "Off"


@dataclass(frozen=True)
class ChoiceOption(OptionItem):
    choices: tuple[tuple[Any, str], ...] = ()


@dataclass(frozen=True)
class IntRangeOption(OptionItem):
    minimum: int = 0
    maximum: int = 100
    step: int = 1
    unit: str = ""
    # "slider" for wide ranges (volumes), "stepper" for a handful of values (cards to draw).
    style: str = "slider"


@dataclass(frozen=True)
class TextOption(OptionItem):
    max_length: int = 32
    placeholder: str = ""


@dataclass(frozen=True)
class OptionSection:
    title: str
    items: tuple[OptionItem, ...] = field(default_factory=tuple)


PLAYER_OPTIONS: tuple[OptionItem, ...] = (
    TextOption("player_name", "Your name",
               "The name shown on the scoresheet and to an online opponent.",
               max_length=PLAYER_NAME_MAX, placeholder="Player"),
    ChoiceOption("skill_level", "Opponent skill",
                 "How well the computer plays, from Carefree (always draws from the stock) "
                 "to Master.",
                 choices=(("carefree", "Carefree"), ("beginner", "Beginner"),
                          ("intermediate", "Intermediate"), ("advanced", "Advanced"),
                          ("expert", "Expert"), ("master", "Master"))),
    IntRangeOption("aggressiveness", "Opponent aggressiveness",
                   "How eagerly the computer takes the pile and melds early (0 cautious, "
                   "100 bold).", minimum=0, maximum=100, step=5),
)

TABLE_OPTIONS: tuple[OptionItem, ...] = (
    ChoiceOption("animation_speed", "Animation speed",
                 "How fast cards travel. Off: cards appear at once where they go.",
                 choices=(("off", "Off"), ("very_fast", "Very fast"), ("fast", "Fast"),
                          ("normal", "Normal"), ("slow", "Slow"))),
    ChoiceOption("hand_sorting", "Hand sorting",
                 "Your hand is sorted by rank; with gaps, each rank stands apart so melds are "
                 "easy to see.",
                 choices=(("rank", "By rank"), ("rank_groups", "Rank groups with gaps"))),
    ChoiceOption("meld_layout", "Meld layout",
                 "The order of melds on the mat: as created, by rank, or longest first "
                 "(canastas leftmost).",
                 choices=(("created", "Order created"), ("rank", "By rank"),
                          ("length", "By length"))),
)

SOUND_OPTIONS: tuple[OptionItem, ...] = (
    BoolOption("sound_enabled", "Sound effects", "Card, meld and turn sounds."),
    IntRangeOption("sound_volume", "Effects volume", "Loudness of the sound effects.",
                   minimum=0, maximum=100, step=5, unit="%"),
    BoolOption("music_enabled", "Music", "Background music, looped."),
    IntRangeOption("music_volume", "Music volume", "Loudness of the music.",
                   minimum=0, maximum=100, step=5, unit="%"),
)

# Rule options go here, e.g.
#   IntRangeOption("stock_draw", "Cards drawn from the stock", "...", store="rules",
#                  default=2, minimum=1, maximum=2, style="stepper")
RULE_OPTIONS: list[OptionItem] = []


def option_sections() -> list[OptionSection]:
    sections = [
        OptionSection("Player", PLAYER_OPTIONS),
        OptionSection("Table", TABLE_OPTIONS),
        OptionSection("Sound", SOUND_OPTIONS),
    ]
    if RULE_OPTIONS:
        sections.append(OptionSection("Rules", tuple(RULE_OPTIONS)))
    return sections
