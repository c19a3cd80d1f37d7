"""Where the help text lives: `help.md`, shipped beside this module as package data.

The same file is what the README links to, so the rules are written once. It is read and parsed
once per run.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from .document import HelpDocument, parse_help

HELP_FILE = "help.md"


def help_markdown() -> str:
    """The help text as written."""
    return resources.files("game.help").joinpath(HELP_FILE).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def load_help() -> HelpDocument:
    """The parsed help text (cached: it never changes while the game runs)."""
    return parse_help(help_markdown())
