"""The rule options of RULES.md: every option under its key, the two presets, validation.

A `Rules` object is immutable and hashable. It loads from and saves to a plain dict
(``{"preset": "classic", "<option key>": value, ...}``) so saved games, replays, the options
screen and the network handshake all speak of rules the same way. Unknown keys, values of the
wrong type or out of range, and combinations RULES.md does not allow are rejected with a
`RulesError` whose message a player can read.

The number of players (`players`, RULES.md section 9) composes with the presets: a preset is
written for two, and seating three or four changes `hand_size`, `stock_draw` and
`canastas_to_go_out` to section 9's defaults for that count and preset (`SEATED_DEFAULTS`), unless
the option is set explicitly. In the dict form an option is explicit when its key is given; `to_dict`
writes the options that differ from the seated preset, so a dict round-trips. `with_players(n)`
reseats a `Rules`: each of the three options that still holds the default of its old count takes
the default of the new one, and one changed by the player keeps its value. `Rules(players=4)` sets
only that field (the record's constructor applies no defaults). For two players `players` is left
out of the full dict, so two-player digests (state hashes, the network handshake) are unchanged.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, fields, replace
from functools import cached_property
from typing import Any, Final

from .frozen import reduce_frozen


class RulesError(ValueError):
    """A rules dict that cannot be used, with a sentence saying why."""


@dataclass(frozen=True)
class OptionSpec:
    """What values an option takes and how the options screen should describe it."""

    key: str
    label: str
    kind: str  # "bool", "int" or "choice"
    choices: tuple[Any, ...] = ()  # for "choice", and the allowed ints where only some make sense
    low: int = 0
    high: int = 0


@dataclass(frozen=True)
class Rules:
    """Every variable rule of RULES.md; the defaults are the Classic preset."""

    starter: str = "alternate"
    hand_size: int = 15
    initial_upcard: bool = True
    talons: bool = False
    stock_draw: int = 2
    red_three_replacement: bool = True
    frozen_until_initial_meld: bool = True
    pile_always_frozen: bool = False
    take_pile_to_canasta: bool = True
    natural_pair_required: bool = False
    one_card_pile_rule: bool = True
    discard_return_penalty: int = 50
    prohibit_wild_discard: bool = False
    prohibit_ace_seven_to_empty_pile: bool = False
    discard_red_three_to_freeze: bool = False
    max_wild_per_meld: int = 3
    wild_canastas: bool = False
    wild_canasta_bonus: int = 2000
    prohibit_interim_mixed_melds: bool = False
    extended_canastas: bool = True
    pure_aces_sevens: bool = False
    special_canasta_bonuses: bool = False
    uncompleted_canasta_penalties: bool = False
    special_melds: bool = False
    higher_thresholds: bool = False
    top_card_counts_for_initial_meld: bool = True
    canasta_bonus_counts_for_initial: bool = False
    splash_initial_meld: bool = False
    black_three_out_with_wild: bool = False
    canastas_to_go_out: int = 2
    must_discard: bool = False
    pass_the_discard: bool = False
    stock_end: str = "play_on"
    going_out_bonus: int = 100
    red_three_penalty: bool = True
    all_threes_equal: bool = False
    canasta_required_for_positive_score: bool = False
    target_score: int = 5000
    players: int = 2

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return reduce_frozen(self)

    # ---- presets -------------------------------------------------------------------------
    @classmethod
    def classic(cls) -> Rules:
        return cls()

    @classmethod
    def modern_american(cls) -> Rules:
        return cls(
            hand_size=13,
            stock_draw=1,
            initial_upcard=False,
            talons=True,
            pile_always_frozen=True,
            take_pile_to_canasta=False,
            all_threes_equal=True,
            prohibit_wild_discard=True,
            pure_aces_sevens=True,
            prohibit_ace_seven_to_empty_pile=True,
            special_canasta_bonuses=True,
            uncompleted_canasta_penalties=True,
            top_card_counts_for_initial_meld=False,
            splash_initial_meld=True,
            wild_canastas=True,
            wild_canasta_bonus=2000,
            prohibit_interim_mixed_melds=True,
            max_wild_per_meld=2,
            extended_canastas=False,
            special_melds=True,
            must_discard=True,
            canastas_to_go_out=2,
            higher_thresholds=True,
            target_score=8500,
            going_out_bonus=0,
            canasta_required_for_positive_score=True,
        )

    @classmethod
    def preset(cls, name: str, players: int = 2) -> Rules:
        """The preset called `name`, seated for `players` (section 9's defaults)."""
        if name not in PRESETS:
            raise RulesError(f"Unknown rule preset {name!r}: choose one of {', '.join(PRESETS)}.")
        return _seated(PRESETS[name](), name, players)

    def with_players(self, players: int) -> Rules:
        """These rules for `players`: `hand_size`, `stock_draw` and `canastas_to_go_out` move
        from the section 9 default of the old count to that of the new one unless they were
        changed (see the module docstring)."""
        if players not in SEATED_DEFAULTS:
            raise RulesError("The number of players must be 2, 3 or 4.")
        name = self.nearest_preset()
        old = SEATED_DEFAULTS[self.players][name]
        new = SEATED_DEFAULTS[players][name]
        changes: dict[str, Any] = {"players": players}
        for key, value in old.items():
            if getattr(self, key) == value:
                changes[key] = new[key]
        return replace(self, **changes)

    # ---- dict form -------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rules from ``{"preset": name, key: value, ...}``; the preset defaults to classic."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError("The rules must be a mapping of option names to values.")
        preset_name = data.get("preset", "classic")
        if not isinstance(preset_name, str):
            raise RulesError("The rule preset must be a name such as 'classic'.")
        players = data.get("players", 2)
        if players not in SEATED_DEFAULTS or isinstance(players, bool):
            raise RulesError(f"Rule option 'players' must be 2, 3 or 4, not {players!r}.")
        base = cls.preset(preset_name, players)
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key == "preset":
                continue
            spec = OPTION_SPECS.get(key)
            if spec is None:
                raise RulesError(f"Unknown rule option {key!r}.")
            changes[key] = _checked_value(spec, value)
        rules = replace(base, **changes)
        rules.validate()
        return rules

    def to_dict(self, full: bool = False) -> dict[str, Any]:
        """The dict form: the nearest preset and the options that differ from it (all if full)."""
        preset_name = self.nearest_preset()
        base = _seated(PRESETS[preset_name](), preset_name, self.players)
        out: dict[str, Any] = {"preset": preset_name}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "players":
                if value != 2:
                    out[f.name] = value
            elif full or value != getattr(base, f.name):
                out[f.name] = value
        return out

    def nearest_preset(self) -> str:
        """The name of the preset with the fewest options differing from these rules, worked out
        once per set of rules (the computer asks on every evaluation and discard)."""
        known = _NEAREST.get(id(self))
        if known is not None and known[0] is self:
            return known[1]

        def distance(name: str) -> int:
            base = _seated(PRESETS[name](), name, self.players)
            return sum(getattr(self, f.name) != getattr(base, f.name) for f in fields(self))

        if len(_NEAREST) >= _NEAREST_BOUND:
            _NEAREST.clear()
        name = min(PRESETS, key=distance)
        _NEAREST[id(self)] = (self, name)
        return name

    def differences(self, other: Rules) -> list[str]:
        """The option keys whose values differ between two rule sets."""
        return [f.name for f in fields(self) if getattr(self, f.name) != getattr(other, f.name)]

    @cached_property
    def digest_text(self) -> str:
        text = json.dumps(self.to_dict(full=True), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def digest(self) -> str:
        """A stable hash of every option, for state hashes and the network handshake."""
        return self.digest_text

    # ---- consistency -------------------------------------------------------------------------
    def validate(self) -> None:
        for f in fields(self):
            _checked_value(OPTION_SPECS[f.name], getattr(self, f.name))
        needs_pure = (
            "prohibit_ace_seven_to_empty_pile",
            "special_canasta_bonuses",
            "uncompleted_canasta_penalties",
        )
        for key in needs_pure:
            if getattr(self, key) and not self.pure_aces_sevens:
                raise RulesError(f"The option {key!r} needs 'pure_aces_sevens' to be on.")
        if self.prohibit_interim_mixed_melds and not self.wild_canastas:
            raise RulesError(
                "The option 'prohibit_interim_mixed_melds' needs 'wild_canastas' to be on."
            )
        if self.special_melds and (self.hand_size != 13 or self.stock_draw != 1):
            raise RulesError(
                "Special melds need a 13-card deal ('hand_size' 13) and a one-card "
                "draw ('stock_draw' 1)."
            )
        if self.black_three_out_with_wild and self.all_threes_equal:
            raise RulesError(
                "'black_three_out_with_wild' cannot be used with 'all_threes_equal': "
                "Black Threes are then laid down, never melded."
            )

    # ---- derived -------------------------------------------------------------------------
    def initial_meld_minimum(self, game_score: int) -> int:
        """The opening minimum for a player whose cumulative score before the hand is given."""
        if self.higher_thresholds:
            if game_score < 3000:
                return 125
            return 155 if game_score < 5000 else 180
        if game_score < 0:
            return 15
        if game_score < 1500:
            return 50
        return 90 if game_score < 3000 else 120


def _seated(rules: Rules, preset_name: str, players: int) -> Rules:
    """The preset `rules` (called `preset_name`) for `players`, with section 9's defaults."""
    if players == 2:
        return rules
    if players not in SEATED_DEFAULTS:
        raise RulesError(f"Rule option 'players' must be 2, 3 or 4, not {players!r}.")
    seated = SEATED_DEFAULTS[players][preset_name]
    return replace(
        rules,
        players=players,
        hand_size=seated["hand_size"],
        stock_draw=seated["stock_draw"],
        canastas_to_go_out=seated["canastas_to_go_out"],
    )


def _checked_value(spec: OptionSpec, value: object) -> Any:
    if spec.kind == "bool":
        if not isinstance(value, bool):
            raise RulesError(f"Rule option {spec.key!r} must be true or false, not {value!r}.")
        return value
    if spec.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesError(f"Rule option {spec.key!r} must be a whole number, not {value!r}.")
        if spec.choices and value not in spec.choices:
            allowed = " or ".join(str(c) for c in spec.choices)
            raise RulesError(f"Rule option {spec.key!r} must be {allowed}, not {value}.")
        if not spec.choices and not spec.low <= value <= spec.high:
            raise RulesError(
                f"Rule option {spec.key!r} must be between {spec.low} and {spec.high}, not {value}."
            )
        return value
    if value not in spec.choices:
        allowed = ", ".join(repr(c) for c in spec.choices)
        raise RulesError(f"Rule option {spec.key!r} must be one of {allowed}, not {value!r}.")
    return value


PRESETS: Final = {"classic": Rules.classic, "modern_american": Rules.modern_american}
# RULES.md section 9: the options whose defaults depend on the number of players, by count and
# preset.
SEATED_DEFAULTS: Final[dict[int, dict[str, dict[str, int]]]] = {
    2: {
        "classic": {"hand_size": 15, "stock_draw": 2, "canastas_to_go_out": 2},
        "modern_american": {"hand_size": 13, "stock_draw": 1, "canastas_to_go_out": 2},
    },
    3: {
        "classic": {"hand_size": 13, "stock_draw": 1, "canastas_to_go_out": 2},
        "modern_american": {"hand_size": 13, "stock_draw": 1, "canastas_to_go_out": 2},
    },
    4: {
        "classic": {"hand_size": 11, "stock_draw": 1, "canastas_to_go_out": 1},
        "modern_american": {"hand_size": 13, "stock_draw": 1, "canastas_to_go_out": 2},
    },
}
# Rules.nearest_preset's answers, by the identity of the rules (hashing a record of thirty
# options on every discard the computer weighs took a tenth of Master's time); each entry keeps
# its rules alive, so no other object can take its id. A cached_property would not cache once
# the engine is compiled.
_NEAREST: Final[dict[int, tuple[Rules, str]]] = {}
_NEAREST_BOUND: Final = 256

_SPECS: Final = (
    OptionSpec("starter", "Who starts a hand", "choice", ("alternate", "loser")),
    OptionSpec("hand_size", "Cards dealt to each player", "int", (11, 13, 15)),
    OptionSpec("initial_upcard", "Turn up a card to start the discard pile", "bool"),
    OptionSpec("talons", "Deal talons of 4 and 3 cards", "bool"),
    OptionSpec("stock_draw", "Cards drawn from the stock", "int", (1, 2)),
    OptionSpec("red_three_replacement", "Replace a Red Three drawn from the stock", "bool"),
    OptionSpec("frozen_until_initial_meld", "Pile frozen until a player has opened", "bool"),
    OptionSpec("pile_always_frozen", "Discard pile always frozen", "bool"),
    OptionSpec("take_pile_to_canasta", "Top discard may be added to a canasta", "bool"),
    OptionSpec("natural_pair_required", "Pile may only be taken with a natural pair", "bool"),
    OptionSpec("one_card_pile_rule", "No one-card pile for a player holding one card", "bool"),
    OptionSpec("discard_return_penalty", "Penalty for returning a taken pile", "int", (), 0, 500),
    OptionSpec("prohibit_wild_discard", "Wild cards may not be discarded", "bool"),
    OptionSpec("prohibit_ace_seven_to_empty_pile", "No Ace or Seven onto an empty pile", "bool"),
    OptionSpec(
        "discard_red_three_to_freeze", "A laid-down Red Three may be discarded to freeze", "bool"
    ),
    OptionSpec("max_wild_per_meld", "Most wild cards in one meld", "int", (), 1, 3),
    OptionSpec("wild_canastas", "Melds of wild cards only (wild canastas)", "bool"),
    OptionSpec("wild_canasta_bonus", "Wild canasta bonus", "int", (), 0, 5000),
    OptionSpec(
        "prohibit_interim_mixed_melds", "No wild cards elsewhere while a wild meld is open", "bool"
    ),
    OptionSpec("extended_canastas", "Canastas may grow beyond seven cards", "bool"),
    OptionSpec("pure_aces_sevens", "Pure melds of Aces and Sevens", "bool"),
    OptionSpec("special_canasta_bonuses", "Special canasta bonuses", "bool"),
    OptionSpec("uncompleted_canasta_penalties", "Uncompleted canasta penalties", "bool"),
    OptionSpec("special_melds", "Special melds (Straight, Seven Pairs, Garbage)", "bool"),
    OptionSpec("higher_thresholds", "Higher initial-meld thresholds", "bool"),
    OptionSpec(
        "top_card_counts_for_initial_meld", "Top discard counts for the initial meld", "bool"
    ),
    OptionSpec(
        "canasta_bonus_counts_for_initial", "Canasta bonus counts for the initial meld", "bool"
    ),
    OptionSpec("splash_initial_meld", "A natural canasta from hand meets any minimum", "bool"),
    OptionSpec("black_three_out_with_wild", "Two Black Threes and a wild card may go out", "bool"),
    OptionSpec("canastas_to_go_out", "Canastas needed to go out", "int", (), 1, 3),
    OptionSpec("must_discard", "A player must discard to go out", "bool"),
    OptionSpec("pass_the_discard", "Pass the discard without enough canastas", "bool"),
    OptionSpec("stock_end", "When the stock runs out", "choice", ("play_on", "reuse_pile")),
    OptionSpec("going_out_bonus", "Going-out bonus (doubled when concealed)", "int", (), 0, 1000),
    OptionSpec("red_three_penalty", "Red Threes count against a player who has not melded", "bool"),
    OptionSpec("all_threes_equal", "All Threes are laid down and scored alike", "bool"),
    OptionSpec(
        "canasta_required_for_positive_score",
        "Melds count against a player short of canastas",
        "bool",
    ),
    OptionSpec("target_score", "Points to win the game", "int", (), 500, 50000),
    OptionSpec("players", "Players at the table (four play as two partnerships)", "int", (2, 3, 4)),
)
OPTION_SPECS: Final[dict[str, OptionSpec]] = {spec.key: spec for spec in _SPECS}
assert set(OPTION_SPECS) == {f.name for f in fields(Rules)}, "every option needs a spec"
