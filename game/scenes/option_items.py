"""What the options screen shows, as data.

Each entry describes one setting: its label, a line of help, the kind of control (on/off,
choice among named values, whole number in a range, text) and where the value lives — a field of
`Preferences`, a key of `Preferences.rules` for rule options, or a seat of
`Preferences.seat_players` for who plays it. The options screen builds its
controls from these lists alone. The Rules page is made from the rules engine's own option
descriptions (`OPTION_SPECS`): a preset to start from, then every option, each storing only how
it departs from the preset. A change that the rules engine refuses (an impossible combination)
raises `RulesError` with its sentence, and nothing is stored.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.help import describe_option, load_help
from game.language import N_
from game.language.files import languages
from game.logic.rules import OPTION_SPECS, PRESETS, Rules, RulesError
from game.match import SKILL_TITLES
from game.netplay.lobby import DEFAULT_BROKER, LEVELS, LobbyError, parse_broker_url
from game.settings import PLAYER_NAME_MAX, PROTECTED_PILE_SIZE, YOU, Preferences
from game.sprites.cards import BackPictureError, framed_back

PRESET_CHOICES: tuple[tuple[str, str], ...] = (
    ("classic", "Classic"),
    ("modern_american", "Modern American"),
)
RULES_NOTE = "Rule changes apply from the next new game."


def effective_rules(prefs: Preferences) -> Rules:
    """The rules the next new game will use (Classic if the stored options are unusable)."""
    try:
        return Rules.from_dict(prefs.rules or {})
    except RulesError:
        return Rules()


@dataclass(frozen=True)
class OptionItem:
    """One setting. `store` is "prefs" (a Preferences field), "rules" (a key in prefs.rules) or
    "seat" (the seat `key` of prefs.seat_players)."""

    key: str
    label: str
    help: str = ""
    store: str = "prefs"
    # Used for rule options, whose absence from prefs.rules means the Classic default.
    default: Any = None

    def get(self, prefs: Preferences) -> Any:
        if self.store == "seat":
            return prefs.seat_players.get(self.key, self.default)
        if self.store == "rules_preset":
            return prefs.rules.get("preset", "classic")
        if self.store == "rules":
            if self.key in OPTION_SPECS:
                return getattr(effective_rules(prefs), self.key)
            return prefs.rules.get(self.key, self.default)
        return getattr(prefs, self.key)

    def set(self, prefs: Preferences, value: Any) -> None:
        if self.store == "seat":
            # Only a seat that departs from its default is stored.
            seats = {k: v for k, v in prefs.seat_players.items() if k != self.key}
            prefs.seat_players = seats if value == self.default else {**seats, self.key: value}
            return
        if self.store == "rules_preset":
            # A new preset starts afresh: its own values for every option.
            prefs.rules = {} if value == "classic" else {"preset": value}
            return
        if self.store == "rules":
            if self.key not in OPTION_SPECS:
                if value == self.default:
                    prefs.rules.pop(self.key, None)
                else:
                    prefs.rules[self.key] = value
                return
            data = dict(prefs.rules)
            base = PRESETS[data.get("preset", "classic")]()
            if value == getattr(base, self.key):
                # Only departures from the preset are stored.
                data.pop(self.key, None)
            else:
                data[self.key] = value
            Rules.from_dict(data)  # raises RulesError for an impossible combination
            prefs.rules = data
        else:
            setattr(prefs, self.key, value)


@dataclass(frozen=True)
class BoolOption(OptionItem):
    on_label: str = "On"
    off_label: str = "Off"


@dataclass(frozen=True)
class GroupOption(BoolOption):
    """QuickSet (User Guide 4.4.13): one switch for a group of preferences, on when every one
    of them is; switching it sets them all on or all off."""

    members: tuple[str, ...] = ()

    def get(self, prefs: Preferences) -> Any:
        return all(_member_on(prefs, key) for key in self.members)

    def set(self, prefs: Preferences, value: Any) -> None:
        for key in self.members:
            if key == "animation_speed":
                # Animation on is the normal speed, unless another speed is already chosen.
                if not value:
                    prefs.animation_speed = "off"
                elif prefs.animation_speed == "off":
                    prefs.animation_speed = "normal"
            else:
                setattr(prefs, key, bool(value))


def _member_on(prefs: Preferences, key: str) -> bool:
    if key == "animation_speed":
        return prefs.animation_speed != "off"
    return bool(getattr(prefs, key))


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
class ActionOption(OptionItem):
    """A button that does something to the preferences (the scene knows what, by `key`)."""

    button: str = ""

    def get(self, prefs: Preferences) -> Any:
        return None


@dataclass(frozen=True)
class PreviewOption(OptionItem):
    """A picture of what the page's settings look like; nothing to set."""

    def get(self, prefs: Preferences) -> Any:
        return None


