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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.help import describe_option, load_help
from game.language import N_, _, current
from game.language.files import languages
from game.logic.rules import OPTION_SPECS, PRESETS, Rules, RulesError
from game.match import SKILL_TITLES
from game.netplay.lobby import (
    DEFAULT_BROKER,
    LEVELS,
    LOBBY_PROBLEMS,
    LobbyError,
    parse_broker_url,
)
from game.settings import PLAYER_NAME_MAX, PROTECTED_PILE_SIZE, YOU, Preferences
from game.sprites.cards import BACK_PICTURE_PROBLEMS, BackPictureError, framed_back

PRESET_CHOICES: tuple[tuple[str, str], ...] = (
    ("classic", N_("Classic")),
    ("modern_american", N_("Modern American")),
)
RULES_NOTE = N_("Rule changes apply from the next new game.")
# The figures and names some help lines give, filled in after the lookup.
HELP_FIELDS = {"size": PROTECTED_PILE_SIZE, "broker": DEFAULT_BROKER}


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

    def help_text(self, brief: bool = False) -> str:
        """The help line in the language in use (`brief`: a rule's description alone)."""
        if self.store == "rules" and self.key in OPTION_SPECS:
            return rule_help(self.key, brief)
        return _(self.help).format(**HELP_FIELDS) if self.help else ""

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
    on_label: str = N_("On")
    off_label: str = N_("Off")


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
    """Why the file `text` cannot be the card back ("" when it can), in the language in use."""
    try:
        framed_back(text)
    except BackPictureError as exc:
        return _(BACK_PICTURE_PROBLEMS[exc.kind]).format(**exc.fields)
    return ""


def broker_problem(text: str) -> str:
    """Why `text` cannot be the lobby's broker address ("" when it can)."""
    try:
        parse_broker_url(text)
    except LobbyError as exc:
        return _(LOBBY_PROBLEMS[exc.kind]).format(**exc.fields)
    return ""


@dataclass(frozen=True)
class OptionSection:
    title: str
    items: tuple[OptionItem, ...] = field(default_factory=tuple)


PLAYER_OPTIONS: tuple[OptionItem, ...] = (
    TextOption(
        "player_name",
        N_("Your name"),
        N_("The name shown on the scoresheet and to an online opponent."),
        max_length=PLAYER_NAME_MAX,
        placeholder=N_("Player"),
    ),
    ChoiceOption(
        "language",
        N_("Language"),
        N_("The language of every text; the system's when the game has it, otherwise English."),
        choices=(("", N_("The system's")), *languages().items()),
    ),
    ChoiceOption(
        "skill_level",
        N_("Opponent skill"),
        N_("How well the computer plays, from Carefree (always draws from the stock) to Master."),
        choices=tuple(SKILL_TITLES.items()),
    ),
    ChoiceOption(
        "south",
        N_("South: your seat"),
        N_(
            "Who plays your seat in a new game of three or four: you, or a computer at a level while "
            "you watch (a game you watch is not recorded)."
        ),
        store="seat",
        default=YOU,
        choices=((YOU, N_("You")), *SKILL_TITLES.items()),
    ),
    *(
        ChoiceOption(
            seat,
            label,
            help_text,
            store="seat",
            default="",
            choices=(("", N_("Opponent skill")), *SKILL_TITLES.items()),
        )
        for seat, label, help_text in (
            (
                "west",
                N_("West: on your left"),
                N_(
                    "Who plays West, who plays after you, in a new game of three or four: a "
                    "computer at a level, or at the Opponent skill above."
                ),
            ),
            (
                "north",
                N_("North: opposite"),
                N_(
                    "Who plays North, your partner, in a new game of four: a computer at a "
                    "level, or at the Opponent skill above."
                ),
            ),
            (
                "east",
                N_("East: on your right"),
                N_(
                    "Who plays East, who plays before you, in a new game of three or four: a "
                    "computer at a level, or at the Opponent skill above."
                ),
            ),
        )
    ),
    IntRangeOption(
        "aggressiveness",
        N_("Opponent aggressiveness"),
        N_("How eagerly the computer takes the pile and melds early (0 cautious, 100 bold)."),
        minimum=0,
        maximum=100,
        step=5,
    ),
    IntRangeOption(
        "deal_sequence",
        N_("Numbered deals"),
        N_(
            "0 is off. With sequence 1-100, game g hand h is the same deal on every computer: "
            "play the same cards as a friend and compare."
        ),
        minimum=0,
        maximum=100,
        step=1,
    ),
)

