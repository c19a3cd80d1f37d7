"""Numbers have one format on every screen: the table, the scoresheet and the records agree."""

from __future__ import annotations

import re

from game.language import Catalog, install
from game.language.files import use_language
from game.ui.numbers import grouped, signed
from tests.helpers.paths import GAME


def test_thousands_are_grouped_one_way() -> None:
    assert grouped(1355) == "1,355" and grouped(-2265) == "-2,265" and grouped(40) == "40"
    assert signed(1355) == "+1,355" and signed(-50) == "-50" and signed(0) == "0"


def test_numbers_follow_the_language_in_use() -> None:
    try:
        use_language("de")
        assert grouped(21355) == "21.355" and signed(1355) == "+1.355" and signed(-50) == "-50"
    finally:
        install(Catalog())


def test_no_screen_groups_thousands_by_itself() -> None:
    own_format = re.compile(r":[+]?,\}|\\u2009|\\u202f")
    found = [
        f"{path.relative_to(GAME)}:{number}"
        for path in GAME.rglob("*.py")
        if path.relative_to(GAME).as_posix() not in ("ui/numbers.py", "language/__init__.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if own_format.search(line)
    ]
    assert found == [], f"numbers formatted outside game/ui/numbers.py and the language: {found}"
