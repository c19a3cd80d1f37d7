"""The help in Spanish and German: each translation parses, keeps every anchor of the English
help (refusals, hints and the Options page find their rule by it) and describes the same rule
options; the help in a language shows its translation, and the English of any section it lacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.help import describe_option, help_file, load_help, parse_help
from game.help import source as help_source
from game.help.document import HelpDocument

TRANSLATED = ["es", "de"]
HELP_DIR = Path(help_source.__file__).parent


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_anchor_of_the_english_help_is_in_each_translation(language: str) -> None:
    english = load_help().anchors()
    translated = parse_help((HELP_DIR / help_file(language)).read_text(encoding="utf-8"))
    assert [a for a in english if a not in translated.anchors()] == []
    assert [a for a in translated.anchors() if a not in english] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_describes_the_same_rule_options(language: str) -> None:
    def described(document: HelpDocument) -> list[tuple[str, str | None, str | None]]:
        return [(s.anchor, b.option, b.option_value) for s, b in document.option_blocks()]

    translated = parse_help((HELP_DIR / help_file(language)).read_text(encoding="utf-8"))
    assert described(translated) == described(load_help())


def test_the_help_in_a_language_is_its_translation() -> None:
    assert load_help("es").section("pile-frozen").heading == "Pozo congelado"
    assert load_help("de").section("pile-frozen").heading == "Eingefrorener Stapel"
    assert describe_option(load_help("de"), "talons").startswith("Nach den Händen werden zwei")
    assert load_help("fr") == load_help()  # a language without a help file reads English


def test_a_section_a_translation_lacks_is_shown_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    english = (HELP_DIR / "help.md").read_text(encoding="utf-8")
    partial = "# Ayuda {#help}\n\nSolo esto.\n\n## Primeros pasos {#getting-started}\n\nDos.\n"
    (tmp_path / "help.md").write_text(english, encoding="utf-8")
    (tmp_path / "help.xx.md").write_text(partial, encoding="utf-8")
    monkeypatch.setattr(help_source.resources, "files", lambda package: tmp_path)
    load_help.cache_clear()
    try:
        mixed = load_help("xx")
        assert mixed.anchors() == load_help().anchors()
        assert mixed.section("help").heading == "Ayuda"
        assert mixed.section("getting-started").blocks[0].text == "Dos."
        assert mixed.section("pile-frozen").heading == "Frozen pile"
    finally:
        load_help.cache_clear()