TABLE_OPTIONS: tuple[OptionItem, ...] = (
    ChoiceOption(
        "animation_speed",
        N_("Animation speed"),
        N_("How fast cards travel, slowest first. Off: cards appear at once where they go."),
        choices=(
            ("slow", N_("Slow")),
            ("normal", N_("Normal")),
            ("fast", N_("Fast")),
            ("very_fast", N_("Very fast")),
            ("off", N_("Off (at once)")),
        ),
    ),
    ChoiceOption(
        "results_seconds",
        N_("Results during AutoPlay"),
        N_(
            "How long the hand results stay up while the computer plays for you. The end of the "
            "game always waits for you, and AutoPlay stops there."
        ),
        choices=(
            (0, N_("Until dismissed")),
            (5, N_("5 seconds")),
            (10, N_("10 seconds")),
            (20, N_("20 seconds")),
        ),
    ),
    BoolOption(
        "confirm_meldable_discard",
        N_("Confirm meldable discards"),
        N_("Asks first when the card you discard could have gone onto one of your own melds."),
    ),
    ChoiceOption(
        "confirm_big_pile_discard",
        N_("Confirm discards on a big pile"),
        N_("Asks first when your discard lands on a pile this big, which your opponent may take."),
        choices=(
            (0, N_("Never")),
            (8, N_("8 cards or more")),
            (12, N_("12 cards or more")),
            (16, N_("16 or more")),
        ),
    ),
    BoolOption(
        "protect_pile",
        N_("Protect a big pile"),
        N_(
            "A single click does not take a pile of {size} cards or more: you are "
            "asked first (dragging it, or F7, still takes it)."
        ),
    ),
    ChoiceOption(
        "card_size",
        N_("Card size"),
        N_("The size of the cards in your hand; a long hand overlaps more to stay on screen."),
        choices=(
            ("normal", N_("Normal")),
            ("large", N_("Large")),
            ("extra_large", N_("Extra large")),
        ),
    ),
    ChoiceOption(
        "card_back",
        N_("Card back"),
        N_(
            "The design on the backs of the cards (each pack in its own colour), or your own "
            "picture: type its file below."
        ),
        choices=(
            ("standard", N_("Standard")),
            ("lattice", N_("Lattice")),
            ("diamonds", N_("Diamonds")),
            ("rings", N_("Rings")),
            ("stripes", N_("Stripes")),
            ("waves", N_("Waves")),
            ("stars", N_("Stars")),
            ("own", N_("Your own picture")),
        ),
    ),
    TextOption(
        "card_back_picture",
        N_("Your own card back"),
        N_(
            "The full path of a picture (PNG, JPEG, BMP or GIF, any size): it is scaled to the "
            "card, cropped evenly if its shape differs, and framed in white."
        ),
        max_length=1000,
        placeholder=N_("/home/you/Pictures/back.png"),
        check=back_picture_problem,
    ),
    BoolOption(
        "four_colour_deck",
        N_("Four-colour deck"),
        N_("Diamonds blue and Clubs green, so no two suits share a colour."),
    ),
    BoolOption(
        "colour_blind_marks",
        N_("Patterns on tinted cards"),
        N_(
            "Drawn, selected, locked, blocked and canasta cards carry a pattern as well as their "
            "tint (a corner flag, a bar, hatching, a band), so none is told by colour alone."
        ),
    ),
    BoolOption(
        "high_contrast",
        N_("High contrast"),
        N_("A near-black table and panels with white text, yellow rules and a cyan focus frame."),
    ),
    ChoiceOption(
        "hand_sorting",
        N_("Hand sorting"),
        N_(
            "How your hand is ordered: by rank (with gaps, each rank stands apart), by suit, or as "
            "dealt and drawn. Drag cards within the hand to arrange them; Sort puts them in order."
        ),
        choices=(
            ("rank", N_("By rank")),
            ("rank_groups", N_("Rank groups with gaps")),
            ("suit", N_("By suit")),
            ("none", N_("As dealt and drawn")),
        ),
    ),
    ChoiceOption(
        "meld_layout",
        N_("Meld layout"),
        N_(
            "The order of melds on the mat: as created, by rank, longest first (canastas leftmost), "
            "or in fixed rank columns: each rank has its own place, Eights near the middle and Aces "
            "at the right, and both sides' melds of a rank lie opposite each other."
        ),
        choices=(
            ("created", N_("Order created")),
            ("rank", N_("By rank")),
            ("length", N_("By length")),
            ("fixed", N_("Fixed rank columns")),
        ),
    ),
)

