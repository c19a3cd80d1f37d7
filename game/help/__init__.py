"""The game's help: the rules, controls and table guide as one text, parsed for the help panel."""

from .document import (
    BOLD,
    CODE,
    ITEM,
    NUMBERED,
    PARAGRAPH,
    PLAIN,
    Block,
    HelpDocument,
    HelpFormatError,
    Section,
    Span,
    parse_help,
    parse_inline,
)
from .refusals import FALLBACK_ANCHOR, PARTNERSHIP_ANCHORS, REFUSAL_ANCHORS, anchor_for
from .search import SearchHit, active_options, describe_option, option_in_force, search
from .source import help_file, help_markdown, load_help

__all__ = [
    "BOLD",
    "CODE",
    "FALLBACK_ANCHOR",
    "ITEM",
    "NUMBERED",
    "PARAGRAPH",
    "PARTNERSHIP_ANCHORS",
    "PLAIN",
    "REFUSAL_ANCHORS",
    "Block",
    "HelpDocument",
    "HelpFormatError",
    "SearchHit",
    "Section",
    "Span",
    "active_options",
    "anchor_for",
    "describe_option",
    "help_file",
    "help_markdown",
    "load_help",
    "option_in_force",
    "parse_help",
    "parse_inline",
    "search",
]