@dataclass(frozen=True)
class TextOption(OptionItem):
    max_length: int = 32
    placeholder: str = ""
    # What is wrong with a typed value, in a sentence ("" when it can be stored); a refused
    # value is not stored.
    check: Callable[[str], str] | None = None


def back_picture_problem(text: str) -> str:
    """Why the file `text` cannot be the card back ("" when it can)."""
    try:
        framed_back(text)
    except BackPictureError as exc:
        return str(exc)
    return ""


def broker_problem(text: str) -> str:
    """Why `text` cannot be the lobby's broker address ("" when it can)."""
    try:
        parse_broker_url(text)
    except LobbyError as exc:
        return str(exc)
    return ""


@dataclass(frozen=True)
class OptionSection:
    title: str
    items: tuple[OptionItem, ...] = field(default_factory=tuple)


PLAYER_OPTIONS: tuple[OptionItem, ...] = (
    TextOption(
        "player_name",
        "Your name",
        "The name shown on the scoresheet and to an online opponent.",
        max_length=PLAYER_NAME_MAX,
        placeholder="Player",
    ),
    ChoiceOption(
        "language",
        N_("Language"),
        N_("The language of every text; the system's when the game has it, otherwise English."),
        choices=(("", N_("The system's")), *languages().items()),
    ),
    ChoiceOption(
        "skill_level",
        "Opponent skill",
        "How well the computer plays, from Carefree (always draws from the stock) to Master.",
        choices=tuple(SKILL_TITLES.items()),
    ),
    ChoiceOption(
        "south",
        "South: your seat",
        "Who plays your seat in a new game of three or four: you, or a computer at a level while "
        "you watch (a game you watch is not recorded).",
        store="seat",
        default=YOU,
        choices=((YOU, "You"), *SKILL_TITLES.items()),
    ),
    *(
        ChoiceOption(
            seat,
            label,
            f"Who plays {words} in a new game of {players}: a computer at a level, or at the "
            "Opponent skill above.",
            store="seat",
            default="",
            choices=(("", "Opponent skill"), *SKILL_TITLES.items()),
        )
        for seat, label, words, players in (
            ("west", "West: on your left", "West, who plays after you,", "three or four"),
            ("north", "North: opposite", "North, your partner,", "four"),
            ("east", "East: on your right", "East, who plays before you,", "three or four"),
        )
    ),
    IntRangeOption(
        "aggressiveness",
        "Opponent aggressiveness",
        "How eagerly the computer takes the pile and melds early (0 cautious, 100 bold).",
        minimum=0,
        maximum=100,
        step=5,
    ),
    IntRangeOption(
        "deal_sequence",
        "Numbered deals",
        "0 is off. With sequence 1-100, game g hand h is the same deal on every computer: "
        "play the same cards as a friend and compare.",
        minimum=0,
        maximum=100,
        step=1,
    ),
)