CARD_OPTIONS: tuple[OptionItem, ...] = (
    ChoiceOption(
        "deck_design",
        N_("Deck design"),
        N_(
            "The faces of the cards: the standard pictures, or Large index (plain faces with a "
            "big rank and suit in the corners, easy to read from afar)."
        ),
        choices=(("standard", N_("Standard")), ("large_index", N_("Large index"))),
    ),
    ChoiceOption(
        "index_notation",
        N_("Index notation"),
        N_(
            "The letters on the corners of the Kings, Queens and Jacks, in the hints and in the "
            "plays told on the table."
        ),
        choices=(
            ("english", N_("English (K Q J)")),
            ("french", N_("French (R D V)")),
            ("german", N_("German (K D B)")),
            ("italian", N_("Italian (R D F)")),
            ("spanish", N_("Spanish (R C S)")),
            ("dutch", N_("Dutch (H V B)")),
        ),
    ),
    BoolOption(
        "wide_hand_spreads",
        N_("Wider hand spreads"),
        N_("The cards of the hands barely overlap (more where a long hand needs the room)."),
    ),
    BoolOption(
        "canasta_tints",
        N_("Canasta tints"),
        N_(
            "Canastas tinted green, gold or lavender by kind. T on the table (or its menu) turns "
            "both tints off, or on."
        ),
    ),
    BoolOption(
        "pile_tints",
        N_("Pile tints"),
        N_(
            "The top of the pile grey when it is frozen for you, dark grey when it is blocked. "
            "T on the table (or its menu) turns both tints off, or on."
        ),
    ),
)

# Dealing (User Guide 4.4.5), then messages and the mouse (4.4.7, 4.4.8).
PLAY_OPTIONS: tuple[OptionItem, ...] = (
    BoolOption(
        "cut_for_deal",
        N_("Cut for the deal"),
        N_(
            "Each new game starts with a cut: the highest card (Aces high) plays first, and the "
            "rules' starter applies from the next hand. Not with numbered deals."
        ),
    ),
    BoolOption(
        "quick_deal",
        N_("Quick deal"),
        N_("The cards are dealt as one block per hand instead of one by one."),
    ),
    BoolOption(
        "quiet_deal",
        N_("Quiet deal"),
        N_("The cards are dealt one by one without the sound of each card."),
    ),
    BoolOption(
        "refusals_in_dialog",
        N_("Refusals in a dialog"),
        N_("A move that is not allowed is explained in a dialog with OK, not on the status bar."),
    ),
    BoolOption(
        "tooltips",
        N_("Tooltips"),
        N_("Resting the pointer on a figure of the status bar explains it."),
    ),
    BoolOption(
        "confirm_new_game",
        N_("Ask before a new game"),
        N_(
            "\u201cStart a new game?\u201d is asked before the game in progress is given up (F2, "
            "the menu). Off: a new game is dealt at once."
        ),
    ),
    BoolOption(
        "start_reminders",
        N_("Start reminders"),
        N_("The status bar says who starts each new hand."),
    ),
    BoolOption(
        "drag_and_drop",
        N_("Drag and drop"),
        N_(
            "Cards can be dragged as well as clicked. Off: a press that moves is a click where "
            "the button is released, for mice whose drags misfire."
        ),
    ),
    BoolOption(
        "resume_at_start",
        N_("Resume the game at start"),
        N_("Starting the game opens the saved game at the table, instead of the title screen."),
    ),
    BoolOption(
        "autosave",
        N_("Save the game as you play"),
        N_(
            "The game in progress is kept as you play, to carry on after quitting. Applies from the "
            "next new game."
        ),
    ),
)

