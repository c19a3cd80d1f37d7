"""The translation layer: texts looked up in the language in use, counted texts, numbers, the
sentences the rules engine composes, the catalogs read from their `.po` files, the system's
language, and translations in step with the source (every marked text translated, every field
kept)."""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from game.language import Catalog, _, current, files, install, moment, n_, number
from game.language.files import languages, read_catalog, system_language, use_language
from game.logic.phrase import phrase, phrase_n
from tests.helpers.paths import ROOT

LOCALE = ROOT / "assets" / "locale"
FIELD = re.compile(r"\{[^{}]*\}")


def test_a_text_is_looked_up_in_the_language_in_use_and_english_fills_gaps() -> None:
    install(Catalog("xx", "Test", texts={"New game": "Nouvelle"}))
    assert _("New game") == "Nouvelle"
    assert _("Quit") == "Quit"


def test_a_counted_text_takes_its_language_s_form() -> None:
    install(
        Catalog(
            "xx",
            "Test",
            counted={("{n} card", "{n} cards"): ("one", "few", "many")},
            plural=lambda n: 0 if n == 1 else 1 if n < 5 else 2,
        )
    )
    assert [n_("{n} card", "{n} cards", n) for n in (1, 3, 7)] == ["one", "few", "many"]
    install(Catalog())
    assert [n_("{n} card", "{n} cards", n) for n in (1, 2)] == ["{n} card", "{n} cards"]


def test_spanish_and_german_are_read_from_their_files() -> None:
    assert {"en", "es", "de"} <= set(languages())
    assert languages()["es"] == "Español" and languages()["de"] == "Deutsch"
    assert use_language("es") == "es"
    assert _("New game") == "Nueva partida" and current().name == "Español"
    assert use_language("de") == "de"
    assert _("New game") == "Neues Spiel"
    assert number(1355) == "1.355" and number(-21355) == "-21.355"
    install(read_catalog("en"))
    assert number(1355) == "1,355"


def test_a_language_the_game_lacks_or_a_damaged_file_leaves_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert use_language("fr") == "en" and _("New game") == "New game"
    with pytest.raises(OSError):
        read_catalog("es", tmp_path / "es.po")
    damaged = tmp_path / "locale" / "es.po"
    damaged.parent.mkdir()
    damaged.write_bytes(b'msgid "New game"\nmsgstr "Nueva"\nmsgid "x\n\xff\xfe broken')
    with pytest.raises(ValueError, match=r"es\.po"):
        read_catalog("es", damaged)
    monkeypatch.setattr(files, "asset_path", lambda *parts: tmp_path.joinpath(*parts))
    use_language("de")
    assert use_language("es") == "en" and _("New game") == "New game"


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"LANGUAGE": "de_DE:en", "LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "es_MX"}, "es"),
        ({"LANGUAGE": "fr_FR", "LANG": "fr_FR.UTF-8"}, "en"),
    ],
)
def test_the_system_s_language_is_used_when_the_game_has_it(
    monkeypatch: pytest.MonkeyPatch, variables: dict[str, str], expected: str
) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    assert system_language() == expected


def test_every_marked_text_is_translated_in_every_language() -> None:
    check = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "translations.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0, check.stdout + check.stderr


@pytest.mark.parametrize("code", ["es", "de"])
def test_a_translation_keeps_every_field_of_its_text(code: str) -> None:
    with (LOCALE / f"{code}.po").open("rb") as file:
        catalog = read_po(file, locale=code)
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = sorted(FIELD.findall(ids[-1]))
        for string in strings:
            assert sorted(FIELD.findall(string)) == wanted, (message.id, string)


def test_dates_are_written_as_the_language_writes_them() -> None:
    when = datetime(2026, 3, 12, 19, 4)
    assert moment(when) == "12 Mar 2026 19:04"
    use_language("de")
    assert moment(when) == "12. März 2026 19:04"
    use_language("es")
    assert moment(when) == "12 mar 2026 19:04"


def test_a_sentence_of_the_rules_engine_is_said_in_the_language_in_use() -> None:
    sevens = phrase("Sevens")
    frozen = phrase("The pile is frozen: you need two natural {rank} in your hand.", rank=sevens)
    short = phrase_n(
        "You need {count} canasta to go out.", "You need {count} canastas.", 2, count=2
    )
    score = phrase(
        "{name} scored {points:+}, {total} in all.", name="Ana", points=1355, total=-21355
    )
    # The English is the sentence itself, as logs, tests and the wire read it.
    assert frozen == "The pile is frozen: you need two natural Sevens in your hand."
    assert short == "You need 2 canastas." and score == "Ana scored +1355, -21355 in all."
    install(
        Catalog(
            "xx",
            "Test",
            texts={
                "Sevens": "Siebener",
                "The pile is frozen: you need two natural {rank} in your hand.": "Eingefroren: "
                "zwei natürliche {rank} nötig.",
                "{name} scored {points:+}, {total} in all.": "{name}: {points:+}, gesamt {total}.",
            },
            counted={
                ("You need {count} canasta to go out.", "You need {count} canastas."): (
                    "{count} Canasta nötig.",
                    "{count} Canastas nötig.",
                )
            },
            number=lambda value: f"{value:,}".replace(",", "."),
        )
    )
    assert _(frozen) == "Eingefroren: zwei natürliche Siebener nötig."
    assert _(short) == "2 Canastas nötig."
    # A player's name stays theirs; figures are grouped as the language groups them.
    assert _(score) == "Ana: +1.355, gesamt -21.355."
    # Sent to the worker process and back whole.
    assert _(pickle.loads(pickle.dumps(frozen))) == _(frozen)
