"""Bring the translations in `assets/locale/` in step with the source: every text marked with
`_`, `N_` or `n_` (or composed with `phrase`) under `game/` is gathered (Babel's extractor) and
each language's `.po` file gains the new texts (untranslated), loses the ones no longer shown,
and keeps every translation made.

    python tools/translations.py            update every language
    python tools/translations.py fr         start French (assets/locale/fr.po), or update it
    python tools/translations.py --check    list what is missing, change nothing (exit 1 if any)

A translator then fills in the `msgstr` lines of the `.po` file with any `.po` editor (Poedit,
Lokalize) or a text editor; the game reads the file as it is. Each `{field}` stays as it is.

The help is a Markdown file of its own, not a catalog: a language's help is
`game/help/help.<code>.md`, a translation of `game/help/help.md` keeping every heading's
`{#anchor}` and every option key in backticks (tests/help/test_translated_help.py checks both);
a section it lacks is shown in English.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the game's own tables, imported by `named_below`
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
LOCALE = ROOT / "assets" / "locale"
# `phrase` and `phrase_n` are the rules engine's and the match's marks (game/logic/phrase.py).
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "phrase": None, "phrase_n": (1, 2)}
PROJECT = "Canasta"
HEADER = "# The texts of Canasta in {language}.\n# Distributed under the same licence as the game."


def template() -> Catalog:
    """Every marked text of the game, with where it is used."""
    catalog = Catalog(project=PROJECT, fuzzy=False)
    for filename, line, message, comments, context in extract_from_dir(
        ROOT / "game", method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        catalog.add(
            message,
            locations=[(f"game/{filename}", line)],
            auto_comments=comments,
            context=context,
        )
    for text, where in named_below():
        catalog.add(text, locations=[(where, 0)])
    return catalog


def named_below() -> list[tuple[str, str]]:
    """The texts that the rules engine, the match, the lobby and the records name for the
    screens to show (the rule options' names, the computer's skill levels, the lobby's levels of
    play, why a picture cannot be a card back, a change of players or a lobby request is
    refused, why a typed address or join code cannot be one, how a saved network game is found again, the ranks and numbers a review's sentences
    name, where Explore says a card is): those layers do not import the translation layer, so
    their texts are gathered from their tables."""
    from game.logic.assist.explore import Place
    from game.logic.review.words import NAMED_TEXTS
    from game.logic.rules import OPTION_SPECS
    from game.match import SKILL_TITLES
    from game.match.net_connection import RESUME_SENTENCES, RESUME_STAND_INS, REUSE_PILE_NOTE
    from game.netplay import ENTRY_PROBLEMS
    from game.netplay.lobby import LEVELS, LOBBY_PROBLEMS
    from game.records import PROFILE_PROBLEMS
    from game.sprites.cards import BACK_PICTURE_PROBLEMS

    return [
        *((spec.label, "game/logic/rules.py") for spec in OPTION_SPECS.values()),
        *((title, "game/match/local_match.py") for title in SKILL_TITLES.values()),
        *((title, "game/netplay/lobby/wire.py") for title in LEVELS.values()),
        *((problem, "game/netplay/lobby/errors.py") for problem in LOBBY_PROBLEMS.values()),
        *((problem, "game/netplay/errors.py") for problem in ENTRY_PROBLEMS.values()),
        *((problem, "game/sprites/cards.py") for problem in BACK_PICTURE_PROBLEMS.values()),
        *((problem, "game/records/profiles.py") for problem in PROFILE_PROBLEMS.values()),
        *(
            (text, "game/match/net_connection.py")
            for text in (*RESUME_SENTENCES.values(), *RESUME_STAND_INS.values(), REUSE_PILE_NOTE)
        ),
        *((str(text), "game/logic/review/words.py") for text in NAMED_TEXTS),
        *((place.value, "game/logic/assist/explore.py") for place in Place),
    ]


def updated(code: str, source: Catalog) -> Catalog:
    path = LOCALE / f"{code}.po"
    if path.is_file():
        with path.open("rb") as file:
            catalog = read_po(file, locale=code)
    else:
        catalog = Catalog(locale=code, project=PROJECT, fuzzy=False)
    started = catalog.creation_date
    catalog.update(source, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    catalog.creation_date = started  # a file changes only where its texts do
    catalog.header_comment = HEADER.format(language=catalog.locale.english_name)
    return catalog


def missing(catalog: Catalog) -> list[str]:
    """The texts of `catalog` with no translation."""
    gaps = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            gaps.append(message.id if isinstance(message.id, str) else message.id[0])
    return gaps


def text_of(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, include_lineno=False)
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("languages", nargs="*", help="language codes (default: every one)")
    parser.add_argument("--check", action="store_true", help="report only")
    args = parser.parse_args(argv)
    codes = args.languages or sorted(path.stem for path in LOCALE.glob("*.po"))
    source = template()
    gaps = 0
    for code in codes:
        catalog = updated(code, source)
        lacking = missing(catalog)
        gaps += len(lacking)
        print(f"{code}: {len(catalog)} texts, {len(lacking)} untranslated")
        for text in lacking[:20] if args.check else []:
            print(f"    {text!r}")
        if not args.check:
            LOCALE.mkdir(parents=True, exist_ok=True)
            (LOCALE / f"{code}.po").write_bytes(text_of(catalog))
    return 1 if args.check and gaps else 0


if __name__ == "__main__":
    sys.exit(main())