QUICKSET_OPTIONS: tuple[OptionItem, ...] = (
    GroupOption(
        "quickset_appearance",
        N_("Appearance"),
        N_("The table's effects: the canasta tints and the pile tints, all on or all off."),
        on_label=N_("All on"),
        off_label=N_("Not all on"),
        members=("canasta_tints", "pile_tints"),
    ),
    GroupOption(
        "quickset_interface",
        N_("Interface"),
        N_(
            "Card animation (at the normal speed, or the one chosen) and drag and drop, all on or "
            "all off."
        ),
        on_label=N_("All on"),
        off_label=N_("Not all on"),
        members=("animation_speed", "drag_and_drop"),
    ),
    GroupOption(
        "quickset_audio",
        N_("Audio"),
        N_("Sound effects, music and speech, all on or all off."),
        on_label=N_("All on"),
        off_label=N_("Not all on"),
        members=("sound_enabled", "music_enabled", "speech_enabled"),
    ),
    GroupOption(
        "quickset_operation",
        N_("Operation"),
        N_("Opening the game in progress at start and saving it as you play, all on or all off."),
        on_label=N_("All on"),
        off_label=N_("Not all on"),
        members=("resume_at_start", "autosave"),
    ),
)

# The colours' defaults, which "Reset colours" puts back.
COLOUR_KEYS: tuple[str, ...] = ("felt_colour", "panel_colour", "text_colour")
COLOUR_OPTIONS: tuple[OptionItem, ...] = (
    ChoiceOption(
        "felt_colour",
        N_("Table"),
        N_(
            "The colour of the table's felt. With high contrast on, it is darkened until the text "
            "stands out as strongly as ever."
        ),
        choices=(
            ("green", N_("Green")),
            ("blue", N_("Blue")),
            ("teal", N_("Teal")),
            ("burgundy", N_("Burgundy")),
            ("brown", N_("Brown")),
            ("purple", N_("Purple")),
            ("grey", N_("Grey")),
        ),
    ),
    ChoiceOption(
        "panel_colour",
        N_("Panels"),
        N_("The colour of the panels, buttons and lists (a darker shade with high contrast)."),
        choices=(
            ("green", N_("Dark green")),
            ("navy", N_("Navy")),
            ("black", N_("Black")),
            ("burgundy", N_("Burgundy")),
            ("brown", N_("Brown")),
        ),
    ),
    ChoiceOption(
        "text_colour",
        N_("Text"),
        N_("The colour of the text on the table and the panels (lighter with high contrast)."),
        choices=(
            ("cream", N_("Cream")),
            ("white", N_("White")),
            ("yellow", N_("Yellow")),
            ("light_blue", N_("Light blue")),
        ),
    ),
    PreviewOption(
        "colour_preview",
        N_("Preview"),
        N_(
            "The table, a panel and a button in the colours chosen; every screen shows them at once."
        ),
    ),
    ActionOption(
        "reset_colours",
        N_("Back to the standard colours"),
        N_("The green table, dark green panels and cream text (high contrast stays as it is)."),
        button=N_("Reset"),
    ),
)

