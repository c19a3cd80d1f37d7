"""The help text parses into sections with anchors, spans and option blocks."""

import pytest

from game.help import (
    BOLD,
    CODE,
    ITEM,
    NUMBERED,
    PARAGRAPH,
    HelpFormatError,
    Span,
    load_help,
    parse_help,
    parse_inline,
)
from game.logic.rules import OPTION_SPECS


def test_headings_become_sections_with_anchor_and_level():
    doc = parse_help("# Title {#top}\n\nIntro text.\n\n## Part {#part}\n\n- one\n- two\n")
    assert [(s.heading, s.anchor, s.level) for s in doc.sections] == [
        ("Title", "top", 1),
        ("Part", "part", 2),
    ]
    assert [b.kind for b in doc.sections[1].blocks] == [ITEM, ITEM]
    assert doc.index_of("part") == 1
    assert doc.section("top").blocks[0].text == "Intro text."


def test_paragraph_lines_join_and_list_items_continue_on_indented_lines():
    doc = parse_help(
        "# T {#t}\n\nA first\nline.\n\n- an item\n  that goes on\n1. first\n2. second\n"
    )
    blocks = doc.sections[0].blocks
    assert (blocks[0].kind, blocks[0].text) == (PARAGRAPH, "A first line.")
    assert (blocks[1].kind, blocks[1].text) == (ITEM, "an item that goes on")
    assert [(b.kind, b.number) for b in blocks[2:]] == [(NUMBERED, 1), (NUMBERED, 2)]


def test_inline_bold_and_code_spans():
    assert parse_inline("take **two** cards with `stock_draw`.") == (
        Span("take "),
        Span("two", BOLD),
        Span(" cards with "),
        Span("stock_draw", CODE),
        Span("."),
    )


def test_option_blocks_name_their_option_and_value():
    doc = parse_help("# T {#t}\n\n- `talons`: deal talons.\n- `stock_end=reuse_pile`: reuse.\n")
    first, second = doc.sections[0].blocks
    assert (first.option, first.option_value) == ("talons", None)
    assert (second.option, second.option_value) == ("stock_end", "reuse_pile")


@pytest.mark.parametrize(
    "text",
    [
        "# No anchor\n",
        "Text before a heading.\n",
        "# A {#a}\n\n# B {#a}\n",
        "# A {#a}\n\nan **unclosed bold\n",
        "# A {#a}\n\n   stray indented text\n",
    ],
)
def test_markup_outside_the_subset_is_an_error(text):
    with pytest.raises(HelpFormatError):
        parse_help(text)


def test_the_shipped_help_text_parses_and_starts_at_the_help_anchor():
    doc = load_help()
    assert doc.sections[0].anchor == "help"
    assert len(doc.sections) > 30


def test_every_rule_option_is_described_in_the_help_text():
    described = {block.option for _section, block in load_help().option_blocks()}
    assert described == set(OPTION_SPECS)


def test_both_values_of_the_choice_options_are_described():
    values = {
        (block.option, block.option_value)
        for _section, block in load_help().option_blocks()
        if block.option_value is not None
    }
    assert {("stock_end", "play_on"), ("stock_end", "reuse_pile")} <= values
    assert {("starter", "alternate"), ("starter", "loser")} <= values


def test_the_help_names_every_key_the_table_answers():
    text = " ".join(b.text for b in load_help().section("keys").blocks)
    for key in ("F1", "F2", "F6", "F7", "F10", "F11", "Del", "Ctrl+Del", "H", "Esc"):
        assert key in text