TABLE_OPTIONS: tuple[OptionItem, ...] = (
    ChoiceOption(
        "animation_speed",
        "Animation speed",
        "How fast cards travel, slowest first. Off: cards appear at once where they go.",
        choices=(
            ("slow", "Slow"),
            ("normal", "Normal"),
            ("fast", "Fast"),
            ("very_fast", "Very fast"),
            ("off", "Off (at once)"),
        ),
    ),
    ChoiceOption(
        "results_seconds",
        "Results during AutoPlay",
        "How long the hand results stay up while the computer plays for you. The end of the "
        "game always waits for you, and AutoPlay stops there.",
        choices=(
            (0, "Until dismissed"),
            (5, "5 seconds"),
            (10, "10 seconds"),
            (20, "20 seconds"),
        ),
    ),
    BoolOption(
        "confirm_meldable_discard",
        "Confirm meldable discards",
        "Asks first when the card you discard could have gone onto one of your own melds.",
    ),
    ChoiceOption(
        "confirm_big_pile_discard",
        "Confirm discards on a big pile",
        "Asks first when your discard lands on a pile this big, which your opponent may take.",
        choices=(
            (0, "Never"),
            (8, "8 cards or more"),
            (12, "12 cards or more"),
            (16, "16 or more"),
        ),
    ),
    BoolOption(
        "protect_pile",
        "Protect a big pile",
        f"A single click does not take a pile of {PROTECTED_PILE_SIZE} cards or more: you are "
        "asked first (dragging it, or F7, still takes it).",
    ),
    ChoiceOption(
        "card_size",
        "Card size",
        "The size of the cards in your hand; a long hand overlaps more to stay on screen.",
        choices=(("normal", "Normal"), ("large", "Large"), ("extra_large", "Extra large")),
    ),
    ChoiceOption(
        "card_back",
        "Card back",
        "The design on the backs of the cards (each pack in its own colour), or your own "
        "picture: type its file below.",
        choices=(
            ("standard", "Standard"),
            ("lattice", "Lattice"),
            ("diamonds", "Diamonds"),
            ("rings", "Rings"),
            ("stripes", "Stripes"),
            ("waves", "Waves"),
            ("stars", "Stars"),
            ("own", "Your own picture"),
        ),
    ),
    TextOption(
        "card_back_picture",
        "Your own card back",
        "The full path of a picture (PNG, JPEG, BMP or GIF, any size): it is scaled to the "
        "card, cropped evenly if its shape differs, and framed in white.",
        max_length=1000,
        placeholder="/home/you/Pictures/back.png",
        check=back_picture_problem,
    ),
    BoolOption(
        "four_colour_deck",
        "Four-colour deck",
        "Diamonds blue and Clubs green, so no two suits share a colour.",
    ),
    BoolOption(
        "colour_blind_marks",
        "Patterns on tinted cards",
        "Drawn, selected, locked, blocked and canasta cards carry a pattern as well as their "
        "tint (a corner flag, a bar, hatching, a band), so none is told by colour alone.",
    ),
    BoolOption(
        "high_contrast",
        "High contrast",
        "A near-black table and panels with white text, yellow rules and a cyan focus frame.",
    ),
    ChoiceOption(
        "hand_sorting",
        "Hand sorting",
        "How your hand is ordered: by rank (with gaps, each rank stands apart), by suit, or as "
        "dealt and drawn. Drag cards within the hand to arrange them; Sort puts them in order.",
        choices=(
            ("rank", "By rank"),
            ("rank_groups", "Rank groups with gaps"),
            ("suit", "By suit"),
            ("none", "As dealt and drawn"),
        ),
    ),
    ChoiceOption(
        "meld_layout",
        "Meld layout",
        "The order of melds on the mat: as created, by rank, longest first (canastas leftmost), "
        "or in fixed rank columns: each rank has its own place, Eights near the middle and Aces "
        "at the right, and both sides' melds of a rank lie opposite each other.",
        choices=(
            ("created", "Order created"),
            ("rank", "By rank"),
            ("length", "By length"),
            ("fixed", "Fixed rank columns"),
        ),
    ),
)

