"""Finding words in the help text, and which option paragraphs are in force for given rules.

`search` answers the panel's search box: every section whose heading or blocks contain all the
words asked for, heading matches first, each with a short excerpt around the first hit.
`active_options` says which option blocks describe a rule in force, so the panel can highlight
them: a true/false option is in force when it is on, a numeric one when it is not zero (a zero
penalty or bonus means "none"), and a block naming a value (``stock_end=reuse_pile``) when the
option has that value. An option that depends on another (the wild canasta bonus on wild
canastas) is in force only with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.logic.rules import Rules

from .document import Block, HelpDocument

EXCERPT_CHARS = 90
# Options that only mean something while another option is on.
REQUIRES = {
    "wild_canasta_bonus": "wild_canastas",
    "prohibit_interim_mixed_melds": "wild_canastas",
    "prohibit_ace_seven_to_empty_pile": "pure_aces_sevens",
}


@dataclass(frozen=True)
class SearchHit:
    """A section that matches: where it is, and the text around the first match."""

    anchor: str
    heading: str
    block: int  # index of the matching block, -1 when the heading itself matches
    excerpt: str


def _words(query: str) -> list[str]:
    return [word for word in query.lower().split() if word]


def _excerpt(text: str, word: str) -> str:
    at = text.lower().find(word)
    start = max(0, at - EXCERPT_CHARS // 3)
    end = min(len(text), start + EXCERPT_CHARS)
    cut = text[start:end]
    return ("…" if start > 0 else "") + cut + ("…" if end < len(text) else "")


def search(document: HelpDocument, query: str) -> list[SearchHit]:
    """Sections containing every word of `query` (case-insensitive), heading matches first."""
    words = _words(query)
    if not words:
        return []
    by_heading: list[SearchHit] = []
    by_text: list[SearchHit] = []
    for section in document.sections:
        heading = section.heading.lower()
        if all(word in heading for word in words):
            first = section.blocks[0].text if section.blocks else section.heading
            by_heading.append(
                SearchHit(section.anchor, section.heading, -1, _excerpt(first, words[0]))
            )
            continue
        for index, block in enumerate(section.blocks):
            text = block.text
            lowered = (section.heading + " " + text).lower()
            if all(word in lowered for word in words):
                hit_word = next((w for w in words if w in text.lower()), words[0])
                by_text.append(
                    SearchHit(section.anchor, section.heading, index, _excerpt(text, hit_word))
                )
                break
    return by_heading + by_text


def option_in_force(block: Block, rules: Rules) -> bool:
    """Whether the option a block describes is in force under `rules` (False for other blocks)."""
    if block.option is None:
        return False
    needed = REQUIRES.get(block.option)
    if needed is not None and not getattr(rules, needed):
        return False
    value = getattr(rules, block.option)
    if block.option_value is not None:
        return str(value) == block.option_value
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value != 0
    return True


def describe_option(document: HelpDocument, key: str, value: object | None = None) -> str:
    """The help text's sentences about rule option `key` (for the Options screen), without the
    key itself; with `value`, the block about that value where there is one. KeyError if the
    help text does not describe the option."""
    blocks = [b for _s, b in document.option_blocks() if b.option == key]
    if value is not None:
        blocks = [b for b in blocks if b.option_value == str(value)] or blocks
    if not blocks:
        raise KeyError(key)
    text = blocks[0].text
    head, _, rest = text.partition(": ")
    return rest[0].upper() + rest[1:] if rest else head


def active_options(document: HelpDocument, rules: Rules) -> set[tuple[str, int]]:
    """(anchor, block index) of every option block in force under `rules`."""
    return {
        (section.anchor, index)
        for section in document.sections
        for index, block in enumerate(section.blocks)
        if option_in_force(block, rules)
    }
