"""The help text as a document: sections with headings, stable anchors and blocks of inline spans.

`parse_help` turns the project's help Markdown (a small, strict subset) into `Section`s a panel can
lay out and scroll: each heading carries an explicit anchor (``## Frozen pile {#pile-frozen}``) so a
refused move can open the help at its rule; paragraphs, bulleted and numbered items become
`Block`s of `Span`s (plain, **bold** or `code`). A block that starts with an option key in
backticks (`` `talons`: ...`` or `` `stock_end=reuse_pile`: ...``) describes that rule option, so
the panel can highlight the options in force. Anything outside the subset is an error, so a typo in
the text fails the tests rather than showing raw markup to a player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PLAIN, BOLD, CODE = "plain", "bold", "code"
PARAGRAPH, ITEM, NUMBERED = "paragraph", "item", "numbered"

_HEADING = re.compile(r"^(#{1,4}) (.+?) \{#([a-z0-9]+(?:-[a-z0-9]+)*)\}$")
_ITEM = re.compile(r"^- (.*)$")
_NUMBERED = re.compile(r"^(\d+)\. (.*)$")
_OPTION = re.compile(r"^`([a-z_]+)(?:=([a-z0-9_]+))?`")
_INLINE = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`")


class HelpFormatError(ValueError):
    """The help text uses markup the parser does not know, saying where."""


@dataclass(frozen=True)
class Span:
    """A run of text in one style: plain, bold or code."""

    text: str
    style: str = PLAIN


@dataclass(frozen=True)
class Block:
    """A paragraph or a list item; `option` names the rule option it describes, if any, and
    `option_value` the value it describes (for options with several values)."""

    kind: str
    spans: tuple[Span, ...]
    number: int | None = None
    option: str | None = None
    option_value: str | None = None

    @property
    def text(self) -> str:
        """The block's words without markup (for searching and plain display)."""
        return "".join(span.text for span in self.spans)


@dataclass(frozen=True)
class Section:
    """One heading and the blocks under it, up to the next heading."""

    heading: str
    anchor: str
    level: int
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class HelpDocument:
    """The whole help text, in reading order."""

    sections: tuple[Section, ...]

    def anchors(self) -> tuple[str, ...]:
        return tuple(section.anchor for section in self.sections)

    def index_of(self, anchor: str) -> int:
        """The position of the section with `anchor` (for scrolling to it); KeyError if none."""
        for index, section in enumerate(self.sections):
            if section.anchor == anchor:
                return index
        raise KeyError(anchor)

    def section(self, anchor: str) -> Section:
        return self.sections[self.index_of(anchor)]

    def option_blocks(self) -> list[tuple[Section, Block]]:
        """Every block that describes a rule option, with its section."""
        return [(s, b) for s in self.sections for b in s.blocks if b.option is not None]


def parse_inline(text: str) -> tuple[Span, ...]:
    """Spans of `text`: ``**bold**`` and backticked code, the rest plain."""
    spans: list[Span] = []
    position = 0
    for match in _INLINE.finditer(text):
        if match.start() > position:
            spans.append(Span(text[position : match.start()]))
        if match.group(1) is not None:
            spans.append(Span(match.group(1), BOLD))
        else:
            spans.append(Span(match.group(2), CODE))
        position = match.end()
    if position < len(text):
        spans.append(Span(text[position:]))
    leftover = "".join(s.text for s in spans if s.style == PLAIN)
    if "**" in leftover or "`" in leftover:
        raise HelpFormatError(f"unbalanced ** or ` in: {text!r}")
    return tuple(spans)


def _block(kind: str, text: str, number: int | None) -> Block:
    option = _OPTION.match(text)
    return Block(
        kind,
        parse_inline(text),
        number,
        option.group(1) if option else None,
        option.group(2) if option else None,
    )


def parse_help(markdown: str) -> HelpDocument:
    """Parse the help Markdown; raise `HelpFormatError` on anything outside its subset."""
    sections: list[Section] = []
    heading: tuple[str, str, int] | None = None
    blocks: list[Block] = []
    pending: tuple[str, list[str], int | None] | None = None
    seen: set[str] = set()

    def flush_block() -> None:
        nonlocal pending
        if pending is not None:
            blocks.append(_block(pending[0], " ".join(pending[1]), pending[2]))
            pending = None

    def flush_section() -> None:
        flush_block()
        if heading is not None:
            sections.append(Section(heading[0], heading[1], heading[2], tuple(blocks)))
        blocks.clear()

    for number, raw in enumerate(markdown.splitlines(), start=1):
        line = raw.rstrip()
        if not line:
            flush_block()
            continue
        if line.startswith("#"):
            match = _HEADING.match(line)
            if match is None:
                raise HelpFormatError(f"line {number}: a heading needs an anchor: {line!r}")
            flush_section()
            anchor = match.group(3)
            if anchor in seen:
                raise HelpFormatError(f"line {number}: anchor {anchor!r} is used twice")
            seen.add(anchor)
            heading = (match.group(2), anchor, len(match.group(1)))
            continue
        if heading is None:
            raise HelpFormatError(f"line {number}: text before the first heading")
        item = _ITEM.match(line)
        numbered = _NUMBERED.match(line)
        if item is not None:
            flush_block()
            pending = (ITEM, [item.group(1)], None)
        elif numbered is not None:
            flush_block()
            pending = (NUMBERED, [numbered.group(2)], int(numbered.group(1)))
        elif line.startswith(" ") and pending is not None and pending[0] != PARAGRAPH:
            pending[1].append(line.strip())
        elif line.startswith(" "):
            raise HelpFormatError(f"line {number}: indented text outside a list item")
        elif pending is not None and pending[0] == PARAGRAPH:
            pending[1].append(line)
        else:
            flush_block()
            pending = (PARAGRAPH, [line], None)
    flush_section()
    return HelpDocument(tuple(sections))