CARD_OPTIONS: tuple[OptionItem, ...] = (
    ChoiceOption(
        "deck_design",
        "Deck design",
        "The faces of the cards: the standard pictures, or Large index (plain faces with a "
        "big rank and suit in the corners, easy to read from afar).",
        choices=(("standard", "Standard"), ("large_index", "Large index")),
    ),
    ChoiceOption(
        "index_notation",
        "Index notation",
        "The letters on the corners of the Kings, Queens and Jacks, in the hints and in the "
        "plays told on the table.",
        choices=(
            ("english", "English (K Q J)"),
            ("french", "French (R D V)"),
            ("german", "German (K D B)"),
            ("italian", "Italian (R D F)"),
            ("spanish", "Spanish (R C S)"),
            ("dutch", "Dutch (H V B)"),
        ),
    ),
    BoolOption(
        "wide_hand_spreads",
        "Wider hand spreads",
        "The cards of the hands barely overlap (more where a long hand needs the room).",
    ),
    BoolOption(
        "canasta_tints",
        "Canasta tints",
        "Canastas tinted green, gold or lavender by kind. T on the table (or its menu) turns "
        "both tints off, or on.",
    ),
    BoolOption(
        "pile_tints",
        "Pile tints",
        "The top of the pile grey when it is frozen for you, dark grey when it is blocked. "
        "T on the table (or its menu) turns both tints off, or on.",
    ),
)

# Dealing (User Guide 4.4.5), then messages and the mouse (4.4.7, 4.4.8).
PLAY_OPTIONS: tuple[OptionItem, ...] = (
    BoolOption(
        "cut_for_deal",
        "Cut for the deal",
        "Each new game starts with a cut: the highest card (Aces high) plays first, and the "
        "rules' starter applies from the next hand. Not with numbered deals.",
    ),
    BoolOption(
        "quick_deal",
        "Quick deal",
        "The cards are dealt as one block per hand instead of one by one.",
    ),
    BoolOption(
        "quiet_deal",
        "Quiet deal",
        "The cards are dealt one by one without the sound of each card.",
    ),
    BoolOption(
        "refusals_in_dialog",
        "Refusals in a dialog",
        "A move that is not allowed is explained in a dialog with OK, not on the status bar.",
    ),
    BoolOption(
        "tooltips",
        "Tooltips",
        "Resting the pointer on a figure of the status bar explains it.",
    ),
    BoolOption(
        "confirm_new_game",
        "Ask before a new game",
        "\u201cStart a new game?\u201d is asked before the game in progress is given up (F2, "
        "the menu). Off: a new game is dealt at once.",
    ),
    BoolOption(
        "start_reminders",
        "Start reminders",
        "The status bar says who starts each new hand.",
    ),
    BoolOption(
        "drag_and_drop",
        "Drag and drop",
        "Cards can be dragged as well as clicked. Off: a press that moves is a click where "
        "the button is released, for mice whose drags misfire.",
    ),
    BoolOption(
        "resume_at_start",
        "Resume the game at start",
        "Starting the game opens the saved game at the table, instead of the title screen.",
    ),
    BoolOption(
        "autosave",
        "Save the game as you play",
        "The game in progress is kept as you play, to carry on after quitting. Applies from the "
        "next new game.",
    ),
)

QUICKSET_OPTIONS: tuple[OptionItem, ...] = (
    GroupOption(
        "quickset_appearance",
        "Appearance",
        "The table's effects: the canasta tints and the pile tints, all on or all off.",
        on_label="All on",
        off_label="Not all on",
        members=("canasta_tints", "pile_tints"),
    ),
    GroupOption(
        "quickset_interface",
        "Interface",
        "Card animation (at the normal speed, or the one chosen) and drag and drop, all on or "
        "all off.",
        on_label="All on",
        off_label="Not all on",
        members=("animation_speed", "drag_and_drop"),
    ),
    GroupOption(
        "quickset_audio",
        "Audio",
        "Sound effects, music and speech, all on or all off.",
        on_label="All on",
        off_label="Not all on",
        members=("sound_enabled", "music_enabled", "speech_enabled"),
    ),
    GroupOption(
        "quickset_operation",
        "Operation",
        "Opening the game in progress at start and saving it as you play, all on or all off.",
        on_label="All on",
        off_label="Not all on",
        members=("resume_at_start", "autosave"),
    ),
)

