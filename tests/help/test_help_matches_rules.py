"""The help text's numbers agree with the rules engine, so the two never drift apart."""

import re

from game.help import load_help
from game.logic import Rules
from game.logic.cards import CARD_POINTS, IDS_OF_CODE


def items(anchor):
    return [block.text for block in load_help().section(anchor).blocks]


def test_card_values_match_the_engine():
    lines = items("card-values")
    names = {
        "Joker": "JK",
        "Two": "2S",
        "Ace": "AS",
        "King": "KS",
        "Eight": "8S",
        "Seven": "7S",
        "Four": "4S",
        "Black Three": "3S",
        "Red Three": "3H",
    }
    for name, code in names.items():
        line = next(text for text in lines if re.search(rf"\b{name}\b", text))
        value = int(re.search(r"(\d+)", line.split(":")[1]).group(1))
        assert value == CARD_POINTS[IDS_OF_CODE[code][0]], name


def test_opening_minimums_match_the_engine():
    table = [t for t in items("initial-meld") if "Modern American:" in t]
    scores = (-10, 0, 1500, 3000, 5000)
    assert len(table) == len(scores)
    for score, line in zip(scores, table, strict=True):
        classic, modern = (int(n) for n in re.findall(r": (\d+)", line))
        assert classic == Rules.classic().initial_meld_minimum(score), line
        assert modern == Rules.modern_american().initial_meld_minimum(score), line


def test_preset_numbers_match_the_engine():
    classic = " ".join(items("preset-classic"))
    modern = " ".join(items("preset-modern"))
    assert f"{Rules.classic().hand_size} cards each" in classic
    assert f"game to {Rules.classic().target_score}" in classic
    assert f"{Rules.modern_american().hand_size} cards each" in modern
    assert f"game to {Rules.modern_american().target_score}" in modern
