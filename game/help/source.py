"""Where the help text lives: `help.md` in English, and `help.<language>.md` for each language
it is translated into (`help.es.md`, `help.de.md`), shipped beside this module as package data.

The English file is what the README links to, so the rules are written once. A translation keeps
every heading's anchor (``## Gefrorener Stapel {#pile-frozen}``), since refusals, hints and the
Options page find their rule by it: `load_help(language)` shows each section of the translation
in place of the English one with the same anchor, and the English section where the translation
lacks it. Each language is read and parsed once per run.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from .document import HelpDocument, parse_help

ENGLISH = "en"
HELP_FILE = "help.md"


def help_file(language: str = ENGLISH) -> str:
    """The name of the help file in `language`."""
    return HELP_FILE if language == ENGLISH else f"help.{language}.md"


def help_markdown(language: str = ENGLISH) -> str:
    """The help text as written in `language`; FileNotFoundError for one it is not in."""
    return resources.files("game.help").joinpath(help_file(language)).read_text(encoding="utf-8")


@lru_cache(maxsize=4)
def load_help(language: str = ENGLISH) -> HelpDocument:
    """The parsed help text in `language`, section by section where it is translated, in
    English elsewhere (cached: it never changes while the game runs)."""
    english = parse_help(help_markdown())
    if language == ENGLISH:
        return english
    try:
        translated = parse_help(help_markdown(language))
    except FileNotFoundError:
        return english
    by_anchor = {section.anchor: section for section in translated.sections}
    return HelpDocument(tuple(by_anchor.get(s.anchor, s) for s in english.sections))
