"""The records screens in Spanish and German: each laid out at 1024x600 with long names and
recorded games (the set-ups of tests/scenes/test_text_fits.py) fits, none of their texts
bypasses the translation layer (a pseudo-language that accents every letter leaves no plain
letter on them), a review's sentences are said in the language in use, and decimals are written
as each language writes them."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.audio import SoundManager
from game.language import Catalog, decimal, install
from game.language.files import use_language
from game.netplay.shell.wormhole import Rendezvous
from game.records import Ending, create_profile, current_profile, rename_profile, save_review
from game.scenes.records.review import ReviewScene
from game.scenes.title import TitleScene
from game.sprites.cards import CardImages
from tests.helpers.layout_check import misfits, start_recording
from tests.helpers.records_history import record_game
from tests.helpers.review import record_arena_hand, review_with_a_blunder
from tests.helpers.ui_events import DT, step
from tests.language.test_language_screens import _plain, _pseudo_catalog, _template
from tests.scenes.test_text_fits import NAMES, NETWORK_NAME
from tests.scenes.test_text_fits import SCREENS as FIT_SCREENS

RECORDS_SCREENS = [
    "players",
    "new player name",
    *(f"records {n}" for n in ("history", "stats", "charts", "fame", "league")),
    "records game hands",
    *(f"records {n} with games of three and four" for n in ("history", "stats", "league")),
    "records game of four",
    "records game of three",
    "review in progress",
    "review of a game",
]
# Shown as they are: a card's name in a review's sentence ("K♣").
AS_THEY_ARE = re.compile(r"^(10|[2-9JQKA])[\u2660\u2665\u2666\u2663]$")


@pytest.fixture
def screens_app(
    user_dirs: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[type[App]]:
    """The app of tests/scenes/test_text_fits.py at 1024x600 (long names, recorded games, no
    network for an invite), in a given language or in a catalog installed afterwards."""
    monkeypatch.setattr(Rendezvous, "start", lambda self: self)
    monkeypatch.setattr(Rendezvous, "poll_events", lambda self: [])
    apps: list[App] = []

    def opened(**kwargs: object) -> App:
        app = App(
            size=(1024, 600),
            sounds=SoundManager(tmp_path / "no_sounds"),
            cards=CardImages(tmp_path / "no_cards"),
            **kwargs,  # type: ignore[arg-type]
        )
        apps.append(app)
        records = app.players.records
        rename_profile(records, current_profile(records).id, NAMES[0])
        create_profile(records, NAMES[1])
        record_game(records, "advanced", 11, Ending.OVER)
        record_game(records, "@" + NETWORK_NAME, 12, Ending.OVER)
        app.prefs.player_name = NAMES[0]
        pygame.event.clear()
        return app

    yield opened  # type: ignore[misc]
    for app in apps:
        app.close()
    install(Catalog())


def _build(app: App, screen: str) -> list[object]:
    start_recording(app)
    extras = FIT_SCREENS[screen](app)
    step(app, 2)
    app.step(DT)
    assert app.last_crash is None, app.last_crash
    return extras if isinstance(extras, list) else []


def _pseudo_language() -> Catalog:
    """Every marked text accented, and dates in figures (English month names have letters)."""
    return dataclasses.replace(
        _pseudo_catalog(_template()), moment=lambda when: when.strftime("%d.%m.%Y %H:%M")
    )


def _plain_words(text: str) -> bool:
    """Whether `text` has an unaccented letter outside the players' names and what is shown
    as it is everywhere."""
    for name in (*NAMES, NETWORK_NAME):
        text = text.replace(name, "")
    named = {word for name in (*NAMES, NETWORK_NAME) for word in name.split()}  # wrapped
    words = [word for word in text.split() if word not in named and not AS_THEY_ARE.search(word)]
    return _plain(" ".join(words), set())


@pytest.mark.parametrize("screen", RECORDS_SCREENS)
@pytest.mark.parametrize("language", ["es", "de"])
def test_every_records_screen_fits_at_1024x600_translated(  # type: ignore[no-untyped-def]
    screens_app, language: str, screen: str
) -> None:
    app = screens_app(language=language)
    extras = _build(app, screen)
    assert misfits(app, extras) == []


@pytest.mark.parametrize("screen", RECORDS_SCREENS)
def test_no_text_of_a_records_screen_bypasses_the_layer(  # type: ignore[no-untyped-def]
    screens_app, screen: str
) -> None:
    app = screens_app()
    install(_pseudo_language())
    _build(app, screen)
    log = start_recording(app)
    misfits(app)
    assert [landed.text for landed in log.landed if _plain_words(landed.text)] == []


def test_a_review_s_moment_and_habits_are_said_in_the_language_in_use(  # type: ignore[no-untyped-def]
    screens_app,
) -> None:
    app = screens_app(language="de")
    _build(app, "review of a game")
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    sentence, played, better = scene.words_of(scene.moments[0])
    assert sentence == (
        "Hier den Stapel zu nehmen hätte etwa 200 Punkte mehr gebracht: du hattest zwei Neuner, "
        "und der Stapel hatte 12 Karten."
    )
    assert (played, better) == ("Vom Talon ziehen", "Den Stapel mit 9\u2665 9\u2663 nehmen")
    assert scene.notice.startswith("Genauigkeit 96,9 % bei 32 Entscheidungen, 1 teurer Moment")
    log = start_recording(app)
    misfits(app)
    shown = [landed.text for landed in log.landed]
    assert "Du hast den Stapel in 0 von 1 Zügen genommen, in denen es ging." in shown


def test_a_review_kept_before_its_habits_were_counted_is_worked_out_again(  # type: ignore[no-untyped-def]
    screens_app,
) -> None:
    app = screens_app()
    app.stack.push(TitleScene(app))
    game_id = record_arena_hand(app.players.records)
    old = review_with_a_blunder()
    del old["habit_counts"]
    save_review(app.players.records, game_id, old)
    scene = ReviewScene(app, game_id)
    app.stack.push(scene)
    # Worked out again: the review under way (not the one kept) says so.
    assert scene.job is not None and scene.review is None
    assert scene.notice.startswith("Every decision you made is being weighed again")
    scene.cancel()


def test_decimals_are_written_as_the_language_writes_them() -> None:
    assert decimal(1234.567, 2) == "1,234.57"
    use_language("de")
    assert decimal(1234.567, 2) == "1.234,57" and decimal(0.25, 1) == "0,2"
    use_language("es")
    assert decimal(96.94, 1) == "96,9"
    install(Catalog())