# The colours' defaults, which "Reset colours" puts back.
COLOUR_KEYS: tuple[str, ...] = ("felt_colour", "panel_colour", "text_colour")
COLOUR_OPTIONS: tuple[OptionItem, ...] = (
    ChoiceOption(
        "felt_colour",
        "Table",
        "The colour of the table's felt. With high contrast on, it is darkened until the text "
        "stands out as strongly as ever.",
        choices=(
            ("green", "Green"),
            ("blue", "Blue"),
            ("teal", "Teal"),
            ("burgundy", "Burgundy"),
            ("brown", "Brown"),
            ("purple", "Purple"),
            ("grey", "Grey"),
        ),
    ),
    ChoiceOption(
        "panel_colour",
        "Panels",
        "The colour of the panels, buttons and lists (a darker shade with high contrast).",
        choices=(
            ("green", "Dark green"),
            ("navy", "Navy"),
            ("black", "Black"),
            ("burgundy", "Burgundy"),
            ("brown", "Brown"),
        ),
    ),
    ChoiceOption(
        "text_colour",
        "Text",
        "The colour of the text on the table and the panels (lighter with high contrast).",
        choices=(
            ("cream", "Cream"),
            ("white", "White"),
            ("yellow", "Yellow"),
            ("light_blue", "Light blue"),
        ),
    ),
    PreviewOption(
        "colour_preview",
        "Preview",
        "The table, a panel and a button in the colours chosen; every screen shows them at once.",
    ),
    ActionOption(
        "reset_colours",
        "Back to the standard colours",
        "The green table, dark green panels and cream text (high contrast stays as it is).",
        button="Reset",
    ),
)

SOUND_OPTIONS: tuple[OptionItem, ...] = (
    BoolOption("sound_enabled", "Sound effects", "Card, meld and turn sounds."),
    IntRangeOption(
        "sound_volume",
        "Effects volume",
        "Loudness of the sound effects.",
        minimum=0,
        maximum=100,
        step=5,
        unit="%",
    ),
    BoolOption("music_enabled", "Music", "Background music, looped."),
    IntRangeOption(
        "music_volume",
        "Music volume",
        "Loudness of the music.",
        minimum=0,
        maximum=100,
        step=5,
        unit="%",
    ),
    BoolOption(
        "speech_enabled",
        "Speech",
        "The game speaks prompts, refusals, messages, points and scores, your side in one "
        "voice and your opponent's in another, through your computer's own speech engine.",
    ),
    IntRangeOption(
        "speech_volume",
        "Speech volume",
        "Loudness of the spoken phrases.",
        minimum=0,
        maximum=100,
        step=5,
        unit="%",
    ),
    BoolOption(
        "speech_stop_when_interrupted",
        "Stop speaking when interrupted",
        "Speech stops at once when you close a dialog or a new message takes its place.",
    ),
)

_CHOICE_TITLES = {
    "alternate": "Take turns",
    "loser": "Loser of the hand",
    "play_on": "Play on",
    "reuse_pile": "Reuse the pile once",
}
_SLIDER_STEPS = {
    "discard_return_penalty": 10,
    "wild_canasta_bonus": 100,
    "going_out_bonus": 50,
    "target_score": 500,
}


def _text(value: Any) -> str:
    if value is True:
        return "on"
    if value is False:
        return "off"
    return _CHOICE_TITLES.get(value, str(value)) if isinstance(value, str) else str(value)