SOUND_OPTIONS: tuple[OptionItem, ...] = (
    BoolOption("sound_enabled", N_("Sound effects"), N_("Card, meld and turn sounds.")),
    IntRangeOption(
        "sound_volume",
        N_("Effects volume"),
        N_("Loudness of the sound effects."),
        minimum=0,
        maximum=100,
        step=5,
        unit="%",
    ),
    BoolOption("music_enabled", N_("Music"), N_("Background music, looped.")),
    IntRangeOption(
        "music_volume",
        N_("Music volume"),
        N_("Loudness of the music."),
        minimum=0,
        maximum=100,
        step=5,
        unit="%",
    ),
    BoolOption(
        "speech_enabled",
        N_("Speech"),
        N_(
            "The game speaks prompts, refusals, messages, points and scores, your side in one "
            "voice and your opponent's in another, through your computer's own speech engine."
        ),
    ),
    IntRangeOption(
        "speech_volume",
        N_("Speech volume"),
        N_("Loudness of the spoken phrases."),
        minimum=0,
        maximum=100,
        step=5,
        unit="%",
    ),
    BoolOption(
        "speech_stop_when_interrupted",
        N_("Stop speaking when interrupted"),
        N_("Speech stops at once when you close a dialog or a new message takes its place."),
    ),
)

_CHOICE_TITLES = {
    "alternate": N_("Take turns"),
    "loser": N_("Loser of the hand"),
    "play_on": N_("Play on"),
    "reuse_pile": N_("Reuse the pile once"),
}
_SLIDER_STEPS = {
    "discard_return_penalty": 10,
    "wild_canasta_bonus": 100,
    "going_out_bonus": 50,
    "target_score": 500,
}


def _text(value: Any) -> str:
    if value is True:
        return _("on")
    if value is False:
        return _("off")
    return _(_CHOICE_TITLES.get(value, str(value))) if isinstance(value, str) else str(value)


def rule_help(key: str, brief: bool = False) -> str:
    """A rule option's help line in the language in use: what the help text says of it (in the
    help text's language), then, unless `brief`, its value in each preset and when a change
    applies."""
    classic, modern = (getattr(PRESETS[name](), key) for name in ("classic", "modern_american"))
    summary = _("Classic: {classic}. Modern American: {modern}.").format(
        classic=_text(classic), modern=_text(modern)
    )
    summary = f"{summary} {_(RULES_NOTE)}"
    try:
        description = describe_option(load_help(current().code), key)
    except KeyError:
        return summary
    if brief:
        return description
    return _("{description} ({summary})").format(description=description, summary=summary)


def _rule_item(key: str) -> OptionItem:
    spec = OPTION_SPECS[key]
    classic = getattr(PRESETS["classic"](), key)
    help_text = rule_help(key)
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
        N_("Rules to start from"),
        N_(
            "Classic or Modern American Canasta; choosing one resets every rule below to it. "
            "Rule changes apply from the next new game."
        ),
        store="rules_preset",
        choices=PRESET_CHOICES,
    ),
] + [_rule_item(key) for key in OPTION_SPECS]


NETWORK_OPTIONS: tuple[OptionItem, ...] = (
    TextOption(
        "invite_mailbox",
        N_("Invite server"),
        N_(
            "The magic-wormhole mailbox where invite codes are made and accepted, as ws://HOST:PORT/v1."
            " Both players need the same one."
        ),
        max_length=255,
        placeholder="ws://relay.magic-wormhole.io:4000/v1",
    ),
    TextOption(
        "invite_relay",
        N_("Relay"),
        N_(
            "The transit relay that carries an invite game when the two computers cannot reach each "
            "other directly, as tcp:HOST:PORT."
        ),
        max_length=255,
        placeholder="tcp:transit.magic-wormhole.io:4001",
    ),
    TextOption(
        "lobby_broker",
        N_("Lobby server"),
        N_(
            "Where Find a partner lists waiting hosts: an MQTT broker, as mqtt://HOST:PORT or "
            "mqtts://HOST:PORT. The public one is {broker}; a club may run its own."
        ),
        max_length=255,
        placeholder=DEFAULT_BROKER,
        check=broker_problem,
    ),
    ChoiceOption(
        "lobby_level",
        N_("Level of play wanted"),
        N_("What the lobby says you hope for in a partner while you wait as a host."),
        choices=tuple(LEVELS.items()),
    ),
    BoolOption(
        "lobby_auto_accept",
        N_("Accept requests automatically"),
        N_("While you wait as a host, the first player who asks is accepted without a question."),
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
