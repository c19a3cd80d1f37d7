"""Searching the help text and highlighting the options in force."""

from game.help import (
    active_options,
    describe_option,
    load_help,
    option_in_force,
    parse_help,
    search,
)
from game.logic import Rules


def test_search_finds_sections_by_heading_first_then_by_text():
    hits = search(load_help(), "frozen pile")
    assert hits[0].anchor == "pile-frozen"
    assert hits[0].block == -1
    assert any(hit.block >= 0 for hit in hits)


def test_search_needs_every_word_and_ignores_case():
    doc = parse_help("# A {#a}\n\nRed Threes score.\n\n# B {#b}\n\nRed cards.\n")
    assert [h.anchor for h in search(doc, "red THREES")] == ["a"]
    assert [h.anchor for h in search(doc, "red")] == ["a", "b"]
    assert search(doc, "   ") == []


def test_search_excerpt_shows_the_match():
    hit = search(load_help(), "Garbage")[0]
    assert hit.anchor == "special-melds"
    assert "Garbage" in hit.excerpt


def test_classic_options_in_force_are_highlighted_and_modern_ones_are_not():
    doc = load_help()
    classic = active_options(doc, Rules.classic())
    modern = active_options(doc, Rules.modern_american())

    def option_of(anchor, index):
        return doc.section(anchor).blocks[index]

    classic_options = {option_of(*key).option for key in classic}
    modern_options = {option_of(*key).option for key in modern}
    assert "initial_upcard" in classic_options and "initial_upcard" not in modern_options
    assert "talons" in modern_options and "talons" not in classic_options
    assert "wild_canasta_bonus" not in classic_options
    assert "wild_canasta_bonus" in modern_options


def test_choice_and_number_options_are_in_force_by_value():
    doc = parse_help(
        "# A {#a}\n\n- `stock_end=reuse_pile`: x\n- `discard_return_penalty`: y\n- plain\n"
    )
    reuse, penalty, plain = doc.sections[0].blocks
    assert not option_in_force(reuse, Rules())
    assert option_in_force(reuse, Rules(stock_end="reuse_pile"))
    assert option_in_force(penalty, Rules())
    assert not option_in_force(penalty, Rules(discard_return_penalty=0))
    assert not option_in_force(plain, Rules())


def test_every_option_has_a_description_of_one_or_two_sentences():
    from game.logic.rules import OPTION_SPECS

    doc = load_help()
    for key in OPTION_SPECS:
        text = describe_option(doc, key)
        assert text[0].isupper() and text.endswith("."), key
        assert not text.startswith(key)
        assert text.count(". ") <= 1, key


def test_option_descriptions_by_value():
    doc = load_help()
    assert describe_option(doc, "stock_end", "reuse_pile").startswith("The pile below its top card")
    assert describe_option(doc, "stock_end", "play_on").startswith("When the stock is empty")
    assert describe_option(doc, "talons").startswith("After the hands, two face-down talons")