def _rule_item(key: str) -> OptionItem:
    spec = OPTION_SPECS[key]
    classic, modern = (getattr(PRESETS[name](), key) for name in ("classic", "modern_american"))
    help_text = f"Classic: {_text(classic)}. Modern American: {_text(modern)}. {RULES_NOTE}"
    # The help text's own words about the option, so it is described where it is chosen.
    with contextlib.suppress(KeyError):
        help_text = f"{describe_option(load_help(), key)} ({help_text})"
    if spec.kind == "bool":
        return BoolOption(key, spec.label, help_text, store="rules", default=classic)
    if spec.kind == "choice":
        return ChoiceOption(
            key,
            spec.label,
            help_text,
            store="rules",
            default=classic,
            choices=tuple((c, _CHOICE_TITLES.get(c, str(c))) for c in spec.choices),
        )
    if spec.choices:
        return ChoiceOption(
            key,
            spec.label,
            help_text,
            store="rules",
            default=classic,
            choices=tuple((c, str(c)) for c in spec.choices),
        )
    if spec.high - spec.low <= 4:
        return IntRangeOption(
            key,
            spec.label,
            help_text,
            store="rules",
            default=classic,
            minimum=spec.low,
            maximum=spec.high,
            style="stepper",
        )
    return IntRangeOption(
        key,
        spec.label,
        help_text,
        store="rules",
        default=classic,
        minimum=spec.low,
        maximum=spec.high,
        step=_SLIDER_STEPS.get(key, 1),
    )


RULE_OPTIONS: list[OptionItem] = [
    ChoiceOption(
        "preset",
        "Rules to start from",
        "Classic or Modern American Canasta; choosing one resets every rule below to it. "
        + RULES_NOTE,
        store="rules_preset",
        choices=PRESET_CHOICES,
    ),
] + [_rule_item(key) for key in OPTION_SPECS]


NETWORK_OPTIONS: tuple[OptionItem, ...] = (
    TextOption(
        "invite_mailbox",
        "Invite server",
        "The magic-wormhole mailbox where invite codes are made and accepted, as ws://HOST:PORT/v1."
        " Both players need the same one.",
        max_length=255,
        placeholder="ws://relay.magic-wormhole.io:4000/v1",
    ),
    TextOption(
        "invite_relay",
        "Relay",
        "The transit relay that carries an invite game when the two computers cannot reach each "
        "other directly, as tcp:HOST:PORT.",
        max_length=255,
        placeholder="tcp:transit.magic-wormhole.io:4001",
    ),
    TextOption(
        "lobby_broker",
        "Lobby server",
        "Where Find a partner lists waiting hosts: an MQTT broker, as mqtt://HOST:PORT or "
        f"mqtts://HOST:PORT. The public one is {DEFAULT_BROKER}; a club may run its own.",
        max_length=255,
        placeholder=DEFAULT_BROKER,
        check=broker_problem,
    ),
    ChoiceOption(
        "lobby_level",
        "Level of play wanted",
        "What the lobby says you hope for in a partner while you wait as a host.",
        choices=tuple(LEVELS.items()),
    ),
    BoolOption(
        "lobby_auto_accept",
        "Accept requests automatically",
        "While you wait as a host, the first player who asks is accepted without a question.",
    ),
)


def option_sections() -> list[OptionSection]:
    sections = [
        OptionSection(N_("Player"), PLAYER_OPTIONS),
        OptionSection(N_("Table"), TABLE_OPTIONS),
        OptionSection(N_("Sound"), SOUND_OPTIONS),
    ]
    if RULE_OPTIONS:
        sections.append(OptionSection(N_("Rules"), tuple(RULE_OPTIONS)))
    sections.append(OptionSection(N_("Cards"), CARD_OPTIONS))
    sections.append(OptionSection(N_("Colours"), COLOUR_OPTIONS))
    sections.append(OptionSection(N_("Play"), PLAY_OPTIONS))
    sections.append(OptionSection(N_("QuickSet"), QUICKSET_OPTIONS))
    # Network, set once and rarely, comes last.
    sections.append(OptionSection(N_("Network"), NETWORK_OPTIONS))
    return sections
