"""Every refusal the game can give maps to the help section of its rule."""

import ast
from pathlib import Path

import pytest

import game
from game.help import FALLBACK_ANCHOR, REFUSAL_ANCHORS, anchor_for, load_help
from game.logic import IllegalAction, Rules
from game.logic.actions import Discard, Meld, TakePile
from tests.helpers.scenario import position

SOURCE = Path(game.__file__).parent


def refusal_codes() -> dict[str, set[str]]:
    """Every code passed to `IllegalAction(...)` in the game's source, with where it is raised."""
    codes: dict[str, set[str]] = {}
    for path in SOURCE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name != "IllegalAction":
                continue
            code = node.args[0] if node.args else None
            code = code or next((k.value for k in node.keywords if k.arg == "code"), None)
            assert isinstance(code, ast.Constant) and isinstance(code.value, str), (
                f"{path}:{node.lineno}: a refusal code must be a literal string"
            )
            codes.setdefault(code.value, set()).add(str(path.relative_to(SOURCE)))
    return codes


@pytest.mark.slow
def test_the_source_walk_finds_the_engines_refusals():
    codes = refusal_codes()
    assert {"pile_frozen", "initial_meld_short", "need_canastas", "too_many_wild"} <= set(codes)
    assert len(codes) >= 40


@pytest.mark.slow
def test_every_refusal_code_maps_to_an_anchor_of_the_help_text():
    anchors = set(load_help().anchors())
    codes = refusal_codes()
    missing = sorted(set(codes) - set(REFUSAL_ANCHORS))
    assert not missing, f"refusal codes without a help anchor: {missing}"
    for code in codes:
        assert anchor_for(code) in anchors, code


@pytest.mark.slow
def test_the_mapping_names_no_code_that_is_never_raised():
    assert set(REFUSAL_ANCHORS) <= set(refusal_codes())


def test_an_unknown_code_opens_the_help_at_its_start():
    assert anchor_for("from_a_newer_version") == FALLBACK_ANCHOR == load_help().anchors()[0]


def test_real_refusals_land_on_the_rule_that_explains_them():
    frozen = position(hands=("9S 4D 5D", "5C 6C"), pile="9H", opened=(False, False))
    refusal = frozen.check(TakePile(("9S",)))
    assert isinstance(refusal, IllegalAction)
    assert anchor_for(refusal.code) == "pile-frozen"
    short = position(hands=("4S 4D 4C 9D 9C", "5C 6C"), phase="play", opened=(False, False))
    short.apply(Meld(("4S", "4D", "4C")))
    refusal = short.check(Discard("9D"))
    assert refusal is not None and anchor_for(refusal.code) == "initial-meld"
    wild = position(Rules(), hands=("8S 8D JK JK 2S 5D 5C", ""), phase="play")
    refusal = wild.check(Meld(("8S", "8D", "JK", "JK", "2S")))
    assert refusal is not None and anchor_for(refusal.code) == "wild-limits"


def test_at_four_the_side_s_refusals_open_the_partnership_s_sections():
    from game.help import PARTNERSHIP_ANCHORS

    anchors = set(load_help().anchors())
    assert set(PARTNERSHIP_ANCHORS) <= set(REFUSAL_ANCHORS)
    assert set(PARTNERSHIP_ANCHORS.values()) <= anchors
    assert anchor_for("initial_meld_short", 4) == "side-opening"
    assert anchor_for("need_canastas", 4) == "side-going-out"
    # With two or three, each plays for themself: the rule's own section.
    assert anchor_for("initial_meld_short", 3) == "initial-meld"
    assert anchor_for("go_out_refused", 4) == anchor_for("go_out_refused") == "may-i-go-out"
