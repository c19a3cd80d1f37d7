"""What the records say when something goes wrong, in the player's language: a damaged records
file set aside, a review that could not be kept with its game, a review stopped by an error in
the worker."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.app import App
from game.language import Catalog, install
from game.language.files import use_language
from game.logic.review import ReviewConfig
from game.records import open_records
from game.records.session import PlayerSession
from game.scenes.dialog import DialogScene
from game.scenes.records import review as review_screen
from game.scenes.records.players import show_records_message
from game.scenes.records.review import ReviewScene
from game.scenes.title import TitleScene
from tests.helpers.review import record_arena_hand
from tests.helpers.ui_events import press, step
from tests.scenes.records.test_review import open_game_page


@pytest.fixture
def app(user_dirs: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(review_screen, "REVIEW_CONFIG", ReviewConfig(samples=4, horizon=3))
    monkeypatch.setitem(os.environ, "CANASTA_AI_WORKER", "inline")  # answers within a frame
    application = App(size=(1024, 600))
    pygame.event.clear()
    yield application
    application.close()
    install(Catalog())


def _review(app: App, game_id: int, language: str) -> ReviewScene:
    """The review of recorded game `game_id`, asked for with R on its page in `language`."""
    use_language(language)
    open_game_page(app, game_id)
    press(app, pygame.K_r)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    step(app, 2)  # the inline worker answers within the frame it is asked in
    return scene


def test_a_damaged_records_file_is_told_in_spanish(user_dirs: tuple[Path, Path]) -> None:
    _config, data = user_dirs
    data.mkdir(parents=True)
    (data / "records.sqlite3").write_bytes(b"this is not a database" * 100)
    app = App(size=(1024, 600), players=PlayerSession(open_records()))
    try:
        use_language("es")
        app.stack.push(TitleScene(app))
        show_records_message(app)
        dialog = app.stack.top
        assert isinstance(dialog, DialogScene)
        assert dialog.message.startswith("No se pudo leer el archivo de récords (")
        assert "Se ha guardado como records.sqlite3.damaged-" in dialog.message
        assert dialog.message.endswith(" y se ha empezado uno nuevo, vacío.")
    finally:
        app.close()
        install(Catalog())


def test_a_review_that_could_not_be_kept_is_told_in_german(app: App) -> None:
    game_id = record_arena_hand(app.players.records)
    app.players.records.conn.execute("PRAGMA query_only = ON")  # as if the disk were full
    scene = _review(app, game_id, "de")
    assert scene.review is not None and scene.notice_error
    assert scene.notice == (
        "Die Analyse konnte nicht mit der Partie gespeichert werden (attempt to write a readonly database)."
    )


def test_a_review_stopped_by_an_error_is_told_in_spanish(app: App) -> None:
    # A seat the recorded game does not have: the worker's review fails on it.
    game_id = record_arena_hand(app.players.records)
    app.players.records.conn.execute("UPDATE games SET seat = 7")
    scene = _review(app, game_id, "es")
    assert scene.review is None and scene.notice_error
    assert scene.notice.startswith("El análisis se detuvo por un error: ")
